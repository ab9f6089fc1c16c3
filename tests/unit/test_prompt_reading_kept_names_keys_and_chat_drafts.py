"""Readings of requests seen in the wild: a pasted function's name kept "as it is", "those four keys only", topics
left out ("leave out the flat rate scheme", "kein Wort zum Homeoffice"), counts said once, closings, sections named
before the word "sections", placeholders shown in brackets, prefixes to drop from a value, casing that describes
some other text, and a chat whose assistant turn holds a draft."""

from __future__ import annotations

import pytest

from rubriq.core.constraints.extract import extract_constraints
from rubriq.core.prompt import parse_prompt
from rubriq.core.prompt_reading import unchecked_instructions
from rubriq.core.tasks import TaskType, detect_task


def _readings(prompt: str) -> list[tuple[str, dict]]:
    return [(c.kind, c.params) for c in extract_constraints(prompt)]


def _kinds(prompt: str) -> list[str]:
    return [c.kind for c in extract_constraints(prompt)]


PASTED = "\n\n```python\ndef jahresbeitrag(mitglieder):\n    return mitglieder * 12\n```\n"


@pytest.mark.parametrize("request_text", ["Fix this. Keep the function name as it is.",
                                          "Fix it. The function name should stay the same.",
                                          "Bitte reparieren. Der Funktionsname muss so bleiben."])
def test_the_name_of_the_pasted_function_is_kept(request_text):
    assert ("rubriq:code_function_names", {"names": ["jahresbeitrag"]}) in _readings(request_text + PASTED)


def test_a_name_given_after_keep_the_function_name_as_is_that_name():
    assert ("rubriq:code_function_names", {"names": ["parse_row"]}) in _readings(
        "Fix this, keep the function name as parse_row.")


@pytest.mark.parametrize("prompt", [
    "Give me JSON, one object per person with the keys name, phone, days and has_dbs. Those four keys only.",
    "Pull it into JSON. Keys: policy_number, incident_date, location, injuries. Nothing beyond those four keys, "
    "the import rejects anything else.",
])
def test_the_keys_named_are_the_only_keys(prompt):
    assert "rubriq:json_no_extra_keys" in _kinds(prompt)


def test_nothing_over_a_count_still_limits_the_length():
    assert ("length_constraints:number_words", {"relation": "less than", "num_words": 101}) in _readings(
        "Write the bio, nothing over 100 words.")


@pytest.mark.parametrize(("prompt", "topic"), [
    ("Explain cash accounting for VAT. Leave out the flat rate scheme.", "flat rate scheme"),
    ("Calcula la nocturnidad. No me hables del plus de transporte.", "plus de transporte"),
    ("Rechne es aus, aber kein Wort zum Homeoffice, das klären wir separat.", "Homeoffice"),
    ("Write the note to parents and leave out the whole trip fee drama.", "trip fee"),
])
def test_a_topic_left_out_is_read_by_its_subject(prompt, topic):
    assert [p["topic"] for k, p in _readings(prompt) if k == "rubriq:forbidden_topic"] == [topic]


@pytest.mark.parametrize("prompt", ["Leave out the bullet points, please.",
                                    "Leave out the boring technical stuff, she's new."])
def test_no_second_topic_from_a_clause_after_a_comma(prompt):
    assert all(not p["topic"].startswith("she") for k, p in _readings(prompt) if k == "rubriq:forbidden_topic")


@pytest.mark.parametrize(("prompt", "keyword"), [
    ("Schreib die Absage neu. „Leider“ darf nur ein einziges Mal drin vorkommen.", "Leider"),
    ('Rewrite it. "Sadly" may appear only a single time.', "Sadly"),
])
def test_a_word_allowed_once_is_counted_exactly_once(prompt, keyword):
    assert ("keywords:frequency", {"keyword": keyword, "relation": "exactly", "frequency": 1}) in _readings(prompt)


def test_unterschreib_mit_gives_the_closing_words():
    assert ("startend:end_checker", {"end_phrase": "Herzliche Grüße, Jörg"}) in _readings(
        "Schreib die Absage. Unterschreib mit „Herzliche Grüße, Jörg“.")


def test_ending_on_a_sentence_that_starts_with_a_word_is_the_last_sentence():
    readings = _readings('Redo it. Two sentences only this time, and end on a sentence that starts with "So".')
    assert ("rubriq:last_sentence_starts_with", {"options": ["So"]}) in readings
    assert ("length_constraints:number_sentences", {"relation": "exactly", "num_sentences": 2}) in readings
    assert not any(k == "rubriq:starts_with" for k, _ in readings)


def test_a_count_after_a_question_is_still_a_length():
    assert ("length_constraints:number_sentences", {"relation": "exactly", "num_sentences": 2}) in _readings(
        "Can you redo it? Two sentences only this time, no need to show me the working.")


@pytest.mark.parametrize("prompt", ["Summarise the notes and split it into Testimony: and Follow-up: sections.",
                                    "Summarise the notes and split it into Testimony and Follow-up sections."])
def test_labels_named_before_the_word_sections_are_section_labels(prompt):
    assert ("rubriq:section_labels", {"labels": ["Testimony", "Follow-up"]}) in _readings(prompt)


def test_two_placeholders_shown_and_kept_are_counted():
    assert ("detectable_content:number_placeholders", {"num_placeholders": 2}) in _readings(
        "Rewrite it kindly. The [date] and [time] placeholders have to stay exactly like that.")


@pytest.mark.parametrize("prompt", [
    'For the invoice number just the number, without "INV" or "Invoice" in front.',
    "Bei der Rechnungsnummer nur die Nummer, ohne „RE“ oder „Rechnung“ davor.",
])
def test_a_prefix_to_drop_from_a_value_is_no_forbidden_word(prompt):
    assert "keywords:forbidden_words" not in _kinds(prompt)


def test_words_to_avoid_are_still_forbidden():
    assert ("keywords:forbidden_words", {"forbidden_words": ["basically", "actually"]}) in _readings(
        'Without "basically" or "actually", please.')


def test_casing_that_describes_another_text_is_no_request():
    prompt = "I think the new bank sends the reference in lowercase with spaces round it. Can you fix the script?"
    assert "change_case:english_lowercase" not in _kinds(prompt)
    assert "change_case:english_lowercase" in _kinds("Write the whole reply in lowercase.")


def test_no_pandas_or_other_packages_is_also_standard_library_only():
    kinds = _kinds("Write it in Python, no pandas or other third-party packages.")
    assert "rubriq:code_forbidden_import" in kinds and "rubriq:code_stdlib_only" in kinds
    assert "rubriq:code_stdlib_only" in _kinds("Schreib es in Python, kein pandas oder sonstige Zusatzpakete.")


CHAT = ("User: Ich koordiniere die Ehrenamtlichen bei der Tafel. Eine Frau Schulte kann nur samstags, und samstags "
        "sind wir voll. Kannst du mir eine nette Absage schreiben?\n\n"
        "Assistent: Gern, hier ein Entwurf:\n\nSehr geehrte Frau Schulte,\n\nvielen Dank für Ihr Interesse. Bitte "
        "melden Sie sich gern zu einem späteren Zeitpunkt erneut bei uns.\n\nMit freundlichen Grüßen\n\n"
        "User: Viel zu steif, bei uns duzen sich alle. Bitte nochmal, diesmal höchstens 70 Wörter.\n")


def test_a_draft_in_the_assistant_turn_is_no_source_and_the_chat_is_general():
    prompt = parse_prompt(CHAT)
    assert prompt.sources == []
    assert detect_task(prompt).task is TaskType.GENERAL


def test_the_assistant_turn_asks_nothing_of_the_reply():
    prompt = parse_prompt(CHAT)
    texts = [u.text for u in unchecked_instructions(prompt, extract_constraints(CHAT))]
    assert not any("melden Sie sich" in t for t in texts)


def test_a_request_to_draft_a_message_about_pasted_notes_is_not_a_summary():
    prompt = parse_prompt("Voilà les dispos des bénévoles :\n\n> Lundi : Karim, Odile\n> Mercredi : Sophie, Thomas\n\n"
                          "Tu peux me rédiger le message pour le groupe Signal ? 90 mots grand maximum.")
    assert detect_task(prompt).task is not TaskType.SUMMARIZATION
