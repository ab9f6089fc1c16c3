"""Instruction following (research log 1.8, IFEval): the share of the prompt's checked constraints that pass.

    score = passing constraints / extracted constraints  (strict verdicts; not applicable when none is extracted)

When the check runs with the embedding tier, a topic the prompt rules out is also looked for by meaning: each output
sentence whose embedding has cosine >= TOPIC_SIMILARITY with "talking about <topic>" and that does not name the
topic gets an information finding (IF092); the score does not change.

Constraints are extracted once per prompt text (a small LRU, so rescoring an edited output does not re-read an
unchanged prompt) and shared within a check through `ctx.memo("constraints", ...)`.
"""

from __future__ import annotations

import threading
from typing import Any

from cachetools import LRUCache

from rubriq.core import limits
from rubriq.core.constraints import Constraint, Verdict, check_constraint, extract_constraints, find_conflicts
from rubriq.core.context import CheckContext
from rubriq.core.findings import Finding
from rubriq.core.metrics import TIER_EMBEDDING, TIER_TEXT, MetricResult, ParameterScore
from rubriq.core.prompt_reading import unchecked_findings
from rubriq.core.rules.instruction import CHECKED_CODE, CODE_FOR_KIND, CONFLICT_CODE, TOPIC_BY_MEANING_CODE
from rubriq.core.text import Span

PARAMETER = "instruction_following"
MAX_SPANS_PER_CONSTRAINT = 20  # beyond this, one finding covers the rest
# Chosen on the development half of tests/corpus/forbidden_topics/ for precision 0.9: bench/forbidden_topics.py
# (all-MiniLM-L6-v2; development precision 0.91, recall 0.67; test precision 1.00, recall 0.67).
TOPIC_SIMILARITY = 0.292


_EXTRACTED: LRUCache[str, tuple[Constraint, ...]] = LRUCache(maxsize=32)  # prompt text -> its constraints
_EXTRACTED_LOCK = threading.Lock()


def _extract_once(ctx: CheckContext) -> list[Constraint]:
    key = ctx.prompt.text
    with _EXTRACTED_LOCK:
        found = _EXTRACTED.get(key)
    if found is None:
        found = tuple(extract_constraints(ctx.prompt))
        with _EXTRACTED_LOCK:
            _EXTRACTED[key] = found
    return list(found)


def constraints_of(ctx: CheckContext) -> list[Constraint]:
    """The prompt's constraints, extracted once per prompt text: an edit of the output does not re-read the prompt."""
    return ctx.memo("constraints", lambda: _extract_once(ctx))


def _data(constraint: Constraint, prompt_text: str) -> dict[str, Any]:
    return {
        "kind": constraint.kind, "subtype": constraint.subtype, "params": dict(constraint.params),
        "constraint": constraint.wording, "prompt_start": constraint.span.start, "prompt_end": constraint.span.end,
        "quote": " ".join(constraint.span.slice(prompt_text).split()),  # the constraint as the prompt words it
        "confidence": constraint.confidence,
    }


def _violation_findings(ctx: CheckContext, verdict: Verdict) -> list[Finding]:
    constraint = verdict.constraint
    text = ctx.output.text
    loose = check_constraint(ctx.output, constraint, "loose").passed
    data = _data(constraint, ctx.prompt.text) | {"measured": verdict.measured, "loose_pass": loose}
    spans = list(verdict.spans) or [Span(0, len(text))]
    if len(spans) > MAX_SPANS_PER_CONSTRAINT:
        spans = [*spans[:MAX_SPANS_PER_CONSTRAINT - 1], Span(spans[MAX_SPANS_PER_CONSTRAINT - 1].start, spans[-1].end)]
    code = CODE_FOR_KIND[constraint.kind]
    message = verdict.message  # "88 words; the prompt allows at most 60": the constraint in the prompt's terms
    return [Finding.at(code, span, message, text=text, data=data | {"occurrences": len(verdict.spans)})
            for span in spans]


def _topics_by_meaning(ctx: CheckContext, topics: list[Constraint], named: list[Span]) -> list[Finding]:
    """Output sentences that read as talking about a ruled-out topic without naming it (the embedding tier only)."""
    if not topics or ctx.models is None or TIER_EMBEDDING not in ctx.tiers:
        return []
    from rubriq.core.models import ModelUnavailable
    from rubriq.core.models.semantic import cosine, embed_units, get_embedder, output_units

    cut = limits.cut_point(ctx.output.text, limits.MAX_MODEL_CHARS)
    units = [u for u in output_units(ctx) if u.span.end <= cut and not any(u.span.overlaps(s) for s in named)]
    if not units:
        return []
    try:
        vectors = embed_units(ctx, "output", output_units(ctx))
        topic_vectors = get_embedder(ctx).encode([f"talking about {c.params['topic']}" for c in topics])
    except ModelUnavailable:
        return []  # the model tier is unavailable: the tier-0 check of the topic's words stands alone
    index = {u.span: i for i, u in enumerate(output_units(ctx))}
    found = []
    for constraint, topic_vector in zip(topics, topic_vectors, strict=True):
        for unit in units:
            similarity = float(cosine(vectors[index[unit.span]], topic_vector))
            if similarity >= TOPIC_SIMILARITY:
                found.append(Finding.at(
                    TOPIC_BY_MEANING_CODE, unit.span,
                    f"may talk about {constraint.params['topic']} (similarity {similarity:.2f}), which the prompt "
                    "rules out", text=ctx.output.text,
                    data=_data(constraint, ctx.prompt.text) | {"similarity": round(similarity, 4)}))
    return found


class InstructionFollowing:
    name = "instruction_following"
    parameters = (PARAMETER,)
    tier = TIER_TEXT
    always_run = True

    def run(self, ctx: CheckContext) -> MetricResult:
        constraints = constraints_of(ctx)
        prompt_text = ctx.prompt.text
        shown: set[tuple[int, int, str]] = set()  # a range is two constraints with one wording: shown once
        findings = []
        for c in constraints:
            if (c.span.start, c.span.end, c.wording) not in shown:
                shown.add((c.span.start, c.span.end, c.wording))
                findings.append(Finding.at(CHECKED_CODE, c.span, f"checked: {c.wording}", text=prompt_text,
                                           where="prompt", data=_data(c, prompt_text)))
        for conflict in find_conflicts(constraints):
            first, second = conflict.first, conflict.second
            findings.append(Finding.at(
                CONFLICT_CODE, second.span, f"Conflicting constraints: {conflict.reason}.", text=prompt_text,
                where="prompt", data={"first": _data(first, prompt_text), "second": _data(second, prompt_text),
                                      "reason": conflict.reason},
            ))
        findings += unchecked_findings(ctx.prompt, constraints)  # IF099: what the reading leaves unchecked
        if not constraints:
            return MetricResult(findings, [ParameterScore.not_applicable(
                PARAMETER, "no verifiable constraint found in the prompt")])
        verdicts = [check_constraint(ctx.output, c, "strict") for c in constraints]
        passed = sum(v.passed for v in verdicts)
        for verdict in verdicts:
            if not verdict.passed:
                findings.extend(_violation_findings(ctx, verdict))
        findings.extend(_topics_by_meaning(ctx, [c for c in constraints if c.kind == "rubriq:forbidden_topic"],
                                           [s for v in verdicts if not v.passed for s in v.spans]))
        score = ParameterScore(PARAMETER, passed / len(verdicts),
                               detail=f"{passed} of {len(verdicts)} constraints pass")
        return MetricResult(findings, [score])


METRICS = [InstructionFollowing()]
