"""Text model with character offsets.

Every segment of a text (sentence, paragraph, word, line, list item, heading, code block) is a `Span` into the
original string, so any finding can point at exactly what it is about. Conventions follow IFEval so that counts
agree with the official checker: words are `\\w+` tokens, sentences come from Punkt's English model.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from functools import cached_property

import punkt

WORD_RE = re.compile(r"\w+")
PARAGRAPH_BREAK_RE = re.compile(r"\n[ \t]*\n\s*")
BULLET_RE = re.compile(r"^[ \t]*(?:[*\-+•])[ \t]+\S.*$", re.MULTILINE)
NUMBERED_RE = re.compile(r"^[ \t]*\d{1,3}[.)][ \t]+\S.*$", re.MULTILINE)
HEADING_RE = re.compile(r"^[ \t]{0,3}(#{1,6})[ \t]+(\S.*?)[ \t#]*$", re.MULTILINE)
# A closing fence may be longer than the opening one ("~~~~~~~~" closes "~~~~~~~~"), of the same character.
FENCE_RE = re.compile(r"^[ \t]*(```|~~~)[ \t]*([\w+#.-]*)[^\n]*\n(.*?)^[ \t]*\1(?:(?<=`)`*|(?<=~)~*)[ \t]*$",
                      re.MULTILINE | re.DOTALL)

_SENTENCE_TOKENIZER = punkt.PunktSentenceTokenizer(punkt.load_model("english"))


@dataclass(frozen=True, slots=True, order=True)
class Span:
    """A half-open character range [start, end) into a text."""

    start: int
    end: int

    def slice(self, text: str) -> str:
        return text[self.start : self.end]

    def shift(self, offset: int) -> Span:
        return Span(self.start + offset, self.end + offset)

    def contains(self, other: Span) -> bool:
        return self.start <= other.start and other.end <= self.end

    def overlaps(self, other: Span) -> bool:
        return self.start < other.end and other.start < self.end

    def __len__(self) -> int:
        return self.end - self.start


@dataclass(frozen=True, slots=True)
class Segment:
    """A piece of text with its span; `text` always equals `span.slice(source)`."""

    span: Span
    text: str

    def stripped(self) -> Segment:
        """The segment without surrounding white space (a block's first sentence may start with its line break)."""
        lead = len(self.text) - len(self.text.lstrip())
        trail = len(self.text) - len(self.text.rstrip())
        if not lead and not trail:
            return self
        return Segment(Span(self.span.start + lead, self.span.end - trail), self.text.strip())


@dataclass(frozen=True, slots=True)
class CodeBlock:
    span: Span  # the whole fenced block, fences included
    code: Segment  # the code between the fences
    language: str


def _segments(text: str, spans: list[tuple[int, int]]) -> list[Segment]:
    return [Segment(Span(s, e), text[s:e]) for s, e in spans]


def _strip_span(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def split_sentences(text: str) -> list[Segment]:
    """Punkt English sentences, as IFEval counts them."""
    return _segments(text, list(_SENTENCE_TOKENIZER.span_tokenize(text)))


def split_paragraphs(text: str) -> list[Segment]:
    """Blocks separated by one or more blank lines."""
    spans: list[tuple[int, int]] = []
    pos = 0
    for match in PARAGRAPH_BREAK_RE.finditer(text):
        start, end = _strip_span(text, pos, match.start())
        if end > start:
            spans.append((start, end))
        pos = match.end()
    start, end = _strip_span(text, pos, len(text))
    if end > start:
        spans.append((start, end))
    return _segments(text, spans)


_FENCE_OPEN_RE = re.compile(r"[ \t]*(```|~~~)[ \t]*([\w+#.-]*)")
_FENCE_CLOSE_RE = re.compile(r"[ \t]*(```|~~~)(?:(?<=`)`*|(?<=~)~*)[ \t]*")


def find_code_blocks(text: str) -> list[CodeBlock]:
    """Fenced blocks, exactly as `FENCE_RE.finditer` finds them, in O(n log n).

    An opening fence line pairs with the first later line holding only the same fence; the regex alone rescans
    the rest of the text from every unclosed opening, which is quadratic on adversarial input.
    """
    lines = text.split("\n")
    starts = [0]
    for line in lines[:-1]:
        starts.append(starts[-1] + len(line) + 1)
    closings: dict[str, list[int]] = {"```": [], "~~~": []}
    for number, line in enumerate(lines):
        m = _FENCE_CLOSE_RE.fullmatch(line)
        if m:
            closings[m.group(1)].append(number)
    blocks: list[CodeBlock] = []
    number = 0
    while number < len(lines) - 1:  # an opening line needs its newline
        m = _FENCE_OPEN_RE.match(lines[number])
        if m:
            candidates = closings[m.group(1)]
            k = bisect.bisect_right(candidates, number)
            if k < len(candidates):
                close = candidates[k]
                code_start, code_end = starts[number + 1], starts[close]
                block = Span(starts[number], starts[close] + len(lines[close]))
                blocks.append(CodeBlock(block, Segment(Span(code_start, code_end), text[code_start:code_end]),
                                        m.group(2).lower()))
                number = close + 1
                continue
        number += 1
    return blocks


class LineIndex:
    """Converts character offsets to (line, column) pairs, both zero-based, columns in characters."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.line_starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def position(self, offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(self.line_starts, offset) - 1
        return line, offset - self.line_starts[line]

    def offset(self, line: int, column: int) -> int:
        if line >= len(self.line_starts):
            return len(self.text)
        return min(self.line_starts[line] + column, len(self.text))


class TextModel:
    """Lazily segmented view of one text. Each segmentation is computed once, on first use."""

    def __init__(self, text: str) -> None:
        self.text = text

    @cached_property
    def words(self) -> list[Segment]:
        return [Segment(Span(m.start(), m.end()), m.group()) for m in WORD_RE.finditer(self.text)]

    @cached_property
    def sentences(self) -> list[Segment]:
        return split_sentences(self.text)

    @cached_property
    def paragraphs(self) -> list[Segment]:
        return split_paragraphs(self.text)

    @cached_property
    def lines(self) -> list[Segment]:
        """Every line, without its newline; an empty text has one empty line."""
        segments, start = [], 0
        for line in self.text.split("\n"):
            segments.append(Segment(Span(start, start + len(line)), line))
            start += len(line) + 1
        return segments

    @cached_property
    def bullet_items(self) -> list[Segment]:
        return [Segment(Span(m.start(), m.end()), m.group()) for m in BULLET_RE.finditer(self.text)]

    @cached_property
    def numbered_items(self) -> list[Segment]:
        return [Segment(Span(m.start(), m.end()), m.group()) for m in NUMBERED_RE.finditer(self.text)]

    @cached_property
    def list_items(self) -> list[Segment]:
        return sorted(self.bullet_items + self.numbered_items, key=lambda s: s.span.start)

    @cached_property
    def headings(self) -> list[Segment]:
        return [Segment(Span(m.start(), m.end()), m.group(2)) for m in HEADING_RE.finditer(self.text)]

    @cached_property
    def code_blocks(self) -> list[CodeBlock]:
        return find_code_blocks(self.text)

    @cached_property
    def line_index(self) -> LineIndex:
        return LineIndex(self.text)

    @cached_property
    def word_count(self) -> int:
        """`len(self.words)` without building a segment per word when only the count is needed."""
        words = self.__dict__.get("words")
        return len(words) if words is not None else len(WORD_RE.findall(self.text))
