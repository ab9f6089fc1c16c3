"""Readings of requests seen in the wild: a keyword spread over the items said first ("In at least two of them, use
the word roof"); a count given with its items named before it, then the bullets ("Give me five, in a bulleted
list"); a last line or a last sentence with its opening phrase, said with the part it closes ("after the table, a
line of its own that starts with", "end with your recommendation, in a sentence that starts with"); section labels
written with their colons, one of them worded like a permission ("No need to notify:"); a reference kept "exactly as
it is"; a figure to mention, named as a figure; words ruled out as examples of jargon or with "don't even put it";
the Spanish personal "a" before a name to leave out; an answer in bold named by what it is ("the maximum length");
a postscript pointing to something; "que ninguno de ellos pase de diez palabras". Task type: a table of the material
with a summary line under it is extraction, and a chat turn that only reshapes the reply keeps the first turn's task."""

from __future__ import annotations

import pytest

from rubriq.core.constraints.extract import extract_constraints
from rubriq.core.prompt import parse_prompt
from rubriq.core.tasks import TaskType, detect_task


def _readings(prompt: str) -> list[tuple[str, dict]]:
    return [(c.kind, c.params) for c in extract_constraints(prompt)]


def _kinds(prompt: str) -> list[str]:
    return [c.kind for c in extract_constraints(prompt)]


@pytest.mark.parametrize(("prompt", "keyword"), [
    ("Write five slogans for the van. In at least two of them, use the word roof.", "roof"),
    ("Write five slogans for the van. In at least 2 slogans the word roof should appear.", "roof"),
    ("Propose-m'en cinq. Mets le mot « toit » dans au moins deux d'entre eux.", "toit"),
    ("Escribe cinco lemas. Pon la palabra «tejado» en al menos dos de ellos.", "tejado"),
    ("Schreib fünf Sprüche. In mindestens zwei davon soll das Wort Dach vorkommen.", "Dach"),
])
def test_a_keyword_spread_over_at_least_n_items_is_a_frequency_of_n(prompt, keyword):
    assert ("keywords:frequency", {"keyword": keyword, "relation": "at least", "frequency": 2}) in _readings(prompt)


@pytest.mark.parametrize("prompt", [
    "Slogans for the van? Give me five, in a bulleted list.",
    "Des slogans pour la camionnette ? Propose-m'en cinq, en liste à puces.",
])
def test_a_count_given_before_the_bullets_is_the_number_of_bullets(prompt):
    assert ("detectable_format:number_bullet_lists", {"num_bullets": 5}) in _readings(prompt)


@pytest.mark.parametrize(("prompt", "label"), [
    ("Make a table of the rooms. At the very bottom, after the table, a line of its own that starts with \"Total:\".",
     "Total:"),
    ("Mach mir eine Tabelle. Ganz unten, nach der Tabelle, eine eigene Zeile, die mit „Gesamt:“ anfängt.", "Gesamt:"),
])
def test_a_line_of_its_own_at_the_very_bottom_is_the_last_line(prompt, label):
    readings = _readings(prompt)
    assert ("rubriq:last_line_starts_with", {"options": [label]}) in readings
    assert "rubriq:starts_with" not in [kind for kind, _ in readings]


@pytest.mark.parametrize(("prompt", "phrase"), [
    ("PEX or multilayer? End with your recommendation, in one sentence that starts with \"For my part\".",
     "For my part"),
    ("PEX or multilayer? Finish with your recommendation in a sentence starting with 'For my part'.", "For my part"),
    ("PER ou multicouche ? Finis par ta recommandation, dans une phrase qui commence par « Pour ma part ».",
     "Pour ma part"),
    ("¿PEX o multicapa? Termina con tu recomendación, en una frase que empiece por «En mi caso».", "En mi caso"),
])
def test_a_closing_recommendation_in_a_sentence_that_starts_with_a_phrase_is_the_last_sentence(prompt, phrase):
    readings = _readings(prompt)
    assert ("rubriq:last_sentence_starts_with", {"options": [phrase]}) in readings
    kinds = [kind for kind, _ in readings]
    assert "rubriq:starts_with" not in kinds
    assert "length_constraints:number_sentences" not in kinds  # the one sentence is the closing one


@pytest.mark.parametrize("prompt", [
    "Which bits do I need to notify? Lay it out under Notify: and No need to notify: so I can paste it.",
    "Which bits do I need to notify? Lay it out under \"Notify:\" and \"No need to notify:\".",
])
def test_labels_written_with_their_colons_are_section_labels_even_worded_like_a_permission(prompt):
    assert ("rubriq:section_labels", {"labels": ["Notify", "No need to notify"]}) in _readings(prompt)


def test_a_permission_still_withdraws_a_limit_when_it_is_no_label():
    assert "length_constraints:number_words" not in _kinds("Write a bio. No need to keep it under 100 words.")


@pytest.mark.parametrize(("prompt", "value"), [
    ("Rewrite it in plain English and keep our ref BC/24/0387 exactly as it is.", "BC/24/0387"),
    ("Tidy up the note. Keep the order number 55-1203 unchanged.", "55-1203"),
    ("Fais court et cite bien le chiffre de 42 rendez-vous.", "42"),
    ("Keep it short and mention the number 42.", "42"),
])
def test_a_reference_kept_as_it_is_or_a_figure_to_mention_must_appear(prompt, value):
    assert ("keywords:existence", {"keywords": [value]}) in _readings(prompt)


@pytest.mark.parametrize("prompt", [
    "Keep it short and don't mention the number 42.",
    "Keep the number 3 in mind when you write it.",
])
def test_a_figure_ruled_out_or_kept_in_mind_is_not_required(prompt):
    assert "keywords:existence" not in _kinds(prompt)


@pytest.mark.parametrize(("prompt", "words"), [
    ("Work out the coffee order. And the word \"approximately\", don't even put it.", ["approximately"]),
    ("Calcula el pedido de café. Y la palabra «aproximadamente» ni la pongas.", ["aproximadamente"]),
    ("Turn it into a newsletter item. Cut the jargon, especially the words \"disruptive\" and \"synergies\".",
     ["disruptive", "synergies"]),
    ("Transforme-le en brève. Vire le jargon, surtout les mots « disruptif » et « synergies ».",
     ["disruptif", "synergies"]),
])
def test_words_ruled_out_as_jargon_or_with_dont_even_put_it_are_forbidden(prompt, words):
    assert ("keywords:forbidden_words", {"forbidden_words": words}) in _readings(prompt)


def test_the_spanish_personal_a_is_not_part_of_a_name_to_leave_out():
    readings = _readings("Resume el chat del grupo de la obra. Y no nombres a Paco, no quiero líos.")
    assert ("rubriq:forbidden_topic", {"topic": "Paco"}) in readings


@pytest.mark.parametrize("prompt", [
    "How long can a trial period last? Put the maximum length in bold.",
    "Quelle est la durée de la période d'essai ? Mets la durée maximale en gras.",
    "¿Cuánto puede durar el periodo de prueba? Pon el plazo máximo en negrita.",
])
def test_an_answer_in_bold_named_by_what_it_is_is_one_bold_answer(prompt):
    kinds = _kinds(prompt)
    assert "rubriq:bold_answer" in kinds
    assert "detectable_format:number_highlighted_sections" not in kinds


def test_a_postscript_pointing_them_to_something_must_name_it():
    readings = _readings("Rewrite this rejection email. Add a P.S. pointing them to our careers page.")
    assert ("rubriq:postscript_content", {"postscript_marker": "P.S.", "content": "careers page"}) in readings


def test_none_of_them_going_over_ten_words_limits_each_item():
    readings = _readings("Escribe cinco lemas para la furgoneta y que ninguno de ellos pase de diez palabras.")
    assert ("rubriq:item_length", {"relation": "less than", "num_words": 11}) in readings
    assert "length_constraints:number_words" not in [kind for kind, _ in readings]


def test_a_count_of_times_for_one_word_is_not_spread_onto_the_next_word():
    readings = _readings("Write a leaving poem for Sue. Get her name in at least three times, and please avoid the "
                         "word \"old\" entirely.")
    assert ("keywords:forbidden_words", {"forbidden_words": ["old"]}) in readings
    assert not [params for kind, params in readings if kind == "keywords:frequency" and params["keyword"] == "old"]


def test_a_word_back_in_n_of_the_items_at_least_is_a_frequency_and_no_word_count():
    readings = _readings("Quatre petites phrases, chacune tient en huit mots.\n"
                         "- « chaussette » revient dans deux d'entre elles au moins, c'est son mot-piège ;")
    assert ("keywords:frequency", {"keyword": "chaussette", "relation": "at least", "frequency": 2}) in readings
    assert ("length_constraints:number_words", {"relation": "at least", "num_words": 2}) not in readings


PRESS = ("\n\n\"\"\"\nLe Parisien – 3 June – \"Maison Verlaine candles, the new chic Father's Day gift\": very "
         "positive, an interview with the founder.\nElle Déco (web) – 4 June – shopping pick \"10 candles for "
         "summer\", Maison Verlaine listed at no. 4 with a photo.\n\"\"\"\n")


@pytest.mark.parametrize("request_text", [
    "Here's the week's press review. Make me a Markdown table with three columns: Outlet, Date, Tone. One row per "
    "article. Underneath, add one summary sentence that names Maison Verlaine.",
    "Voici la revue de presse de la semaine. Fais-moi un tableau en Markdown avec trois colonnes : Média, Date, Ton. "
    "Une ligne par article. En dessous, ajoute une phrase de synthèse qui cite Maison Verlaine.",
])
def test_a_table_of_the_material_with_a_summary_line_under_it_is_extraction(request_text):
    assert detect_task(parse_prompt(request_text + PRESS)).task is TaskType.EXTRACTION


def test_a_summary_asked_for_alone_is_still_a_summary():
    prompt = "Give me a one-line summary of this press review for the client." + PRESS
    assert detect_task(parse_prompt(prompt)).task is TaskType.SUMMARIZATION


def test_a_last_chat_turn_that_only_reshapes_the_reply_keeps_the_question_of_the_first():
    prompt = ("User: Hallo, hier die Überstunden aus der Zeiterfassung:\n\n| Name | Überstunden März |\n|---|---|\n"
              "| Becker, Jana | 6,5 |\n| Öztürk, Emre | 14 |\n| Krause, Anna | 12 |\n\n"
              "Ab mehr als 10 Stunden muss die Abteilungsleitung gegenzeichnen. Wer ist betroffen?\n\n"
              "Assistant: Gern! Über der Grenze liegen Emre Öztürk mit 14 Stunden und Anna Krause mit 12 Stunden. "
              "Soll ich eine Vorlage erstellen?\n\n"
              "User: Danke, aber viel zu ausführlich. Nur die Namen bitte, untereinander mit Spiegelstrich davor, "
              "insgesamt unter 30 Wörtern.")
    detection = detect_task(parse_prompt(prompt))
    assert detection.task is TaskType.GROUNDED_QA
    assert "the last user turn only reshapes the assistant's reply" in detection.evidence
