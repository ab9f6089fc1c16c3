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


def test_no_item_longer_than_a_limit_limits_every_item() -> None:
    found = kinds("Give me 8 questions, as a numbered list, with no question longer than 20 words.")
    assert found["rubriq:item_length"] == [{"relation": "less than", "num_words": 21}]
    assert "length_constraints:number_words" not in found


@pytest.mark.parametrize(("prompt", "params"), [
    ("Give me a list of 10 baby names.", {"relation": "exactly", "num_items": 10}),
    ("give me a shopping list, max 12 items, and nothing with nuts", {"relation": "less than", "num_items": 13}),
])
def test_the_number_of_items_in_a_list(prompt: str, params: dict) -> None:
    assert kinds(prompt)["rubriq:item_count"] == [params]


@pytest.mark.parametrize("prompt", [
    "Write a JavaScript function that returns at most 5 search suggestions from an array of strings.",
    "Write a Python function slugify(title). Give me 3 example calls with their output after the code.",
    "Write an FAQ for our coworking space with exactly 6 questions, each in bold.",
])
def test_things_the_answer_talks_about_are_no_list_items(prompt: str) -> None:
    assert "rubriq:item_count" not in kinds(prompt)


def test_a_bulleted_list_with_no_lower_bound_is_asked_for_beside_its_limit() -> None:
    found = kinds("Use bullet points, no more than five, and end with a line that starts with 'Next:'.")
    assert found["rubriq:bullet_list"] == [{}] and found["rubriq:bullet_count"] == [{"min": None, "max": 5}]
    assert "rubriq:bullet_list" not in kinds("Use bullet points, at least three of them.")


def test_bullets_counted_under_each_heading_are_not_a_total() -> None:
    found = kinds("Summarise it under the headings Findings, Risks, Next steps. Two bullet points under each heading.")
    assert found["rubriq:bullets_per_section"] == [{"relation": "exactly", "num_bullets": 2}]
    assert "detectable_format:number_bullet_lists" not in found


def test_a_range_of_items_is_a_pair_of_bounds() -> None:
    assert kinds("Can you list 3-5 ways to save money on groceries?")["rubriq:item_count"] == [
        {"relation": "at least", "num_items": 3}, {"relation": "less than", "num_items": 6}]
