"""Code lens at the top of the `.out`: the profile in at most 80 columns, and "Rescore with models" when the model
tiers are manual. Clicking the profile runs `rubriq.showProfile`, which answers the whole profile (clients show it
in a webview or a float). The weighted view is labelled as such: a view of the profile, never a standalone score.

The server asks the client to request lenses again after every pass (`workspace/codeLens/refresh`), so the lens
follows the diagnostics: a parameter whose model pass is still to come shows "…", not a stale "n/a".
"""

from __future__ import annotations

from lsprotocol import types

from rubriq.core.report import ParameterResult, Profile
from rubriq.lsp.documents import OUTPUT_SUFFIX, pair_key
from rubriq.lsp.server import RubriqServer
from rubriq.lsp.store import NOT_RUN, PairView

TOP = types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=0))
LENS_WIDTH = 80  # columns: an 80-column editor shows the whole lens
SHOW_PROFILE = "rubriq.showProfile"
PENDING = "…"


def _value(param: ParameterResult, pending: bool) -> str:
    if param.score is not None:
        return f"{param.score:.2f}"
    return PENDING if pending and param.reason == NOT_RUN else "n/a"


def profile_line(profile: Profile, pending: bool = False, width: int = LENS_WIDTH) -> str:
    """`summarization · Faithfulness 0.82 · Readability 0.64 · +3 · weighted view 0.74`, at most `width` long.

    The task's first parameter (its headline: faithfulness for a summary) always shows; then the lowest scores
    first, as many as fit; `+N` counts the rest."""
    params = list(profile.parameters)
    if not params:
        return profile.task
    headline, others = params[0], params[1:]
    others = sorted((p for p in others if p.score is not None), key=lambda p: (p.score, p.name)) + \
        [p for p in others if p.score is None]
    weighted = f"weighted view {profile.weighted_view:.2f}" if profile.weighted_view is not None else \
        "weighted view n/a"
    parts = [profile.task, f"{headline.title} {_value(headline, pending)}"]
    shown = 0
    for param in others:
        candidate = f"{param.title} {_value(param, pending)}"
        rest = len(others) - shown - 1
        tail = ([f"+{rest}"] if rest else []) + [weighted]
        if len(" · ".join([*parts, candidate, *tail])) > width:
            break
        parts.append(candidate)
        shown += 1
    rest = len(others) - shown
    line = " · ".join([*parts, *([f"+{rest}"] if rest else []), weighted])
    return line if len(line) <= width else line[: width - 1] + "…"


def task_tooltip(profile: Profile) -> str:
    """How the task was decided, for the lens's tooltip: the type, its confidence, its cue and what else it read."""
    evidence = "; ".join(profile.task_evidence)
    return (f"Task {profile.task} (confidence {profile.task_confidence:.2f}, cue: {profile.task_cue})"
            + (f"; evidence: {evidence}" if evidence else "") + ". Click for the whole profile.")


def models_pending(server: RubriqServer, view: PairView) -> bool:
    """A model pass for these texts is still to come (queued, running, or waiting for the models to load)."""
    return (not view.models_current and view.snapshot.config.model_tiers != "manual"
            and server.models.state != "unavailable" and bool(view.snapshot.output.text))


def lenses_for(server: RubriqServer, uri: str) -> list[types.CodeLens]:
    if not uri.endswith(OUTPUT_SUFFIX) or not server.settings.enabled:
        return []
    view = server.view(pair_key(uri))
    if view is None:
        return []
    lenses = [types.CodeLens(range=TOP, command=types.Command(
        title=profile_line(view.profile, models_pending(server, view)), command=SHOW_PROFILE, arguments=[uri],
        tooltip=task_tooltip(view.profile)))]
    if view.snapshot.config.model_tiers == "manual":
        lenses.append(types.CodeLens(range=TOP, command=types.Command(
            title="Rescore with models", command="rubriq.rescore", arguments=[uri])))
    return lenses


def register(server: RubriqServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_CODE_LENS)
    def code_lens(ls: RubriqServer, params: types.CodeLensParams) -> list[types.CodeLens]:
        return lenses_for(ls, params.text_document.uri)
