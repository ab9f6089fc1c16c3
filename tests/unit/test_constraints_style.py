"""Reading level and haiku form: extracted in the ways people phrase them (`core/constraints/families/style.py`), with
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
    ("Explain photosynthesis at a 5th grade reading level.", "rubriq:reading_level", {"grade": 5}),
]


@pytest.mark.parametrize(("prompt", "kind", "params"), POSITIVE, ids=[f"{k}-{i}" for i, (_, k, _p) in
                                                                      enumerate(POSITIVE)])
def test_extracts_the_stated_constraint_with_its_parameters(prompt: str, kind: str, params: dict) -> None:
    found = kinds(prompt)
    assert kind in found, f"{kind} not extracted from {prompt!r}; got {found}"
    assert any(all(p.get(k) == v for k, v in params.items()) for p in found[kind]), found[kind]
