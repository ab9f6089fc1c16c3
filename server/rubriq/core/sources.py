"""Source text inside a prompt: the material the output should be faithful to, each block with exact spans.

People wrap pasted material in many ways; the detectors run most explicit first, and a later one never takes text
an earlier one claimed:

1. XML-style tags: `<document>...</document>`, `<email>`, `<report>` ...; after the code blocks, a tag pair of any
   other name starting a line (`<changelog>`, or in square brackets: `[texto]...[/texto]`), unless it names a
   section of the prompt or its content asks for things.
2. Named fences: a line `--- NAME ---`, `=== NAME ===`, `### NAME ###` or `*** NAME ***` opens a block that runs to
   the next fence line of the same character (`--- END ---`, `=== FIN ===`, or the next named fence).
3. Code fences (```), except a JSON schema or output template, which is a format, not material.
4. Triple quotes, Markdown quotes (consecutive `>` lines, markers included) and quoted e-mails (`From:` /
   `Subject:` headers and the body up to its sign-off; a letter from its greeting to its sign-off).
5. Pasted data: Markdown tables, CSV runs, JSON objects or arrays starting a line (schemas and templates left out).
6. A pair of bare `---` (or `===`) lines around a block.
7. Labelled sections: `Text:`, `Article:`, `Context:` ... with the text on the same line or below, and any short
   label line naming material (`PRODUCT LISTING:`, `Transcript:`), up to the next section or instruction.
8. Introduced blocks: a line that announces material and ends with a colon ("Here is the article:", "Voici le
   compte rendu :") takes the block below it.
9. Long double-quoted passages.
10. Markdown documents pasted raw (a README, a report): from a `#` heading to the instructions, two headings at
    least.
11. Unmarked material: a paragraph or run of lines that does not read as an instruction (no request or question,
    see `rubriq.core.requests`), either long (60 words or more, few instruction words) or, when the instructions
    point at material ("this paragraph", "the text below", "den folgenden Absatz"), of 8 words or 2 lines at least.

A maths problem, a chat transcript's turns and a schema are never material: the first asks its question inside the
paragraph, turns are conversation, a schema describes the output. Every detector scans lines or characters once;
pairings use bisect, so the whole search is O(n log n).
"""

from __future__ import annotations

import bisect
import dataclasses
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from rubriq.core.requests import (
    SPEAKERS,
    conversation_turns,
    has_request,
    material_references,
    reads_as_request,
    sentence_spans,
)
from rubriq.core.text import Span, find_code_blocks

SourceKind = Literal["fenced", "xml", "quoted", "labelled", "pasted", "delimited", "email", "data", "introduced"]
# Material found from how prose reads, with no wrapping of its own to mark it
_PROSE_KINDS = frozenset({"labelled", "pasted", "introduced"})

SOURCE_TAGS = (
    "document", "documents", "source", "sources", "context", "article", "text", "passage", "input", "email",
    "transcript", "data", "report", "excerpt", "content", "reference", "notes", "essay", "story", "review",
    "paper", "abstract", "conversation", "chat", "code", "snippet", "table", "record", "records", "recipe",
    "message", "letter", "thread", "policy", "contract", "file", "log", "minutes",
)
# Opening and closing tags are found separately and paired with bisect: a lazy `<tag>(.*?)</tag>` regex rescans
# the rest of the text from every unclosed opening tag, which is quadratic on adversarial input.
XML_OPEN_RE = re.compile(r"<(" + "|".join(SOURCE_TAGS) + r")(?:\s[^<>\n]{0,200})?>", re.IGNORECASE)
XML_CLOSE_RE = re.compile(r"</(" + "|".join(SOURCE_TAGS) + r")\s{0,20}>", re.IGNORECASE)
# Any other tag pair whose opening tag starts a line (`<changelog>`, `<rules>`, `<meeting_notes>`): material when
# its name is not one of the prompt's own sections and its content does not read as instructions.
OTHER_OPEN_RE = re.compile(r"^[ \t]*<([A-Za-z][\w-]{0,30})(?:[ \t][^<>\n]{0,200})?>", re.MULTILINE)
OTHER_CLOSE_RE = re.compile(r"</([A-Za-z][\w-]{0,30})[ \t]{0,20}>")
# The same in square brackets, as forums write them: `[texto]` ... `[/texto]`, `[TRANSKRIPT]` ... `[/TRANSKRIPT]`.
BRACKET_OPEN_RE = re.compile(r"^[ \t]*\[([^\W\d_][\w-]{0,30})\]", re.MULTILINE)
BRACKET_CLOSE_RE = re.compile(r"\[/([^\W\d_][\w-]{0,30})\]")
_INSTRUCTION_TAGS = frozenset({
    "instruction", "instructions", "task", "question", "questions", "format", "output format", "response format",
    "output", "response", "answer", "example", "examples", "role", "persona", "system", "system prompt", "template",
    "schema", "thinking", "scratchpad", "style", "tone", "constraints", "requirements", "goal", "goals", "steps",
})
TRIPLE_QUOTES = ('"""', "'''")
# Quoted text neither starts nor ends with a blank, so the stretch between two short quotes is never taken for one.
LONG_QUOTE_RE = re.compile(r"[\"“]([^\s\"“”][^\"“”\n]{118,}?[^\s\"“”])[\"”]")
SOURCE_LABELS = (
    "text", "article", "context", "passage", "document", "source", "input", "email", "e-mail", "transcript",
    "excerpt", "report", "content", "background", "data", "story", "review", "abstract", "paper", "notes",
    "reference", "texto", "documento", "noticia", "artículo", "contexto", "correo", "mensaje", "texte", "contexte",
    "extrait", "courriel", "dokument", "artikel", "kontext", "nachricht", "bericht", "auszug",
)
LABEL_RE = re.compile(
    r"^[ \t]*(?:#+[ \t]*)?(" + "|".join(SOURCE_LABELS) + r")[ \t]*(?:\d+[ \t]*)?:[ \t]*(.*)$",
    re.IGNORECASE | re.MULTILINE,
)
# Labels that start instructions, questions or a description of the output, never material.
# An introduction that announces the form of the output, not material: "the exact format below", "one of the
# following phrases", "this template".
OUTPUT_FORM_INTRO_RE = re.compile(r"\b(?:format|template|structure|layout|phrases|options|answers|pattern|outline)\b",
                                  re.IGNORECASE)
_NOT_MATERIAL_LABELS = (
    "question", "questions", "instruction", "instructions", "task", "answer", "output", "response", "format",
    "summary", "requirement", "requirements", "rules", "constraints", "schema", "example", "examples", "template",
    "steps", "tone", "style", "audience", "length", "goal", "goals", "role", "persona", "note", "tips",
    "output format", "expected output", "pregunta", "preguntas", "instrucciones", "tarea", "respuesta", "formato",
    "requisitos", "esquema", "ejemplo", "consigne", "consignes", "réponse", "exigences", "schéma", "exemple",
    "frage", "fragen", "anweisung", "anweisungen", "aufgabe", "antwort", "anforderungen", "beispiel", "vorlage",
    "restricciones", "condiciones", "contraintes", "règles", "vorgaben", "bedingungen", "regeln",
    "what i need", "what i want", "here's what i need", "what we need", "deliverables", "spec", "specs",
    "specification", "must-haves", "must haves", "acceptance criteria", "the ask", "lo que necesito",
    "ce dont j'ai besoin", "was ich brauche", "rahmenbedingungen", "guidelines", "ground rules", "pautas",
    "directives", "criteria", "critères", "criterios", "kriterien",
)
# The first paragraph saying who the person is: "I'm a freelance designer ...", "We run a small bakery ...".
_BACKSTORY_RE = re.compile(r"(?:i'?m|i\s+am|i\s+work|i\s+run|i\s+look\s+after|i\s+manage|i\s+teach|we'?re|we\s+are|"
                           r"we\s+run|soy|trabajo|somos|je\s+suis|on\s+est|nous\s+sommes|ich\s+bin|wir\s+sind)\s+"
                           r"(?:a|an|the|one|un|una|une|ein|eine|el|la|le)?\b", re.IGNORECASE)
# The asker speaking of their own situation or need: "I've been volunteered for the newsletter poem", "j'ai besoin".
_ASKER_RE = re.compile(r"\b(?:i'?ve\s+been|i\s+need|i'?d\s+like|i\s+want|i'?m\s+(?:doing|writing|putting|making|"
                       r"organising|organizing)|j'ai\s+besoin|je\s+dois|ich\s+brauche|ich\s+soll|necesito|tengo\s+que)\b",
                       re.IGNORECASE)
_LIST_ITEM_RE = re.compile(r"^[ \t]*(?:[-*•]|\d{1,2}[.)])[ \t]+(.+)$", re.MULTILINE)
# What a list item asking for something says, in the languages Rubriq reads: "escríbelo sin una sola coma", "tiene
# que terminar con ...", « il faut ... », „bitte ohne ...“.
_ITEM_CUE_RE = re.compile(
    r"\b(?:you|your|please|must|should|need|needs|keep|make|use|don'?t|do\s+not|no\s+more|at\s+(?:most|least)|"
    r"escr[ií]b\w*|tiene\s+que|tienes\s+que|debe\w*|quiero|necesito|no\s+uses|usa|pon\w*|haz\w*|dame|que\s+suene|"
    r"[ée]cri[st]\w*|il\s+faut|doit|je\s+veux|mets|fais|donne|n'utilise|pas\s+de|"
    r"schreib\w*|muss|soll\w*|bitte|gib|mach\w*|ich\s+will|ich\s+möchte|verwende\w*|keine?)\b",
    re.IGNORECASE)
_WANT_LABEL_RE = re.compile(r"\b(?:need|needs|want|wants|ask|asks|asking|pide|piden|quiere|necesit\w*|besoin|veut|"
                            r"demande|braucht|brauche|will|möchte)\b", re.IGNORECASE)


def _instruction_list(text: str, span: Span) -> bool:
    """A list most of whose items ask for something: what the person wants, not material."""
    items = [i.group(1) for i in _LIST_ITEM_RE.finditer(text, span.start, span.end)]
    return len(items) >= 3 and 2 * sum(bool(reads_as_request(i) or _ITEM_CUE_RE.search(i)) for i in items) >= \
        len(items)
# "My constraints:", « Mes contraintes : », "Unsere Regeln:": whose the section is does not change what it holds.
_OWNER_RE = re.compile(r"^(?:my|our|the|mes|mis|nos|nuestras|nuestros|meine|unsere|les|las|los|die)\s+", re.IGNORECASE)
# Fence names of the prompt's own sections (`### Instructions ###`, `=== QUESTION ===`): what they hold is not material.
_SECTION_FENCE_NAMES = frozenset({
    "instruction", "instructions", "task", "question", "questions", "requirements", "rules", "constraints", "format",
    "output format", "output", "response", "answer", "example", "examples", "role", "persona", "steps", "goal",
    "system", "template", "instrucciones", "tarea", "pregunta", "preguntas", "formato", "consigne", "consignes",
    "tâche", "aufgabe", "frage", "fragen", "anweisung", "anweisungen", "anforderungen", "format de sortie",
})
# "Here's our returns policy: Items can ...": an introduction with the material after its colon, on the same line.
INLINE_INTRO_RE = re.compile(
    r"^[ \t]*(?:here(?:'s|’s|\s+is|\s+are)|below\s+(?:is|are)|this\s+is|voici|voilà|aquí\s+(?:está|tienes)|"
    r"hier\s+(?:ist|sind))\s+(?P<what>(?:our|the|my|your|their|his|her|a|an|notre|nos|mon|ma|votre|la|le|les|el|la|"
    r"nuestra|nuestro|mi|unser|unsere|mein|meine|die|der|das)\s+[^:\n?]{1,50}?)[ \t]*:[ \t]+(?=\S)", re.IGNORECASE)
_MD_HEADING_RE = re.compile(r"^[ \t]{0,3}#{1,4}[ \t]+(\S[^\n]*)$")
_SECTION_NAMES = _SECTION_FENCE_NAMES | frozenset(_NOT_MATERIAL_LABELS)
# A labelled section ends where another labelled section (a question, the instructions) starts.
SECTION_END_RE = re.compile(
    r"^[ \t]*(?:#+[ \t]*)?(?:" + "|".join(re.escape(w) for w in sorted(_NOT_MATERIAL_LABELS, key=len, reverse=True))
    + r")[ \t]*\d*[ \t]*:", re.IGNORECASE | re.MULTILINE,
)
# A line that is only a short label: "PRODUCT LISTING:", "Transcript:", "Texte :".
LABEL_LINE_RE = re.compile(r"^[ \t]*(?:#+[ \t]*|\*\*)?([^\W\d_][\w'’&/()-]*(?:[ \t]+[\w'’&/()-]+){0,4})(?:\*\*)?"
                           r"[ \t]*:(?:\*\*)?[ \t]*$", re.MULTILINE)
INSTRUCTION_CUE_RE = re.compile(
    r"\b(?:you|your|please|write|summari[sz]e|answer|explain|list|respond|return|use|do not|don't|make sure|"
    r"must|should|provide|give|generate|create|describe|extract|rewrite)\b",
    re.IGNORECASE,
)
# "pasting last night's report below": a paragraph pointing forward introduces the material after it.
# "Following" only as a pointer ("the following:", "the following notes"), never "the following Tuesday".
FORWARD_POINTER_RE = re.compile(
    r"(?<![\w'’])(?:below|underneath|as\s+follows|a\s+continuaci[oó]n|abajo|ci-dessous|ci-apr[eè]s|unten|"
    r"nachfolgend\w*|(?:the\s+)?following(?=\s*[:\n]|\s+(?:text|message|e-?mail|notes?|report|document|paragraphs?|"
    r"lines?|data|table|list|transcript|article|passage|excerpt|thread|chat|minutes|log)\b))(?![\w'’])",
    re.IGNORECASE)
PASTED_MIN_WORDS = 60  # an unmarked paragraph this long, with few instruction words, is pasted material
REFERENCED_MIN_WORDS = 8  # when the instructions point at material, a shorter block is enough
EMAIL_HEADER_RE = re.compile(
    r"^[ \t]*(from|to|cc|bcc|subject|date|sent|reply-to|de|para|asunto|fecha|objet|à|envoyé|von|an|betreff|"
    r"datum|gesendet)[ \t]*:[ \t]*\S", re.IGNORECASE)
_EMAIL_KEY_HEADERS = ("from", "subject", "de", "asunto", "objet", "von", "betreff")
GREETING_RE = re.compile(
    r"^[ \t]*(?:hi|hello|hey|dear|good (?:morning|afternoon|evening)|greetings|hola|buenos días|buenas tardes|"
    r"estimad[oa]s?|querid[oa]s?|bonjour|bonsoir|salut|cher|chère|chers|madame|monsieur|hallo|liebe[rs]?|"
    r"sehr geehrte[rs]?|guten (?:morgen|tag|abend)|moin)\b[^\n]{0,50}$", re.IGNORECASE)
SIGN_OFF_RE = re.compile(
    r"^[ \t]*(?:best(?: regards| wishes)?|kind regards|regards|warm regards|many thanks|thanks(?: again)?|"
    r"thank you|cheers|sincerely|yours(?: sincerely| faithfully)?|all the best|talk soon|un saludo|saludos|"
    r"un cordial saludo|atentamente|gracias|cordialement|bien à (?:vous|toi)|merci|bises|amicalement|"
    r"mit freundlichen grüßen|viele grüße|liebe grüße|beste grüße|herzliche grüße|grüße|gruß|lg|vg|danke|"
    r"vielen dank)\b[^\n]{0,30}$",
    re.IGNORECASE)
_CLOSER_NAME_RE = re.compile(r"^(?:/|(?:end|fin|fine|ende|final|stop)(?![a-z]))", re.IGNORECASE)
_SCHEMA_CUE_RE = re.compile(
    r"\b(?:schema|format|template|structure|shape|like this|as follows|this form|example output|output example|"
    r"esquema|formato|plantilla|schéma|modèle|gabarit|vorlage|struktur)\b", re.IGNORECASE)
_TYPE_VALUE_RE = re.compile(
    r":\s*\"?(?:string|str|number|integer|int|float|boolean|bool|date|datetime|null|array|object|list|"
    r"yyyy-mm-dd|dd/mm/yyyy|\.\.\.|…|<[^<>\n]{1,40}>)\"?\s*[,}\]\n|]", re.IGNORECASE)
_DATA_LINE_MAX_FIELD = 60
_NUMBERED_ITEM_RE = re.compile(r"\d{1,3}[.)]\s")  # "1. ", "2) ": a list item opening a line
# "Marta: ...", "Dr. Okafor: ...", "JESS: ...": a speaker name of one to three capitalised words, then the words;
# a transcript's timestamp may come before the name or after it ("[09:02] Dana:", "(0:12) Ana:", "Jonas [18:02]:").
_TIMESTAMP = r"[\[(]?\d{1,2}:\d{2}(?::\d{2})?[\])]?"
_DIALOGUE_LINE_RE = re.compile(
    r"^[ \t]*(?:" + _TIMESTAMP + r"[ \t]+)?((?:[A-ZÀ-Þ][\w.'’-]{0,20})(?:[ \t]+[A-ZÀ-Þ][\w.'’-]{0,20}){0,2})"
    # a timestamp or a role after the name: "Ana [00:14]:", "PRESENTER (Ruth Calloway):"
    r"(?:[ \t]+(?:[\[(]\d{1,2}:\d{2}(?::\d{2})?[\])]|\([^()\n:]{1,40}\)))?[ \t]*:[ \t]+\S")


@dataclass(frozen=True)
class SourceBlock:
    kind: SourceKind
    span: Span  # the whole block in the prompt, delimiters included
    content_span: Span  # the source text itself
    label: str  # tag name, label or fence language
    text: str


class _Taken:
    """Non-overlapping spans already claimed by a source block, kept sorted so a lookup is O(log n)."""

    def __init__(self) -> None:
        self.starts: list[int] = []
        self.spans: list[Span] = []

    def overlaps(self, span: Span) -> bool:
        i = bisect.bisect_right(self.starts, span.start)
        before = self.spans[i - 1] if i > 0 else None
        after = self.spans[i] if i < len(self.spans) else None
        return bool((before and before.overlaps(span)) or (after and after.overlaps(span)))

    def add(self, span: Span) -> None:
        i = bisect.bisect_right(self.starts, span.start)
        self.starts.insert(i, span.start)
        self.spans.insert(i, span)


class _Lines:
    """The text's lines with their offsets; `index_at` finds a line by offset in O(log n)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = [0]
        for m in re.finditer("\n", text):
            self.starts.append(m.end())
        self.ends = [s - 1 for s in self.starts[1:]] + [len(text)]

    def __len__(self) -> int:
        return len(self.starts)

    def line(self, i: int) -> str:
        return self.text[self.starts[i] : self.ends[i]]

    def blank(self, i: int) -> bool:
        return not self.line(i).strip()

    def index_at(self, offset: int) -> int:
        return max(0, bisect.bisect_right(self.starts, offset) - 1)


def _trimmed(text: str, start: int, end: int) -> Span:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return Span(start, end)


def _paragraphs(lines: _Lines, first: int, last: int) -> list[tuple[int, int]]:
    """(first line, last line) of each run of non-blank lines between lines `first` and `last` inclusive."""
    runs, i = [], first
    while i <= last:
        if lines.blank(i):
            i += 1
            continue
        j = i
        while j + 1 <= last and not lines.blank(j + 1):
            j += 1
        runs.append((i, j))
        i = j + 1
    return runs


def _instruction_paragraph(text: str, span: Span) -> bool:
    """Half or more of the paragraph's sentences ask for something: it belongs to the instructions."""
    sentences = sentence_spans(text, span.start, span.end)
    asking = sum(reads_as_request(s.slice(text)) for s in sentences)
    return bool(sentences) and asking * 2 >= len(sentences)


_QUOTE_OPENERS, _QUOTE_CLOSERS = "«“\"„‹", "»”\"“›"


def _quoted_lines(block: str) -> bool:
    """Every line is one quotation ("« On se voit samedi ? »"): messages or reviews reported, not asked."""
    lines = [line.strip() for line in block.splitlines() if line.strip()]
    return bool(lines) and all(len(ln) > 2 and ln[0] in _QUOTE_OPENERS and ln[-1] in _QUOTE_CLOSERS for ln in lines)


# A line of a chat app's export: a time stamp, a name, a colon ("[lun 9 jun, 22:03] Manu: ...", "12/06/2025, 21:03 -
# Sam: ..."): what people said to each other, reported, whatever they asked one another.
_CHAT_LOG_LINE_RE = re.compile(
    r"(?:\[[^\]\n]{1,40}\d:\d\d[^\]\n]{0,10}\]|\d{1,2}[./]\d{1,2}[./]\d{2,4},?[ \t]+\d{1,2}:\d{2}(?:[ \t]*[ap]\.?m\.?)?"
    r"[ \t]*[-–])[ \t]*(?P<name>[^\W\d_][\w.'’ -]{0,30}?)[ \t]*:", re.IGNORECASE)


def _chat_log(block: str) -> bool:
    """Three or more lines, each a message of a chat export, from two or more people."""
    lines = [line.strip() for line in block.splitlines() if line.strip()]
    names = [m.group("name").lower() if (m := _CHAT_LOG_LINE_RE.match(line)) else None for line in lines]
    return len(lines) >= 3 and None not in names and len(set(names)) >= 2


def _reads_as_material(text: str, span: Span) -> bool:
    """No request or question in it; a long block may hold one request that is not a question."""
    if _quoted_lines(span.slice(text)) or _chat_log(span.slice(text)):
        return True
    sentences = sentence_spans(text, span.start, span.end)
    asking = [s for s in sentences if reads_as_request(s.slice(text))]
    if not asking:
        return True
    return len(sentences) >= 5 and len(asking) == 1 and not asking[0].slice(text).rstrip().endswith("?")


def _states_constraints(paragraph: str) -> bool:
    """Read alone, the paragraph states something Rubriq checks on an answer ("one entry per moment", "no more than
    twelve words a line"): what the asker wants, not material pasted to work on."""
    from .constraints import extract_constraints  # the extractor reads prompts, whose parsing needs this module

    return bool(extract_constraints(paragraph))


def _opens_with_request(text: str, span: Span) -> bool:
    """The paragraph's first sentence asks for something: where the prompt's instructions resume after a letter,
    whose own paragraphs ask their reader for things anywhere ("Please call us ...")."""
    sentences = sentence_spans(text, span.start, span.end)
    return bool(sentences) and reads_as_request(sentences[0].slice(text))


def _instructions_or_closing_request(text: str, span: Span) -> bool:
    """Instructions (`_instruction_paragraph`), or the prompt's last paragraph opening with a request: what people
    write after pasted material ("Mach mir YAML draus, ... Die Telefonnummern haben da nichts zu suchen.") asks first
    and then explains."""
    return _instruction_paragraph(text, span) or (not text[span.end:].strip() and (
        _opens_with_request(text, span) or _states_constraints(span.slice(text))))


def _instructions_or_a_request_at_the_end(text: str, span: Span) -> bool:
    """`_instructions_or_closing_request`, or a paragraph whose last sentence asks the model for something: the
    person's own facts and then the request ("Tracking says ... Today's Friday. Could you make me a JSON record?")."""
    if _instructions_or_closing_request(text, span):
        return True
    sentences = sentence_spans(text, span.start, span.end)
    return bool(sentences) and reads_as_request(sentences[-1].slice(text))


def _until_instructions(text: str, lines: _Lines, first: int, last: int,
                        stop_at: Callable[[int], bool] | None = None,
                        instructions: Callable[[str, Span], bool] = _instructions_or_closing_request) -> Span | None:
    """Lines `first`..`last` (or up to a line `stop_at` refuses), cut before the first paragraph after the first one
    that reads as instructions (`instructions`). Reads no further than that paragraph, so the cost is the block's
    length."""
    end_line, i, first_run = None, first, True
    while i <= last:
        if stop_at is not None and stop_at(i):
            break
        if lines.blank(i):
            i += 1
            continue
        j = i
        while j + 1 <= last and not lines.blank(j + 1) and not (stop_at is not None and stop_at(j + 1)):
            j += 1
        if not first_run and instructions(text, Span(lines.starts[i], lines.ends[j])):
            break
        end_line, first_run, i = j, False, j + 1
    if end_line is None:
        return None
    start = first
    while lines.blank(start):
        start += 1
    return _trimmed(text, lines.starts[start], lines.ends[end_line])


_MAX_TABLES_PASSED = 3  # tables an introduced page may hold between its paragraphs

FENCE_NAME_MAX = 120  # `=== TECH REPORT: "Title", Wed 12 March ===`: a fence's name may carry a title and a date


def _fence_line(line: str) -> tuple[str, str] | None:
    """("-", "NAME") for `--- NAME ---` (also `===`, `###`, `***`, and `—— NAME ——` in long dashes); ("-", "") for a
    bare `---` or `===` line."""
    s = line.strip()
    if len(s) < 3 or s[0] not in "-=#*—":
        return None
    char = s[0]
    lead = len(s) - len(s.lstrip(char))
    if lead < (2 if char == "—" else 3):
        return None
    if lead == len(s):
        return (char, "") if char in "-=" else None
    trail = len(s) - len(s.rstrip(char))
    name = s[lead : len(s) - trail].strip()
    if trail < (2 if char == "—" else 3) or not name or len(name) > FENCE_NAME_MAX:
        return None
    return char, name


# A message of a chat API's JSON ({"role": "user", "content": "..."}): a pasted conversation, read as the prompt.
_CHAT_ROLE_RE = re.compile(r"\"role\"\s*:\s*\"(?:user|assistant|system|model)\"")
_COLUMN_GAP_RE = re.compile(r"\S(?: {2,}|\t+)(?=\S)")


def _column_starts(line: str) -> set[int]:
    """Where the columns after the first start: just after each run of two or more spaces."""
    return {m.end() for m in _COLUMN_GAP_RE.finditer(line)}


def _aligned_row(line: str) -> bool:
    """A row of a table typed with spaces: three columns or more, and not a sentence."""
    stripped = line.strip()
    return 0 < len(stripped) <= 200 and len(_column_starts(line)) >= 2 and not stripped.endswith((".", "?", "!", ":"))


def _looks_like_schema(text: str, span: Span) -> bool:
    """A JSON object or array that describes the output: introduced as a schema/format/template, or typed values."""
    before = text[max(0, span.start - 160) : span.start]
    line_before = before.rstrip().rsplit("\n", 1)[-1]
    if _SCHEMA_CUE_RE.search(line_before) or _SCHEMA_CUE_RE.search(before[-60:]):
        return True
    body = span.slice(text)
    keys = body.count('":') + body.count("':")
    typed = len(_TYPE_VALUE_RE.findall(body))
    return typed >= 2 and typed * 2 >= max(keys, 1)


def _balanced_end(text: str, start: int, limit: int) -> int | None:
    """End offset of the JSON value opening at `start` (brackets balanced outside strings) within `limit`
    characters, or None."""
    depth, in_string, escaped = 0, False, False
    for i in range(start, min(len(text), start + limit)):
        c = text[i]
        if in_string:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c in "{[":
            depth += 1
        elif c in "}]":
            depth -= 1
            if depth == 0:
                return i + 1
    return None


def _xml_blocks(text: str, opening: re.Pattern[str] = XML_OPEN_RE,
                closing: re.Pattern[str] = XML_CLOSE_RE) -> list[tuple[Span, Span, str]]:
    """(whole, content, tag) for each source tag closed by the first later closing tag of the same name."""
    closings: dict[str, list[re.Match[str]]] = {}
    for m in closing.finditer(text):
        closings.setdefault(m.group(1).lower(), []).append(m)
    starts = {tag: [m.start() for m in found] for tag, found in closings.items()}
    blocks = []
    resume = 0  # an opening tag inside an earlier block is part of that block's content
    for m in opening.finditer(text):
        tag = m.group(1).lower()
        if m.start() < resume or tag not in starts:
            continue
        k = bisect.bisect_left(starts[tag], m.end())
        if k == len(starts[tag]):
            continue
        close = closings[tag][k]
        blocks.append((Span(m.start(), close.end()), Span(m.end(), close.start()), tag))
        resume = close.end()
    return blocks


def _triple_quoted_blocks(text: str) -> list[tuple[Span, Span]]:
    """Triple-quoted passages: each delimiter pairs with the next identical one."""
    blocks = []
    for quote in TRIPLE_QUOTES:
        start = text.find(quote)
        while start != -1:
            end = text.find(quote, start + 3)
            if end == -1:
                break
            blocks.append((Span(start, end + 3), Span(start + 3, end)))
            start = text.find(quote, end + 3)
    return blocks


# A passage between a line of "<<<" and a line of ">>>" (the heredoc-like marks some people paste text between).
ANGLE_OPEN_RE = re.compile(r"^[ \t]*<{3,}[ \t]*$", re.MULTILINE)
ANGLE_CLOSE_RE = re.compile(r"^[ \t]*>{3,}[ \t]*$", re.MULTILINE)


def _angle_blocks(text: str) -> list[tuple[Span, Span]]:
    """Each "<<<" line pairs with the next ">>>" line."""
    blocks, pos = [], 0
    while (opening := ANGLE_OPEN_RE.search(text, pos)) and (closing := ANGLE_CLOSE_RE.search(text, opening.end())):
        blocks.append((Span(opening.start(), closing.end()), _trimmed(text, opening.end(), closing.start())))
        pos = closing.end()
    return blocks


class _Finder:
    """Runs the detectors over one prompt body, in order, each claiming text no earlier one took."""

    def __init__(self, text: str, body_start: int, set_aside: Sequence[Span] = ()) -> None:
        self.text = text
        self.set_aside_starts = [span.start for span in set_aside]  # sorted: where the user's text is cut
        self.body_start = body_start
        self.lines = _Lines(text)
        self.first_line = self.lines.index_at(body_start) if body_start < len(text) else len(self.lines)
        if body_start > 0 and body_start < len(text) and self.lines.starts[self.first_line] < body_start:
            self.first_line += 1  # the front matter's closing line is not part of the body
        self.blocks: list[SourceBlock] = []
        self.taken = _Taken()
        self.turns = conversation_turns(text, body_start)
        self.formats: list[Span] = []  # schemas and output templates: descriptions of the output, never material
        # Characters the JSON scan may read in all: twice the text keeps the search linear on lines of brackets.
        self.json_budget = 2 * len(text)
        self.requests: list[Span] | None = None  # request sentences of the body, found once when a letter needs them

    def add(self, kind: SourceKind, whole: Span, content: Span, label: str) -> bool:
        text = self.text
        k = bisect.bisect_right(self.set_aside_starts, content.start)
        if k < len(self.set_aside_starts) and self.set_aside_starts[k] < content.end:  # stop where a set-aside starts
            content = _trimmed(text, content.start, self.set_aside_starts[k])
            whole = Span(whole.start, min(whole.end, max(content.end, whole.start)))
        # Material pasted inside a chat turn ends with that turn: the next turn's label starts where it stops. (A
        # pasted chat log begins before its first label and keeps its turns.)
        turn = next((t for t in self.turns if t.span.start <= content.start < t.span.end < content.end), None)
        if turn is not None:
            label_start = text.rfind("\n", content.start, turn.span.end) + 1 or turn.span.end
            content = _trimmed(text, content.start, label_start)
            whole = Span(whole.start, min(whole.end, max(content.end, whole.start)))
        if whole.start < self.body_start or self.taken.overlaps(whole) or not content.slice(text).strip():
            return False
        if (kind in _PROSE_KINDS or kind == "email") and \
                any(not t.is_user and t.span.contains(content) for t in self.turns):
            # "Assistant: Here is a recap:" introduces the assistant's own answer, and a letter in its turn is its
            # own draft: neither is material
            return False
        self.blocks.append(SourceBlock(kind, whole, content, label, content.slice(text)))
        self.taken.add(whole)
        return True

    def _set_aside(self, span: Span) -> None:
        """A schema or output template: no later detector may take it for material."""
        if not self.taken.overlaps(span):
            self.formats.append(span)
            self.taken.add(span)

    def _free(self, i: int) -> bool:
        return not self.taken.overlaps(Span(self.lines.starts[i], max(self.lines.ends[i], self.lines.starts[i] + 1)))

    def _line_range(self, first: int, last: int) -> Span:
        return Span(self.lines.starts[first], self.lines.ends[last])

    def run(self) -> list[SourceBlock]:
        text = self.text
        for whole, content, tag in _xml_blocks(text):
            self.add("xml", whole, content, tag)
        self.named_fences()
        for block in find_code_blocks(text):
            if block.language in ("", "json", "jsonc", "json5") and _looks_like_schema(text, block.code.span):
                self._set_aside(block.span)
                continue
            self.add("fenced", block.span, block.code.span, block.language)
        self.other_tags()
        for whole, content in _triple_quoted_blocks(text):
            self.add("quoted", whole, content, "quote")
        for whole, content in _angle_blocks(text):
            self.add("delimited", whole, content, "")
        self.markdown_quotes()
        self.emails()
        self.data_blocks()
        self.dialogues()
        self.bare_fences()
        self.labelled_sections()
        self.introduced_blocks()
        for m in LONG_QUOTE_RE.finditer(text):
            if re.search(r"\"content\"\s*:\s*$", text[max(0, m.start() - 16):m.start()]):
                continue  # a chat API message's text: what was said in the conversation
            self.add("quoted", Span(m.start(), m.end()), Span(m.start(1), m.end(1)), "quote")
        self.markdown_documents()
        self.unmarked()
        return sorted(self.blocks, key=lambda b: b.span.start)

    # -- 1b. other tags -------------------------------------------------------------------------------------------
    def other_tags(self) -> None:
        """A tag pair of any other name, after the code blocks have claimed their HTML: material unless the tag names
        a section of the prompt (`<instructions>`, `<format>`) or half its sentences ask for something."""
        text = self.text
        for whole, content, tag in _xml_blocks(text, OTHER_OPEN_RE, OTHER_CLOSE_RE):
            name = re.sub(r"[_-]+", " ", tag).strip()
            if tag in SOURCE_TAGS or name in _INSTRUCTION_TAGS or self.taken.overlaps(whole):
                continue
            if not content.slice(text).strip() or _instruction_paragraph(text, content):
                continue
            self.add("xml", whole, content, tag)
        for whole, content, tag in _xml_blocks(text, BRACKET_OPEN_RE, BRACKET_CLOSE_RE):
            name = re.sub(r"[_-]+", " ", tag).strip()
            if name in _INSTRUCTION_TAGS or self.taken.overlaps(whole) or not content.slice(text).strip() or \
                    _instruction_paragraph(text, content):
                continue
            self.add("xml", whole, content, tag)

    # -- 2. named fences ------------------------------------------------------------------------------------------
    def named_fences(self) -> None:
        lines = self.lines
        fences = [(i, f) for i in range(self.first_line, len(lines)) if (f := _fence_line(lines.line(i)))]
        by_char: dict[str, list[int]] = {}
        for i, (char, _) in fences:
            by_char.setdefault(char, []).append(i)
        closers: set[int] = set()  # "----8<----" closes with its own name: that line opens nothing
        for i, (char, name) in fences:
            if i in closers:
                continue
            if not name or _CLOSER_NAME_RE.match(name) or name.rstrip(":").strip().lower() in _SECTION_FENCE_NAMES:
                continue  # `### Instructions ###`, `--- QUESTION ---`: a section of the prompt, not material
            later = by_char[char]
            k = bisect.bisect_right(later, i)
            if k < len(later):
                close = later[k]
                closing_name = _fence_line(lines.line(close))[1]  # type: ignore[index]
                closes = not closing_name or bool(_CLOSER_NAME_RE.match(closing_name)) or closing_name == name
                if closing_name == name:
                    closers.add(close)
                content = _trimmed(self.text, lines.starts[i + 1] if i + 1 < len(lines) else lines.ends[i],
                                   lines.starts[close])
                whole = Span(lines.starts[i], lines.ends[close] if closes else content.end)
            else:
                span = _until_instructions(self.text, lines, i + 1, len(lines) - 1) if i + 1 < len(lines) else None
                if span is None:
                    continue
                content, whole = span, Span(lines.starts[i], span.end)
            self.add("delimited", whole, content, name.lower())

    # -- 4. quotes and e-mails ------------------------------------------------------------------------------------
    def markdown_quotes(self) -> None:
        lines, i = self.lines, self.first_line
        while i < len(lines):
            if not lines.line(i).lstrip().startswith(">"):
                i += 1
                continue
            j = i
            while j + 1 < len(lines) and lines.line(j + 1).lstrip().startswith(">"):
                j += 1
            span = self._line_range(i, j)
            if len(re.findall(r"\w+", span.slice(self.text))) >= 6:
                self.add("quoted", span, _trimmed(self.text, span.start, span.end), "markdown quote")
            i = j + 1

    def emails(self) -> None:
        lines, text = self.lines, self.text
        i = self.first_line
        while i < len(lines):
            header = EMAIL_HEADER_RE.match(lines.line(i))
            if not header:
                i += 1
                continue
            j, names = i, [header.group(1).lower()]
            while j + 1 < len(lines) and (h := EMAIL_HEADER_RE.match(lines.line(j + 1))):
                names.append(h.group(1).lower())
                j += 1
            if not any(n in _EMAIL_KEY_HEADERS for n in names) or (len(names) < 2 and names[0] not in ("from", "de",
                                                                                                      "von")):
                i = j + 1
                continue
            end = self._letter_end(j + 1)
            if end is None:
                span = _until_instructions(text, lines, j + 1, len(lines) - 1) if j + 1 < len(lines) else None
                end_offset = span.end if span else lines.ends[j]
            else:
                end_offset = lines.ends[end]
            whole = _trimmed(text, lines.starts[i], end_offset)
            self.add("email", whole, whole, "email")
            i = lines.index_at(end_offset) + 1
        self.letters()

    def _letter_end(self, first: int, window: int = 80) -> int | None:
        """The line that ends a letter starting at `first`: its sign-off, or the short name line right after it."""
        lines = self.lines
        for k in range(first, min(len(lines), first + window)):
            if EMAIL_HEADER_RE.match(lines.line(k)) and k > first:
                return None
            if SIGN_OFF_RE.match(lines.line(k)):
                if k + 1 < len(lines) and not lines.blank(k + 1) and len(lines.line(k + 1).split()) <= 5:
                    return k + 1
                return k
        return None

    def letters(self) -> None:
        """A letter pasted without headers: from a greeting line to its sign-off (without one, to the instructions),
        with instructions outside it."""
        lines, text = self.lines, self.text
        i = self.first_line
        while i < len(lines):
            if not GREETING_RE.match(lines.line(i)) or not self._free(i):
                i += 1
                continue
            end = self._letter_end(i + 1)
            if end is not None:
                whole = self._line_range(i, end)
            else:
                # No sign-off: the greeting and what follows it up to the instructions, when the prompt points at
                # material before it ("Here's the letter from our vet."); a prompt that opens with "Hi," greets the
                # model, and what follows is its request.
                before = Span(self.lines.starts[self.first_line], lines.starts[i])
                span = None
                if any(before.contains(ref) for ref in material_references(text)):
                    span = _until_instructions(text, lines, i, len(lines) - 1, instructions=_opens_with_request)
                if span is None or span.end <= lines.ends[i]:
                    i += 1
                    continue
                whole, end = span, lines.index_at(span.end)
            if self.requests is None:
                self.requests = [s for s in sentence_spans(text, self.body_start) if reads_as_request(s.slice(text))]
            if any(not whole.contains(s) for s in self.requests):  # a letter that is the whole prompt is the prompt
                self.add("email", whole, whole, "letter")
            i = end + 1

    # -- 5. pasted data -------------------------------------------------------------------------------------------
    def data_blocks(self) -> None:
        lines, text = self.lines, self.text
        i = self.first_line
        while i < len(lines):
            line = lines.line(i).strip()
            if line.startswith("|") and line.count("|") >= 2:
                j = i
                while j + 1 < len(lines) and lines.line(j + 1).strip().startswith("|"):
                    j += 1
                if j - i >= 2:
                    span = self._line_range(i, j)
                    self.add("data", span, _trimmed(text, span.start, span.end), "table")
                i = j + 1
                continue
            if line and line[0] in "{[" and self._free(i):
                start = lines.starts[i] + lines.line(i).index(line[0])
                after = text[start + 1 : start + 40].lstrip()
                end = None
                if (after[:1] in ('"', "'", "{", "[", "") or after[:1].isdigit()) and self.json_budget > 0:
                    end = _balanced_end(text, start, self.json_budget)
                    self.json_budget -= (end or len(text)) - start
                if end is not None and (end - start >= 30 or "\n" in text[start:end]):
                    span = Span(start, end)
                    if len(_CHAT_ROLE_RE.findall(text, start, end)) >= 2:
                        i = lines.index_at(end) + 1  # an API chat's messages: the conversation itself, not data
                        continue
                    if _looks_like_schema(text, span):
                        self._set_aside(span)
                    else:
                        self.add("data", span, span, "json")
                    i = lines.index_at(end) + 1
                    continue
            if _aligned_row(lines.line(i)) and self._free(i):  # a table typed with spaces between its columns
                j = i
                while j + 1 < len(lines) and _aligned_row(lines.line(j + 1)) and \
                        _column_starts(lines.line(i)) & _column_starts(lines.line(j + 1)):
                    j += 1
                # the whole paragraph, or the rows of a longer one would be taken from the document they are in
                alone = (i == 0 or lines.blank(i - 1) or lines.line(i - 1).rstrip().endswith(":")) and \
                    (j + 1 >= len(lines) or lines.blank(j + 1))
                if j - i >= 2 and alone:
                    span = self._line_range(i, j)
                    self.add("data", span, _trimmed(text, span.start, span.end), "table")
                    i = j + 1
                    continue
            delimiter = self._csv_delimiter(i)
            if delimiter:
                j = i
                count = lines.line(i).count(delimiter)
                while j + 1 < len(lines) and self._csv_row(lines.line(j + 1), delimiter, count):
                    j += 1
                if j - i >= 2:
                    span = self._line_range(i, j)
                    self.add("data", span, _trimmed(text, span.start, span.end), "csv")
                    i = j + 1
                    continue
            i += 1

    def _csv_delimiter(self, i: int) -> str | None:
        line = self.lines.line(i)
        for delimiter in (",", "\t", ";"):
            count = line.count(delimiter)
            if count and self._csv_row(line, delimiter, count):
                return delimiter
        return None

    @staticmethod
    def _csv_row(line: str, delimiter: str, count: int) -> bool:
        stripped = line.strip()
        if not stripped or stripped[0] in "-*•>#|" or stripped.count(delimiter) != count:
            return False
        if _NUMBERED_ITEM_RE.match(stripped) or stripped.endswith(":"):
            return False  # "1. Nutzbarer Kraftstoff: 1.400 l × 0,8 = 1.120 l", "Gern, Schritt für Schritt:": a list
            # item with a decimal comma, a lead-in, not rows of data
        fields = stripped.split(delimiter)
        if count == 1 and delimiter == "," and ", " in stripped and any(len(f.split()) > 3 for f in fields):
            return False  # "drei Spiegelstriche, jeder max. zwölf Wörter": a clause after a comma, not a column
        return all(len(f.strip()) <= _DATA_LINE_MAX_FIELD for f in fields) and not stripped.endswith((".", "?", "!"))

    def dialogues(self) -> None:
        """A pasted exchange between named people ("Marta: ...", "Jorge: ..."): three lines or more, two names or
        more, none of them a chat speaker (User, Assistant), whose turns are the conversation with the model."""
        lines, text = self.lines, self.text
        i = self.first_line
        while i < len(lines):
            name = self._dialogue_name(i)
            if name is None:
                i += 1
                continue
            j, names = i, {name}
            while j + 1 < len(lines) and (following := self._dialogue_name(j + 1)) is not None:
                names.add(following)
                j += 1
            # people take turns, so some name speaks twice; "Membership: …", "Includes: …", "Freeze: …" name each
            # field of a spec sheet once
            if j - i >= 2 and 2 <= len(names) <= j - i:
                span = self._line_range(i, j)
                self.add("quoted", span, _trimmed(text, span.start, span.end), "dialogue")
            i = j + 1

    def _dialogue_name(self, i: int) -> str | None:
        m = _DIALOGUE_LINE_RE.match(self.lines.line(i))
        if not m or not self._free(i):
            return None
        name = m.group(1).lower()
        if name in SPEAKERS or name in _NOT_MATERIAL_LABELS or name in SOURCE_LABELS:
            return None
        return name

    # -- 6. bare fences -------------------------------------------------------------------------------------------
    def bare_fences(self) -> None:
        lines = self.lines
        bare = [i for i in range(self.first_line, len(lines))
                if _fence_line(lines.line(i)) in (("-", ""), ("=", "")) and self._free(i)
                and not (i > self.first_line and self._heading_line(i - 1) and
                         (i - 1 == self.first_line or not self.lines.line(i - 2).strip()))]
        for a, b in zip(bare[::2], bare[1::2], strict=False):
            content = _trimmed(self.text, lines.ends[a], lines.starts[b])
            if len(content.slice(self.text).split()) >= REFERENCED_MIN_WORDS:
                self.add("delimited", Span(lines.starts[a], lines.ends[b]), content, "")

    def _heading_line(self, i: int) -> bool:
        """A short line without final punctuation: a rule right under it is its setext underline (when the line
        stands alone: the last line of a longer block, "Questions? Text Jo", is closed by the rule, not underlined)."""
        line = self.lines.line(i).strip()
        return bool(line) and len(line.split()) <= 8 and line[-1] not in ".!?;:,"

    # -- 7. labelled sections -------------------------------------------------------------------------------------
    def labelled_sections(self) -> None:
        text, lines = self.text, self.lines
        section_ends = sorted({m.start() for m in SECTION_END_RE.finditer(text)}
                              | {m.start() for m in LABEL_LINE_RE.finditer(text)})
        for m in LABEL_RE.finditer(text):
            if m.start() < self.body_start:
                continue
            k = bisect.bisect_right(section_ends, m.start())
            stop = section_ends[k] if k < len(section_ends) else len(text)
            first = lines.index_at(m.start())
            last = lines.index_at(max(stop - 1, m.start()))
            if not self._free(first):
                continue
            if m.group(2).strip():
                span = _until_instructions(text, lines, first, last)
                content = _trimmed(text, m.start(2), span.end if span else lines.ends[first])
            else:
                span = _until_instructions(text, lines, first + 1, last) if first + 1 <= last else None
                if span is None:
                    continue
                content = span
            self.add("labelled", Span(m.start(), content.end), content, m.group(1).lower())
        for m in LABEL_LINE_RE.finditer(text):
            label = _OWNER_RE.sub("", m.group(1).strip().lower())
            if m.start() < self.body_start or label in _NOT_MATERIAL_LABELS or reads_as_request(m.group(0)):
                continue
            first = lines.index_at(m.start())
            if label in SPEAKERS or not self._free(first) or \
                    any(m.start() <= turn.span.start <= m.end() + 1 for turn in self.turns):
                continue  # a chat turn's label ("You said:") opens a turn, not pasted material
            k = bisect.bisect_right(section_ends, m.start())
            stop = section_ends[k] if k < len(section_ends) else len(text)
            last = lines.index_at(max(stop - 1, m.end()))
            span = _until_instructions(text, lines, first + 1, last) if first + 1 <= last else None
            if span is None or (not _reads_as_material(text, span) and label not in ("transcript", "conversation")):
                continue
            if _instruction_list(text, span) or _WANT_LABEL_RE.search(label):
                continue  # a labelled list of what the person asks for ("Lo que pide el cliente:"): instructions
            self.add("labelled", Span(m.start(), span.end), span, label)

    # -- 8. introduced blocks -------------------------------------------------------------------------------------
    def introduced_blocks(self) -> None:
        text, lines = self.text, self.lines
        for i in range(self.first_line, len(lines) - 1):
            line = lines.line(i).rstrip()
            if not line.endswith(":") or not self._free(i):
                continue
            intro = line[:-1].rstrip()
            last_words = re.split(r"[.?!]\s+", intro)[-1].strip(" \t*#").lower()
            if last_words in _NOT_MATERIAL_LABELS:
                continue  # "Notes are below, can you give me the gist? Constraints:": a list of requirements
            output_form = OUTPUT_FORM_INTRO_RE.search(intro[-60:]) is not None
            if not (output_form or material_references(intro) or re.search(
                    r"(?:this|these|the following|following|below|ceci|ce qui suit|lo siguiente|esto|folgendes)$",
                    intro, re.IGNORECASE)):
                continue
            first = i + 1
            while first < len(lines) and lines.blank(first):
                first += 1
            if first >= len(lines) or not self._free(first):
                continue
            span = _until_instructions(text, lines, first, len(lines) - 1, stop_at=lambda k: not self._free(k))
            if span is not None and output_form:  # "use the exact format below:": the output's form, set aside
                self._set_aside(span)
            elif span is not None and self.add("introduced", Span(lines.starts[i], span.end), span,
                                               intro.lower()[-40:]):
                self._introduced_past_tables(span, intro.lower()[-40:])
        self._introduced_inline()

    def _introduced_past_tables(self, span: Span, label: str) -> None:
        """The paragraphs of introduced material that go on after a table or CSV it holds ("Here's their fee page:",
        a title, the fee table, then the rules on refunds and payouts): the data block is taken already, and the
        paragraphs after it are the same material, up to the first that reads as instructions."""
        text, lines = self.text, self.lines
        for _ in range(_MAX_TABLES_PASSED):
            k = lines.index_at(span.end) + 1
            while k < len(lines) and lines.blank(k):
                k += 1
            table = next((b for b in self.blocks if b.kind == "data" and k < len(lines) and
                          b.span.start <= lines.starts[k] < b.span.end), None)
            if table is None:
                return
            k = lines.index_at(table.span.end) + 1
            while k < len(lines) and lines.blank(k):
                k += 1
            if k >= len(lines) or not self._free(k):
                return
            j = k
            while j + 1 < len(lines) and not lines.blank(j + 1) and self._free(j + 1):
                j += 1
            if _instructions_or_closing_request(text, Span(lines.starts[k], lines.ends[j])):
                return  # the request right after the table
            span = _until_instructions(text, lines, k, len(lines) - 1, stop_at=lambda n: not self._free(n),
                                       instructions=_instructions_or_a_request_at_the_end)
            if span is None or not self.add("introduced", span, span, label):
                return

    def _introduced_inline(self) -> None:
        """Material introduced and pasted on the same line: "Here's our returns policy: Items can be returned ...",
        up to the end of its paragraph; 12 words at least, and none of it a request or question."""
        text, lines = self.text, self.lines
        for i in range(self.first_line, len(lines)):
            m = INLINE_INTRO_RE.match(lines.line(i))
            if not m or not self._free(i):
                continue
            last = i
            while last + 1 < len(lines) and not lines.blank(last + 1) and self._free(last + 1):
                last += 1
            content = _trimmed(text, lines.starts[i] + m.end(), lines.ends[last])
            if len(content.slice(text).split()) >= 12 and _reads_as_material(text, content):
                self.add("introduced", Span(lines.starts[i], content.end), content,
                         m.group("what").strip().lower()[-40:])

    # -- 10. Markdown documents pasted raw -------------------------------------------------------------------------
    def markdown_documents(self) -> None:
        """A README or report pasted as it is: from a `#` heading, its paragraphs (headings, lists, prose) up to the
        first paragraph that reads as instructions or a heading that names a section of the prompt ("## Task").
        Two headings and 30 words at least, and instructions outside it (a prompt written in Markdown sections is
        the prompt)."""
        lines, text = self.lines, self.text

        def section_heading(k: int) -> bool:
            heading = _MD_HEADING_RE.match(lines.line(k))
            return heading is not None and heading.group(1).strip().rstrip(":").strip().lower() in _SECTION_NAMES

        i = self.first_line
        while i < len(lines):
            if not _MD_HEADING_RE.match(lines.line(i)) or not self._free(i) or section_heading(i):
                i += 1
                continue
            span = _until_instructions(
                text, lines, i, len(lines) - 1,
                stop_at=lambda k, first=i: k > first and (not self._free(k) or section_heading(k)))
            if span is None:
                i += 1
                continue
            last = lines.index_at(span.end)
            headings = sum(1 for k in range(i, last + 1) if _MD_HEADING_RE.match(lines.line(k)))
            if self.requests is None:
                self.requests = [s for s in sentence_spans(text, self.body_start) if reads_as_request(s.slice(text))]
            outside = any(not span.contains(s) for s in self.requests)
            if headings >= 2 and len(re.findall(r"\w+", span.slice(text))) >= 30 and outside:
                self.add("pasted", span, span, "markdown document")
            i = last + 1

    # -- 11. unmarked material ------------------------------------------------------------------------------------
    def unmarked(self) -> None:
        text, lines = self.text, self.lines
        view = self._instruction_view()
        reference_starts = [r.start for r in material_references(view)]
        runs = _paragraphs(lines, self.first_line, len(lines) - 1) if self.first_line < len(lines) else []
        spans = [_trimmed(text, lines.starts[a], lines.ends[b]) for a, b in runs]

        def referring(span: Span) -> bool:
            k = bisect.bisect_left(reference_starts, span.start)
            return k < len(reference_starts) and reference_starts[k] < span.end

        # The paragraphs that point at material ask for something about it ("Rewrite this for ..."); a material
        # noun inside the material itself ("the onboarding survey") points at nothing.
        pointing = [referring(span) and has_request(view, span.start, span.end) for span in spans]
        referenced_anywhere = any(pointing)
        asking = [has_request(view, span.start, span.end) for span in spans]
        block_starts = sorted(block.content_span.start for block in self.blocks)

        def pointer_pending(span: Span) -> bool:
            """Some pointer before the paragraph has no block between it and the paragraph to point at."""
            before = bisect.bisect_left(block_starts, span.start)
            return any(r < span.start and bisect.bisect_left(block_starts, r) == before for r in reference_starts)

        for index, ((a, b), span, points) in enumerate(zip(runs, spans, pointing, strict=True)):
            if self.taken.overlaps(span) or any(t.span.overlaps(span) or span.contains(t.span) for t in self.turns):
                continue
            if any(span.overlaps(f) for f in self.formats) or SECTION_END_RE.match(text, span.start):
                continue
            if points or (span != spans[-1] and FORWARD_POINTER_RE.search(text, span.start, span.end)) or \
                    not _reads_as_material(text, span) or span.slice(text).rstrip().endswith(":"):
                continue  # "Here is the part of the manual, copied by hand:": it introduces what follows
            if _instruction_list(text, span):
                continue  # "- Tiene que terminar con «...»\n- ... sin una sola coma": a list of requests
            if (a, b) == runs[0] and len(runs) > 1 and (_BACKSTORY_RE.match(span.slice(text)) or (
                    not referenced_anywhere and _ASKER_RE.search(span.slice(text)))):
                continue  # "I'm a freelance designer and I keep converting ...": who asks, before the request
            words = len(re.findall(r"\w+", span.slice(text)))
            cues = len(INSTRUCTION_CUE_RE.findall(span.slice(text)))
            # material is pasted beside a request: a prompt that is one paragraph is the request itself ("need a
            # slugify helper. spec: - `slugify(title)` ... - 4+ tests, pytest style")
            beside = any(other != span and len(re.findall(r"\w+", other.slice(text))) >= 3 for other in spans)
            # After the request or the material, with nothing left to point at, a plain paragraph stating what
            # Rubriq checks goes on with what is wanted.
            long_and_plain = words >= PASTED_MIN_WORDS and cues < 0.02 * words and beside and not (
                (any(asking[:index]) or bisect.bisect_left(block_starts, span.start) > 0)
                and not pointer_pending(span) and _states_constraints(span.slice(text)))
            # a pointer answered by a block before a paragraph stating what Rubriq checks points at that block
            referenced = referenced_anywhere and (words >= REFERENCED_MIN_WORDS or b > a) and (
                pointer_pending(span) or any(r >= span.end for r in reference_starts) or
                not _states_constraints(span.slice(text)))
            if long_and_plain or referenced or (beside and _chat_log(span.slice(text))):
                self.add("pasted", span, span, "paragraph")  # a chat export is material, however short

    def _instruction_view(self) -> str:
        chars = list(self.text)
        for block in self.blocks:
            for i in range(block.content_span.start, block.content_span.end):
                chars[i] = " "
        return "".join(chars)


def blanked(text: str, spans: Sequence[Span]) -> str:
    """`text` with the spans replaced by spaces, newlines kept: same offsets, same lines."""
    if not spans:
        return text
    chars = list(text)
    for span in spans:
        for i in range(span.start, span.end):
            if chars[i] != "\n":
                chars[i] = " "
    return "".join(chars)


def find_source_blocks(text: str, body_start: int = 0, set_aside: Sequence[Span] = ()) -> list[SourceBlock]:
    """Locate the material the output should be faithful to, most explicit wrappings first. O(n log n).

    `set_aside` are spans that are no part of the user's prompt (the blocks an applied repair inserted, see
    `rubriq.core.prompt`): the detectors read the prompt without them, and a block stops where one starts. A span
    inside XML-tagged material or a code fence is the user's material all the same (a repair never goes there)."""
    if set_aside:
        closed = [content for _, content, _ in _xml_blocks(text)] + [b.span for b in find_code_blocks(text)]
        set_aside = [s for s in set_aside if not any(c.contains(s) for c in closed)]
    if not set_aside:
        return _Finder(text, body_start).run()
    finder = _Finder(blanked(text, set_aside), body_start, sorted(set_aside))
    return [dataclasses.replace(block, text=block.content_span.slice(text)) for block in finder.run()]
