"""A count whose excess has a bad outcome is the most allowed: "more than two words in capitals and they get upset",
"if it goes over 120 words, I've lost them", "if a tip runs past 20 words it gets cut off". A count written to
avoid a bad outcome ("more than 200 words, otherwise they get bored") stays a minimum."""

from __future__ import annotations

import pytest

from rubriq.core.constraints import extract_constraints


def readings(prompt: str) -> list[tuple[str, dict[str, object]]]:
    return [(c.kind, c.params) for c in extract_constraints(prompt)]


@pytest.mark.parametrize(("prompt", "expected"), [
    ("Write the notice for the staff room. More than two words in all caps and they get upset.",
     ("change_case:capital_word_frequency", {"capital_relation": "less than", "capital_frequency": 3})),
    ("Explain the new rota to the drivers. Keep it plain: if it goes over 120 words, I've lost them.",
     ("length_constraints:number_words", {"relation": "less than", "num_words": 121})),
    ("Give me tips for the first week at the depot. If a tip runs past 20 words it gets cut off on the card.",
     ("rubriq:item_length", {"relation": "less than", "num_words": 21})),
    ("List what to pack for the field trip. Beyond six bullet points, nobody reads on.",
     ("rubriq:bullet_count", {"min": None, "max": 6})),
])
def test_a_count_with_a_bad_outcome_past_it_is_a_cap(prompt: str, expected: tuple[str, dict[str, object]]) -> None:
    assert expected in readings(prompt)


@pytest.mark.parametrize("prompt", [
    "Write the welcome post for the forum. More than 200 words, otherwise they get bored of the thin intro.",
    "Write more than 200 words for the welcome post so that nobody is bored by a thin intro.",
])
def test_a_count_that_avoids_a_bad_outcome_stays_a_minimum(prompt: str) -> None:
    assert ("length_constraints:number_words", {"relation": "at least", "num_words": 201}) in readings(prompt)
