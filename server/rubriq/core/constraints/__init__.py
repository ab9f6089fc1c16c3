"""Instruction following: extract the verifiable constraints of a prompt and check them on an output.

    extract_constraints(prompt: PromptDocument | str) -> list[Constraint]
    check_constraint(output: TextModel | str, constraint, mode="strict" | "loose") -> Verdict

Kinds are IFEval's 25 instruction ids plus Rubriq kinds (`rubriq:...`) for constraints IFEval does not define.
"""

from rubriq.core.constraints.check import CHECKERS, check_constraint, loose_variants
from rubriq.core.constraints.conflicts import Conflict, find_conflicts
from rubriq.core.constraints.extract import extract_constraints, ifeval_view
from rubriq.core.constraints.types import AT_LEAST, EXACTLY, LESS_THAN, Constraint, Mode, Verdict

KINDS: tuple[str, ...] = tuple(CHECKERS)

__all__ = [
    "AT_LEAST", "EXACTLY", "KINDS", "LESS_THAN", "Conflict", "Constraint", "Mode", "Verdict", "check_constraint",
    "extract_constraints", "find_conflicts", "ifeval_view", "loose_variants",
]
