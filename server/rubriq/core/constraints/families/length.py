"""Lengths of the whole response: words, sentences, characters ("at most 300 words", "under 280 characters",
"a 100-word ad", "20 to 25 sentences", "limit your response to 100 words").
"""

from __future__ import annotations

import re

from rubriq.core.constraints.families.distributive import attached, the_reply_itself
from rubriq.core.constraints.families.grammar import (
    CAPITAL_CUE,
    LOWER_EXCLUSIVE,
    PART_OF_RE,
    POST,
    PROGRAM_BEHAVIOUR_RE,
    REL,
    Bound,
    Extraction,
    bounds_for,
    count_re,
    goes_past_before,
    near_units,
    negated_after,
    negated_before,
    norm,
    range_wording,
    rejected_before,
    wording_for,
)
from rubriq.core.constraints.numbers import NUM, parse_number
from rubriq.core.constraints.types import AT_LEAST, EXACTLY, LESS_THAN
from rubriq.core.text import Span

WORD_UNIT_RE = re.compile(r"\bwords?\b", re.IGNORECASE)
SENTENCE_UNIT_RE = re.compile(r"\bsentences?\b", re.IGNORECASE)
WORDS_RE = count_re(r"words?", after_guard=rf"(?!\s+(?:in|with|written\s+in|that\s+are|using|of)\s+(?:all\s+)?"
                                            rf"(?:the\s+)?{CAPITAL_CUE})")
SENTENCES_RE = count_re(r"sentences?")
UNIT_FIRST_RE = re.compile(
    rf"\b(?P<unit>words?|sentences?|word\s+count|sentence\s+count|length)\s+(?:in\s+(?:your|the)\s+(?:entire\s+|whole\s+)?"
    rf"(?:response|answer|reply|output)\s+)?(?:should|must|has\s+to|needs?\s+to|will|shall)\s+(?:not\s+)?be\s+"
    rf"(?:(?P<rel>{REL})\s+)?(?P<n>{NUM})(?P<post>{POST})?",
    re.IGNORECASE,
)
LIMIT_NUMBER_RE = re.compile(
    rf"\b(?:limit|keep|cap|restrict)\s+(?:the\s+)?(?:number\s+of\s+|total\s+)?(?P<unit>words?|sentences?)"
    rf"[^.\n]{{0,40}}?\bto\s+(?:(?P<rel>{REL})\s+)?(?P<n>{NUM})(?P<post>{POST})?",
    re.IGNORECASE,
)


_PART = (r"(?:line|paragraph|section|bullet|point|item|stanza|sentence|verse|part|step|answer|response|version|entry|"
         r"slide|tweet|name|title|heading|question|option|idea|tip)s?")
DISTRIBUTIVE_RE = re.compile(
    rf"\b(?:each|every|per)\s+(?:single\s+)?{_PART}\b|"
    # "no question longer than 20 words": a limit on every part
    rf"\bno\s+(?:single\s+)?{_PART}\s+(?:(?:should|must|can|may|is\s+to)\s+(?:be\s+|run\s+|go\s+)?|being\s+|is\s+)?"
    r"(?:longer|more|over|above|beyond|exceeding|shorter|fewer|under)\b",
    re.IGNORECASE)
# The whole named after a part: "each bullet under 10 words and the whole answer under 40 words".
WHOLE_RE = re.compile(r"\b(?:whole|entire|total|overall|altogether)\b|\bin\s+all\b", re.IGNORECASE)
FIELD_BEFORE_RE = re.compile(
    r"\b(?:the\s+|each\s+|every\s+)?[\"'`]?(?P<field>(?!(?:the|a|an|each|every|your|my|our|this|that|its|json|one)\b)"
    r"[A-Za-z_][\w-]{1,30})[\"'`]?\s+(?P<noun>field|key|value|property)(?:'s\s+value)?\b(?!\s+(?:points?|ideas?|messages?|"
    r"takeaways?|facts?|findings?|terms?|words?|phrases?|features?|steps?|dates?|figures?|numbers?))[^.\n]{0,40}$",
    re.IGNORECASE)
DATA_CUE_RE = re.compile(r"\b(?:json|yaml|csv|schema|object|fields?|keys)\b", re.IGNORECASE)
PART_ADDED_BEFORE_RE = re.compile(r"\b(?:finish|end|close|conclude|start|begin|open|add|include|followed|plus|then|"
                                  r"with)\w*\s+(?:(?:by|with|off\s+with|up\s+with)\s+)?(?:a|an|one)\s+$", re.IGNORECASE)
# "end with your recommendation, in one sentence that ...": the length of the closing part, not of the whole
CLOSING_PART_BEFORE_RE = re.compile(r"\b(?:finish|end|close|conclude)\w*\s+(?:with|on)\s+(?:[\w'-]+\s+){0,2}[\w'-]+"
                                    r"\s*,?\s+in\s+$", re.IGNORECASE)
# The words between may not start a second request: "put the answer in bold and stay under 80 words" limits words.
HIGHLIGHTED_BEFORE_RE = re.compile(r"\b(?:highlight|bold|italici[sz]e|emphasi[sz]e|underline)\w*\s+"
                                   r"(?:(?!(?:and|but|then|plus|stay|keep|use|write)\b)[a-z]+\s+){0,2}$",
                                   re.IGNORECASE)
CAPITALIZE_BEFORE_RE = re.compile(r"capitali[sz]e\W{1,3}(?:\w+\W{1,3}){0,3}$", re.IGNORECASE)
UPPER_AFTER_RE = re.compile(r"\s*(?:max|maximum|at\s+most|or\s+(?:fewer|less))\b", re.IGNORECASE)
PER_ITEM_RE = re.compile(r"\s+(?:per|for\s+each|in\s+each|each)\s+(?:item|point|bullet|line|name|entry|idea|step|"
                         r"paragraph|section|answer|option|title)\b", re.IGNORECASE)
LIMIT_TO_RE = re.compile(r"\b(?:limit|restrict|cap|keep)\w*\b[^.\n]{0,40}\b(?:to|at)\s*$|"
                         # "trim it to 80 words", "boil it down to three sentences", "condense it into 50 words"
                         r"\b(?:cut|trim|shorten|reduce|condense|boil|bring|get|pare|whittle|chop|slim|squeeze|shrink|"
                         r"compress)\w*\s+(?:it|this|that|them|these|those|everything|(?:the|my|your|this|that)\s+(?:whole\s+|entire\s+)?"
                         r"[\w-]+)\s+(?:(?:back|down)\s+)?"
                         r"(?:to|into)\s*$|"
                         # "stick to two sentences", "I only want two sentences back"
                         r"\bstick(?:ing)?\s+(?:to|with)\s*$|\b(?:only|just)\s+(?:want|need)\s*$", re.IGNORECASE)
# The unit's limit named as a noun: "Word limit: 150", "sentence maximum of 5", "word count: 300-400".
LIMIT_NOUN_RE = re.compile(
    rf"\b(?P<unit>words?|sentences?)[\s-]+(?P<noun>limit|maximum|max|cap|ceiling|minimum|min|count|range)\s*"
    rf"(?:is|of|:|=|–|-)?\s*(?:(?P<rel>{REL})\s+)?(?:(?P<a>{NUM})\s*(?:-|–|to)\s*)?(?P<n>{NUM})(?![\w-])(?P<post>{POST})?",
    re.IGNORECASE,
)
LIMIT_NOUN_RELATIONS = {"limit": "at most", "maximum": "at most", "max": "at most", "cap": "at most",
                        "ceiling": "at most", "minimum": "at least", "min": "at least"}


def _a_fragment(view: str, m: re.Match[str]) -> bool:
    """A count said on its own, as a fragment of a list of requirements: "Two sentences, casual, no emojis.",
    "a short bio, 3 sentences, and ...": it starts a sentence or follows a comma, and a comma or a full stop ends it
    (after "only", "this time" or "please" at most)."""
    before = view[max(0, m.start() - 3):m.start()]
    # "Two sentences only this time, ...": a fragment may close on "only", "this time", "please"
    return bool(re.search(r"(?:^|[.!?(]\s+|,\s+|\(\s*)$", before) or m.start() == 0) and bool(
        re.match(r"(?:\s+(?:only|please|this\s+time|tops|total)){0,2}\s*(?:[,.;)]|$)", view[m.end():m.end() + 30]))


def _length(ex: Extraction, regex: re.Pattern[str], kind: str, param: str, unit: str,
            anchor: re.Pattern[str]) -> None:
    view = ex.view
    results: list[tuple[Span, list[Bound], bool]] = []
    for m in near_units(regex, view, anchor):
        gap = view[m.start("n"):m.start("unit")].lower()
        if re.search(CAPITAL_CUE, gap) or "letter" in gap:
            continue
        if unit == "word" and CAPITALIZE_BEFORE_RE.search(view[max(0, m.start() - 40):m.start()]):
            continue  # "capitalize at least 6 words" counts capital words
        n = parse_number(m.group("n"))
        if n is None or n > 100_000:
            continue
        rel = m.group("rel")
        negated = negated_before(view, m.start()) or (norm(rel) in LOWER_EXCLUSIVE and (
            negated_after(view, m.end()) or rejected_before(view, m.start()) or
            goes_past_before(view, m.start())))  # "more than 40 words isn't needed", "if it runs past 140 words"
        hyphenated = "-" in m.group("sep") or (m.group("post") or "").strip() == "+"
        clause_head = view[max(0, m.start() - 60):m.start()]
        clause_head = clause_head[max(clause_head.rfind(c) for c in ".?!\n") + 1:]
        if PROGRAM_BEHAVIOUR_RE.search(clause_head):
            continue  # "a function that returns at most 50 words": what the code does
        if HIGHLIGHTED_BEFORE_RE.search(clause_head):
            continue  # "highlight at least two sentences in bold" counts highlights, not the response's sentences
        if (hyphenated and PART_ADDED_BEFORE_RE.search(clause_head)) or CLOSING_PART_BEFORE_RE.search(clause_head):
            continue  # "finish with a one-sentence tip": the length of that part
        field = FIELD_BEFORE_RE.search(clause_head) if unit == "word" else None
        if field and field.group("noun").lower() in ("key", "value") and not DATA_CUE_RE.search(view) and not \
                re.search(r"[\"'`]", field.group()[:field.end("field") - field.start() + 1]):
            field = None  # "a story about a lost key": a key is a field only where the prompt asks for data
        if field:  # "the summary field should be no longer than 20 words": one field's value
            n_field = parse_number(m.group("n"))
            if n_field and not m.group("a"):
                for bound in bounds_for(m.group("rel"), m.group("post") or m.group("post2"), n_field,
                                        negated=negated_before(view, m.start()), limiting=LESS_THAN):
                    if bound.relation in (AT_LEAST, LESS_THAN):
                        ex.add("rubriq:field_length", "length", {"field": field.group("field"),
                               "relation": bound.relation, "num_words": bound.value},
                               Span(view.rfind(field.group(), 0, m.start()), m.end()),
                               f"the {field.group('field')} field: " + wording_for(bound, "word"), 0.8)
            continue
        # a part named before ", and", ";" or a new subject is another request's: "one step per line, and it's at most
        # 70 words", "one step per line, it's a 70-word box"
        joined = max((j.end() for j in re.finditer(r",\s+(?:and|but)\s+|;\s+|,\s+(?=(?:it|it's|it’s|that's|the\s+whole|"
                                                   r"the\s+entire|the\s+answer|the\s+reply|the\s+response)\b)",
                                                   clause_head, re.IGNORECASE)), default=0)
        each = [d for d in DISTRIBUTIVE_RE.finditer(clause_head, joined)
                if not the_reply_itself(view, m.start() - len(clause_head) + d.start(), d.group().split()[-1])]
        if (each and not WHOLE_RE.search(clause_head, each[-1].end())) or PER_ITEM_RE.match(view, m.end()) or \
                attached(view, m.start(), m.end()):
            continue  # "each line should contain exactly one sentence", "five taglines, each under 8 words": per part
        if PART_OF_RE.match(view, m.end()):
            continue  # "no more than 2 sentences of explanation" limits one part of the output, not all of it
        if m.group("a"):
            a = parse_number(m.group("a"))
            if a is None or a >= n:
                continue
            joiner = view[m.end("a"):m.start("n")].strip().lower()
            if joiner == "or" and norm(rel) not in ("", "between"):
                continue
            bounds = [Bound(AT_LEAST, a), Bound(LESS_THAN, n + 1, True)]
            if a == 1 or (joiner == "or" and UPPER_AFTER_RE.match(m.group("post2") or "")):
                # "one or two sentences", "two or three sentences max": the upper bound says it; a range to its
                # top ("100 to 150 words max") keeps its two ends
                bounds = bounds[1:]
            results.append((Span(m.start(), m.end()), bounds, True))
            continue
        default = EXACTLY
        if not rel and LIMIT_TO_RE.search(clause_head):
            rel = "at most"  # "limit your response to 100 words", "keep it to 3 sentences"
        if unit == "word":
            default = "about"
            # a bare "500 words" counts only in length phrasing: "in 500 words", "a 500-word essay", "using 500 words"
            before = view[max(0, m.start() - 12):m.start()].lower()
            if not rel and not m.group("post") and not m.group("post2") and not hyphenated and not re.search(
                    r"(?:\b(?:in|a|an|using|use|with|within|of|be|is|write|keep\s+it)|^|[:\n•*-])\s*$", before) \
                    and not _a_fragment(view, m):
                continue
        if unit == "word" and hyphenated and not rel and not m.group("post") and not m.group("post2"):
            default = AT_LEAST  # IFEval reads "a 100-word advertisement" as at least 100 words
        elif unit == "word" and not rel and not m.group("post") and not m.group("post2") and n <= 10:
            default = EXACTLY  # "answer in one word", "in five words": too few to be approximate
        bounds = bounds_for(rel, m.group("post") or m.group("post2"), n, negated=negated, default=default,
                            limiting=LESS_THAN if unit == "word" else EXACTLY)
        if unit == "sentence" and not rel and not m.group("post") and not m.group("post2"):
            before = view[max(0, m.start() - 12):m.start()].lower()
            if not re.search(r"(?:\b(?:in|a|an|of|with|using|use|contain|contains|write|be|only|just)|^|[:\n•*-])\s*$",
                             before) and not _a_fragment(view, m) and not LIMIT_TO_RE.search(clause_head):
                continue  # "Summarize it: two sentences, no emojis" states the length after a colon
        explicit = bool(rel or m.group("post") or m.group("post2"))
        results.append((Span(m.start(), m.end()), bounds, explicit))
    for extra in (UNIT_FIRST_RE, LIMIT_NUMBER_RE):
        for m in near_units(extra, view, anchor, before=60, after=120):
            if not m.group("unit").lower().startswith(unit) and not (unit == "word" and m.group("unit").lower() ==
                                                                    "length"):
                continue
            if m.group("unit").lower() == "length" and unit != "word":
                continue
            if re.search(CAPITAL_CUE, view[m.start():m.end()], re.IGNORECASE):
                continue
            n = parse_number(m.group("n"))
            if n is None:
                continue
            negated = bool(re.search(r"\bnot\b", m.group(0), re.IGNORECASE))
            bounds = bounds_for(m.group("rel"), m.group("post"), n, negated=negated, limiting=LESS_THAN)
            if m.group("unit").lower() == "length" and not m.group("rel") and not m.group("post"):
                continue
            results.append((Span(m.start(), m.end()), bounds, True))
    for m in near_units(LIMIT_NOUN_RE, view, anchor, before=10, after=60):
        if not m.group("unit").lower().startswith(unit):
            continue
        n = parse_number(m.group("n"))
        if n is None:
            continue
        if m.group("a"):
            a = parse_number(m.group("a"))
            if a is not None and a < n:
                results.append((Span(m.start(), m.end()), [Bound(AT_LEAST, a), Bound(LESS_THAN, n + 1, True)], True))
            continue
        rel = m.group("rel") or LIMIT_NOUN_RELATIONS.get(m.group("noun").lower())
        if rel or m.group("post"):  # "word count: 300" alone says no relation
            results.append((Span(m.start(), m.end()), bounds_for(rel, m.group("post"), n, limiting=LESS_THAN), True))
    # A bare or exact count next to an explicit bound of the same unit is usually its elaboration
    # ("less than 3 sentences (just 1 sentence or 2 sentences)"): keep the bounds. A count on another line (a later
    # chat turn's "cut it to about 80 words") is not an elaboration.
    bounded = [span for span, bs, _e in results if any(b.relation in (AT_LEAST, LESS_THAN) for b in bs)]
    seen: set[tuple[str, int]] = set()
    for span, bounds, explicit in sorted(results, key=lambda r: r[0].start):
        stated = range_wording(bounds, unit)  # "between 80 and 120 words" stays a range in what Rubriq says
        if all(b.relation in (EXACTLY, "about") for b in bounds) and any(
                "\n" not in view[min(span.start, b.start):max(span.end, b.end)] for b in bounded):
            continue
        if any(span.overlaps(c.span) and c.kind == kind for c in ex.found):
            continue
        for bound in bounds:
            if (bound.relation, bound.value) in seen:
                continue
            seen.add((bound.relation, bound.value))
            wording = stated or wording_for(bound, unit)
            if bound.relation == "about":
                ex.add("rubriq:approximate_words", "length", {"num_words": bound.value}, span, wording,
                       0.7)
            else:
                ex.add(kind, "length", {"relation": bound.relation, param: bound.value}, span, wording,
                       0.95 if explicit else 0.8)


CHARACTERS_RE = count_re(r"characters?|chars")
CHARACTER_UNIT_RE = re.compile(r"\b(?:characters?|chars)\b", re.IGNORECASE)


def extract_characters(ex: Extraction) -> None:
    """ "under 280 characters", "at most 160 characters": the length of the whole response in characters."""
    for m in near_units(CHARACTERS_RE, ex.view, CHARACTER_UNIT_RE):
        head = ex.view[max(0, m.start() - 80):m.start()]
        if PROGRAM_BEHAVIOUR_RE.search(head[max(head.rfind("."), head.rfind("\n")) + 1:]):
            continue  # "a form that accepts a message of at most 280 characters"
        if attached(ex.view, m.start(), m.end()):
            continue  # "each tweet under 280 characters": every part's length, not the whole response's
        n = parse_number(m.group("n"))
        rel, post = m.group("rel"), m.group("post") or m.group("post2")
        if n is None or m.group("a") or not (rel or post) or re.search(r"\bletters?\b", m.group(0), re.IGNORECASE):
            continue
        for bound in bounds_for(rel, post, n, negated=negated_before(ex.view, m.start()), limiting=LESS_THAN):
            if bound.relation in (AT_LEAST, LESS_THAN):
                ex.add("rubriq:number_characters", "length", {"relation": bound.relation,
                       "num_characters": bound.value}, Span(m.start(), m.end()), wording_for(bound, "character"))
        return


def extract_words(ex: Extraction) -> None:
    _length(ex, WORDS_RE, "length_constraints:number_words", "num_words", "word", WORD_UNIT_RE)


def extract_sentences(ex: Extraction) -> None:
    _length(ex, SENTENCES_RE, "length_constraints:number_sentences", "num_sentences", "sentence", SENTENCE_UNIT_RE)
