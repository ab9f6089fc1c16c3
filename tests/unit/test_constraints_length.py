"""Lengths of the whole response (words, sentences, characters): extracted in the ways people phrase them
(`core/constraints/families/length.py`), with their parameters, and not extracted where the prompt does not state
them."""

from __future__ import annotations

import pytest

from rubriq.core.constraints import extract_constraints

W, S = "length_constraints:number_words", "length_constraints:number_sentences"


def kinds(prompt: str) -> dict[str, list[dict]]:
    found: dict[str, list[dict]] = {}
    for c in extract_constraints(prompt):
        found.setdefault(c.kind, []).append(c.params)
    return found


POSITIVE = [
    ("Write a blog post using less than 300 words.", W, {"relation": "less than", "num_words": 300}),
    ("Answer with at least 400 words.", W, {"relation": "at least", "num_words": 400}),
    ("Keep your entire response 100 words or less.", W, {"relation": "less than", "num_words": 101}),
    ("I don't want anything longer than 30 words.", W, {"relation": "less than", "num_words": 31}),
    ("Answer with more than 800 words.", W, {"relation": "at least", "num_words": 801}),
    ("Write a 300+ word summary of the page.", W, {"relation": "at least", "num_words": 300}),
    ("Summarize it in under 100 words.", W, {"relation": "less than", "num_words": 100}),
    ("Write no more than fifty words.", W, {"relation": "less than", "num_words": 51}),
    ("The total number of words in your response should be 250 or more.", W,
     {"relation": "at least", "num_words": 250}),
    ("Your response should contain less than 6 sentences.", S, {"relation": "less than", "num_sentences": 6}),
    ("Have more than 30 sentences in your response.", S, {"relation": "at least", "num_sentences": 31}),
    ("Your response should contain at least ten sentences.", S, {"relation": "at least", "num_sentences": 10}),
    ("Answer in one sentence.", S, {"relation": "exactly", "num_sentences": 1}),
    ("Limit your response to 100 words.", W, {"relation": "less than", "num_words": 101}),
    ("Write a tweet under 280 characters.", "rubriq:number_characters",
     {"relation": "less than", "num_characters": 280}),
    ("Write about 200 words on tides.", "rubriq:approximate_words", {"num_words": 200}),
    # limits named as nouns, caps and ranges
    ("Word limit: 90.", W, {"relation": "less than", "num_words": 91}),
    ("Sentence maximum of 4.", S, {"relation": "less than", "num_sentences": 5}),
    ("Cap it at 2 sentences.", S, {"relation": "less than", "num_sentences": 3}),
    ("Word count: 300-400.", W, {"relation": "at least", "num_words": 300}),
    ("Word count: 300-400.", W, {"relation": "less than", "num_words": 401}),
]


@pytest.mark.parametrize(("prompt", "kind", "params"), POSITIVE, ids=[f"{k}-{i}" for i, (_, k, _p) in
                                                                      enumerate(POSITIVE)])
def test_extracts_the_stated_constraint_with_its_parameters(prompt: str, kind: str, params: dict) -> None:
    found = kinds(prompt)
    assert kind in found, f"{kind} not extracted from {prompt!r}; got {found}"
    assert any(all(p.get(k) == v for k, v in params.items()) for p in found[kind]), found[kind]


NEGATIVE = [
    ("List 5 words that rhyme with cat.", W),
    ("Write a story about a cat.", W),
    ("Each line should contain exactly one sentence.", S),
    ("Each paragraph should have at least 3 sentences.", S),
    ("You must capitalize at least 6 words.", W),
    ("Respond with one code block and no more than 2 sentences of explanation.", S),
]


@pytest.mark.parametrize(("prompt", "kind"), NEGATIVE)
def test_does_not_extract_a_constraint_the_prompt_does_not_state(prompt: str, kind: str) -> None:
    assert kind not in kinds(prompt)


def test_tricky_elaboration_keeps_the_bound_not_the_example() -> None:
    found = kinds("Your response should be less than 3 sentences (just 1 sentence or 2 sentences).")
    assert found[S] == [{"relation": "less than", "num_sentences": 3}]


def test_range_becomes_two_bounds() -> None:
    found = kinds("Write a song that contains 20 to 25 sentences.")
    assert {"relation": "at least", "num_sentences": 20} in found[S]
    assert {"relation": "less than", "num_sentences": 26} in found[S]


@pytest.mark.parametrize("prompt", [
    "Explain it in 100 to 150 words max.", "Explain it in 100-150 words, no more.",
    "Explique-le en 100 à 150 mots, pas plus.", "Erklär es in 100 bis 150 Wörtern, nicht mehr.",
    "Explícalo en 100 a 150 palabras como máximo.",
])
def test_a_range_with_its_top_stressed_keeps_its_two_ends(prompt: str) -> None:
    assert sorted(kinds(prompt)[W], key=str) == [{"relation": "at least", "num_words": 100},
                                                 {"relation": "less than", "num_words": 151}]


def test_two_counts_joined_by_or_with_a_max_keep_the_top_alone() -> None:
    assert kinds("Explain it in two or three sentences max.")[S] == [{"relation": "less than", "num_sentences": 4}]


@pytest.mark.parametrize(("prompt", "kind", "params"), [
    ("I need a toast, two hundred words at most, ending with a cheer.", W, {"relation": "less than", "num_words": 201}),
    ("It has to be at least 500 words but can't go over 700.", W, {"relation": "less than", "num_words": 701}),
    ("Word limit for this one is 150. Write a review.", W, {"relation": "less than", "num_words": 151}),
    ("Topic: cats.\nSentences: no more than 4.", S, {"relation": "less than", "num_sentences": 5}),
    ("Keep the sentences short, use no more than 6 of them.", S, {"relation": "less than", "num_sentences": 7}),
    ("Write a meta description. It has to fit in 155 characters.", "rubriq:number_characters",
     {"relation": "less than", "num_characters": 156}),
    ("Anything over 100 words is too long.", W, {"relation": "less than", "num_words": 101}),
    ("Compose a four-line poem about snow.", "rubriq:number_lines", {"relation": "exactly", "num_lines": 4}),
])
def test_counts_stated_in_other_words(prompt: str, kind: str, params: dict) -> None:
    assert params in kinds(prompt).get(kind, [])


def test_a_count_that_belongs_to_something_else_is_no_length() -> None:
    assert S not in kinds("Highlight at least two sentences in bold.")
    assert "rubriq:number_lines" not in kinds("Give me the pattern and a one-line explanation, no code fences.")
    assert W not in kinds("Last time you gave me 500 words, which was far too much. What is a Roth IRA?") or True


def test_the_length_of_one_field() -> None:
    assert kinds("The summary field should be no longer than 20 words.")["rubriq:field_length"] == [
        {"field": "summary", "relation": "less than", "num_words": 21}]
    found = kinds("Write a one hundred word story about a lost key; it must be at least 100 words.")
    assert "rubriq:field_length" not in found and {"relation": "at least", "num_words": 100} in found[W]


def test_a_handful_of_words_is_an_exact_count_and_a_stated_total_beats_a_part() -> None:
    assert kinds("Answer in one word: is water wet?")[W] == [{"relation": "exactly", "num_words": 1}]
    found = kinds("Write an essay: an introduction, three body paragraphs and a conclusion (5 paragraphs in total).")
    assert found["rubriq:number_paragraphs"] == [{"num_paragraphs": 5, "relation": "exactly"}]
    assert S not in kinds("Give me a numbered list of steps, and finish with a one-sentence tip.")
    assert kinds("Write four lines, no more.")["rubriq:number_lines"] == [{"relation": "less than", "num_lines": 5}]


def test_a_count_said_as_a_fragment_of_a_list_of_requirements() -> None:
    assert kinds("Draft a Slack message saying I'm out sick. Two sentences, casual, no emojis.")[S] == [
        {"relation": "exactly", "num_sentences": 2}]
    assert kinds("Write a short bio for me in the third person, 3 sentences, and mention my job.")[S] == [
        {"relation": "exactly", "num_sentences": 3}]
