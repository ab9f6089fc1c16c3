"""What one check finds on one text, and the helpers every checker shares: counts against a limit, plurals,
the span of the whole output."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rubriq.core.constraints.types import AT_LEAST, EXACTLY, LESS_THAN
from rubriq.core.text import Span, TextModel


@dataclass
class Outcome:
    """What one check found on one text: pass/fail, the measured value, its description and the failing spans."""

    passed: bool
    measured: Any
    message: str  # what the output has ("88 words"), without the requirement
    spans: list[Span] = field(default_factory=list)
    requirement: str = ""  # the requirement in Rubriq's terms ("limit: fewer than 61"), for unworded constraints


def relation_ok(count: int, relation: str, limit: int) -> bool:
    if relation == LESS_THAN:
        return count < limit
    if relation == AT_LEAST:
        return count >= limit
    return count == limit


def limit_text(relation: str, limit: int) -> str:
    return {LESS_THAN: f"fewer than {limit}", AT_LEAST: f"at least {limit}"}.get(relation, f"exactly {limit}")


def plural(n: int, unit: str) -> str:
    """ "3 bullet points", "5 occurrences of 'heron'": the head noun takes the plural."""
    if n == 1:
        return f"{n} {unit}"
    for joint in (" of ", " in ", " marked ", " separated "):
        if joint in unit:
            head, tail = unit.split(joint, 1)
            return f"{n} {head}s{joint}{tail}".replace("occurrencess", "occurrences")
    return f"{n} {unit}s"


def whole(model: TextModel) -> Span:
    start = len(model.text) - len(model.text.lstrip())
    return Span(start, len(model.text.rstrip()))


def count_outcome(model: TextModel, count: int, relation: str, limit: int, unit: str,
                   items: list[Span] | None = None) -> Outcome:
    """A count against a limit; on failure the span is the part beyond the limit, or the whole output."""
    passed = relation_ok(count, relation, limit)
    message = plural(count, unit)
    spans: list[Span] = []
    if not passed:
        too_many = relation in (LESS_THAN, EXACTLY) and count >= limit
        if items and too_many:
            index = limit - 1 if relation == LESS_THAN and limit >= 1 else min(limit, len(items) - 1)
            first_extra = items[index]
            spans = [Span(first_extra.start, items[-1].end)]
        else:
            spans = [whole(model)]
    return Outcome(passed, count, message, spans, f"limit: {limit_text(relation, limit)}")
