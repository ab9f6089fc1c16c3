"""Required, counted and forbidden keywords and letter frequencies: extracted in the ways people phrase them
(`core/constraints/families/keywords.py`), with their parameters, and not extracted where the prompt does not state
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
    ("Include keywords arrogant, brandishing in the response.", "keywords:existence",
     {"keywords": ["arrogant", "brandishing"]}),
    ("Include the words \"intern\" and \"grow\".", "keywords:existence", {"keywords": ["intern", "grow"]}),
    ("Include the keywords ['dog', 'day'] in the response.", "keywords:existence", {"keywords": ["dog", "day"]}),
    ("Make sure to include the phrase \"singing is life\".", "rubriq:required_phrase", {"phrase": "singing is life"}),
    ("The word war should appear at least 8 times.", "keywords:frequency",
     {"keyword": "war", "relation": "at least", "frequency": 8}),
    ("Mention the keyword 'schedule' for more than 5 times.", "keywords:frequency",
     {"keyword": "schedule", "relation": "at least", "frequency": 6}),
    ("Make sure to use the word \"the\" once or less.", "keywords:frequency",
     {"keyword": "the", "relation": "less than", "frequency": 2}),
    ("Include the word fiesta at least twice.", "keywords:frequency",
     {"keyword": "fiesta", "relation": "at least", "frequency": 2}),
    ("Do not include keywords flame, ember in the response.", "keywords:forbidden_words",
     {"forbidden_words": ["flame", "ember"]}),
    ("Do not say 'yes' or 'no' throughout your entire response.", "keywords:forbidden_words",
     {"forbidden_words": ["yes", "no"]}),
    ("The word \"rock\" should not appear in your response.", "keywords:forbidden_words",
     {"forbidden_words": ["rock"]}),
    ("Please do not use the word die in your response.", "keywords:forbidden_words", {"forbidden_words": ["die"]}),
    ("Make sure not to include negative words such as 'sad', 'crazy', 'stress', etc.", "keywords:forbidden_words",
     {"forbidden_words": ["sad", "crazy", "stress"]}),
    ("In your response, the letter q should appear less than 3 times.", "keywords:letter_frequency",
     {"letter": "q", "let_relation": "less than", "let_frequency": 3}),
    ("Make sure the letter n appears at least 3 times.", "keywords:letter_frequency",
     {"letter": "n", "let_relation": "at least", "let_frequency": 3}),
    ("Don't contain the letter \"p\" in your reply.", "keywords:letter_frequency",
     {"letter": "p", "let_relation": "less than", "let_frequency": 1}),
    ("Make sure to include these items: Zelda, Hyrule, Link, Ganon.", "keywords:existence",
     {"keywords": ["Zelda", "Hyrule", "Link", "Ganon"]}),
    ("Write a poem. Do not include the\nword \"wet\" anywhere.", "keywords:forbidden_words",
     {"forbidden_words": ["wet"]}),
    ("Make sure to use the words \"startup\" and \"lecture\" at least twice each.", "keywords:frequency",
     {"keyword": "lecture", "relation": "at least", "frequency": 2}),
    ("The word sneaker should appear 10 or more times in your response.", "keywords:frequency",
     {"keyword": "sneaker", "relation": "at least", "frequency": 10}),
    ("Mention \"dose\" at least 5 times.", "keywords:frequency", {"keyword": "dose", "relation": "at least",
                                                                   "frequency": 5}),
    # required words stated after them, under a label, or woven in
    ("The terms 'ledger' and 'audit' must be included.", "keywords:existence", {"keywords": ["ledger", "audit"]}),
    ("Mandatory keywords: onboarding, retention.", "keywords:existence", {"keywords": ["onboarding", "retention"]}),
    ("Try to weave in the words \"meadow\" and \"hush\".", "keywords:existence", {"keywords": ["meadow", "hush"]}),
    ("Forbidden words: 'synergy', 'leverage'.", "keywords:forbidden_words",
     {"forbidden_words": ["synergy", "leverage"]}),
    ("Leave out the words 'always' and 'never'.", "keywords:forbidden_words", {"forbidden_words": ["always", "never"]}),
    # a count said of the keyword named just before
    ("Name the word 'orbit' in the poem, and repeat it at least 4 times.", "keywords:frequency",
     {"keyword": "orbit", "relation": "at least", "frequency": 4}),
    ("Please use the keyword \"tidal\". It has to appear at least three times.", "keywords:frequency",
     {"keyword": "tidal", "relation": "at least", "frequency": 3}),
]


@pytest.mark.parametrize(("prompt", "kind", "params"), POSITIVE, ids=[f"{k}-{i}" for i, (_, k, _p) in
                                                                      enumerate(POSITIVE)])
def test_extracts_the_stated_constraint_with_its_parameters(prompt: str, kind: str, params: dict) -> None:
    found = kinds(prompt)
    assert kind in found, f"{kind} not extracted from {prompt!r}; got {found}"
    assert any(all(p.get(k) == v for k, v in params.items()) for p in found[kind]), found[kind]


NEGATIVE = [
    ("Do not say any words or characters before repeating the request.", "keywords:forbidden_words"),
    ("No other words should follow this phrase.", "keywords:forbidden_words"),
    ("The biography should start with the word \"Hello\".", "keywords:existence"),
    ("Mention \"dose\" at least 5 times.", "keywords:existence"),
    ("End your response with the phrase \"Questions welcome.\"", "rubriq:required_phrase"),
]


@pytest.mark.parametrize(("prompt", "kind"), NEGATIVE)
def test_does_not_extract_a_constraint_the_prompt_does_not_state(prompt: str, kind: str) -> None:
    assert kind not in kinds(prompt)


def test_exactly_once_is_presence_and_at_most_one() -> None:
    found = kinds("Mention the name Sarah only once.")
    assert found["keywords:existence"] == [{"keywords": ["Sarah"]}]
    assert found["keywords:frequency"] == [{"keyword": "Sarah", "relation": "less than", "frequency": 2}]


def test_a_keyword_counted_by_back_reference_is_not_also_a_bare_requirement() -> None:
    found = kinds("Include the word \"resilience\" in your speech and make sure you use it at least three times.")
    assert found == {"keywords:frequency": [{"keyword": "resilience", "relation": "at least", "frequency": 3}]}


def test_a_back_reference_without_a_keyword_named_before_is_ignored() -> None:
    assert "keywords:frequency" not in kinds("Write a chant and repeat it three times.")


def test_the_word_count_is_a_length_not_a_keyword() -> None:
    assert "keywords:frequency" not in kinds("The word count should be less than 200.")


def test_names_counted_without_quotes() -> None:
    found = kinds("Mention Paris twice and London at least once.")["keywords:frequency"]
    assert {"keyword": "London", "relation": "at least", "frequency": 1} in found
    assert {"keyword": "Paris", "relation": "at least", "frequency": 2} in found


def test_a_negation_in_another_clause_does_not_forbid_the_word() -> None:
    found = kinds('Write a limerick in all lowercase, without commas, and with the word "whiskers" in it.')
    assert found["keywords:existence"] == [{"keywords": ["whiskers"]}] and "keywords:forbidden_words" not in found


def test_a_negated_word_that_is_no_keyword_forbids_nothing() -> None:
    assert "keywords:forbidden_words" not in kinds("Explain DNS to my dad and don't use any acronyms.")


def test_a_subject_the_answer_must_not_be_about() -> None:
    assert {"topic": "animals"} in kinds("Tell me a joke, but don't make it about animals.")["rubriq:forbidden_topic"]


def test_quoted_words_counted_after_them() -> None:
    found = kinds('Write a cover letter and make sure "Python" and "SQL" each appear at least twice.')
    assert found["keywords:frequency"] == [{"keyword": "Python", "relation": "at least", "frequency": 2},
                                           {"keyword": "SQL", "relation": "at least", "frequency": 2}]


@pytest.mark.parametrize("prompt", ["Summarise it without mentioning names.",
                                    "Fasse das Protokoll zusammen und nenne keine Namen.",
                                    "Résume ce fil de discussion, sans citer de noms."])
def test_names_ruled_out_without_naming_them_forbid_no_word(prompt: str) -> None:
    assert "keywords:forbidden_words" not in kinds(prompt)
