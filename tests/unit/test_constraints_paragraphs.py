"""Paragraph counts (*** dividers, blank lines) and the first word of the nth paragraph: extracted in the ways people
phrase them (`core/constraints/families/paragraphs.py`), with their parameters, and not extracted where the prompt
does not state them."""

from __future__ import annotations

import pytest

from rubriq.core.constraints import extract_constraints


def kinds(prompt: str) -> dict[str, list[dict]]:
    found: dict[str, list[dict]] = {}
    for c in extract_constraints(prompt):
        found.setdefault(c.kind, []).append(c.params)
    return found


POSITIVE = [
    ("Write exactly 2 paragraphs. Separate the paragraphs with the markdown divider: ***",
     "length_constraints:number_paragraphs", {"num_paragraphs": 2}),
    ("Put the response into at least 5 sections, separated using 3 asterisks ***.",
     "length_constraints:number_paragraphs", {"num_paragraphs": 5}),
    ("Use this format:\n\nadvice 1\n***\nadvice 2\n***\nadvice 3", "length_constraints:number_paragraphs",
     {"num_paragraphs": 3}),
    ("Reply with exactly 4 paragraphs separated by two new lines. The very first paragraph must start with the word "
     "\"weekend\".", "length_constraints:nth_paragraph_first_word",
     {"first_word": "weekend", "nth_paragraph": 1, "num_paragraphs": 4}),
    ("There should be 3 paragraphs. Paragraph 2 must start with word jumping.",
     "length_constraints:nth_paragraph_first_word", {"first_word": "jumping", "nth_paragraph": 2}),
    ("Write a story of exactly 3 paragraphs.", "rubriq:number_paragraphs", {"num_paragraphs": 3}),
    ("Write exactly 4 paragraphs. Separate paragraphs using the markdown divider: * * *.",
     "length_constraints:number_paragraphs", {"num_paragraphs": 4}),
    ("Write a 3-part story with 5 paragraphs separated by ***.", "length_constraints:number_paragraphs",
     {"num_paragraphs": 5}),
    ("Write at most two paragraphs.", "rubriq:number_paragraphs", {"relation": "less than", "num_paragraphs": 3}),
]


@pytest.mark.parametrize(("prompt", "kind", "params"), POSITIVE, ids=[f"{k}-{i}" for i, (_, k, _p) in
                                                                      enumerate(POSITIVE)])
def test_extracts_the_stated_constraint_with_its_parameters(prompt: str, kind: str, params: dict) -> None:
    found = kinds(prompt)
    assert kind in found, f"{kind} not extracted from {prompt!r}; got {found}"
    assert any(all(p.get(k) == v for k, v in params.items()) for p in found[kind]), found[kind]


NEGATIVE = [
    ("Separate the two versions with 6 asterisk symbols (******). Each version must have 7 sections.",
     "length_constraints:number_paragraphs"),
]


@pytest.mark.parametrize(("prompt", "kind"), NEGATIVE)
def test_does_not_extract_a_constraint_the_prompt_does_not_state(prompt: str, kind: str) -> None:
    assert kind not in kinds(prompt)
