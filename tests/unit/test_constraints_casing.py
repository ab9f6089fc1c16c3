"""Casing: all capitals, all lowercase, words in capitals: extracted in the ways people phrase them
(`core/constraints/families/casing.py`), with their parameters, and not extracted where the prompt does not state
them."""

from __future__ import annotations

import pytest

from rubriq.core.constraints import extract_constraints

CF = "change_case:capital_word_frequency"


def kinds(prompt: str) -> dict[str, list[dict]]:
    found: dict[str, list[dict]] = {}
    for c in extract_constraints(prompt):
        found.setdefault(c.kind, []).append(c.params)
    return found


POSITIVE = [
    ("Your entire response should be in English, and in all capital letters.", "change_case:english_capital", {}),
    ("Not a single word in your reply should contain lowercase letters.", "change_case:english_capital", {}),
    ("Your entire response should be in English, and in all lowercase letters.", "change_case:english_lowercase", {}),
    ("It should be in English and have no capital letters.", "change_case:english_lowercase", {}),
    ("In your response, words with all capital letters should appear at least 3 times.",
     "change_case:capital_word_frequency", {"capital_relation": "at least", "capital_frequency": 3}),
    ("Please limit the number of words with all capital letters to less than four.",
     "change_case:capital_word_frequency", {"capital_relation": "less than", "capital_frequency": 4}),
    ("Write a poem that includes at least 15 words in all capital letters.", "change_case:capital_word_frequency",
     {"capital_relation": "at least", "capital_frequency": 15}),
    ("Make sure that it's in English and no words are capitalized.", "change_case:english_lowercase", {}),
    ("All letters in your entire response should be capitalized.", "change_case:english_capital", {}),
    ("Make a tweet without using capital letters.", "change_case:english_lowercase", {}),
    ("You must capitalize at least 6 words.", "change_case:capital_word_frequency",
     {"capital_relation": "at least", "capital_frequency": 6}),
    ("Please make your entire response lowercase.", "change_case:english_lowercase", {}),
    ("Make your whole answer uppercase.", "change_case:english_capital", {}),
    # a count tied to capitals, however it is said
    ("Put at least 7 all-caps words in the jingle.", CF, {"capital_relation": "at least", "capital_frequency": 7}),
    ("No more than 3 words may be written in capital letters.", CF,
     {"capital_relation": "less than", "capital_frequency": 4}),
    ("At least 9 words of your answer should be fully capitalized.", CF,
     {"capital_relation": "at least", "capital_frequency": 9}),
    ("Fully capitalize at least 2 words in the slogan.", CF, {"capital_relation": "at least", "capital_frequency": 2}),
    ("Keep the number of uppercase words below 5.", CF, {"capital_relation": "less than", "capital_frequency": 5}),
    # whole-response casing, other wordings
    ("Every single letter of the reply must be in capitals.", "change_case:english_capital", {}),
    ("Do not use any capital letters in the note.", "change_case:english_lowercase", {}),
    ("Nothing in your answer may be capitalized.", "change_case:english_lowercase", {}),
    ("Write it all in small letters.", "change_case:english_lowercase", {}),
]


@pytest.mark.parametrize(("prompt", "kind", "params"), POSITIVE, ids=[f"{k}-{i}" for i, (_, k, _p) in
                                                                      enumerate(POSITIVE)])
def test_extracts_the_stated_constraint_with_its_parameters(prompt: str, kind: str, params: dict) -> None:
    found = kinds(prompt)
    assert kind in found, f"{kind} not extracted from {prompt!r}; got {found}"
    assert any(all(p.get(k) == v for k, v in params.items()) for p in found[kind]), found[kind]


NEGATIVE = [
    ("Use words with all capital letters at least 3 times.", "change_case:english_capital"),
    ("Return a slug function: lower-case, words joined by hyphens.", "change_case:english_lowercase"),
    ("Make a tweet without using capital letters.", "change_case:english_capital"),
    ("Use lowercase letters for the variable names.", "change_case:english_lowercase"),
]


@pytest.mark.parametrize(("prompt", "kind"), NEGATIVE)
def test_does_not_extract_a_constraint_the_prompt_does_not_state(prompt: str, kind: str) -> None:
    assert kind not in kinds(prompt)


def test_a_capital_word_count_is_not_also_a_length_or_a_whole_response_casing() -> None:
    found = kinds("Make sure that fewer than 4 words are in all capital letters.")
    assert found == {CF: [{"capital_relation": "less than", "capital_frequency": 4}]}


def test_a_casing_cue_on_a_part_is_not_the_whole_response() -> None:
    assert "change_case:english_capital" not in kinds("Write the title in all caps, then the story below it.")


def test_the_whole_thing_made_upper_case_is_all_capitals() -> None:
    assert "change_case:english_capital" in kinds("Make the entire thing upper case so it fits the banner.")


def test_no_other_word_in_capitals_asks_for_no_capitals_at_all() -> None:
    found = kinds("The word THUNDER must appear in capitals twice, and no other word should be in all caps.")
    assert "change_case:english_capital" not in found


def test_a_casing_with_an_exception_is_not_the_whole_response() -> None:
    found = kinds("All lowercase except my name, ANA RUIZ, which should be in capitals; keep it under 90 words.")
    assert "change_case:english_lowercase" not in found and "change_case:english_capital" not in found

