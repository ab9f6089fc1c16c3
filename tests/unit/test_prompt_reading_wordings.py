"""Prompt reading in wordings unlike the tuned ones: limits stated after the noun, per-item limits after a comma,
topics followed by a new clause, names said plainly, German verbs split around their object or put last, a chat
question asked in an earlier turn, and the "not checked" reading of contrasts and French prohibitions."""

from __future__ import annotations

from prompt_reading_helpers import kinds, unchecked_texts

from rubriq.core.prompt import parse_prompt
from rubriq.core.tasks import TaskType, detect_task

# Topics

def test_a_topic_followed_by_a_new_clause_after_a_comma_is_that_topic_alone():
    found = kinds("Write a note to the tenants. Don't mention the rent increase, the owner wants to tell them himself.")
    assert found["rubriq:forbidden_topic"] == [{"topic": "rent increase"}]


def test_a_topic_followed_by_and_plus_another_instruction_is_that_topic_alone():
    found = kinds('Draft a thank-you card. Do not mention the wedding, and finish with "Love, Jo".')
    assert found["rubriq:forbidden_topic"] == [{"topic": "wedding"}]
    assert found["startend:end_checker"] == [{"end_phrase": "Love, Jo"}]


def test_topics_listed_with_or_are_still_each_a_topic():
    found = kinds("Describe the flat for the listing, and don't mention parking or noise.")
    assert sorted(p["topic"] for p in found["rubriq:forbidden_topic"]) == ["noise", "parking"]


# Lists

def test_a_word_limit_for_each_item_after_a_comma_limits_every_item():
    assert kinds("List some packing tips, each with no more than 8 words.")["rubriq:item_length"] == [
        {"relation": "less than", "num_words": 9}]
    found = kinds("Suggest team names, each one under 4 words.")
    assert found["rubriq:item_length"] == [{"relation": "less than", "num_words": 4}]
    assert "length_constraints:number_words" not in found


def test_a_german_per_point_word_limit_is_an_item_length():
    found = kinds("Gib mir Tipps in genau drei Stichpunkten, jeder Punkt höchstens acht Wörter.")
    assert found["detectable_format:number_bullet_lists"] == [{"num_bullets": 3}]
    assert found["rubriq:item_length"] == [{"relation": "less than", "num_words": 9}]
    assert "length_constraints:number_words" not in found


def test_numbered_said_alone_between_commas_asks_for_a_numbered_list_of_that_count():
    assert kinds("Give me gift ideas for my dad, numbered, four of them.")["rubriq:numbered_list"] == [
        {"num_items": 4}]
    assert kinds("Some ideas for the weekend — numbered, please.")["rubriq:numbered_list"] == [{}]


def test_a_german_aufzaehlung_is_a_bulleted_list():
    assert kinds("Nenne mir fünf Punkte als Aufzählung.")["detectable_format:number_bullet_lists"] == [
        {"num_bullets": 5}]
    assert "rubriq:no_lists" in kinds("Erkläre es mir ohne Aufzählung.")


def test_a_bound_on_items_after_a_bulleted_list_bounds_the_bullet_points():
    found = kinds("Name the rivers in the text as a bulleted list, at most four items.")
    assert found["rubriq:bullet_count"] == [{"min": None, "max": 4}]
    assert "rubriq:item_count" not in found


# Lengths

def test_a_count_followed_by_tops_after_a_comma_is_a_maximum():
    assert kinds("Describe the view from the hotel. Four sentences, tops.")["length_constraints:number_sentences"] == [
        {"relation": "less than", "num_sentences": 5}]


def test_the_explanation_named_then_its_length_limits_the_explanation():
    found = kinds("Write a bash script that renames the photos by date. The explanation in two sentences at most.")
    assert found["rubriq:explanation_length"] == [{"relation": "less than", "num_sentences": 3}]
    found = kinds("Schreib ein Python-Skript, das Dateien zählt. Die Erklärung bitte in einem Satz.")
    assert found["rubriq:explanation_length"] == [{"relation": "less than", "num_sentences": 2}]
    assert "length_constraints:number_sentences" not in found


# Code

def test_a_plain_name_after_called_is_the_function_name_where_the_clause_ends_after_it():
    assert kinds("Write a Python function called normalize that trims whitespace.")[
        "rubriq:code_function_names"] == [{"names": ["normalize"]}]
    assert kinds("I need a decorator. Write one called timed, with type hints.")[
        "rubriq:code_function_names"] == [{"names": ["timed"]}]
    assert "rubriq:code_function_names" not in kinds("Write a JavaScript function called whenever the page loads.")


def test_a_limit_inside_an_earlier_chat_question_is_not_a_constraint_on_the_answer():
    prompt = ("User: what is a closure in javascript, in one sentence?\n"
              "Assistant: A closure is a function that remembers the variables of the scope it was created in.\n"
              "User: nice. now write me an example with a counter, just the code.")
    found = kinds(prompt)
    assert "rubriq:code_only" in found
    assert "length_constraints:number_sentences" not in found and "rubriq:number_lines" not in found


# German and other languages

def test_german_json_keys_needed_by_each_element_and_no_other_keys():
    found = kinds("Gib die Bestellungen als JSON-Array zurück. Jedes Element braucht die Felder kunde und summe. "
                  "Sonst keine weiteren Schlüssel.")
    assert "detectable_format:json_format" in found
    assert found["rubriq:json_keys"] == [{"keys": ["kunde", "summe"]}]
    assert found["rubriq:json_no_extra_keys"] == [{"keys": ["kunde", "summe"]}]


def test_a_german_separable_verb_around_its_object_leaves_the_word_out():
    assert kinds("Fass den Text zusammen und lass das Wort „Krise“ bitte weg.")["keywords:forbidden_words"] == [
        {"forbidden_words": ["Krise"]}]


def test_a_language_asked_with_the_verb_last_is_the_response_language_and_the_negated_one_is_not():
    found = kinds("Erkläre mir die Mülltrennung und bitte auf Englisch antworten, nicht auf Französisch.")
    assert found["language:response_language"] == [{"language": "en"}]
    assert kinds("Describe the museum, in Italian, not in English.").get("language:response_language") != [
        {"language": "en"}]
    assert kinds("Reply in Spanish rather than English.")["language:response_language"] == [{"language": "es"}]


def test_a_part_to_keep_named_by_its_proper_name_requires_that_name():
    assert kinds("Shorten my bio to 60 words and keep the line about Oxford.")["keywords:existence"] == [
        {"keywords": ["Oxford"]}]
    assert "keywords:existence" not in kinds("Shorten my bio and keep the bit about my dog.")


# Task type

def test_a_german_summary_verb_split_far_from_its_particle_is_a_summary():
    prompt = ("Fass mir bitte die Mail von unserer Hausverwaltung wegen der Heizungswartung nächste Woche in drei "
              "Sätzen zusammen.\n\nSehr geehrte Mieter, am Dienstag wird die Heizung gewartet. Von 8 bis 12 Uhr gibt "
              "es kein warmes Wasser.")
    assert detect_task(parse_prompt(prompt)).task is TaskType.SUMMARIZATION


def test_going_through_pasted_material_and_listing_items_is_extraction():
    prompt = ("Go through this email and list every date the client mentions.\n\n"
              "Hi Sam, we could meet on 4 March or 11 March. The invoice is due 31 March. Best, Lee")
    assert detect_task(parse_prompt(prompt)).task is TaskType.EXTRACTION


# Not checked

def test_the_contrast_after_a_checked_request_is_not_reported_as_not_checked():
    prompt = "Beschreib die Stadt in drei Sätzen und bitte auf Deutsch antworten, nicht auf Englisch."
    assert unchecked_texts(prompt) == []


def test_a_french_prohibition_after_an_emphasis_word_is_split_and_the_unchecked_part_reported():
    found = unchecked_texts("Écris une chanson sur l'été. Pas de clichés, et surtout n'emploie pas le mot « soleil ».")
    assert found == ["Pas de clichés"]
