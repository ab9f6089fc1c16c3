"""Highlighted sections (`*text*`, "italicize at least 5 names", "bold 2 key phrases"), sections marked with a
label and a number ("mark the beginning of each section with SECTION X") and sections with given labels ("under the
headings Clothing, Sleeping and Kitchen").
"""

from __future__ import annotations

import re

from rubriq.core.constraints.families.formats import BOLD_ANSWER_RE
from rubriq.core.constraints.families.grammar import (
    CAPITAL_CUE,
    NEGATION_RE,
    REL,
    Extraction,
    count_re,
    phrase_list,
)
from rubriq.core.constraints.numbers import NUM, TIMES_WORD, parse_number
from rubriq.core.text import Span

HIGHLIGHT_VERB_RE = re.compile(
    r"\b(?:highlight\w*|italici[sz]\w*|italics?|bold\w*|emphasi[sz]\w*)\b", re.IGNORECASE)
HIGHLIGHT_MARKUP_RE = re.compile(
    r"\bmarkdown\b|\*[^*\s][^*\n]{0,80}\*|\bitalic|\bbold\b|\basterisks?\b|\bwrapping\s+it\s+with\s+\*",
    re.IGNORECASE)
HIGHLIGHT_COUNT_RE = count_re(
    r"(?:text\s+|italic\s+|highlighted\s+|markdown\s+)?(?:sections?|parts?|phrases?|words?|keywords?|"
    r"portions?|spans?|passages?|lines?|sentences?|points?|names?|terms?|things?|steps?|ideas?|tips?|facts?|dates?)")
SECTION_TOTAL_RE = count_re(r"sections?")
# "Each question should be in bold": every item marked, no count of highlights.
EACH_ITEM_MARKED_RE = re.compile(r"\b(?:each|every)\s+[a-z]{2,20}\s+(?:(?:should|must|needs?\s+to|has\s+to|is\s+to|"
                                 r"will)\s+)?(?:be\s+)?(?:in\s+|written\s+in\s+|set\s+in\s+)?$", re.IGNORECASE)
UPPER_RELATION_RE = re.compile(r"(?:under|below|less|fewer|at\s+most|no\s+more|not\s+more|up\s+to|max|within)",
                               re.IGNORECASE)


# "the two dates", "die zwei Termine" (glossed "the 2 Termine"): a count of the things named for marking
THE_COUNTED_RE = re.compile(r"\bthe\s+(?P<n>[2-9]|two|three|four|five|six)\s+[^\W\d_][\w'-]*", re.IGNORECASE)
# two things named for marking ("le prix total et l'âge minimum"): no one result; "and put ..." joins requests
_TWO_THINGS_RE = re.compile(r"\b(?:and|et|y|und|as\s+well\s+as)\s+(?:the|le|la|les|l'|el|los|las|die|der|das|den|dem|"
                            r"a|an|un|une|una|ein|eine|my|your|its|their)\b", re.IGNORECASE)


def _asks_for_one_result(ex: Extraction, clause: str, start: int, end: int) -> bool:
    """Bold asked for one thing, with no count, in a question about material or a problem to work out: the result
    the reply gives ("den Betrag fett machen", "la semaine trouvée, écrite en gras"). The thing is read between the
    commas around the markup word ("..., and put the difference in bold")."""
    from rubriq.core.tasks import TaskType, detect_task  # tasks reads the prompt too; imported here, once needed

    left = clause.rfind(",", 0, start) + 1
    right = clause.find(",", end)
    phrase = clause[left : len(clause) if right == -1 else right]
    return _TWO_THINGS_RE.search(phrase) is None and \
        detect_task(ex.doc).task in (TaskType.REASONING, TaskType.GROUNDED_QA)


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
        head = re.split(r"[,;]|\b(?:and|but|then)\b", text[max(0, verb.start() - 30):verb.start()])[-1]
        if NEGATION_RE.search(head):
            continue  # "without any headings or bold text"
        if EACH_ITEM_MARKED_RE.search(text[:verb.start()]):
            continue  # "each question should be in bold": markup of every item, no count of highlights
        if BOLD_ANSWER_RE.search(text):
            continue  # "put the plan name in bold": the answer in bold (formats.py), no count of highlights
        n = None
        span = Span(clause.start + verb.start(), clause.start + verb.end())
        for m in HIGHLIGHT_COUNT_RE.finditer(text):
            value = parse_number(m.group("n"))
            gap = text[min(verb.end(), m.end()):max(verb.start(), m.start())]
            if re.search(r"[,;]\s*(?:and|but|then|while)\b|\band\s+(?:the|keep|make|use|write|it)\b", gap) or \
                    UPPER_RELATION_RE.match(m.group("rel") or "") or \
                    UPPER_RELATION_RE.search(m.group("post") or m.group("post2") or ""):  # "5 sentences max, ..."
                continue  # "... in bold, and the whole thing under 400 words": another constraint's count
            if value is not None:
                n = value
                span = Span(clause.start + min(m.start(), verb.start()), clause.start + max(m.end(), verb.end()))
                break
        if n is None:  # "italicize at least 5 of your favorite names", "highlight some words twice"
            after = text[verb.end():verb.end() + 60]
            number = re.search(rf"^(?:[^.\d]{{0,25}}?\b)?(?:{REL}\s+)?(?P<n>{NUM})\b"
                               rf"(?!\s*(?:sentences?|words?|paragraphs?|characters?|lines?)\b)"
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
        if n is None:  # "markier die zwei Termine fett": the things to mark, counted
            counted = THE_COUNTED_RE.search(text, max(0, verb.start() - 60), min(len(text), verb.end() + 60))
            n = parse_number(counted.group("n")) if counted else None
        if n is None and _asks_for_one_result(ex, text, verb.start(), verb.end()):
            # "pon la diferencia mensual en negrita" in a question or a sum: the one result asked for, in bold
            ex.add("rubriq:bold_answer", "format", {}, span, "the final answer in bold", 0.7)
            return
        if n is None:
            n = 1
        ex.add("detectable_format:number_highlighted_sections", "format", {"num_highlights": n}, span,
               f"at least {n} highlighted section{'s' if n != 1 else ''} (*text*)")
        return


# ---------------------------------------------------------------------------------------------------------------
# Sections marked with a label and a number: "Mark the beginning of each section with SECTION X", "label them like
# this: Chapter 1, Chapter 2", "each part starts with Part 1, Part 2 ...". The label is the word before a number
# placeholder (X, N, #, {n}) or before "1" in an example; the clause must say how it is used (mark, label, begin,
# start, head, title, such as, like this ...). The count is the stated number of the marked units (sections,
# parts, the unit that follows "each", or the label's own noun: "6 chapters" for "Chapter X"), else the number of
# labels the prompt lists.

MARKER_RE = re.compile(
    r"(?<![\w-])[\"'“‘*]?(?P<split>[A-Za-z][A-Za-z-]{1,24})[ \t]+(?:(?P<ph>X|N|#|\{[a-z]{1,10}\}|\[[a-z]{1,10}\]|"
    r"<[a-z]{1,10}>)|(?P<num>[1-9]\d?))(?![\w])")
MARK_CUE_RE = re.compile(
    r"\b(?:mark|label|begin|start|head|title|prefix|introduc|number|preced|open|denot|indicat|separat|format|"
    r"call|name)\w*|\b(?:like\s+this|such\s+as|for\s+example|as\s+follows|in\s+the\s+form)\b|\be\.g\.|\bi\.e\.",
    re.IGNORECASE)
EACH_UNIT_RE = re.compile(r"\b(?:each|every)\s+(?:single\s+)?(?P<unit>[a-z]{3,20})\b", re.IGNORECASE)
NOT_A_LABEL = frozenset((
    "the", "a", "an", "and", "or", "with", "than", "least", "most", "top", "only", "exactly", "about", "under",
    "over", "to", "of", "in", "as", "like", "is", "be", "me", "at", "by", "for", "from", "into", "use", "using",
    "write", "mark", "label", "start", "begin", "each", "every", "are", "was", "page", "number", "no", "level",
    "grade", "times", "type", "size", "up", "within", "around", "just", "give", "make", "have", "has", "it", "them",
    "this", "one", "other", "single", "time",
    # what a number names in running text ("Amara (Year 6)", "Room 4", "Gate 12"), not a section's label
    "year", "class", "form", "room", "flat", "floor", "gate", "seat", "platform", "bus", "route", "flight", "tier",
))
# Just before a label: what introduces it ("with", "as", "like", "such as", a colon, a quote, a list's comma).
LABEL_INTRO_RE = re.compile(r"(?:\b(?:with|as|like|by|using|use|e\.g\.|i\.e\.|example|and|or|then|labell?ed|marked|"
                            r"titled|called|named|headed)|[:(,\"'“‘*])\s*$", re.IGNORECASE)
STRUCTURE_UNITS = ("section", "part", "chapter", "day", "step", "paragraph", "segment", "act", "scene", "week",
                   "lesson", "round", "stage", "phase", "module", "slide", "version", "entry", "stanza", "verse")


def _labels(ex: Extraction) -> tuple[str, Span, str | None] | None:
    """The first label the prompt asks sections to start with: (label, its span, the unit after "each")."""
    for clause in ex.clauses:
        text = clause.text
        cued = MARK_CUE_RE.search(text) is not None
        for m in MARKER_RE.finditer(text):
            split = m.group("split")
            if split.lower() in NOT_A_LABEL or not split[0].isupper():
                continue  # labels are written capitalised: "part 1" in running text is no label
            if not LABEL_INTRO_RE.search(text[max(0, m.start() - 12):m.start()]):
                continue  # "Paragraph 2 has to start with ...": the subject of another instruction, not a label
            others = re.findall(rf"(?<![\w-]){re.escape(split)}[ \t]+(?:[1-9]\d?|X|N)(?![\w])", text)
            if not cued and len(others) < 2:
                continue  # no word for how the label is used, and no list of labels ("Section 1 and Section 2")
            if m.group("num") and len(others) < 2 and split.lower().rstrip("s") not in STRUCTURE_UNITS:
                continue  # one example "Draft 1" is a label only for a unit of structure
            each = EACH_UNIT_RE.search(text)
            unit = each.group("unit").lower().rstrip("s") if each else None
            unit = None if unit in NOT_A_LABEL else unit
            return split, Span(clause.start + m.start("split"), clause.start + m.end()), unit
    return None


def extract_sections(ex: Extraction) -> None:
    found = _labels(ex)
    if not found:
        return
    splitter, span, each_unit = found
    wanted = [u for u in (each_unit, splitter.lower().rstrip("s"), "section", "part") if u]
    units = "|".join(sorted({re.escape(u) for u in wanted} | set(STRUCTURE_UNITS), key=len, reverse=True))
    counted_re = count_re(rf"(?:{units})s?", adjectives=True)
    best: tuple[int, int, int] | None = None  # (rank of the unit, distance to the label, count)
    for cm in counted_re.finditer(ex.view):
        n = parse_number(cm.group("n"))
        if n is None or not 1 < n < 100:
            continue  # "one advertisement should target teenagers" is not the number of sections
        unit = cm.group("unit").lower().rstrip("s")
        rank = wanted.index(unit) if unit in wanted else len(wanted)
        candidate = (rank, abs(cm.start() - span.start), n)
        if best is None or candidate < best:
            best = candidate
    n = best[2] if best else None
    if n is None:
        listed = {int(v) for v in re.findall(rf"(?<![\w-]){re.escape(splitter)}[ \t]+([1-9]\d?)(?![\w])", ex.view)}
        n = len(listed) if len(listed) >= 2 else None
    if n is None:
        return
    ex.add("detectable_format:multiple_sections", "structure", {"section_spliter": splitter, "num_sections": n},
           span, f"at least {n} sections, each starting with '{splitter} X'")


# ---------------------------------------------------------------------------------------------------------------
# Sections with given labels: "grouped under the headings Clothing, Sleeping and Kitchen", "three sections titled
# Background, Method and Results", "use the headings: Pros, Cons", "Structure: Verse 1, Chorus, Bridge - label each
# part in square brackets like [Chorus]". Labels are quoted or capitalised; a bracketed example makes them bracketed.

LABELS_RE = re.compile(
    r"\b(?:under|with|use|using|into|in)\s+(?:the\s+|these\s+)?(?:separate\s+)?(?:(?P<n>two|three|four|five|six|\d)\s+)?"
    r"(?:(?:following|section|markdown)\s+)?(?:headings|headers|sections|parts|labels|subheadings|categories)\s*"
    r"(?:titled|called|named|labell?ed)?\s*(?::|(?P<comma>,))?\s*|"
    r"\b(?:sections|parts|headings|headers)\s+(?:titled|called|named|labell?ed|for)\s*:?\s*|"
    # "Two headed parts, Likes and Gripes", "three titled sections: Before, During, After"
    r"\b(?:(?:two|three|four|five|six|\d)\s+)?(?:headed|titled|labell?ed|named)\s+(?:parts|sections|blocks)\s*[,:]?\s*|"
    r"\b(?:structure|sections|headings|format)\s*:\s*", re.IGNORECASE)
BRACKETED_RE = re.compile(r"\bsquare\s+brackets\b|\[[A-Z][^\]\n]{0,30}\]")


# A count of parts, then as many quoted labels in its sentence: "two sections, one starting "Summary:" and the
# other "To do:"", « deux rubriques qui démarrent l'une par « L'essentiel : » et l'autre par « À faire : » ».
COUNTED_PARTS_RE = re.compile(
    r"\b(?P<n>2|3|4|two|three|four)\s+(?:sections|parts|blocks|headings|rubriques|parties|blocs|rubriken|abschnitte|"
    r"teile|apartados|secciones|bloques|partes)\b", re.IGNORECASE)
_QUOTED_LABEL_RE = re.compile(r"[\"“«„]\s*([^\"”»“\n]{1,40}?)\s*[\"”»“]")


def _labels_counted_before(ex: Extraction) -> bool:
    for m in COUNTED_PARTS_RE.finditer(ex.view):
        end = ex.view.find(".", m.end())
        rest = ex.view[m.end():end if end != -1 and ex.view[end - 1:end] not in ("»", "“") else m.end() + 200]
        labels = [q.group(1).rstrip(":").strip() for q in _QUOTED_LABEL_RE.finditer(rest[:200])]
        n = parse_number(m.group("n"))
        if n and len(labels) == n and all(label[:1].isupper() for label in labels):
            last = list(_QUOTED_LABEL_RE.finditer(rest[:200]))[-1]
            ex.add("rubriq:section_labels", "structure", {"labels": labels},
                   Span(m.start(), m.end() + last.end()), "sections labelled " + ", ".join(labels), 0.8)
            return True
    return False


# Things sorted into named groups that each get a heading: "Sort it into Clothing, Optics and Food, each with its
# own heading".
SORTED_INTO_RE = re.compile(r"\b(?:sort|split|group|divide|organi[sz]e|break|arrange)\s+(?:it|them|this|that|"
                            r"everything|the\s+[a-z]{2,15})\s+(?:up\s+)?into\s+", re.IGNORECASE)
OWN_HEADING_RE = re.compile(r"\s*,?\s*each\s+(?:with|under|getting|gets|having|has)\s+(?:its|their|a)\s+(?:own\s+)?"
                            r"(?:heading|header|section|title|subheading)\b", re.IGNORECASE)


# "split it into Testimony: and Follow-up: sections": the labels before the word for the parts
_PARTS_NOUN_RE = re.compile(r"(?P<label>.+?)\s+(?:sections|parts|headings|blocks)$", re.IGNORECASE)


def _labels_sorted_into(ex: Extraction) -> bool:
    for clause in ex.clauses:
        for m in SORTED_INTO_RE.finditer(clause.text):
            labels, end = phrase_list(re.sub(r"(?<=\w):(?=\s)", " ", clause.text), m.end())
            parts = _PARTS_NOUN_RE.match(labels[-1]) if labels else None
            if parts and len(labels) >= 2:
                labels = [*labels[:-1], parts.group("label")]
                if all(label[:1].isupper() for label in labels):
                    ex.add("rubriq:section_labels", "structure", {"labels": labels},
                           Span(clause.start + m.start(), clause.start + end), "sections labelled " + ", ".join(labels),
                           0.8)
                    return True
            heading = OWN_HEADING_RE.match(clause.text, end)
            if len(labels) >= 2 and heading and all(label[:1].isupper() for label in labels):
                ex.add("rubriq:section_labels", "structure", {"labels": labels},
                       Span(clause.start + m.start(), clause.start + heading.end()),
                       "sections labelled " + ", ".join(labels), 0.8)
                return True
    return False


# Labels written as they will stand, each with its colon, after "under" or "into": "Lay it out under Notify: and
# No need to notify:", "split it into Keep: / Bin: / Sell:".
COLON_LABELS_RE = re.compile(
    r"\b(?:under|into)\s+(?P<labels>[\"“]?[A-Z][^:\n\"”.;]{0,30}?:[\"”]?(?:(?:\s*,\s*(?:and\s+)?|\s*/\s*|\s+and\s+|"
    r"\s+or\s+)[\"“]?[A-Z][^:\n\"”.;]{0,30}?:[\"”]?){1,5})")
_COLON_LABEL_RE = re.compile(r"[\"“]?([A-Z][^:\n\"”.;]{0,30}?):")


def _labels_with_colons(ex: Extraction) -> bool:
    m = COLON_LABELS_RE.search(ex.view)  # the prompt's whole text: a clause ends at a colon
    if not m:
        return False
    labels = [label.strip() for label in _COLON_LABEL_RE.findall(m.group("labels"))]
    ex.add("rubriq:section_labels", "structure", {"labels": labels}, Span(m.start(), m.end()),
           "sections labelled " + ", ".join(labels), 0.8)
    return True


def extract_section_labels(ex: Extraction) -> None:
    if _labels_counted_before(ex) or _labels_sorted_into(ex) or _labels_with_colons(ex):
        return
    for clause in ex.clauses:
        text = clause.text
        for m in LABELS_RE.finditer(text):
            labels, end = phrase_list(text, m.end())
            # „Ursache:“ and „Was hilft:“: a label quoted with the colon it will carry
            labels = [label.rstrip(":").strip() if label.endswith(":") else label for label in labels]
            labels = [label for label in labels if label[:1].isupper() or label.startswith(("[", "#"))]
            if len(labels) < 2:
                continue
            if m.group("comma") and (not m.group("n") or parse_number(m.group("n")) != len(labels)):
                continue  # "in three sections, Before, During and After": after a comma, only as many as counted
            if BRACKETED_RE.search(text):
                labels = [label if label.startswith("[") else f"[{label}]" for label in labels]
            ex.add("rubriq:section_labels", "structure", {"labels": labels},
                   Span(clause.start + m.start(), clause.start + end), "sections labelled " + ", ".join(labels), 0.8)
            return
