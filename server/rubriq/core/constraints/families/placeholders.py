"""Placeholders in square brackets: "at least 8 placeholders represented by square brackets, such as [address]",
"at least 4 blanks in square brackets like [name]". Brackets must be named or shown near the mention.
"""

from __future__ import annotations

import re

from rubriq.core.constraints.families.grammar import (
    REL,
    Extraction,
)
from rubriq.core.constraints.numbers import NUM, parse_number
from rubriq.core.text import Span

PLACEHOLDER_NOUN = r"(?:placeholders?|blanks?|gaps?|fill-ins?|fill-in\s+(?:fields?|spots?)|slots?|template\s+fields?)"
PLACEHOLDER_RE = re.compile(
    rf"\b(?:(?P<rel>{REL})\s+)?(?P<n>{NUM})\s+\[?(?:[a-z]{{2,15}}\s+)?{PLACEHOLDER_NOUN}\b|\b{PLACEHOLDER_NOUN}\b",
    re.IGNORECASE)
# A slot left to fill in, the word "placeholder" unsaid: "leave the room number in square brackets", « deja entre
# corchetes el número de sala » (glossed "leave in square brackets the número of sala")
LEFT_IN_BRACKETS_RE = re.compile(r"\bleave\s+(?:[\w'’-]+\s+){0,4}in\s+square\s+brackets\b", re.IGNORECASE)
BRACKETS_RE = re.compile(r"square\s+brackets?|\bbrackets?\b|\[[^\]\n]{1,40}\]", re.IGNORECASE)
# A count stated apart from the noun in the same clause: "placeholders such as [venue] should be used for at least 3
# details", "... in square brackets; at least 5 blanks" (a count with its relation, never a bare number).
LATER_COUNT_RE = re.compile(rf"\b(?P<rel>at\s+least|no\s+fewer\s+than|a\s+minimum\s+of|minimum\s+of|min|"
                            rf"exactly|more\s+than)\s+(?P<n>{NUM})\b", re.IGNORECASE)


# An example cue before a bracketed slot ("such as [venue]"), not "stay exactly like that"
EXAMPLE_CUE_RE = re.compile(r"\b(?:like|such\s+as|e\.\s?g\.|for\s+(?:example|instance)|say|z\.\s?B\.|wie|comme|"
                            r"como|par\s+exemple|por\s+ejemplo)\b,?\s*:?\s*[\"“']?\[", re.IGNORECASE)
# The slots listed after "for", the list closed by "and": "placeholders in square brackets for her name, the date and
# the venue"; another clause may follow after a comma ("... and the manager's name, keep it under 130 words").
_SLOT = r"(?:[\w'’-]+[ \t]+){0,3}[\w'’-]+"
FOR_SLOTS_RE = re.compile(
    rf"\bfor\s+(?P<list>{_SLOT}(?:,[ \t]*{_SLOT}){{0,6}},?[ \t]+and[ \t]+{_SLOT})(?=[ \t]*(?:$|[.;:!?),]))",
    re.IGNORECASE)


def _named_slots(text: str, start: int) -> int | None:
    """How many placeholders the clause names one by one: "keep the [Student name] and [Book title] placeholders"
    (two shown, not as examples), "placeholders for her name and the hiring manager's name" (two listed)."""
    shown = {m.group().lower() for m in re.finditer(r"\[[^\]\n]{1,40}\]", text)}
    if len(shown) >= 2 and not EXAMPLE_CUE_RE.search(text):
        return len(shown)
    listed = FOR_SLOTS_RE.search(text, start)
    if listed:
        return len(re.split(r",[ \t]*(?:and[ \t]+)?|[ \t]+and[ \t]+", listed.group("list")))
    return None


def extract_placeholders(ex: Extraction) -> None:
    """The placeholders asked for: a mention with square brackets named or shown around it, and its count."""
    for clause in ex.clauses:
        text = clause.text
        mentions = [m for m in PLACEHOLDER_RE.finditer(text)
                    if BRACKETS_RE.search(text, max(0, m.start() - 40), min(len(text), m.end() + 120))] or \
            list(LEFT_IN_BRACKETS_RE.finditer(text))[:1]
        if not mentions:
            continue
        counted = next((m for m in mentions if m.re is PLACEHOLDER_RE and m.group("n") and parse_number(m.group("n"))),
                       None)
        first = counted or mentions[0]
        n = parse_number(counted.group("n")) if counted else None
        span = Span(clause.start + first.start(), clause.start + first.end())
        if n is None:
            later = LATER_COUNT_RE.search(text, first.end())
            if later and (value := parse_number(later.group("n"))):
                n = value + (1 if later.group("rel").lower() == "more than" else 0)
                span = Span(span.start, clause.start + later.end())
        if n is None:
            n = _named_slots(text, first.start())
        n = n or 1
        ex.add("detectable_content:number_placeholders", "content", {"num_placeholders": n}, span,
               f"at least {n} placeholder{'s' if n != 1 else ''} in [square brackets]")
        return
