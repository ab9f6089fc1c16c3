"""How the response starts and ends: the closing phrase, a postscript, repeating the request first.
"""

from __future__ import annotations

import re
from itertools import islice

from rubriq.core.constraints.families.grammar import (
    MAX_MATCHES,
    QUOTED_ITEM_RE,
    Extraction,
)
from rubriq.core.text import Span, split_sentences

QUOTATION_RE = re.compile(r"double\s+quot(?:ation|ations|e|es)?(?:\s+marks?)?|\bquotation\s+marks\b", re.IGNORECASE)
QUOTATION_VERB_RE = re.compile(r"\b(?:wrap\w*|enclos\w*|around|inside|within|surround\w*|put|place\w*|in)\b",
                               re.IGNORECASE)


def extract_quotation(ex: Extraction) -> None:
    """ "Wrap your entire response with double quotation marks." """
    for clause in ex.clauses:
        q = QUOTATION_RE.search(clause.text)
        if q and QUOTATION_VERB_RE.search(clause.text) and re.search(
                r"\b(?:response|answer|reply|output|entire|whole|everything)\b", clause.text, re.IGNORECASE):
            ex.add("startend:quotation", "format", {}, Span(clause.start + q.start(), clause.start + q.end()),
                   "the whole response wrapped in double quotation marks")
            break


END_RE = re.compile(
    r"\b(?:end|finish|conclude|close|wrap\s+up)(?:s|ing)?\s+(?:your|the|it|this|each|my|with)?\s*"
    r"(?:(?:entire|whole|full)\s+)?(?:[a-z]{2,12}\s+){0,2}?with\s+(?:the\s+|this\s+|a\s+)?"
    r"(?:exact\s+|following\s+|precise\s+|same\s+)?(?P<noun>phrase|sentence|words?|line|question|statement|text)?"
    r"(?:\s+of)?\s*:?\s*",
    re.IGNORECASE)
LAST_SENTENCE_RE = re.compile(
    r"\b(?:very\s+)?(?:last|final|closing)\s+(?:sentence|line|words?|phrase)\s+of\s+(?:your|the)\s+(?:entire\s+)?"
    r"(?:response|answer|reply|output|email|letter|message)\s+(?:should|must|has\s+to|needs\s+to|will)\s+be\s*:?\s*|"
    r"\b(?:very\s+)?end\s+of\s+(?:your|the)\s+(?:entire\s+)?(?:response|answer|reply|output)\s+(?:should|must)\s+"
    r"(?:read|be)\s*(?:exactly\s*)?(?:like|as)?\s*:?\s*",
    re.IGNORECASE)


_LONG_QUOTED_RE = re.compile(r"[\"“]([^\"”\n]{1,200})[\"”]")


def _phrase_at(text: str, pos: int, quoted_only: bool) -> tuple[str, int] | None:
    """The phrase at `pos`: the quoted text, or (unless `quoted_only`) the rest of the line up to its first
    sentence end."""
    m = QUOTED_ITEM_RE.match(text, pos) or _LONG_QUOTED_RE.match(text, pos)
    if m:
        return m.group(1).strip(), m.end()
    if quoted_only:
        return None
    line_end = text.find("\n", pos, pos + 300)
    line_end = min(len(text), pos + 300) if line_end < 0 else line_end
    rest = text[pos:line_end]
    cut = re.search(r"[.?!](?=\s+(?:No|Do|Don|Make|Please|Nothing|This|The|Your)\b)", rest)
    phrase = rest[: cut.end()] if cut else rest
    phrase = phrase.strip()
    if phrase.endswith(("?.", "!.", "..")):  # "... exact phrase Any other questions?. No other words ..."
        phrase = phrase[:-1]
    if not phrase or len(phrase) > 200:
        return None
    return phrase, pos + len(rest[: cut.end()] if cut else rest)


def extract_end(ex: Extraction) -> None:
    view = ex.view
    for regex in (LAST_SENTENCE_RE, END_RE):
        for m in islice(regex.finditer(view), MAX_MATCHES):
            noun = m.groupdict().get("noun")
            quoted_only = regex is END_RE and not noun and not m.group(0).rstrip().endswith(":")
            if regex is END_RE and re.match(r"\s*(?:a|an)\s+(?:postscript|p\.)", view[m.start():m.end()][-12:], re.I):
                continue
            found = _phrase_at(view, m.end(), quoted_only)
            if not found:
                continue
            phrase, end = found
            if re.match(r"(?:a|an)\s+(?:postscript|p\.\s?s)", phrase, re.IGNORECASE) or len(phrase) < 2:
                continue
            ex.add("startend:end_checker", "startend", {"end_phrase": phrase}, Span(m.start(), end),
                   f"end with {phrase!r}")
            return


POSTSCRIPT_RE = re.compile(
    r"\b(?:post\s?-?script|P\.\s?S\.?)\b[^\n]{0,80}?\b(?:start\w*|begin\w*|indicated|marked|denoted|prefixed|"
    r"introduced|labell?ed)\s+(?:with|by)\s+(?P<marker>P\.\s?P\.\s?S\.?|P\.\s?S\.?|[\"“'][^\"”'\n]{1,20}[\"”'])",
    re.IGNORECASE)
POSTSCRIPT_MARKER_RE = re.compile(
    r"\b(?:start\w*|begin\w*|prefix\w*)\s+(?:it\s+)?with\s+(?:a\s+|an\s+|the\s+)?[\"“']?"
    r"(?P<marker>P\.\s?P\.\s?S\b\.?|P\.\s?S\.)", re.IGNORECASE)
POSTSCRIPT_PLAIN_RE = re.compile(r"\b(?:add|include|with|end\s+with|append)\s+(?:a\s+)?(?:post\s?-?script|P\.S\.)",
                                 re.IGNORECASE)


def extract_postscript(ex: Extraction) -> None:
    m = POSTSCRIPT_RE.search(ex.view)
    if m:
        raw = m.group("marker").strip("\"“”'")
        compact = raw.replace(" ", "").upper()
        marker = "P.P.S" if compact.startswith("P.P.S") else ("P.S." if compact.startswith("P.S") else raw.strip())
        ex.add("detectable_content:postscript", "content", {"postscript_marker": marker}, Span(m.start(), m.end()),
               f"a postscript starting with {marker}")
        return
    m = POSTSCRIPT_MARKER_RE.search(ex.view)  # "add a note starting with P.S."
    if m:
        compact = m.group("marker").replace(" ", "").upper()
        marker = "P.P.S" if compact.startswith("P.P.S") else "P.S."
        ex.add("detectable_content:postscript", "content", {"postscript_marker": marker}, Span(m.start(), m.end()),
               f"a postscript starting with {marker}")
        return
    m = POSTSCRIPT_PLAIN_RE.search(ex.view)
    if m:
        ex.add("detectable_content:postscript", "content", {"postscript_marker": "P.S."}, Span(m.start(), m.end()),
               "a postscript starting with P.S.", 0.7)


REPEAT_FIRST_RE = re.compile(
    r"\b(?:first|before|word\s+for\s+word|without\s+(?:any\s+)?chang\w*|exact\w*|verbatim|as\s+it\s+is|"
    r"beginning|start\s+(?:your|the)\s+(?:response|answer|reply))\b", re.IGNORECASE)
REPEAT_TALK_RE = re.compile(r"\brepeat\w*|\b(?:do\s+not|don'?t)\s+say\b|\bword\s+for\s+word\b", re.IGNORECASE)
REPEAT_RE = re.compile(
    r"\brepeat(?:ing)?\s+(?:(?:the|this|my|your|all|exact|entire|whole|above|following|same|original|user'?s?|"
    r"full|it|that|text|request|prompt|question|sentence|instructions?|input|query)\b[\s,]*){1,6}",
    re.IGNORECASE)


def extract_repeat(ex: Extraction) -> None:
    view, text = ex.view, ex.doc.text
    m = REPEAT_RE.search(view)
    if not m or not re.search(r"request|prompt|question|sentence|text|instruction|input|query|\bit\b", m.group(0),
                              re.IGNORECASE):
        return
    around = view[max(0, m.start() - 150):m.end() + 150]
    if not REPEAT_FIRST_RE.search(around):
        return  # "repeat the chorus", "repeat the following sentence in French": not the request, not first
    if not re.search(r"request|prompt|question|sentence|text|instruction|input|query", m.group(0), re.IGNORECASE) \
            and not re.search(r"request|prompt|question|instruction", around, re.IGNORECASE):
        return  # "repeat it" must refer to the request
    # The instruction to repeat sits in a block of lines; the request is the text on the other side of it.
    line_start = view.rfind("\n", 0, m.start()) + 1
    body_start = ex.doc.body_start
    before_in_line = view[line_start:m.start()]
    sentence_start = line_start
    if before_in_line.strip():
        sentences = [s for s in split_sentences(view[line_start:]) if s.span.start + line_start <= m.start()]
        if sentences:
            sentence_start = line_start + sentences[-1].span.start
    block_end = view.find("\n\n", m.end())
    block_end = len(view) if block_end < 0 else block_end
    request = text[body_start:sentence_start].strip()
    if not request:
        request = text[block_end:].strip()
    if not request:  # instruction and request in one paragraph: the request follows the instruction's sentences
        after = [sg for sg in split_sentences(view[m.end():]) if not REPEAT_TALK_RE.search(sg.text)]
        request = text[m.end() + after[0].span.start:].strip() if after else ""
    if not request:
        return
    ex.add("combination:repeat_prompt", "startend", {"prompt_to_repeat": request}, Span(m.start(), m.end()),
           "start by repeating the request word for word")
