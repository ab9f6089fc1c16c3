"""Instruction following (research log 1.8, IFEval): the share of the prompt's checked constraints that pass.

    score = passing constraints / extracted constraints  (strict verdicts; not applicable when none is extracted)

Constraints are extracted once per prompt text (a small LRU, so rescoring an edited output does not re-read an
unchanged prompt) and shared within a check through `ctx.memo("constraints", ...)`.
"""

from __future__ import annotations

import threading
from typing import Any

from cachetools import LRUCache

from rubriq.core.constraints import Constraint, Verdict, check_constraint, extract_constraints, find_conflicts
from rubriq.core.context import CheckContext
from rubriq.core.findings import Finding
from rubriq.core.metrics import TIER_TEXT, MetricResult, ParameterScore
from rubriq.core.prompt_reading import unchecked_findings
from rubriq.core.rules.instruction import CHECKED_CODE, CODE_FOR_KIND, CONFLICT_CODE
from rubriq.core.text import Span

PARAMETER = "instruction_following"
MAX_SPANS_PER_CONSTRAINT = 20  # beyond this, one finding covers the rest


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
        score = ParameterScore(PARAMETER, passed / len(verdicts),
                               detail=f"{passed} of {len(verdicts)} constraints pass")
        return MetricResult(findings, [score])


METRICS = [InstructionFollowing()]
