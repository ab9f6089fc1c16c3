"""Punctuation (no commas): extracted in the ways people phrase them (`core/constraints/families/punctuation.py`), with
their parameters, and not extracted where the prompt does not state them."""

from __future__ import annotations

import pytest

from rubriq.core.constraints import extract_constraints


def kinds(prompt: str) -> dict[str, list[dict]]:
    found: dict[str, list[dict]] = {}
    for c in extract_constraints(prompt):
        found.setdefault(c.kind, []).append(c.params)
    return found


POSITIVE = [
    ("In your entire response, refrain from the use of any commas.", "punctuation:no_comma", {}),
    ("Your response should not contain any comma.", "punctuation:no_comma", {}),
    ("Write a riddle that doesn't use commas.", "punctuation:no_comma", {}),
]


@pytest.mark.parametrize(("prompt", "kind", "params"), POSITIVE, ids=[f"{k}-{i}" for i, (_, k, _p) in
                                                                      enumerate(POSITIVE)])
def test_extracts_the_stated_constraint_with_its_parameters(prompt: str, kind: str, params: dict) -> None:
    found = kinds(prompt)
    assert kind in found, f"{kind} not extracted from {prompt!r}; got {found}"
    assert any(all(p.get(k) == v for k, v in params.items()) for p in found[kind]), found[kind]


NEGATIVE = [
    ("Write a comma-separated list of fruits.", "punctuation:no_comma"),
]


@pytest.mark.parametrize(("prompt", "kind"), NEGATIVE)
def test_does_not_extract_a_constraint_the_prompt_does_not_state(prompt: str, kind: str) -> None:
    assert kind not in kinds(prompt)
