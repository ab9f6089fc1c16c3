"""The pieces of a repair before a model family's mechanism shapes them (see `templates.py`, `mechanisms.py`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from rubriq.core.repair.facts import Facts, PromptFacts
from rubriq.core.repair.modes import is_format_repair
from rubriq.core.tasks import TaskType

GROUNDED_TASKS = frozenset({TaskType.GROUNDED_QA, TaskType.EXTRACTION, TaskType.SUMMARIZATION})
ANSWER_FIRST_TASKS = frozenset({TaskType.GROUNDED_QA, TaskType.OPEN_QA, TaskType.REASONING, TaskType.GENERAL})


@dataclass
class Parts:
    failure_mode: str
    label: str  # the diagnosed failure in words, e.g. "word limit missed"
    tag: str  # Claude XML tag / GPT heading slug
    requirement: str  # positive and explicit, with the finding's numbers and words
    reminder: str  # short restatement for the end of the prompt
    subtype: str | None = None
    prohibition: str | None = None  # the same requirement as a "do not": never shown to Gemini (2.3)
    steps: list[str] = field(default_factory=list)  # positive, concrete
    example: str | None = None  # the wanted output shape, built from the finding's data (few-shot)
    prefill: str | None = None  # how the answer should start
    reference: str | None = None  # a source sentence to put in front of the model
    grounded: bool = False  # about staying within the source (reference text first for GPT, quotes first for Claude)
    reasoning: bool = False  # chain-of-thought repair (weak_reasoning only)
    role: str | None = None  # audience the role prompt addresses (wrong_register only)
    escalation: str | None = None  # self-consistency, for reasoning failures that come back (2.5)

    @property
    def format_repair(self) -> bool:
        return is_format_repair(self.failure_mode, self.subtype)


Builder = Callable[[Facts, PromptFacts], Parts]
