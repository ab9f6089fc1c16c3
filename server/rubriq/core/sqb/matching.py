"""The one place the SQB asks whether one text conveys another; every other SQB module goes through `Matcher`.

Four questions, each answered with a `Verdict` (the decision, a score on [0, 1], a reason a person can check, and
the evidence: the sentences, with their spans, the decision rests on):

- `conveyed(facts, document)`: is each reference fact conveyed by the document? Factual recall and multi-hop recall
  ask it of the output; missed-fact attribution asks it of the envelope (what the model was given).
- `claims(document)`: the output's claims, each with its span, for precision.
- `supported(claims, sources)`: is each claim supported by some source document (reference facts count as sources)?
- `asserted(forbidden, document)`: does the output assert each forbidden claim?

`NLIWindowMatcher` answers them with the NLI cross-encoder over sentence windows, retrieve-then-verify:

- a document's units are its non-empty lines (list items, headings) split into Punkt sentences, each of at least
  three words (`claim_units`);
- a fact (or forbidden claim) holds when max over output windows of `window_sentences` consecutive units of
  P(entailment) ≥ `fact_entailment` (`forbidden_entailment`);
- a claim is supported when max over windows of two consecutive units of one source document, and over the
  reference facts, of P(entailment) ≥ `claim_support`;
- premises are ranked by embedding cosine with each hypothesis and only the top `top_k` are verified (all of them
  when there is no embedding model).

Another engine replaces it by implementing `Matcher` and returning it from `make_matcher`: the reports, the cache
and the runner read only verdicts.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

import numpy as np

from rubriq.core.models import Embedder, NLIScorer
from rubriq.core.text import WORD_RE, split_sentences

ENTAIL = 0
OUTPUT = "output"
ENVELOPE = "envelope"
REFERENCE_PREFIX = "reference:"


@dataclass(frozen=True)
class Document:
    """A text the matcher reads: `id` is "output", "envelope", a source id, or "reference:<fact id>"."""

    id: str
    text: str


@dataclass(frozen=True)
class Evidence:
    """One sentence a verdict rests on: its text and its half-open character span in document `document`."""

    document: str
    start: int
    end: int
    text: str


@dataclass(frozen=True)
class Verdict:
    holds: bool
    score: float  # the matcher's confidence that it holds, on [0, 1]
    reason: str  # why, in words a person can check against the evidence
    evidence: tuple[Evidence, ...] = ()  # in document order; empty when there was nothing to compare with

    @property
    def evidence_text(self) -> str:
        return " ".join(e.text for e in self.evidence)

    def to_json(self) -> dict[str, Any]:
        return {"holds": self.holds, "score": self.score, "reason": self.reason,
                "evidence": [asdict(e) for e in self.evidence]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Verdict:
        return cls(data["holds"], data["score"], data["reason"], tuple(Evidence(**e) for e in data["evidence"]))


@dataclass(frozen=True)
class FactQuery:
    id: str
    text: str
    multi_hop: bool = False  # needs two or more source facts connected (CRP-SPEC-026 §4.2)
    supports: tuple[str, ...] = field(default=())  # ids of the source documents it draws on


class Matcher(Protocol):
    """What fact recall, claim precision, forbidden claims and multi-hop recall ask; see the module docstring."""

    @property
    def id(self) -> str: ...  # names the method, its models and thresholds: reports and the result cache key

    def conveyed(self, facts: Sequence[FactQuery], document: Document) -> list[Verdict]: ...

    def claims(self, document: Document) -> list[Evidence]: ...

    def supported(self, claims: Sequence[Evidence], sources: Sequence[Document]) -> list[Verdict]: ...

    def asserted(self, forbidden: Sequence[str], document: Document) -> list[Verdict]: ...

    def work(self) -> dict[str, int]: ...  # work done so far, counted (e.g. NLI pairs)


_MARKERS = "-*•#>0123456789.) \t"


def unit_evidence(document: Document, min_words: int = 3) -> list[Evidence]:
    """Units with spans: each non-empty line (list items, headings) with its marker stripped, split into Punkt
    sentences of at least `min_words` words; fenced-code fence lines are skipped."""
    units: list[Evidence] = []
    offset = 0
    for line in document.text.split("\n"):
        line_start, offset = offset, offset + len(line) + 1
        body = line.lstrip(_MARKERS)
        body_start = line_start + len(line) - len(body)
        body = body.rstrip()
        if not body.strip() or body.strip().startswith("```"):
            continue
        for sentence in split_sentences(body):
            if len(WORD_RE.findall(sentence.text)) >= min_words:
                start = body_start + sentence.span.start
                units.append(Evidence(document.id, start, start + len(sentence.text), sentence.text))
    return units


def claim_units(text: str, min_words: int = 3) -> list[str]:
    """The unit texts of `unit_evidence` (what the benchmark scripts verify)."""
    return [u.text for u in unit_evidence(Document(OUTPUT, text), min_words)]


def windows(units: list[str], size: int) -> list[str]:
    """Consecutive runs of `size` units (stride 1); the whole text when shorter."""
    return [" ".join(u) for u in _window_groups(units, size)]


def _window_groups(units: list[Any], size: int) -> list[list[Any]]:
    if not units:
        return []
    if len(units) <= size:
        return [list(units)]
    return [list(units[i : i + size]) for i in range(len(units) - size + 1)]


@dataclass
class Support:
    score: float  # max P(entailment) over the premises verified
    premise: str  # the best premise (evidence)
    index: int = -1  # its index among the premises; -1 when there were none


class Verifier:
    """Max-entailment of hypotheses against premises, retrieve-then-verify, counting NLI pairs."""

    def __init__(self, nli: NLIScorer, embedder: Embedder | None, top_k: int) -> None:
        self.nli, self.embedder, self.top_k = nli, embedder, top_k
        self.nli_pairs = 0

    def _candidates(self, hypotheses: list[str], premises: list[str]) -> list[list[int]]:
        if self.embedder is None or len(premises) <= self.top_k:
            return [list(range(len(premises)))] * len(hypotheses)
        similarity = self.embedder.encode(hypotheses) @ self.embedder.encode(premises).T
        # stable sort: ties broken by premise order, so results are deterministic
        return [list(np.argsort(-row, kind="stable")[: self.top_k]) for row in similarity]

    def support(self, hypotheses: list[str], premises: list[str]) -> list[Support]:
        if not hypotheses:
            return []
        if not premises:
            return [Support(0.0, "") for _ in hypotheses]
        candidates = self._candidates(hypotheses, premises)
        pairs = [(premises[j], h) for h, idx in zip(hypotheses, candidates, strict=True) for j in idx]
        probs = self.nli.predict(pairs) if pairs else np.zeros((0, 3))
        self.nli_pairs += len(pairs)
        results, row = [], 0
        for idx in candidates:
            block = probs[row : row + len(idx), ENTAIL]
            best = int(np.argmax(block))
            results.append(Support(round(float(block[best]), 6), premises[idx[best]], int(idx[best])))
            row += len(idx)
        return results


class NLIWindowMatcher:
    """`Matcher` over the NLI cross-encoder and sentence windows (see the module docstring for the rule)."""

    def __init__(self, nli: NLIScorer, embedder: Embedder | None, thresholds: Any, model_ids: dict[str, str]) -> None:
        self.thresholds = thresholds
        self.verifier = Verifier(nli, embedder, thresholds.top_k)
        settings = {"method": "nli-windows", "models": dict(sorted(model_ids.items())),
                    "fact_entailment": thresholds.fact_entailment, "claim_support": thresholds.claim_support,
                    "forbidden_entailment": thresholds.forbidden_entailment,
                    "window_sentences": thresholds.window_sentences, "top_k": thresholds.top_k}
        digest = hashlib.sha256(json.dumps(settings, sort_keys=True).encode()).hexdigest()[:16]
        self._id = f"nli-windows@{digest}"

    @property
    def id(self) -> str:
        return self._id

    def work(self) -> dict[str, int]:
        return {"nli_pairs": self.verifier.nli_pairs}

    def _entailed(self, hypotheses: list[str], document: Document, threshold: float, size: int,
                  what: str) -> list[Verdict]:
        groups = _window_groups(unit_evidence(document), size)
        supports = self.verifier.support(hypotheses, [" ".join(u.text for u in g) for g in groups])
        verdicts = []
        for s in supports:
            if s.index < 0:
                verdicts.append(Verdict(False, 0.0, f"the {document.id} has no sentence to compare with"))
                continue
            holds = s.score >= threshold
            label = "sentence" if size == 1 else f"window of {size} sentences"
            reason = (f"{what} by an {document.id} {label}: P(entailment) {s.score:.2f} ≥ {threshold:g}" if holds
                      else f"no {document.id} {label} entails it: best P(entailment) {s.score:.2f} < {threshold:g}")
            verdicts.append(Verdict(holds, s.score, reason, tuple(groups[s.index])))
        return verdicts

    def conveyed(self, facts: Sequence[FactQuery], document: Document) -> list[Verdict]:
        return self._entailed([f.text for f in facts], document, self.thresholds.fact_entailment,
                              self.thresholds.window_sentences, "entailed")

    def claims(self, document: Document) -> list[Evidence]:
        return unit_evidence(document)

    def supported(self, claims: Sequence[Evidence], sources: Sequence[Document]) -> list[Verdict]:
        groups: list[list[Evidence]] = []
        for source in sources:
            if source.id.startswith(REFERENCE_PREFIX):
                groups.append([Evidence(source.id, 0, len(source.text), source.text)])
            else:
                groups.extend(_window_groups(unit_evidence(source), 2))
        supports = self.verifier.support([c.text for c in claims], [" ".join(u.text for u in g) for g in groups])
        threshold = self.thresholds.claim_support
        verdicts = []
        for s in supports:
            if s.index < 0:
                verdicts.append(Verdict(False, 0.0, "there is no source to support it"))
                continue
            group = tuple(groups[s.index])
            origin = _origin(group[0].document)
            reason = (f"supported by {origin}: P(entailment) {s.score:.2f} ≥ {threshold:g}" if s.score >= threshold
                      else f"no source entails it; closest is {origin}: P(entailment) {s.score:.2f} < {threshold:g}")
            verdicts.append(Verdict(s.score >= threshold, s.score, reason, group))
        return verdicts

    def asserted(self, forbidden: Sequence[str], document: Document) -> list[Verdict]:
        return self._entailed(list(forbidden), document, self.thresholds.forbidden_entailment,
                              self.thresholds.window_sentences, "asserted: entailed")


MATCHERS = ("verifier", "nli-windows")  # the first is the default: `verifier_matching.VerifierMatcher`


def make_matcher(nli: NLIScorer, embedder: Embedder | None, thresholds: Any, model_ids: dict[str, str],
                 method: str = MATCHERS[0]) -> Matcher:
    """The matcher the SQB uses (the runner's workers and the benchmark scripts all build it here): the claim
    verifier's (`verifier_matching.py`), or `method="nli-windows"` for the NLI-window matcher above, to compare."""
    if method == "nli-windows":
        return NLIWindowMatcher(nli, embedder, thresholds, model_ids)
    if method != "verifier":
        raise ValueError(f"unknown matcher {method!r}: one of {', '.join(MATCHERS)}")
    from rubriq.core.sqb.verifier_matching import VerifierMatcher  # it builds on this module's types

    return VerifierMatcher(nli, embedder, model_ids)


def _origin(document_id: str) -> str:
    if document_id.startswith(REFERENCE_PREFIX):
        return f"reference fact {document_id.removeprefix(REFERENCE_PREFIX)}"
    return f"source {document_id!r}"


_SPACE_RE = re.compile(r"\s+")


def quote(text: str, limit: int = 240) -> str:
    """Evidence text for a one-line report: whitespace collapsed, cut at `limit` characters with an ellipsis."""
    text = _SPACE_RE.sub(" ", text).strip()
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"
