"""Lists: bullet-point counts and ranges, "use bullet points", "no bullet points or lists", numbered lists.
"""

from __future__ import annotations

import re

from rubriq.core.constraints.families.grammar import (
    NEGATION_RE,
    Extraction,
    bounds_for,
    count_re,
    negated_before,
)
from rubriq.core.constraints.numbers import NUM, parse_number
from rubriq.core.constraints.types import AT_LEAST, EXACTLY, LESS_THAN
from rubriq.core.text import Span

BULLET_UNIT = r"bullet(?:ed)?[\s-]?points?|bullets|bullet(?:ed)?\s+(?:list\s+)?items?|list\s+items?|bullet\s+list"
BULLET_COUNT_RE = count_re(BULLET_UNIT)
BULLET_MENTION_RE = re.compile(rf"\b(?:{BULLET_UNIT}|bullet(?:ed)?\s+lists?|bullet\s+format)\b", re.IGNORECASE)
EXACTLY_N_RE = re.compile(rf"\bexactly\s+(?P<n>{NUM})\b", re.IGNORECASE)
NO_LISTS_RE = re.compile(
    r"\b(?:no|not?\s+(?:use|give|include|write|add)\s+(?:me\s+)?(?:any\s+)?|without\s+(?:any\s+)?|avoid\s+(?:any\s+)?)"
    r"(?:bullet(?:ed)?\s*(?:points?|lists?)?|lists?|numbered\s+lists?)\b", re.IGNORECASE)
BULLET_USE_RE = re.compile(
    r"\b(?:in|as|using|use|with|into)\s+(?:a\s+)?(?:\w+\s+)?(?:bullet(?:ed)?[\s-]?points?|bullets|bullet(?:ed)?\s+lists?)\b",
    re.IGNORECASE)
NUMBERED_LIST_RE = re.compile(
    rf"\b(?:(?:a|as\s+a|in\s+a|the\s+form\s+of\s+a)\s+numbered\s+list(?:\s+of\s+(?P<n>{NUM})\b)?|"
    rf"(?P<m>{NUM})\s+numbered\s+(?:items|points|steps))", re.IGNORECASE)


def extract_bullets(ex: Extraction) -> None:
    for clause in ex.clauses:
        text = clause.text
        if NO_LISTS_RE.search(text):
            m = NO_LISTS_RE.search(text)
            assert m is not None
            ex.add("rubriq:no_lists", "structure", {}, Span(clause.start + m.start(), clause.start + m.end()),
                   "no bullet points or lists", 0.8)
            continue
        if not BULLET_MENTION_RE.search(text):
            continue
        counted = False
        for m in BULLET_COUNT_RE.finditer(text):
            n = parse_number(m.group("n"))
            if n is None:
                continue
            span = Span(clause.start + m.start(), clause.start + m.end())
            if m.group("a"):
                a = parse_number(m.group("a"))
                if a is not None and a < n:
                    ex.add("rubriq:bullet_count", "structure", {"min": a, "max": n}, span,
                           f"between {a} and {n} bullet points")
                    counted = True
                continue
            bounds = bounds_for(m.group("rel"), m.group("post") or m.group("post2"), n,
                                negated=negated_before(ex.view, span.start))
            bound = bounds[0]
            if bound.relation == EXACTLY:
                ex.add("detectable_format:number_bullet_lists", "structure", {"num_bullets": n}, span,
                       f"exactly {n} bullet point{'s' if n != 1 else ''}")
            elif bound.relation == AT_LEAST:
                ex.add("rubriq:bullet_count", "structure", {"min": bound.value, "max": None}, span,
                       f"at least {bound.value} bullet points")
            elif bound.relation == LESS_THAN:
                ex.add("rubriq:bullet_count", "structure", {"min": None, "max": bound.value - 1}, span,
                       f"at most {bound.value - 1} bullet points")
            counted = True
            break
        if not counted:
            exact = EXACTLY_N_RE.search(text)
            if exact and parse_number(exact.group("n")) is not None:
                n = parse_number(exact.group("n"))
                mention = BULLET_MENTION_RE.search(text)
                assert mention is not None and n is not None
                ex.add("detectable_format:number_bullet_lists", "structure", {"num_bullets": n},
                       Span(clause.start + min(exact.start(), mention.start()),
                            clause.start + max(exact.end(), mention.end())),
                       f"exactly {n} bullet point{'s' if n != 1 else ''}", 0.8)
    counted_kinds = ("detectable_format:number_bullet_lists", "rubriq:bullet_count", "rubriq:no_lists")
    if not any(ex.has(kind) for kind in counted_kinds):
        for clause in ex.clauses:  # "explain it using bullet points": a list, of any length
            mention = BULLET_USE_RE.search(clause.text)
            if mention and not NEGATION_RE.search(clause.text[max(0, mention.start() - 30):mention.start()]):
                ex.add("rubriq:bullet_list", "format", {}, Span(clause.start + mention.start(),
                       clause.start + mention.end()), "a bulleted list", 0.75)
                break
    numbered = NUMBERED_LIST_RE.search(ex.view)
    if numbered:
        raw = numbered.group("n") or numbered.group("m")
        n = parse_number(raw) if raw else None
        ex.add("rubriq:numbered_list", "format", {"num_items": n}, Span(numbered.start(), numbered.end()),
               f"a numbered list of {n} items" if n else "a numbered list", 0.8)
