"""The canonical reading of a prompt's instruction text: the text every constraint family reads.

People state one requirement in many ways. The families' phrasing tables know the English ways around a count
("at most 300 words", "300 words or fewer", "no more than three bullet points"); this module rewrites the other
ways into those before any family reads the text, so that a family's table needs one way per idea and every
family gains each rewrite at once. The rewrites, in order (each one a layer over the one before):

0. **Quotation marks** of other typographies become straight ones: „Schnee“ and « feuille » -> "Schnee", "feuille";
   an apostrophe typed as ’ inside a word is the plain one ("don’t" -> "don't").
1. **Gloss.** A sentence written in Spanish, French or German (each sentence's language is read on its own, so
   an English block added to a German prompt changes nothing) is glossed phrase by phrase into the English the
   families read (`lexicon.py`): "höchstens 80 Wörter" -> "at most 80 words", "sans aucune virgule" -> "without any
   comma", "todo en mayúsculas" -> "all in capital letters", "erwähne den Aktienkurs nicht" -> "do not mention the
   Aktienkurs". Words not in the lexicon are left as written, and nothing inside quotes, brackets or code is
   touched, so keywords, closing phrases and topics keep the prompt's own words.
2. **Numbers** written in several words become digits: "two hundred" -> 200, "a hundred and fifty" -> 150,
   "half a dozen" -> 6 (one-word numbers, "twenty-five" and "a dozen" are read by `numbers.py` as they are).
3. **Relations** stated another way become the relation the families know: "can't go over 700" -> "at most 700",
   a negated omission is the request ("don't forget to include X" -> "make sure to include X"),
   "has to fit in 155 characters" -> "at most 155 characters", "cap it at 200" -> "at most 200", "a max of" ->
   "at most", "200 words tops" -> "200 words max", "at the very most" -> "at most", "anything over 100 words is
   too long" -> "at most 100 words", "a 280-character limit" -> "at most 280 characters", "none of them longer than
   12 words" -> "each of them at most 12 words" (each one's limit, not the whole's); a limit named as a noun with
   words between ("word limit for this one is 150") and a unit given as a label ("Sentences: no more than 4") are
   restated as a count ("at most 150 words", "no more than 4 sentences"); regional names of a unit become the
   usual one ("dot points" -> "bullet points").
4. **Units left out** are restored: a count with a relation and no noun after it takes the countable unit named
   last before it in the same sentence ("at least 500 words but at most 700" -> "... at most 700 words", "if you
   use bullet points, keep it to five at most" -> "... five bullet points at most"), and "N of them" takes it from
   the sentence before too ("Keep the sentences short, use no more than 6 of them" -> "no more than 6
   sentences", but "each one of them" is no count); "the second one" after a count of paragraphs is "the second
   paragraph".

Every layer keeps a map back to the text it rewrote, so each constraint's span is still a span of the prompt:
an offset inside a rewritten piece maps to that piece's start (for a span's start) or end (for its end).
All patterns are linear (bounded repetitions only).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from rubriq.core.constraints.families.distributive import referent
from rubriq.core.constraints.lexicon import GLOSSARIES, Glossary, detect_language, piece_language
from rubriq.core.text import Span

Replacement = Callable[[re.Match[str]], str | None]

# ---------------------------------------------------------------------------------------------------------------
# Offset maps


@dataclass(frozen=True)
class Layer:
    """One rewrite: the pieces of the new text that replaced pieces of the old one, in order."""

    new_starts: tuple[int, ...]
    new_ends: tuple[int, ...]
    old_starts: tuple[int, ...]
    old_ends: tuple[int, ...]

    def to_old(self, pos: int, end: bool) -> int:
        """An offset of the new text in the old one; inside a rewritten piece, its start (or its end, for `end`)."""
        return _map(pos, end, self.new_starts, self.new_ends, self.old_starts, self.old_ends)

    def to_new(self, pos: int, end: bool) -> int:
        return _map(pos, end, self.old_starts, self.old_ends, self.new_starts, self.new_ends)


def _map(pos: int, end: bool, from_starts: tuple[int, ...], from_ends: tuple[int, ...], to_starts: tuple[int, ...],
         to_ends: tuple[int, ...]) -> int:
    i = bisect.bisect_right(from_starts, pos) - 1
    if i < 0:
        return pos
    if pos == from_starts[i] and (end or from_ends[i] > pos):
        return to_starts[i]  # an end at a piece's start ends before it; a start there starts it
    if pos >= from_ends[i]:
        return to_ends[i] + pos - from_ends[i]
    return to_ends[i] if end else to_starts[i]


def apply_edits(text: str, edits: Iterable[tuple[int, int, str]]) -> tuple[str, Layer | None]:
    """`text` with each (start, end, replacement) applied; edits must not overlap. None when nothing changed."""
    parts: list[str] = []
    new_starts: list[int] = []
    new_ends: list[int] = []
    old_starts: list[int] = []
    old_ends: list[int] = []
    pos = length = 0
    for start, end, replacement in sorted(edits):
        if start < pos or text[start:end] == replacement:
            continue
        parts.append(text[pos:start])
        length += start - pos
        new_starts.append(length)
        parts.append(replacement)
        length += len(replacement)
        new_ends.append(length)
        old_starts.append(start)
        old_ends.append(end)
        pos = end
    if not new_starts:
        return text, None
    parts.append(text[pos:])
    return "".join(parts), Layer(tuple(new_starts), tuple(new_ends), tuple(old_starts), tuple(old_ends))


# ---------------------------------------------------------------------------------------------------------------
# Text that is never rewritten: quoted words, bracketed slots, code, markers such as <<title>> and P.S.

# A run of backticks named as such ("no ``` around it") is not a code span.
PROTECTED_RE = re.compile(
    r"\"[^\"\n]{0,200}\"|“[^”\n]{0,200}”|„[^“”\"\n]{0,200}[“”\"]|«[^»\n]{0,200}»|‹[^›\n]{0,200}›|‘[^’\n]{0,200}’|"
    r"(?<![\w'’])'(?=\w)[^'\n]{0,60}(?<=[\w.!?])'(?![\w])|(?<!`)`[^`\n]{1,200}`(?!`)|\[[^\]\n]{0,80}\]|<<[^<>\n]{0,80}>>|"
    r"```.{0,4000}?```",
    re.DOTALL)


def _protected(text: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in PROTECTED_RE.finditer(text)]


def _free(regions: list[tuple[int, int]], start: int, end: int) -> bool:
    first = max(0, bisect.bisect_right(regions, (start, 1 << 62)) - 1)
    last = bisect.bisect_left(regions, (end, -1))  # regions are disjoint and sorted: only these can overlap
    return all(not (s < end and start < e) for s, e in regions[first:last])


def rewrite(text: str, rules: Iterable[tuple[re.Pattern[str], Replacement]],
            regions: list[tuple[int, int]] | None = None,
            within: list[tuple[int, int]] | None = None) -> tuple[str, Layer | None]:
    """One layer: every match of every rule outside protected text (and inside `within`, when given), first come
    first served, replaced."""
    protected = _protected(text) if regions is None else regions
    taken: list[tuple[int, int, str]] = []
    for regex, replace in rules:
        for m in regex.finditer(text):
            if m.end() == m.start() or not _free(protected, m.start(), m.end()):
                continue
            if within is not None and not any(s <= m.start() and m.end() <= e for s, e in within):
                continue
            if any(s < m.end() and m.start() < e for s, e, _ in taken):
                continue
            replacement = replace(m)
            if replacement is not None:
                taken.append((m.start(), m.end(), replacement))
    return apply_edits(text, taken)


# ---------------------------------------------------------------------------------------------------------------
# 2. Numbers in several words

_UNIT_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}
_TEEN_WORDS = {"ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
               "seventeen": 17, "eighteen": 18, "nineteen": 19}
_TEN_WORDS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
              "ninety": 90}
_SMALL = (rf"(?:(?:{'|'.join(_TEN_WORDS)})(?:[- ](?:{'|'.join(_UNIT_WORDS)}))?|{'|'.join(_TEEN_WORDS)}|"
          rf"{'|'.join(_UNIT_WORDS)})")
COMPOUND_NUMBER_RE = re.compile(
    rf"\b(?P<h>a|one|{'|'.join(_UNIT_WORDS)})[- ]hundred(?:(?:\s+and)?[- ](?P<rest>{_SMALL}))?\b|"
    rf"\b(?P<k>a|one|{'|'.join(_UNIT_WORDS)}|ten|twenty|fifty)[- ]thousand\b|"
    r"\b(?P<half>half)\s+a\s+dozen\b|\b(?P<dz>two|three|four)\s+dozen\b",
    re.IGNORECASE)


def _small_value(text: str) -> int:
    parts = re.split(r"[- ]", text.lower())
    value = 0
    for part in parts:
        value += _UNIT_WORDS.get(part, 0) + _TEEN_WORDS.get(part, 0) + _TEN_WORDS.get(part, 0)
    return value


def _compound_number(m: re.Match[str]) -> str | None:
    if m.group("h"):
        hundreds = 1 if m.group("h").lower() in ("a", "one") else _UNIT_WORDS[m.group("h").lower()]
        rest = _small_value(m.group("rest")) if m.group("rest") else 0
        return str(hundreds * 100 + rest)
    if m.group("k"):
        word = m.group("k").lower()
        return str({"a": 1, "one": 1, "ten": 10, "twenty": 20, "fifty": 50}.get(word, _UNIT_WORDS.get(word, 1)) * 1000)
    if m.group("half"):
        return "6"
    if m.group("dz"):
        return str(_UNIT_WORDS[m.group("dz").lower()] * 12)
    return None


_ORDINALS = {"first": "1", "second": "2", "third": "3", "fourth": "4", "fifth": "5", "sixth": "6", "seventh": "7",
             "eighth": "8", "ninth": "9", "tenth": "10"}
_ORDINAL = "(?:" + "|".join(_ORDINALS) + ")"
_READ_UNIT = r"(?:sentence|paragraph|line|word)"
_FORM_LINES = {"quatrain": "4", "couplet": "2", "tercet": "3", "haiku": "3"}  # the lines of a stanza of each form
_NUMBER_WORD = (r"(?:\d{1,7}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|"
                r"forty|fifty|sixty|seventy|eighty|ninety|a\s+hundred|one\s+hundred|a\s+dozen)")

NUMBER_RULES: tuple[tuple[re.Pattern[str], Replacement], ...] = (
    (COMPOUND_NUMBER_RE, _compound_number),
    # "as a pair of bullets": two of them
    (re.compile(r"\ba\s+pair\s+of\b", re.IGNORECASE), lambda m: "2"),
    (re.compile(r"\ba\s+trio\s+of\b", re.IGNORECASE), lambda m: "3"),
)

# ---------------------------------------------------------------------------------------------------------------
# 3. Relations, limits named as nouns, units as labels, regional unit names

# The countable units the families read, as a count names them (plural or singular).
UNITS = (r"(?:words?|sentences?|paragraphs?|bullet[\s-]?points?|bullets|points?|lines?|stanzas?|verses?|"
         r"characters?|placeholders?|blanks?|items?|emojis?|emoji|sections?|highlights?|highlighted\s+sections?|"
         r"steps?|tips?|ideas?|names?|questions?|examples?|reasons?|tests?|times)")
_DIGITS = r"\d{1,7}"
_NEG = (r"(?:(?:can|could|must|should|would|do|does|did|will|may|might)\s*(?:not|n't|n’t)|cannot|can't|can’t|won'?t|"
        r"never)")
# What happens when a count is passed, said of the reader or of the text: "they get upset", "I've lost them", "it
# gets cut off", "nobody reads it", "it won't fit".
_WHO = (r"(?:they|she|he|i|we|you|people|readers?|everyone|everybody|(?:the|my|our|your)\s+[\w-]+|[A-Z][a-z]{1,20}|"
        r"il|elle|ils|elles|on|je|er|sie|wir|ich)")  # pronouns the gloss leaves as written
_BAD_OUTCOME = (
    rf"(?:{_WHO}\s+(?:will\s+|'ll\s+|would\s+|'d\s+|just\s+|simply\s+)?(?:(?:get|gets|are|is|'re|'s|be|feel|feels)\s+)?"
    r"(?:upset|annoyed|cross|angry|bored|lost|confused|offended|overwhelmed|stop\s+reading|stops\s+reading|"
    r"stop\s+listening|stops\s+listening|give\s+up|gives\s+up|tune\s+out|tunes\s+out|switch\s+off|switches\s+off|"
    r"zone\s+out|zones\s+out|skip\s+it|skips\s+it|ignore\s+it|ignores\s+it|lose\s+interest|loses\s+interest|"
    r"won't\s+read|don't\s+read|doesn't\s+read|can't\s+read|won't\s+bother|glaze\s+over|glazes\s+over)\b|"
    r"(?:i|we|you)(?:'ve|\s+have)?\s+lost\s+(?:them|her|him|me|people|everyone)\b|(?:i|we|you)\s+lose\s+(?:them|her|him)\b|"
    r"(?:nobody|no\s+one)\s+(?:will\s+|'ll\s+|would\s+)?(?:reads?|listens?|gets?\s+(?:through|to\s+the\s+end))\b|"
    r"(?:it|that|this|the\s+[\w-]+)(?:'s|\s+is|\s+gets|\s+will\s+be|'ll\s+be)\s+(?:too\s+(?:long|much|many)|cut(?:\s+off)?|"
    r"truncated|rejected|chopped)\b|(?:it|that|this|the\s+[\w-]+)\s+(?:won't|doesn't|can't|will\s+not|does\s+not|"
    r"cannot)\s+fit\b)")
# The ordinal of the next one, in the four languages ("a third and she thinks you're yelling", « un neuvième et il
# décroche », "una tercera ya no la leo", "ein drittes nicht"): refusing it caps the count at the one before.
_NEXT_ORDINALS = {
    2: "second|segundo|segunda|deuxième|seconde|zweite[nrs]?", 3: "third|tercer|tercero|tercera|troisième|dritte[nrs]?",
    4: "fourth|cuarto|cuarta|quatrième|vierte[nrs]?", 5: "fifth|quinto|quinta|cinquième|fünfte[nrs]?",
    6: "sixth|sexto|sexta|sixième|sechste[nrs]?", 7: "seventh|séptimo|séptima|septième|siebte[nrs]?",
    8: "eighth|octavo|octava|huitième|achte[nrs]?", 9: "ninth|noveno|novena|neuvième|neunte[nrs]?",
    10: "tenth|décimo|décima|dixième|zehnte[nrs]?", 11: "eleventh|undécimo|undécima|onzième|elfte[nrs]?",
    12: "twelfth|duodécimo|duodécima|douzième|zwölfte[nrs]?"}
_ORDINAL_VALUE = {word: n for n, words in _NEXT_ORDINALS.items() for word in words.split("|")}
_NEXT_ORDINAL = "(?:" + "|".join(_NEXT_ORDINALS.values()) + ")"


_RELATION_BEFORE_RE = re.compile(r"(?:at\s+most|at\s+least|more\s+than|fewer\s+than|less\s+than|up\s+to|"
                                 r"fits?\s+(?:in|into|within|on)|tient\s+en|tiennent\s+en)\s*$", re.IGNORECASE)


def _count_value(text: str) -> int | None:
    return int(text) if text.isdigit() else (_small_value(text) or None)


def _next_one_refused(m: re.Match[str]) -> str | None:
    word = m.group("ord").lower()
    value = next((n for pattern, n in ((w, n) for w, n in _ORDINAL_VALUE.items()) if re.fullmatch(pattern, word)),
                 None)
    if value is None or _count_value(m.group("n").lower()) != value - 1 or _RELATION_BEFORE_RE.search(
            m.string, max(0, m.start() - 30), m.start()):
        return None
    return f"at most {m.group('n')} {m.group('rest')}"


# Contractions typed without the apostrophe ("dont capitalise anything", "it cant go over 100 words"), restored in a
# layer of their own so that the relation rules read them.
CONTRACTION_RULES: tuple[tuple[re.Pattern[str], Replacement], ...] = (
    (re.compile(r"\b(?:(do|does|did|should|must|is|are|would|could|has|have)nt|(can|won)t)\b", re.IGNORECASE),
     lambda m: f"{m.group(1)}n't" if m.group(1) else f"{m.group(2)}'t"),
)
RELATION_RULES: tuple[tuple[re.Pattern[str], Replacement], ...] = (
    # a negated omission asks for the thing: "don't forget to include X", "do not leave out the date"
    (re.compile(r"\b(?:don'?t|do\s+not|never|please\s+don'?t)\s+(?:forget|fail|neglect)\s+to\b", re.IGNORECASE),
     lambda m: "make sure to"),
    (re.compile(r"\b(?:don'?t|do\s+not|never)\s+(?:forget|leave\s+out|omit|skip)\b(?!\s+(?:to|about)\b)",
                re.IGNORECASE), lambda m: "include"),
    # "I can't send anything to the client that says "probably"", "we cannot publish anything that contains the word
    # "guarantee"", "nothing that says "probably" can go out": a word the reply may not carry (the asker speaking: a
    # character who "could not accept anything that says "sorry"" is a story's content)
    (re.compile(rf"\b(?:i|we|you)\s+(?:really\s+|just\s+)?{_NEG}\s+(?:send|publish|post|print|use|put\s+out|accept|"
                r"approve|run|submit|share|hand\s+in)\s+"
                r"anything\s+(?:(?!(?:that|which)\b)[\w'-]+\s+){0,4}?(?:that|which)\s+(?:says|contains|uses|mentions|"
                r"includes|has)\b|\bnothing\s+(?:that|which)\s+(?:says|contains|uses|mentions|includes|has)\b"
                r"(?=\s+(?:the\s+words?\s+)?\")", re.IGNORECASE), lambda m: "do not use"),
    # "don't forget about the word "cheap"": the word is wanted
    (re.compile(r"\b(?:don'?t|do\s+not|never)\s+forget\s+about\b(?=\s+(?:the\s+)?(?:words?|terms?|phrases?|names?)\b)",
                re.IGNORECASE), lambda m: "include"),
    # "it's a 70-word box so don't go over that": the size of the box the answer goes in
    (re.compile(rf"\b(?:a|an)\s+(?P<n>\d{{1,5}})-(?P<unit>word|character|line)\s+(?:box|field|space|slot|limit|cap)\b"
                rf"[^.\n]{{0,25}}?\b{_NEG}\s+(?:go|run|be|get)\s+(?:over|above|beyond|past)\s+(?:that|it|this)\b",
                re.IGNORECASE),
     lambda m: f"at most {m.group('n')} {m.group('unit').lower()}s"),
    # "can't go over 700", "shouldn't run past 3 pages", "must not stretch beyond": an upper bound
    (re.compile(rf"\b{_NEG}\s+(?:go|run|be|get|stretch|come\s+in|end\s+up|spill)\s+(?:over|above|beyond|past)\b",
                re.IGNORECASE), lambda m: "at most"),
    # "she won't read past three sentences", "nobody gets beyond 50 words", "he stops reading after the second
    # paragraph": where the reader stops is the most to write
    (re.compile(rf"\b(?:(?:{_NEG}|nobody|no\s+one)\s+(?:ever\s+|really\s+)?(?:read|reads|get|gets|look|looks|scroll|"
                r"scrolls|listen|listens|make\s+it|makes\s+it)|(?:stops?|quits?|gives?\s+up|tunes?\s+out|switch(?:es)?\s+"
                r"off)(?:\s+(?:reading|listening))?)\s+(?:past|beyond|after)\s+(?:the\s+)?"
                rf"(?:(?P<ord>{_ORDINAL})|(?P<n>{_NUMBER_WORD}))\s+(?P<unit>{_READ_UNIT})s?\b", re.IGNORECASE),
     lambda m: f"at most {_ORDINALS.get((m.group('ord') or '').lower(), m.group('n'))} {m.group('unit').lower()}s"),
    # "past the third sentence people start talking over her", "after the second paragraph nobody reads on": the
    # unit named first, then someone who stops there (a subject is needed: "after the second paragraph, start a new
    # section" places a part)
    (re.compile(rf"\b(?:after|past|beyond)\s+the\s+(?P<ord>{_ORDINAL})\s+(?P<unit>{_READ_UNIT})\s*,?\s+(?:"
                r"(?:nobody|no\s+one)\s+\w+|(?:people|they|she|he|i|we|readers?|everyone|(?:the|my|our)\s+(?:reader|"
                r"readers|audience|client|customer|boss|manager|listeners?))\s+(?:\w+\s+)?(?:stop|stops|quit|quits|"
                r"lose|loses|give\s+up|gives\s+up|tune\s+out|tunes\s+out|switch\s+off|switches\s+off|start|starts|"
                r"skim|skims|drift|drifts|zone|zones))\b", re.IGNORECASE),
     lambda m: f"at most {_ORDINALS[m.group('ord').lower()]} {m.group('unit').lower()}s"),
    # "nach dem dritten Satz hört sie auf zu lesen" (glossed "nach the third sentence hört sie auf"): the same
    (re.compile(rf"\bnach\s+the\s+(?P<ord>{_ORDINAL})\s+(?P<unit>{_READ_UNIT})\s+(?:hört|hören|steigt|steigen|liest|"
                r"lesen)\s+(?:[a-zäöüß]+\s+){0,2}?(?:auf|aus|no\s+more)\b", re.IGNORECASE),
     lambda m: f"at most {_ORDINALS[m.group('ord').lower()]} {m.group('unit').lower()}s"),
    # a word used "in at least two places", « au moins à deux endroits », "an mindestens zwei Stellen": a frequency
    (re.compile(r"(?:\b(?P<rel>at\s+least|at\s+most|no\s+more\s+than)\s+)?(?:\bin|\bat|à|\ban|\ben)\s+(?:(?P<rel2>at\s+"
                r"least|at\s+most|no\s+more\s+than)\s+)?(?P<n>\d{1,2}|two|three|four|five)\s+(?:(?:different|separate|"
                r"verschiedenen|distintos|distintas|différents|différentes)\s+)?(?:places|spots|endroits|stellen|sitios|"
                r"lugares)\b", re.IGNORECASE),
     lambda m: " ".join(filter(None, (m.group("rel") or m.group("rel2"), m.group("n"), "times")))),
    # "a couple of them, three at a push", "a couple, or three at most": two, and up to the count named after
    (re.compile(r"\ba\s+couple(?:\s+of\s+(?:them|those|these))?\s*,?\s*(?:or\s+|maybe\s+)?(?P<n>3|4|5|three|four|five)\s+"
                r"(?:at\s+a\s+push|at\s+(?:the\s+)?most|max(?:imum)?|tops)\b", re.IGNORECASE),
     lambda m: f"2 to {m.group('n')} of them"),
    # "one paragraph for the bread and another for the biscuits", "con un párrafo para el pan y otro para las galletas":
    # two of them
    (re.compile(r"\b(?:a|one)\s+(?P<unit>paragraph|section|stanza|sentence)\s+(?:for|about|on|zur|zum|über)\s+"
                r"[^,.;:\n]{1,40}?(?:\s+and|,)\s+(?:another|one|other|a\s+second)(?:\s+one)?\s+(?:for|about|on|für|"
                r"über)\b", re.IGNORECASE),
     lambda m: f"exactly 2 {m.group('unit').lower()}s"),
    # "has to fit in 155 characters", "should fit within 2 lines"
    (re.compile(r"\b(?:fit|fits)\s+(?:in|into|within|inside|on)(?=\s+(?:\d|a\s+single|one|two|three|four|five|six|seven|"
                r"eight|nine|ten))", re.IGNORECASE), lambda m: "at most"),
    # "cap it at 200 words", "top out at 5 bullets"
    (re.compile(r"\bcap(?:ped)?\s+(?:it|this|that|them|(?:the|your)\s+[a-z]{2,15})?\s*at\b|\btops?\s+out\s+at\b",
                re.IGNORECASE), lambda m: "at most"),
    # "none of them longer than 12 words" limits each one of them, never the whole ("nothing over 100 words")
    (re.compile(r"\b(?:none|neither(?:\s+one)?)(?P<of>\s+of\s+(?:them|these|those|the\s+[a-z-]{2,20}))?(?P<mid>\s+(?:(?:should|must|can|"
                r"may|is|are|shall|will)\s+)?(?:be\s+|go\s+|run\s+|have\s+)?(?:(?:with|of|having|at|in)\s+)?)(?:(?P<up>over|"
                r"above|beyond|longer\s+than|more\s+than|exceed|exceeding)|shorter\s+than|fewer\s+than|less\s+than|"
                r"under|below)\b", re.IGNORECASE),
     lambda m: f"each{m.group('of') or ''}{m.group('mid')}" + ("at most" if m.group("up") else "at least")),
    # a word "in at least 2 of them" (of the items asked for) appears at least twice in all: the count it implies
    (re.compile(rf"\b(?P<verb>appear|appears|be\s+used|be|show\s+up|occur)\s+in\s+(?P<rel>at\s+least|no\s+fewer\s+than)\s+"
                rf"(?P<n>{_DIGITS})\s+of\s+(?:them|those|these|the\s+[a-z-]{{2,20}})\b|"
                rf"\bin\s+(?P<rel2>at\s+least|no\s+fewer\s+than)\s+(?P<n2>{_DIGITS})\s+of\s+(?:them|those|these)\s+"
                r"(?P<verb2>appear|occur|show\s+up)\b|"
                # '"sock" comes back in 2 of them at least' (« revient dans deux d'entre elles au moins »)
                rf"\b(?P<verb3>appears?|comes?\s+back|shows?\s+up|occurs?)\s+in\s+(?P<n3>{_DIGITS})\s+of\s+"
                r"(?:them|those|these)\s+(?P<rel3>at\s+least)\b", re.IGNORECASE),
     lambda m: f"{m.group('verb') or m.group('verb2') or m.group('verb3')} "
               f"{m.group('rel') or m.group('rel2') or m.group('rel3')} "
               f"{m.group('n') or m.group('n2') or m.group('n3')} times"),
    # "nothing over 100 words" limits the whole, unless items were just counted or named: "six slogans, nothing
    # over seven words" limits each slogan
    # ("nothing beyond those five keys" names what is allowed, no count)
    (re.compile(r"\bnothing\s+(?:over|above|beyond|longer\s+than|more\s+than)\b"
                r"(?!\s+(?:those|these|the|that|this|what|it)\b)", re.IGNORECASE),
     lambda m: "each at most" if referent(m.string, m.start()) == "item" else "at most"),
    # "anything over 100 words is too long": the count named is the most allowed
    (re.compile(rf"\b(?:anything|everything)\s+(?:over|above|beyond|longer\s+than|more\s+than)\s+(?P<n>{_DIGITS})\s+"
                rf"(?P<unit>{UNITS})\s+(?:is|would\s+be|will\s+be)\s+(?:too\s+(?:long|much|many)|not\s+ok(?:ay)?|"
                r"unacceptable|out)\b", re.IGNORECASE),
     lambda m: f"at most {m.group('n')} {m.group('unit')}"),
    # "more than two words in capitals and they get upset", "if it creeps past 180 words I've lost him", "beyond
    # five bullets, nobody reads on": a count whose excess has a bad outcome is the most allowed (a count that avoids
    # one, "more than 200 words, otherwise they get bored", "keep it over 100 words or it gets rejected", is not)
    (re.compile(rf"\b(?:(?:if|once|when)\s+(?:it|they|that|this|the\s+[\w-]+|(?:an?|any)\s+(?P<one>[\w-]+))\s+(?:ever\s+)?"
                r"(?:goes|go|runs|run|creeps|creep|gets|get|is|are|'s|'re|grows|grow|spills|stretches|has|have)\s+"
                r"(?:on\s+)?(?:to\s+)?|(?:anything|everything)\s+)?(?:more\s+than|over|beyond|past|above|longer\s+than)\s+"
                rf"(?P<n>{_NUMBER_WORD})\s+(?P<unit>{UNITS})\b(?=(?:\s*,\s*(?:a|an|any|each)\s+(?P<item>[^\W\d_]{{2,20}})\b)?"
                rf"(?:(?!otherwise|or\b|so\s+that|so\b|unless)[^.;!?\n]){{0,40}}?\b{_BAD_OUTCOME})",
                re.IGNORECASE),
     lambda m: (f"each {m.group('one') or m.group('item')} " if m.group("one") or m.group("item") else "")
     + f"at most {m.group('n')} {m.group('unit')}"),
    # "two capitalised words, a third and she thinks you're yelling", "dos frases; una tercera ya no la leo": the next
    # one refused, so the count is the most allowed
    (re.compile(rf"(?<!at most )(?<!at least )(?<!more than )(?<!fewer than )(?<!less than )(?<!up to )"
                rf"\b(?:(?:a|an|{_NUMBER_WORD})\s+or\s+)?(?P<n>{_NUMBER_WORD})\s+(?P<rest>(?:[\w'-]+\s+){{0,2}}?{UNITS}\b"
                rf"[^.!?\n]{{0,40}}?[,;:]\s*(?:but\s+)?"
                rf"(?:a|an|one|un|une|una|ein|eine|einen)\s+)(?P<ord>{_NEXT_ORDINAL})\b"
                rf"(?=(?:\s+[\w'-]+)?\s*(?:,|and|—|-)?\s*(?:{_BAD_OUTCOME}|(?:she|he|they|i|we|you|people|it|il|elle|on)\b|"
                r"not\b|no\b|ya\s+no\b|never\b|nicht\b|pas\b))", re.IGNORECASE),
     lambda m: (lambda r: None if r is None else r + m.group("ord"))(_next_one_refused(m))),
    # "170 words and I stop", "five bullets and they give up": the count reached, then the reader stops
    (re.compile(rf"\b(?P<n>{_NUMBER_WORD})\s+(?P<unit>{UNITS})\s+and\s+(?=(?:{_WHO})\s+(?:just\s+)?(?:stop|stops|quit|"
                rf"quits)\b(?!\s+(?:to|at|using|with))|{_BAD_OUTCOME})", re.IGNORECASE),
     lambda m: f"at most {m.group('n')} {m.group('unit')} and "),
    # "the text block gets cut off past 150 words", "the thread folds up after 50 words": the count is the most kept
    (re.compile(rf"\b(?P<outcome>(?:(?:gets?|is|are|will\s+be)\s+(?:cut(?:\s+off)?|truncated|chopped(?:\s+off)?))|"
                r"folds?(?:\s+up)?|collapses?|truncates?|cuts?\s+off)\s+"
                rf"(?:after|past|beyond|above|over|at)\s+(?P<n>{_NUMBER_WORD})\s+(?P<unit>{UNITS})\b", re.IGNORECASE),
     lambda m: f"{m.group('outcome')}, at most {m.group('n')} {m.group('unit')}"),
    # "three chunks with a blank line between", "two blocks separated by an empty line": blank lines make paragraphs
    (re.compile(rf"\b(?P<n>{_NUMBER_WORD})\s+(?:chunks|blocks|bits|parts|pieces|blöcke|blöcken|blocs|bloques|trozos|partes|"
                r"teile|teilen|abschnitte|abschnitten|parties|morceaux)\b(?=\s*,?\s*(?:with|separated\s+by|and|between)\s+(?:\w+\s+){0,2}?"
                r"(?:a\s+|an\s+|one\s+)?(?:blank|empty)\s+lines?\b)", re.IGNORECASE),
     lambda m: f"{m.group('n')} paragraphs"),
    # "only one sentence fits there", „da passt nur ein Satz rein" (glossed "only fits a sentence"): the most that fits
    (re.compile(rf"\bonly\s+(?:(?P<n>{_NUMBER_WORD}|a|an)\s+(?P<unit>{UNITS})\s+(?:fits?|will\s+fit|goes\s+in|go\s+in)|"
                rf"fits?\s+(?P<n2>{_NUMBER_WORD}|a|an)\s+(?P<unit2>{UNITS}))\b", re.IGNORECASE),
     lambda m: "at most " + ("1" if (m.group("n") or m.group("n2")).lower() in ("a", "an")
                             else (m.group("n") or m.group("n2"))) + f" {m.group('unit') or m.group('unit2')}"),
    # "a box for 150-odd words", "forty-odd lines": about that many
    (re.compile(r"\b(?P<n>\d{1,7}|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[-\s]odd\b", re.IGNORECASE),
     lambda m: f"about {m.group('n')}"),
    # "a 280-character limit", "150-word max" (not the end of a range: "100 to 150 words max" keeps its two ends)
    (re.compile(rf"\b(?:an?\s+)?(?<![-–])(?<!to )(?<!and )(?P<n>{_DIGITS})[-\s]"
                rf"(?P<unit>word|sentence|character|line|paragraph|bullet)s?\s+"
                r"(?:limit|max(?:imum)?|cap|ceiling)\b", re.IGNORECASE),
     lambda m: f"at most {m.group('n')} {m.group('unit').lower()}s"),
    (re.compile(r"\b(?:a\s+)?max(?:imum)?\s+of\b", re.IGNORECASE), lambda m: "at most"),
    (re.compile(r"\b(?:a\s+)?min(?:imum)?\s+of\b", re.IGNORECASE), lambda m: "at least"),
    (re.compile(r"\bat\s+the\s+(?:very\s+)?(most|least)\b", re.IGNORECASE), lambda m: f"at {m.group(1).lower()}"),
    (re.compile(r"\bupwards\s+of\b", re.IGNORECASE), lambda m: "more than"),
    # "200 words tops", "three sentences, tops"
    (re.compile(rf"\b(?P<count>(?:\d{{1,7}}|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty)\s+"
                rf"{UNITS})\s*,?\s+tops\b", re.IGNORECASE), lambda m: f"{m.group('count')} max"),
    # "Bullet points please, five tops", "Sentences: three max": the count after its unit, then a limit word
    (re.compile(rf"\b(?P<unit>{UNITS})(?P<mid>[ \t]+(?:please|pls|only)[ \t]*)?,[ \t]*(?P<n>\d{{1,3}}|one|two|three|"
                rf"four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty)[ \t]+(?:tops|max|maximum|at\s+most)\b",
                re.IGNORECASE),
     lambda m: f"{m.group('unit')}{m.group('mid') or ''}, at most {m.group('n')} {_plural(m.group('unit'))}"),
    # "two sentences, no more no less", "three lines, no more and no fewer": exactly that count
    (re.compile(rf"\b(?P<count>(?:\d{{1,7}}|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty)\s+"
                rf"{UNITS})\s*,?\s+no\s+more\s*,?\s*(?:(?:and|or|but)\s+)?no\s+(?:less|fewer)\b", re.IGNORECASE),
     lambda m: f"exactly {m.group('count')}"),
    # "four lines, no more", "three sentences and not one more": the count is the most allowed
    (re.compile(rf"\b(?P<count>(?:\d{{1,7}}|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty)\s+"
                rf"{UNITS})\s*,?\s+(?:and\s+)?(?:no|not\s+one|not\s+a\s+single)\s+more\b(?!\s+than)", re.IGNORECASE),
     lambda m: f"{m.group('count')} max"),
    # "three sentences is all I need", "five bullets is all she'll get through", "quatre phrases, c'est le plafond",
    # "cinco frases, no me hagas leer más": the count named, then said to be all that someone takes
    (re.compile(rf"\b(?P<count>{_NUMBER_WORD}\s+"
                rf"{UNITS})\s*,?\s+(?:(?:is|are)\s+all\s+(?:that\s+)?(?:i|we|she|he|they|you|anyone|people|(?:the\s+)?readers?)\b|"
                r"(?:is|are|sind|ist|es|son|c'est|c’est|ce\s+sont)\s+(?:the|my|our|das|mein|el|mi|le|mon|un|une)\s+"
                r"(?:limit|limite|límite|max|maximum|máximo|ceiling|cap|plafond|tope|grenze|obergrenze)|"
                r"no\s+me\s+hagas\s+leer\s+más|"
                # "fifty words is all the room there is", "ninety words, don't exceed it"
                r"(?:is|are)\s+all\s+the\s+(?:room|space)(?:\s+(?:there\s+is|there's|i\s+have|we\s+have|you\s+have|"
                r"you\s+get|you've\s+got))?|(?:and\s+)?(?:don't|do\s+not|never)\s+(?:exceed|pass)\s+(?:it|that|this))\b",
                re.IGNORECASE),
     lambda m: f"{m.group('count')} max"),
    # "I can only take three sentences", "she'll only read 50 words": the most the reader takes
    (re.compile(rf"\b(?:i|we|she|he|they)(?:\s+can|'ll|\s+will)?\s+only\s+(?:take|read|manage|handle|fit|cope\s+with)\s+"
                rf"(?P<count>{_NUMBER_WORD}\s+{UNITS})\b", re.IGNORECASE), lambda m: f"at most {m.group('count')}"),
    # "as a single block of text", "one solid block": one paragraph
    (re.compile(r"\b(?:a|one)\s+(?:single\s+|solid\s+|continuous\s+){1,2}block(?:\s+of\s+(?:text|prose))?\b|"
                r"\bone\s+block\s+of\s+(?:text|prose)\b", re.IGNORECASE), lambda m: "one paragraph"),
    # "the web slot holds sixty words", "the whiteboard, which fits eight lines", "our template has room for 120
    # words": the most the place the text goes takes (a count of bullets there may be the count wanted)
    (re.compile(rf"\b(?:slot|box|field|space|card|column|panel|template|form|sign|board|whiteboard|noticeboard|label|"
                rf"sticker|banner|screen|widget|tile|cell|area|frame|footer|header|sidebar|placard|postcard|magnet)s?\b"
                rf"[^.!?\n]{{0,40}}?\b(?:only\s+)?(?:holds|takes|fits|accepts|admits|(?:has|with)\s+(?:room|space)\s+for|"
                rf"can\s+(?:only\s+)?(?:hold|take|fit)|will\s+(?:only\s+)?(?:hold|take|fit))\s+"
                rf"(?P<count>{_NUMBER_WORD}\s+(?:words?|characters?|lines?|sentences?))\b", re.IGNORECASE),
     lambda m: m.group()[:m.start("count") - m.start()] + f"at most {m.group('count')}"),
    # "a sticker with room for forty words", "it has space for 80 words": room is a most, whatever holds the text
    (re.compile(rf"\b(?:with|has|have)\s+(?:room|space)\s+for\s+(?:only\s+|just\s+)?"
                rf"(?P<count>{_NUMBER_WORD}\s+(?:words?|characters?|lines?|sentences?))\b", re.IGNORECASE),
     lambda m: m.group()[:m.start("count") - m.start()] + f"at most {m.group('count')}"),
    # "which cuts you off at 600 characters": where a form or a site stops taking text
    (re.compile(rf"\bcuts?\s+(?:(?:you|it|them|the\s+text|everything)\s+)?off\s+(?:at|after)\s+"
                rf"(?P<count>{_NUMBER_WORD}\s+{UNITS})\b",
                re.IGNORECASE), lambda m: f"at most {m.group('count')}"),
    # "last line = "Trucks: N"": the line named, then its words
    (re.compile(r"\b(?P<line>(?:the\s+)?(?:last|final|closing)\s+line)\s*=\s*(?=\")", re.IGNORECASE),
     lambda m: f"{m.group('line')} should be "),
    # "three quatrains", "two couplets", "3 haiku": stanzas of a set length (one haiku is the haiku kind)
    (re.compile(rf"\b(?P<count>{_NUMBER_WORD})\s+(?P<form>quatrains?|couplets?|tercets?|haikus?)\b", re.IGNORECASE),
     lambda m: m.group() if m.group("count").lower() in ("1", "one") and m.group("form").lower().startswith("haiku")
     else f"{m.group('count')} stanzas of {_FORM_LINES[m.group('form').lower().rstrip('s')]} lines"),
    # "eight lines long", "three stanzas long": that many
    (re.compile(rf"\b(?P<count>{_NUMBER_WORD}\s+(?:lines|stanzas|verses))\s+long\b", re.IGNORECASE),
     lambda m: f"exactly {m.group('count')}"),
    # "the last sentence, it's "Good night."": the sentence the reply ends with
    (re.compile(r"\b(?P<what>the\s+(?:very\s+)?(?:last|final|closing)\s+(?:sentence|line|words?)),\s+(?:it's|it\s+is|that's)"
                r"(?=\s+\")", re.IGNORECASE), lambda m: f"{m.group('what')} is"),
    # "you have 100 words", "you've got three sentences", "you get 600 characters": what the reply is given
    (re.compile(rf"\byou(?:\s+have|'ve\s+got|\s+get|\s+only\s+have|\s+only\s+get)\s+(?P<count>(?:\d{{1,7}}|one|two|three|"
                rf"four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty)\s+{UNITS})\b(?!\s+(?:left|more|to\s+spare))",
                re.IGNORECASE), lambda m: f"at most {m.group('count')}"),
    # "aim for 120-ish words": about that many
    (re.compile(rf"\b(?P<n>\d{{1,7}})-?ish\s+(?P<unit>{UNITS})\b", re.IGNORECASE),
     lambda m: f"about {m.group('n')} {m.group('unit')}"),
    # "word limit for this one is 150", "the sentence maximum here is 5": the limit as a count
    (re.compile(rf"\b(?P<unit>word|sentence|character|bullet[\s-]point|paragraph)[\s-]+(?P<noun>limit|maximum|max|cap|"
                rf"ceiling|minimum|min)\b[^.\n\d:=]{{1,30}}?\s(?:is|will\s+be|should\s+be|would\s+be|of)\s+"
                rf"(?:(?:about|around|roughly)\s+)?(?P<n>{_DIGITS})\b(?!\s*(?:-|–|to)\s*\d)", re.IGNORECASE),
     lambda m: ("at least" if m.group("noun").lower().startswith("min") else "at most")
     + f" {m.group('n')} {m.group('unit').lower().replace('-', ' ')}s"),
    # "Sentences: no more than 4", "- Words: 150 max", "Bullet points: 3": the unit given as a label
    (re.compile(rf"(?m)(?:^|(?<=[\n(]))(?P<lead>[ \t]{{0,8}}(?:[-*•◦]\s+|\d{{1,2}}[.)]\s+)?)"
                rf"(?P<unit>words?|sentences?|paragraphs?|bullet[\s-]?points?|bullets|lines?|stanzas?|characters?)"
                rf"(?:\s+\((?:max|min)\))?\s*[:=]\s*(?P<count>(?:(?:at\s+most|at\s+least|no\s+more\s+than|no\s+fewer\s+than|"
                rf"no\s+less\s+than|fewer\s+than|less\s+than|more\s+than|under|over|up\s+to|max|maximum|min|minimum|"
                rf"exactly|about|around|roughly)\s+)?{_DIGITS}(?:\s*(?:-|–|to)\s*{_DIGITS})?(?:\s+(?:max|maximum|min|"
                rf"minimum|or\s+(?:fewer|less|more|under|over)|at\s+most|at\s+least))?)(?=\s*(?:[.;,)\n]|$))",
                re.IGNORECASE),
     lambda m: f"{m.group('lead')}{m.group('count')} {_plural(m.group('unit'))}"),
    # "use her name, Maribel, at least twice", "the name (Maribel) three times": a capitalised name set off after
    # "name" is that name, read as if written plainly ("her name Maribel")
    (re.compile(r"\b(?P<noun>(?i:his|her|their|its|my|our|the)\s+(?i:first\s+|full\s+)?(?i:name))"
                r"(?:,[ \t]+(?P<name>[A-Z][\w'’-]{1,30}(?:[ \t]+[A-Z][\w'’-]{1,30}){0,2}),|"
                r"[ \t]+\((?P<bracketed>[A-Z][\w'’-]{1,30}(?:[ \t]+[A-Z][\w'’-]{1,30}){0,2})\))(?=[ \t])"),
     lambda m: f"{m.group('noun')} {m.group('name') or m.group('bracketed')}"),
    # regional and informal names of a unit
    (re.compile(r"\bdot[\s-]points?\b", re.IGNORECASE), lambda m: "bullet points" if m.group().lower().endswith("s")
     else "bullet point"),
    (re.compile(r"\b(?:emoticons?|smileys?)\b", re.IGNORECASE), lambda m: "emojis"),
)


def _plural(unit: str) -> str:
    word = re.sub(r"[\s-]+", " ", unit.lower())
    return word if word.endswith("s") else word + "s"


# ---------------------------------------------------------------------------------------------------------------
# 4. Units left out

_REL_BEFORE = (r"(?:at\s+most|at\s+least|no\s+more\s+than|not\s+more\s+than|no\s+fewer\s+than|no\s+less\s+than|"
               r"not\s+less\s+than|fewer\s+than|less\s+than|more\s+than|under|over|below|above|up\s+to|max|maximum|"
               r"min|minimum|exactly|only|just|no\s+longer\s+than|not\s+exceeding|within)")
_REL_AFTER = r"(?:max|maximum|min|minimum|at\s+most|at\s+least|or\s+(?:fewer|less|more|under|over|so))"
# A count with a relation and no noun after it: "but at most 700.", "keep it to five at most", "no more than 6 of them"
BARE_COUNT_RE = re.compile(
    rf"\b(?P<rel>{_REL_BEFORE})\s+(?P<n>{_NUMBER_WORD})(?P<of>\s+of\s+(?:them|those|these))?(?=\s*(?:[,.;:)!?]|$|"
    rf"\s+(?:and|but|or|please|total|in\s+total|overall)\b))|"
    rf"(?<![\w-])(?P<n2>{_NUMBER_WORD})(?P<of2>\s+of\s+(?:them|those|these))?\s+(?P<post>{_REL_AFTER})"
    rf"(?=\s*(?:[,.;:)!?]|$|\s+(?:and|but|or|please)\b))|"
    # "each one of them", "every single one of them" pick out each one, no count
    rf"(?<!\beach\s)(?<!\bevery\s)(?<!\bany\s)(?<!\bsingle\s)(?<!\bnot\s)"
    rf"\b(?P<n3>{_NUMBER_WORD})\s+of\s+(?:them|those|these)\b",
    re.IGNORECASE)
UNIT_MENTION_RE = re.compile(
    r"\b(?P<unit>words?|sentences?|paragraphs?|bullet(?:[\s-]?point)?\s+form|bullet[\s-]?points?|bullets|lines|"
    r"stanzas?|characters|placeholders?|"
    r"blanks|emojis?|emoji|highlighted\s+sections|sections|items|steps?|tips|ideas|names|questions|examples|"
    r"reasons|tests|slogans|taglines|titles|options|suggestions)\b",
    re.IGNORECASE)
# Nouns that are counted but name no unit of their own, after which the count would be the wrong thing's.
_NOT_A_UNIT_AFTER = re.compile(r"\s*(?:per|each|for\s+each|a\s+|an\s+|times?\b|%|percent|years?|days?|hours?|minutes?|"
                               r"seconds?|weeks?|months?|[a-z])", re.IGNORECASE)
_SENTENCE_END_RE = re.compile(r"[.!?](?=\s)|\n")


# "Three paragraphs ..., and the second one starts with 'However'": "one" names the part counted before.
ORDINAL_ONE_RE = re.compile(r"\b(?P<ord>first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|final)"
                            r"\s+one\b", re.IGNORECASE)
PART_MENTION_RE = re.compile(r"\b(?P<unit>paragraph|stanza|section|sentence|line|bullet\s+point|verse)s?\b",
                             re.IGNORECASE)


def _restore_units(text: str) -> tuple[str, Layer | None]:
    protected = _protected(text)
    edits: list[tuple[int, int, str]] = []
    for m in ORDINAL_ONE_RE.finditer(text):
        ends = [e.end() for e in _SENTENCE_END_RE.finditer(text, max(0, m.start() - 200), m.start())]
        parts = list(PART_MENTION_RE.finditer(text, ends[-1] if ends else max(0, m.start() - 200), m.start()))
        if parts and _free(protected, m.start(), m.end()):
            edits.append((m.end() - 3, m.end(), parts[-1].group("unit").lower()))
    for m in BARE_COUNT_RE.finditer(text):
        if not _free(protected, m.start(), m.end()) or any(s < m.end() and m.start() < e for s, e, _ in edits):
            continue
        n_group = "n" if m.group("n") else ("n2" if m.group("n2") else "n3")
        of = m.group("of") or m.group("of2") or (m.group() if n_group == "n3" else None)
        after = text[m.end(n_group):m.end(n_group) + 12]
        if not of and _NOT_A_UNIT_AFTER.match(after) and not re.match(rf"\s+{_REL_AFTER}", after, re.IGNORECASE):
            continue
        if of and re.search(r"\b(?:in|into|within)\s+$", text[max(0, m.start() - 8):m.start()], re.IGNORECASE):
            continue  # '"sock" appears in 2 of them at least': in two of the items, not two of a unit
        # the unit named last before the count: the same sentence, or for "N of them" the one before too
        ends = [e.end() for e in _SENTENCE_END_RE.finditer(text, max(0, m.start() - 300), m.start())]
        window = max(0, m.start() - 300)
        limit = (ends[-2] if len(ends) >= 2 else window) if of else (ends[-1] if ends else window)
        units = [u for u in UNIT_MENTION_RE.finditer(text, limit, m.start()) if _free(protected, u.start(), u.end())]
        if not units:
            continue
        unit = units[-1].group("unit").lower()
        named = text[max(0, units[-1].start() - 12):units[-1].end()]
        if unit in ("word", "words") and re.search(r"\b(?:the|this|that)\s+words?\s*$", named, re.IGNORECASE) and \
                not re.search(r"\d", text[units[-1].end():m.start()]):
            continue  # "use the word 'calm' at least twice, and at most 3": the word is a keyword, not a unit
        if re.search(r"\b(?:times?|each|per)\b", text[units[-1].end():m.start()], re.IGNORECASE):
            continue
        unit = "bullets" if unit.endswith("form") else _plural(unit) if unit not in ("emoji",) else "emojis"
        n_end = m.end(n_group)
        if of:
            of_match = re.search(r"\s+of\s+(?:them|those|these)\b", text[n_end:m.end()], re.IGNORECASE)
            if of_match:
                edits.append((n_end, n_end + of_match.end(), f" {unit}"))
                continue
        edits.append((n_end, n_end, f" {unit}"))
    return apply_edits(text, edits)


# ---------------------------------------------------------------------------------------------------------------
# The reading


@dataclass
class Reading:
    """The instruction view (`source`) and its canonical text (`text`), with the maps between their offsets."""

    source: str
    text: str
    language: str = "en"  # the language most of the instructions are written in
    layers: list[Layer] = field(default_factory=list)
    foreign: list[tuple[Span, str]] = field(default_factory=list)  # spans of `source` written in es, fr or de

    def language_at(self, span: Span) -> str:
        """The language the prompt states the words at `span` (of `source`) in."""
        return next((code for region, code in self.foreign if region.start <= span.start < region.end), "en")

    def to_source(self, span: Span) -> Span:
        start, end = span.start, span.end
        for layer in reversed(self.layers):
            start, end = layer.to_old(start, False), layer.to_old(end, True)
        return Span(start, max(start, end))

    def to_text(self, span: Span) -> Span:
        start, end = span.start, span.end
        for layer in self.layers:
            start, end = layer.to_new(start, False), layer.to_new(end, True)
        return Span(start, max(start, end))

    def source_offset(self, pos: int) -> int:
        for layer in reversed(self.layers):
            pos = layer.to_old(pos, False)
        return pos

    def _push(self, result: tuple[str, Layer | None]) -> None:
        text, layer = result
        if layer is not None:
            self.text = text
            self.layers.append(layer)


_LANGUAGE_NAMES = frozenset({"english", "spanish", "french", "german", "italian", "portuguese", "catalan"})


def _a_name(text: str, m: re.Match[str], glossary: Glossary) -> bool:
    """A capitalised single word inside a sentence: a label or a name in Spanish or French, not an instruction."""
    word = m.group()
    if not word[:1].isupper() or " " in word.strip() or not m.group("phrase"):
        return False
    before = text[max(0, m.start() - 3):m.start()]
    if m.start() == 0 or re.search(r"(?:[.!?:;\n¿¡\-•*«\"(]\s*|^\s*)$", before):
        return False  # the first word of a sentence, a line or a list item
    return (glossary.replace(m) or "").lower() not in _LANGUAGE_NAMES


def _pieces(text: str, prompt_language: str) -> list[tuple[int, int, str]]:
    """The sentences and lines of `text` written in Spanish, French or German, with their language."""
    found: list[tuple[int, int, str]] = []
    for line in re.finditer(r"[^\n]+", text):
        for piece in re.finditer(r"[^.!?;:]+[.!?;:]*", line.group()):
            code = piece_language(piece.group(), prompt_language)
            if code in GLOSSARIES:
                start, end = line.start() + piece.start(), line.start() + piece.end()
                if found and found[-1][2] == code and found[-1][1] == start:
                    start = found.pop()[0]  # one region for consecutive pieces: phrases may cross a full stop
                found.append((start, end, code))
    return found


def _gloss(text: str, glossary: Glossary, regions: list[tuple[int, int]]) -> tuple[str, Layer | None]:
    """The regions of `text` in the glossary's language glossed into English, outside protected text."""
    protected = _protected(text)
    edits: list[tuple[int, int, str]] = []
    for start, end in regions:
        for m in glossary.pattern.finditer(text, start, end):
            if not _free(protected, m.start(), m.end()):
                continue
            if glossary.code != "de" and _a_name(text, m, glossary):
                continue  # "las columnas Nombre, Fecha y Total": labels keep their words (German capitalises nouns)
            replacement = glossary.replace(m)
            if replacement is not None:
                edits.append((m.start(), m.end(), replacement))
    return apply_edits(text, edits)


# Quotation marks of other typographies as the families expect them: „Schnee“ and « feuille » become "Schnee" and
# "feuille" (the spaces French puts inside guillemets are not part of the words).
QUOTES_RE = re.compile(r"„([^“”„\"\n]{1,200})[“”\"]|«\s?([^»«\n]{1,200}?)\s?»|‹\s?([^›‹\n]{1,200}?)\s?›")


def _straight_quotes(m: re.Match[str]) -> str:
    if m.group(3) is not None:
        return f"'{m.group(3)}'"
    return f'"{m.group(1) if m.group(1) is not None else m.group(2)}"'


# An apostrophe inside a word as phones and word processors type it: "don’t" is "don't" to every pattern.
APOSTROPHE_RE = re.compile(r"(?<=[^\W\d_])[’‘ʼ](?=[^\W\d_])")


def read(view: str) -> Reading:
    """The canonical reading of an instruction view (see the module docstring)."""
    reading = Reading(view, view)
    reading._push(rewrite(reading.text, ((QUOTES_RE, _straight_quotes), (APOSTROPHE_RE, lambda m: "'")), regions=[]))
    reading.language = detect_language(view)
    pieces = _pieces(reading.text, reading.language)
    reading.foreign = [(reading.to_source(Span(s, e)), code) for s, e, code in pieces]
    for code, glossary in GLOSSARIES.items():
        if not any(c == code for _, _, c in pieces):
            continue
        for step in ("reorder", "gloss"):
            regions = [(s, e) for s, e, c in pieces if c == code]
            count = len(reading.layers)
            if step == "reorder":  # the reorderings read quoted words too
                reading._push(rewrite(reading.text, glossary.reorderings, regions=[], within=regions))
            else:
                reading._push(_gloss(reading.text, glossary, regions))
            for layer in reading.layers[count:]:
                pieces = [(layer.to_new(s, False), layer.to_new(e, True), c) for s, e, c in pieces]
    reading._push(rewrite(reading.text, CONTRACTION_RULES))
    reading._push(rewrite(reading.text, NUMBER_RULES))
    reading._push(rewrite(reading.text, RELATION_RULES))
    reading._push(_restore_units(reading.text))
    return reading
