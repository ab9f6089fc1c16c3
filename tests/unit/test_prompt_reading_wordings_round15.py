"""Wordings of the fifteenth round's development half, each rewritten in new words: an opening said of the last line,
names to say or keep out, bans said of every option, topics that must not come up anywhere, steps to number, and
limits stated as a loss ("if an option goes over 25 words, it's too long") in English, Spanish, French and German."""

from __future__ import annotations

import pytest
from prompt_reading_helpers import kinds

TASK = "Write a short reply to the customer about her late parcel. "


@pytest.mark.parametrize(("sentence", "kind", "params"), [
    ('The bottom line goes straight into our ticket system, so it has to open with "Status:".',
     "rubriq:last_line_starts_with", {"options": ["Status:"]}),
    ('Your last sentence must start with "All in all".', "rubriq:last_sentence_starts_with",
     {"options": ["All in all"]}),
    ("Say Royal Mail Tracked 48 somewhere.", "keywords:existence", {"keywords": ["Royal Mail Tracked 48"]}),
    ('Call it Evri, not "the courier".', "keywords:existence", {"keywords": ["Evri"]}),
    ('None of the three drafts can say "unfortunately".', "keywords:forbidden_words",
     {"forbidden_words": ["unfortunately"]}),
    ("Harriet and Olu stay out of it, she doesn't need to know who packed it.", "keywords:forbidden_words",
     {"forbidden_words": ["Harriet", "Olu"]}),
    ("Give each step a number so she can follow along.", "rubriq:numbered_list", {}),
    ("«Retraso» y «retrasos» están vetadas.", "keywords:forbidden_words", {"forbidden_words": ["Retraso", "retrasos"]}),
    ("El SMS solo sirve si no pasa de cuarenta palabras.", "length_constraints:number_words",
     {"relation": "less than", "num_words": 41}),
    ("Das Feld hat Platz für zwölf Zeilen, mehr geht nicht.", "rubriq:number_lines",
     {"relation": "less than", "num_lines": 13}),
    ("Glisse « colis » trois fois, voire plus.", "keywords:frequency",
     {"keyword": "colis", "relation": "at least", "frequency": 3}),
])
def test_a_requirement_in_the_rounds_wordings_is_read(sentence: str, kind: str, params: dict) -> None:
    read = kinds(TASK + sentence)
    assert params in read.get(kind, []), read


def test_a_topic_that_must_not_come_up_anywhere_is_ruled_out() -> None:
    read = kinds(TASK + "The warehouse flood mustn't come up anywhere.")
    assert read.get("rubriq:forbidden_topic") == [{"topic": "warehouse flood"}], read


def test_an_opening_of_the_reply_stays_the_replys() -> None:
    assert kinds(TASK + 'Open with "Hi Dana".') == {"rubriq:starts_with": [{"options": ["Hi Dana"]}]}


@pytest.mark.parametrize("sentence", [
    "Write four openers as bullet points. If an option goes over 25 words, it's too long.",
    "Write four openers as bullet points. If one goes past 25 words, that's a problem.",
])
def test_a_limit_on_any_one_option_is_no_limit_on_the_whole_reply(sentence: str) -> None:
    assert "length_constraints:number_words" not in kinds(sentence)


def test_a_minimum_inside_a_condition_without_a_comma_is_asked_of_nobody() -> None:
    read = kinds(TASK + "If it creeps past 180 words she will have skimmed half of it anyway.")
    assert read.get("length_constraints:number_words", []) in ([], [{"relation": "less than", "num_words": 181}]), read


def test_a_condition_on_the_replys_length_is_no_cap() -> None:
    assert kinds(TASK + "If the reply is over 50 words, put a one-line summary first.") == {}
