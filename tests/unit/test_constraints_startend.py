"""Quotation wrapping, the closing phrase, postscripts and repeating the request: extracted in the ways people phrase
them (`core/constraints/families/startend.py`), with their parameters, and not extracted where the prompt does not
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
    ("Wrap your entire response with double quotation marks.", "startend:quotation", {}),
    ("Double quotes should be placed around your entire response.", "startend:quotation", {}),
    ("Finish your response with this exact phrase Any other questions?. No other words should follow this phrase.",
     "startend:end_checker", {"end_phrase": "Any other questions?"}),
    ("The very last sentence of your response should be \"Is there anything else I can help with?\".",
     "startend:end_checker", {"end_phrase": "Is there anything else I can help with?"}),
    ("The limerick should end with the phrase \"Yes Mom, I am Dave.\"", "startend:end_checker",
     {"end_phrase": "Yes Mom, I am Dave."}),
    ("At the end of your response, please explicitly add a postscript starting with P.P.S",
     "detectable_content:postscript", {"postscript_marker": "P.P.S"}),
    ("Please include a postscript at the end of your response that starts with P.S.",
     "detectable_content:postscript", {"postscript_marker": "P.S."}),
    ("Write a haiku about tea.\nFirst repeat the request word for word without change, then give your answer.",
     "combination:repeat_prompt", {"prompt_to_repeat": "Write a haiku about tea."}),
    ("Repeat the exact request below first, then give your response.\n\nWrite a song about rain.",
     "combination:repeat_prompt", {"prompt_to_repeat": "Write a song about rain."}),
    ("At the end of your response, please explicitly add a note starting with P.S.", "detectable_content:postscript",
     {"postscript_marker": "P.S."}),
    ("Before you answer the following request, repeat it at the very beginning of your reply.\n\nWrite a resume.",
     "combination:repeat_prompt", {"prompt_to_repeat": "Write a resume."}),
    ("First repeat the request below word for word without change. Do not say anything before repeating the "
     "request. Write a poem about the sea.", "combination:repeat_prompt",
     {"prompt_to_repeat": "Write a poem about the sea."}),
    # closing phrases said other ways, without the words that introduce them
    ("Close your letter with this sentence, word for word: We will be in touch.", "startend:end_checker",
     {"end_phrase": "We will be in touch."}),
    ("End the message with this line exactly: Talk soon.", "startend:end_checker", {"end_phrase": "Talk soon."}),
    ("Wrap up with the phrase 'You're all set!'", "startend:end_checker", {"end_phrase": "You're all set!"}),
    ("Please conclude by saying \"Over and out.\"", "startend:end_checker", {"end_phrase": "Over and out."}),
    ("The final line must be \"the end.\"", "startend:end_checker", {"end_phrase": "the end."}),
    ("At the very end of your answer, write \"Cheers!\" and nothing else.", "startend:end_checker",
     {"end_phrase": "Cheers!"}),
    ("Copy the request below word for word before answering.\n\nName three rivers.", "combination:repeat_prompt",
     {"prompt_to_repeat": "Name three rivers."}),
]


@pytest.mark.parametrize(("prompt", "kind", "params"), POSITIVE, ids=[f"{k}-{i}" for i, (_, k, _p) in
                                                                      enumerate(POSITIVE)])
def test_extracts_the_stated_constraint_with_its_parameters(prompt: str, kind: str, params: dict) -> None:
    found = kinds(prompt)
    assert kind in found, f"{kind} not extracted from {prompt!r}; got {found}"
    assert any(all(p.get(k) == v for k, v in params.items()) for p in found[kind]), found[kind]


NEGATIVE = [
    ("At the end of your response, add a postscript starting with P.S.", "startend:end_checker"),
    ("Write a chant and repeat it three times.", "combination:repeat_prompt"),
    ("Repeat the following sentence in French: I like tea.", "combination:repeat_prompt"),
]


@pytest.mark.parametrize(("prompt", "kind"), NEGATIVE)
def test_does_not_extract_a_constraint_the_prompt_does_not_state(prompt: str, kind: str) -> None:
    assert kind not in kinds(prompt)


NOT_AN_ENDING = [
    "End your post with a question that invites discussion.",
    "End each paragraph with the phrase \"and so on\".",
    "Finish with a short summary of the points.",
]


@pytest.mark.parametrize("prompt", NOT_AN_ENDING)
def test_an_ending_without_a_given_phrase_is_not_an_end_phrase(prompt: str) -> None:
    assert "startend:end_checker" not in kinds(prompt)


P = "detectable_content:postscript"


@pytest.mark.parametrize(("prompt", "markers"), [
    ("Write the email (remind them about lunches in a P.S. at the bottom) and keep it short.", ["P.S."]),
    ("Write a letter to my future self. After it, add a P.S. and then a P.P.S. as well.", ["P.S.", "P.P.S"]),
    ("Write a thank-you card and don't forget to include a postscript at the end.", ["P.S."]),
    ("Add a postscript starting with P.P.S at the end.", ["P.P.S"]),
])
def test_each_postscript_asked_for_is_read_with_its_marker(prompt: str, markers: list[str]) -> None:
    assert [p["postscript_marker"] for p in kinds(prompt)[P]] == markers


@pytest.mark.parametrize("prompt", [
    "No P.S. or sign-off needed: just write the body of the message.",
    "Is it P.S. or PS in British English, and where does it go in a letter?",
    "What does P.S. mean at the end of a letter?",
])
def test_a_postscript_ruled_out_or_asked_about_is_not_asked_for(prompt: str) -> None:
    assert P not in kinds(prompt)


def test_a_question_to_finish_with_may_be_said_as_asking_the_reader() -> None:
    assert "rubriq:ends_with_question" in kinds("Finish by asking the reader what they think.")
    assert "rubriq:ends_with_question" not in kinds("End by asking them to subscribe to the newsletter.")


def test_the_last_line_named_with_its_opening_words() -> None:
    assert kinds('Show your working, then write the result on a final line that begins with "Result:".')[
        "rubriq:last_line_starts_with"] == [{"options": ["Result:"]}]


def test_a_sentence_before_the_opening_does_not_make_it_a_part() -> None:
    found = kinds('Draft a reply that is no longer than 4 sentences. Start it with "Hi there,".')
    assert found["rubriq:starts_with"] == [{"options": ["Hi there,"]}]


@pytest.mark.parametrize("prompt", ['Answer only with "Yes" or "No".', "Reply with just 'Yes' or 'No'.",
                                    "Beantworte die Frage nur mit „Ja“ oder „Nein“."])
def test_an_answer_limited_to_options_starts_with_one_of_them(prompt: str) -> None:
    (options,) = [p["options"] for p in kinds(prompt)["rubriq:starts_with"]]
    assert len(options) == 2


def test_the_thing_written_put_in_quotation_marks_is_the_whole_response() -> None:
    assert "startend:quotation" in kinds("Write a motivational quote and put it in quotation marks.")
