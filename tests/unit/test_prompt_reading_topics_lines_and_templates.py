"""Readings of everyday requests: topics taken out in several wordings, a bare word ruled out, a line placed at the
end, an opening given as a template, a list counted before "numbered", and a list that a new clause ends."""

from __future__ import annotations

import pytest

from rubriq.core.constraints.extract import extract_constraints


def _found(prompt: str, kind: str) -> list[dict]:
    return [c.params for c in extract_constraints(prompt) if c.kind == kind]


@pytest.mark.parametrize(("prompt", "topic"), [
    ("Rewrite my note to the landlord and take the parking bit out, we sorted that on the phone.", "parking"),
    ("Write the newsletter. Leave the refurbishment bit out.", "refurbishment"),
    ("Draft the reply. Nothing about the leak from last week.", "leak"),
    ("Schreib die Rundmail. Nichts vom Streik letzte Woche.", "Streik"),
    ("Schreib ein Grußwort. Lass das Thema Krankheit bitte ganz weg.", "Krankheit"),
    ("Propose d'autres menus et ne me parle plus de barbecue.", "barbecue"),
])
def test_a_topic_taken_out_is_named_by_its_subject(prompt, topic):
    assert {"topic": topic} in _found(prompt, "rubriq:forbidden_topic")


def test_taking_something_out_in_a_story_is_not_a_topic_ruled_out():
    assert _found("Each evening I take the dog out by the canal. Write me a poem about it.",
                  "rubriq:forbidden_topic") == []


@pytest.mark.parametrize("prompt", ["Explain the tariff. Not in bullet points, please.",
                                    "Erklär den Tarif. Bitte nicht in Stichpunkten."])
def test_bullet_points_refused_are_a_ban_on_lists(prompt):
    assert _found(prompt, "rubriq:no_lists") == [{}]
    assert _found(prompt, "rubriq:bullet_list") == []


def test_a_bare_word_ruled_out_everywhere_is_a_forbidden_word():
    assert _found("Price the job. Don't write roughly anywhere.", "keywords:forbidden_words") == [
        {"forbidden_words": ["roughly"]}]
    assert _found("Price the job. Don't use jargon anywhere.", "keywords:forbidden_words") == []


def test_a_new_clause_after_a_comma_ends_a_list_of_bare_words():
    prompt = "Write the safety notice. Please don't use the word danger, people stop reading when they see it."
    assert _found(prompt, "keywords:forbidden_words") == [{"forbidden_words": ["danger"]}]


def test_the_word_named_to_get_in_is_required():
    assert ["scaffold"] in [p["keywords"] for p in _found("Write a limerick. Get the word scaffold in there.",
                                                          "keywords:existence")]


@pytest.mark.parametrize("prompt", [
    "Work out the batch result. At the very end, a separate line that starts with \"Verdict:\".",
    "Rechne die Charge durch. Ganz unten eine eigene Zeile, die mit „Urteil:“ beginnt.",
])
def test_a_line_placed_at_the_end_is_the_last_line(prompt):
    last = _found(prompt, "rubriq:last_line_starts_with")
    assert len(last) == 1 and last[0]["options"][0] in ("Verdict:", "Urteil:")
    assert _found(prompt, "rubriq:starts_with") == []


@pytest.mark.parametrize(("prompt", "opening"), [
    ("Write the e-mail to the suppliers. First line \"Subject: …\", under 100 words.", "Subject:"),
    ("Schreib die Mail an die Lieferanten. Erste Zeile „Betreff: …“, höchstens 100 Wörter.", "Betreff:"),
    ("Write the e-mail. The first line should be \"Hello all\".", "Hello all"),
])
def test_the_first_line_given_is_the_opening_and_a_template_fixes_its_words_before_the_ellipsis(prompt, opening):
    assert _found(prompt, "rubriq:starts_with") == [{"options": [opening]}]


@pytest.mark.parametrize("prompt", ["Name ideas for the van. Give me 6, numbered.",
                                    "Des noms pour la camionnette. Propose-m'en six, numérotés."])
def test_a_count_asked_for_before_numbered_is_the_number_of_items(prompt):
    assert _found(prompt, "rubriq:numbered_list") == [{"num_items": 6}]


def test_a_csv_asked_for_with_please_in_the_middle():
    assert _found("Mach mir daraus bitte eine CSV mit den Spalten Datum und Menge.", "rubriq:csv_format") == [{}]


@pytest.mark.parametrize(("prompt", "value"), [
    ("Sum up the memo. The date 3 March must be in it.", "3 March"),
    ("Fass das Protokoll zusammen. Das Datum 3. März muss drin sein.", "3. März"),
    ("Rewrite the message and keep the bit about the £85 deposit in.", "£85"),
    ("Work out the batch result and mention the Prüfzahl explicitly.", "Prüfzahl"),
    ("Rechne die Charge durch und erwähn die Prüfzahl ausdrücklich.", "Prüfzahl"),
])
def test_a_date_figure_or_name_said_to_be_in_the_reply_is_required(prompt, value):
    assert [value] in [p["keywords"] for p in _found(prompt, "keywords:existence")]


def test_a_date_said_to_stay_out_is_not_required():
    assert _found("Sum up the memo. The date 3 March must not be in it.", "keywords:existence") == []


def test_a_word_that_goes_on_after_the_keys_is_no_key():
    prompt = "Fais un tableau JSON des demandes, avec les clés client, jour, heure et aucune autre clé."
    assert _found(prompt, "rubriq:json_keys") == [{"keys": ["client", "jour", "heure"]}]
