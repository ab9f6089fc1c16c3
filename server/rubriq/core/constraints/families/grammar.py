"""The grammar every constraint family shares: relations ("at most", "no fewer than", "N or more") and the bounds
they denote, negation, the prompt's instruction clauses, count patterns around a unit, frequencies ("at least
twice") and lists of keywords.

Relations are normalised to IFEval's: "less than N" (count < N) and "at least N" (count >= N); "at most N" becomes
"less than N+1", "more than N" becomes "at least N+1", "between N and M" becomes the pair; an exact count keeps
relation "exactly" (IFEval states it as the pair "at least N" and "less than N+1").

All regular expressions are linear: bounded repetitions, no nested unbounded quantifiers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import islice
from typing import Any

from rubriq.core.constraints.numbers import NUM, TIMES_WORD, parse_number
from rubriq.core.constraints.reading import read
from rubriq.core.constraints.scope import (
    WHOLE_REPLY_KINDS,
    holds_of_the_whole_if_of_a_part,
    one_of_alternatives,
    only_allowed,
    said_of_a_part,
    said_of_another_text,
    sentence_bounds,
    withdrawn,
)
from rubriq.core.constraints.types import AT_LEAST, EXACTLY, LESS_THAN, Constraint
from rubriq.core.prompt import PromptDocument
from rubriq.core.text import Span, split_sentences

# ---------------------------------------------------------------------------------------------------------------
# Relations

LOWER_EXCLUSIVE = ("more than", "greater than", "longer than", "over", "above", "exceed", "exceeding", "in excess of",
                   "north of", "running past", "going past", "running over", "going over", "runs past", "runs over",
                   "goes past", "goes over", "goes beyond", "creeps past", "creeps over", "creeping past", "gets past",
                   "past", "beyond")
LOWER_INCLUSIVE = ("at least", "no fewer than", "no less than", "not less than", "not fewer than", "a minimum of",
                   "minimum of", "min", "minimum", "at minimum", "at a minimum")
UPPER_EXCLUSIVE = ("less than", "fewer than", "under", "below", "shorter than", "shy of", "south of", "short of")
UPPER_INCLUSIVE = ("at most", "no more than", "not more than", "up to", "a maximum of", "maximum of", "max",
                   "maximum", "not exceed", "not exceeding", "no longer than", "not longer than", "within",
                   "no greater than", "not to exceed", "at maximum", "at a maximum")
EXACT = ("exactly", "precisely")
LIMITING = ("only", "just")  # "only 10 words": an upper bound for lengths, exact for items
APPROXIMATE = ("around", "about", "approximately", "roughly", "nearly", "close to", "circa", "some", "near",
               "in the region of", "in the ballpark of")

_REL_WORDS = sorted(
    LOWER_EXCLUSIVE + LOWER_INCLUSIVE + UPPER_EXCLUSIVE + UPPER_INCLUSIVE + EXACT + LIMITING + APPROXIMATE
    + ("between",), key=len, reverse=True)
REL = "(?:" + "|".join(w.replace(" ", r"\s+") for w in _REL_WORDS) + ")"
POST = r"(?:\+|,?\s+or\s+(?:more|less|fewer|greater|above|below|under|over|higher|lower)\b(?!\s+than\b)|" \
       r"\s+at\s+(?:most|least)|" \
       r",?\s+(?:max|maximum|min|minimum)\b(?!\s+(?:of|\d))|\s+or\s+so|,?\s+tops\b|" \
       r"\s+is\s+the\s+(?:(?:absolute|hard|upper|very)\s+)?(?:ceiling|limit|cap|max(?:imum)?)\b|" \
       r"\s+at\s+the\s+very\s+most|\s+at\s+(?:a\s+|the\s+)?(?:minimum|maximum|least|most)\b|" \
       r"\s+(?:is|are)\s+(?:plenty|enough|sufficient)\b|\s+(?:will|would|should)\s+do\b|,?\s+give\s+or\s+take\b|" \
       r",?\s+(?:or\s+)?more\s+(?:if\s+you\s+(?:like|want|wish)|is\s+fine)\b|" \
       r",?\s+and\s+no\s+more\b(?!\s+than))"  # "three all-caps words and no more": the most allowed
NEGATION_RE = re.compile(r"\b(?:not|never|avoid|without|don'?t|doesn'?t|shouldn'?t|mustn'?t|no)\b|n't\b",
                         re.IGNORECASE)


@dataclass(frozen=True)
class Bound:
    """A parsed count requirement: relation in (less than, at least, exactly, about) and its value."""

    relation: str
    value: int
    inclusive: bool = False  # an upper bound stated inclusively ("at most 300"): worded that way back


def norm(text: str | None) -> str:
    return re.sub(r"\s+", " ", (text or "").strip().lower())


def bounds_for(rel: str | None, post: str | None, n: int, *, negated: bool = False, default: str = EXACTLY,
               limiting: str = EXACTLY) -> list[Bound]:
    """Turn "more than 5", "5 or fewer", "at most 5" ... into IFEval relations."""
    rel, post = norm(rel), norm(post)
    if post:
        if post.lstrip(", ") in ("or so", "give or take"):
            return [Bound("about", n)]
        if post.endswith("no more"):
            return [Bound(LESS_THAN, n + 1, True)]
        if post in ("+",) or any(w in post for w in ("more", "greater", "above", "over", "higher", "least", "min")):
            return [Bound(AT_LEAST, n)]
        return [Bound(LESS_THAN, n + 1, True)]
    if rel in LOWER_EXCLUSIVE:
        return [Bound(LESS_THAN, n + 1, True)] if negated else [Bound(AT_LEAST, n + 1)]
    if rel in LOWER_INCLUSIVE:
        return [Bound(AT_LEAST, n)]
    if rel in UPPER_EXCLUSIVE:  # "don't write fewer than 100 words" asks for 100 at least
        return [Bound(AT_LEAST, n)] if negated else [Bound(LESS_THAN, n)]
    if rel in UPPER_INCLUSIVE:
        return [Bound(LESS_THAN, n + 1, True)]
    if rel in EXACT:
        return [Bound(EXACTLY, n)]
    if rel in LIMITING:
        return [Bound(LESS_THAN, n + 1, True)] if limiting == LESS_THAN else [Bound(EXACTLY, n)]
    if rel in APPROXIMATE:
        return [Bound("about", n)]
    return [Bound(default, n)]


# A text the prompt talks about as the subject of a clause: "The email ends with "Kind regards, Mark"" describes the
# pasted e-mail, not the response.
MATERIAL_SUBJECT_RE = re.compile(
    r"\b(?:the|this|that|his|her|their|its|my|our|your\s+(?:friend|boss|colleague)'?s?)\s+(?:original\s+|pasted\s+|"
    r"old\s+|current\s+)?(?:e-?mail|letter|article|text|document|message|post|report|story|thread|review|notice|"
    r"chapter|book|speech|poem|song|paper|transcript|minutes|source|quote|tweet|draft|script|passage|excerpt|"
    r"subject\s+line|file|page|email\s+thread)s?\s+(?:(?:already|currently|now|also|always)\s+)?$", re.IGNORECASE)


# Kinds about one word or subject, whose readings of the same words exclude each other.
WORD_KINDS = frozenset({"keywords:existence", "keywords:frequency", "keywords:forbidden_words",
                        "rubriq:forbidden_topic"})

# Kinds that ask for an opening or an ending, and the refusal of one: the reading must not turn "don't end with a
# question" into its opposite.
OPENING_AND_ENDING_KINDS = frozenset({"rubriq:starts_with", "startend:end_checker", "rubriq:ends_with_question",
                                      "rubriq:last_line_starts_with", "rubriq:last_sentence_starts_with"})
OPENING_OR_ENDING_REFUSED_RE = re.compile(
    r"\b(?:don'?t|do\s+not|never|please\s+don'?t|avoid|shouldn'?t|should\s+not|mustn'?t|must\s+not)\s+"
    r"(?:(?:ever|just|simply)\s+)?(?:start|begin|open|end|finish|close|conclude|wrap\s+up|sign\s+off|lead)(?:s|ing)?\b|"
    # a German separable verb glossed in its own order: "fang nicht mit „Hallo“ an" -> "start nicht with ..."
    r"\b(?:start|begin|end)\s+(?:not|nicht)\b", re.IGNORECASE)


def negated_before(view: str, start: int, window: int = 40) -> bool:
    """A negation in the same clause just before `start` ("don't want anything longer than 30 words")."""
    lo = max(0, start - window)
    head = view[lo:start]
    cut = max(head.rfind(stop) for stop in ".\n;,?!")
    return NEGATION_RE.search(head[cut + 1:]) is not None


# The rest of a count's clause, up to a stop or a new clause ("and", "but", "so", "that" ...).
_REST_OF_CLAUSE_RE = re.compile(r"[^.,;:!?\n]{0,40}")
_NEW_CLAUSE_RE = re.compile(r"\b(?:and|but|or|so|that|which|who|because|since|unless|if)\b", re.IGNORECASE)
_NEGATION_AFTER_RE = re.compile(r"\b(?:not|never|nicht|nie|nobody|no\s+one|no\s+need)\b|n't\b|n’t\b", re.IGNORECASE)
# What happens to a reply past a count, said as a loss: "anything over 85 words gets cut off", "if it runs past 140
# words I'll lose the thread", "alles über 80 Wörter wird abgeschnitten": the count is a cap.
REJECTED_RE = re.compile(
    r"\b(?:cut\s*off|(?:gets?|is|are|will\s+be|get)\s+(?:cut|truncated|clipped|lost|hidden|rejected|ignored|skipped|"
    r"chopped)|truncat\w*|too\s+(?:long|much)|stops?\s+reading|(?:i'?ll|she'?ll|he'?ll|they'?ll|we'?ll|people)\s+"
    r"(?:stop|skim|skip|lose|tune\s+out|switch\s+off|give\s+up)|skims?|lose\s+(?:the\s+thread|interest|track)|"
    r"read\s+more|fails?\s+(?:the\s+)?(?:build|check|pipeline|import|upload)|rejects?|a\s+problem|no\s+good|useless|(?:starts?|begins?)\s+(?:cutting|chopping|hiding)|hides?\s+the\s+rest|abgeschnitten|se\s+corta|"
    r"se\s+pierde|coup[ée]e?s?|ne\s+rentre|no\s+cabe|passt\s+nicht)\b",
    re.IGNORECASE)


_LOSS_THEN_IF_RE = re.compile(r"\b(?:if|once|when|as\s+soon\s+as)\s+(?:it|the\s+\w+|that|this)\s+(?:\w+\s+){0,2}$",
                              re.IGNORECASE)


# Who goes past a count, said just before it: "if it creeps past 180 words", "if an option goes over 25 words",
# "anything past twelve words": the count is where the reply must stop.
_IF_IT_GOES_PAST_RE = re.compile(
    r"\b(?:if|once|when|should)\s+(?:it|this|that|the\s+[\w-]+|your\s+[\w-]+|any\s+[\w-]+|an?\s+[\w-]+|one)\s+"
    r"(?:(?:ever|still)\s+)?(?:(?:runs|goes|creeps|gets|comes\s+in|ends\s+up|is)\s+)?$", re.IGNORECASE)
_ANYTHING_RE = re.compile(r"\b(?:anything|everything)\s+$", re.IGNORECASE)


def goes_past_before(view: str, start: int) -> bool:
    """The count at `start` is where the reply must stop: "anything past twelve words", or "if an option goes over 25
    words, it's too long" (a loss later in the sentence)."""
    if _ANYTHING_RE.search(view, max(0, start - 12), start):
        return True
    if not _IF_IT_GOES_PAST_RE.search(view, max(0, start - 40), start):
        return False
    _, stop = sentence_bounds(view, start, start, ".;!?\n")
    return REJECTED_RE.search(view, start, stop) is not None


def rejected_before(view: str, start: int) -> bool:
    """A loss earlier in the sentence, then the count as its condition: "I'll lose the thread if it runs past 140
    words"."""
    lo, _ = sentence_bounds(view, start, start, ".;!?\n")
    head = view[lo:start]
    condition = _LOSS_THEN_IF_RE.search(head)
    return condition is not None and REJECTED_RE.search(head, 0, condition.start()) is not None


def rejected_after(view: str, end: int) -> bool:
    """A loss later in the sentence of a count ending at `end`: "shows five of them before it starts cutting the
    bottom off", "two paragraphs, then WhatsApp hides the rest"."""
    _, stop = sentence_bounds(view, end, end, ".;!?\n")
    return REJECTED_RE.search(view, end, min(stop, end + 80)) is not None


def negated_after(view: str, end: int) -> bool:
    """A negation later in the clause of a count that ends at `end`: "more than 40 words isn't needed", "mehr als
    120 Wörter les ich nicht" (glossed "... les ich not"), "anything over 100 words won't fit"."""
    rest = _REST_OF_CLAUSE_RE.match(view, end)
    text = rest.group() if rest else ""
    cut = _NEW_CLAUSE_RE.search(text)
    text = text[:cut.start()] if cut else text
    return _NEGATION_AFTER_RE.search(text) is not None or REJECTED_RE.search(text) is not None


# A count of a part of the output named after it: "no more than 2 sentences of explanation", "two paragraphs of
# background, then the recommendation".
PART_OF_RE = re.compile(r"\s+of\s+(?!(?:text|prose|content|writing|output|response|answer)\b)[a-z]", re.IGNORECASE)


# A count that describes what a program does, not the answer: "a form that accepts at most 280 characters", "a
# function that returns at most 5 results", "validate that the name is under 50 characters".
PROGRAM_BEHAVIOUR_RE = re.compile(
    r"\b(?:function|form|script|program|app|api|endpoint|field|input|textbox|text\s+box|regex|query|method|class|"
    r"tool|bot|validator|component|widget|cli)\b[^.;\n]{0,40}?\b(?:accepts?|returns?|validates?|allows?|rejects?|"
    r"limits?|truncates?|takes?|checks?|matches?|enforces?|caps?|restricts?|counts?)\b[^.;\n]{0,40}$|"
    r"\bvalidat\w*\s+that\b[^.;\n]{0,40}$", re.IGNORECASE)


def wording_for(bound: Bound, unit: str) -> str:
    n = bound.value
    plural = unit if n == 1 else unit + "s"
    if bound.relation == AT_LEAST:
        return f"at least {n} {plural}"
    if bound.relation == LESS_THAN:
        if bound.inclusive and n > 1:
            return f"at most {n - 1} {unit if n - 1 == 1 else unit + 's'}"
        return f"fewer than {n} {unit}s" if n > 1 else f"no {unit}s"
    if bound.relation == "about":
        return f"about {n} {plural}"
    return f"exactly {n} {plural}"


def range_wording(bounds: list[Bound], unit: str) -> str | None:
    """ "between 80 and 120 words" for the pair a range becomes (at least 80, fewer than 121), else None."""
    if len(bounds) == 2 and bounds[0].relation == AT_LEAST and bounds[1].relation == LESS_THAN:
        return f"between {bounds[0].value} and {bounds[1].value - 1} {unit}s"
    return None


# ---------------------------------------------------------------------------------------------------------------
# Clauses: the prompt's sentences (Punkt) further split at line breaks, each with its offset in the prompt.

@dataclass(frozen=True)
class Clause:
    start: int
    text: str

    @property
    def span(self) -> Span:
        return Span(self.start, self.start + len(self.text))


def _soft_wrap(line: str, next_line: str) -> bool:
    """A line break inside a sentence that was merely wrapped: the next line goes on in lowercase."""
    body, following = line.rstrip(), next_line.lstrip()
    return bool(body) and body[-1] not in ".:;!?)]*\"'" and following[:1].islower()


_ORDINAL_END_RE = re.compile(r"(?<![\d.])\d{1,2}\.$")  # "am 21." before "Juni": a German date, not a sentence end


def _open_quote(text: str) -> bool:
    """A quotation opened and not closed: '"21.' of 'The date "21. Juni" must stay'."""
    return text.count('"') % 2 == 1 or text.count("„") > text.count("“") or text.count("«") > text.count("»")


def _sentences(view: str) -> list[tuple[int, int]]:
    """The prompt's sentences, rejoined where the splitter broke a German ordinal date or a quotation."""
    spans: list[tuple[int, int]] = []
    for sentence in split_sentences(view):
        if spans:
            previous = view[spans[-1][0]:spans[-1][1]]
            if "\n" not in view[spans[-1][1]:sentence.span.start] and (
                    _ORDINAL_END_RE.search(previous) or _open_quote(previous)):
                spans[-1] = (spans[-1][0], sentence.span.end)
                continue
        spans.append((sentence.span.start, sentence.span.end))
    return spans


def clauses_of(view: str) -> list[Clause]:
    """Sentences split at line breaks, except where a line was only wrapped ("do not include the\nword X")."""
    found: list[Clause] = []
    for start_at, end_at in _sentences(view):
        pos = start_at
        lines = view[start_at:end_at].split("\n")
        start, parts = pos, [lines[0]]
        for line in lines[1:]:
            if _soft_wrap(parts[-1], line):
                parts.append(line)
                continue
            _add_clause(found, start, " ".join(parts))
            start += len("\n".join(parts)) + 1
            parts = [line]
        _add_clause(found, start, " ".join(parts))
    return found


def _add_clause(found: list[Clause], start: int, text: str) -> None:
    if text.strip():
        lead = len(text) - len(text.lstrip())
        found.append(Clause(start + lead, text.strip()))


def _template_openings(kind: str, params: dict[str, Any]) -> dict[str, Any]:
    """An opening given as a template ('"Subject: …"', '"Dear ..."') fixes only the words before its ellipsis."""
    if not kind.endswith("starts_with") or not isinstance(params.get("options"), list):
        return params
    options = [re.sub(r"\s*(?:…|\.\.\.)\s*$", "", o) if isinstance(o, str) else o for o in params["options"]]
    return {**params, "options": options} if all(options) and options != params["options"] else params


def _label_opens_the_last_line(kind: str, params: dict[str, Any], wording: str) -> tuple[str, dict[str, Any], str]:
    """An ending that is a label ('finish with "Total:" and then the number', « „Ergebnis:“ und dann die Zahlen »)
    opens the last line: a reply never ends on a colon."""
    phrase = str(params.get("end_phrase", "")).strip() if kind == "startend:end_checker" else ""
    if not phrase.endswith(":") or len(phrase) < 2:
        return kind, params, wording
    return "rubriq:last_line_starts_with", {"options": [phrase]}, f"a last line starting with {phrase!r}"


# The last line or sentence named earlier in the sentence of an opening: "the final line is what I copy onto the sheet,
# so it needs to open with "Menu price:"".
_LAST_PART_BEFORE_RE = re.compile(r"\b(?:the|your|its)\s+(?:very\s+)?(?:final|last|closing|bottom)\s+(line|sentence)\b|"
                                  # "at the very end, a separate line that starts with", "a line at the bottom"
                                  r"\bat\s+the\s+(?:very\s+)?(?:end|bottom)\s*,?\s+(?:a|an|one)\s+(?:[\w-]+\s+)?"
                                  r"(line|sentence)\b|\b(?:a|an|one)\s+(?:[\w-]+\s+)?(line|sentence)\s+at\s+the\s+"
                                  r"(?:very\s+)?(?:end|bottom)\b", re.IGNORECASE)


def _opening_of_the_last_part(view: str, kind: str, params: dict[str, Any], span: Span,
                              wording: str) -> tuple[str, dict[str, Any], str]:
    """An opening said of the last line or sentence is that part's opening, not the reply's."""
    if kind != "rubriq:starts_with":
        return kind, params, wording
    lo, _ = sentence_bounds(view, span.start, span.end, ".!?;\n")
    # the part may be named inside the opening's own span ("a separate line at the bottom that starts with"), never
    # inside the quoted opening itself
    quote = re.search(r"[\"“„«‘']", view[span.start:span.end])
    parts = list(_LAST_PART_BEFORE_RE.finditer(view, lo, span.start + quote.start() if quote else span.end))
    if not parts:
        return kind, params, wording
    part = next(g for g in parts[-1].groups() if g).lower()
    options = params.get("options", [])
    return (f"rubriq:last_{part}_starts_with", {"options": options},
            f"a last {part} starting with {' or '.join(repr(o) for o in options)}")


def _longer_list(params: dict[str, Any], other: dict[str, Any]) -> bool:
    """`params` list every item of `other`'s one list parameter, and more."""
    lists = [(k, v) for k, v in params.items() if isinstance(v, list)]
    return len(lists) == 1 and isinstance(other.get(lists[0][0]), list) and \
        set(map(str.lower, other[lists[0][0]])) < set(map(str.lower, lists[0][1]))


class Extraction:
    """Collects constraints while the extractors run over one prompt.

    The families read `view`, the prompt's canonical reading (`reading.py`: other languages glossed, other ways
    of stating a count restated); spans are offsets of `view` until `extract_constraints` maps them back to the
    prompt. `source_view` is the prompt's reading view as written (the user's own instructions: an applied repair's
    blocks are Rubriq's restatement, never a constraint of their own), for readings that need the prompt's own words.
    """

    def __init__(self, doc: PromptDocument) -> None:
        self.doc = doc
        self.source_view = doc.reading_view
        self.reading = read(self.source_view)
        self.view = self.reading.text
        self.clauses = clauses_of(self.view)
        self.found: list[Constraint] = []
        self._from_source: set[int] = set()  # ids of the constraints `add_source` added
        # spans read as a permission, a part's limit or another text's, with the kind refused: not read again
        self._refused: list[tuple[Span, str]] = []

    def add(self, kind: str, subtype: str, params: dict[str, Any], span: Span, wording: str,
            confidence: float = 0.9) -> None:
        kind, params, wording = _label_opens_the_last_line(kind, params, wording)
        params = _template_openings(kind, params)
        kind, params, wording = _opening_of_the_last_part(self.view, kind, params, span, wording)
        if kind in OPENING_AND_ENDING_KINDS:
            lo = max(0, span.start - 30)
            lo = max(lo, *(self.view.rfind(c, lo, span.start) + 1 for c in ".!?;\n"))  # this sentence only
            if OPENING_OR_ENDING_REFUSED_RE.search(self.view, lo, min(len(self.view), span.end)):
                return  # "Do not start with "Hi"", "don't end with a question": no check states the opposite
        if not self._asked_of_the_reply(kind, params, span):
            self._refused.append((span, kind))
            return
        if kind in WORD_KINDS and any(k in WORD_KINDS and r.overlaps(span) for r, k in self._refused):
            return  # 'use the word "billig" not in the title', refused as a ban of the title, is not a required word
        self.found.append(Constraint(kind, subtype, params, span, wording, confidence))

    def add_source(self, kind: str, subtype: str, params: dict[str, Any], span: Span, wording: str,
                   confidence: float = 0.9) -> None:
        """`add` for a span of `source_view`, unless the canonical reading already read those words: the families
        reading the glossed text go first, a language's own table fills in what they left."""
        kind, params, wording = _label_opens_the_last_line(kind, params, wording)
        in_view = self.reading.to_text(span)
        if kind in OPENING_AND_ENDING_KINDS and OPENING_OR_ENDING_REFUSED_RE.search(
                self.view, max(0, in_view.start - 30), min(len(self.view), in_view.end)):
            return  # « Ne termine pas par une question », glossed "do not end with a question"
        if not self._asked_of_the_reply(kind, params, in_view) or any(r.overlaps(in_view) for r, _ in self._refused):
            return  # a language's own table never reads again words the glossed reading refused
        read = [c for c in self.found if id(c) not in self._from_source and c.span.overlaps(in_view)]
        # 'sin usar la palabra "lluvia" ni la palabra "agua"': the language's own table reads both words where the
        # glossed reading kept one; a fuller list of the same kind replaces it
        fuller = [c for c in read if c.kind == kind and _longer_list(params, c.params)]
        if fuller:
            self.found = [c for c in self.found if all(c is not f for f in fuller)]
            read = [c for c in read if all(c is not f for f in fuller)]
        if self.reading.language_at(span) != "en" and any(
                c.key() != (kind, repr(sorted(params.items()))) for c in read):
            return
        constraint = Constraint(kind, subtype, params, in_view, wording, confidence)
        self._from_source.add(id(constraint))
        self.found.append(constraint)

    def _asked_of_the_reply(self, kind: str, params: dict[str, Any], span: Span) -> bool:
        """Not a permission ("feel free to go over 200 words"), and not a cap or ban said of one part of the reply
        ("keep the first paragraph under 40 words"), which the whole-reply check would misjudge (`scope.py`)."""
        if only_allowed(self.view, span) or said_of_another_text(self.view, span) or withdrawn(self.view, span) or \
                one_of_alternatives(self.view, kind, span):
            return False
        return kind not in WHOLE_REPLY_KINDS or holds_of_the_whole_if_of_a_part(kind, params) or \
            not said_of_a_part(self.view, kind, span)

    def in_view(self, span: Span) -> Span:
        """A span of `source_view` as a span of `view`."""
        return self.reading.to_text(span)

    def has(self, kind: str) -> bool:
        return any(c.kind == kind for c in self.found)


# ---------------------------------------------------------------------------------------------------------------
# Count patterns around a unit

CAPITAL_CUE = r"(?:capital|caps\b|upper\s*-?\s*case|all-caps|block\s+letters)"
# Up to two words between a count and its unit ("3 short paragraphs"); never a joining word ("Day 2 and Day 3").
ADJECTIVES = r"(?:(?!(?:and|or|nor|but|to|of|in|on|at|by|for|with|than|then|the|a|an)[\s-])[a-z]{2,20}[\s-]){0,2}?"


MAX_MATCHES = 100  # no prompt states more constraints of one kind; bounds the work on adversarial input


def near_units(regex: re.Pattern[str], text: str, anchor: re.Pattern[str], before: int = 120,
               after: int = 40) -> list[re.Match[str]]:
    """Matches of a count pattern, searched only in windows around mentions of its unit.

    The unit is rare in a prompt and the count pattern is costly to try at every word, so this keeps extraction
    fast on long prompts; windows start at a blank so a relation ("at least") is never cut in half.
    """
    windows: list[list[int]] = []
    for unit in anchor.finditer(text):
        start = max(0, unit.start() - before)
        if start > 0:
            blank = text.find(" ", start, unit.start())
            start = blank + 1 if blank >= 0 else unit.start()
        end = min(len(text), unit.end() + after)
        if windows and start <= windows[-1][1]:  # overlapping windows are scanned once, as one
            windows[-1][1] = max(windows[-1][1], end)
        else:
            windows.append([start, end])
    return list(islice((m for start, end in windows for m in regex.finditer(text, start, end)), MAX_MATCHES))


def count_re(unit: str, adjectives: bool = True, after_guard: str = "") -> re.Pattern[str]:
    adj = ADJECTIVES if adjectives else ""
    return re.compile(
        rf"\b(?:(?P<rel>{REL})\s+)?(?:(?P<a>{NUM})\s*(?:-|–|to|and|or)\s*)?(?P<n>{NUM})(?P<post>{POST})?"
        rf"(?P<sep>\s*-\s*|\s+){adj}(?P<unit>{unit})\b(?P<post2>{POST})?{after_guard}",
        re.IGNORECASE,
    )


# ---------------------------------------------------------------------------------------------------------------
# Frequencies: "at least 3 times", "once or less", "twice"

TIMES_COUNT_RE = re.compile(
    rf"\b(?:(?P<rel>{REL}),?\s+)?(?:(?P<a>{NUM})\s+(?:or|to|-)\s+)?(?:(?P<n>{NUM})(?:\s+(?:times?|words?|occurrences?)\b)?"
    rf"|(?P<t>{TIMES_WORD}))(?P<post>{POST})?",
    re.IGNORECASE)


def times_bounds(text: str, start: int = 0, words: bool = False,
                  end: int | None = None) -> list[tuple[list[Bound], tuple[int, int]]]:
    """Counts written as "at least 3 times", "once or less", "6 or 7 times", "at most once" in `text`.

    A count followed by another noun ("at least 3 italic phrases") is not a frequency; with `words`, "N words"
    counts (capital words: "at least 15 words in all capital letters").
    """
    found = []
    for m in islice(TIMES_COUNT_RE.finditer(text, start, len(text) if end is None else end), MAX_MATCHES):
        raw = m.group("n") or m.group("t")
        n = parse_number(raw) if raw else None
        if n is None:
            continue
        tail = text[m.end("n"):m.end("n") + 14].lower() if m.group("n") else ""
        after = text[m.end():m.end() + 16].lower()  # "10 or more times": the unit follows the relation
        is_times = bool(m.group("t")) or bool(re.match(r"\s+(?:times?|occurrences?)\b", tail)) or bool(
            m.group("post") and re.match(r"\s+(?:times?|occurrences?)\b", after))
        if not is_times and not m.group("rel") and not m.group("post"):
            continue
        noun_after = after if m.group("post") else tail
        if not is_times and re.match(r"[\s-]+[^\W\d_]", noun_after) and not (
                words and re.match(r"\s+words?\b", noun_after)):
            continue
        if m.group("a"):
            a = parse_number(m.group("a"))
            if a is not None and a < n:
                found.append(([Bound(AT_LEAST, a), Bound(LESS_THAN, n + 1, True)], (m.start(), m.end())))
            continue
        negated = negated_before(text, m.start(), 30)
        found.append((bounds_for(m.group("rel"), m.group("post"), n, negated=negated, limiting=EXACTLY),
                      (m.start(), m.end())))
    return found


# ---------------------------------------------------------------------------------------------------------------
# Lists of keywords

STOP_WORDS = frozenset((
    "a", "an", "the", "and", "or", "in", "on", "of", "to", "for", "with", "your", "my", "our", "their", "its", "it",
    "this", "that", "these", "those", "any", "all", "some", "no", "not", "be", "is", "are", "was", "were", "as",
    "at", "by", "from", "into", "about", "than", "then", "so", "such", "etc", "also", "both", "either", "neither",
    "response", "answer", "reply", "output", "text", "essay", "story", "poem", "letter", "post", "throughout",
    "anywhere", "entire", "whole", "following", "words", "word", "keywords", "keyword", "terms", "term", "phrases",
    "phrase", "mention", "mentioning", "using", "use", "include", "including"
))
# Words that end a list rather than belong to it: "no other words should follow", "any words before repeating".
LIST_STOP_WORDS = STOP_WORDS | frozenset((
    "should", "must", "before", "after", "follow", "follows", "following", "other", "can", "will", "would", "could",
    "may", "shall", "when", "while", "until", "unless", "if", "because", "since", "like", "such", "other", "than",
    "appear", "appears", "appearing", "occur", "occurs", "used", "show", "shows", "count", "limit",
    # the conjunctions a gloss of another language keeps: "(the name que appear at least 3 times)"
    "que", "qui", "dass",
))
# Between listed items: English joiners and those of the other languages Rubriq reads (y/o, et/ou, und/oder).
_JOINERS = r"and|or|&|nor|y|o|et|ou|und|oder"
ITEM_SEPARATOR_RE = re.compile(rf"\s*(?:,\s*(?:{_JOINERS})?\s*|\s(?:{_JOINERS})\s+|/)\s*", re.IGNORECASE)
# „Schnee“ and « mot » too; an apostrophe inside double quotes is a letter ("don't panic")
QUOTED_ITEM_RE = re.compile(r"[\"“„«]([^\"”“»\n]{1,60})[\"”“»]|[‘'`‚]([^’'`\n]{1,60})[’'`‘]")
BARE_ITEM_RE = re.compile(r"[^\W\d_][\w-]{0,40}")


# After a bare item, a word that is neither a joiner nor the list's end: the item opened a sentence of its own.
_GOES_ON_RE = re.compile(r"[ \t]+(?!(?:and|or|nor|y|o|et|ou|und|oder|ni|as|in|anywhere|either|at|please)\b)[^\W\d_]",
                         re.IGNORECASE)


def parse_items(text: str, pos: int, allow_bare: bool, limit: int = 20,
                stop: frozenset[str] = STOP_WORDS, clause_ends: bool = False) -> tuple[list[str], int]:
    """A list of keywords starting at `pos`: `"a", "b" and "c"`, `['a', 'b']`, or bare `a, b and c`.

    Returns the items and the end offset; bare words are accepted only when `allow_bare` (the prompt said "the
    keywords" or "the word") and never a stop word. With `clause_ends`, a bare word that another word follows opens
    a new clause and ends the list ("the word accident, everyone tunes out").
    """
    items: list[str] = []
    i = pos
    n = len(text)
    while i < n and text[i] in " \t:":
        i += 1
    bracket = i < n and text[i] == "["
    quoted_before = False  # once items are quoted, a bare word after them ends the list
    if bracket:
        i += 1
    end = i
    while len(items) < limit:
        while i < n and text[i] in " \t":
            i += 1
        m = QUOTED_ITEM_RE.match(text, i)
        if m:
            quoted_before = True
            value = (m.group(1) or m.group(2) or "").strip().strip(",.;:")
            if value:
                items.append(value)
            i = m.end()
        elif allow_bare and (b := BARE_ITEM_RE.match(text, i)) and b.group().lower() not in stop and not (
                quoted_before and not bracket) and text[b.end():b.end() + 1] not in ("'", "’"):  # "... and don't"
            if clause_ends and items and _GOES_ON_RE.match(text, b.end()):
                break  # "the word accident, everyone tunes out": a new clause's subject, not a second word
            items.append(b.group().strip("-"))
            i = b.end()
        else:
            break
        end = i
        sep = ITEM_SEPARATOR_RE.match(text, i)
        if not sep:
            break
        i = sep.end()
    if bracket and end < n and text[end:end + 1] == "]":
        end += 1
    return items, end


# Names of several words in a list ("the columns Day, Activity and Learning curve", "the headings Welcome, First day
# and Who to ask"): each item runs to the next separator, four words at most, and a word that joins or goes on
# with the sentence ends it.
# An item quoted (an apostrophe inside double quotes is a letter: "What we'll do"), bracketed, or bare.
PHRASE_ITEM_RE = re.compile(r"(?:[\"“]([^\"”\n]{1,40})[\"”]|['‘`]([^'’`\n]{1,40})['’`])|\[([^\]\n]{1,40})\]|"
                            # "N° dossier", "Nº de socio": the number sign's degree ring belongs to the word
                            r"([^\W\d_][°º]?[\w'’-]{0,30}|\d{1,3})")
PHRASE_SEPARATOR_RE = re.compile(rf"\s*(?:,\s*(?:(?:{_JOINERS})\s+)?|\s+(?:{_JOINERS})\s+|;\s*|/\s*|\s*\|\s*)",
                                 re.IGNORECASE)
PHRASE_ENDERS = frozenset((
    "and", "or", "then", "with", "for", "in", "to", "of", "no", "but", "each", "please", "plus", "also", "so", "that",
    "which", "where", "as", "at", "by", "from", "y", "o", "et", "ou", "und", "oder", "under", "over", "after",
    "before", "using", "into", "on", "without",
))


_REMARK_OPENERS = frozenset(("exactly", "precisely", "strictly", "sorted", "ordered", "all"))
_PREPOSITION_ENDERS = frozenset(("by", "for", "to", "in", "on", "at", "from", "over", "under", "after", "before"))
_ITEM_END_RE = re.compile(r"[ \t]*(?:[.;)\n]|,(?![ \t]*(?:and|or)\b)|$)")
# One more word, and then the item ends: the rest of "Date of birth" before ", Email" or " and Email".
_LAST_WORD_RE = re.compile(r"[ \t]+[^\W\d_][\w'’-]{0,30}[ \t]*(?:[,.;)\n]|\band\b|\bor\b|$)")


def phrase_list(text: str, pos: int, limit: int = 12, max_words: int = 4) -> tuple[list[str], int]:
    """Items of one to `max_words` words at `pos`, quoted, bracketed or bare; returns them and where they end."""
    items: list[str] = []
    i = end = pos
    n = len(text)
    closing = False
    while len(items) < limit:
        while i < n and text[i] in " \t`":
            i += 1
        m = PHRASE_ITEM_RE.match(text, i)
        if not m:
            break
        quoted = m.group(1) or m.group(2)
        if quoted or m.group(3):
            item, i = (quoted or f"[{m.group(3)}]").strip(), m.end()
        else:
            words, j = [m.group(4)], m.end()
            while len(words) < max_words:
                nxt = re.match(r"[ \t]+([^\W\d_][\w'’-]{0,30}|\d{1,3})(?![\w'’-])", text[j:j + 40])
                if not nxt:
                    break
                # a preposition ends the item unless the item ends with it: "Date, Trip, Cost, Pay by."
                if nxt.group(1).lower() in PHRASE_ENDERS and not (
                        nxt.group(1).lower() in _PREPOSITION_ENDERS and _ITEM_END_RE.match(text, j + nxt.end())) \
                        and not (nxt.group(1).lower() == "of" and words[0][:1].isupper() and _LAST_WORD_RE.match(
                            text, j + nxt.end())):  # a capitalised name with "of" in it: "Date of birth, Email"
                    break
                words.append(nxt.group(1))
                j += nxt.end()
            # a preposition or "exactly" opens a remark on the list ("..., exactly in that order"), unless it stands
            # alone between commas in a list already running ("numero, objet, pour, contre": a column named "pour")
            if words[0].lower() in ("a", "an", "one", "una", "un", "une", "eine", "ein") and \
                    {"per", "por", "par", "pro"} & {w.lower() for w in words[1:]}:
                break  # "..., one line per meeting", "una fila por término": how the list is laid out
            if words[0].lower() in PHRASE_ENDERS | _REMARK_OPENERS and not (
                    items and len(words) == 1 and words[0].lower() in _PREPOSITION_ENDERS
                    and re.match(r"[ \t]*,[ \t]*[^\W\d_]", text[j:j + 8])) and not (
                    # a capitalised label in a list of them: "sections: Before opening, Morning rush, Afternoon"
                    words[0][:1].isupper() and words[0].lower() in _PREPOSITION_ENDERS and len(words) > 1 and
                    all(x[:1].isupper() for x in items)):
                break
            if len(items) >= 2 and all(x[:1].isupper() for x in items) and words[0][:1].islower():
                break  # "Élève, Parent, Créneau, classé par heure": capitalised names, then a remark on them
            item, i = " ".join(words), j
        items.append(item)
        end = i
        if closing and not (m.group(1) or m.group(2) or m.group(3)):
            break  # "Day, Shift and Person, sorted by day": a bare list ends at the item after its "and"
        sep = PHRASE_SEPARATOR_RE.match(text, i)
        if not sep:
            break
        closing = re.search(r"\b(?:and|or)\b|&", sep.group()) is not None
        i = sep.end()
    return items, end
