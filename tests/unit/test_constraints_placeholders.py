"""Placeholders in square brackets: extracted in the ways people phrase them
(`core/constraints/families/placeholders.py`), with their parameters, and not extracted where the prompt does not
state them."""

from __future__ import annotations

import pytest

from rubriq.core.constraints import extract_constraints


def kinds(prompt: str) -> dict[str, list[dict]]:
    found: dict[str, list[dict]] = {}
    for c in extract_constraints(prompt):
        found.setdefault(c.kind, []).append(c.params)
    return found


POSITIVE = [
    ("It must contain at least 8 placeholders represented by square brackets, such as [address].",
     "detectable_content:number_placeholders", {"num_placeholders": 8}),
    ("Include a placeholder such as [name].", "detectable_content:number_placeholders", {"num_placeholders": 1}),
    ("Leave at least 3 blanks in square brackets, like [city].", "detectable_content:number_placeholders",
     {"num_placeholders": 3}),
]


@pytest.mark.parametrize(("prompt", "kind", "params"), POSITIVE, ids=[f"{k}-{i}" for i, (_, k, _p) in
                                                                      enumerate(POSITIVE)])
def test_extracts_the_stated_constraint_with_its_parameters(prompt: str, kind: str, params: dict) -> None:
    found = kinds(prompt)
    assert kind in found, f"{kind} not extracted from {prompt!r}; got {found}"
    assert any(all(p.get(k) == v for k, v in params.items()) for p in found[kind]), found[kind]


def test_the_count_of_placeholders_may_come_after_the_noun_or_refer_back_to_it() -> None:
    assert kinds("Leave blanks in square brackets, like [Company] and [Manager]; I'd want at least five of them.")[
        "detectable_content:number_placeholders"] == [{"num_placeholders": 5}]
    assert kinds("Square-bracket placeholders such as [venue] should be used for at least 3 details.")[
        "detectable_content:number_placeholders"] == [{"num_placeholders": 3}]


def test_a_placeholder_shown_before_its_noun_is_a_placeholder() -> None:
    assert kinds("Include a [discount code] placeholder so I can paste the code in.")[
        "detectable_content:number_placeholders"] == [{"num_placeholders": 1}]


def test_brackets_named_in_a_question_ask_for_no_placeholder() -> None:
    assert kinds("What does [citation needed] mean on Wikipedia?") == {}
