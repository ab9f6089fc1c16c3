"""What the server knows about each pair: the latest tier-0 result, the latest model-tier result, and what was
last published per document.

Handlers (hover, code actions, code lens, pull diagnostics) read from here; they never compute. The view of a
pair merges the tier-0 findings of the current text with the model-tier findings of the last model pass, moved to
where their sentence now is when only the output changed (and dropped when the sentence is gone or the prompt
changed), so model diagnostics do not flicker away on every keystroke.
"""

from __future__ import annotations

import bisect
import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from lsprotocol import types

from rubriq.core.config import Config
from rubriq.core.engine import CheckResult
from rubriq.core.findings import Finding
from rubriq.core.report import Profile, weighted_view
from rubriq.core.text import TextModel
from rubriq.lsp.documents import Side

NOT_RUN = "model tier not run in this pass"


@dataclass(frozen=True)
class Snapshot:
    """The exact inputs of one check: both texts with their versions and the effective config."""

    key: str
    prompt: Side
    output: Side
    config: Config
    config_problems: tuple[str, ...] = ()

    @property
    def versions(self) -> tuple[Any, Any, str, str]:
        return (self.prompt.version, self.output.version, self.prompt.text or "", self.output.text or "")


def finding_key(finding: Finding) -> tuple[str, str, int, int, str]:
    return (finding.code, finding.where, finding.start, finding.end, finding.message)


@dataclass
class ModelPass:
    """A check with every tier, and the keys of the tier-0 findings of the same texts (to tell its own apart)."""

    result: CheckResult
    prompt_text: str
    output_text: str
    tier0_keys: frozenset[tuple[str, str, int, int, str]] = frozenset()


def _relocate(finding: Finding, old_text: str, new_text: str) -> Finding | None:
    """The same finding in the edited text: same quoted span, nearest occurrence; None when it is gone."""
    quoted = old_text[finding.start : finding.end]
    if new_text[finding.start : finding.end] == quoted:
        return finding
    if not quoted:
        return None
    delta = len(new_text) - len(old_text)
    guess = max(0, finding.start + min(delta, 0))
    at = new_text.find(quoted, guess)
    if at < 0:
        at = new_text.rfind(quoted, 0, finding.end + max(delta, 0))
    if at < 0:
        return None
    return finding.model_copy(update={"start": at, "end": at + len(quoted)})


@dataclass
class PairView:
    """The merged, current view of a pair."""

    snapshot: Snapshot
    result: CheckResult  # tier 0 on the current texts
    findings: list[Finding]
    profile: Profile
    model_findings: int  # how many findings come from the model tiers
    models_current: bool  # the model pass ran on exactly these texts

    def sentence_of(self, finding: Finding) -> str:
        """The sentence (output) or line (prompt) a finding sits in: what an ignore entry is keyed on."""
        if finding.where == "prompt":
            text = self.result.prompt.text
            start = text.rfind("\n", 0, finding.start) + 1
            end = text.find("\n", finding.start)
            return text[start : end if end >= 0 else len(text)]
        return sentence_at(self.result.output, finding.start) or finding.evidence


def sentence_at(model: TextModel, offset: int) -> str:
    sentences = model.sentences
    starts = [s.span.start for s in sentences]
    index = bisect.bisect_right(starts, offset) - 1
    if 0 <= index < len(sentences) and sentences[index].span.start <= offset <= sentences[index].span.end:
        return sentences[index].text
    return ""


def merge(snapshot: Snapshot, tier0: CheckResult, model_pass: ModelPass | None) -> PairView:
    """The current view: the model pass as is when it ran on these texts; otherwise tier 0 of the current
    texts plus the model-tier findings and scores of the last pass, moved to where their sentences now are."""
    if model_pass is None or model_pass.prompt_text != (snapshot.prompt.text or ""):
        return PairView(snapshot, tier0, list(tier0.findings), tier0.profile, 0, False)
    output_text = snapshot.output.text or ""
    own = [f for f in model_pass.result.findings if finding_key(f) not in model_pass.tier0_keys]
    if model_pass.output_text == output_text:
        return PairView(snapshot, tier0, list(model_pass.result.findings), model_pass.result.profile, len(own), True)
    findings = list(tier0.findings)
    # Tier 0 reports some codes too (FA002 from the value checks): on the same span its finding is the current one.
    current = {(f.code, f.where, f.start, f.end) for f in findings}
    carried = 0
    for finding in own:
        moved = finding if finding.where == "prompt" else _relocate(finding, model_pass.output_text, output_text)
        if moved is not None and (moved.code, moved.where, moved.start, moved.end) not in current:
            findings.append(moved)
            carried += 1
    findings.sort(key=lambda f: (f.where, f.start, f.end, f.code))
    model_params = {p.name: p for p in model_pass.result.profile.parameters}
    parameters = []
    for param in tier0.profile.parameters:
        other = model_params.get(param.name)
        if param.status == "unavailable" and param.reason == NOT_RUN and other is not None and other.reason != NOT_RUN:
            if other.status == "ok":
                other = other.model_copy(update={"detail": (other.detail + " (before the last edit)").strip()})
            param = other
        parameters.append(param)
    profile = tier0.profile.model_copy(update={
        "parameters": parameters,
        "weighted_view": weighted_view(parameters),
        "scored_parameters": sum(p.status == "ok" for p in parameters),
    })
    return PairView(snapshot, tier0, findings, profile, carried, False)


@dataclass
class PairState:
    key: str
    snapshot: Snapshot | None = None
    tier0: CheckResult | None = None
    model_pass: ModelPass | None = None
    view: PairView | None = None
    note: str = ""  # why there is no result (no prompt beside the output, unreadable file)


@dataclass
class DiagnosticStore:
    """Diagnostics per URI as last computed, and what was last pushed; a push happens only when the set changed."""

    current: dict[str, list[types.Diagnostic]] = field(default_factory=dict)
    digests: dict[str, str] = field(default_factory=dict)
    result_ids: dict[str, str] = field(default_factory=dict)
    pushed: dict[str, str] = field(default_factory=dict)
    _counter: int = 0

    @staticmethod
    def digest(diagnostics: list[types.Diagnostic], converter: Any) -> str:
        payload = json.dumps(converter.unstructure(diagnostics), sort_keys=True)
        return hashlib.sha256(payload.encode("utf-8")).hexdigest()

    def update(self, uri: str, diagnostics: list[types.Diagnostic], converter: Any) -> bool:
        """Store the new set; True when it differs from the previous one (a new result id is issued then)."""
        digest = self.digest(diagnostics, converter)
        self.current[uri] = diagnostics
        if self.digests.get(uri) == digest:
            return False
        self.digests[uri] = digest
        self._counter += 1
        self.result_ids[uri] = str(self._counter)
        return True

    def take_push(self, uri: str) -> bool:
        """True once per distinct set: the caller pushes it then."""
        digest = self.digests.get(uri)
        if digest is None or self.pushed.get(uri) == digest:
            return False
        self.pushed[uri] = digest
        return True

    def forget(self, uri: str) -> None:
        for table in (self.current, self.digests, self.result_ids, self.pushed):
            table.pop(uri, None)
