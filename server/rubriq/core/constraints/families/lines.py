"""Lines and stanzas: "a one-line answer", "in no more than 4 lines", "a poem of exactly 8 lines", "four stanzas",
"stanzas of four lines each", "three four-line stanzas", "three stanzas, each of four lines".

A count of lines limits the whole response unless it names a part ("4 lines of code", "each line", "per stanza").
"""

from __future__ import annotations

import re

from rubriq.core.constraints.families.distributive import attached
from rubriq.core.constraints.families.grammar import (
    LOWER_EXCLUSIVE,
    POST,
    REL,
    Extraction,
    bounds_for,
    negated_after,
    negated_before,
    norm,
    wording_for,
)
from rubriq.core.constraints.numbers import NUM, parse_number
from rubriq.core.constraints.types import AT_LEAST, EXACTLY, LESS_THAN
from rubriq.core.text import Span

# ---------------------------------------------------------------------------------------------------------------
# Phrasings

LINES_RE = re.compile(
    rf"\b(?P<one>one|single|a\s+single)[\s-]+line(?:d|r)?\s+(?:answer|reply|response|summary|description)\b|"
    # "a four-line poem": the whole of what is asked for (not "a one-line explanation" beside the code)
    rf"\b(?:a|an|the)\s+(?P<nline>{NUM})-line\s+(?:poem|verse|limerick|song|rhyme|jingle|message|note|bio|reply|"
    rf"answer|response|summary|description|text)\b|"
    rf"\b(?:(?P<rel>{REL})\s+)?(?P<n>{NUM})(?P<post>{POST})?[\s-]+lines?\b(?P<post2>{POST})?(?!\s+(?:of\s+code|each|"
    rf"per|long|apart|of\s+(?:the|your|each)))",
    re.IGNORECASE)
LINE_CUE_BEFORE_RE = re.compile(
    r"\b(?:in|of|with|use|using|write|keep\s+it\s+(?:to|under)|be|is|only|just|answer|reply|respond|exactly|poem|"
    r"limerick|verse|response|usual)\s*$|"
    # a count on its own in a list of requirements: "Write a limerick, five lines, no emoji.", "... card. Eight lines."
    r"(?:^|[,;:(\n]|[.!?](?=\s))\s*$", re.IGNORECASE)
EXACT_AFTER_RE = re.compile(r"[ \t]*,?[ \t]*(?:exactly|precisely|no\s+more(?:,)?\s+no\s+less)\b", re.IGNORECASE)
# A count standing alone in a list of requirements ends there: "a limerick, five lines, no emoji".
FRAGMENT_END_RE = re.compile(r"\s*(?:[,.;:)!\n]|$|(?:and|or|please|max(?:imum)?|tops)\b)", re.IGNORECASE)
# A one-line part of a longer answer: "open the report with a one-line summary", "add a two-line note at the end",
# "a one-line summary, then the details".
PART_BEFORE_RE = re.compile(
    r"\b(?:open|start|begin|lead|kick\s+off|end|close|finish|wrap\s+up|top|cap|sign\s+off|preface|follow)\w*\b"
    r"[^.\n]{0,40}?\b(?:with|by)\s+(?:a|an|the)?\s*$|"
    r"\b(?:add|include|append|prepend|put|plus|then|followed\s+by|after\s+that|also)\b[^.\n]{0,15}?(?:a|an|the)?\s*$",
    re.IGNORECASE)
PART_AFTER_RE = re.compile(
    r"[^.\n]{0,25}?(?:,\s*)?\b(?:then|followed\s+by|at\s+the\s+(?:top|start|end|bottom|beginning)|first|before|above|"
    r"below|on\s+top|underneath)\b|"
    # "end with one line that begins "Pick:"": the line is a part, described by what it says
    r"\s+(?:that|which)\s+(?:starts?|begins?|opens?|reads?|says?)\b", re.IGNORECASE)
LIMIT_BEFORE_RE = re.compile(r"\b(?:keep|limit|cap|restrict)\w*\b[^.\n]{0,20}\b(?:to|at)\s*$", re.IGNORECASE)
# "three stanzas", "split it into 3 verses" (a song's or a poem's verses are its stanzas)
STANZAS_RE = re.compile(rf"\b(?:(?P<rel>{REL})\s+)?(?P<n>{NUM})[\s-]+(?:[a-z-]{{2,15}}\s+)?(?:stanzas?|verses)\b",
                        re.IGNORECASE)
LINES_PER_STANZA_RE = re.compile(
    rf"\b(?:stanzas?|verses)\s+(?:of|with|having)\s+(?P<n>{NUM})\s+lines?(?:\s+each)?\b|"
    rf"\b(?:each|every)\s+stanza\s+(?:should|must|has\s+to|needs\s+to|will)?\s*(?:have|has|contain|be)\s+"
    rf"(?:exactly\s+)?(?P<n2>{NUM})\s+lines?\b|"
    rf"\b(?P<n3>{NUM})-line\s+(?:stanzas?|verses)\b|\b(?P<n4>{NUM})\s+lines?\s+(?:each|per\s+stanza|in\s+each\s+stanza)\b",
    re.IGNORECASE)

# A poem's stanzas under another name, counted and then given their lines: "trois blocs, six vers par bloc".
PER_PART_RE = re.compile(rf"\b(?P<n>{NUM})\s+lines?\s+(?:per|each|in\s+each|a)\s+(?P<part>[^\W\d_]{{3,15}})\b",
                         re.IGNORECASE)
POEM_CUE_RE = re.compile(r"\b(?:poems?|songs?|slam|rap|lyrics|rhym\w*|rim(?:e|es|er)|haiku|limerick|ballad|ode|"
                         r"sonnet|poème|chanson|gedicht|lied|poema|canción|verses)\b", re.IGNORECASE)
_NOT_STANZA_PARTS = frozenset({
    "stanza", "verse", "paragraph", "section", "bullet", "item", "entry", "card", "page", "slide", "message",
    "answer", "response", "email", "question", "person", "day", "week", "month", "name", "step", "point", "line",
})


def _stanzas_named_otherwise(ex: Extraction) -> None:
    view = ex.view
    per = PER_PART_RE.search(view)
    if per is None or not POEM_CUE_RE.search(view):
        return
    part = per.group("part").lower().rstrip("s")
    if part in _NOT_STANZA_PARTS:
        return
    counted = re.search(rf"\b(?P<n>{NUM})\s+{re.escape(part)}s?\b", view[:per.start()], re.IGNORECASE)
    n_lines, n_parts = parse_number(per.group("n")), parse_number(counted.group("n")) if counted else None
    if counted and n_lines and n_parts:
        ex.add("rubriq:number_stanzas", "structure", {"num_stanzas": n_parts}, Span(counted.start(), counted.end()),
               f"exactly {n_parts} stanza{'s' if n_parts != 1 else ''}", 0.85)
        ex.add("rubriq:lines_per_stanza", "structure", {"num_lines": n_lines}, Span(per.start(), per.end()),
               f"{n_lines} lines in every stanza", 0.85)


EACH_LINES_RE = re.compile(rf"\b(?:(?:exactly|precisely)\s+)?(?P<n>{NUM})[\s-]+lines?\b", re.IGNORECASE)


TABLE_ROWS_AFTER_RE = re.compile(r"[ \t]+(?:in|of)[ \t]+(?:the|your|that|this)[ \t]+(?:table|spreadsheet|csv)\b",
                                 re.IGNORECASE)


def extract_lines(ex: Extraction) -> None:
    view = ex.view
    stanza = STANZAS_RE.search(view)
    if stanza and (n := parse_number(stanza.group("n"))) and n > 0:
        ex.add("rubriq:number_stanzas", "structure", {"num_stanzas": n}, Span(stanza.start(), stanza.end()),
               f"exactly {n} stanza{'s' if n != 1 else ''}", 0.85)
    if stanza is None:
        _stanzas_named_otherwise(ex)
    per = LINES_PER_STANZA_RE.search(view)
    per_span = None
    if per:
        n = parse_number(per.group("n") or per.group("n2") or per.group("n3") or per.group("n4"))
        if n:
            per_span = Span(per.start(), per.end())
            ex.add("rubriq:lines_per_stanza", "structure", {"num_lines": n}, per_span,
                   f"{n} lines in every stanza", 0.85)
    for m in EACH_LINES_RE.finditer(view) if per_span is None else ():
        each = attached(view, m.start(), m.end())  # "three stanzas, each of four lines"
        n = parse_number(m.group("n"))
        if each and each.referent == "stanza" and n:
            per_span = each.span
            ex.add("rubriq:lines_per_stanza", "structure", {"num_lines": n}, per_span, f"{n} lines in every stanza",
                   0.85)
            break
    for m in LINES_RE.finditer(view):
        span = Span(m.start(), m.end())
        if per_span and span.overlaps(per_span):
            continue
        if TABLE_ROWS_AFTER_RE.match(view, m.end()):
            continue  # "at most five lines in the table": rows of a table, not lines of the reply
        if (m.group("one") or m.group("nline")) and (
                PART_BEFORE_RE.search(view[max(0, m.start() - 60):m.start()]) or PART_AFTER_RE.match(view, m.end())):
            continue  # a part of the answer, not its length
        if m.group("one"):
            bounds = bounds_for(None, None, 1)
        elif m.group("nline"):
            n = parse_number(m.group("nline"))
            if not n:
                continue
            bounds = bounds_for(None, None, n)
        else:
            n = parse_number(m.group("n"))
            if n is None:
                continue
            rel, post = m.group("rel"), m.group("post") or m.group("post2")
            before = view[max(0, m.start() - 30):m.start()]
            if not rel and not post and (PART_BEFORE_RE.search(view[max(0, m.start() - 60):m.start()]) or
                                         PART_AFTER_RE.match(view, m.end())):
                continue  # "end with one line that begins ...": a part of the answer, not its length
            if re.search(r"\b(?:each|every|per)\b[^.\n]{0,20}$", before, re.IGNORECASE):
                continue
            exact_after = EXACT_AFTER_RE.match(view, m.end())  # "five lines exactly"
            if exact_after and not rel and not post:
                rel, span = "exactly", Span(m.start(), exact_after.end())
            if not rel and not post and not LINE_CUE_BEFORE_RE.search(before):
                continue
            if not rel and not post and re.search(r"(?:^|[,;:(\n]|[.!?](?=\s))\s*$", before) and \
                    not FRAGMENT_END_RE.match(view, m.end()):
                continue  # "a poem about the sea, two lines of which should rhyme": not a count of the whole
            if not rel and LIMIT_BEFORE_RE.search(before):
                rel = "at most"  # "keep it to two lines"
            negated = negated_before(view, m.start()) or (norm(rel) in LOWER_EXCLUSIVE and negated_after(view, m.end()))
            bounds = bounds_for(rel, post, n, negated=negated, limiting=LESS_THAN)
        for bound in bounds:
            if bound.relation in (AT_LEAST, LESS_THAN, EXACTLY):
                ex.add("rubriq:number_lines", "structure", {"relation": bound.relation, "num_lines": bound.value},
                       span, wording_for(bound, "line"), 0.8)
        return
