"""What a repair is built from: the finding's data (read defensively) and the user's own prompt.

Findings come from many rules, each with its own `data` keys. Every reader here tries the keys rules use for the
same idea, accepts strings, numbers, lists and small dicts, and falls back to the finding's evidence quote, so a
repair can be written for any rule that names a failure mode.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from rubriq.core.findings import Finding
from rubriq.core.prompt import PromptDocument
from rubriq.core.tasks import TaskType
from rubriq.core.text import Segment, Span, split_sentences

# Lost in the Middle (research log 2.7) concerns long contexts; ~700 words is about 1,000 tokens of source.
LONG_SOURCE_WORDS = 700
QUOTE_LIMIT = 160

DELIVERABLE: dict[TaskType, str] = {
    TaskType.SUMMARIZATION: "summary",
    TaskType.GROUNDED_QA: "answer",
    TaskType.OPEN_QA: "answer",
    TaskType.CODE_GENERATION: "code",
    TaskType.CREATIVE_WRITING: "piece",
    TaskType.EXTRACTION: "extracted record",
    TaskType.REASONING: "solution",
    TaskType.REWRITING: "rewrite",
    TaskType.GENERAL: "response",
}

_TAG_RE = re.compile(r"</?[A-Za-z_][\w-]*(?:\s[^<>\n]*)?>")
_FENCE_RE = re.compile(r"```|~~~")
_CONSTRAINT_CUE_RE = re.compile(
    r"\b(?:must|only|at most|at least|no more than|fewer than|less than|exactly|do not|don't|never|avoid|without|"
    r"words?|sentences?|bullets?|paragraphs?|lowercase|uppercase|capital|json|format|language|end with|"
    r"start with|include|mention|every|each|always|cover|tone|audience)\b",
    re.IGNORECASE,
)
_FIELDS_RE = re.compile(
    r"\b(?:fields?|keys?|columns?|attributes?)[ \t]*:?[ \t]+([A-Za-z_][\w-]*(?:[ \t]*,[ \t]*[A-Za-z_][\w-]*)*"
    r"(?:,?[ \t]+and[ \t]+[A-Za-z_][\w-]*)?)",
    re.IGNORECASE,
)
_REQUEST_CUE_RE = re.compile(
    r"\b(?:write|summari[sz]e|answer|explain|list|extract|rewrite|solve|calculate|generate|create|describe|give|"
    r"return|implement|translate|compose|draft|tell|what|who|why|how|which|when|where)\b",
    re.IGNORECASE,
)


def clean(text: str) -> str:
    """One line: whitespace collapsed, curly quotes straightened so a quote can never close early."""
    text = text.replace("“", '"').replace("”", '"')
    return re.sub(r"\s+", " ", text).strip()


def quote(text: str, limit: int = QUOTE_LIMIT) -> str:
    """Quote text from the user's prompt or output; curly quotes mark exactly what was quoted."""
    text = clean(text)
    if len(text) > limit:
        text = text[: limit - 1].rstrip() + "…"
    return f"“{text}”"


def _as_text(value: Any) -> str | None:
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, str):
        return clean(value) or None
    if isinstance(value, int | float):
        return f"{value:g}" if isinstance(value, float) else str(value)
    if isinstance(value, dict):
        for key in ("text", "sentence", "phrase", "value", "name", "description"):
            if key in value:
                return _as_text(value[key])
        return None
    if isinstance(value, list | tuple):
        items = [t for t in (_as_text(v) for v in value) if t]
        return ", ".join(items) or None
    return clean(str(value)) or None


def _as_number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str):
        match = re.search(r"-?\d+(?:\.\d+)?", value)
        return float(match.group()) if match else None
    if isinstance(value, dict):
        for key in ("value", "count", "words", "measured", "score"):
            if key in value:
                return _as_number(value[key])
    return None


def _as_list(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, dict):
        return [clean(str(k)) for k in value]
    if isinstance(value, list | tuple):
        return [t for t in (_as_text(v) for v in value) if t]
    text = _as_text(value)
    return [part.strip() for part in text.split(",") if part.strip()] if text else []


def number_text(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


@dataclass(frozen=True)
class Facts:
    """The finding, with readers for the ideas repairs need."""

    finding: Finding

    @property
    def data(self) -> dict[str, Any]:
        return self.finding.data or {}

    @cached_property
    def params(self) -> dict[str, Any]:
        """Constraint parameters: `params`, or the constraint dict's own parameters, merged over top-level data."""
        merged: dict[str, Any] = dict(self.data)
        constraint = self.data.get("constraint")
        if isinstance(constraint, dict):
            merged.update(constraint.get("params") or constraint.get("kwargs") or {})
            merged.update({k: v for k, v in constraint.items() if k not in merged})
        params = self.data.get("params") or self.data.get("kwargs")
        if isinstance(params, dict):
            merged.update(params)
        return merged

    def text(self, *keys: str) -> str | None:
        for key in keys:
            value = _as_text(self.params.get(key))
            if value:
                return value
        return None

    def number(self, *keys: str) -> float | None:
        for key in keys:
            value = _as_number(self.params.get(key))
            if value is not None:
                return value
        return None

    def items(self, *keys: str) -> list[str]:
        for key in keys:
            values = _as_list(self.params.get(key))
            if values:
                return values
        return []

    @property
    def rule_name(self) -> str:
        from rubriq.core.rules import find_rule

        rule = find_rule(self.finding.code)
        return rule.name if rule else ""

    @property
    def kind_hint(self) -> str:
        """What kind of failure this is: the data's constraint kind or signal, else the rule's name
        ("keywords:forbidden_words", "forbidden_words"), lower-case with underscores."""
        for key in ("kind", "instruction_id", "signal", "type"):
            value = self.data.get(key)
            if isinstance(value, str) and value.strip():
                return value.strip().lower().replace("-", "_")
        return self.rule_name.replace("-", "_")

    @property
    def evidence(self) -> str:
        return clean(self.finding.evidence) or clean(self.finding.message) or self.finding.code

    @property
    def constraint_text(self) -> str | None:
        """The constraint as the prompt words it, when the rule recorded it."""
        return self.text("constraint_text", "constraint", "instruction", "requirement", "phrase_in_prompt")

    @property
    def unsupported(self) -> str:
        return self.text("unsupported_sentence", "unsupported", "sentence", "claim", "output_sentence") \
            or self.evidence

    @property
    def source_sentence(self) -> str | None:
        return self.text("best_source_sentence", "source_sentence", "best_source", "closest_source", "premise",
                         "source")

    @property
    def measured(self) -> float | None:
        return self.number("measured", "actual", "count", "words", "word_count", "value", "grade")


@dataclass(frozen=True)
class PromptFacts:
    """What a repair quotes from the user's own prompt."""

    prompt: PromptDocument
    task: TaskType

    @property
    def deliverable(self) -> str:
        return DELIVERABLE[self.task]

    @cached_property
    def source_words(self) -> int:
        return sum(len(block.text.split()) for block in self.prompt.sources)

    @property
    def has_source(self) -> bool:
        return self.prompt.has_source

    @property
    def long_source(self) -> bool:
        return self.source_words >= LONG_SOURCE_WORDS

    @cached_property
    def source_tag(self) -> str | None:
        """The XML tag that wraps the source, when the prompt uses one (Claude repairs refer to it by name)."""
        for block in self.prompt.sources:
            if block.kind == "xml":
                return block.label
        return None

    @property
    def source_ref(self) -> str:
        if self.source_tag:
            return f"the <{self.source_tag}> above"
        if self.prompt.sources:
            return f"the {self.prompt.sources[0].label if self.prompt.sources[0].kind == 'labelled' else 'text'} above"
        return "the material in this prompt"

    @cached_property
    def _instruction_segments(self) -> list[Segment]:
        """Sentences of the instruction part (tags and fences blanked), with their spans in the prompt."""
        view = _FENCE_RE.sub("   ", _TAG_RE.sub(lambda m: " " * len(m.group()), self.prompt.instruction_view))
        segments = []
        for sentence in split_sentences(view):
            text = sentence.text.strip()
            if re.search(r"\w", text):  # the span of the sentence itself, not of the blanked text before it
                start = sentence.span.start + len(sentence.text) - len(sentence.text.lstrip())
                segments.append(Segment(Span(start, start + len(text)), text))
        return segments

    @cached_property
    def instruction_sentences(self) -> list[str]:
        return [clean(s.text) for s in self._instruction_segments]

    @cached_property
    def _core_request_span(self) -> tuple[int, int] | None:
        """The first sentence with a request cue (or a question), with the sentences of its paragraph that lead up
        to it ("A train leaves at 14:10 ... Calculate when it arrives."); else the first sentence."""
        segments = self._instruction_segments
        if not segments:
            return None
        first = next((i for i, s in enumerate(segments)
                      if clean(s.text).endswith("?") or _REQUEST_CUE_RE.search(s.text)), 0)
        begin = first
        view = self.prompt.instruction_view
        while begin > 0 and "\n\n" not in view[segments[begin - 1].span.end : segments[begin].span.start] \
                and segments[first].span.end - segments[begin - 1].span.start <= 400:
            begin -= 1
        return segments[begin].span.start, segments[first].span.end

    @cached_property
    def core_request(self) -> str:
        """The prompt's main request, in its own words."""
        span = self._core_request_span
        if span is None:
            return f"the requested {self.deliverable}"
        view = _TAG_RE.sub(lambda m: " " * len(m.group()), self.prompt.instruction_view)
        return clean(view[span[0] : span[1]])

    @cached_property
    def request_leads(self) -> bool:
        """Whether the core request already stands before the source material (at the start edge)."""
        span = self._core_request_span
        if not self.prompt.sources or span is None:
            return True
        return span[0] < self.prompt.sources[0].span.start

    @cached_property
    def constraint_sentences(self) -> list[str]:
        """The prompt's own constraint sentences, in order (repeated at the end for long sources, 2.7)."""
        found = [s for s in self.instruction_sentences if _CONSTRAINT_CUE_RE.search(s) and s != self.core_request]
        return found[:4]

    @cached_property
    def requested_fields(self) -> list[str]:
        """Field names the prompt lists ("extract the fields name, email and start_date"), in its order."""
        match = _FIELDS_RE.search(self.prompt.instruction_view)
        if not match:
            return []
        names = re.split(r"\s*,\s*|\s+and\s+", match.group(1).strip())
        return [name for name in names if re.fullmatch(r"[A-Za-z_][\w-]{0,40}", name)][:12]

    @cached_property
    def request_parts(self) -> list[str]:
        """The separate parts of the request: its questions, else its numbered or bulleted items."""
        questions = [s for s in self.instruction_sentences if s.endswith("?")]
        if len(questions) > 1:
            return questions[:6]
        items = re.findall(r"^[ \t]*(?:\d{1,2}[.)]|[-*•])[ \t]+(\S.*)$", self.prompt.instruction_view, re.MULTILINE)
        return [clean(item) for item in items][:6] or questions
