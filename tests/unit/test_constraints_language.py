"""The response language: extracted in the ways people phrase them (`core/constraints/families/language.py`), with
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
    ("Your ENTIRE response should be in Kannada language, no other language is allowed.",
     "language:response_language", {"language": "kn"}),
    ("Tell a joke, but use Swahili language only.", "language:response_language", {"language": "sw"}),
    ("Respond in Spanish.", "language:response_language", {"language": "es"}),
    ("The answer should be written in Dutch.", "language:response_language", {"language": "nl"}),
    ("Write it in Polish and do not use any other language.", "language:response_language", {"language": "pl"}),
]


@pytest.mark.parametrize(("prompt", "kind", "params"), POSITIVE, ids=[f"{k}-{i}" for i, (_, k, _p) in
                                                                      enumerate(POSITIVE)])
def test_extracts_the_stated_constraint_with_its_parameters(prompt: str, kind: str, params: dict) -> None:
    found = kinds(prompt)
    assert kind in found, f"{kind} not extracted from {prompt!r}; got {found}"
    assert any(all(p.get(k) == v for k, v in params.items()) for p in found[kind]), found[kind]


NEGATIVE = [
    ("Explain in French why people cook.", "language:response_language"),
    ("Translate this sentence into German.", "language:response_language"),
    ("Write a poem in Spanish.", "language:response_language"),
]


@pytest.mark.parametrize(("prompt", "kind"), NEGATIVE)
def test_does_not_extract_a_constraint_the_prompt_does_not_state(prompt: str, kind: str) -> None:
    assert kind not in kinds(prompt)
