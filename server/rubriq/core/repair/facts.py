"""What a repair is built from: the finding's data (read defensively) and the user's own prompt.

Findings come from many rules, each with its own `data` keys. Every reader here tries the keys rules use for the
same idea, accepts strings, numbers, lists and small dicts, and falls back to the finding's evidence quote, so a
repair can be written for any rule that names a failure mode.
"""

from __future__ import annotations

import bisect
import itertools
import re
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from rubriq.core.findings import Finding
from rubriq.core.prompt import PromptDocument
from rubriq.core.repair.labels import (
    ESCALATION_MARK,
    EXAMPLE_END,
    FEW_SHOT_RULES_OPENING,
    FORMAT_END,
    GPT_REQUIREMENT_LABEL,
    INSTRUCTION_LABEL,
    REGISTER_NOTE,
    REMINDER_LABEL,
    REQUIREMENT_LABEL,
)
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


# How `own_blocks_blanked` knows a repair's blocks (labels.py: the marks, mechanisms.py: the shapes). A marked block
# is Rubriq's wherever it stands; every other shape a repair writes is Rubriq's only beside the neighbour the library
# writes it next to, so a user's own `<example>`, "Start the answer with: ..." or `### Reference text ###` block is
# the user's even when a repair was inserted after it.
_MARKED_RE = re.compile("|".join(re.escape(label) for label in (REQUIREMENT_LABEL, INSTRUCTION_LABEL, REMINDER_LABEL)))
_GPT_MAIN_RE = re.compile(r"### [^#\n]{1,60} ###\n" + re.escape(GPT_REQUIREMENT_LABEL))
_ROLE_RE = re.compile(r"(?:System|Role|System instruction): You are |### System message ###\nYou are ")
_ESCALATION_RE = re.compile(r"(?:If the answer is still wrong:|### If the answer is still wrong ###)\n")
_REFERENCE_RE = re.compile(r'### Reference text ###\n"""\n')
_RESTATED = r"Task, repeated|Key (?:passage|point) from the source|Constraints, repeated"
_AFTER_BLOCK_RE = re.compile(  # written right after another block of the repair
    rf"Start your response with: |Start the answer with: |(?:{_RESTATED}):\n|### (?:{_RESTATED}) ###\n")
_TASK_REPEATED_RE = re.compile(r"(?:Task, repeated:|### Task, repeated ###)\n")
_LEAD_RE = re.compile(r"(?:Task \(read first\):|### Task \(read first\) ###)\n")
_PARAGRAPH_RE = re.compile(r"[^\n](?:[\s\S]*?)(?=\n[ \t]*\n|\Z)")
# Opening and closing lines are paired with bisect (a lazy `<tag>...</tag>` regex rescans the rest of the text from
# every unclosed opening line, quadratic on a prompt of many tag lines); this runs on every reading of a prompt.
_TAG_LINE_RE = re.compile(r"^<(/?)([a-z][a-z_]*)>$", re.MULTILINE)
_CLAUDE_AFTER_BLOCK_TAGS = frozenset({"quote_extraction", "key_passage", "constraints_repeated", "task_repeated"})
# Examples are fenced: `### Example ###` ... `### End of example ###` (GPT), or a label line ... "End of example."
_EXAMPLE_LINE_RE = re.compile(
    r"^(?:### Example ###|(?:Example|Example of the expected [^:\n]{1,60}|Output format \(follow exactly\)):|"
    rf"(### End of example ###|{re.escape(EXAMPLE_END)}|{re.escape(FORMAT_END)}))$", re.MULTILINE)

# Kinds of candidate block, and what each needs to be Rubriq's.
_MARKED = "marked"  # a mark of its own
_RULES = "rules"  # the few-shot rules: marked
_GPT_MAIN = "gpt_main"  # marked
_REFERENCE = "reference"  # GPT's reference text: right before a GPT requirement block
_CLAUDE_EXAMPLE = "claude_example"  # right before another such example or the few-shot rules
_EXAMPLE = "example"  # a fenced example: beside any block of the repair
_AFTER = "after"  # right after a block of the repair
_LEAD = "lead"  # the task restated at the start (2.7): with the restated task at the end
_STRONG = frozenset({_MARKED, _RULES, _GPT_MAIN})
_PASSES = 4


@dataclass
class _Candidate:
    start: int
    end: int
    kind: str
    task_repeated: bool = False
    own: bool = False


def _paired(lines: list[tuple[bool, str, int, int]]) -> list[tuple[int, int, str]]:
    """(start, end, name) of each opening line with its closing line, nested as written (a repair's block inside
    the user's `<instructions>` is found); lines are (closes, name, start, end) in text order. Linear."""
    open_lines: dict[str, list[int]] = {}
    pairs = []
    for closes, name, start, end in lines:
        if not closes:
            open_lines.setdefault(name, []).append(start)
        elif open_lines.get(name):
            pairs.append((open_lines[name].pop(), end, name))
    return pairs


def _tag_candidate(view: str, start: int, end: int, tag: str) -> _Candidate | None:
    """A tag block by its name and the first line of its body (a repair's marks open it; reading only that line
    keeps nested blocks linear)."""
    from rubriq.core.sources import SOURCE_TAGS

    if tag in SOURCE_TAGS:  # a tag that names material (`<article>`, `<email>`) is never Rubriq's
        return None
    body = view.index("\n", start) + 1
    line_end = view.find("\n", body, end)
    first = view[body : line_end if line_end >= 0 else end]
    if first.startswith(REQUIREMENT_LABEL) or (tag == "role" and first.startswith("System prompt: You are ")
                                               and REGISTER_NOTE in first) or \
            (tag == "if_still_wrong" and ESCALATION_MARK in first):
        return _Candidate(start, end, _MARKED)
    if tag == "example_rules" and first.startswith(FEW_SHOT_RULES_OPENING):
        return _Candidate(start, end, _RULES)
    if tag == "example":
        return _Candidate(start, end, _CLAUDE_EXAMPLE)
    if tag in _CLAUDE_AFTER_BLOCK_TAGS:
        return _Candidate(start, end, _AFTER, task_repeated=tag == "task_repeated")
    if tag == "task":
        return _Candidate(start, end, _LEAD)
    return None


def _paragraph_candidate(paragraph: str, start: int, end: int) -> _Candidate | None:
    if _MARKED_RE.match(paragraph):
        return _Candidate(start, end, _MARKED)
    if _GPT_MAIN_RE.match(paragraph):
        return _Candidate(start, end, _GPT_MAIN)
    if paragraph.startswith(FEW_SHOT_RULES_OPENING):
        return _Candidate(start, end, _RULES)
    if (_ROLE_RE.match(paragraph) and REGISTER_NOTE in paragraph) or \
            (_ESCALATION_RE.match(paragraph) and ESCALATION_MARK in paragraph):
        return _Candidate(start, end, _MARKED)
    if _REFERENCE_RE.match(paragraph):
        return _Candidate(start, end, _REFERENCE)
    if _AFTER_BLOCK_RE.match(paragraph):
        return _Candidate(start, end, _AFTER, task_repeated=bool(_TASK_REPEATED_RE.match(paragraph)))
    if _LEAD_RE.match(paragraph):
        return _Candidate(start, end, _LEAD)
    return None


def _fenced_examples(view: str) -> list[tuple[int, int]]:
    """Each example fence's closing line with the nearest opening line before it (an unclosed "Example:" of the
    user's never reaches as far as a repair's closing line)."""
    spans, opening = [], None
    for line in _EXAMPLE_LINE_RE.finditer(view):
        if line.group(1) is None:
            opening = line.start()
        elif opening is not None:
            spans.append((opening, line.end()))
            opening = None
    return spans


def _accept(candidates: list[_Candidate], view: str) -> None:
    """Mark the candidates that are Rubriq's: marked ones, then the others by their neighbours. Passes alternate
    forward (a block after its neighbour) and backward (an example before the few-shot rules, the reference text
    before its requirement), so a chain of either kind settles in one pass; a repair chains one way from a marked
    block, and the passes stop when none changes, at most _PASSES of them, each linear."""
    adjacent = [not view[a.end : b.start].strip() for a, b in itertools.pairwise(candidates)]

    def before(i: int) -> _Candidate | None:
        return candidates[i - 1] if i > 0 and adjacent[i - 1] else None

    def after(i: int) -> _Candidate | None:
        return candidates[i + 1] if i + 1 < len(candidates) and adjacent[i] else None

    for candidate in candidates:
        candidate.own = candidate.kind in _STRONG
    for passes in range(_PASSES):
        changed = False
        order = range(len(candidates)) if passes % 2 == 0 else range(len(candidates) - 1, -1, -1)
        for i in order:
            candidate = candidates[i]
            if candidate.own:
                continue
            prev, nxt = before(i), after(i)
            if candidate.kind == _REFERENCE:
                own = nxt is not None and nxt.kind == _GPT_MAIN
            elif candidate.kind == _CLAUDE_EXAMPLE:
                own = nxt is not None and nxt.own and nxt.kind in (_CLAUDE_EXAMPLE, _RULES)
            elif candidate.kind == _EXAMPLE:
                own = (prev is not None and prev.own) or (nxt is not None and nxt.own)
            elif candidate.kind == _AFTER:
                own = prev is not None and prev.own
            else:
                own = False
            if own:
                candidate.own = changed = True
        if not changed and passes > 0:
            break
    if any(c.own and c.task_repeated for c in candidates):
        for candidate in candidates:
            candidate.own = candidate.own or candidate.kind == _LEAD


def own_blocks_blanked(view: str, tags: bool = True) -> str:
    """`view` with the blocks a repair writes replaced by spaces (offsets kept); `tags=False` leaves XML tag
    blocks alone (in the whole prompt, a tag block is more often the user's source than a repair's). A tag that
    names source material (`<article>`, `<email>`: rubriq.core.sources.SOURCE_TAGS) is never Rubriq's. Linear."""
    candidates: list[_Candidate] = [_Candidate(start, end, _EXAMPLE) for start, end in _fenced_examples(view)]
    if tags:
        tag_lines = [(m.group(1) == "/", m.group(2), m.start(), m.end()) for m in _TAG_LINE_RE.finditer(view)]
        for start, end, tag in _paired(tag_lines):
            found = _tag_candidate(view, start, end, tag)
            if found is not None:
                candidates.append(found)
    candidates.sort(key=lambda c: (c.start, -c.end))
    taken: list[_Candidate] = []  # a block inside another (a tag line in an example) is part of it
    for candidate in candidates:
        if not taken or candidate.start >= taken[-1].end:
            taken.append(candidate)
    candidates = list(taken)
    starts = [c.start for c in taken]
    for paragraph in _PARAGRAPH_RE.finditer(view):
        k = bisect.bisect_right(starts, paragraph.start())
        if (k > 0 and taken[k - 1].end > paragraph.start()) or (k < len(starts) and starts[k] < paragraph.end()):
            continue
        found = _paragraph_candidate(paragraph.group(), paragraph.start(), paragraph.end())
        if found is not None:
            candidates.append(found)
    candidates.sort(key=lambda c: c.start)
    _accept(candidates, view)
    chars = list(view)
    for candidate in candidates:
        if candidate.own:
            for i in range(candidate.start, candidate.end):
                if chars[i] != "\n":
                    chars[i] = " "
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
