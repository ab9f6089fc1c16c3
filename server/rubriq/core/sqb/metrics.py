"""SQB metrics, each defined as in CRP-SPEC-026 (section numbers in brackets). Every formula lives here.

- factual_recall      [2.2] |reference facts entailed by the output| / |reference facts|; the output, in windows
                            of `window_sentences` consecutive sentences, is the premise; a fact is entailed when
                            max over windows of P(entailment) ≥ `fact_entailment`.
- factual_precision   [2.3] |output claims supported| / |output claims|; claims are the output's sentences (list
                            items and lines split first); a claim is supported when some source window (or reference
                            fact) entails it with P(entailment) ≥ `claim_support`.
- factual_f1          [2.4] 2·R·P / (R + P), 0 when both are 0.
- coverage_completeness [2.5] |required topics addressed| / |required topics|; a topic is addressed when some
                            output sentence contains every content word of the topic (a lexical match, e.g. a
                            one-word topic), or has embedding cosine ≥ `topic_similarity` with it.
- forbidden_violations [2.6] forbidden claims entailed by some output window with P(entailment) ≥
                            `forbidden_entailment`; any violation is a hard failure.
- multi_hop_recall    [4.2] factual_recall over the multi-hop reference facts only.
- missed-fact attribution [2.2] a missed fact entailed by the envelope (what the model was given) is a
                            generation failure; one that is not is a retrieval failure.
- mechanical, shown beside them [1.1]: word_count (\\w+ tokens) and repetition_6gram = 1 − distinct 6-grams /
  all 6-grams (0 when there are fewer than six words).

Retrieve, then verify: premises are ranked by embedding similarity to each hypothesis and only the top `top_k` go
to the NLI model (the full matrix when no embedder is available).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from rubriq.core.models import Embedder, NLIScorer
from rubriq.core.text import WORD_RE, split_sentences

ENTAIL = 0


@dataclass(frozen=True)
class Thresholds:
    """Decision thresholds; how each was chosen is in docs/sqb.md (calibration section)."""

    # Calibrated for rubriq/nli-minilm-l6-v1 on development halves (docs/benchmarks.md, "SQB validity"):
    # REALSumm SCU presence, best balanced accuracy on the calibration half (bench/sqb_realsumm.py).
    fact_entailment: float = 0.178
    # A claim supported by source windows is the same question (a short statement entailed by a window).
    claim_support: float = 0.178
    # TruthfulQA incorrect answers vs best answers, best balanced accuracy on the calibration half
    # (bench/sqb_truthfulqa.py).
    forbidden_entailment: float = 0.344
    # REALSumm calibration half, MiniLM embeddings, best balanced accuracy (bench/sqb_realsumm.py --topics)
    topic_similarity: float = 0.504
    # Single sentences as premises: with Rubriq's NLI model, 3-sentence windows lowered REALSumm fact-level balanced
    # accuracy from 0.679 to 0.641 and the per-summary Kendall correlation from 0.263 to 0.176.
    window_sentences: int = 1
    top_k: int = 4


def claim_units(text: str, min_words: int = 3) -> list[str]:
    """Output claims: each non-empty line (list items, headings) split into Punkt sentences."""
    units: list[str] = []
    for line in text.split("\n"):
        stripped = line.strip().lstrip("-*•#>0123456789.) \t").strip()
        if not stripped or stripped.startswith("```"):
            continue
        for sentence in split_sentences(stripped):
            if len(WORD_RE.findall(sentence.text)) >= min_words:
                units.append(sentence.text)
    return units


def windows(units: list[str], size: int) -> list[str]:
    """Consecutive runs of `size` units (stride 1); the whole text when shorter."""
    if not units:
        return []
    if len(units) <= size:
        return [" ".join(units)]
    return [" ".join(units[i : i + size]) for i in range(len(units) - size + 1)]


_STOPWORDS = frozenset({
    "a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "how", "in", "is", "it", "its", "of",
    "on", "or", "the", "to", "was", "were", "what", "when", "which", "who", "why", "with",
})


def topic_words(topic: str) -> list[str]:
    """Content words of a topic, cut to a 5-letter stem so 'visits' matches 'visit' and 'visited'."""
    return [w.lower()[:5] for w in WORD_RE.findall(topic) if w.lower() not in _STOPWORDS]


def mentions_topic(sentence: str, words: list[str]) -> bool:
    stems = {w.lower()[:5] for w in WORD_RE.findall(sentence)}
    return bool(words) and all(w in stems for w in words)


def repetition_6gram(text: str) -> float:
    words = [w.lower() for w in WORD_RE.findall(text)]
    grams = [tuple(words[i : i + 6]) for i in range(len(words) - 5)]
    return 0.0 if not grams else round(1.0 - len(set(grams)) / len(grams), 4)


@dataclass
class Support:
    score: float  # max P(entailment) over the premises verified
    premise: str  # the best premise (evidence)


class Verifier:
    """Max-entailment of hypotheses against premises, retrieve-then-verify, counting NLI pairs."""

    def __init__(self, nli: NLIScorer, embedder: Embedder | None, top_k: int) -> None:
        self.nli, self.embedder, self.top_k = nli, embedder, top_k
        self.nli_pairs = 0

    def _candidates(self, hypotheses: list[str], premises: list[str]) -> list[list[int]]:
        if self.embedder is None or len(premises) <= self.top_k:
            return [list(range(len(premises)))] * len(hypotheses)
        h = self.embedder.encode(hypotheses)
        p = self.embedder.encode(premises)
        similarity = h @ p.T
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
            results.append(Support(round(float(block[best]), 6), premises[idx[best]]))
            row += len(idx)
        return results


@dataclass
class FactResult:
    id: str
    text: str
    multi_hop: bool
    present: bool
    score: float
    evidence: str
    missed_because: str | None = None  # "generation" (it was in the envelope) | "retrieval" | None


@dataclass
class ContenderScores:
    name: str
    baseline: bool
    factual_recall: float
    factual_precision: float
    factual_f1: float
    coverage_completeness: float | None
    multi_hop_recall: float | None
    forbidden_violations: list[dict[str, Any]]
    facts: list[FactResult]
    topics: list[dict[str, Any]]
    unsupported_claims: list[dict[str, Any]]
    word_count: int
    repetition_6gram: float
    nli_pairs: int
    judge: dict[str, Any] | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def hard_failure(self) -> bool:
        return bool(self.forbidden_violations)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["hard_failure"] = self.hard_failure
        return data


def f1(recall: float, precision: float) -> float:
    return 0.0 if recall + precision == 0 else 2 * recall * precision / (recall + precision)


def score_contender(
    name: str,
    baseline: bool,
    output: str,
    facts: list[tuple[str, str, bool]],  # (id, text, multi_hop)
    source_texts: list[str],
    topics: list[str],
    forbidden: list[str],
    envelope: str | None,
    nli: NLIScorer,
    embedder: Embedder | None,
    thresholds: Thresholds,
) -> ContenderScores:
    verifier = Verifier(nli, embedder, thresholds.top_k)
    out_units = claim_units(output)
    out_windows = windows(out_units, thresholds.window_sentences)

    fact_support = verifier.support([text for _, text, _ in facts], out_windows)
    fact_results = [
        FactResult(fid, text, hop, s.score >= thresholds.fact_entailment, s.score, s.premise)
        for (fid, text, hop), s in zip(facts, fact_support, strict=True)
    ]
    missed = [r for r in fact_results if not r.present]
    if missed and envelope:
        env_windows = windows(claim_units(envelope), thresholds.window_sentences)
        for result, s in zip(missed, verifier.support([r.text for r in missed], env_windows), strict=True):
            result.missed_because = "generation" if s.score >= thresholds.fact_entailment else "retrieval"

    source_units = [u for text in source_texts for u in claim_units(text)]
    source_premises = windows(source_units, 2) + [text for _, text, _ in facts] if source_units else \
        [text for _, text, _ in facts]
    claim_support = verifier.support(out_units, source_premises)
    supported = sum(s.score >= thresholds.claim_support for s in claim_support)
    unsupported = [{"claim": c, "score": s.score, "best_source": s.premise}
                   for c, s in zip(out_units, claim_support, strict=True) if s.score < thresholds.claim_support]

    recall = sum(r.present for r in fact_results) / len(fact_results) if fact_results else 0.0
    precision = supported / len(out_units) if out_units else 0.0
    hops = [r for r in fact_results if r.multi_hop]

    topic_rows: list[dict[str, Any]] = []
    coverage = None
    notes = []
    if topics and out_units:
        similarity = embedder.encode(topics) @ embedder.encode(out_units).T if embedder is not None else None
        if similarity is None:
            notes.append("coverage uses lexical matches only: no embedding model")
        for t, topic in enumerate(topics):
            words = topic_words(topic)
            lexical = next((u for u in out_units if mentions_topic(u, words)), None)
            best = int(np.argmax(similarity[t])) if similarity is not None else 0
            score = round(float(similarity[t][best]), 6) if similarity is not None else 0.0
            addressed = lexical is not None or score >= thresholds.topic_similarity
            topic_rows.append({"topic": topic, "addressed": addressed, "score": score,
                               "match": "lexical" if lexical is not None else "embedding",
                               "evidence": lexical if lexical is not None else out_units[best]})
        coverage = sum(t["addressed"] for t in topic_rows) / len(topic_rows)
    elif topics:
        coverage = 0.0  # an empty output addresses no topic

    violations = []
    for claim, s in zip(forbidden, verifier.support(forbidden, out_windows), strict=True):
        if s.score >= thresholds.forbidden_entailment:
            violations.append({"claim": claim, "score": s.score, "evidence": s.premise})

    return ContenderScores(
        name=name, baseline=baseline, factual_recall=round(recall, 4), factual_precision=round(precision, 4),
        factual_f1=round(f1(recall, precision), 4),
        coverage_completeness=None if coverage is None else round(coverage, 4),
        multi_hop_recall=round(sum(r.present for r in hops) / len(hops), 4) if hops else None,
        forbidden_violations=violations, facts=fact_results, topics=topic_rows, unsupported_claims=unsupported,
        word_count=len(WORD_RE.findall(output)), repetition_6gram=repetition_6gram(output),
        nli_pairs=verifier.nli_pairs, notes=notes,
    )
