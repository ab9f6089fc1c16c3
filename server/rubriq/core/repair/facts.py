"""What a repair is built from: the finding's data (read defensively) and the user's own prompt.

Findings come from many rules, each with its own `data` keys. Every reader here tries the keys rules use for the
same idea, accepts strings, numbers, lists and small dicts, and falls back to the finding's evidence quote, so a
repair can be written for any rule that names a failure mode.
"""

from __future__ import annotations

import bisect
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
# Quotes of 120 characters or more are read as a source block (rubriq.core.sources, LONG_QUOTE_RE); stay under.
QUOTE_LIMIT = 110

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
# "the fields name, email and start_date", "keys: id": a list of names, or one name after a colon ("attribute
# each one" is no field list).
_NAME = r"[A-Za-z_][\w-]*"
_FIELDS_RE = re.compile(
    rf"\b(?:fields?|keys?|columns?|attributes?)(?:[ \t]*:[ \t]*({_NAME}(?:[ \t]*,[ \t]*{_NAME})*"
    rf"(?:,?[ \t]+and[ \t]+{_NAME})?)|[ \t]+({_NAME}(?:(?:[ \t]*,[ \t]*{_NAME})+(?:,?[ \t]+and[ \t]+{_NAME})?|"
    rf"[ \t]+and[ \t]+{_NAME})))",
    re.IGNORECASE,
)
_BULLET_RE = re.compile(r"^[ \t]*([-*•+])[ \t]+\S", re.MULTILINE)
_NUMBERED_RE = re.compile(r"^[ \t]*\d{1,2}([.)])[ \t]+\S", re.MULTILINE)
_REQUEST_CUE_RE = re.compile(
    r"\b(?:write|summari[sz]e|answer|explain|list|extract|rewrite|solve|calculate|generate|create|describe|give|"
    r"return|implement|translate|compose|draft|tell|what|who|why|how|which|when|where)\b",
    re.IGNORECASE,
)


# The openings of the blocks repairs write (mechanisms.py, templates.py): a paragraph that starts with one of these
# is Rubriq's, not the user's. A GPT heading is Rubriq's when it is one its mechanism writes, or one that stands over
# the "Requirement, stated explicitly:" line somewhere in the prompt (an "insert all" writes a shared line once), so
# a user's own `### Article ###` fence stays the user's; a role is Rubriq's in Rubriq's own wording. Claude's
# blocks are a lowercase tag alone on the first line, closed on the last.
_GPT_HEADING_RE = re.compile(r"### ([^#\n]{1,60}) ###\n")
_GPT_OWN_HEADINGS_RE = re.compile(
    r"(?:System message|Reference text|Task \(read first\)|Task, repeated|Key (?:passage|point) from the source|"
    r"Constraints, repeated|If the answer is still wrong)")
_GPT_REQUIREMENT_RE = re.compile(r"^### ([^#\n]{1,60}) ###\nRequirement, stated explicitly:", re.MULTILINE)
_OWN_BLOCK_START_RE = re.compile(
    r"(?:(?:Requirement(?:, stated explicitly)?|Instruction|Remember|"
    r"Example of the expected [^:\n]+|Output format \(follow exactly\)|About the example|Start the answer with|"
    r"Start your response with|"
    r"Task \(read first\)|Task, repeated|Key (?:passage|point) from the source|"
    r"Constraints, repeated|If the answer is still wrong):|"
    r"(?:System|System prompt|System instruction|Role): You are an experienced writer)")
# Opening and closing lines are paired with bisect (a lazy `<tag>...</tag>` regex rescans the rest of the text from
# every unclosed opening line, quadratic on a prompt of many tag lines); this runs on every reading of a prompt.
_TAG_LINE_RE = re.compile(r"^<(/?)([a-z][a-z_]*)>$", re.MULTILINE)
_GPT_EXAMPLE_LINE_RE = re.compile(r"^### (?:Example|(End of example)) ###$", re.MULTILINE)
# An example a repair writes, up to the next block (examples hold blank lines, lists and bold labels of their own).
# A bare "Example:" is Rubriq's only beside the few-shot rules every repair example carries (mechanisms.py).
_OWN_EXAMPLE_START_RE = re.compile(
    r"^(?:(Example)|Example of the expected [^:\n]+|Output format \(follow exactly\)):\n", re.MULTILINE)
_OWN_EXAMPLE_END_RE = re.compile(
    r"^(?:About the example:|Start the answer with:|Remember:|Requirement:|Instruction:|Example)", re.MULTILINE)
_FEW_SHOT_RULES = "About the example: it is similar to the real input"
_USER_TAGS = frozenset({"instructions", "instruction", "rules", "requirements", "constraints", "context", "system"})
# Gemini's requirement paragraph has no label; its JSON wording is recognised so its keys are not read as the user's.
_OWN_JSON_WORDING = "one JSON object with the keys"


def _paired(lines: list[tuple[bool, str, int, int]]) -> list[tuple[int, int, str]]:
    """(start, end, name) from each opening line to the first later closing line of the same name; lines are
    (closes, name, start, end) in text order, and an opening line inside an earlier pair belongs to it."""
    closings: dict[str, list[tuple[int, int]]] = {}
    for closes, name, start, end in lines:
        if closes:
            closings.setdefault(name, []).append((start, end))
    pairs, resume = [], 0
    for closes, name, start, end in lines:
        if closes or start < resume:
            continue
        later = closings.get(name, [])
        k = bisect.bisect_left(later, (end, 0))
        if k < len(later):
            pairs.append((start, later[k][1], name))
            resume = later[k][1]
    return pairs


def own_blocks_blanked(view: str, tags: bool = True) -> str:
    """`view` with the blocks a repair writes replaced by spaces (offsets kept); `tags=False` leaves XML tag
    blocks alone (in the whole prompt, a tag block is more often the user's source than a repair's). A tag that
    names source material (`<article>`, `<email>`: rubriq.core.sources.SOURCE_TAGS) is never Rubriq's. Linear."""
    from rubriq.core.sources import SOURCE_TAGS

    chars = list(view)

    def blank(start: int, end: int) -> None:
        for i in range(start, end):
            if chars[i] != "\n":
                chars[i] = " "

    gpt_examples = [(m.group(1) is not None, "example", m.start(), m.end())
                    for m in _GPT_EXAMPLE_LINE_RE.finditer(view)]
    for start, end, _ in _paired(gpt_examples):
        blank(start, end)
    example_ends = [m.start() for m in _OWN_EXAMPLE_END_RE.finditer(view)]
    few_shot = _FEW_SHOT_RULES in view
    for example in _OWN_EXAMPLE_START_RE.finditer(view):
        if example.group(1) and not few_shot:
            continue
        k = bisect.bisect_left(example_ends, example.end())
        blank(example.start(), example_ends[k] if k < len(example_ends) else len(view))
    if tags:
        tag_lines = [(m.group(1) == "/", m.group(2), m.start(), m.end()) for m in _TAG_LINE_RE.finditer(view)]
        for start, end, tag in _paired(tag_lines):
            if tag not in _USER_TAGS and tag not in SOURCE_TAGS:
                blank(start, end)
    gpt_headings = {m.group(1) for m in _GPT_REQUIREMENT_RE.finditer(view)}
    for paragraph in re.finditer(r"[^\n](?:[\s\S]*?)(?=\n[ \t]*\n|\Z)", view):
        heading = _GPT_HEADING_RE.match(paragraph.group())
        if (heading and (heading.group(1) in gpt_headings or _GPT_OWN_HEADINGS_RE.fullmatch(heading.group(1)))) \
                or _OWN_BLOCK_START_RE.match(paragraph.group()) or _OWN_JSON_WORDING in paragraph.group():
            blank(paragraph.start(), paragraph.end())
    return "".join(chars)


def clean(text: str) -> str:
    """One line: whitespace collapsed, curly quotes straightened so a quote can never close early."""
    text = text.replace("“", '"').replace("”", '"')
    return re.sub(r"\s+", " ", text).strip()


def quote(text: str, limit: int = QUOTE_LIMIT) -> str:
    """Quote text from the user's prompt or output; curly quotes mark exactly what was quoted. Never longer than
    QUOTE_LIMIT: a longer quote in a prompt reads as pasted source material, and the repaired prompt would then
    "support" the very sentence the repair is about."""
    limit = min(limit, QUOTE_LIMIT)
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

    @cached_property
    def user_view(self) -> str:
        """The prompt's instruction part (same offsets) without the blocks an earlier repair inserted, so what a
        repair reads from the prompt (its request, fields, list style) is the user's and a repair built again
        after it was applied comes out the same."""
        return own_blocks_blanked(self.prompt.instruction_view)

    @property
    def deliverable(self) -> str:
        return DELIVERABLE.get(self.task, "response")

    @cached_property
    def sources(self) -> list[Any]:
        """The prompt's source blocks that are the user's: a block an earlier repair inserted (a GPT `### ... ###`
        section, a triple-quoted reference) may read as a source, and is not one."""
        blanked = own_blocks_blanked(self.prompt.text, tags=False)
        return [b for b in self.prompt.sources if blanked[b.span.start : b.span.end].strip()]

    @cached_property
    def source_words(self) -> int:
        return sum(len(block.text.split()) for block in self.sources)

    @property
    def has_source(self) -> bool:
        return bool(self.sources)

    @property
    def long_source(self) -> bool:
        return self.source_words >= LONG_SOURCE_WORDS

    @cached_property
    def source_tag(self) -> str | None:
        """The XML tag that wraps the source, when the prompt uses one (Claude repairs refer to it by name)."""
        for block in self.sources:
            if block.kind == "xml":
                return block.label
        return None

    @property
    def source_ref(self) -> str:
        if self.source_tag:
            return f"the <{self.source_tag}> above"
        if self.sources:
            return f"the {self.sources[0].label if self.sources[0].kind == 'labelled' else 'text'} above"
        return "the material in this prompt"

    @cached_property
    def _instruction_segments(self) -> list[Segment]:
        """Sentences of the instruction part (tags and fences blanked), with their spans in the prompt."""
        view = _FENCE_RE.sub("   ", _TAG_RE.sub(lambda m: " " * len(m.group()), self.user_view))
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
        view = self.user_view
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
        view = _TAG_RE.sub(lambda m: " " * len(m.group()), self.user_view)
        return clean(view[span[0] : span[1]])

    @cached_property
    def request_leads(self) -> bool:
        """Whether the core request already stands before the source material (at the start edge)."""
        span = self._core_request_span
        if not self.sources or span is None:
            return True
        return span[0] < self.sources[0].span.start

    @cached_property
    def constraint_sentences(self) -> list[str]:
        """The prompt's own constraint sentences, in order (repeated at the end for long sources, 2.7)."""
        found = [s for s in self.instruction_sentences if _CONSTRAINT_CUE_RE.search(s) and s != self.core_request]
        return found[:4]

    @cached_property
    def list_marker(self) -> str:
        """The bullet the user's prompt writes its first list with ("-", "*", "•", "+"); "-" when it has none."""
        marker = _BULLET_RE.search(self.user_view)
        return marker.group(1) if marker else "-"

    @cached_property
    def number_suffix(self) -> str:
        """How the user's prompt numbers its first list: "." (1.) or ")" (1)); "." when it has none."""
        suffix = _NUMBERED_RE.search(self.user_view)
        return suffix.group(1) if suffix else "."

    def bullets(self, items: list[str]) -> list[str]:
        """Items as list lines with the user's own bullet marker."""
        return [f"{self.list_marker} {item}" for item in items]

    def numbered(self, items: list[str]) -> list[str]:
        """Items as a numbered list in the user's style; a single item stays a plain line (no list of one)."""
        if len(items) < 2:
            return list(items)
        return [f"{i}{self.number_suffix} {item}" for i, item in enumerate(items, 1)]

    @cached_property
    def task_end(self) -> int | None:
        """The end of the paragraph that states the prompt's request: where an instruction joins the task.
        None when the prompt has no request sentence."""
        span = self._core_request_span
        if span is None:
            return None
        text = self.prompt.text
        stop = len(text)
        paragraph_break = text.find("\n\n", span[1])
        if paragraph_break >= 0:
            stop = paragraph_break
        for block in self.sources:
            if block.span.start >= span[1]:
                stop = min(stop, block.span.start)
        return span[1] + len(text[span[1] : stop].rstrip())

    @cached_property
    def requested_fields(self) -> list[str]:
        """Field names the prompt lists ("extract the fields name, email and start_date"), in its order."""
        match = _FIELDS_RE.search(self.user_view)
        if not match:
            return []
        names = re.split(r"\s*,\s*|\s+and\s+", (match.group(1) or match.group(2)).strip())
        return [name for name in names if re.fullmatch(r"[A-Za-z_][\w-]{0,40}", name)][:12]

    @cached_property
    def request_parts(self) -> list[str]:
        """The separate parts of the request: its questions, else its numbered or bulleted items."""
        questions = [s for s in self.instruction_sentences if s.endswith("?")]
        if len(questions) > 1:
            return questions[:6]
        items = re.findall(r"^[ \t]*(?:\d{1,2}[.)]|[-*•])[ \t]+(\S.*)$", self.user_view, re.MULTILINE)
        return [clean(item) for item in items][:6] or questions
