"""A quoted text and what the clause around it asks of it, where no other family read that quote.

People quote the words a response must start or end with, must use or must leave out, and say so in more ways than
any table lists: 'sign off as "Gemma, Pawfect Grooming Leeds"', "arrancando con «Vecinos:»", 'spare me the word
"unfortunately"', "place le mot « cantine » une fois minimum". The other families know the usual phrasings; this
one runs last and reads each quote they left: its clause (the canonical reading cut at ";", "," and sentence ends,
never inside a quote) and the cue words in it, just before the quote (six words for an opening or an ending, four
for a word to leave out or use), which give the quote one role:

- a count ("once", "twice", "3 times"): `keywords:frequency`, at least with "at least" / "min" / "or more", at
  most with "at most" / "max", else exactly;
- an opening (start, begin, open, kick off, lead with, first word): `rubriq:starts_with`;
- an ending (end, finish, close, sign off, signature, last, final): `startend:end_checker`;
- leaving out (no, not, never, without, avoid, skip, drop, remove, cut, spare me, "out of", "off the table"):
  `keywords:forbidden_words`;
- using (include, use, mention, contain, appear, work in, put, place, before the quote; "should appear", "has to
  be in" after it): `keywords:existence`.

A line that must start with a label ('a line must start with "Betreff:"') is a section label. A quote introduced as
an example ("like", "such as"), a line to fill in ("Answer: X km"), a letter or a quote beside another in its
clause is left to the other families. A count settles the quote's role; otherwise an opening and an ending
together, or no cue at all, leave the quote unread (precision first: a quote may be an example, a title or words of
the source). A word to count, leave out or use is four words at most; an opening eight.
"""

from __future__ import annotations

import bisect
import dataclasses
import re

from rubriq.core.constraints.families.grammar import MATERIAL_SUBJECT_RE, Extraction
from rubriq.core.constraints.families.startend import LAST_SENTENCE_START_RE, PLACEHOLDER_SLOT_RE
from rubriq.core.constraints.types import AT_LEAST, EXACTLY, LESS_THAN
from rubriq.core.text import Span

_QUOTE_RE = re.compile(r"\"([^\"\n]{1,200})\"|“([^”\n]{1,200})”")
# Where a clause ends, outside quotes: a sentence end, ";", ",", a dash between words, a line break.
# "and" before another verb's words, not before a second quote: 'start with "A" and remove the word "B"' is two
# clauses, 'use "A" and "B"' one list.
# "or" before a relation word ("twice or more") is part of the count, not a new clause
_BOUNDARY_RE = re.compile(r"[.;!?\n]|,|\s[–—-]\s|\(|\)|\s(?:and|or)\s(?!\s*[\"“])(?!(?<=or\s)(?:more|less|fewer|so)\b)")
_TIMES_RE = re.compile(r"\b(?:(?P<n>\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+times?|"
                       r"(?P<word>once|twice|thrice|(?:a|one)\s+single\s+time))\b", re.IGNORECASE)
_TIMES_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
                "ten": 10, "eleven": 11, "twelve": 12}
_AT_LEAST_RE = re.compile(r"\b(?:at\s+least|min(?:imum)?|or\s+more|minimum|no[t]?\s+(?:fewer|less)\s+than|"
                          # "a good three times, more if you like"
                          r"a\s+good(?=\s+\w+\s+times)|more\s+(?:if\s+you\s+(?:like|want|wish)|is\s+fine))\b|\+",
                          re.IGNORECASE)
_AT_MOST_RE = re.compile(r"\b(?:at\s+most|max(?:imum)?|or\s+(?:fewer|less)|no\s+more\s+than|not\s+more\s+than)\b",
                         re.IGNORECASE)
_OPENING_RE = re.compile(r"\b(?:start(?:s|ing)?|begin(?:s|ning)?|open(?:s|ing)?|kick(?:s|ing)?\s+(?:it\s+)?off|"
                         r"lead(?:s|ing)?\s+with|first\s+(?:word|words|line|sentence))\b", re.IGNORECASE)
_ENDING_RE = re.compile(r"\b(?:end(?:s|ing)?|finish(?:es|ing)?|clos(?:e|es|ing)|conclud(?:e|es|ing)|"
                        r"sign(?:s|ed|ing)?\s+(?:it|off|as)(?:\s+(?:off|as|with))?|signature|last|final)\b",
                        re.IGNORECASE)
# "after the last performance of "Hamlet"", "nach der letzten Vorstellung vom „Besuch der alten Dame“": "last" or
# "final" of a thing of the world, then the quoted title of what it belongs to; not an ending the reply must have
_LAST_THING_OF_RE = re.compile(r"\b(?:last|final)\s+(?!(?:word|words|line|lines|sentence|sentences|phrase|bit|"
                               r"thing|part|paragraph|one|note|message)\b)[^\W\d_]+\s+"
                               r"(?:of(?:\s+the)?|vom|von|des|du|de|del)\s*$", re.IGNORECASE)
_LEAVE_OUT_RE = re.compile(r"\b(?:no|not|never|without|avoid|skip|drop|remove|cut|lose|ditch|scrap|bans?|banned|"
                           r"forbid(?:den|s)?|prohibits?|outlaws?|"
                           r"spare\s+me|leave\s+out|out\s+of|off\s+the\s+table|don'?t|nor)\b", re.IGNORECASE)
_USING_RE = re.compile(r"\b(?:includ(?:e|es|ing)|us(?:e|es|ing)|mention(?:s|ing)?|contain(?:s|ing)?|"
                       r"appear(?:s|ing)?|work\s+(?:\w+\s+){0,3}in|put|place|(?:want|need|like)\s+to\s+see|"
                       r"(?:fit|squeeze|sneak|slip|weave)(?:\s+in)?|"
                       # "make sure you say "Tuesday"": said as a requirement, not as reported speech
                       r"(?:make|be)\s+sure\s+(?:you\s+|to\s+)?(?:say|write|state|spell\s+out)|"
                       r"remember\s+to\s+(?:say|write|state))\b", re.IGNORECASE)
# "say" marks an example only set off by a comma or a bracket ("a short word, say "Zoom""), never in "make sure you
# say "Tuesday""; "like" not after "I'd" or "would" ("I'd like "bell" in there three times" asks for the word)
_EXAMPLE_RE = re.compile(r"(?:\b(?<!'d\s)(?<!’d\s)(?<!would\s)(?<!\bi\s)(?<!\bwe\s)like|\b(?:such\s+as|e\.\s?g\.|"
                         r"for\s+(?:example|instance))|[,(]\s*say,?)\s*:?\s*$", re.IGNORECASE)
_LETTER_RE = re.compile(r"\b(?:letters?|characters?)\b", re.IGNORECASE)
_A_LINE_RE = re.compile(r"\b(?:a|one)\s+line\b", re.IGNORECASE)
# 'put the rest under "Timeline:"': a label with its colon, for the part of the reply that goes under it
_UNDER_A_LABEL_RE = re.compile(r"\b(?:under|beneath|headed)\s*$", re.IGNORECASE)
# 'with "Claire, 2e gauche" as the signature' names the role after the quote
_ENDING_AFTER_RE = re.compile(r"\s*(?:(?:like|as)\s+(?:a\s+|the\s+|your\s+|my\s+)?"
                              r"(?:signature|sign-?off|closing(?:\s+line)?|last\s+line|ending)\b|"
                              # 'put "Thanks, Dan" at the bottom', '... at the very end'
                              r"(?:at|to)\s+the\s+(?:very\s+)?(?:bottom|end|foot)\b)", re.IGNORECASE)
_USED_AFTER_RE = re.compile(r"\s*(?:(?:should|must|has\s+to|have\s+to|needs?\s+to|ought\s+to)\s+"
                            r"(?:appear|feature|show\s+up|turn\s+up|pop\s+up|crop\s+up|come\s+up|"
                            r"be\s+(?:used|in|included|there|mentioned))\b|"
                            # '"lighthouse" makes an appearance', '... is in there somewhere'
                            r"(?:makes?|has)\s+(?:an?\s+)?(?:appearance|cameo)\b|(?:is|goes)\s+in\s+(?:there|it)\b|"
                            r"in\s+(?:there|it)\s+somewhere\b|"
                            # a rewrite keeps it: '"de 9:00 a 14:00" stays exactly as it is'
                            r"(?:stays?|remains?)\s+(?:(?:exactly|just)\s+)?(?:as\s+(?:it\s+)?is|unchanged|intact|"
                            r"word\s+for\s+word)\b)", re.IGNORECASE)
# A word put into the text, the verb's particle after it: 'drop the word "pizza" in somewhere', 'get "deadline" in
# there' ("drop" before a word leaves it out; "drop ... in" puts it in).
_PUT_IN_AFTER_RE = re.compile(r"\s*in\b(?:[ \t]+(?:there|it|here|somewhere|too|as[ \t]+well|please|anywhere)\b){0,3}"
                              r"[ \t]*(?:[,.;!?)]|$)", re.IGNORECASE)
_NEGATED_NEAR_RE = re.compile(r"\b(?:no|not|never|don'?t|do\s+not|without|avoid)\b", re.IGNORECASE)
# "Make sure the word "parking" shows up somewhere": the present tense after "make sure" asks for the word.
_MAKE_SURE_RE = re.compile(r"\b(?:make|be)\s+sure\b|\bensure\b|\bcheck\s+that\b", re.IGNORECASE)
_PRESENT_USED_RE = re.compile(r"\s*(?:(?:shows|turns|pops|crops|comes)\s+up|appears|features|is\s+(?:used|"
                              r"included|mentioned|there))\b", re.IGNORECASE)
# A word named and then refused by a pronoun later in its sentence: 'the word "old", so skip it', 'if you say
# "condensation" she'll ask what it means, so leave that out'.
_LEAVE_IT_OUT_RE = re.compile(r"\b(?:skip|drop|avoid|cut|ditch|lose)\s+(?:it|that|this)\b|"
                              r"\b(?:leave|keep)\s+(?:it|that|this)(?:\s+(?:word|one|phrase|term))?\s+out\b",
                              re.IGNORECASE)
_NAMED_AS_EXAMPLE_RE = re.compile(r"\b(?:like|such\s+as|e\.\s?g\.|for\s+(?:example|instance))\s*:?\s*$", re.IGNORECASE)
_KEEP_RE = re.compile(r"\b(?:don'?t|do\s+not|never|not)\s+(?:change|alter|edit|touch|translate|modify|rephrase|reword|"
                      r"remove|cut|drop|delete|shorten|lose)\b", re.IGNORECASE)
# A set-off quote's words that already give it a role ('put "none"', 'say "Hawks"'): it is read in its own clause
_ROLE_CUE_RE = re.compile("|".join(f"(?:{cue.pattern})"
                                   for cue in (_OPENING_RE, _ENDING_RE, _USING_RE, _LEAVE_OUT_RE)) +
                          r"|\b(?:say|write|call|label|title|name)\b", re.IGNORECASE)
# How near the quote a cue must be: "sign off as", "la dernière phrase sera"; "spare me the word", "quita la palabra".
_ROLE_WORDS = 6
_WORD_CUE_WORDS = 4
_MAX_WORD_WORDS = 4
_MAX_OPENING_WORDS = 8
_MAX_CLAUSE_REACH = 600
# A quote after a comma with at most this many words before it is set off from the clause it belongs to
_APPOSITION_WORDS = 3


def _quotes_read(ex: Extraction, *, words_to_use: bool) -> set[str]:
    """The quoted texts the other families put in a constraint's parameters; with `words_to_use` False, not those
    of a word to use ('with "Claire, 2e gauche" as signature': such a word may be the ending, the narrower
    reading)."""
    read: set[str] = set()

    def collect(value: object) -> None:
        if isinstance(value, str):
            read.add(value.strip().lower())
            read.add(value.strip().lower() + ":")  # a section label is read without the colon it is quoted with
        elif isinstance(value, (list, tuple)):
            for item in value:
                collect(item)

    for c in ex.found:
        if c.kind != "keywords:existence" or words_to_use:
            for value in c.params.values():
                collect(value)
    return read


def _clause_around(view: str, start: int, end: int, quotes: list[tuple[int, int]]) -> tuple[int, int]:
    """The clause holding the quote [start, end): from the last boundary before it to the first after it, boundaries
    inside quotes skipped, at most `_MAX_CLAUSE_REACH` characters either side (text with no boundary for longer is no
    clause of a request, and the bound keeps a long prompt with many quotes linear). `quotes` are sorted."""
    starts = [s for s, _ in quotes]

    def inside(pos: int) -> bool:
        k = bisect.bisect_right(starts, pos) - 1
        return k >= 0 and pos < quotes[k][1]

    left, floor = start, max(0, start - _MAX_CLAUSE_REACH)
    while left > floor and not (_BOUNDARY_RE.match(view, left - 1) and not inside(left - 1)):
        left -= 1
    right, ceiling = end, min(len(view), end + _MAX_CLAUSE_REACH)
    while right < ceiling and not (_BOUNDARY_RE.match(view, right) and not inside(right)):
        right += 1
    return left, right


# 'it should say "Hi neighbours," before anything else': the opening named after the quote
_OPENING_AFTER_RE = re.compile(r"\s*(?:before\s+anything\s+else|as\s+the\s+(?:very\s+)?first\s+(?:thing|words?|line)|"
                               r"first\s+thing|at\s+the\s+very\s+(?:start|beginning|top))\b", re.IGNORECASE)
# A count said as a clause of its own right after the quote's clause: ", and more than once", ", at least twice".
_COUNT_TAIL_RE = re.compile(r"[ \t]*,[ \t]*(?:and[ \t]+)?(?P<count>(?:(?:more|no\s+fewer|no\s+less)\s+than|"
                            r"at\s+(?:least|most)|exactly)?[ \t]*(?:once|twice|thrice|"
                            r"(?:\d{1,2}|two|three|four|five|six)\s+times))(?=[ \t]*(?:[.;!\n]|$))", re.IGNORECASE)


def _near(before: str, words: int) -> str:
    """The last `words` words before a quote: a cue further away governs something else in the clause."""
    return " ".join(before.split()[-words:])


def _count(clause: str) -> tuple[str, int] | None:
    """(relation, frequency) when the clause counts times: "once min" is at least 1, "twice max" less than 3."""
    m = _TIMES_RE.search(clause)
    if m is None:
        return None
    raw = m.group("n")
    n = (int(raw) if raw.isdigit() else _TIMES_WORDS[raw.lower()]) if raw else \
        {"once": 1, "twice": 2, "thrice": 3}.get(m.group("word").lower(), 1)
    if re.search(rf"\bmore\s+than\s+{re.escape(m.group())}", clause, re.IGNORECASE):
        return AT_LEAST, n + 1  # "more than once": twice at least
    if _AT_LEAST_RE.search(clause):
        return AT_LEAST, n
    if _AT_MOST_RE.search(clause):
        return LESS_THAN, n + 1
    return EXACTLY, n


def _times_wording(text: str, relation: str, n: int) -> str:
    def times(k: int) -> str:
        return {1: "once", 2: "twice"}.get(k, f"{k} times")
    if relation == AT_LEAST:
        return f"{text!r} at least {times(n)}"
    if relation == LESS_THAN:
        return f"{text!r} at most {times(n - 1)}" if n > 1 else f"no {text!r}"
    return f"{text!r} exactly {times(n)}"


# A phrase to be written in full, and the short form it replaces: '"pence per litre" out in full, not ppl'
_IN_FULL_RE = re.compile(r"\s*(?:out\s+)?in\s+full\b(?:,?\s+(?:and\s+)?not\s+(?:as\s+)?[\"“]?(?P<short>[\w.'-]{1,20}?)"
                         r"[\"”]?(?=[\s,.;:)!?]|$))?", re.IGNORECASE)


# "The second paragraph should open with", "each bullet starts with": one part's opening, not the reply's
_A_PART_OPENS_RE = re.compile(
    r"\b(?:first|second|third|fourth|fifth|last|final|next|each|every|other)\s+(?:paragraph|section|line|stanza|verse|"
    r"bullet|point|item|sentence|step|slide|tweet|post)s?\b[^.!?;\n]{0,30}$", re.IGNORECASE)


def _last_sentence_opening(before: str) -> bool:
    """The quote opens the last sentence ("finish with a tip that starts with "Try""), which the end family reads."""
    return any(not before[m.end():].strip() for m in LAST_SENTENCE_START_RE.finditer(before[-160:]))


def extract_quoted(ex: Extraction) -> None:
    view = ex.view
    read = _quotes_read(ex, words_to_use=False)
    read_as_words = _quotes_read(ex, words_to_use=True)
    matches = list(_QUOTE_RE.finditer(view))
    quotes = [(m.start(), m.end()) for m in matches]
    quote_starts = [start for start, _ in quotes]
    for m in matches:
        text = (m.group(1) or m.group(2)).strip()
        if not text or text.lower() in read:
            continue
        left, right = _clause_around(view, m.start(), m.end(), quotes)
        found = len(ex.found)
        _read_quote(ex, m, text, left, right, quote_starts, read_as_words)
        set_off = view[left:m.start()]
        if len(ex.found) == found and left > 0 and view[left - 1] == "," and \
                len(set_off.split()) <= _APPOSITION_WORDS and not _ROLE_CUE_RE.search(set_off):
            # 'it ends with my signature, "Claire Lefèvre"': a quote set off by a comma after a bare noun is what
            # the clause before the comma names, and that clause says what it is for
            _read_quote(ex, m, text, _clause_around(view, left - 1, left - 1, quotes)[0], right, quote_starts,
                        read_as_words)
    _one_sentence_one_set_of_labels(ex)


def _one_sentence_one_set_of_labels(ex: Extraction) -> None:
    """'start with a line beginning "Outcome:" and then put the rest under "Timeline:"': the labelled lines one
    sentence asks for are the sections of one reply, checked together."""
    labelled = sorted((c for c in ex.found if c.kind == "rubriq:section_labels" and c.subtype == "sections"),
                      key=lambda c: c.span.start)
    if len(labelled) < 2:
        return
    groups = [[labelled[0]]]
    for c in labelled[1:]:
        if re.search(r"[.!?\n]", ex.view[groups[-1][-1].span.end:c.span.start]):
            groups.append([c])
        else:
            groups[-1].append(c)
    for group in (g for g in groups if len(g) > 1):
        labels = [label for c in group for label in c.params["labels"]]
        merged = dataclasses.replace(group[-1], params={"labels": labels},
                                     span=Span(group[0].span.start, group[-1].span.end),
                                     wording="lines labelled " + ", ".join(repr(label) for label in labels))
        ex.found = [merged if c is group[-1] else c for c in ex.found if all(c is not g for g in group[:-1])]


def _read_quote(ex: Extraction, m: re.Match[str], text: str, left: int, right: int, quote_starts: list[int],
                read_as_words: set[str]) -> None:
    """Reads one quote whose clause is view[left:right]."""
    view = ex.view
    before, after = view[left:m.start()], view[m.end():right]
    clause = view[left:right]
    in_clause = bisect.bisect_left(quote_starts, right) - bisect.bisect_left(quote_starts, left)
    if in_clause > 1:
        return  # several quotes in one clause are a list the other families read, or a choice
    sentence_end = re.search(r"[.!?\n]", view[m.end():m.end() + 120])
    rest = view[m.end():m.end() + (sentence_end.start() if sentence_end else 120)]
    if len(text.split()) <= _MAX_WORD_WORDS and _LEAVE_IT_OUT_RE.search(rest) and not _QUOTE_RE.search(rest) \
            and not _NAMED_AS_EXAMPLE_RE.search(before) and text.lower() not in read_as_words:
        ex.add("keywords:forbidden_words", "keywords", {"forbidden_words": [text]},
               Span(left + len(before) - len(before.lstrip()), m.end() + _LEAVE_IT_OUT_RE.search(rest).end()),
               f"without the word {text!r}", 0.8)
        return
    if _EXAMPLE_RE.search(before) or PLACEHOLDER_SLOT_RE.search(text) or _LETTER_RE.search(clause) or \
            len(text) < 2:
        return  # 'phrases like "in this episode"' is an example; "Answer: X km" a line to fill; a letter
    if text.endswith(":") and ((_UNDER_A_LABEL_RE.search(before) and text[:1].isupper()) or (
            _A_LINE_RE.search(before) and not _ENDING_RE.search(_near(before, _ROLE_WORDS)))):
        # 'a line must start with "Betreff:"': a labelled line somewhere in the response
        label = text[:-1].strip()
        ex.add("rubriq:section_labels", "sections", {"labels": [label]}, Span(left, right),
               f"a line labelled {label!r}", 0.8)
        return
    span = Span(left + len(before) - len(before.lstrip()), right)
    words = len(text.split())
    count = _count(before + " " + after)
    tail = _COUNT_TAIL_RE.match(view, right)
    if count is None and tail:  # '"Brevet" must be in it, and more than once': the count as a clause of its own
        count, span = _count(tail.group("count")), Span(span.start, tail.end("count"))
    if count is not None and text.lower() not in read_as_words:
        if words <= _MAX_WORD_WORDS:
            relation, n = count
            ex.add("keywords:frequency", "keywords", {"keyword": text, "relation": relation, "frequency": n},
                   span, _times_wording(text, relation, n), 0.8)
        return
    near = _near(before, _ROLE_WORDS)
    cue = _OPENING_RE.search(near) or _ENDING_RE.search(near)
    if cue is not None and MATERIAL_SUBJECT_RE.search(near[:cue.start()]):
        return  # "The email ends with "Kind regards, Mark"": what the pasted text does
    opening = bool(_OPENING_RE.search(near) or _OPENING_AFTER_RE.match(after))
    ending = bool((_ENDING_RE.search(near) and not _LAST_THING_OF_RE.search(near)) or
                  _ENDING_AFTER_RE.match(after))
    if opening and not ending:
        if words <= _MAX_OPENING_WORDS and not _last_sentence_opening(before) and \
                not _A_PART_OPENS_RE.search(before[-60:]):
            ex.add("rubriq:starts_with", "startend", {"options": [text]}, span, f"start with {text!r}", 0.8)
        return
    if ending and not opening:
        ex.add("startend:end_checker", "startend", {"end_phrase": text}, span, f"end with {text!r}", 0.8)
        return
    if opening or ending or words > _MAX_WORD_WORDS or text.lower() in read_as_words:
        return
    if _KEEP_RE.search(_near(before, _WORD_CUE_WORDS)):
        return  # 'Don't change the quote "We grow together."' keeps it
    cue_words = _near(before, _WORD_CUE_WORDS)
    in_full = _IN_FULL_RE.match(view, m.end())  # past the clause: ", not ppl" is its own
    if in_full and not _NEGATED_NEAR_RE.search(cue_words):
        # 'write "pence per litre" out in full, not ppl': the phrase written out, the short form ruled out
        ex.add("keywords:existence", "keywords", {"keywords": [text]}, span, f"use {text!r}", 0.8)
        if in_full.group("short"):
            short = in_full.group("short")
            ex.add("keywords:forbidden_words", "keywords", {"forbidden_words": [short]},
                   Span(in_full.start("short"), in_full.end("short")),
                   f"without the word {short!r}", 0.8)
    elif (_PUT_IN_AFTER_RE.match(after) or (_MAKE_SURE_RE.search(before) and _PRESENT_USED_RE.match(after))) and \
            not _NEGATED_NEAR_RE.search(cue_words):
        ex.add("keywords:existence", "keywords", {"keywords": [text]}, span, f"use {text!r}", 0.8)
    elif _LEAVE_OUT_RE.search(cue_words) or \
            re.match(r"\s*(?:out\b(?!\s+in\s+full\b|\s+fully\b)|(?:is|are)\s+(?:off\s+the\s+table|taboo)|"
                     r"(?:please\s+)?avoid\b)", after, re.IGNORECASE) or \
            (re.match(r"\s*off\b", after, re.IGNORECASE) and re.search(r"\b(?:keep|leave)\s+$", before,
                                                                      re.IGNORECASE)):
        # 'keep "tilt" off the card' leaves it out; 'write "X" out in full' spells it out
        ex.add("keywords:forbidden_words", "keywords", {"forbidden_words": [text]}, span,
               f"without the word {text!r}", 0.8)
    elif _USING_RE.search(cue_words) or _USED_AFTER_RE.match(after):
        ex.add("keywords:existence", "keywords", {"keywords": [text]}, span, f"use {text!r}", 0.8)
