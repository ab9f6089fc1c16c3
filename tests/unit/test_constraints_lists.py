"""Bullet points, numbered lists and "no lists": extracted in the ways people phrase them
(`core/constraints/families/lists.py`), with their parameters, and not extracted where the prompt does not state
them."""

from __future__ import annotations

import pytest

from rubriq.core.constraints import extract_constraints


def kinds(prompt: str) -> dict[str, list[dict]]:
    found: dict[str, list[dict]] = {}
    for c in extract_constraints(prompt):
        found.setdefault(c.kind, []).append(c.params)
    return found


POSITIVE = [
    ("Your answer must contain exactly 4 bullet points, such as:\n* one", "detectable_format:number_bullet_lists",
     {"num_bullets": 4}),
    ("Name exactly 3 names for a dog using markdown bullet points such as:\n* Rex",
     "detectable_format:number_bullet_lists", {"num_bullets": 3}),
    ("Give 3-5 bullet points.", "rubriq:bullet_count", {"min": 3, "max": 5}),
    ("Do not give me any bullet points or lists.", "rubriq:no_lists", {}),
    ("Return a numbered list of 5 steps.", "rubriq:numbered_list", {"num_items": 5}),
    ("Explain GANs to me using bullet points.", "rubriq:bullet_list", {}),
]


@pytest.mark.parametrize(("prompt", "kind", "params"), POSITIVE, ids=[f"{k}-{i}" for i, (_, k, _p) in
                                                                      enumerate(POSITIVE)])
def test_extracts_the_stated_constraint_with_its_parameters(prompt: str, kind: str, params: dict) -> None:
    found = kinds(prompt)
    assert kind in found, f"{kind} not extracted from {prompt!r}; got {found}"
    assert any(all(p.get(k) == v for k, v in params.items()) for p in found[kind]), found[kind]


NEGATIVE = [
    ("Your answer must contain exactly 4 bullet points, such as:\n* a", "rubriq:bullet_list"),
]


@pytest.mark.parametrize(("prompt", "kind"), NEGATIVE)
def test_does_not_extract_a_constraint_the_prompt_does_not_state(prompt: str, kind: str) -> None:
    assert kind not in kinds(prompt)
