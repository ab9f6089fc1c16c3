"""A `.prompt` file: YAML front matter, the instruction part and the source text the output should be faithful to.

Offsets are kept everywhere: `instruction_view` is the prompt with front matter and source blocks blanked out
(same length, newlines kept), so anything found in it has a valid span in the original prompt.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from rubriq.core.families import Family, family_for_model
from rubriq.core.findings import Finding
from rubriq.core.text import Span, TextModel

FRONT_MATTER_RE = re.compile(r"\A---[ \t]*\n(.*?\n)?---[ \t]*(?:\n|\Z)", re.DOTALL)


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
XML_SOURCE_RE = re.compile(
    r"<(" + "|".join(SOURCE_TAGS) + r")(?:\s[^<>\n]*)?>(.*?)</\1\s*>", re.IGNORECASE | re.DOTALL
)
FENCED_RE = re.compile(r"^[ \t]*(```|~~~)[^\n]*\n(.*?)^[ \t]*\1[ \t]*$", re.MULTILINE | re.DOTALL)
TRIPLE_QUOTED_RE = re.compile(r'("""|\'\'\')(.+?)\1', re.DOTALL)
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


def parse_prompt(text: str) -> PromptDocument:
    front_matter, span, problems = parse_front_matter(text)
    body_start = span.end if span else 0
    sources = find_source_blocks(text, body_start)
    return PromptDocument(text, front_matter, span, sources, problems)


def _line_span(text: str, line_no: int, base: int) -> Span:
    """Span of the `line_no`-th line (0-based) of text starting at `base`."""
    lines = text[base:].split("\n")
    line_no = min(max(line_no, 0), len(lines) - 1)
    start = base + sum(len(line) + 1 for line in lines[:line_no])
    return Span(start, start + len(lines[line_no]))


def _key_line(yaml_text: str, key: str) -> int:
    match = re.search(rf"^[ \t]*{re.escape(str(key))}[ \t]*:", yaml_text, re.MULTILINE)
    return yaml_text[: match.start()].count("\n") if match else 0


def parse_front_matter(text: str) -> tuple[FrontMatter, Span | None, list[Finding]]:
    """Parse and validate front matter. Problems become findings on the offending line; defaults stand in."""
    match = FRONT_MATTER_RE.match(text)
    if not match:
        return FrontMatter(), None, []
    span = Span(0, match.end())
    yaml_text = match.group(1) or ""
    yaml_base = text.index("\n") + 1
    try:
        raw = yaml.safe_load(yaml_text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line if mark is not None else 0
        reason = getattr(exc, "problem", None) or str(exc)
        finding = Finding.at(
            "FM001", _line_span(text, line, yaml_base), f"Front matter is not valid YAML: {reason}; defaults used.",
            text=text, where="prompt", data={"reason": str(reason)},
        )
        return FrontMatter(), span, [finding]
    if raw is None:
        return FrontMatter(), span, []
    if not isinstance(raw, dict):
        finding = Finding.at(
            "FM001", _line_span(text, 0, yaml_base), "Front matter must be a mapping of keys to values; defaults used.",
            text=text, where="prompt",
        )
        return FrontMatter(), span, [finding]

    problems: list[Finding] = []
    valid: dict[str, Any] = {}
    for key, value in raw.items():
        line_span = _line_span(text, _key_line(yaml_text, key), yaml_base)
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


def _overlaps_any(span: Span, taken: list[Span]) -> bool:
    return any(span.overlaps(other) for other in taken)


def find_source_blocks(text: str, body_start: int = 0) -> list[SourceBlock]:
    """Locate the material the output should be faithful to, most explicit delimiters first."""
    blocks: list[SourceBlock] = []
    taken: list[Span] = []

    def add(kind: SourceKind, whole: Span, content: Span, label: str) -> None:
        if whole.start < body_start or _overlaps_any(whole, taken) or not content.slice(text).strip():
            return
        blocks.append(SourceBlock(kind, whole, content, label, content.slice(text)))
        taken.append(whole)

    for m in XML_SOURCE_RE.finditer(text):
        add("xml", Span(m.start(), m.end()), Span(m.start(2), m.end(2)), m.group(1).lower())
    for m in FENCED_RE.finditer(text):
        add("fenced", Span(m.start(), m.end()), Span(m.start(2), m.end(2)), text[m.start(1) + 3 : m.start(2)].strip())
    for m in TRIPLE_QUOTED_RE.finditer(text):
        add("quoted", Span(m.start(), m.end()), Span(m.start(2), m.end(2)), "quote")
    for m in LABEL_RE.finditer(text):
        end_match = SECTION_END_RE.search(text, m.end())
        end = end_match.start() if end_match else len(text)
        start = m.start(2) if m.group(2).strip() else m.end() + 1
        start = min(start, end)
        content_end = start + len(text[start:end].rstrip())
        add("labelled", Span(m.start(), content_end), Span(start, content_end), m.group(1).lower())
    for m in LONG_QUOTE_RE.finditer(text):
        add("quoted", Span(m.start(), m.end()), Span(m.start(1), m.end(1)), "quote")
    for paragraph in TextModel(text).paragraphs:
        span = paragraph.span
        words = len(paragraph.text.split())
        if span.start < body_start or words < PASTED_MIN_WORDS or _overlaps_any(span, taken):
            continue
        cues = len(INSTRUCTION_CUE_RE.findall(paragraph.text))
        if cues / words < 0.02:  # long and barely instructional: pasted material
            add("pasted", span, span, "paragraph")
    return sorted(blocks, key=lambda b: b.span.start)
