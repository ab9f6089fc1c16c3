"""Prompt reading in a thirteenth round of wordings: a count the reply "has" or is given room for, "don't exceed
it", "120-ish words", an answer in bold named with what it counts, emoji and lowercase said the short way in French,
Spanish and German, "mach mir YAML draus", a German count that "should not be more", and the last line or sentence
that "arranque con" or is "la phrase de conclusion"."""

from __future__ import annotations

import pytest
from prompt_reading_helpers import kinds


@pytest.mark.parametrize(("prompt", "kind", "params"), [
    ("Write a note. You have 100 words.", "length_constraints:number_words",
     {"relation": "less than", "num_words": 101}),
    ("Write a note. Fifty words is all the room there is.", "length_constraints:number_words",
     {"relation": "less than", "num_words": 51}),
    ("Write a note. Ninety words, don't exceed it.", "length_constraints:number_words",
     {"relation": "less than", "num_words": 91}),
    ("Escribe una nota. Tienes cien palabras.", "length_constraints:number_words",
     {"relation": "less than", "num_words": 101}),
    ("Schreib eine Notiz. Mehr als neunzig Wörter sollten es insgesamt nicht werden.",
     "length_constraints:number_words", {"relation": "less than", "num_words": 91}),
    ("Write a note. Aim for 120-ish words.", "rubriq:approximate_words", {"num_words": 120}),
])
def test_a_count_given_as_room_or_a_rough_size(prompt: str, kind: str, params: dict) -> None:
    assert kinds(prompt)[kind] == [params]


def test_you_have_a_count_left_is_no_limit():
    assert "length_constraints:number_sentences" not in kinds("Fix the draft. You have 3 sentences left to fix.")


@pytest.mark.parametrize("prompt", [
    "How many tins do I need? Put the number of tins in bold.",
    "When should we leave? Set the time of the bus we should get in bold lettering.",
    "Wie viele Dosen brauche ich? Das Ergebnis am Ende bitte fett.",
    "¿Cuánto descuento es de verdad? El porcentaje real remarcado en negrita.",
])
def test_the_answer_in_bold_named_with_what_it_counts(prompt: str) -> None:
    read = kinds(prompt)
    assert read["rubriq:bold_answer"] == [{}]
    assert "detectable_format:number_highlighted_sections" not in read


@pytest.mark.parametrize(("prompt", "kind"), [
    ("Écris un mot aux parents. Zéro emoji.", "rubriq:no_emoji"),
    ("Escribe un mensaje. Emojis no, gracias.", "rubriq:no_emoji"),
    ("Schreib einen Text. Emojis haben im Gemeindebrief nichts zu suchen.", "rubriq:no_emoji"),
    ("Escribe un mensaje. Todo en letra minúscula.", "rubriq:all_lowercase"),
    ("Schreib einen Reim. Bitte alles in kleinen Buchstaben.", "rubriq:all_lowercase"),
    ("Hier sind die Termine. Mach mir YAML draus.", "rubriq:yaml_format"),
    ("Hier sind die Termine. Mach daraus YAML.", "rubriq:yaml_format"),
    ("Voici les réponses. Range-moi ça dans un tableau Markdown.", "rubriq:markdown_table"),
])
def test_a_format_said_the_short_way(prompt: str, kind: str) -> None:
    assert kinds(prompt)[kind] == [{}]


def test_what_has_no_place_there_is_a_topic_left_out():
    assert kinds("Fass die Mail zusammen. Die Telefonnummern haben da nichts zu suchen.")["rubriq:forbidden_topic"] \
        == [{"topic": "Telefonnummern"}]


@pytest.mark.parametrize(("prompt", "kind", "phrase"), [
    ("Resuelve el problema, y la última línea que arranque con «Conclusión:».", "rubriq:last_line_starts_with",
     "Conclusión:"),
    ("Resuelve el problema y remata con una frase que arranque con «Por tanto».", "rubriq:last_sentence_starts_with",
     "Por tanto"),
    ("Résume l'avis. La phrase de conclusion commence par « En résumé ».", "rubriq:last_sentence_starts_with",
     "En résumé"),
])
def test_the_closing_line_or_sentence_and_its_first_words(prompt: str, kind: str, phrase: str) -> None:
    read = kinds(prompt)
    assert read[kind] == [{"options": [phrase]}]
    assert "rubriq:starts_with" not in read and "startend:end_checker" not in read


@pytest.mark.parametrize(("prompt", "kind", "params"), [
    ("Answer from the leaflet. I can only take three sentences.", "length_constraints:number_sentences",
     {"relation": "less than", "num_sentences": 4}),
    ("Rewrite it for their portal, which cuts you off at 600 characters.", "rubriq:number_characters",
     {"relation": "less than", "num_characters": 601}),
    ("Write a counting rhyme, eight lines long.", "rubriq:number_lines", {"relation": "exactly", "num_lines": 8}),
    ("Is it still under warranty? Open on a straight yes or no.", "rubriq:starts_with", {"options": ["yes", "no"]}),
    ("Write the story. The last sentence, it's \"Good night, little dragon.\"", "startend:end_checker",
     {"end_phrase": "Good night, little dragon."}),
    ("How do I keep it flat? Please keep every letter small in your answer.", "change_case:english_lowercase", {}),
])
def test_limits_and_forms_said_in_passing(prompt: str, kind: str, params: dict) -> None:
    assert kinds(prompt)[kind] == [params]


def test_a_bound_before_numbered_steps_bounds_the_steps():
    for prompt in ("Is she right? Do it in up to five numbered steps.",
                   "¿Tiene razón? Hazlo en hasta cinco pasos numerados."):
        read = kinds(prompt)
        assert read["rubriq:numbered_list"] == [{}], prompt
        assert read["rubriq:item_count"] == [{"relation": "less than", "num_items": 6}], prompt
    assert kinds("Explain it. Give five numbered steps.")["rubriq:numbered_list"] == [{"num_items": 5}]


def test_json_keys_listed_after_the_word_keys_or_each_with():
    read = kinds("Pull the invoice details out. JSON please, as one object, keys supplier, invoice_number, total and "
                 "due_date. Just those four, my script chokes on anything else.")
    keys = ["supplier", "invoice_number", "total", "due_date"]
    assert read["detectable_format:json_format"] == [{}]
    assert read["rubriq:json_keys"] == [{"keys": keys}]
    assert read["rubriq:json_no_extra_keys"] == [{"keys": keys}]
    read = kinds("Turn the replies into a JSON array, each with name, attending, dietary and plus_one. Every key "
                 "lower-case with underscores between words.")
    assert read["rubriq:json_keys"] == [{"keys": ["name", "attending", "dietary", "plus_one"]}]
    assert read["rubriq:json_key_case"] == [{"case": "snake_case"}]


def test_french_table_columns_in_an_order_stop_before_a_remark():
    read = kinds("Voici les réponses. Range-moi ça dans un tableau Markdown, colonnes dans cet ordre : Élève, Parent, "
                 "Créneau, classé par heure.")
    assert read["rubriq:table_columns"] == [{"columns": ["Élève", "Parent", "Créneau"]}]
    assert kinds("Fais-moi un tableau en markdown avec pour colonnes Date, Entreprise et Montant.")[
        "rubriq:table_columns"] == [{"columns": ["Date", "Entreprise", "Montant"]}]


@pytest.mark.parametrize(("prompt", "kind", "params"), [
    ("Summarise the notes. Don't lecture us about taxis.", "rubriq:forbidden_topic", {"topic": "taxis"}),
    ("Summarise the notes. Skip the office move entirely.", "rubriq:forbidden_topic", {"topic": "office move"}),
    ("Give me the YAML. Not in a code block please.", "rubriq:no_code_blocks", {}),
    ("Schreib den YAML-Text. Bitte nicht in einen Codeblock setzen.", "rubriq:no_code_blocks", {}),
    ("Fass es zusammen. Lass das Wort „Elternbeirat“ raus.", "keywords:forbidden_words",
     {"forbidden_words": ["Elternbeirat"]}),
    ("Fass den Elternabend zusammen, die Zusammenfassung bitte in englischer Sprache.", "language:response_language",
     {"language": "en"}),
    ("Fass es zusammen. Ein Absatz zur Klassenfahrt, ein zweiter für alles andere.", "rubriq:number_paragraphs",
     {"num_paragraphs": 2, "relation": "exactly"}),
    ("Wie lange dauert es? Rechenweg in Schritten 1., 2., 3. usw.", "rubriq:numbered_list", {}),
    ("Schreib einen Abzählreim. Acht Verse lang soll er sein.", "rubriq:number_lines",
     {"relation": "exactly", "num_lines": 8}),
    ("Écris une histoire, dans les 200 mots environ.", "rubriq:approximate_words", {"num_words": 200}),
    ("Écris une histoire. La dernière phrase, c'est « Bonne nuit, petit dragon. »", "startend:end_checker",
     {"end_phrase": "Bonne nuit, petit dragon."}),
    ("Escribe tres eslóganes. La palabra «tradición» ni la quiero ver.", "keywords:forbidden_words",
     {"forbidden_words": ["tradición"]}),
    ("Escribe tres eslóganes, que ninguno se alargue más allá de diez palabras.", "rubriq:item_length",
     {"relation": "less than", "num_words": 11}),
    ("Reescribe el aviso, como mucho una palabra entera en mayúsculas.", "change_case:capital_word_frequency",
     {"capital_relation": "less than", "capital_frequency": 2}),
])
def test_more_wordings_of_topics_formats_and_counts(prompt: str, kind: str, params: dict) -> None:
    assert kinds(prompt)[kind] == [params]


def test_a_lecture_about_doing_something_is_no_topic():
    assert "rubriq:forbidden_topic" not in kinds("How do I keep it alive? Don't lecture me about buying a grow light.")


def test_capital_words_counted_in_spanish_ask_for_no_all_capitals_reply():
    assert "rubriq:all_uppercase" not in kinds("Reescribe el aviso, como mucho una palabra entera en mayúsculas.")
