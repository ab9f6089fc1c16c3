"""A requirement the reply passes on to its readers is content, not a limit on the reply: a notice "that says entries
must be no more than 14 lines", an e-mail "reminding them that reports must be under 500 words", a guide "telling
them to keep their updates under 100 words", a job ad whose "applicants should send a cover letter of no more than
300 words". Parts named in the plural as the subject of a limit ("headlines should be under 10 words") are limited
one by one, not as the whole reply. Requests around such words are still read: "Explain how X works in under 100
words", "a note saying thanks, under 50 words", "an e-mail asking my landlord to fix the boiler in under 120 words"."""

from __future__ import annotations

import pytest
from prompt_reading_helpers import kinds

WORDS = "length_constraints:number_words"


@pytest.mark.parametrize("prompt", [
    'Write a notice for quiz night that says teams must be no more than 6 people and must not use the word "cheat".',
    "Draft a memo to the drivers reminding them that incident reports must be under 300 words.",
    'Write an e-mail to the choir telling them to include the word "attending" in their replies.',
    "Write the intro to our short-story contest. Entrants should submit stories of at most 1,500 words.",
    "Write a one-page brief for the interns: their summaries must be at least 200 words.",
    "Write a guide for new moderators explaining that posts must stay under 500 characters.",
    "Write an entry for our house style guide: headlines should be under 12 words.",
])
def test_a_requirement_the_reply_passes_on_is_not_a_limit_on_the_reply(prompt: str) -> None:
    assert kinds(prompt) == {}


@pytest.mark.parametrize(("prompt", "params"), [
    ("Explain how a heat pump works in under 90 words.", {"relation": "less than", "num_words": 90}),
    ("Write a card saying thanks to our postman, under 40 words.", {"relation": "less than", "num_words": 40}),
    ("Write an e-mail asking my landlord to fix the shower in under 120 words.",
     {"relation": "less than", "num_words": 120}),
    ("Write a flyer that says the fair will be on Sunday and is under 60 words.",
     {"relation": "less than", "num_words": 60}),
    ("Write a welcome note: everyone should feel at home. Keep it under 70 words.",
     {"relation": "less than", "num_words": 70}),
])
def test_a_request_around_reported_words_is_still_read(prompt: str, params: dict) -> None:
    assert kinds(prompt).get(WORDS) == [params]


def test_a_per_paragraph_limit_in_the_plural_is_not_the_whole_replys() -> None:
    assert WORDS not in kinds("Give me four tips for new runners; paragraphs should be under 50 words.")
