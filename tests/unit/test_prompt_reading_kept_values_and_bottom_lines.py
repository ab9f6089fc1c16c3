"""Readings of requests seen in the wild: a title ruled out with bold (« pas de titre ni de gras ») is no markdown, and
a German "Überschrift" is a heading; a value kept by what it is ("keep the order number PO-55817 in", "keep Oliver's
name in"); a function kept "called" its name; keys listed after "these keys:"; a line "at the very bottom" that starts
with a phrase; "bloß nicht die Wörter"; Spanish tables and lists ruled out together. Task type: what a script does is
not the request, and a chat turn's "User: Can you draft a reply?" asks for work, not for information."""

from __future__ import annotations

import pytest

from rubriq.core.constraints.extract import extract_constraints
from rubriq.core.prompt import parse_prompt
from rubriq.core.tasks import TaskType, detect_task


def _readings(prompt: str) -> list[tuple[str, dict]]:
    return [(c.kind, c.params) for c in extract_constraints(prompt)]


def _kinds(prompt: str) -> list[str]:
    return [c.kind for c in extract_constraints(prompt)]


@pytest.mark.parametrize("prompt", [
    "Écris un petit mot pour les parents sur la sortie de vendredi. Pas de titre ni de gras.",
    "Write a short note to parents about Friday's trip. No title or bold, please.",
    "Schreib eine kurze Nachricht an die Eltern. Keinen Titel und keine Kursivschrift.",
])
def test_a_title_ruled_out_with_bold_or_italics_means_no_markdown(prompt):
    assert "rubriq:no_markdown" in _kinds(prompt)


def test_a_german_ueberschrift_ruled_out_is_a_heading():
    assert "rubriq:no_headings" in _kinds("Rechne mir aus, was die Pacht kostet. Bitte keine Überschrift.")


@pytest.mark.parametrize("prompt", [
    "Write a poem about the first frost. No title.",
    "Write a poem about the first frost. No title or rhyme.",
])
def test_a_poems_title_alone_is_not_read_as_a_heading_rule(prompt):
    assert "rubriq:no_headings" not in _kinds(prompt)


def test_a_german_heading_asked_for_in_brackets_is_still_a_title():
    assert "detectable_format:title" in _kinds(
        "Schreib ein Gedicht über Bienen mit einer Überschrift in doppelten spitzen Klammern.")


@pytest.mark.parametrize(("prompt", "value"), [
    ("Tidy this email to the supplier up but keep the order number PO-55817 in.", "PO-55817"),
    ("Rewrite my report so it sounds warmer, and keep Oliver's name in.", "Oliver"),
    ("Make it shorter. Keep the reference 2026/114 in.", "2026/114"),
])
def test_a_value_kept_by_what_it_is_must_be_in_the_reply(prompt, value):
    assert ("keywords:existence", {"keywords": [value]}) in _readings(prompt)


def test_a_value_not_to_keep_or_a_tone_kept_is_no_word_to_require():
    assert "keywords:existence" not in _kinds("Rewrite it. Don't keep Oliver's name in.")
    assert "keywords:existence" not in _kinds("Rewrite it shorter. Keep the tone in.")
    assert "keywords:existence" not in _kinds("Write the reminder. Keep the number 3 in mind: three visits a week.")


def test_a_function_kept_called_its_name_is_a_required_name():
    assert ("rubriq:code_function_names", {"names": ["arrears_list"]}) in _readings(
        "Can you fix it? Keep the function called arrears_list so the rest of his stuff still works.")


def test_keys_listed_after_these_keys_colon_are_the_keys():
    readings = _readings("Give me JSON. Each object needs these keys: tree, location, work, urgent, and nothing "
                         "else in the objects.")
    assert ("rubriq:json_keys", {"keys": ["tree", "location", "work", "urgent"]}) in readings
    assert ("rubriq:json_no_extra_keys", {"keys": ["tree", "location", "work", "urgent"]}) in readings


@pytest.mark.parametrize(("prompt", "phrase"), [
    ("Make a table of this week's sick notes. Ganz unten dann eine Zeile, die mit „Fehltage gesamt:“ anfängt.",
     "Fehltage gesamt:"),
    ("List the absences by class. At the very bottom, a line that starts with 'Total absences:'.",
     "Total absences:"),
])
def test_a_line_at_the_very_bottom_that_starts_with_a_phrase_is_the_last_line(prompt, phrase):
    readings = _readings(prompt)
    assert ("rubriq:last_line_starts_with", {"options": [phrase]}) in readings
    assert "rubriq:starts_with" not in [kind for kind, _ in readings]


def test_bloss_nicht_die_woerter_forbids_the_words():
    assert ("keywords:forbidden_words", {"forbidden_words": ["gesund", "Heilmittel"]}) in _readings(
        "Schreib fünf Sprüche für unsere Honiggläser. Bloß nicht die Wörter „gesund“ oder „Heilmittel“.")


def test_spanish_tables_and_lists_ruled_out_together_mean_no_list():
    assert "rubriq:no_lists" in _kinds("Contéstale en un párrafo, sin tablas ni listas.")


def test_what_a_script_does_is_not_the_request():
    prompt = ("Our IT technician left me this script to pull out the families who are behind on dinner money from the "
              "export of our payments system, but it crashes. It should list every pupil owing more than £10, in "
              "alphabetical order.\n\n```python\ndef arrears_list(path):\n    return []\n```\n\nCan you fix it?")
    assert detect_task(parse_prompt(prompt)).task is TaskType.CODE_GENERATION


def test_a_user_turn_asking_can_you_draft_a_reply_is_a_message_to_write():
    prompt = ("System: You help the staff at a small vineyard answer customer emails. Write in a warm, plain style. "
              "Keep every reply under 80 words.\n\nUser: Can you draft a reply to this one?\n\n\"Hi, can we book the "
              "Sunday tour and tasting for 4 people on 21 June? One of us is driving so won't be drinking, is there "
              "anything for him? And is the tour OK for a pushchair? Thanks, Tom\"\n\nInfo from the office:\n"
              "- 21 June: 11am tour has 6 places left\n- non-alcoholic option: pressed grape juice\n"
              "- tour is mostly on grass; the path to the lower vines is steep\n")
    assert detect_task(parse_prompt(prompt)).task is TaskType.GENERAL
