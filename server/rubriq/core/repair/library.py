"""Build the repair for a finding: failure mode × task type × model family → a ready-to-paste prompt fragment and
the edit that puts it in the right place of the user's prompt.

Where a fragment goes follows the family's mechanism (see `mechanisms.py`) and two fixed rules: never inside the
front matter, never inside a source block. A long-source faithfulness or completeness repair is two edits: the
task at the start and key material with the constraints repeated at the end (research log 2.7).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict

from rubriq.core.families import Family
from rubriq.core.findings import Finding
from rubriq.core.prompt import PromptDocument
from rubriq.core.repair.facts import Facts, PromptFacts, own_blocks_blanked, quote
from rubriq.core.repair.labels import MARKED_LABELS
from rubriq.core.repair.mechanisms import FEW_SHOT_ADVICE, OPEN_WEIGHTS, render
from rubriq.core.repair.modes import FAILURE_MODES, failure_mode_for
from rubriq.core.repair.parts import Parts
from rubriq.core.repair.templates import BUILDERS
from rubriq.core.tasks import TaskType
from rubriq.core.text import Span, split_sentences

if TYPE_CHECKING:
    from rubriq.core.engine import CheckResult

_PROHIBITION_RE = re.compile(r"\b(?:do not|don't|never|avoid|no)\b", re.IGNORECASE)


class PromptEdit(BaseModel):
    """Replace prompt[start:end] with new_text (an insertion when start == end)."""

    model_config = ConfigDict(frozen=True)

    start: int
    end: int
    new_text: str


class Repair(BaseModel):
    """A repair prompt for one finding (or, combined, for several), with the edit that applies it."""

    model_config = ConfigDict(frozen=True)

    code: str  # the rule code(s) of the finding(s)
    failure_mode: str  # one of FAILURE_MODES, or "combined"
    subtype: str | None = None  # constraint subtype of a missed_constraint
    family: Family
    task: TaskType
    title: str  # e.g. "Insert repair prompt for claude"
    label: str  # the diagnosed failure in words
    explanation: str  # names the failure, quotes the evidence, says which mechanism and where
    fragment: str  # the ready-to-paste prompt text
    insert_at: int | None = None  # the edit: an insertion point in the prompt text...
    replace: tuple[int, int] | None = None  # ...or a [start, end) span of the prompt to replace
    new_text: str  # what the edit writes (the fragment, with blank lines around it)
    lead: PromptEdit | None = None  # long sources: the task restated at the start of the prompt (2.7)
    escalation: str | None = None  # weak_reasoning: self-consistency, for when the failure comes back (2.5)
    sources: tuple[str, ...] = ()  # the research-log entries the repair draws on
    blocks: tuple[str, ...] = ()  # the fragment's self-contained blocks
    already_in_prompt: bool = False  # every block is in the prompt already: nothing to insert
    present_at: tuple[int, int] | None = None  # where the prompt already holds it (when already_in_prompt)

    @property
    def edits(self) -> list[PromptEdit]:
        """Every edit of this repair, in prompt order; an editor applies them as one WorkspaceEdit."""
        if self.already_in_prompt:
            return []
        edits = [self.lead] if self.lead else []
        if self.replace is not None:
            edits.append(PromptEdit(start=self.replace[0], end=self.replace[1], new_text=self.new_text))
        elif self.new_text:
            point = self.insert_at if self.insert_at is not None else 0
            edits.append(PromptEdit(start=point, end=point, new_text=self.new_text))
        return sorted(edits, key=lambda e: (e.start, e.end))

    def apply(self, text: str) -> str:
        """The prompt with this repair applied."""
        for edit in sorted(self.edits, key=lambda e: (e.start, e.end), reverse=True):
            text = text[: edit.start] + edit.new_text + text[edit.end :]
        return text


def _line_key(line: str) -> str:
    """A line as compared for presence: whitespace collapsed, without its list marker or number."""
    return re.sub(r"^(?:[-*•+]|\d{1,2}[.)])\s+", "", " ".join(line.split()))


class _PromptLines:
    """What the prompt already says, to tell whether a repair's block is in it (inserted earlier, maybe by a
    fix-all that wrote a shared line only once)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.flat = " ".join(text.split())
        self.lines = {_line_key(line) for line in text.split("\n") if line.strip()}

    def holds(self, block: str) -> bool:
        """The block verbatim (whitespace aside); or, for a block of instructions, its opening delimiter and every
        instruction line of it (examples count only verbatim)."""
        if " ".join(block.split()) in self.flat:
            return True
        if _EXAMPLE_BLOCK_RE.match(block):
            return False
        lines = [_line_key(line) for line in block.split("\n") if line.strip()]
        head_is_delimiter = bool(lines) and bool(_STRUCTURAL_LINE_RE.match(lines[0]))
        if head_is_delimiter and lines[0] not in self.lines:
            return False
        wording = [line for line in lines if not _STRUCTURAL_LINE_RE.match(line) and len(line.split()) >= 3]
        return bool(wording) and all(line in self.lines for line in wording)

    def span_of(self, blocks: list[str]) -> tuple[int, int] | None:
        """Where the first block's first line and the last block's last line stand in the prompt."""
        first = next((line.strip() for line in blocks[0].split("\n") if line.strip()), "") if blocks else ""
        last = next((line.strip() for line in reversed(blocks[-1].split("\n")) if line.strip()), "") \
            if blocks else ""
        start = self.text.find(first) if first else -1
        if start < 0:
            return None
        end = self.text.find(last, start)
        return start, (end + len(last) if end >= 0 else start + len(first))


def _safe_point(prompt: PromptDocument, point: int) -> int:
    """Move an insertion point out of the front matter and out of any source block."""
    point = max(point, prompt.body_start)
    for block in prompt.sources:
        if block.span.start < point < block.span.end:
            point = block.span.end
    return min(point, len(prompt.text))


_ROLE_MARKER_RE = re.compile(
    r"^[ \t]*(?:#{1,6}[ \t]*)?(system|user|assistant|human|ai|developer|model|tool)[ \t]*:",
    re.IGNORECASE | re.MULTILINE)
_INSTRUCTION_TAG_RE = re.compile(r"<(instructions?|rules|requirements|constraints)>", re.IGNORECASE)


def _system_part_end(prompt: PromptDocument) -> int | None:
    """The end of the prompt's system part ("System:" up to the next role marker), when it has one."""
    view = prompt.instruction_view
    markers = list(_ROLE_MARKER_RE.finditer(view))
    for i, marker in enumerate(markers):
        if marker.group(1).lower() == "system":
            stop = markers[i + 1].start() if i + 1 < len(markers) else len(view)
            return marker.end() + len(view[marker.end() : stop].rstrip())
    return None


def _instruction_block_end(prompt: PromptDocument) -> int | None:
    """Where an instruction tag block of the prompt closes (`<instructions>...</instructions>`): a tagged block
    that holds the prompt's instructions, and so the repair's."""
    view = prompt.instruction_view
    for opening in _INSTRUCTION_TAG_RE.finditer(view):
        closing = view.find(f"</{opening.group(1)}>", opening.end())
        if closing < 0:
            closing = view.lower().find(f"</{opening.group(1).lower()}>", opening.end())
        if closing >= 0:
            return opening.end() + len(view[opening.end() : closing].rstrip())
    return None


def _insertion_point(prompt: PromptDocument, p: PromptFacts, family: Family, parts: Parts,
                     edges: bool) -> tuple[int, str]:
    """Where the family's mechanism puts the fragment, and those words for the explanation: at the end of the
    task, in the system part (roles), in the prompt's instruction tag block (Claude), after the context, or at
    the very end; never above the request it repairs."""
    end = len(prompt.text)
    last_source = max((block.span.end for block in prompt.sources), default=None)
    if edges:
        return end, "at the end of the prompt, with the task restated at its start (long source: edges, not middle)"
    system_end = _system_part_end(prompt) if parts.role else None
    if system_end is not None:
        return _safe_point(prompt, system_end), "at the end of the prompt's system part, where a role belongs"
    task_end = p.task_end
    if family == Family.GPT:
        if parts.grounded and last_source is not None:
            return _safe_point(prompt, last_source), "right after the source, so the reference text comes first"
        if task_end is not None:
            return _safe_point(prompt, task_end), "at the end of the task, with the instructions (before any source)"
        return end, "at the end of the prompt"
    if family == Family.GEMINI:
        if last_source is not None:
            return _safe_point(prompt, last_source), "right after the context, so the question follows its material"
        return end, "at the end of the prompt, after the request"
    if family in OPEN_WEIGHTS:
        return end, "at the end of the prompt, where the constraint is repeated last"
    if family == Family.CLAUDE:
        tagged = _instruction_block_end(prompt)
        if tagged is not None:
            return _safe_point(prompt, tagged), "inside the prompt's instruction tags, with the other instructions"
        return end, "at the end of the prompt, after the documents (documents first, instructions after)"
    return end, "at the end of the prompt"


def _prohibition_span(prompt: PromptDocument, facts: Facts, parts: Parts) -> Span | None:
    """The prompt's own "don't" sentence behind a missed constraint, which Gemini's repair restates positively
    (2.3). The sentence stays in the prompt: it is how Rubriq reads the constraint it checks."""
    if parts.failure_mode != "missed_constraint":
        return None
    keys = [k.lower() for k in facts.items("forbidden_words", "forbidden", "keywords", "keyword", "word") if k]
    constraint = (facts.constraint_text or "").lower()
    for sentence in split_sentences(prompt.instruction_view):
        text = sentence.text.strip()
        if not text or not _PROHIBITION_RE.search(text):
            continue
        lowered = text.lower()
        if (constraint and constraint in lowered) or any(
                re.search(r"\b" + re.escape(key) + r"\b", lowered) for key in keys):
            start = sentence.span.start + (len(sentence.text) - len(sentence.text.lstrip()))
            return Span(start, start + len(text))
    return None


def _spaced(text: str, point: int, fragment: str, body_start: int) -> str:
    """The fragment with blank lines around it, so it stands as its own paragraph wherever it lands."""
    before, after = text[:point], text[point:]
    lead = "" if point <= body_start or before.endswith("\n\n") else "\n" if before.endswith("\n") else "\n\n"
    if not after:
        trail = "\n"
    elif after.startswith("\n\n"):
        trail = ""
    else:
        trail = "\n" if after.startswith("\n") else "\n\n"
    return lead + fragment + trail


def build_repair(
    finding: Finding,
    prompt: PromptDocument,
    task: TaskType,
    family: Family,
    *,
    failure_mode: str | None = None,
    repeated: bool = False,
) -> Repair | None:
    """The repair for one finding, or None when its rule names no failure mode.

    `failure_mode` overrides the rule registry (for findings whose code is not registered); `repeated` marks a
    reasoning failure that keeps coming back, which puts the self-consistency escalation into the fragment.
    """
    mode = failure_mode or failure_mode_for(finding)
    if mode not in FAILURE_MODES:
        return None
    facts, prompt_facts = Facts(finding), PromptFacts(prompt, task)
    parts = BUILDERS[mode](facts, prompt_facts)
    rendered = render(parts, prompt_facts, family, repeated=repeated)
    edges = rendered.edges
    kind = f"{mode}/{parts.subtype}" if parts.subtype else mode
    place = "output" if finding.where == "output" else "prompt"
    # Idempotent: blocks the prompt already holds (an earlier insert) are not written again.
    in_prompt = _PromptLines(prompt.text)
    blocks = [b for b in rendered.blocks if not in_prompt.holds(b)]
    lead_blocks = [b for b in rendered.lead_blocks if not in_prompt.holds(b)]
    if not blocks and not lead_blocks:
        return Repair(
            code=finding.code, failure_mode=mode, subtype=parts.subtype, family=family, task=task,
            title=f"Repair prompt for {family.value} is already in the prompt", label=parts.label,
            explanation=f"Diagnosed {parts.label} (failure mode {kind}, rule {finding.code}). The {place} says "
                        f"{quote(facts.evidence)}. The prompt already holds this repair; nothing is inserted.",
            fragment="\n\n".join(rendered.blocks), new_text="", sources=tuple(rendered.sources),
            blocks=tuple(rendered.blocks), already_in_prompt=True, present_at=in_prompt.span_of(rendered.blocks),
        )
    fragment = "\n\n".join(blocks)

    insert_at: int | None
    replace: tuple[int, int] | None = None
    insert_at, where = _insertion_point(prompt, prompt_facts, family, parts, edges)
    new_text = _spaced(prompt.text, insert_at, fragment, prompt.body_start)
    title = f"Insert repair prompt for {family.value}"
    prohibition = _prohibition_span(prompt, facts, parts) if family == Family.GEMINI else None
    if prohibition is not None:
        where += (f"; it states the prompt's prohibition {quote(prohibition.slice(prompt.text), 100)} as a positive "
                  "instruction, and the prompt keeps its own sentence, so Rubriq still checks it")
    lead = None
    if lead_blocks:
        start = prompt.body_start
        lead_text = "\n\n".join(lead_blocks)
        lead = PromptEdit(start=start, end=start, new_text=_spaced(prompt.text, start, lead_text, start))
    if not blocks:  # only the restated task at the start is missing
        insert_at, new_text, replace = None, "", None
        fragment = ""

    explanation = (f"Diagnosed {parts.label} (failure mode {kind}, rule {finding.code}). The {place} says "
                   f"{quote(facts.evidence)}. {rendered.mechanism} It goes {where}.")
    if parts.example:
        explanation += " " + FEW_SHOT_ADVICE
    if rendered.escalation and not repeated:
        explanation += " If this failure comes back, escalate with self-consistency (see `escalation`)."
    return Repair(
        code=finding.code, failure_mode=mode, subtype=parts.subtype, family=family, task=task, title=title,
        label=parts.label, explanation=explanation, fragment=fragment, insert_at=insert_at, replace=replace,
        new_text=new_text, lead=lead, escalation=rendered.escalation, sources=tuple(rendered.sources),
        blocks=tuple(blocks + lead_blocks),
    )


def repairs_for(result: CheckResult, family: Family | None = None) -> list[tuple[Finding, Repair]]:
    """A repair for every finding of a check that has a failure mode, in the family of the prompt (or `family`);
    a repair the prompt already holds is left out (nothing to insert)."""
    family = family or Family(result.profile.family)
    modes = [(finding, failure_mode_for(finding)) for finding in result.findings]
    reasoning_failures = sum(mode == "weak_reasoning" for _, mode in modes)
    pairs = []
    for finding, mode in modes:
        if mode is None:
            continue
        repair = build_repair(finding, result.prompt, result.task.task, family,
                              repeated=mode == "weak_reasoning" and reasoning_failures > 1)
        if repair is not None and not repair.already_in_prompt:
            pairs.append((finding, repair))
    return pairs


@dataclass
class _Piece:
    """One block of a fix-all: the repair it comes from, the block as that repair writes it, and what is written."""

    repair: int
    block: str
    written: str


def merge_repairs(repairs: list[Repair], prompt: PromptDocument) -> Repair | None:
    """Every repair in one edit (a replacement of the span the edits cover); a block repeated by several
    repairs, such as the few-shot rules or the restated task, is written once, and a line written once already
    leaves its block (the label stays, so the block is still known for Rubriq's). Every block of the result is
    recognised as Rubriq's once applied (`facts.own_blocks_blanked`); a repair whose blocks would lose the
    neighbour that makes them Rubriq's is written whole instead."""
    repairs = [repair for repair in repairs if not repair.already_in_prompt]
    if not repairs:
        return None
    text = prompt.text
    replaced: list[tuple[int, int]] = []
    groups: dict[tuple[int, int], list[_Piece]] = {}
    whole: dict[tuple[int, tuple[int, int]], list[str]] = {}  # (repair, span) -> the blocks that edit writes
    seen: set[str] = set()
    for index, repair in enumerate(repairs):
        for edit in repair.edits:
            start, end = edit.start, edit.end
            if start < end and any(Span(start, end).overlaps(Span(*r)) and (start, end) != r for r in replaced):
                start = end = len(text)  # two different rewrites of one sentence: the later one goes at the end
            elif start < end:
                replaced.append((start, end))
            blocks = _edit_blocks(repair, edit)
            whole.setdefault((index, (start, end)), []).extend(blocks)
            fresh = [block for block in blocks if block not in seen]
            seen.update(fresh)
            groups.setdefault((start, end), []).extend(_Piece(index, block, block) for block in fresh)
    # An insertion inside a replaced span moves to that span's end.
    for (start, end) in list(groups):
        if start == end:
            for r_start, r_end in replaced:
                if r_start < start < r_end:
                    groups.setdefault((r_end, r_end), []).extend(groups.pop((start, end)))
                    for key in [k for k in whole if k[1] == (start, end)]:
                        whole.setdefault((key[0], (r_end, r_end)), []).extend(whole.pop(key))
                    break
    lines_seen: set[str] = set()
    for span in sorted(groups):
        kept = []
        for piece in groups[span]:
            written = _without_repeated_lines(piece.block, lines_seen)
            if written:
                kept.append(_Piece(piece.repair, piece.block, written))
        groups[span] = _examples_before_rules(kept)
    rendered = _render(text, groups, prompt.body_start)
    if rendered is None:
        return None
    orphans = _unrecognised(rendered, prompt.body_start)
    for span, index in orphans:  # written whole, as the repair alone writes it (its own blocks recognise each other)
        pieces = groups[span]
        at = next(i for i, piece in enumerate(pieces) if piece.repair == index)
        own = [_Piece(index, block, block) for block in whole[(index, span)]]
        groups[span] = [p for p in pieces[:at] if p.repair != index] + own + \
            [p for p in pieces[at:] if p.repair != index]
    if orphans:
        rendered = _render(text, groups, prompt.body_start)
        assert rendered is not None
    low, high, new_text = rendered.low, rendered.high, rendered.replacement
    unique = [piece.written for span in sorted(groups) for piece in groups[span]]
    first = repairs[0]
    modes = list(dict.fromkeys(r.failure_mode for r in repairs))
    explanation = f"All {len(repairs)} repairs in one edit ({', '.join(modes)}): " + " ".join(
        f"[{i}] {r.explanation}" for i, r in enumerate(repairs, 1))
    return Repair(
        code=", ".join(dict.fromkeys(r.code for r in repairs)), failure_mode="combined", family=first.family,
        task=first.task, title=f"Apply all {len(repairs)} repair prompts for {first.family.value}",
        label="; ".join(dict.fromkeys(r.label for r in repairs)), explanation=explanation,
        fragment="\n\n".join(unique), replace=(low, high), new_text=new_text,
        sources=tuple(dict.fromkeys(s for r in repairs for s in r.sources)), blocks=tuple(unique),
    )


@dataclass
class _Rendered:
    replacement: str  # what replaces prompt[low:high]
    low: int
    high: int
    applied: str  # the prompt with the replacement in place
    placed: list[tuple[tuple[int, int], _Piece, int]]  # (group, piece, its offset in `applied`)


def _render(text: str, groups: dict[tuple[int, int], list[_Piece]], body_start: int) -> _Rendered | None:
    """The replacement text of the span the groups cover, and where each piece lands in the applied prompt."""
    spans = sorted(span for span, pieces in groups.items() if pieces or span[0] < span[1])
    if not spans:
        return None
    low, high = spans[0][0], max(span[1] for span in spans)
    out: list[str] = []
    placed: list[tuple[tuple[int, int], _Piece, int]] = []
    at_next, cursor = low, low  # at_next: offset in the applied prompt of the next character written
    for start, end in spans:
        out.append(text[cursor:start])
        at_next += start - cursor
        pieces = groups[(start, end)]
        fragment = "\n\n".join(piece.written for piece in pieces)
        written = _spaced(text, start, fragment, body_start) if start == end and fragment else fragment
        at = at_next + (written.index(fragment) if fragment else 0)
        for piece in pieces:
            placed.append(((start, end), piece, at))
            at += len(piece.written) + 2
        out.append(written)
        at_next += len(written)
        cursor = end
    out.append(text[cursor:high])
    replacement = "".join(out)
    return _Rendered(replacement, low, high, text[:low] + replacement + text[high:], placed)


def _unrecognised(rendered: _Rendered, body_start: int) -> list[tuple[tuple[int, int], int]]:
    """(group, repair) of each piece that the applied prompt would not know for Rubriq's, in order, once each."""
    blanked = own_blocks_blanked(rendered.applied[body_start:])
    found: dict[tuple[tuple[int, int], int], None] = {}
    for span, piece, at in rendered.placed:
        if blanked[at - body_start : at - body_start + len(piece.written)].strip():
            found[(span, piece.repair)] = None
    return list(found)


def _examples_before_rules(pieces: list[_Piece]) -> list[_Piece]:
    """Claude's `<example>` blocks of one place, together right before the few-shot rules (written once): an
    example is Rubriq's beside those rules, and a user's own `<example>` just before a repair stays the user's."""
    examples = [piece for piece in pieces if piece.written.startswith("<example>\n")]
    if not examples:
        return pieces
    rest = [piece for piece in pieces if not piece.written.startswith("<example>\n")]
    rules = next((i for i, piece in enumerate(rest) if piece.written.startswith("<example_rules>\n")), None)
    if rules is None:
        return pieces  # the rules went to another place: these repairs are written whole (merge_repairs)
    return rest[:rules] + examples + rest[rules:]


_EXAMPLE_BLOCK_RE = re.compile(r"^(?:<example>|### Example ###|Example|Output format \(follow exactly\))")
# Delimiters and headings ("Key passage from the source:", "End of example."): a block's shape, written with every
# block; only its wording lines are written once.
_STRUCTURAL_LINE_RE = re.compile(
    r"^(?:</?[\w-]+>|### .* ###|[^\w]*|[A-Z][^.:!?\n]{0,60}:|End of (?:example|format)\.)$")


def _without_repeated_lines(block: str, seen: set[str]) -> str:
    """A block without the instruction lines an earlier block already wrote ("Begin the output with {" once);
    examples are kept whole, a repeated labelled line keeps its label ("Requirement (checked):", so the block is
    still known for Rubriq's), and a block left with only its delimiters and labels is dropped."""
    if _EXAMPLE_BLOCK_RE.match(block):
        return block
    kept = []
    for line in block.split("\n"):
        key = line.strip()
        if _STRUCTURAL_LINE_RE.match(key) or len(key.split()) < 3 or key in MARKED_LABELS:
            kept.append(line)
        elif key not in seen:
            seen.add(key)
            kept.append(line)
        elif label := next((label for label in MARKED_LABELS if key.startswith(label + " ")), None):
            kept.append(line[: line.index(label) + len(label)])  # the words are written already; the label stays
    if all(_STRUCTURAL_LINE_RE.match(line.strip()) or line.strip() in MARKED_LABELS for line in kept):
        return ""
    return "\n".join(kept)


def _edit_blocks(repair: Repair, edit: PromptEdit) -> list[str]:
    """The blocks one edit of a repair writes."""
    if repair.lead is not None and edit == repair.lead:
        return [b for b in repair.blocks if b in edit.new_text and b not in repair.fragment]
    return [b for b in repair.blocks if b in repair.fragment]


def combined_repair(result: CheckResult, family: Family | None = None) -> Repair | None:
    """Fix-all: every repair of a check in one edit, no block written twice."""
    return merge_repairs([repair for _, repair in repairs_for(result, family)], result.prompt)


__all__ = ["PromptEdit", "Repair", "build_repair", "combined_repair", "merge_repairs", "repairs_for"]
