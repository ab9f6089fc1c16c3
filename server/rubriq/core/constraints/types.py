"""The two value types of instruction following: a `Constraint` found in the prompt and its `Verdict` on an output."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from rubriq.core.text import Span

Mode = Literal["strict", "loose"]

# IFEval's two relations; Rubriq adds "exactly" (IFEval states exact counts as a pair of these).
LESS_THAN, AT_LEAST, EXACTLY = "less than", "at least", "exactly"


@dataclass(frozen=True)
class Constraint:
    """One verifiable requirement stated in the prompt.

    `kind` is the IFEval instruction id (`length_constraints:number_words`) or a Rubriq id (`rubriq:yaml_format`)
    for kinds IFEval does not define; `params` use IFEval's parameter names for IFEval kinds.
    `span` is where the prompt states it; `wording` is how Rubriq shows it ("at most 300 words").
    """

    kind: str
    subtype: str
    params: dict[str, Any]
    span: Span
    wording: str
    confidence: float = 0.9

    @property
    def is_ifeval(self) -> bool:
        return not self.kind.startswith("rubriq:")

    def key(self) -> tuple[str, str]:
        """Identity for de-duplication: kind plus its parameters in a stable order."""
        return self.kind, repr(sorted(self.params.items()))


@dataclass(frozen=True)
class Verdict:
    """The result of checking one constraint on one output.

    `measured` is the value found ("412 words"); `message` states it against the limit ("412 words, limit: fewer
    than 300"); `spans` are the places in the output where it fails (empty when it passes or has no narrower place).
    """

    constraint: Constraint
    passed: bool
    mode: Mode
    measured: Any
    message: str
    spans: tuple[Span, ...] = field(default_factory=tuple)
