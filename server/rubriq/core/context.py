"""Everything a metric may read while scoring one prompt/output pair."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from rubriq.core.config import Config
from rubriq.core.families import Family
from rubriq.core.prompt import PromptDocument
from rubriq.core.tasks import TaskDetection
from rubriq.core.text import TextModel

T = TypeVar("T")


@dataclass
class CheckContext:
    prompt: PromptDocument
    output: TextModel
    task: TaskDetection
    config: Config
    models: Any = None  # a model hub (rubriq.core.models.ModelHub) or None when model tiers are off
    tiers: frozenset[int] = frozenset({0, 1, 2})  # tiers this pass may use; tier-0 metrics check before embedding
    nli_chars: int = 0  # how much of the output (from its start) the NLI tier checks in this pass; 0: none of it
    _memo: dict[str, Any] = field(default_factory=dict, repr=False)

    @property
    def family(self) -> Family:
        return self.prompt.front_matter.family or family_for_model_or_default(self)

    @property
    def audience(self) -> str | None:
        return self.prompt.front_matter.audience

    def memo(self, key: str, compute: Callable[[], T]) -> T:
        """Share one computation between metrics of the same check (e.g. the extracted constraints)."""
        if key not in self._memo:
            self._memo[key] = compute()
        return self._memo[key]


def family_for_model_or_default(ctx: CheckContext) -> Family:
    from rubriq.core.families import family_for_model

    if ctx.prompt.front_matter.model:
        return family_for_model(ctx.prompt.front_matter.model)
    return ctx.config.family
