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

PLACEHOLDER_NOUN = r"(?:placeholders?|blanks?|fill-ins?|fill-in\s+(?:fields?|spots?)|slots?|template\s+fields?)"
PLACEHOLDER_RE = re.compile(
    rf"\b(?:(?P<rel>{REL})\s+)?(?P<n>{NUM})\s+\[?(?:[a-z]{{2,15}}\s+)?{PLACEHOLDER_NOUN}\b|\b{PLACEHOLDER_NOUN}\b",
    re.IGNORECASE)


def extract_placeholders(ex: Extraction) -> None:
    for m in PLACEHOLDER_RE.finditer(ex.view):
        context = ex.view[m.start():m.end() + 120]
        if not re.search(r"square\s+brackets?|brackets?|\[[^\]\n]{1,40}\]", context, re.IGNORECASE):
            continue
        n = parse_number(m.group("n")) if m.group("n") else 1
        if n is None:
            continue
        ex.add("detectable_content:number_placeholders", "content", {"num_placeholders": n},
               Span(m.start(), m.end()), f"at least {n} placeholder{'s' if n != 1 else ''} in [square brackets]")
        return
