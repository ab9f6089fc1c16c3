"""Highlighted sections (`*text*`, "italicize at least 5 names", "bold 2 key phrases") and sections marked
with a label and a number ("mark the beginning of each section with SECTION X").
"""

from __future__ import annotations

import re

from rubriq.core.constraints.families.grammar import (
    CAPITAL_CUE,
    REL,
    Extraction,
    count_re,
)
from rubriq.core.constraints.numbers import NUM, TIMES_WORD, parse_number
from rubriq.core.text import Span

HIGHLIGHT_VERB_RE = re.compile(
    r"\b(?:highlight\w*|italici[sz]\w*|italics?|bold\w*|emphasi[sz]\w*)\b", re.IGNORECASE)
HIGHLIGHT_MARKUP_RE = re.compile(
    r"\bmarkdown\b|\*[^*\s][^*\n]{0,80}\*|\bitalic|\basterisks?\b|\bwrapping\s+it\s+with\s+\*", re.IGNORECASE)
HIGHLIGHT_COUNT_RE = count_re(
    r"(?:text\s+|italic\s+|highlighted\s+|markdown\s+)?(?:sections?|parts?|phrases?|words?|keywords?|"
    r"portions?|spans?|passages?|lines?|sentences?|points?|names?|terms?|things?)")
SECTION_TOTAL_RE = count_re(r"sections?")


def extract_highlights(ex: Extraction) -> None:
    for index, clause in enumerate(ex.clauses):
        text = clause.text
        verb = HIGHLIGHT_VERB_RE.search(text)
        if not verb:
            continue
        nearby = text + " " + (ex.clauses[index + 1].text if index + 1 < len(ex.clauses) else "")
        if not HIGHLIGHT_MARKUP_RE.search(nearby) and not re.match(r"italic|bold", verb.group(), re.IGNORECASE):
            continue  # "highlight" alone may mean stress in words; italic and bold are markdown
        if re.search(CAPITAL_CUE, text[max(0, verb.start() - 60):verb.end() + 10], re.IGNORECASE):
            continue  # "use capital letters to highlight key points" is about casing
        n = None
        span = Span(clause.start + verb.start(), clause.start + verb.end())
        for m in HIGHLIGHT_COUNT_RE.finditer(text):
            value = parse_number(m.group("n"))
            if value is not None:
                n = value
                span = Span(clause.start + min(m.start(), verb.start()), clause.start + max(m.end(), verb.end()))
                break
        if n is None:  # "italicize at least 5 of your favorite names", "highlight some words twice"
            after = text[verb.end():verb.end() + 60]
            number = re.search(rf"^(?:[^.\d]{{0,25}}?\b)?(?:{REL}\s+)?(?P<n>{NUM})\b(?!\s*(?:sentences?|words?\s+long))"
                               rf"|\b(?P<t>{TIMES_WORD})\b", after, re.IGNORECASE)
            if number:
                value = parse_number(number.group("n") or number.group("t"))
                if value:
                    n = value
        if n is None and re.search(r"\beach\s+section\b", text, re.IGNORECASE):
            for m in SECTION_TOTAL_RE.finditer(ex.view):  # "The proposal should contain 5 or more sections"
                value = parse_number(m.group("n"))
                if value is not None:
                    n = value
                    break
        if n is None:
            n = 1
        ex.add("detectable_format:number_highlighted_sections", "format", {"num_highlights": n}, span,
               f"at least {n} highlighted section{'s' if n != 1 else ''} (*text*)")
        return


SECTION_MARK_RE = re.compile(
    r"\b(?:mark|begin|start|label|head|prefix|introduce)\w*\s+(?:the\s+beginning\s+of\s+)?(?:each|every)\s+"
    r"(?P<unit>[a-z]{3,20})\s+with\s+(?:the\s+(?:word|text|label)\s+)?[\"'“‘]?(?P<split>[A-Za-z][\w-]{0,24})\s+"
    r"(?:X|N|\d{1,2}|#|\{[a-z]\}|\[[a-z]\])\b",
    re.IGNORECASE,
)


SECTION_MARKED_RE = re.compile(
    r"\b(?P<unit>sections?|parts?|paragraphs?|chapters?|days?|steps?)\s*,?\s+(?:marked|labell?ed|starting|beginning|headed|"
    r"titled)\s+(?:with|by|as)\s+[\"'“‘]?(?P<split>[A-Za-z][\w-]{0,24})\s+(?:X|N|\d{1,2}|#|\{[a-z]\}|\[[a-z]\])\b",
    re.IGNORECASE,
)


SECTION_LISTED_RE = re.compile(
    rf"\b(?P<n>{NUM})\s+(?P<unit>sections|parts|chapters)\s*\(\s*[\"'“‘]?(?P<split>[A-Za-z][\w-]{{0,24}})\s+1\b",
    re.IGNORECASE)


def extract_sections(ex: Extraction) -> None:
    listed = SECTION_LISTED_RE.search(ex.view)  # "two sections (Section 1 and Section 2)"
    if listed and (n := parse_number(listed.group("n"))):
        ex.add("detectable_format:multiple_sections", "structure",
               {"section_spliter": listed.group("split"), "num_sections": n}, Span(listed.start(), listed.end()),
               f"at least {n} sections, each starting with '{listed.group('split')} X'")
        return
    m = SECTION_MARK_RE.search(ex.view) or SECTION_MARKED_RE.search(ex.view)
    if not m:
        return
    unit = m.group("unit").lower().rstrip("s")
    splitter = m.group("split")
    n = None
    enumerated = re.findall(re.escape(splitter) + r"\s+(\d{1,2})\b", ex.view[m.start():m.end() + 80])
    counted_re = count_re(rf"{unit}s?|sections?|parts?|versions?", adjectives=True)
    for cm in counted_re.finditer(ex.view):
        if cm.group("unit").lower().startswith(("section", unit)):
            n = parse_number(cm.group("n"))
            if n is not None:
                break
    if n is None and len(enumerated) >= 2:
        n = len(enumerated)
    if n is None:
        return
    ex.add("detectable_format:multiple_sections", "structure", {"section_spliter": splitter, "num_sections": n},
           Span(m.start(), m.end()), f"at least {n} sections, each starting with '{splitter} X'")
