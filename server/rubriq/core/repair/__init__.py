"""The improvement-prompt library (research log, Part 4): a repair prompt for every failure a finding reveals,
keyed by failure mode (and constraint subtype) × task type × model family, written in the family's own mechanism.

Used by `rubriq check --repairs` and by the editor's quick fix:

    repairs_for(result)                  → [(finding, Repair), ...]
    build_repair(finding, prompt, task, family)
    combined_repair(result)              → one Repair that applies them all
"""

from rubriq.core.repair.library import PromptEdit, Repair, build_repair, combined_repair, merge_repairs, repairs_for
from rubriq.core.repair.modes import CONSTRAINT_SUBTYPES, FAILURE_MODES, constraint_subtype, failure_mode_for

__all__ = [
    "CONSTRAINT_SUBTYPES",
    "FAILURE_MODES",
    "PromptEdit",
    "Repair",
    "build_repair",
    "combined_repair",
    "constraint_subtype",
    "failure_mode_for",
    "merge_repairs",
    "repairs_for",
]
