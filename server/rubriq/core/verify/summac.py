"""SummaC-ZS (Laban et al., TACL 2022; research log 1.2) as published: the baseline the verifier is measured against.

Split the output into sentences o_1..o_n and the source into sentence chunks s_1..s_m. With an NLI cross-encoder
giving P(entail | s, o) and P(contradict | s, o):

    support(o_i) = max_j [ P(entail | s_j, o_i) - P(contradict | s_j, o_i) ]       in [-1, 1]
    SummaC-ZS   = mean_i support(o_i)

With `top_k`, the chunks are first ranked per sentence by embedding cosine and only the top k are verified.
Rubriq's faithfulness metric uses the claim verifier (`engine.py`), which keeps this margin as one of its
features; `bench/faithfulness.py --scorer nli` scores this baseline on the same data.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from rubriq.core.models import Embedder, NLIScorer
from rubriq.core.models.semantic import cosine


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
