"""Extraction as a whole: source text is not read as instructions, spans point at the stating text, exact counts
become IFEval's pair, the result is deterministic. Each family's phrasings are tested in
`test_constraints_<family>.py`."""

from __future__ import annotations

import pytest

from rubriq.core.constraints import extract_constraints, ifeval_view
from rubriq.core.prompt import parse_prompt

W, S = "length_constraints:number_words", "length_constraints:number_sentences"


def kinds(prompt: str) -> dict[str, list[dict]]:
    found: dict[str, list[dict]] = {}
    for c in extract_constraints(prompt):
        found.setdefault(c.kind, []).append(c.params)
    return found


def test_source_text_is_not_read_as_instructions() -> None:
    prompt = ("Summarize the article below in less than 50 words.\n\n<article>\nThe council said residents must "
              "not use any commas and should write at least 900 words in every complaint.\n</article>")
    found = kinds(prompt)
    assert found[W] == [{"relation": "less than", "num_words": 50}]
    assert "punctuation:no_comma" not in found


def test_spans_point_at_the_stating_text_in_the_prompt() -> None:
    prompt = "---\nmodel: gpt-4o\n---\nWrite a poem. Do not use any commas. Answer with at least 40 words."
    doc = parse_prompt(prompt)
    by_kind = {c.kind: c for c in extract_constraints(doc)}
    assert by_kind["punctuation:no_comma"].span.slice(prompt) == "not use any commas"
    assert by_kind[W].span.slice(prompt) == "at least 40 words"
    assert by_kind[W].wording == "at least 40 words"


def test_ifeval_view_states_an_exact_count_as_ifevals_pair() -> None:
    (constraint,) = [c for c in extract_constraints("Please respond in exactly 5 sentences.") if c.kind == S]
    assert ifeval_view(constraint) == [(S, {"relation": "at least", "num_sentences": 5}),
                                       (S, {"relation": "less than", "num_sentences": 6})]


def test_extraction_is_deterministic() -> None:
    prompt = "Use at least 60 sentences, but less than 600 words. Include the keywords a1, b2 and c3. No commas."
    first = [(c.kind, c.params, c.span) for c in extract_constraints(prompt)]
    assert first == [(c.kind, c.params, c.span) for c in extract_constraints(prompt)]


# Conditions and readings that compose

def test_what_a_condition_states_is_no_requirement() -> None:
    assert kinds("Explain how mortgages work. If your answer runs longer than 200 words, start with a TL;DR.") == {}
    assert kinds("If you need to emphasise a word, use italics rather than capitals. Describe the wallet.") == {}


def test_a_limit_that_depends_on_a_condition_is_still_checked_and_nothing_else_is() -> None:
    found = kinds("If you use bullet points, keep it to five at most. What should I pack for a hike?")
    assert found == {"rubriq:bullet_count": [{"min": None, "max": 5}]}


def test_as_if_a_polite_if_a_premise_and_a_quoted_if_are_no_conditions() -> None:
    found = kinds('Answer as if you were a teacher, but mention the word "dose" at least 5 times.')
    assert "keywords:frequency" in found
    assert kinds("I'd prefer it if the reply didn't go beyond 120 words.")[W] == [
        {"relation": "less than", "num_words": 121}]
    assert "detectable_format:constrained_response" in kinds(
        'If a + b = 30 and b = 10. Is a = 20? Answer "My answer is yes." or "My answer is no."')
    assert "startend:end_checker" in kinds('End your reply with "Let me know if you have questions."')


def test_a_count_of_items_and_the_list_it_asks_for_are_one_requirement() -> None:
    assert kinds("Give me five tips for sleeping better as a bulleted list.") == {
        "detectable_format:number_bullet_lists": [{"num_bullets": 5}]}
    assert kinds("Give me five tips for sleeping better as a numbered list.") == {
        "rubriq:numbered_list": [{"num_items": 5}]}
    assert kinds("Give me two different taglines, separated by six asterisks like this: ******") == {
        "combination:two_responses": [{}]}


def test_a_casing_request_in_another_language_is_casing_in_any_language() -> None:
    assert kinds("Escríbelo todo en mayúsculas.") == {"rubriq:all_uppercase": [{}]}
    assert kinds("Schreib die Nachricht alles kleingeschrieben.") == {"rubriq:all_lowercase": [{}]}


@pytest.mark.parametrize("prompt", [
    "Why do people write P.S. at the end of letters?",
    "How do I add a postscript in Gmail?",
    "What are some tips for writing in lowercase on Instagram without looking lazy?",
    "Can you explain what a haiku is and give the syllable rule?",
    "Explain the difference between a bulleted list and a numbered list.",
    "Build a form that accepts a message of at most 280 characters.",
    "Write a function that returns at most 50 words of the text.",
])
def test_a_constraint_talked_about_is_not_asked_for(prompt: str) -> None:
    assert kinds(prompt) == {}


def test_a_polite_question_asks_and_a_count_after_a_question_is_the_answers() -> None:
    assert kinds("Could you write it in under 50 words?")[W] == [{"relation": "less than", "num_words": 50}]
    assert kinds("What does this function return? Two sentences max.")[S] == [
        {"relation": "less than", "num_sentences": 3}]
