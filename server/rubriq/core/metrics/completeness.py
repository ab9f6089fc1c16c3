"""Completeness against the request's parts, and coverage of the source's salient content.

Completeness (research log Part 3, grounded Q&A: "completeness vs. question parts", a 1.8 adaptation). The
instruction part is split into parts: enumerated questions or request items, two or more question sentences, an
"and" list after a request verb ("explain the causes, effects and remedies") and required sections ("include
sections on A, B and C"). Part p is addressed when

    max over output units u (sentences and headings) of cos(p, u) >= PART_THRESHOLD (not for sections),
    or, for a part of at most three content words, every one of its words occurs in the output
    (a required section is addressed only this way: its name must appear);

    score = addressed parts / parts          (not applicable below two parts: answer relevance covers one)

Coverage (1.1 SummEval relevance, 1.3 RAGAS). The salient source sentences are the ceil(30%) (at least three) with
the highest centrality, the mean cosine to the other source sentences. Each is verified as a claim against the
output by the claim verifier at the embedding tier (`verify.engine`, no NLI: embedding similarity, word overlap
and values; the output's sentences are the evidence). Salient sentence s is covered when

    P(the output conveys s) >= COVERAGE_THRESHOLD   and no value of s conflicts with the output;
    score = covered / salient

Both thresholds were chosen on development data (docs/benchmarks.md, "Semantic thresholds").
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

import numpy as np

from rubriq.core.context import CheckContext
from rubriq.core.findings import Finding
from rubriq.core.metrics import TIER_EMBEDDING, MetricResult, ParameterScore
from rubriq.core.models import ModelUnavailable
from rubriq.core.models.semantic import (
    WORD_RE,
    cosine,
    embed_units,
    get_embedder,
    output_units,
    source_units,
    text_units,
)
from rubriq.core.text import Span, TextModel
from rubriq.core.verify.claims import Claim
from rubriq.core.verify.engine import Verifier

# Chosen by bench/calibrate_semantic.py (all-MiniLM-L6-v2), maximising balanced accuracy on a development half;
# the other half measures it (docs/benchmarks.md, "Semantic thresholds").
# TruthfulQA, a question vs. the sentences of its own / another question's answers: held-out BA 0.983.
PART_THRESHOLD = 0.31
# REALSumm, a content unit verified against a summary (verifier without NLI), present by majority vote:
# `bench/calibrate_semantic.py --data ../shared/data --only content_coverage_realsumm`, chosen on one half of 100
# summaries (dev BA 0.698), held-out BA 0.643 (the max-cosine rule it replaces: 0.629).
COVERAGE_THRESHOLD = 0.35
SALIENT_SHARE = 0.3
MIN_SALIENT = 3
SHORT_PART_WORDS = 3

REQUEST_START_RE = re.compile(
    r"^(?:what|who|whom|whose|why|how|when|where|which|explain|describe|list|compare|contrast|summari[sz]e|"
    r"discuss|give|provide|identify|name|outline|analy[sz]e|evaluate|define|state|suggest|recommend|propose|"
    r"write|include|cover|mention)\b",
    re.IGNORECASE,
)
AND_LIST_RE = re.compile(
    r"\b(?:explain|describe|cover|discuss|compare|outline|address|analy[sz]e|list|include|mention|"
    r"tell me about|talk about)\s+(?:both\s+|all\s+|each\s+of\s+)?(?:the\s+|their\s+|its\s+)?([^.?!\n;:]+)",
    re.IGNORECASE,
)
SECTIONS_RE = re.compile(
    r"\b(?:sections?|headings?|headers?)\b(?:[ \t]+(?:called|named|titled|for|on|about))?[ \t]*:?[ \t]*([^.\n]+)",
    re.IGNORECASE,
)
ITEM_SPLIT_RE = re.compile(r"\s*,\s*(?:and\s+|or\s+)?|\s+and\s+|\s*;\s*")
STOP_WORDS = frozenset((
    "a", "an", "the", "of", "on", "in", "for", "to", "and", "or", "with", "about", "its", "their", "this", "that",
    "these", "those", "both", "all", "each", "your", "my",
))


@dataclass(frozen=True)
class RequestPart:
    span: Span  # into the prompt
    text: str
    kind: str  # "item", "question", "and-list", "section"


def content_words(text: str) -> list[str]:
    return [w for w in (m.lower() for m in WORD_RE.findall(text)) if w not in STOP_WORDS]


def _stem(word: str) -> str:
    """A crude prefix stem, enough to match "effects" with "effect" or "remedies" with "remedy"."""
    return word[:5] if len(word) > 5 else word


def _list_parts(text: str, match: re.Match[str], group: int, kind: str) -> list[RequestPart]:
    body_start = match.start(group)
    items: list[RequestPart] = []
    pos = 0
    body = match.group(group)
    pieces = [*ITEM_SPLIT_RE.finditer(body), None]
    for sep in pieces:
        end = sep.start() if sep is not None else len(body)
        piece = body[pos:end]
        stripped = piece.strip().strip("\"'\u201c\u201d`*")
        if stripped:
            offset = body_start + pos + piece.index(stripped)
            items.append(RequestPart(Span(offset, offset + len(stripped)), stripped, kind))
        if sep is not None:
            pos = sep.end()
    good = [item for item in items if 1 <= len(content_words(item.text)) <= 6]
    return good if len(good) >= 2 and len(good) == len(items) else []


def request_parts(view: str) -> list[RequestPart]:
    """The parts of a multi-part request, found in the instruction view (prompt offsets), in prompt order."""
    parts: list[RequestPart] = []
    model = TextModel(view)
    items = []
    for item in model.list_items:
        marker = re.match(r"[ \t]*(?:[*\-+•]|\d{1,3}[.)])[ \t]+", item.text)
        body = item.text[marker.end():] if marker else item.text
        start = item.span.start + (marker.end() if marker else 0)
        if body.rstrip().endswith("?") or REQUEST_START_RE.match(body):
            items.append(RequestPart(Span(start, start + len(body.rstrip())), body.rstrip(), "item"))
    if len(items) >= 2:
        parts.extend(items)
    questions = [u for u in text_units(view, min_words=2) if u.text.rstrip().endswith("?")]
    if len(questions) >= 2:
        parts.extend(RequestPart(q.span, q.text, "question") for q in questions)
    for match in AND_LIST_RE.finditer(view):
        parts.extend(_list_parts(view, match, 1, "and-list"))
    for match in SECTIONS_RE.finditer(view):
        parts.extend(_list_parts(view, match, 1, "section"))
    chosen: list[RequestPart] = []
    for part in sorted(parts, key=lambda p: (p.span.start, -len(p.span))):
        # A list inside a question is more specific than the question: keep the finer parts.
        chosen = [c for c in chosen if not (c.span.contains(part.span) and c.span != part.span)]
        if not any(part.span.overlaps(c.span) for c in chosen):
            chosen.append(part)
    return sorted(chosen, key=lambda p: p.span.start)


class Completeness:
    name = "completeness"
    parameters = ("completeness",)
    tier = TIER_EMBEDDING
    always_run = False

    def run(self, ctx: CheckContext) -> MetricResult:
        parts = ctx.memo("completeness.parts", lambda: request_parts(ctx.prompt.instruction_view))
        if len(parts) < 2:
            return MetricResult(scores=[ParameterScore.not_applicable(
                "completeness", "the request is not split into parts; answer relevance covers a single request")])
        # Headings and short sentences count here: a required section is addressed by its heading.
        units = text_units(ctx.output.text, headings=True, min_words=1)
        try:
            part_vectors = get_embedder(ctx).encode([p.text for p in parts])
            unit_vectors = get_embedder(ctx).encode([u.text for u in units])
        except ModelUnavailable as exc:
            return MetricResult(scores=[ParameterScore.unavailable("completeness", str(exc))])
        output_stems = {_stem(w.lower()) for w in WORD_RE.findall(ctx.output.text)}
        similarity = cosine(part_vectors, unit_vectors) if units else np.zeros((len(parts), 0))
        findings: list[Finding] = []
        for part, row in zip(parts, similarity, strict=True):
            best = int(np.argmax(np.round(row, 6))) if row.size else -1
            closeness = round(float(row[best]), 6) if best >= 0 else 0.0
            words = content_words(part.text)
            lexical = len(words) <= SHORT_PART_WORDS and all(_stem(w) in output_stems for w in words)
            # A required section is there when its name is; a short generic name ("Next steps") is close to
            # almost any sentence in embedding space, so similarity does not count for sections.
            if lexical or (part.kind != "section" and closeness >= PART_THRESHOLD):
                continue
            findings.append(Finding.at(
                "CP001", part.span,
                f"No part of the output addresses this {_KIND_NAMES[part.kind]} (closest output sentence at cosine "
                f"{closeness:.2f}, below {PART_THRESHOLD:.2f}).", text=ctx.prompt.text, where="prompt",
                data={"part": part.text, "kind": part.kind, "score": closeness, "threshold": PART_THRESHOLD,
                      "closest_output": units[best].text if best >= 0 else ""},
            ))
        addressed = len(parts) - len(findings)
        detail = f"{addressed} of {len(parts)} parts of the request addressed"
        return MetricResult(findings, [ParameterScore("completeness", round(addressed / len(parts), 6),
                                                      detail=detail)])


_KIND_NAMES = {"item": "item of the request", "question": "question", "and-list": "requested point",
               "section": "required section"}


def salient_indices(vectors: np.ndarray) -> list[int]:
    """Indices of the most central source sentences (mean cosine to the others), in source order."""
    n = vectors.shape[0]
    if n == 0:
        return []
    similarity = cosine(vectors, vectors)
    centrality = (similarity.sum(axis=1) - np.diag(similarity)) / max(n - 1, 1)
    count = min(n, max(MIN_SALIENT, math.ceil(SALIENT_SHARE * n)))
    order = np.argsort(-np.round(centrality, 6), kind="stable")[:count]
    return sorted(int(i) for i in order)


class Coverage:
    name = "coverage"
    parameters = ("coverage",)
    tier = TIER_EMBEDDING
    always_run = False

    def run(self, ctx: CheckContext) -> MetricResult:
        if not ctx.prompt.has_source:
            return MetricResult(scores=[ParameterScore.not_applicable(
                "coverage", "the prompt has no source text whose content the output should cover")])
        sources = source_units(ctx)
        outputs = [u for u in output_units(ctx) if u.text.strip()]
        if not sources or not outputs:
            what = "the source has no sentences" if not sources else "the output has no sentences"
            return MetricResult(scores=[ParameterScore.not_applicable("coverage", what)])
        try:
            source_vectors = embed_units(ctx, "source", sources)
            verifier = Verifier(ctx.output.text, outputs, [0] * len(outputs), embedder=get_embedder(ctx),
                                threshold=COVERAGE_THRESHOLD)
        except ModelUnavailable as exc:
            return MetricResult(scores=[ParameterScore.unavailable("coverage", str(exc))])
        salient = salient_indices(source_vectors)
        claims = [Claim(sources[i].span, sources[i].text) for i in salient]
        verdicts = verifier.verify(claims, ctx.prompt.text, source_vectors[salient])
        findings: list[Finding] = []
        for verdict in verdicts:
            if verdict.verdict == "supported":
                continue
            closest = outputs[verdict.whole.closest] if verdict.whole.closest is not None else None
            conflict = verdict.conflicts[0] if verdict.conflicts else None
            why = (f"the output says {conflict.evidence.text} where the source says {conflict.value.text}" if conflict
                   else f"P(conveyed) {verdict.probability:.2f}")
            findings.append(Finding.at(
                "CP002", verdict.claim.span,
                f"This central source sentence is not conveyed by the output ({why}).", text=ctx.prompt.text,
                where="prompt",
                data={"source_sentence": verdict.claim.text, "closest_output": closest.text if closest else "",
                      "probability": verdict.probability, "threshold": COVERAGE_THRESHOLD},
            ))
        covered = len(salient) - len(findings)
        detail = f"{covered} of {len(salient)} salient source sentences conveyed"
        return MetricResult(findings, [ParameterScore("coverage", round(covered / len(salient), 6), detail=detail)])


METRICS = [Completeness(), Coverage()]
