"""Faithfulness to the prompt's own source text: SummaC-ZS (Laban et al., TACL 2022; research log 1.2, 1.4).

Formula. Split the output into sentences o_1..o_n and the source into sentence chunks s_1..s_m. With an NLI
cross-encoder giving P(entail | s, o) and P(contradict | s, o):

    support(o_i) = max_j [ P(entail | s_j, o_i) - P(contradict | s_j, o_i) ]       in [-1, 1]
    SummaC-ZS   = mean_i support(o_i)

Retrieve, then verify: instead of the full n x m matrix, the source chunks are ranked per output sentence by
embedding cosine and only the top k (`Config.top_k`) are verified with NLI, so cost grows with the output, not
output x source. `bench/faithfulness.py --mode full|topk` measures what this costs in accuracy.

The parameter's score is SummaC-ZS rescaled to [0, 1] as (ZS + 1) / 2. Every output sentence whose support is
below `SUPPORT_THRESHOLD` is an FA001 finding on its span, quoting the best-supporting source sentence and the
score. The threshold was chosen on development data (docs/benchmarks.md, "Faithfulness (SummaC / AggreFact)").
Without a source in the prompt, faithfulness is not applicable: the hallucination-risk signals take its place.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from rubriq.core.context import CheckContext
from rubriq.core.findings import Finding
from rubriq.core.metrics import TIER_NLI, MetricResult, ParameterScore
from rubriq.core.models import Embedder, ModelUnavailable, NLIScorer
from rubriq.core.models.semantic import cosine, embed_units, get_nli, output_units, source_units
from rubriq.core.text import Segment

# Chosen by bench/faithfulness.py (--split-val --limit 60, top-3) for the shipped NLI model
# rubriq/nli-minilm-l6-v1: the threshold maximising balanced accuracy over the 528 single-sentence claims of both
# development halves of the SummaC benchmark and AggreFact-SOTA val cuts ("pooled": 0.398, used as 0.40; balanced
# accuracy 66.1, ROC AUC 69.7). The curve is flat from 0.0 to 0.6, so a choice on one half transfers poorly:
# two-fold cross-validated balanced accuracy 61.8 (docs/benchmarks.md, "Faithfulness (SummaC / AggreFact)").
# It belongs to the model: rerun the benchmark and update this when the shipped model changes.
SUPPORT_THRESHOLD = 0.40


@dataclass(frozen=True)
class SentenceSupport:
    """The verdict on one output sentence."""

    support: float  # max over verified chunks of P(entail) - P(contradict)
    best: int  # index of the chunk that gave the max
    entailment: float
    contradiction: float
    verified: tuple[int, ...]  # chunk indices that NLI scored


@dataclass(frozen=True)
class ZeroShotResult:
    sentences: list[SentenceSupport]
    nli_pairs: int  # distinct (chunk, sentence) pairs verified
    full_matrix_pairs: int  # what the full SummaC matrix would have needed

    @property
    def score(self) -> float:
        """SummaC-ZS: the mean support over output sentences (0.0 when there is none)."""
        if not self.sentences:
            return 0.0
        return float(np.mean([s.support for s in self.sentences]))


def retrieve(claim_vectors: np.ndarray, chunk_vectors: np.ndarray, top_k: int) -> list[list[int]]:
    """Per claim, the indices of the `top_k` most similar chunks (ties broken by position, deterministically)."""
    similarity = cosine(claim_vectors, chunk_vectors)
    order = np.argsort(-np.round(similarity, 6), axis=1, kind="stable")
    return [sorted(int(j) for j in row[:top_k]) for row in order]


def verify(claims: list[str], chunks: list[str], candidates: list[list[int]], nli: NLIScorer) -> ZeroShotResult:
    """Score each claim against its candidate chunks with NLI and keep, per claim, the best-supporting chunk."""
    pairs = [(chunks[j], claims[i]) for i, row in enumerate(candidates) for j in row]
    probs = nli.predict(pairs).astype(np.float64)
    results: list[SentenceSupport] = []
    cursor = 0
    for row in candidates:
        block = probs[cursor : cursor + len(row)]
        cursor += len(row)
        margins = np.round(block[:, 0] - block[:, 2], 6)  # rounded so ties resolve the same on every platform
        best = int(np.argmax(margins))
        results.append(SentenceSupport(float(margins[best]), row[best], float(block[best, 0]),
                                       float(block[best, 2]), tuple(row)))
    return ZeroShotResult(results, len(set(pairs)), len(claims) * len(chunks))


def summac_zs(
    claims: list[str], chunks: list[str], nli: NLIScorer, *, embedder: Embedder | None = None,
    top_k: int | None = None,
) -> ZeroShotResult:
    """SummaC-ZS of `claims` against `chunks`; `top_k=None` scores the full matrix, else retrieve-then-verify."""
    if not claims or not chunks:
        return ZeroShotResult([], 0, len(claims) * len(chunks))
    if top_k is None or top_k >= len(chunks):
        candidates = [list(range(len(chunks))) for _ in claims]
    else:
        if embedder is None:
            raise ValueError("top-k verification needs an embedder to rank the source chunks")
        candidates = retrieve(embedder.encode(claims), embedder.encode(chunks), top_k)
    return verify(claims, chunks, candidates, nli)


class Faithfulness:
    name = "faithfulness"
    parameters = ("faithfulness",)
    tier = TIER_NLI
    always_run = False

    def run(self, ctx: CheckContext) -> MetricResult:
        if not ctx.prompt.has_source:
            return MetricResult(scores=[ParameterScore.not_applicable(
                "faithfulness", "the prompt has no source text to be faithful to; the hallucination-risk signals "
                "take its place")])
        claims = output_units(ctx)
        chunks = source_units(ctx)
        if not claims or not chunks:
            what = "the output has no sentences" if not claims else "the source has no sentences"
            return MetricResult(scores=[ParameterScore.not_applicable("faithfulness", f"{what} to verify")])
        try:
            nli = get_nli(ctx)
            claim_vectors = embed_units(ctx, "output", claims)
            chunk_vectors = embed_units(ctx, "source", chunks)
        except ModelUnavailable as exc:
            return MetricResult(scores=[ParameterScore.unavailable("faithfulness", str(exc))])
        top_k = min(ctx.config.top_k, len(chunks))
        result = verify([c.text for c in claims], [c.text for c in chunks],
                        retrieve(claim_vectors, chunk_vectors, top_k), nli)
        findings = [
            self._finding(ctx, claim, chunks[verdict.best], verdict)
            for claim, verdict in zip(claims, result.sentences, strict=True)
            if verdict.support < SUPPORT_THRESHOLD
        ]
        zs = result.score
        detail = (f"SummaC-ZS {zs:+.3f} on [-1, 1]; {len(findings)} of {len(claims)} sentences below the support "
                  f"threshold {SUPPORT_THRESHOLD:+.2f}; {result.nli_pairs} NLI pairs (top {top_k} of "
                  f"{len(chunks)} source sentences each)")
        return MetricResult(findings, [ParameterScore("faithfulness", round((zs + 1.0) / 2.0, 6), detail=detail)])

    @staticmethod
    def _finding(ctx: CheckContext, claim: Segment, best: Segment, verdict: SentenceSupport) -> Finding:
        # An NLI model's reading, not a proof: the wording says what was measured and leaves the verdict to the reader.
        leaning = ("the NLI model leans towards contradiction" if verdict.contradiction > verdict.entailment
                   else "nothing in the source appears to state it")
        quote = best.text.strip()[:200]
        message = (f"The source does not support this sentence (support {verdict.support:+.2f}, threshold "
                   f"{SUPPORT_THRESHOLD:+.2f}): {leaning}. Closest source sentence: \u201c{quote}\u201d")
        return Finding.at(
            "FA001", claim.span, message, text=ctx.output.text,
            data={"sentence": claim.text, "best_source": best.text, "score": round(verdict.support, 4),
                  "entailment": round(verdict.entailment, 4), "contradiction": round(verdict.contradiction, 4),
                  "leans_to_contradiction": verdict.contradiction > verdict.entailment,
                  "threshold": SUPPORT_THRESHOLD, "source_start": best.span.start, "source_end": best.span.end},
        )


METRICS = [Faithfulness()]
