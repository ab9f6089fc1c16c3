"""What the prompt-reading wording tests read from a prompt: its constraints by kind, and its "not checked" texts."""

from __future__ import annotations

from rubriq.core.constraints import extract_constraints
from rubriq.core.prompt import parse_prompt
from rubriq.core.prompt_reading import unchecked_instructions


def kinds(prompt: str) -> dict[str, list[dict]]:
    """The parameters of every constraint read from `prompt`, by kind."""
    found: dict[str, list[dict]] = {}
    for c in extract_constraints(prompt):
        found.setdefault(c.kind, []).append(c.params)
    return found


def unchecked_texts(prompt: str) -> list[str]:
    """The instruction texts of `prompt` that Rubriq reports as not checked."""
    doc = parse_prompt(prompt)
    return [u.text for u in unchecked_instructions(doc, extract_constraints(doc))]
