"""Code lens at the top of the `.out`: the profile in one line, and "Rescore with models" when model tiers are
manual. The weighted view is labelled as such: it is a view of the profile, never a standalone score."""

from __future__ import annotations

from lsprotocol import types

from rubriq.core.report import Profile
from rubriq.lsp.documents import OUTPUT_SUFFIX, pair_key
from rubriq.lsp.server import RubriqServer

TOP = types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=0))


def profile_line(profile: Profile) -> str:
    """`summarization · Faithfulness 0.82 · Coverage n/a · ... · weighted view 0.74 (4 of 6 scored)`."""
    parts = [profile.task]
    for param in profile.parameters:
        value = f"{param.score:.2f}" if param.score is not None else "n/a"
        parts.append(f"{param.title} {value}")
    weighted = f"{profile.weighted_view:.2f}" if profile.weighted_view is not None else "n/a"
    parts.append(f"weighted view {weighted} ({profile.scored_parameters} of {profile.total_parameters} scored)")
    return " · ".join(parts)


def lenses_for(server: RubriqServer, uri: str) -> list[types.CodeLens]:
    if not uri.endswith(OUTPUT_SUFFIX):
        return []
    view = server.view(pair_key(uri))
    if view is None:
        return []
    lenses = [types.CodeLens(range=TOP, command=types.Command(
        title=profile_line(view.profile), command="rubriq.status", arguments=[uri]))]
    if view.snapshot.config.model_tiers == "manual":
        lenses.append(types.CodeLens(range=TOP, command=types.Command(
            title="Rescore with models", command="rubriq.rescore", arguments=[uri])))
    return lenses


def register(server: RubriqServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_CODE_LENS)
    def code_lens(ls: RubriqServer, params: types.CodeLensParams) -> list[types.CodeLens]:
        return lenses_for(ls, params.text_document.uri)
