"""Meaning preservation of a rewrite: embedding similarity to the source passage (research log 1.3; a proxy).

Formula. With source sentences s_1..s_m and rewrite sentences r_1..r_n (embeddings, cosine):

    recall    R = mean_i max_j cos(s_i, r_j)     (is every source sentence still said somewhere?)
    precision P = mean_j max_i cos(s_i, r_j)     (does every rewrite sentence come from the source?)
    score       = 2PR / (P + R), clipped to [0, 1]

Sentence alignment rather than one vector per text: a whole-text mean embedding stays high for anything on the
same topic, while a dropped or invented sentence lowers R or P. This is an embedding proxy for meaning, badged as
such: it does not detect a negation flip that keeps the words (faithfulness, with NLI, is the check for that).
"""

from __future__ import annotations

import numpy as np

from rubriq.core.context import CheckContext
from rubriq.core.metrics import TIER_EMBEDDING, MetricResult, ParameterScore
from rubriq.core.models import ModelUnavailable
from rubriq.core.models.semantic import cosine, embed_units, output_units, source_units


def aligned_similarity(source_vectors: np.ndarray, rewrite_vectors: np.ndarray) -> tuple[float, float, float]:
    """(F, precision, recall) of the sentence alignment described in the module docstring."""
    similarity = cosine(source_vectors, rewrite_vectors)
    recall = float(similarity.max(axis=1).mean())
    precision = float(similarity.max(axis=0).mean())
    f_score = 2 * precision * recall / (precision + recall) if precision + recall > 0 else 0.0
    return min(1.0, max(0.0, f_score)), precision, recall


class MeaningPreservation:
    name = "meaning_preservation"
    parameters = ("meaning_preservation",)
    tier = TIER_EMBEDDING
    always_run = False

    def run(self, ctx: CheckContext) -> MetricResult:
        if not ctx.prompt.has_source:
            return MetricResult(scores=[ParameterScore.not_applicable(
                "meaning_preservation", "the prompt has no source passage to compare the rewrite with")])
        sources, rewrite = source_units(ctx), output_units(ctx)
        if not sources or not rewrite:
            what = "the source passage has no sentences" if not sources else "the rewrite has no sentences"
            return MetricResult(scores=[ParameterScore.not_applicable("meaning_preservation", what)])
        try:
            f_score, precision, recall = aligned_similarity(
                embed_units(ctx, "source", sources), embed_units(ctx, "output", rewrite))
        except ModelUnavailable as exc:
            return MetricResult(scores=[ParameterScore.unavailable("meaning_preservation", str(exc))])
        detail = (f"sentence-aligned embedding similarity {f_score:.3f} (source sentences kept {recall:.3f}, "
                  f"rewrite sentences from the source {precision:.3f})")
        return MetricResult(scores=[ParameterScore("meaning_preservation", round(f_score, 6), detail=detail)])


METRICS = [MeaningPreservation()]
