"""Extraction: the verifiable constraints a person stated in a prompt, each with the span that stated it.

Extraction reads `PromptDocument.instruction_view` (front matter and pasted sources blanked, offsets unchanged),
so quoted source text never yields a constraint and every span is a span of the prompt. It is pattern-based and
conservative: each extractor recognises the ways people phrase one kind of constraint ("at most 300 words",
"under 300 words", "300 words or less", "no more than three bullet points") and emits nothing when unsure.

Relations are normalised to IFEval's: "less than N" (count < N) and "at least N" (count >= N); "at most N" becomes
"less than N+1", "more than N" becomes "at least N+1", "between N and M" becomes the pair; an exact count keeps
relation "exactly" (IFEval states it as the pair "at least N" and "less than N+1", see `ifeval_view`).

All regular expressions are linear: bounded repetitions, no nested unbounded quantifiers.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from itertools import islice
from typing import Any

from rubriq.core.constraints.numbers import NUM, TIMES_WORD, parse_number
from rubriq.core.constraints.types import AT_LEAST, EXACTLY, LESS_THAN, Constraint
from rubriq.core.prompt import PromptDocument, parse_prompt
from rubriq.core.text import Span, split_sentences

# ---------------------------------------------------------------------------------------------------------------
# Relations

LOWER_EXCLUSIVE = ("more than", "greater than", "longer than", "over", "above", "exceed", "exceeding", "in excess of")
LOWER_INCLUSIVE = ("at least", "no fewer than", "no less than", "not less than", "not fewer than", "a minimum of",
                   "minimum of", "min", "minimum", "at minimum")
UPPER_EXCLUSIVE = ("less than", "fewer than", "under", "below", "shorter than")
UPPER_INCLUSIVE = ("at most", "no more than", "not more than", "up to", "a maximum of", "maximum of", "max",
                   "maximum", "not exceed", "not exceeding", "no longer than", "not longer than", "within",
                   "no greater than", "not to exceed", "at maximum")
EXACT = ("exactly", "precisely")
LIMITING = ("only", "just")  # "only 10 words": an upper bound for lengths, exact for items
APPROXIMATE = ("around", "about", "approximately", "roughly", "nearly", "close to", "circa", "some")

_REL_WORDS = sorted(
    LOWER_EXCLUSIVE + LOWER_INCLUSIVE + UPPER_EXCLUSIVE + UPPER_INCLUSIVE + EXACT + LIMITING + APPROXIMATE
    + ("between",), key=len, reverse=True)
REL = "(?:" + "|".join(w.replace(" ", r"\s+") for w in _REL_WORDS) + ")"
POST = r"(?:\+|\s+or\s+(?:more|less|fewer|greater|above|below|under|over|higher|lower)|\s+at\s+(?:most|least)|" \
       r"\s+(?:max|maximum|min|minimum)\b|\s+or\s+so)"
NEGATION_RE = re.compile(r"\b(?:not|never|avoid|without|don'?t|doesn'?t|shouldn'?t|mustn'?t|no)\b|n't\b",
                         re.IGNORECASE)


@dataclass(frozen=True)
class Bound:
    """A parsed count requirement: relation in (less than, at least, exactly, about) and its value."""

    relation: str
    value: int
    inclusive: bool = False  # an upper bound stated inclusively ("at most 300"): worded that way back


def _norm(text: str | None) -> str:
    return re.sub(r"\s+", " ", (text or "").strip().lower())


def bounds_for(rel: str | None, post: str | None, n: int, *, negated: bool = False, default: str = EXACTLY,
               limiting: str = EXACTLY) -> list[Bound]:
    """Turn "more than 5", "5 or fewer", "at most 5" ... into IFEval relations."""
    rel, post = _norm(rel), _norm(post)
    if post:
        if post == "or so":
            return [Bound("about", n)]
        if post in ("+",) or any(w in post for w in ("more", "greater", "above", "over", "higher", "least", "min")):
            return [Bound(AT_LEAST, n)]
        return [Bound(LESS_THAN, n + 1, True)]
    if rel in LOWER_EXCLUSIVE:
        return [Bound(LESS_THAN, n + 1, True)] if negated else [Bound(AT_LEAST, n + 1)]
    if rel in LOWER_INCLUSIVE:
        return [Bound(AT_LEAST, n)]
    if rel in UPPER_EXCLUSIVE:
        return [Bound(LESS_THAN, n)]
    if rel in UPPER_INCLUSIVE:
        return [Bound(LESS_THAN, n + 1, True)]
    if rel in EXACT:
        return [Bound(EXACTLY, n)]
    if rel in LIMITING:
        return [Bound(LESS_THAN, n + 1, True)] if limiting == LESS_THAN else [Bound(EXACTLY, n)]
    if rel in APPROXIMATE:
        return [Bound("about", n)]
    return [Bound(default, n)]


def _negated_before(view: str, start: int, window: int = 40) -> bool:
    """A negation in the same clause just before `start` ("don't want anything longer than 30 words")."""
    lo = max(0, start - window)
    head = view[lo:start]
    cut = max(head.rfind("."), head.rfind("\n"), head.rfind(";"), head.rfind(","))
    return NEGATION_RE.search(head[cut + 1:]) is not None


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


def clauses_of(view: str) -> list[Clause]:
    """Sentences split at line breaks, except where a line was only wrapped ("do not include the\nword X")."""
    found: list[Clause] = []
    for sentence in split_sentences(view):
        pos = sentence.span.start
        lines = sentence.text.split("\n")
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


class Extraction:
    """Collects constraints while the extractors run over one prompt."""

    def __init__(self, doc: PromptDocument) -> None:
        self.doc = doc
        self.view = doc.instruction_view
        self.clauses = clauses_of(self.view)
        self.found: list[Constraint] = []

    def add(self, kind: str, subtype: str, params: dict[str, Any], span: Span, wording: str,
            confidence: float = 0.9) -> None:
        self.found.append(Constraint(kind, subtype, params, span, wording, confidence))

    def has(self, kind: str) -> bool:
        return any(c.kind == kind for c in self.found)


# ---------------------------------------------------------------------------------------------------------------
# Lengths: words, sentences

_CAPITAL_CUE = r"(?:capital|caps\b|upper\s*-?\s*case|all-caps|block\s+letters)"
_ADJ = r"(?:[a-z]{2,20}[\s-]){0,2}?"


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


def _count_re(unit: str, adjectives: bool = True, after_guard: str = "") -> re.Pattern[str]:
    adj = _ADJ if adjectives else ""
    return re.compile(
        rf"\b(?:(?P<rel>{REL})\s+)?(?:(?P<a>{NUM})\s*(?:-|–|to|and|or)\s*)?(?P<n>{NUM})(?P<post>{POST})?"
        rf"(?P<sep>\s*-\s*|\s+){adj}(?P<unit>{unit})\b(?P<post2>{POST})?{after_guard}",
        re.IGNORECASE,
    )


WORD_UNIT_RE = re.compile(r"\bwords?\b", re.IGNORECASE)
SENTENCE_UNIT_RE = re.compile(r"\bsentences?\b", re.IGNORECASE)
WORDS_RE = _count_re(r"words?", after_guard=rf"(?!\s+(?:in|with|written\s+in|that\s+are|using|of)\s+(?:all\s+)?"
                                            rf"(?:the\s+)?{_CAPITAL_CUE})")
SENTENCES_RE = _count_re(r"sentences?")
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


DISTRIBUTIVE_RE = re.compile(
    r"\b(?:each|every|per)\s+(?:single\s+)?(?:line|paragraph|section|bullet|point|item|stanza|sentence|verse|"
    r"part|step|answer|response|version|entry|slide|tweet|name|title|heading)s?\b", re.IGNORECASE)
CAPITALIZE_BEFORE_RE = re.compile(r"capitali[sz]e\W{1,3}(?:\w+\W{1,3}){0,3}$", re.IGNORECASE)
PART_OF_RE = re.compile(r"\s+of\s+(?!(?:text|prose|content|writing|output|response|answer)\b)[a-z]", re.IGNORECASE)
LIMIT_TO_RE = re.compile(r"\b(?:limit|restrict|cap|keep)\w*\b[^.\n]{0,40}\bto\s*$", re.IGNORECASE)


def _length(ex: Extraction, regex: re.Pattern[str], kind: str, param: str, unit: str,
            anchor: re.Pattern[str]) -> None:
    view = ex.view
    results: list[tuple[Span, list[Bound], bool]] = []
    for m in near_units(regex, view, anchor):
        gap = view[m.start("n"):m.start("unit")].lower()
        if re.search(_CAPITAL_CUE, gap) or "letter" in gap:
            continue
        if unit == "word" and CAPITALIZE_BEFORE_RE.search(view[max(0, m.start() - 40):m.start()]):
            continue  # "capitalize at least 6 words" counts capital words
        n = parse_number(m.group("n"))
        if n is None or n > 100_000:
            continue
        rel = m.group("rel")
        negated = _negated_before(view, m.start())
        hyphenated = "-" in m.group("sep") or (m.group("post") or "").strip() == "+"
        if m.group("a"):
            a = parse_number(m.group("a"))
            if a is None or a >= n:
                continue
            joiner = view[m.end("a"):m.start("n")].strip().lower()
            if joiner == "or" and _norm(rel) not in ("", "between"):
                continue
            bounds = [Bound(AT_LEAST, a), Bound(LESS_THAN, n + 1, True)]
            results.append((Span(m.start(), m.end()), bounds, True))
            continue
        clause_head = view[max(0, m.start() - 60):m.start()]
        clause_head = clause_head[max(clause_head.rfind("."), clause_head.rfind("\n")) + 1:]
        if DISTRIBUTIVE_RE.search(clause_head):
            continue  # "each line should contain exactly one sentence" counts per line, not in the whole response
        if PART_OF_RE.match(view, m.end()):
            continue  # "no more than 2 sentences of explanation" limits one part of the output, not all of it
        default = EXACTLY
        if not rel and LIMIT_TO_RE.search(clause_head):
            rel = "at most"  # "limit your response to 100 words", "keep it to 3 sentences"
        if unit == "word":
            default = "about"
            # a bare "500 words" counts only in length phrasing: "in 500 words", "a 500-word essay", "using 500 words"
            before = view[max(0, m.start() - 12):m.start()].lower()
            if not rel and not m.group("post") and not m.group("post2") and not hyphenated and not re.search(
                    r"\b(?:in|a|an|using|use|with|within|of|be|is|write|keep\s+it)\s*$", before):
                continue
        if unit == "word" and hyphenated and not rel and not m.group("post") and not m.group("post2"):
            default = AT_LEAST  # IFEval reads "a 100-word advertisement" as at least 100 words
        bounds = bounds_for(rel, m.group("post") or m.group("post2"), n, negated=negated, default=default,
                            limiting=LESS_THAN if unit == "word" else EXACTLY)
        if unit == "sentence" and not rel and not m.group("post") and not m.group("post2"):
            before = view[max(0, m.start() - 12):m.start()].lower()
            if not re.search(r"\b(?:in|a|an|of|with|using|use|contain|contains|write|be|only|just)\s*$", before):
                continue
        explicit = bool(rel or m.group("post") or m.group("post2"))
        results.append((Span(m.start(), m.end()), bounds, explicit))
    for extra in (UNIT_FIRST_RE, LIMIT_NUMBER_RE):
        for m in near_units(extra, view, anchor, before=60, after=120):
            if not m.group("unit").lower().startswith(unit) and not (unit == "word" and m.group("unit").lower() ==
                                                                    "length"):
                continue
            if m.group("unit").lower() == "length" and unit != "word":
                continue
            if re.search(_CAPITAL_CUE, view[m.start():m.end()], re.IGNORECASE):
                continue
            n = parse_number(m.group("n"))
            if n is None:
                continue
            negated = bool(re.search(r"\bnot\b", m.group(0), re.IGNORECASE))
            bounds = bounds_for(m.group("rel"), m.group("post"), n, negated=negated, limiting=LESS_THAN)
            if m.group("unit").lower() == "length" and not m.group("rel") and not m.group("post"):
                continue
            results.append((Span(m.start(), m.end()), bounds, True))
    # A bare or exact count next to an explicit bound of the same unit is usually its elaboration
    # ("less than 3 sentences (just 1 sentence or 2 sentences)"): keep the bounds.
    has_bound = any(b.relation in (AT_LEAST, LESS_THAN) for _, bs, _e in results for b in bs)
    seen: set[tuple[str, int]] = set()
    for span, bounds, explicit in sorted(results, key=lambda r: r[0].start):
        if has_bound and all(b.relation in (EXACTLY, "about") for b in bounds):
            continue
        if any(span.overlaps(c.span) and c.kind == kind for c in ex.found):
            continue
        for bound in bounds:
            if (bound.relation, bound.value) in seen:
                continue
            seen.add((bound.relation, bound.value))
            wording = wording_for(bound, unit)
            if bound.relation == "about":
                ex.add("rubriq:approximate_words", "length", {"num_words": bound.value}, span, wording,
                       0.7)
            else:
                ex.add(kind, "length", {"relation": bound.relation, param: bound.value}, span, wording,
                       0.95 if explicit else 0.8)


CHARACTERS_RE = _count_re(r"characters?|chars")
CHARACTER_UNIT_RE = re.compile(r"\b(?:characters?|chars)\b", re.IGNORECASE)


def extract_characters(ex: Extraction) -> None:
    """ "under 280 characters", "at most 160 characters": the length of the whole response in characters."""
    for m in near_units(CHARACTERS_RE, ex.view, CHARACTER_UNIT_RE):
        n = parse_number(m.group("n"))
        rel, post = m.group("rel"), m.group("post") or m.group("post2")
        if n is None or m.group("a") or not (rel or post) or re.search(r"\bletters?\b", m.group(0), re.IGNORECASE):
            continue
        for bound in bounds_for(rel, post, n, negated=_negated_before(ex.view, m.start()), limiting=LESS_THAN):
            if bound.relation in (AT_LEAST, LESS_THAN):
                ex.add("rubriq:number_characters", "length", {"relation": bound.relation,
                       "num_characters": bound.value}, Span(m.start(), m.end()), wording_for(bound, "character"))
        return


def extract_words(ex: Extraction) -> None:
    _length(ex, WORDS_RE, "length_constraints:number_words", "num_words", "word", WORD_UNIT_RE)


def extract_sentences(ex: Extraction) -> None:
    _length(ex, SENTENCES_RE, "length_constraints:number_sentences", "num_sentences", "sentence", SENTENCE_UNIT_RE)


# ---------------------------------------------------------------------------------------------------------------
# Paragraphs: IFEval's *** paragraphs, blank-line paragraphs, the first word of the nth paragraph

DIVIDER_CUE_RE = re.compile(
    r"(?<!\*)\*\*\*(?!\*)|\*\s\*\s\*|markdown\s+divider|\b(?:3|three)\s+asterisk(?:s|\s+symbols?|\s+markers?)?\b",
    re.IGNORECASE)
PARAGRAPH_UNITS = r"paragraphs?|sections?|parts?|stanzas?|verses?|chunks?|pieces?|blocks?|segments?"
PARAGRAPH_COUNT_RE = _count_re(PARAGRAPH_UNITS)
PARAGRAPH_UNIT_RE = re.compile(rf"\b(?:{PARAGRAPH_UNITS})\b", re.IGNORECASE)
BLANK_PARAGRAPH_COUNT_RE = _count_re(r"paragraphs?")
ORDINALS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "fifth": 5,
            "5th": 5, "sixth": 6, "6th": 6, "seventh": 7, "7th": 7, "eighth": 8, "8th": 8, "ninth": 9, "9th": 9,
            "tenth": 10, "10th": 10}
_ORD = "|".join(ORDINALS)
_QUOTE_OPEN = "\"'“‘`"
_QUOTE_CLOSE = "\"'”’`"
NTH_FIRST_WORD_RE = re.compile(
    rf"\b(?:the\s+)?(?:very\s+)?(?:(?P<ord>{_ORD})\s+paragraph|paragraph\s+(?P<num>\d{{1,2}}))\s+"
    rf"(?:(?:must|should|has\s+to|needs\s+to|will|shall|is\s+to)\s+)?(?:start|begin)s?\s+with\s+(?:the\s+)?"
    rf"(?:word\s+|term\s+)?[{_QUOTE_OPEN}]?(?P<word>[^\W\d_][\w'-]{{0,40}})",
    re.IGNORECASE,
)
NTH_FIRST_WORD_VERB_RE = re.compile(
    rf"\b(?:start|begin)\s+(?:the\s+)?(?P<ord>{_ORD})\s+paragraph\s+with\s+(?:the\s+)?(?:word\s+)?"
    rf"[{_QUOTE_OPEN}]?(?P<word>[^\W\d_][\w'-]{{0,40}})",
    re.IGNORECASE,
)
EXAMPLE_DIVIDER_LINE_RE = re.compile(r"^[ \t]{0,8}\*\*\*[ \t]{0,8}$", re.MULTILINE)


def _paragraph_count(ex: Extraction, regex: re.Pattern[str], near: int = 0) -> tuple[int, Span] | None:
    """The stated number of paragraphs: "paragraphs" before other units (parts, sections...), then the count
    nearest to `near` (where the divider is mentioned)."""
    candidates: list[tuple[int, int, int, Span]] = []
    for m in near_units(regex, ex.view, PARAGRAPH_UNIT_RE):
        if re.match(r"asterisk", ex.view[m.end("n"):m.end("n") + 20].strip(), re.IGNORECASE):
            continue
        n = parse_number(m.group("n"))
        if n is not None and 0 < n < 1000 and not m.group("a"):
            rank = 0 if m.group("unit").lower().startswith("paragraph") else 1
            candidates.append((rank, abs(m.start() - near), n, Span(m.start(), m.end())))
    if not candidates:
        return None
    _, _, n, span = min(candidates, key=lambda c: (c[0], c[1], c[3].start))
    return n, span


def extract_paragraphs(ex: Extraction) -> None:
    view = ex.view
    nth: list[tuple[int, str, Span]] = []
    for regex in (NTH_FIRST_WORD_RE, NTH_FIRST_WORD_VERB_RE):
        for m in regex.finditer(view):
            ordinal = m.group("ord")
            index = ORDINALS[ordinal.lower()] if ordinal else int(m.group("num"))
            nth.append((index, m.group("word").lower().strip("'-"), Span(m.start(), m.end())))
    divider = DIVIDER_CUE_RE.search(view)
    six = re.search(r"\*{6}|\b(?:6|six)\s+asterisks?", view, re.IGNORECASE)
    if divider and six and divider.start() >= six.start() and divider.start() < six.end():
        divider = None
    blank_count = _paragraph_count(ex, BLANK_PARAGRAPH_COUNT_RE)
    if nth:
        for index, word, span in nth[:1]:
            params: dict[str, Any] = {"first_word": word, "nth_paragraph": index}
            wording = f"paragraph {index} starts with {word!r}"
            if blank_count:
                params["num_paragraphs"] = blank_count[0]
                wording = f"exactly {blank_count[0]} paragraphs; {wording}"
            ex.add("length_constraints:nth_paragraph_first_word", "startend", params, span, wording)
        return
    if divider:
        counted = _paragraph_count(ex, PARAGRAPH_COUNT_RE, divider.start())
        if counted:
            n, span = counted
        else:
            lines = EXAMPLE_DIVIDER_LINE_RE.findall(view)
            if not lines:
                return
            n, span = len(lines) + 1, Span(divider.start(), divider.end())
        ex.add("length_constraints:number_paragraphs", "structure", {"num_paragraphs": n},
               Span(min(span.start, divider.start()), max(span.end, divider.end()))
               if abs(span.start - divider.start()) < 200 else span,
               f"exactly {n} paragraphs separated by ***")
        return
    if blank_count:
        n, span = blank_count
        stated = BLANK_PARAGRAPH_COUNT_RE.match(ex.view, span.start)
        bounds = bounds_for(stated.group("rel") if stated else None,
                            (stated.group("post") or stated.group("post2")) if stated else None, n,
                            negated=_negated_before(ex.view, span.start))
        for bound in bounds:
            if bound.relation in (EXACTLY, AT_LEAST, LESS_THAN):
                ex.add("rubriq:number_paragraphs", "structure", {"num_paragraphs": bound.value,
                       "relation": bound.relation}, span, wording_for(bound, "paragraph"), 0.8)


# ---------------------------------------------------------------------------------------------------------------
# Lists, highlights, sections, placeholders

BULLET_UNIT = r"bullet(?:ed)?[\s-]?points?|bullets|bullet(?:ed)?\s+(?:list\s+)?items?|list\s+items?|bullet\s+list"
BULLET_COUNT_RE = _count_re(BULLET_UNIT)
BULLET_MENTION_RE = re.compile(rf"\b(?:{BULLET_UNIT}|bullet(?:ed)?\s+lists?|bullet\s+format)\b", re.IGNORECASE)
EXACTLY_N_RE = re.compile(rf"\bexactly\s+(?P<n>{NUM})\b", re.IGNORECASE)
NO_LISTS_RE = re.compile(
    r"\b(?:no|not?\s+(?:use|give|include|write|add)\s+(?:me\s+)?(?:any\s+)?|without\s+(?:any\s+)?|avoid\s+(?:any\s+)?)"
    r"(?:bullet(?:ed)?\s*(?:points?|lists?)?|lists?|numbered\s+lists?)\b", re.IGNORECASE)
BULLET_USE_RE = re.compile(
    r"\b(?:in|as|using|use|with|into)\s+(?:a\s+)?(?:\w+\s+)?(?:bullet(?:ed)?[\s-]?points?|bullets|bullet(?:ed)?\s+lists?)\b",
    re.IGNORECASE)
NUMBERED_LIST_RE = re.compile(
    rf"\b(?:(?:a|as\s+a|in\s+a|the\s+form\s+of\s+a)\s+numbered\s+list(?:\s+of\s+(?P<n>{NUM})\b)?|"
    rf"(?P<m>{NUM})\s+numbered\s+(?:items|points|steps))", re.IGNORECASE)


def extract_bullets(ex: Extraction) -> None:
    for clause in ex.clauses:
        text = clause.text
        if NO_LISTS_RE.search(text):
            m = NO_LISTS_RE.search(text)
            assert m is not None
            ex.add("rubriq:no_lists", "structure", {}, Span(clause.start + m.start(), clause.start + m.end()),
                   "no bullet points or lists", 0.8)
            continue
        if not BULLET_MENTION_RE.search(text):
            continue
        counted = False
        for m in BULLET_COUNT_RE.finditer(text):
            n = parse_number(m.group("n"))
            if n is None:
                continue
            span = Span(clause.start + m.start(), clause.start + m.end())
            if m.group("a"):
                a = parse_number(m.group("a"))
                if a is not None and a < n:
                    ex.add("rubriq:bullet_count", "structure", {"min": a, "max": n}, span,
                           f"{a} to {n} bullet points")
                    counted = True
                continue
            bounds = bounds_for(m.group("rel"), m.group("post") or m.group("post2"), n,
                                negated=_negated_before(ex.view, span.start))
            bound = bounds[0]
            if bound.relation == EXACTLY:
                ex.add("detectable_format:number_bullet_lists", "structure", {"num_bullets": n}, span,
                       f"exactly {n} bullet point{'s' if n != 1 else ''}")
            elif bound.relation == AT_LEAST:
                ex.add("rubriq:bullet_count", "structure", {"min": bound.value, "max": None}, span,
                       f"at least {bound.value} bullet points")
            elif bound.relation == LESS_THAN:
                ex.add("rubriq:bullet_count", "structure", {"min": None, "max": bound.value - 1}, span,
                       f"at most {bound.value - 1} bullet points")
            counted = True
            break
        if not counted:
            exact = EXACTLY_N_RE.search(text)
            if exact and parse_number(exact.group("n")) is not None:
                n = parse_number(exact.group("n"))
                mention = BULLET_MENTION_RE.search(text)
                assert mention is not None and n is not None
                ex.add("detectable_format:number_bullet_lists", "structure", {"num_bullets": n},
                       Span(clause.start + min(exact.start(), mention.start()),
                            clause.start + max(exact.end(), mention.end())),
                       f"exactly {n} bullet point{'s' if n != 1 else ''}", 0.8)
    counted_kinds = ("detectable_format:number_bullet_lists", "rubriq:bullet_count", "rubriq:no_lists")
    if not any(ex.has(kind) for kind in counted_kinds):
        for clause in ex.clauses:  # "explain it using bullet points": a list, of any length
            mention = BULLET_USE_RE.search(clause.text)
            if mention and not NEGATION_RE.search(clause.text[max(0, mention.start() - 30):mention.start()]):
                ex.add("rubriq:bullet_list", "format", {}, Span(clause.start + mention.start(),
                       clause.start + mention.end()), "a bulleted list", 0.75)
                break
    numbered = NUMBERED_LIST_RE.search(ex.view)
    if numbered:
        raw = numbered.group("n") or numbered.group("m")
        n = parse_number(raw) if raw else None
        ex.add("rubriq:numbered_list", "format", {"num_items": n}, Span(numbered.start(), numbered.end()),
               f"a numbered list of {n} items" if n else "a numbered list", 0.8)


HIGHLIGHT_VERB_RE = re.compile(
    r"\b(?:highlight\w*|italici[sz]\w*|italics?|bold\w*|emphasi[sz]\w*)\b", re.IGNORECASE)
HIGHLIGHT_MARKUP_RE = re.compile(
    r"\bmarkdown\b|\*[^*\s][^*\n]{0,80}\*|\bitalic|\basterisks?\b|\bwrapping\s+it\s+with\s+\*", re.IGNORECASE)
HIGHLIGHT_COUNT_RE = _count_re(
    r"(?:text\s+|italic\s+|highlighted\s+|markdown\s+)?(?:sections?|parts?|phrases?|words?|keywords?|"
    r"portions?|spans?|passages?|lines?|sentences?|points?|names?|terms?|things?)")
SECTION_TOTAL_RE = _count_re(r"sections?")


def extract_highlights(ex: Extraction) -> None:
    for index, clause in enumerate(ex.clauses):
        text = clause.text
        verb = HIGHLIGHT_VERB_RE.search(text)
        if not verb:
            continue
        nearby = text + " " + (ex.clauses[index + 1].text if index + 1 < len(ex.clauses) else "")
        if not HIGHLIGHT_MARKUP_RE.search(nearby) and not re.match(r"italic|bold", verb.group(), re.IGNORECASE):
            continue  # "highlight" alone may mean stress in words; italic and bold are markdown
        if re.search(_CAPITAL_CUE, text[max(0, verb.start() - 60):verb.end() + 10], re.IGNORECASE):
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
    count_re = _count_re(rf"{unit}s?|sections?|parts?|versions?", adjectives=True)
    for cm in count_re.finditer(ex.view):
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


PLACEHOLDER_RE = re.compile(
    rf"\b(?:(?P<rel>{REL})\s+)?(?P<n>{NUM})\s+(?:[a-z]{{2,15}}\s+)?placeholders?\b|\bplaceholders?\b", re.IGNORECASE)


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


# ---------------------------------------------------------------------------------------------------------------
# Formats and wrappers

JSON_RE = re.compile(
    r"\b(?:in|as|into|using|with|to|is)\s+(?:a\s+|an\s+|the\s+|valid\s+|proper\s+|structured\s+)?JSON\b(?!\s+schema)|"
    r"\bJSON\s+(?:format|object|output|only)\b|\bvalid\s+JSON\b", re.IGNORECASE)
YAML_RE = re.compile(r"\b(?:in|as|into|using)\s+(?:a\s+|valid\s+)?YAML\b|\bYAML\s+(?:format|only|document)\b",
                     re.IGNORECASE)
CSV_RE = re.compile(r"\b(?:in|as|into|using)\s+(?:a\s+)?CSV\b|\bCSV\s+(?:format|only)\b", re.IGNORECASE)
TABLE_RE = re.compile(
    r"\b(?:in|as|into|using)\s+(?:a\s+)?(?:markdown\s+)?table\b|\bmarkdown\s+table\b|\btable\s+format\b|"
    r"\ba\s+table\s+(?:of|comparing|with\s+columns|that\s+(?:compares|lists|shows))\b", re.IGNORECASE)
HEADINGS_RE = re.compile(
    r"\b(?:use|using|with|include|add|under)\s+(?:markdown\s+|clear\s+|section\s+)?(?:headings|headers)\b",
    re.IGNORECASE)
TITLE_RE = re.compile(r"double\s+angul?ar\s+brackets|<<[^<>\n]{1,80}>>", re.IGNORECASE)
TWO_RESPONSES_RE = re.compile(r"\*{6}|\b(?:6|six)\s+asterisks?\b", re.IGNORECASE)
CONSTRAINED_RE = re.compile(r"my\s+answer\s+is\s+(?:yes|no|maybe)", re.IGNORECASE)
QUOTATION_RE = re.compile(r"double\s+quot(?:ation|ations|e|es)?(?:\s+marks?)?|\bquotation\s+marks\b", re.IGNORECASE)
QUOTATION_VERB_RE = re.compile(r"\b(?:wrap\w*|enclos\w*|around|inside|within|surround\w*|put|place\w*|in)\b",
                               re.IGNORECASE)
NO_COMMA_RE = re.compile(
    r"(?:\b(?:no|not|never|without|refrain\w*|avoid\w*|zero|don'?t|doesn'?t|mustn'?t|shouldn'?t|none)\b|n't\b)"
    r"[^.\n?!]{0,60}?\bcommas?\b"
    r"(?![\s-]*separated)", re.IGNORECASE)


def extract_formats(ex: Extraction) -> None:
    view = ex.view
    for regex, kind, subtype, wording, conf in (
        (JSON_RE, "detectable_format:json_format", "format", "the whole response in JSON", 0.9),
        (YAML_RE, "rubriq:yaml_format", "format", "the whole response in YAML", 0.85),
        (CSV_RE, "rubriq:csv_format", "format", "the whole response as CSV", 0.8),
        (TABLE_RE, "rubriq:markdown_table", "format", "a markdown table", 0.75),
        (HEADINGS_RE, "rubriq:headings", "structure", "markdown headings", 0.75),
    ):
        m = regex.search(view)
        if m and not _negated_before(view, m.start(), 25):
            ex.add(kind, subtype, {}, Span(m.start(), m.end()), wording, conf)
    m = TITLE_RE.search(view)
    if m:
        ex.add("detectable_format:title", "format", {}, Span(m.start(), m.end()),
               "a title wrapped in double angular brackets <<title>>")
    m = TWO_RESPONSES_RE.search(view)
    if m:
        ex.add("combination:two_responses", "structure", {}, Span(m.start(), m.end()),
               "two different responses separated by ******")
    m = CONSTRAINED_RE.search(view)
    if m:
        ex.add("detectable_format:constrained_response", "format", {}, Span(m.start(), m.end()),
               "answer with 'My answer is yes.', 'My answer is no.' or 'My answer is maybe.'")
    for clause in ex.clauses:
        q = QUOTATION_RE.search(clause.text)
        if q and QUOTATION_VERB_RE.search(clause.text) and re.search(
                r"\b(?:response|answer|reply|output|entire|whole|everything)\b", clause.text, re.IGNORECASE):
            ex.add("startend:quotation", "format", {}, Span(clause.start + q.start(), clause.start + q.end()),
                   "the whole response wrapped in double quotation marks")
            break
    m = NO_COMMA_RE.search(view)
    if m:
        ex.add("punctuation:no_comma", "punctuation", {}, Span(m.start(), m.end()), "no commas")


# ---------------------------------------------------------------------------------------------------------------
# Casing

CAPITAL_WORDS_RE = re.compile(
    r"\b(?:words?|terms?)\s+(?:with|in|using|written\s+in|that\s+are\s+(?:in\s+)?|of)\s+(?:all\s+)?(?:capital(?:\s+letters|s)?|"
    r"caps|upper\s*-?case(?:\s+letters)?)|\b(?:all[\s-]caps|capitali[sz]ed|all[\s-]capital|uppercase|capital)\s+words\b|"
    r"\bcapitali[sz]e\s+(?:at\s+least|at\s+most|only|exactly|no\s+more\s+than|fewer\s+than|less\s+than)?\s*\d{1,4}\s+"
    r"(?:[a-z]{2,15}\s+)?words\b",
    re.IGNORECASE)
TIMES_COUNT_RE = re.compile(
    rf"\b(?:(?P<rel>{REL})\s+)?(?:(?P<a>{NUM})\s+(?:or|to|-)\s+)?(?:(?P<n>{NUM})(?:\s+(?:times?|words?|occurrences?)\b)?"
    rf"|(?P<t>{TIMES_WORD}))(?P<post>{POST})?",
    re.IGNORECASE)
ALL_CAPITAL_RE = re.compile(
    r"\ball\s+(?:in\s+)?(?:capital(?:s|\s+letters?)|caps|upper\s*-?\s*case(?:\s+letters)?|block\s+capitals)|"
    r"\bcapital\s+letters\s+only|\bonly\s+(?:use\s+)?capital\s+letters|\bin\s+(?:only\s+)?capital\s+letters|"
    r"\b(?:using|use)\s+only\s+capital\s+letters|"
    r"\bcapitali[sz]e\s+(?:all|every|each)\s+(?:of\s+)?(?:your\s+|the\s+)?(?:words?|letters?)|"
    r"\b(?:only\s+)?upper\s*-?\s*case\s+(?:only|letters\s+only)|\bin\s+upper\s*-?\s*case\b|"
    r"\b(?:response|answer|reply|output|text|everything|letters)\s+(?:in\s+)?(?:all\s+)?(?:upper\s*-?\s*case|caps)\b|"
    r"\bnot\s+a\s+single\s+(?:word|letter)[^.\n]{0,60}lower\s*-?\s*case|"
    r"\ball\s+(?:the\s+)?(?:letters?|words?)\s+(?:in\s+(?:your\s+|the\s+)?(?:entire\s+|whole\s+)?(?:response|answer|reply)\s+)?"
    r"(?:should|must|need\s+to|have\s+to|are\s+to|will)\s+be\s+(?:capitali[sz]ed|in\s+capitals|upper\s*-?\s*case)",
    re.IGNORECASE)
ALL_LOWER_RE = re.compile(
    r"\b(?:all|in|entirely|only|completely|be|are|is|using|use|with)\s+(?:in\s+)?lower\s*-?\s*case\b"
    r"(?!\s+(?:letters\s+)?for\b)|"  # "use lowercase for the variable names" is about a part
    r"\blower\s*-?\s*case\s+(?:letters|characters|only|english|text)\b(?!\s+for\b)|"
    r"\b(?:response|answer|reply|output|text|everything|letters|words)\s+(?:in\s+)?(?:all\s+)?lower\s*-?\s*case\b|"
    r"\bno\s+capital(?:s|\s+letters?|i[sz]ations?)?\b|"
    r"\b(?:not|n't|never)\s+(?:contain|use|include|have|be\s+any)\s+(?:any\s+)?capital(?:s|\s+letters?|i[sz]ations?)?\b|"
    r"\bwithout\s+(?:using\s+|the\s+use\s+of\s+)?(?:any\s+)?capital(?:s|\s+letters?|i[sz]ations?)\b|"
    r"\b(?:no|not\s+any)\s+(?:words?|letters?)\s+(?:are|is|should\s+be|must\s+be|being)\s+capitali[sz]ed\b",
    re.IGNORECASE)


def _times_bounds(text: str, start: int = 0, words: bool = False,
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
        negated = _negated_before(text, m.start(), 30)
        found.append((bounds_for(m.group("rel"), m.group("post"), n, negated=negated, limiting=EXACTLY),
                      (m.start(), m.end())))
    return found


def extract_casing(ex: Extraction) -> None:
    capital_clauses: set[int] = set()
    for index, clause in enumerate(ex.clauses):
        m = CAPITAL_WORDS_RE.search(clause.text)
        if not m:
            continue
        capital_clauses.add(index)
        counts = [(b, pos) for b, pos in _times_bounds(clause.text, words=True) if "sentence" not in
                  clause.text[pos[1]:pos[1] + 12].lower()]
        span = Span(clause.start + m.start(), clause.start + m.end())
        if counts:
            for bounds, pos in counts[:1]:
                for bound in bounds:
                    relation = bound.relation if bound.relation != EXACTLY else AT_LEAST
                    pairs = [(AT_LEAST, bound.value), (LESS_THAN, bound.value + 1)] if bound.relation == EXACTLY \
                        else [(relation, bound.value)]
                    for rel, value in pairs:
                        ex.add("change_case:capital_word_frequency", "casing",
                               {"capital_relation": rel, "capital_frequency": value},
                               Span(clause.start + min(m.start(), pos[0]), clause.start + max(m.end(), pos[1])),
                               wording_for(Bound(rel, value), "word in all capital letters").replace(
                                   "word in all capital letterss", "words in all capital letters"))
            second = CAPITAL_WORDS_RE.search(clause.text, m.end())
            first_bounds = counts[0][0]
            if second and re.search(r"\buse\b", clause.text[:m.start()], re.IGNORECASE) and all(
                    b.relation == LESS_THAN for b in first_bounds):  # "use capital words ..., but fewer than 10"
                ex.add("change_case:capital_word_frequency", "casing", {"capital_relation": AT_LEAST,
                       "capital_frequency": 1}, span, "at least 1 word in all capital letters", 0.8)
        elif re.search(r"\buse\b", clause.text[:m.start()], re.IGNORECASE):
            ex.add("change_case:capital_word_frequency", "casing", {"capital_relation": AT_LEAST,
                   "capital_frequency": 1}, span, "at least 1 word in all capital letters", 0.8)
    for index, clause in enumerate(ex.clauses):
        if index in capital_clauses:
            continue
        m = ALL_CAPITAL_RE.search(clause.text)
        if m and NEGATION_RE.search(clause.text[max(0, m.start() - 25):m.start()]):
            m = None  # "without using capital letters" asks for the opposite
        if m:
            if not ex.has("change_case:english_capital"):
                ex.add("change_case:english_capital", "casing", {},
                       Span(clause.start + m.start(), clause.start + m.end()), "all capital letters, in English")
            continue  # "not a single word should contain lowercase letters" is about capitals
        m = ALL_LOWER_RE.search(clause.text)
        if m and not ex.has("change_case:english_lowercase"):
            if re.search(r"\b(?:not|don'?t|never)\s+(?:use|write)\s+(?:in\s+)?(?:all\s+)?lower", clause.text,
                         re.IGNORECASE):
                continue
            ex.add("change_case:english_lowercase", "casing", {},
                   Span(clause.start + m.start(), clause.start + m.end()), "all lowercase letters, in English")


# ---------------------------------------------------------------------------------------------------------------
# Keywords, letters

_STOP = frozenset((
    "a", "an", "the", "and", "or", "in", "on", "of", "to", "for", "with", "your", "my", "our", "their", "its", "it",
    "this", "that", "these", "those", "any", "all", "some", "no", "not", "be", "is", "are", "was", "were", "as",
    "at", "by", "from", "into", "about", "than", "then", "so", "such", "etc", "also", "both", "either", "neither",
    "response", "answer", "reply", "output", "text", "essay", "story", "poem", "letter", "post", "throughout",
    "anywhere", "entire", "whole", "following", "words", "word", "keywords", "keyword", "terms", "term", "phrases",
    "phrase", "mention", "mentioning", "using", "use", "include", "including"
))
# Words that end a list rather than belong to it: "no other words should follow", "any words before repeating".
_LIST_STOP = _STOP | frozenset((
    "should", "must", "before", "after", "follow", "follows", "following", "other", "can", "will", "would", "could",
    "may", "shall", "when", "while", "until", "unless", "if", "because", "since", "like", "such", "other", "than"
))
_SEP_RE = re.compile(r"\s*(?:,\s*(?:and|or|&)?\s*|\s(?:and|or|&|nor)\s+|/)\s*", re.IGNORECASE)
_QUOTED_ITEM_RE = re.compile(r"[\"“‘'`]([^\"”’'`\n]{1,60})[\"”’'`]")
_BARE_ITEM_RE = re.compile(r"[^\W\d_][\w-]{0,40}")


def parse_items(text: str, pos: int, allow_bare: bool, limit: int = 20,
                stop: frozenset[str] = _STOP) -> tuple[list[str], int]:
    """A list of keywords starting at `pos`: `"a", "b" and "c"`, `['a', 'b']`, or bare `a, b and c`.

    Returns the items and the end offset; bare words are accepted only when `allow_bare` (the prompt said "the
    keywords" or "the word") and never a stop word.
    """
    items: list[str] = []
    i = pos
    n = len(text)
    while i < n and text[i] in " \t:":
        i += 1
    bracket = i < n and text[i] == "["
    if bracket:
        i += 1
    end = i
    while len(items) < limit:
        while i < n and text[i] in " \t":
            i += 1
        m = _QUOTED_ITEM_RE.match(text, i)
        if m:
            value = m.group(1).strip().strip(",.;:")
            if value:
                items.append(value)
            i = m.end()
        elif allow_bare and (b := _BARE_ITEM_RE.match(text, i)) and b.group().lower() not in stop:
            items.append(b.group().strip("-"))
            i = b.end()
        else:
            break
        end = i
        sep = _SEP_RE.match(text, i)
        if not sep:
            break
        i = sep.end()
    if bracket and end < n and text[end:end + 1] == "]":
        end += 1
    return items, end


KEYWORD_NOUN = r"(?:key\s*words?|words?|terms?|phrases?|names?|lines?|expressions?|vocabulary|items?)"
INCLUDE_RE = re.compile(
    rf"\b(?:includ(?:e|es|ing)|contain(?:s|ing)?|us(?:e|es|ing)|mention(?:s|ing)?|featur(?:e|es|ing)|"
    rf"incorporat(?:e|es|ing)|with|add)\s+(?:the\s+|these\s+|following\s+|some\s+|both\s+){{0,2}}"
    rf"(?P<noun>{KEYWORD_NOUN}\s*:?\s*)?(?=[\"“‘'`\[]|[^\W\d_])",
    re.IGNORECASE)
FORBID_RE = re.compile(
    rf"(?:\b(?:do\s+not|don'?t|never|avoid|without|refrain\s+from|not\s+to|should\s+not|must\s+not|cannot|can'?t|"
    rf"shouldn'?t|mustn'?t|no)\s+(?:\w+\s+){{0,2}}?(?:(?:us(?:e|ing)|say(?:ing)?|includ(?:e|ing)|mention(?:ing)?|"
    rf"contain(?:ing)?|writ(?:e|ing)|put(?:ting)?|hav(?:e|ing))\s+)?)(?:the\s+|any\s+|these\s+|following\s+|"
    rf"of\s+the\s+){{0,2}}(?P<noun>(?:(?!other\b)[a-z]{{3,12}}\s+)?{KEYWORD_NOUN}(?:\s+(?:such\s+as|like|including))?\s*:?\s*)?"
    rf"(?=[\"“‘'`\[]|[^\W\d_])",
    re.IGNORECASE)
POSTFIX_FORBID_RE = re.compile(
    r"(?:should|must|may|can)\s*(?:not|n't)\s+(?:appear|be\s+used|be\s+included|be\s+mentioned|show\s+up)|"
    r"(?:is|are)\s+(?:not\s+allowed|forbidden|banned|prohibited)", re.IGNORECASE)
THE_WORD_RE = re.compile(rf"\b(?:the\s+)?(?P<noun>{KEYWORD_NOUN})\s+(?=[\"“‘'`\[]|[^\W\d_])", re.IGNORECASE)
LETTER_RE = re.compile(r"\bletters?\s+[\"'“‘]?(?P<letter>[a-zA-Z])[\"'”’]?(?![\w'])")


def extract_keywords(ex: Extraction) -> None:
    for clause in ex.clauses:
        _keyword_clause(ex, clause)


def _add_frequency(ex: Extraction, keyword: str, bounds: list[Bound], span: Span) -> None:
    for bound in bounds:
        if bound.relation == "about":
            continue
        pairs = [(bound.relation, bound.value)]
        if bound.relation == EXACTLY:
            pairs = [(AT_LEAST, bound.value), (LESS_THAN, bound.value + 1)]
        for relation, value in pairs:
            ex.add("keywords:frequency", "keyword", {"keyword": keyword, "relation": relation, "frequency": value},
                   span, f"{keyword!r} " + wording_for(Bound(relation, value), "time"))


def _keyword_clause(ex: Extraction, clause: Clause) -> None:
    text = clause.text
    taken: list[tuple[int, int]] = []

    def free(a: int, b: int) -> bool:
        return not any(a < e and s < b for s, e in taken)

    # Letters: "the letter q should appear at least 3 times", "don't use the letter p"
    for m in islice(LETTER_RE.finditer(text), MAX_MATCHES):
        letter = m.group("letter").lower()
        counts = [c for c in _times_bounds(text, m.end(), end=m.end() + 80) if c[1][0] - m.end() < 45]
        span = Span(clause.start + m.start(), clause.start + m.end())
        if counts:
            bounds, pos = counts[0]
            span = Span(span.start, clause.start + pos[1])
            for bound in bounds:
                pairs = [(AT_LEAST, bound.value), (LESS_THAN, bound.value + 1)] if bound.relation == EXACTLY else \
                    [(bound.relation, bound.value)]
                for relation, value in pairs:
                    if relation in (AT_LEAST, LESS_THAN):
                        ex.add("keywords:letter_frequency", "keyword", {"letter": letter, "let_relation": relation,
                               "let_frequency": value}, span,
                               f"letter {letter!r} " + wording_for(Bound(relation, value), "time"))
            taken.append((m.start(), pos[1]))
        elif NEGATION_RE.search(text[max(0, m.start() - 40):m.start()]):
            ex.add("keywords:letter_frequency", "keyword", {"letter": letter, "let_relation": LESS_THAN,
                   "let_frequency": 1}, span, f"no letter {letter!r}")
            taken.append((m.start(), m.end()))

    # Frequencies: "the word X should appear at least N times", "use the word X at least twice"
    for m in islice(THE_WORD_RE.finditer(text), MAX_MATCHES):
        if not free(m.start(), m.end()):
            continue
        items, end = parse_items(text, m.end(), allow_bare=True, limit=5, stop=_LIST_STOP)
        if not items:
            continue
        counts = [c for c in _times_bounds(text, end, end=end + 80) if c[1][0] - end < 40]
        if not counts:
            continue
        if len(items) > 1:  # "use the words "startup" and "lecture" at least twice each"
            if not re.match(r"\s*each\b", text[counts[0][1][1]:counts[0][1][1] + 8], re.IGNORECASE):
                continue
            span = Span(clause.start + m.start(), clause.start + counts[0][1][1])
            for keyword in items:
                _add_frequency(ex, keyword, counts[0][0], span)
            taken.append((m.start(), counts[0][1][1]))
            continue
        bounds, pos = counts[0]
        if "sentence" in text[pos[1]:pos[1] + 12].lower() or "paragraph" in text[pos[1]:pos[1] + 12].lower():
            continue
        keyword = items[0]
        span = Span(clause.start + m.start(), clause.start + pos[1])
        if len(bounds) == 1 and bounds[0].relation == EXACTLY and bounds[0].value == 1:
            # IFEval states "exactly once" as: present, and fewer than 2 occurrences
            ex.add("keywords:existence", "keyword", {"keywords": [keyword]}, span, f"include {keyword!r}")
            ex.add("keywords:frequency", "keyword", {"keyword": keyword, "relation": LESS_THAN, "frequency": 2},
                   span, f"{keyword!r} at most once")
        else:
            _add_frequency(ex, keyword, bounds, span)
        taken.append((m.start(), pos[1]))

    # Forbidden words
    for m in islice(FORBID_RE.finditer(text), MAX_MATCHES):
        if not free(m.start(), m.end()):
            continue
        noun = m.group("noun")
        items, end = parse_items(text, m.end(), allow_bare=bool(noun and re.search(r"word|term|name", noun, re.I)),
                                 stop=_LIST_STOP)
        items = [i for i in items if not re.fullmatch(r"(?:commas?|capital\s+letters?)", i, re.I)]
        if not items:
            continue
        if _times_bounds(text[end:end + 30]) and any(p[0] < 5 for _, p in _times_bounds(text[end:end + 30])):
            continue
        span = Span(clause.start + m.start(), clause.start + end)
        ex.add("keywords:forbidden_words", "keyword", {"forbidden_words": items}, span,
               "no " + ", ".join(repr(i) for i in items))
        taken.append((m.start(), end))
    for m in islice(THE_WORD_RE.finditer(text), MAX_MATCHES):
        if not free(m.start(), m.end()):
            continue
        items, end = parse_items(text, m.end(), allow_bare=True, stop=_LIST_STOP)
        if not items:
            continue
        post = POSTFIX_FORBID_RE.match(text, end + len(text[end:]) - len(text[end:].lstrip()))
        if post:
            span = Span(clause.start + m.start(), clause.start + post.end())
            ex.add("keywords:forbidden_words", "keyword", {"forbidden_words": items}, span,
                   "no " + ", ".join(repr(i) for i in items))
            taken.append((m.start(), post.end()))

    # Required keywords and phrases
    for m in islice(INCLUDE_RE.finditer(text), MAX_MATCHES):
        if not free(m.start(), m.end()):
            continue
        if NEGATION_RE.search(text[max(0, m.start() - 25):m.start()]):
            continue
        noun = m.group("noun")
        bare = bool(noun and (re.search(r"key\s*words?|items?|terms?", noun, re.I) or noun.rstrip().endswith(":")))
        items, end = parse_items(text, m.end(), allow_bare=bare, stop=_LIST_STOP)
        if not items:
            continue
        if not noun and m.group(0).lower().startswith(("use", "with", "add")):
            continue
        if m.group(0).lower().startswith("with") and re.search(
                r"\b(?:start|starts|begin|begins|end|ends|finish|finishes|conclude|concludes)\s+$",
                text[max(0, m.start() - 12):m.start()], re.IGNORECASE):
            continue  # "start with the word X" is a first-word constraint, not a keyword
        span = Span(clause.start + m.start(), clause.start + end)
        counts = [c for c in _times_bounds(text, end, end=end + 60) if c[1][0] - end < 30]
        if counts and (len(items) == 1 or re.match(r"\s*each\b", text[counts[0][1][1]:counts[0][1][1] + 8], re.I)):
            for keyword in items:  # 'mention "dose" at least 5 times': a frequency, not mere presence
                _add_frequency(ex, keyword, counts[0][0], Span(span.start, clause.start + counts[0][1][1]))
            taken.append((m.start(), counts[0][1][1]))
            continue
        words = [i for i in items if len(i.split()) == 1]
        phrases = [i for i in items if len(i.split()) > 1]
        if words:
            ex.add("keywords:existence", "keyword", {"keywords": words}, span,
                   "include " + ", ".join(repr(w) for w in words))
        for phrase in phrases:
            ex.add("rubriq:required_phrase", "content", {"phrase": phrase}, span, f"include the phrase {phrase!r}",
                   0.8)
        taken.append((m.start(), end))


# ---------------------------------------------------------------------------------------------------------------
# Language, start and end

LANGUAGES = {
    "english": "en", "spanish": "es", "portuguese": "pt", "arabic": "ar", "hindi": "hi", "french": "fr",
    "russian": "ru", "german": "de", "japanese": "ja", "italian": "it", "bengali": "bn", "bangla": "bn",
    "ukrainian": "uk", "thai": "th", "urdu": "ur", "tamil": "ta", "telugu": "te", "bulgarian": "bg", "korean": "ko",
    "polish": "pl", "hebrew": "he", "persian": "fa", "farsi": "fa", "vietnamese": "vi", "nepali": "ne",
    "swahili": "sw", "kannada": "kn", "marathi": "mr", "gujarati": "gu", "punjabi": "pa", "malayalam": "ml",
    "finnish": "fi", "dutch": "nl", "swedish": "sv", "turkish": "tr", "greek": "el", "czech": "cs",
    "romanian": "ro", "hungarian": "hu", "danish": "da", "norwegian": "no", "indonesian": "id", "tagalog": "tl",
    "croatian": "hr", "slovak": "sk", "slovenian": "sl", "lithuanian": "lt", "latvian": "lv", "estonian": "et",
    "catalan": "ca", "welsh": "cy", "somali": "so", "afrikaans": "af", "albanian": "sq", "macedonian": "mk",
}
LANGUAGE_RE = re.compile(r"\b(" + "|".join(sorted(LANGUAGES, key=len, reverse=True)) + r")\b", re.IGNORECASE)
EXCLUSIVE_RE = re.compile(
    r"\b(?:only|entirely|entire|exclusively|solely|completely|whole|wholly|purely|no\s+other\s+languages?|"
    r"all\s+of\s+your|throughout)\b", re.IGNORECASE)


# "Respond in Spanish": the reply itself is to be in that language (not "explain in French why ...").
RESPOND_IN_RE = re.compile(r"\b(?:respond|reply|answer)\s+(?:me\s+|only\s+)?in\s+(?:the\s+)?$|"
                           r"\b(?:respond|reply|answer)\s+(?:me\s+|only\s+)?in\b", re.IGNORECASE)


def extract_language(ex: Extraction) -> None:
    casing = ex.has("change_case:english_capital") or ex.has("change_case:english_lowercase")
    for clause in ex.clauses:
        exclusive = EXCLUSIVE_RE.search(clause.text) is not None
        if not exclusive and not RESPOND_IN_RE.search(clause.text):
            continue
        for m in islice(LANGUAGE_RE.finditer(clause.text), MAX_MATCHES):
            code = LANGUAGES[m.group(1).lower()]
            before = clause.text[max(0, m.start() - 40):m.start()].lower()
            after = clause.text[m.end():m.end() + 12].lower()
            if not re.search(r"\b(?:in|using|use|into)\s+(?:\w+\s+){0,2}$", before) and not re.match(
                    r"\s+(?:language\s+)?only\b", after):
                continue
            if not exclusive and not RESPOND_IN_RE.search(before):
                continue
            if re.search(r"\btranslat\w*\s+(?:\w+\s+){0,4}$", before):
                continue
            if code == "en" and casing:
                continue
            ex.add("language:response_language", "language", {"language": code},
                   Span(clause.start + m.start(), clause.start + m.end()),
                   f"the whole response in {m.group(1).title()}")
            return


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
    m = _QUOTED_ITEM_RE.match(text, pos) or _LONG_QUOTED_RE.match(text, pos)
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


READING_LEVEL_RE = re.compile(
    r"\b(?:(?P<g>\d{1,2})(?:st|nd|rd|th)?[\s-]grade(?:r?s?)?\s+(?:reading\s+)?level|"
    r"(?:reading\s+)?(?:level|grade)\s+(?:of\s+)?(?:grade\s+)?(?P<h>\d{1,2})\b(?:\s+or\s+(?:below|lower|less))?)",
    re.IGNORECASE)
HAIKU_RE = re.compile(r"\b(?:a|one|the)\s+(?:[a-z]{2,15}\s+){0,2}?haiku\b", re.IGNORECASE)


def extract_style(ex: Extraction) -> None:
    m = READING_LEVEL_RE.search(ex.view)
    if m and re.search(r"\b(?:read|level)", m.group(0), re.IGNORECASE):
        grade = int(m.group("g") or m.group("h"))
        if 1 <= grade <= 16:
            ex.add("rubriq:reading_level", "audience", {"grade": grade}, Span(m.start(), m.end()),
                   f"reading level of grade {grade} (Flesch-Kincaid)", 0.8)
    m = HAIKU_RE.search(ex.view)
    if m and not ex.has("combination:two_responses") and not ex.has("combination:repeat_prompt"):
        ex.add("rubriq:haiku", "structure", {}, Span(m.start(), m.end()), "a haiku: a stanza of three lines", 0.6)


EXTRACTORS: tuple[Callable[[Extraction], None], ...] = (
    extract_repeat, extract_words, extract_sentences, extract_characters, extract_paragraphs, extract_bullets,
    extract_highlights, extract_sections, extract_placeholders, extract_formats, extract_casing, extract_keywords,
    extract_language, extract_end, extract_postscript, extract_style,
)


def extract_constraints(prompt: PromptDocument | str) -> list[Constraint]:
    """Every constraint the prompt states that Rubriq can check, in prompt order, duplicates removed."""
    doc = prompt if isinstance(prompt, PromptDocument) else parse_prompt(prompt)
    ex = Extraction(doc)
    for extractor in EXTRACTORS:
        extractor(ex)
    placed = [c.span for c in ex.found if c.kind in ("startend:end_checker",
                                                    "length_constraints:nth_paragraph_first_word")]
    ex.found = [c for c in ex.found if not (c.kind in ("keywords:existence", "rubriq:required_phrase") and any(
        c.span.overlaps(span) for span in placed))]  # "end your response with the phrase X" places X, once
    counted_letters = {c.params["letter"] for c in ex.found if c.kind == "keywords:letter_frequency"
                       and not (c.params["let_relation"] == LESS_THAN and c.params["let_frequency"] == 1)}
    unique: dict[tuple[str, str], Constraint] = {}
    for constraint in ex.found:
        if constraint.kind == "keywords:letter_frequency" and constraint.params["letter"] in counted_letters and \
                constraint.params["let_relation"] == LESS_THAN and constraint.params["let_frequency"] == 1:
            continue  # "avoid the letter t ... the letter t must appear 30 times": the count is the constraint
        unique.setdefault(constraint.key(), constraint)
    return sorted(unique.values(), key=lambda c: (c.span.start, c.span.end, c.kind))


def ifeval_view(constraint: Constraint) -> list[tuple[str, dict[str, Any]]]:
    """The constraint as IFEval instructions: (instruction id, kwargs); exact counts become IFEval's pair."""
    if not constraint.is_ifeval:
        return []
    params = dict(constraint.params)
    relation_key = {"length_constraints:number_words": ("relation", "num_words"),
                    "length_constraints:number_sentences": ("relation", "num_sentences")}.get(constraint.kind)
    if relation_key and params.get(relation_key[0]) == EXACTLY:
        rel, num = relation_key
        return [(constraint.kind, {rel: AT_LEAST, num: params[num]}),
                (constraint.kind, {rel: LESS_THAN, num: params[num] + 1})]
    return [(constraint.kind, params)]
