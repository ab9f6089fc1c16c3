"""Paragraphs: IFEval's `***`-separated paragraphs, blank-line paragraphs, and the first word of the nth
paragraph ("paragraph 2 must start with the word 'jumping'").
"""

from __future__ import annotations

import re
from typing import Any

from rubriq.core.constraints.families.grammar import (
    LOWER_EXCLUSIVE,
    PART_OF_RE,
    Bound,
    Extraction,
    bounds_for,
    count_re,
    near_units,
    negated_after,
    negated_before,
    norm,
    range_wording,
    wording_for,
)
from rubriq.core.constraints.numbers import parse_number
from rubriq.core.constraints.types import AT_LEAST, EXACTLY, LESS_THAN
from rubriq.core.text import Span

DIVIDER_CUE_RE = re.compile(
    r"(?<!\*)\*\*\*(?!\*)|\*\s\*\s\*|markdown\s+divider|\b(?:3|three)\s+asterisk(?:s|\s+symbols?|\s+markers?)?\b",
    re.IGNORECASE)
PARAGRAPH_UNITS = r"paragraphs?|sections?|parts?|stanzas?|verses?|chunks?|pieces?|blocks?|segments?"
PARAGRAPH_COUNT_RE = count_re(PARAGRAPH_UNITS)
PARAGRAPH_UNIT_RE = re.compile(rf"\b(?:{PARAGRAPH_UNITS})\b", re.IGNORECASE)
BLANK_PARAGRAPH_COUNT_RE = count_re(r"paragraphs?")
ORDINALS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "fifth": 5,
            "5th": 5, "sixth": 6, "6th": 6, "seventh": 7, "7th": 7, "eighth": 8, "8th": 8, "ninth": 9, "9th": 9,
            "tenth": 10, "10th": 10}
_ORD = "|".join(ORDINALS)
QUOTE_OPEN = "\"'“‘`"
QUOTE_CLOSE = "\"'”’`"
NTH_FIRST_WORD_RE = re.compile(
    rf"\b(?:the\s+)?(?:very\s+)?(?:(?P<ord>{_ORD})\s+paragraph|paragraph\s+(?P<num>\d{{1,2}}))\s+"
    rf"(?:(?:must|should|has\s+to|needs\s+to|will|shall|is\s+to)\s+)?(?:start|begin)s?\s+with\s+(?:the\s+)?"
    rf"(?:word\s+|term\s+)?[{QUOTE_OPEN}]?(?P<word>[^\W\d_][\w'-]{{0,40}})",
    re.IGNORECASE,
)
NTH_FIRST_WORD_VERB_RE = re.compile(
    rf"\b(?:start|begin)\s+(?:the\s+)?(?P<ord>{_ORD})\s+paragraph\s+with\s+(?:the\s+)?(?:word\s+)?"
    rf"[{QUOTE_OPEN}]?(?P<word>[^\W\d_][\w'-]{{0,40}})",
    re.IGNORECASE,
)
TOTAL_AFTER_RE = re.compile(r"\s+(?:in\s+total|total|altogether|overall|in\s+all)\b", re.IGNORECASE)
PART_ADJECTIVE_RE = re.compile(r"\b(?:body|main|middle|supporting|opening|closing|extra|more|additional)\b",
                               re.IGNORECASE)
EXAMPLE_DIVIDER_LINE_RE = re.compile(r"^[ \t]{0,8}\*\*\*[ \t]{0,8}$", re.MULTILINE)


def _paragraph_count(ex: Extraction, regex: re.Pattern[str], near: int = 0) -> tuple[int, Span] | None:
    """The stated number of paragraphs: "paragraphs" before other units (parts, sections...), then the count
    nearest to `near` (where the divider is mentioned)."""
    candidates: list[tuple[int, int, int, Span]] = []
    for m in near_units(regex, ex.view, PARAGRAPH_UNIT_RE):
        if re.match(r"asterisk", ex.view[m.end("n"):m.end("n") + 20].strip(), re.IGNORECASE):
            continue
        if PART_OF_RE.match(ex.view, m.end()):
            continue  # "two paragraphs of background, then the recommendation": a part of the reply, counted
        n = parse_number(m.group("n"))
        if n is not None and 0 < n < 1000 and not m.group("a"):
            rank = 0 if m.group("unit").lower().startswith("paragraph") else 1
            if TOTAL_AFTER_RE.match(ex.view, m.end()):
                rank -= 2  # "(5 paragraphs in total)" states the whole count
            elif PART_ADJECTIVE_RE.search(ex.view, m.end("n"), m.start("unit")):
                rank += 2  # "three body paragraphs" counts a part of them
            candidates.append((rank, abs(m.start() - near), n, Span(m.start(), m.end())))
    if not candidates:
        return None
    _, _, n, span = min(candidates, key=lambda c: (c[0], c[1], c[3].start))
    return n, span


def extract_paragraphs(ex: Extraction) -> None:
    view = ex.view
    nth: list[tuple[int, str, Span]] = []
    for regex in (NTH_FIRST_WORD_RE, NTH_FIRST_WORD_VERB_RE):
        for m in regex.finditer(view):
            ordinal = m.group("ord")
            index = ORDINALS[ordinal.lower()] if ordinal else int(m.group("num"))
            nth.append((index, m.group("word").lower().strip("'-"), Span(m.start(), m.end())))
    divider = DIVIDER_CUE_RE.search(view)
    six = re.search(r"\*{6}|\b(?:6|six)\s+asterisks?", view, re.IGNORECASE)
    if divider and six and divider.start() >= six.start() and divider.start() < six.end():
        divider = None
    blank_count = _paragraph_count(ex, BLANK_PARAGRAPH_COUNT_RE)
    if nth:
        for index, word, span in nth[:1]:
            params: dict[str, Any] = {"first_word": word, "nth_paragraph": index}
            wording = f"paragraph {index} starting with {word!r}"
            if blank_count:
                params["num_paragraphs"] = blank_count[0]
                wording = f"exactly {blank_count[0]} paragraphs, {wording}"
            ex.add("length_constraints:nth_paragraph_first_word", "startend", params, span, wording)
        return
    if divider:
        counted = _paragraph_count(ex, PARAGRAPH_COUNT_RE, divider.start())
        if counted:
            n, span = counted
        else:
            lines = EXAMPLE_DIVIDER_LINE_RE.findall(view)
            if not lines:
                return
            n, span = len(lines) + 1, Span(divider.start(), divider.end())
        ex.add("length_constraints:number_paragraphs", "structure", {"num_paragraphs": n},
               Span(min(span.start, divider.start()), max(span.end, divider.end()))
               if abs(span.start - divider.start()) < 200 else span,
               f"exactly {n} paragraphs separated by ***")
        return
    if not blank_count:  # "two to three paragraphs": a range, its two ends
        for m in near_units(BLANK_PARAGRAPH_COUNT_RE, view, PARAGRAPH_UNIT_RE):
            low, high = parse_number(m.group("a") or ""), parse_number(m.group("n"))
            if low and high and 0 < low < high < 1000 and m.group("unit").lower().startswith("paragraph"):
                for bound in (Bound(AT_LEAST, low), Bound(LESS_THAN, high + 1, True)):
                    ex.add("rubriq:number_paragraphs", "structure", {"num_paragraphs": bound.value,
                           "relation": bound.relation}, Span(m.start(), m.end()),
                           range_wording([Bound(AT_LEAST, low), Bound(LESS_THAN, high + 1, True)], "paragraph") or "",
                           0.8)
                return
    if blank_count:
        n, span = blank_count
        stated = BLANK_PARAGRAPH_COUNT_RE.match(ex.view, span.start)
        bounds = bounds_for(stated.group("rel") if stated else None,
                            (stated.group("post") or stated.group("post2")) if stated else None, n,
                            negated=negated_before(ex.view, span.start) or (
                                norm(stated.group("rel") if stated else None) in LOWER_EXCLUSIVE and
                                negated_after(ex.view, span.end)))
        for bound in bounds:
            if bound.relation in (EXACTLY, AT_LEAST, LESS_THAN):
                ex.add("rubriq:number_paragraphs", "structure", {"num_paragraphs": bound.value,
                       "relation": bound.relation}, span, wording_for(bound, "paragraph"), 0.8)
