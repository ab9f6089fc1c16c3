"""SQB metrics, each defined as in CRP-SPEC-026 (section numbers in brackets). Every formula lives here; whether a
text conveys another is the `Matcher`'s question (`matching.py`), whether a topic is addressed `topics.py`'s.

- factual_recall      [2.2] |reference facts conveyed by the output| / |reference facts|  (`Matcher.conveyed`)
- factual_precision   [2.3] |output claims supported| / |output claims|; claims are `Matcher.claims(output)`,
                            supported by the source documents or a reference fact (`Matcher.supported`).
- factual_f1          [2.4] 2·R·P / (R + P), 0 when both are 0.
- coverage_completeness [2.5] |required topics addressed| / |required topics|  (`topics.score_topics`)
- forbidden_violations [2.6] forbidden claims the output asserts (`Matcher.asserted`); any is a hard failure.
- multi_hop_recall    [4.2] factual_recall over the multi-hop reference facts only.
- missed-fact attribution [2.2] a missed fact the envelope (what the model was given) conveys is a *generation*
                            failure; one it does not is a *retrieval* failure; without an envelope, unattributed.
- mechanical, shown beside them [1.1]: word_count (\\w+ tokens) and repetition_6gram = 1 − distinct 6-grams /
  all 6-grams (0 when there are fewer than six words).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from rubriq.core.models import Embedder
from rubriq.core.sqb.matching import (
    ENVELOPE,
    OUTPUT,
    REFERENCE_PREFIX,
    Document,
    Evidence,
    FactQuery,
    Matcher,
    Support,
    Verdict,
    Verifier,
    claim_units,
    windows,
)
from rubriq.core.sqb.topics import TopicResult, score_topics
from rubriq.core.text import WORD_RE

__all__ = ["ContenderScores", "FactResult", "Support", "Thresholds", "Verifier", "claim_units", "f1",
           "repetition_6gram", "score_contender", "windows"]


@dataclass(frozen=True)
class Thresholds:
    """Decision thresholds; where each came from is said beside it (and in docs/benchmarks.md, "SQB validity")."""

    # Calibrated for rubriq/nli-minilm-l6-v1 on development halves (docs/benchmarks.md, "SQB validity"):
    # REALSumm SCU presence, best balanced accuracy on the calibration half (bench/sqb_realsumm.py).
    fact_entailment: float = 0.178
    # A claim supported by source windows is the same question (a short statement entailed by a window).
    claim_support: float = 0.178
    # TruthfulQA incorrect answers vs best answers, best balanced accuracy on the calibration half
    # (bench/sqb_truthfulqa.py).
    forbidden_entailment: float = 0.344
    # Topics: all-MiniLM-L6-v2 cosine mixed with the share of content words; w and T chosen together for the best
    # balanced accuracy on the development half of tests/corpus/sqb-topics (`python bench/sqb_topics.py`;
    # figures in docs/benchmarks.md, "SQB validity").
    topic_threshold: float = 0.382775
    topic_lexical_weight: float = 0.6
    # Single sentences as premises: with Rubriq's NLI model, 3-sentence windows lowered REALSumm fact-level balanced
    # accuracy from 0.679 to 0.641 and the per-summary Kendall correlation from 0.263 to 0.176.
    window_sentences: int = 1
    top_k: int = 4


def repetition_6gram(text: str) -> float:
    words = [w.lower() for w in WORD_RE.findall(text)]
    grams = [tuple(words[i : i + 6]) for i in range(len(words) - 5)]
    return 0.0 if not grams else round(1.0 - len(set(grams)) / len(grams), 4)


def f1(recall: float, precision: float) -> float:
    return 0.0 if recall + precision == 0 else 2 * recall * precision / (recall + precision)


@dataclass
class FactResult:
    id: str
    text: str
    multi_hop: bool
    present: bool
    score: float
    reason: str
    evidence: list[Evidence]  # the output sentence(s) that convey it, or come closest
    missed_because: str | None = None  # "generation" (the envelope conveys it) | "retrieval" | None
    envelope: Verdict | None = None  # for a missed fact: what the envelope check found

    @property
    def evidence_text(self) -> str:
        return " ".join(e.text for e in self.evidence)


@dataclass
class ClaimResult:
    claim: Evidence  # the output claim, with its span
    supported: bool
    score: float
    reason: str
    best_source: list[Evidence]  # the source sentence(s) closest to supporting it


@dataclass
class ForbiddenResult:
    claim: str
    violated: bool
    score: float
    reason: str
    evidence: list[Evidence]  # the output sentence(s) that assert it, or come closest

    @property
    def evidence_text(self) -> str:
        return " ".join(e.text for e in self.evidence)


@dataclass
class ContenderScores:
    name: str
    baseline: bool
    factual_recall: float
    factual_precision: float
    factual_f1: float
    coverage_completeness: float | None
    multi_hop_recall: float | None
    facts: list[FactResult]
    topics: list[TopicResult]
    claims: list[ClaimResult]
    forbidden: list[ForbiddenResult]
    word_count: int
    repetition_6gram: float
    work: dict[str, int]
    matcher: str
    judge: dict[str, Any] | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def forbidden_violations(self) -> list[ForbiddenResult]:
        return [f for f in self.forbidden if f.violated]

    @property
    def unsupported_claims(self) -> list[ClaimResult]:
        return [c for c in self.claims if not c.supported]

    @property
    def hard_failure(self) -> bool:
        return bool(self.forbidden_violations)

    def missed(self, because: str | None) -> list[FactResult]:
        return [f for f in self.facts if not f.present and f.missed_because == because]

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["topics"] = [t.to_json() for t in self.topics]
        for fact, result in zip(data["facts"], self.facts, strict=True):
            fact["envelope"] = None if result.envelope is None else result.envelope.to_json()
        data["hard_failure"] = self.hard_failure
        data["forbidden_violations"] = sum(f.violated for f in self.forbidden)
        data["unsupported_claims"] = sum(not c.supported for c in self.claims)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ContenderScores:
        def evidence(rows: list[dict[str, Any]]) -> list[Evidence]:
            return [Evidence(**row) for row in rows]

        facts = [FactResult(**{**f, "evidence": evidence(f["evidence"]),
                               "envelope": None if f["envelope"] is None else Verdict.from_json(f["envelope"])})
                 for f in data["facts"]]
        claims = [ClaimResult(Evidence(**c["claim"]), c["supported"], c["score"], c["reason"],
                              evidence(c["best_source"])) for c in data["claims"]]
        forbidden = [ForbiddenResult(**{**f, "evidence": evidence(f["evidence"])}) for f in data["forbidden"]]
        skip = {"facts", "claims", "forbidden", "topics", "hard_failure", "forbidden_violations", "unsupported_claims"}
        rest = {k: v for k, v in data.items() if k not in skip}
        return cls(**rest, facts=facts, claims=claims, forbidden=forbidden,
                   topics=[TopicResult.from_json(t) for t in data["topics"]])


@dataclass(frozen=True)
class ContenderInput:
    """What one contender is scored on: everything a worker needs, nothing it has to read from disk."""

    name: str
    baseline: bool
    output: str
    facts: tuple[FactQuery, ...]
    sources: tuple[Document, ...]
    topics: tuple[str, ...]
    forbidden: tuple[str, ...]
    envelope: str | None


def score_contender(item: ContenderInput, matcher: Matcher, embedder: Embedder | None,
                    thresholds: Thresholds) -> ContenderScores:
    output = Document(OUTPUT, item.output)
    conveyed = matcher.conveyed(item.facts, output)
    facts = [FactResult(f.id, f.text, f.multi_hop, v.holds, v.score, v.reason, list(v.evidence))
             for f, v in zip(item.facts, conveyed, strict=True)]
    missed = [r for r in facts if not r.present]
    if missed and item.envelope:
        missed_queries = [q for q, r in zip(item.facts, facts, strict=True) if not r.present]
        for result, v in zip(missed, matcher.conveyed(missed_queries, Document(ENVELOPE, item.envelope)),
                             strict=True):
            result.missed_because = "generation" if v.holds else "retrieval"
            result.envelope = v

    claim_spans = matcher.claims(output)
    premises = list(item.sources) + [Document(REFERENCE_PREFIX + f.id, f.text) for f in item.facts]
    claims = [ClaimResult(c, v.holds, v.score, v.reason, list(v.evidence))
              for c, v in zip(claim_spans, matcher.supported(claim_spans, premises), strict=True)]

    forbidden = [ForbiddenResult(claim, v.holds, v.score, v.reason, list(v.evidence))
                 for claim, v in zip(item.forbidden, matcher.asserted(item.forbidden, output), strict=True)]

    notes = []
    topics = score_topics(list(item.topics), item.output, embedder, thresholds.topic_threshold,
                          thresholds.topic_lexical_weight)
    if topics and embedder is None:
        notes.append("coverage uses lexical matches only: no embedding model")
    coverage = sum(t.addressed for t in topics) / len(topics) if topics else None

    recall = sum(r.present for r in facts) / len(facts) if facts else 0.0
    precision = sum(c.supported for c in claims) / len(claims) if claims else 0.0
    hops = [r for r in facts if r.multi_hop]
    return ContenderScores(
        name=item.name, baseline=item.baseline, factual_recall=round(recall, 4),
        factual_precision=round(precision, 4), factual_f1=round(f1(recall, precision), 4),
        coverage_completeness=None if coverage is None else round(coverage, 4),
        multi_hop_recall=round(sum(r.present for r in hops) / len(hops), 4) if hops else None,
        facts=facts, topics=topics, claims=claims, forbidden=forbidden,
        word_count=len(WORD_RE.findall(item.output)), repetition_6gram=repetition_6gram(item.output),
        work=matcher.work(), matcher=matcher.id, notes=notes,
    )
