"""Punctuation: "do not use any commas", "refrain from the use of any commas", "a riddle that doesn't use commas".
"""

from __future__ import annotations

import re

from rubriq.core.constraints.families.grammar import Extraction
from rubriq.core.text import Span

NO_COMMA_RE = re.compile(
    r"(?:\b(?:no|not|never|without|refrain\w*|avoid\w*|zero|don'?t|doesn'?t|mustn'?t|shouldn'?t|none)\b|n't\b)"
    r"[^.\n?!]{0,60}?\bcommas?\b"
    r"(?![\s-]*separated)", re.IGNORECASE)


def extract_no_comma(ex: Extraction) -> None:
    view = ex.view
    m = NO_COMMA_RE.search(view)
    if m:
        ex.add("punctuation:no_comma", "punctuation", {}, Span(m.start(), m.end()), "no commas")
