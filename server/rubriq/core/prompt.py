"""A `.prompt` file: YAML front matter, the instruction part and the source text the output should be faithful to.

Offsets are kept everywhere: `instruction_view` is the prompt with front matter and source blocks blanked out
(same length, newlines kept), so anything found in it has a valid span in the original prompt.

A prompt may also hold blocks Rubriq wrote: a repair the user applied (`rubriq.core.repair`, recognised by
`rubriq.core.repair.facts.own_blocks_blanked`). They are `own_blocks`: never source material, and `reading_view`
(the instruction view without them) is what task detection and the "not checked" reading read, so applying a
repair does not change what Rubriq takes the user's request and material to be.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from rubriq.core.families import Family, family_for_model
from rubriq.core.findings import Finding
from rubriq.core.sources import SourceBlock, blanked, find_source_blocks
from rubriq.core.text import Span, TextModel

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


@dataclass
class PromptDocument:
    """A parsed `.prompt`: front matter, source blocks and the instruction part, all with spans."""

    text: str
    front_matter: FrontMatter
    front_matter_span: Span | None
    sources: list[SourceBlock]
    problems: list[Finding] = field(default_factory=list)
    own_blocks: list[Span] = field(default_factory=list)  # blocks an applied repair inserted: Rubriq's, not the user's

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
    def reading_view(self) -> str:
        """The instruction view without the blocks an applied repair inserted: the user's own instructions."""
        return blanked(self.instruction_view, self.own_blocks)

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
    own = own_repair_blocks(text, body_start)
    sources = find_source_blocks(text, body_start, set_aside=own)
    return PromptDocument(text, front_matter, span, sources, problems, own)


def own_repair_blocks(text: str, body_start: int = 0) -> list[Span]:
    """The blocks of the prompt body that an applied repair inserted, as the repair library recognises its own
    text. A body that would be left with no words of its own is the user's all the same (someone who pastes a
    repair as a whole prompt wrote that prompt)."""
    from rubriq.core.repair.facts import own_blocks_blanked  # the repair library reads prompts: imported late

    body = text[body_start:]
    if not body.strip():
        return []
    view = own_blocks_blanked(body)
    if view == body or not re.search(r"\w", view):
        return []
    spans: list[Span] = []  # runs of blanked characters; runs apart by whitespace within a paragraph are one
    for m in re.finditer(r"\S+", body):
        if view[m.start()] == body[m.start()]:
            continue
        if spans and "\n\n" not in body[spans[-1].end - body_start : m.start()] \
                and not body[spans[-1].end - body_start : m.start()].strip():
            spans[-1] = Span(spans[-1].start, body_start + m.end())
        else:
            spans.append(Span(body_start + m.start(), body_start + m.end()))
    return spans


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
