"""Readings of lists, tables and slots as people ask for them: an item limit after "bullet points, not numbers"
keeps its own relation; a column list ends where a remark on it starts ("..., exactly in that order") and keeps a
column named like a preposition (« pour, contre »); « sans titre ni liste » and "no heading" rule out headings (a
poem's "no title" does not); "no waffle after the code" in four languages; rows "in the table" are not the reply's
lines; "keep the ISO 17100 bit in" and "make sure Saturday is in there" require the name; "a heading at the top that
says "X"" opens the reply; placeholders named one by one are counted; a CSV a tool exports is input, not the reply's
table; "each point under 25 words" is each item's length, not the explanation's."""

from __future__ import annotations

import pytest

from rubriq.core.constraints import extract_constraints


def readings(prompt: str) -> list[tuple[str, dict[str, object]]]:
    return [(c.kind, c.params) for c in extract_constraints(prompt)]


def test_an_item_limit_after_a_refused_numbering_keeps_its_relation() -> None:
    found = readings("Make me a packing checklist, as bullet points not numbers, each one under 6 words.")
    assert ("rubriq:item_length", {"relation": "less than", "num_words": 6}) in found
    assert not any(kind == "rubriq:item_length" and p["relation"] == "at least" for kind, p in found)


@pytest.mark.parametrize(("prompt", "columns"), [
    ("Turn the schedule into a table with the columns Day, Room, Tutor, exactly in that order.",
     ["Day", "Room", "Tutor"]),
    ("Mach mir eine Tabelle mit den Spalten Name, Klasse, Betrag, genau in der Reihenfolge.",
     ["Name", "Klasse", "Betrag"]),
    ("Fais-moi un CSV des votes. Colonnes : motion, pour, contre, resultat.", ["motion", "pour", "contre", "resultat"]),
])
def test_a_column_list_ends_at_its_remark_and_keeps_short_names(prompt: str, columns: list[str]) -> None:
    assert ("rubriq:table_columns", {"columns": columns}) in readings(prompt)


@pytest.mark.parametrize("prompt", [
    "Réponds-moi en quelques phrases, sans titre ni liste.",
    "Mach eine Tabelle aus den Terminen, keine Überschrift drüber.",
    "Answer in two short paragraphs, no heading.",
])
def test_a_single_heading_ruled_out_is_no_headings(prompt: str) -> None:
    assert ("rubriq:no_headings", {}) in readings(prompt)


def test_a_heading_and_a_list_ruled_out_together_are_both_read() -> None:
    found = readings("Réponds-moi en quelques phrases, sans titre ni liste.")
    assert ("rubriq:no_lists", {}) in found


def test_a_poem_without_a_title_is_not_a_ban_on_headings() -> None:
    assert ("rubriq:no_headings", {}) not in readings("Schreib ein Elfchen über den ersten Schnee. Kein Titel.")


@pytest.mark.parametrize("prompt", [
    "Écris une fonction Python qui trie les rendez-vous. Pas de blabla après le code.",
    "Schreib eine Python-Funktion, die Termine sortiert. Kein Gelaber nach dem Code.",
    "Escribe una función en Python que ordene las citas. Nada de rollo después del código.",
    "Write a Python function that sorts the appointments. No chit-chat after the code.",
])
def test_no_waffle_after_the_code_in_four_languages(prompt: str) -> None:
    assert ("rubriq:no_prose_after_code", {}) in readings(prompt)


@pytest.mark.parametrize("prompt", [
    "Mach eine Tabelle aus den Proben. Höchstens fünf Zeilen in der Tabelle.",
    "Put the samples in a table, at most five lines in the table.",
])
def test_rows_of_a_table_are_not_lines_of_the_reply(prompt: str) -> None:
    assert not any(kind == "rubriq:number_lines" for kind, _ in readings(prompt))


@pytest.mark.parametrize(("prompt", "name"), [
    ("Shorten my bio to 80 words. Keep the ISO 17100 bit in.", "ISO 17100"),
    ("Summarise the memo for the front desk and make sure Saturday is in there, they always miss it.", "Saturday"),
    ("Write the thank-you note, and make sure Dr Okafor gets a mention.", "Dr Okafor"),
])
def test_a_name_to_keep_or_make_sure_of_is_required(prompt: str, name: str) -> None:
    assert ("keywords:existence", {"keywords": [name]}) in readings(prompt)


def test_a_heading_at_the_top_that_says_a_phrase_opens_the_reply() -> None:
    found = readings('Redo the list as bullets and put a heading at the top that says "Trip to-do".')
    assert ("rubriq:starts_with", {"options": ["Trip to-do"]}) in found


@pytest.mark.parametrize(("prompt", "count"), [
    ("Write the overdue-book letter. Keep the [Pupil name] and [Book title] placeholders exactly as they are.", 2),
    ("Write the rejection e-mail. Leave placeholders in square brackets for her name and the manager's name.", 2),
    ("Write the letter. Use square-bracket placeholders for the date, the time and the room.", 3),
    ("Write the letter with placeholders in square brackets like [name] and [date].", 1),
    ("Draft the reply. Leave placeholders in square brackets for her name and the manager's name, keep it short.", 2),
    ("Write the letter. Use placeholders in [brackets] for the name, the date, keep it short.", 1),
])
def test_placeholders_named_one_by_one_are_counted(prompt: str, count: int) -> None:
    assert ("detectable_content:number_placeholders", {"num_placeholders": count}) in readings(prompt)


def test_a_csv_a_tool_exports_is_the_programs_input_not_the_replys_table() -> None:
    found = readings("Our booking system exports a CSV with the columns booking_id, room, starts_at, ends_at. Write "
                     "a Python script that finds double bookings.")
    assert not any(kind == "rubriq:table_columns" for kind, _ in found)


def test_each_points_length_is_not_the_explanations() -> None:
    found = readings("Dame la explicación en una lista numerada de tres puntos, cada punto de menos de 20 palabras.")
    assert ("rubriq:item_length", {"relation": "less than", "num_words": 20}) in found
    assert not any(kind == "rubriq:explanation_length" for kind, _ in found)


def test_a_layout_remark_after_the_columns_is_not_a_column() -> None:
    found = readings("Fais-moi un CSV des votes. Colonnes : motion, pour, contre, une ligne par séance.")
    assert ("rubriq:table_columns", {"columns": ["motion", "pour", "contre"]}) in found


@pytest.mark.parametrize(("prompt", "names"), [
    ("Write a Python module with three functions: load(path) reads the file, tidy(rows) drops blank rows and "
     "report(rows, out) writes the summary.", ["load", "tidy", "report"]),
    ("Kannst du mir ein kleines Python-Skript schreiben? Zwei Funktionen: zeilen(text) zählt die Zeilen, und "
     "preis(text, satz) gibt den Betrag zurück.", ["zeilen", "preis"]),
])
def test_plain_function_names_listed_after_functions_are_all_read(prompt: str, names: list[str]) -> None:
    assert ("rubriq:code_function_names", {"names": names}) in readings(prompt)


def test_a_thing_to_mention_by_name_that_the_prompt_only_describes_names_no_word() -> None:
    found = readings("Draft my reply to the parent and mention the bursary option by name so she can look it up.")
    assert not any(kind == "keywords:existence" and "bursary" in p["keywords"] for kind, p in found)


@pytest.mark.parametrize(("prompt", "count"), [
    ("Here is the full to-do list. Cut it down to the 6 most urgent ones, as bullet points not numbers.", 6),
    ("From these notes, give me the 5 most important ones as bullet points.", 5),
])
def test_a_count_of_things_then_as_bullet_points_is_the_number_of_bullets(prompt: str, count: int) -> None:
    assert ("detectable_format:number_bullet_lists", {"num_bullets": count}) in readings(prompt)
