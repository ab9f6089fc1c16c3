"""A `.prompt` file: YAML front matter, the instruction part and the source text the output should be faithful to.

Offsets are kept everywhere: `instruction_view` is the prompt with front matter and source blocks blanked out
(same length, newlines kept), so anything found in it has a valid span in the original prompt.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from rubriq.core.families import Family, family_for_model
from rubriq.core.findings import Finding
from rubriq.core.text import Span, TextModel, find_code_blocks, split_paragraphs

FRONT_MATTER_RE = re.compile(r"\A---[ \t]*\n(.*?\n)?---[ \t]*(?:\n|\Z)", re.DOTALL)
# Front matter is a few settings; a larger block is reported instead of parsed (PyYAML is pure Python and slow).
MAX_FRONT_MATTER_CHARS = 64 * 1024
# A key at the start of a front matter line, at any indentation: `model:`, `  readability: 2`, `- ignore:`.
KEY_LINE_RE = re.compile(r"^[ \t]*(?:-[ \t]+)?([^\s:#][^:\n]*?)[ \t]*:", re.MULTILINE)
# Keys with a colon inside are looked up one by one; a few at most, so that this cannot become quadratic.
MAX_COLON_KEY_LOOKUPS = 20


class FrontMatter(BaseModel):
    """The keys a `.prompt` may set in its YAML front matter."""

    model_config = ConfigDict(extra="forbid")

    model: str | None = None
    family: Family | None = None
    task: str | None = None
    audience: str | None = None
    weights: dict[str, float] = {}
    ignore: list[str] = []

    @field_validator("weights")
    @classmethod
    def _non_negative(cls, weights: dict[str, float]) -> dict[str, float]:
        for name, weight in weights.items():
            if weight < 0:
                raise ValueError(f"weight of {name!r} must be >= 0, got {weight}")
        return weights

    @field_validator("ignore", mode="before")
    @classmethod
    def _single_code(cls, value: Any) -> Any:
        return [value] if isinstance(value, str) else value

    @property
    def resolved_family(self) -> Family:
        return self.family or family_for_model(self.model)


SourceKind = Literal["fenced", "xml", "quoted", "labelled", "pasted"]

SOURCE_TAGS = (
    "document", "documents", "source", "sources", "context", "article", "text", "passage", "input", "email",
    "transcript", "data", "report", "excerpt", "content", "reference", "notes", "essay", "story", "review",
    "paper", "abstract", "conversation", "chat", "code", "snippet", "table", "record", "records",
)
# Opening and closing tags are found separately and paired with bisect: a lazy `<tag>(.*?)</tag>` regex rescans
# the rest of the text from every unclosed opening tag, which is quadratic on adversarial input.
XML_OPEN_RE = re.compile(r"<(" + "|".join(SOURCE_TAGS) + r")(?:\s[^<>\n]{0,200})?>", re.IGNORECASE)
XML_CLOSE_RE = re.compile(r"</(" + "|".join(SOURCE_TAGS) + r")\s{0,20}>", re.IGNORECASE)
TRIPLE_QUOTES = ('"""', "'''")
# Quoted text neither starts nor ends with a blank, so the stretch between two short quotes is never taken for one.
LONG_QUOTE_RE = re.compile(r"[\"“]([^\s\"“”][^\"“”\n]{118,}?[^\s\"“”])[\"”]")
SOURCE_LABELS = (
    "text", "article", "context", "passage", "document", "source", "input", "email", "transcript", "excerpt",
    "report", "content", "background", "data", "story", "review", "abstract", "paper", "notes", "reference",
)
LABEL_RE = re.compile(
    r"^[ \t]*(?:#+[ \t]*)?(" + "|".join(SOURCE_LABELS) + r")[ \t]*(?:\d+[ \t]*)?:[ \t]*(.*)$",
    re.IGNORECASE | re.MULTILINE,
)
# A labelled section ends where another labelled section (a question, the instructions) starts.
SECTION_END_RE = re.compile(
    r"^[ \t]*(?:#+[ \t]*)?(?:question|questions|instructions?|task|answer|output|response|format|summary|"
    r"requirements?|rules|constraints)[ \t]*\d*[ \t]*:",
    re.IGNORECASE | re.MULTILINE,
)
INSTRUCTION_CUE_RE = re.compile(
    r"\b(?:you|your|please|write|summari[sz]e|answer|explain|list|respond|return|use|do not|don't|make sure|"
    r"must|should|provide|give|generate|create|describe|extract|rewrite)\b",
    re.IGNORECASE,
)
PASTED_MIN_WORDS = 60


@dataclass(frozen=True)
class SourceBlock:
    kind: SourceKind
    span: Span  # the whole block in the prompt, delimiters included
    content_span: Span  # the source text itself
    label: str  # tag name, label or fence language
    text: str


@dataclass
class PromptDocument:
    """A parsed `.prompt`: front matter, source blocks and the instruction part, all with spans."""

    text: str
    front_matter: FrontMatter
    front_matter_span: Span | None
    sources: list[SourceBlock]
    problems: list[Finding] = field(default_factory=list)

    @cached_property
    def body_start(self) -> int:
        return self.front_matter_span.end if self.front_matter_span else 0

    @cached_property
    def instruction_view(self) -> str:
        """The prompt with front matter and sources blanked out, offsets unchanged."""
        chars = list(self.text)
        blanked = [self.front_matter_span] if self.front_matter_span else []
        blanked += [block.content_span for block in self.sources]
        for span in blanked:
            for i in range(span.start, span.end):
                if chars[i] != "\n":
                    chars[i] = " "
        return "".join(chars)

    @cached_property
    def instruction_text(self) -> str:
        """The instruction part alone, whitespace collapsed: what embeddings compare against."""
        return re.sub(r"\s+", " ", self.instruction_view).strip()

    @cached_property
    def source_text(self) -> str:
        return "\n\n".join(block.text.strip() for block in self.sources)

    @cached_property
    def model(self) -> TextModel:
        return TextModel(self.text)

    @property
    def family(self) -> Family:
        return self.front_matter.resolved_family

    @property
    def has_source(self) -> bool:
        return any(block.text.strip() for block in self.sources)

    @cached_property
    def front_matter_lines(self) -> FrontMatterLines | None:
        if self.front_matter_span is None:
            return None
        return FrontMatterLines(self.text, self.text.index("\n") + 1, self.front_matter_span.end)

    def key_span(self, key: str) -> Span:
        """The front matter line of `key` (the first line when not found; an empty span without front matter)."""
        lines = self.front_matter_lines
        return lines.key_span(key) if lines is not None else Span(0, 0)


def parse_prompt(text: str) -> PromptDocument:
    front_matter, span, problems = parse_front_matter(text)
    body_start = span.end if span else 0
    sources = find_source_blocks(text, body_start)
    return PromptDocument(text, front_matter, span, sources, problems)


def _line_span(text: str, line_no: int, base: int) -> Span:
    """Span of the `line_no`-th line (0-based) of text starting at `base`."""
    return FrontMatterLines(text, base).line_span(line_no)


def _key_line(yaml_text: str, key: str) -> int:
    return FrontMatterLines(yaml_text, 0).key_line(key)


class FrontMatterLines:
    """Lines and key lines of a front matter block, found in one pass, so that reporting on many keys stays linear.

    `base` is where the YAML starts in `text`; line numbers are counted from there, as PyYAML counts them.
    """

    def __init__(self, text: str, base: int, end: int | None = None) -> None:
        self.text = text
        self.base = base
        self.end = len(text) if end is None else end
        yaml_text = text[base : self.end]
        self.starts = [base] + [base + m.end() for m in re.finditer("\n", yaml_text)]
        self.key_lines: dict[str, int] = {}  # first line of each key
        line_no, last = 0, 0
        for m in KEY_LINE_RE.finditer(yaml_text):
            line_no += yaml_text.count("\n", last, m.start())
            last = m.start()
            self.key_lines.setdefault(m.group(1), line_no)
        self._colon_lookups = 0

    def line_span(self, line_no: int) -> Span:
        line_no = min(max(line_no, 0), len(self.starts) - 1)
        start = self.starts[line_no]
        end = self.starts[line_no + 1] - 1 if line_no + 1 < len(self.starts) else self.end
        return Span(start, max(start, end))

    def key_line(self, key: Any) -> int:
        """The first line where `key` starts a mapping entry (0 when it cannot be found)."""
        name = str(key)
        if name in self.key_lines:
            return self.key_lines[name]
        if ":" in name and self._colon_lookups < MAX_COLON_KEY_LOOKUPS:
            self._colon_lookups += 1
            yaml_text = self.text[self.base : self.end]
            match = re.search(rf"^[ \t]*{re.escape(name)}[ \t]*:", yaml_text, re.MULTILINE)
            if match:
                return yaml_text.count("\n", 0, match.start())
        return 0

    def key_span(self, key: Any) -> Span:
        return self.line_span(self.key_line(key))


def _front_matter_problem(text: str, lines: FrontMatterLines, line: int, message: str, reason: str) -> Finding:
    return Finding.at("FM001", lines.line_span(line), message, text=text, where="prompt", data={"reason": reason})


def parse_front_matter(text: str) -> tuple[FrontMatter, Span | None, list[Finding]]:
    """Parse and validate front matter. Problems become findings on the offending line; defaults stand in."""
    match = FRONT_MATTER_RE.match(text)
    if not match:
        return FrontMatter(), None, []
    span = Span(0, match.end())
    yaml_text = match.group(1) or ""
    yaml_base = text.index("\n") + 1
    if len(yaml_text) > MAX_FRONT_MATTER_CHARS:
        lines = FrontMatterLines(text, yaml_base, yaml_base)
        reason = f"{len(yaml_text):,} characters, over the {MAX_FRONT_MATTER_CHARS:,}-character limit"
        return FrontMatter(), span, [_front_matter_problem(
            text, lines, 0, f"Front matter is too large to read ({reason}); defaults used.", reason)]
    lines = FrontMatterLines(text, yaml_base, yaml_base + len(yaml_text))
    try:
        raw = yaml.safe_load(yaml_text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line if mark is not None else 0
        reason = getattr(exc, "problem", None) or str(exc)
        return FrontMatter(), span, [_front_matter_problem(
            text, lines, line, f"Front matter is not valid YAML: {reason}; defaults used.", str(reason))]
    except RecursionError:
        reason = "nested too deeply to read"
        return FrontMatter(), span, [_front_matter_problem(
            text, lines, 0, f"Front matter is {reason}; defaults used.", reason)]
    except Exception as exc:  # a tag PyYAML cannot construct (`!!int abc`, `!!bool maybe`) raises ValueError/KeyError
        reason = f"a value cannot be read ({type(exc).__name__}: {exc})"
        return FrontMatter(), span, [_front_matter_problem(
            text, lines, 0, f"Front matter is not valid YAML: {reason}; defaults used.", reason)]
    if raw is None:
        return FrontMatter(), span, []
    if not isinstance(raw, dict):
        finding = Finding.at(
            "FM001", lines.line_span(0), "Front matter must be a mapping of keys to values; defaults used.",
            text=text, where="prompt",
        )
        return FrontMatter(), span, [finding]

    problems: list[Finding] = []
    valid: dict[str, Any] = {}
    for key, value in raw.items():
        line_span = lines.key_span(key)
        if str(key) not in FrontMatter.model_fields:
            known = ", ".join(FrontMatter.model_fields)
            problems.append(Finding.at(
                "FM002", line_span, f"Unknown front matter key {key!r} is ignored (known keys: {known}).",
                text=text, where="prompt", data={"key": str(key)},
            ))
            continue
        try:
            FrontMatter.model_validate({key: value})
        except ValidationError as exc:
            reason = "; ".join(err["msg"] for err in exc.errors())
            problems.append(Finding.at(
                "FM003", line_span, f"Invalid value for {key!r}: {reason}; the default is used.",
                text=text, where="prompt", data={"key": str(key), "reason": reason},
            ))
            continue
        valid[str(key)] = value
    return FrontMatter.model_validate(valid), span, problems


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


def _xml_blocks(text: str) -> list[tuple[Span, Span, str]]:
    """(whole, content, tag) for each source tag closed by the first later closing tag of the same name."""
    closings: dict[str, list[re.Match[str]]] = {}
    for m in XML_CLOSE_RE.finditer(text):
        closings.setdefault(m.group(1).lower(), []).append(m)
    starts = {tag: [m.start() for m in found] for tag, found in closings.items()}
    blocks = []
    resume = 0  # an opening tag inside an earlier block is part of that block's content
    for m in XML_OPEN_RE.finditer(text):
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


def find_source_blocks(text: str, body_start: int = 0) -> list[SourceBlock]:
    """Locate the material the output should be faithful to, most explicit delimiters first. O(n log n)."""
    blocks: list[SourceBlock] = []
    taken = _Taken()

    def add(kind: SourceKind, whole: Span, content: Span, label: str) -> None:
        if whole.start < body_start or taken.overlaps(whole) or not content.slice(text).strip():
            return
        blocks.append(SourceBlock(kind, whole, content, label, content.slice(text)))
        taken.add(whole)

    for whole, content, tag in _xml_blocks(text):
        add("xml", whole, content, tag)
    for block in find_code_blocks(text):
        add("fenced", block.span, block.code.span, block.language)
    for whole, content in _triple_quoted_blocks(text):
        add("quoted", whole, content, "quote")
    section_ends = [m.start() for m in SECTION_END_RE.finditer(text)]
    for m in LABEL_RE.finditer(text):
        k = bisect.bisect_left(section_ends, m.end())
        end = section_ends[k] if k < len(section_ends) else len(text)
        start = m.start(2) if m.group(2).strip() else m.end() + 1
        start = min(start, end)
        content_end = start + len(text[start:end].rstrip())
        add("labelled", Span(m.start(), content_end), Span(start, content_end), m.group(1).lower())
    for m in LONG_QUOTE_RE.finditer(text):
        add("quoted", Span(m.start(), m.end()), Span(m.start(1), m.end(1)), "quote")
    for paragraph in split_paragraphs(text):
        span = paragraph.span
        words = len(paragraph.text.split())
        if span.start < body_start or words < PASTED_MIN_WORDS or taken.overlaps(span):
            continue
        cues = len(INSTRUCTION_CUE_RE.findall(paragraph.text))
        if cues / words < 0.02:  # long and barely instructional: pasted material
            add("pasted", span, span, "paragraph")
    return sorted(blocks, key=lambda b: b.span.start)
