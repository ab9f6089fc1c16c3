"""Prompt reading in a sixteenth round: the reply itself named after "each" or "every" ("keep every reply between
four and seven sentences" in a system message) limits the whole output, while replies counted in one output stay
parts."""

from __future__ import annotations

import pytest
from prompt_reading_helpers import kinds


@pytest.mark.parametrize(("prompt", "kind", "params"), [
    ("SYSTEM: You answer messages for the fire station. Keep every reply between four and seven sentences.",
     "length_constraints:number_sentences", [{"relation": "at least", "num_sentences": 4},
                                             {"relation": "less than", "num_sentences": 8}]),
    ("You are the shop's support assistant. Keep every reply under 80 words.", "length_constraints:number_words",
     [{"relation": "less than", "num_words": 80}]),
    ("You handle booking questions. Each response must stay under 60 words.", "length_constraints:number_words",
     [{"relation": "less than", "num_words": 60}]),
])
def test_every_reply_is_the_whole_output(prompt: str, kind: str, params: list[dict]) -> None:
    assert kinds(prompt)[kind] == params


def test_replies_counted_in_one_output_are_parts_not_the_whole():
    read = kinds("Draft three replies to the customer, each reply under 40 words.")
    assert "length_constraints:number_words" not in read


@pytest.mark.parametrize(("prompt", "kind", "params"), [
    ("Write the safety notes as a list. Five bullets is all she'll get through.", "rubriq:bullet_count",
     {"min": None, "max": 5}),
    ("Summarise the minutes. Two paragraphs are all anyone reads.", "rubriq:number_paragraphs",
     {"num_paragraphs": 3, "relation": "less than"}),
])
def test_a_count_said_to_be_all_someone_takes_is_the_most_allowed(prompt: str, kind: str, params: dict) -> None:
    assert kinds(prompt)[kind] == [params]


def test_a_count_that_is_all_it_takes_is_no_limit():
    read = kinds("Write a story. Three sentences is all it takes to hook a reader.")
    assert "length_constraints:number_sentences" not in read


@pytest.mark.parametrize(("prompt", "params"), [
    ("Write a caption for the studio's post. An emoji is ok, but never more than one.",
     {"relation": "less than", "num_emoji": 2}),
    ("Reply to the review. Emojis are fine, but no more than two.", {"relation": "less than", "num_emoji": 3}),
])
def test_an_emoji_count_after_but_with_its_noun_left_out(prompt: str, params: dict) -> None:
    assert kinds(prompt)["rubriq:emoji_count"] == [params]


@pytest.mark.parametrize(("prompt", "kind", "params"), [
    ("Write the update for the call. Past the third sentence people start talking over her.",
     "length_constraints:number_sentences", {"relation": "less than", "num_sentences": 4}),
    ("Write the notice. After the second sentence nobody reads on.", "length_constraints:number_sentences",
     {"relation": "less than", "num_sentences": 3}),
])
def test_the_unit_where_someone_stops_named_first_is_the_most_allowed(prompt: str, kind: str, params: dict) -> None:
    assert kinds(prompt)[kind] == [params]


def test_a_part_placed_after_an_ordinal_unit_is_no_limit():
    read = kinds("Write the report. After the second paragraph, start a new section on costs.")
    assert "rubriq:number_paragraphs" not in read and "length_constraints:number_paragraphs" not in read


def test_either_inside_a_requirements_own_options_is_no_choice_between_requirements():
    read = kinds("Answer the question. Jas likes to know where it's going, so that first word should be either Yes "
                 "or No.")
    assert read["rubriq:starts_with"] == [{"options": ["Yes", "No"]}]
    assert "rubriq:bullet_count" not in kinds("Write it as either four bullets or a short paragraph.")


@pytest.mark.parametrize(("prompt", "word"), [
    ('Write the email to the client. I can\'t send anything to the client that says "probably".', "probably"),
    ('Write the ad copy. We cannot publish anything that contains the word "guarantee".', "guarantee"),
    ('Draft the reply. Nothing that says "unfortunately" can go out.', "unfortunately"),
])
def test_what_the_asker_cannot_send_if_it_says_a_word_bans_the_word(prompt: str, word: str) -> None:
    read = kinds(prompt)
    assert read["keywords:forbidden_words"] == [{"forbidden_words": [word]}]
    assert "keywords:existence" not in read


def test_what_a_character_cannot_accept_is_the_storys_content():
    read = kinds('Write a story. She could not accept anything that says "sorry" without a gift.')
    assert "keywords:forbidden_words" not in read


def test_il_faut_que_with_its_subjunctive_asks_for_the_word():
    read = kinds("Écris le texte pour le client. Il faut que le mot « norme » apparaisse.")
    assert read["keywords:existence"] == [{"keywords": ["norme"]}]
