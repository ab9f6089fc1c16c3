"""Answer relevance with per-paragraph drill-down, and the context-relevance diagnostic of the prompt.

Research log 1.3 (RAGAS answer relevancy: relevance to the question is scoreable by embedding similarity without a
reference answer) and 1.4 (TruLens RAG triad).

Formula. r = the normalised mean embedding of the sentences of the prompt's instruction part (the core request,
without the pasted source). For each output paragraph p (normalised mean of its sentences' embeddings):

    rel(p) = cos(r, p);   off topic when rel(p) < PARAGRAPH_THRESHOLD   → AR001 on the paragraph
    score  = words in on-topic paragraphs / words in judged paragraphs

Context relevance (AR002, on the prompt): for each question q of the instruction part,
ctx(q) = max over source sentences s of cos(q, s); when ctx(q) < CONTEXT_THRESHOLD the source cannot answer q.
Both thresholds were chosen on development data (docs/benchmarks.md, "Semantic thresholds").
"""

from __future__ import annotations

import numpy as np

from rubriq.core.context import CheckContext
from rubriq.core.findings import Finding
from rubriq.core.metrics import TIER_EMBEDDING, MetricResult, ParameterScore
from rubriq.core.models import ModelUnavailable
from rubriq.core.models.semantic import (
    WORD_RE,
    cosine,
    embed_units,
    mean_direction,
    output_units,
    source_units,
    text_units,
    units_within,
)
from rubriq.core.text import Segment

# Chosen by bench/calibrate_semantic.py (all-MiniLM-L6-v2), maximising balanced accuracy on a development half;
# the other half measures it (docs/benchmarks.md, "Semantic thresholds").
# HaluEval general, a query vs. the paragraphs of its own / another query's response: held-out BA 0.888.
PARAGRAPH_THRESHOLD = 0.19
# TruthfulQA, a question vs. the sentences of its own / another question's answers: held-out BA 0.983.
CONTEXT_THRESHOLD = 0.31
MIN_PARAGRAPH_WORDS = 4


def request_units(ctx: CheckContext) -> list[Segment]:
    """Sentences of the instruction part (front matter and sources blanked out), with prompt spans."""
    return ctx.memo("semantic.request_units", lambda: text_units(ctx.prompt.instruction_view, min_words=2))


def question_units(ctx: CheckContext) -> list[Segment]:
    """Question sentences of the instruction part (those ending with a question mark)."""
    return [u for u in request_units(ctx) if u.text.rstrip().endswith("?")]


class AnswerRelevance:
    name = "answer_relevance"
    parameters = ("answer_relevance",)
    tier = TIER_EMBEDDING
    always_run = False

    def run(self, ctx: CheckContext) -> MetricResult:
        request = request_units(ctx)
        if not request:
            return MetricResult(scores=[ParameterScore.not_applicable(
                "answer_relevance", "the prompt has no instruction part to compare the output with")])
        units = output_units(ctx)
        paragraphs = [p for p in ctx.output.paragraphs
                      if len(WORD_RE.findall(p.text)) >= MIN_PARAGRAPH_WORDS and units_within(units, p.span)]
        if not paragraphs:
            return MetricResult(scores=[ParameterScore.not_applicable(
                "answer_relevance", "the output has no paragraph of prose to judge")])
        try:
            request_vector = mean_direction(embed_units(ctx, "request", request))
            unit_vectors = embed_units(ctx, "output", units)
            findings = self._context_findings(ctx)
        except ModelUnavailable as exc:
            return MetricResult(scores=[ParameterScore.unavailable("answer_relevance", str(exc))])

        on_topic_words = judged_words = 0
        output_vector = mean_direction(unit_vectors)
        for paragraph in paragraphs:
            vector = mean_direction(unit_vectors[units_within(units, paragraph.span)])
            relevance = round(float(cosine(request_vector, vector)), 6)
            words = len(WORD_RE.findall(paragraph.text))
            judged_words += words
            if relevance >= PARAGRAPH_THRESHOLD:
                on_topic_words += words
                continue
            findings.append(Finding.at(
                "AR001", paragraph.span,
                f"This paragraph drifts from the request (cosine {relevance:.2f} to the request, below "
                f"{PARAGRAPH_THRESHOLD:.2f}).", text=ctx.output.text,
                data={"relevance": relevance, "threshold": PARAGRAPH_THRESHOLD,
                      "request": ctx.prompt.instruction_text[:300]},
            ))
        off_topic = sum(f.code == "AR001" for f in findings)
        overall = round(float(cosine(request_vector, output_vector)), 6)
        detail = (f"cosine {overall:.2f} of the output to the request; {off_topic} of {len(paragraphs)} paragraphs "
                  f"below {PARAGRAPH_THRESHOLD:.2f}")
        score = on_topic_words / judged_words if judged_words else 0.0
        return MetricResult(findings, [ParameterScore("answer_relevance", round(score, 6), detail=detail)])

    @staticmethod
    def _context_findings(ctx: CheckContext) -> list[Finding]:
        """AR002 on each question of the prompt that no sentence of its own source comes close to."""
        questions = question_units(ctx)
        sources = source_units(ctx)
        if not questions or not sources:
            return []
        question_vectors = ctx.models.embedder().encode([q.text for q in questions])
        similarity = cosine(question_vectors, embed_units(ctx, "source", sources))
        findings: list[Finding] = []
        for question, row in zip(questions, similarity, strict=True):
            best = int(np.argmax(np.round(row, 6)))
            closeness = round(float(row[best]), 6)
            if closeness >= CONTEXT_THRESHOLD:
                continue
            findings.append(Finding.at(
                "AR002", question.span,
                f"The source in this prompt does not seem to cover this question (closest source sentence at "
                f"cosine {closeness:.2f}, below {CONTEXT_THRESHOLD:.2f}). Fix the context, not the instructions: "
                "paste the passage that answers it.", text=ctx.prompt.text, where="prompt",
                data={"question": question.text, "best_source": sources[best].text, "score": closeness,
                      "threshold": CONTEXT_THRESHOLD},
            ))
        return findings


METRICS = [AnswerRelevance()]
