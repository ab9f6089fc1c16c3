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


CODE_TASK = "Write a Python function that turns a parcel's weight into a postage band. "


@pytest.mark.parametrize(("sentence", "kind", "params"), [
    ("It runs on the shop laptop and nobody there is allowed to install anything.", "rubriq:code_stdlib_only", {}),
    ("Plain Python only.", "rubriq:code_stdlib_only", {}),
    ("It's the standard library or bust.", "rubriq:code_stdlib_only", {}),
    ("Pas de pip, rien à installer.", "rubriq:code_stdlib_only", {}),
    ("The CI job fails the build if any parameter is missing its type.", "rubriq:code_type_hints", {}),
    ("Any explaining goes under the code, and I stop reading after the second sentence.",
     "rubriq:explanation_length", {"relation": "less than", "num_sentences": 3}),
    ("Don't explain the rounding beyond a sentence or two.", "rubriq:explanation_length",
     {"relation": "less than", "num_sentences": 3}),
    ("Pour l'explication, au-delà de la deuxième phrase je décroche.", "rubriq:explanation_length",
     {"relation": "less than", "num_sentences": 3}),
])
def test_a_code_requirement_in_the_rounds_wordings_is_read(sentence: str, kind: str, params: dict) -> None:
    read = kinds(CODE_TASK + sentence)
    assert params in read.get(kind, []), read


def test_the_answer_named_before_it_is_asked_in_bold_is_a_bold_answer() -> None:
    read = kinds("Work out the cost of the team lunch. El total final, con propina incluida, márcamelo en negrita.")
    assert "rubriq:bold_answer" in read and "detectable_format:number_highlighted_sections" not in read, read


def test_keys_an_importer_rejects_unless_snake_case_ask_for_snake_case() -> None:
    read = kinds("List the volunteers as JSON for the import. The importer rejects any key that isn't snake_case.")
    assert read.get("rubriq:json_key_case") == [{"case": "snake_case"}], read


def test_a_new_subject_after_and_starts_a_new_clause_for_scope() -> None:
    read = kinds('Price the new dish. The final line needs to open with "Price:" and I\'ll lose the thread if it '
                 "runs past 120 words")
    assert read.get("length_constraints:number_words") == [{"relation": "less than", "num_words": 121}], read


def test_a_school_year_named_beside_a_child_is_no_section_label() -> None:
    read = kinds("Amara (Year 6) wants violin lessons and Theo (Year 3) wants guitar. What will the autumn term cost?")
    assert "detectable_format:multiple_sections" not in read, read
