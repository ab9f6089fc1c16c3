"""Readings of requests as people word them in English, German and Spanish: a count said before ", numbered", a
chat's earlier answer that asks nothing, a number word that shares a package's name, a file the person exports,
words ruled out without a verb, "the last one" of the lines just named, a name that has to come up, a function
name to keep in pasted code, a value to keep in, and task cues in Spanish (a question passed on, an explanation
needed, a toast)."""

from __future__ import annotations

import pytest

from rubriq.core.constraints.extract import extract_constraints
from rubriq.core.prompt import parse_prompt
from rubriq.core.tasks import detect_task


def _read(prompt: str) -> list[tuple[str, dict]]:
    return [(c.kind, c.params) for c in extract_constraints(prompt)]


@pytest.mark.parametrize(("prompt", "count"), [
    ("Kannst du mir fünf Slogans machen, nummeriert, jeder höchstens acht Wörter?", 5),
    ("Son demasiadas. Quédate con cinco, numeradas, cada una en menos de 12 palabras.", 5),
    ("Dame solo 4, numeradas.", 4),
])
def test_a_count_said_earlier_in_the_sentence_is_the_size_of_the_numbered_list(prompt, count):
    assert ("rubriq:numbered_list", {"num_items": count}) in _read(prompt)


@pytest.mark.parametrize("prompt", ["On 3 May we run the open day, numbered.", "Write it in 2 paragraphs, numbered."])
def test_a_date_or_a_count_of_other_units_is_no_size_of_the_list(prompt):
    assert ("rubriq:numbered_list", {}) in _read(prompt)


def test_an_earlier_assistant_answer_in_a_pasted_chat_asks_nothing_of_the_reply():
    prompt = ("User: Ideas for a book club for teenagers?\n\nAssistant: Here are some:\n1. Vote on the books.\n"
              "2. A blind date with a book: books wrapped with only three words written on the paper.\n\n"
              "User: Too many. Keep five, numbered, each under 12 words.")
    kinds = [kind for kind, _ in _read(prompt)]
    assert "length_constraints:number_words" not in kinds
    assert ("rubriq:numbered_list", {"num_items": 5}) in _read(prompt)


def test_a_number_word_is_no_package_ruled_out_even_where_a_package_shares_its_name():
    prompt = ("Write a Python script that works out the fines.\nRequirements:\n- standard library only\n"
              "- explain it in no more than three sentences after the code")
    assert "rubriq:code_forbidden_import" not in [kind for kind, _ in _read(prompt)]


def test_a_csv_the_person_exports_is_the_programs_input_not_the_replys_format():
    prompt = ("I export loans to a CSV instead (columns: barcode, title, due_date). Can you write a Python script "
              "that works out the fine for each loan?")
    kinds = [kind for kind, _ in _read(prompt)]
    assert "rubriq:csv_format" not in kinds and "rubriq:table_columns" not in kinds


@pytest.mark.parametrize("prompt", [
    "Mach mir fünf Slogans. Das Wort „Kultur“ bitte nicht, das steht schon auf jedem Plakat.",
    "Schreib eine Antwort und benutz das Wort „Kultur“ nicht, das steht bei uns in jeder Mail.",
])
def test_a_german_word_ruled_out_with_or_without_a_verb_is_a_forbidden_word(prompt):
    assert ("keywords:forbidden_words", {"forbidden_words": ["Kultur"]}) in _read(prompt)


def test_the_last_one_of_the_lines_just_named_is_the_last_line():
    prompt = "Pon el total en negrita, no uses más de 6 líneas y que la última empiece por «Total:»."
    assert ("rubriq:last_line_starts_with", {"options": ["Total:"]}) in _read(prompt)


def test_a_csv_asked_for_with_sacame_is_the_replys_format():
    assert ("rubriq:csv_format", {}) in _read("Sácame un CSV con la cabecera alumno,curso,libro, una fila por libro.")


def test_a_name_that_has_to_come_up_is_a_required_word_and_a_manner_is_not():
    assert ("keywords:existence", {"keywords": ["Lola"]}) in _read(
        "Escríbeme un brindis. Tiene que salir Lola, la gata de la clínica.")
    assert not [kind for kind, _ in _read("Escríbeme un brindis. Tiene que salir bien y claro.")
                if kind == "keywords:existence"]


def test_a_function_name_that_must_stay_is_the_pasted_codes_one():
    prompt = ("Die Funktion prüft unsere Inventarnummern falsch. Kannst du sie reparieren? Der Funktionsname muss "
              "bleiben, weil die Importe sie aufrufen.\n\n```python\ndef ist_gueltige_nummer(nr):\n"
              "    return nr.startswith('M')\n```\n")
    assert ("rubriq:code_function_names", {"names": ["ist_gueltige_nummer"]}) in _read(prompt)


@pytest.mark.parametrize(("prompt", "task"), [
    ("Hola, este es el horario de la biblioteca y una madre me ha preguntado cuántas horas abre la sala infantil. "
     "¿Me lo calculas?\n\n--- HORARIO ---\nLunes a viernes: 16:00-19:00\nSábado: 10:00-13:00\n---\n", "grounded_qa"),
    ("Una clienta me pregunta por WhatsApp cuánto le costaría el baño y el corte. Mira la tabla:\n\n"
     "| Servicio | Precio |\n|---|---|\n| Baño | 30 € |\n| Corte | 25 € |\n\nContéstame en menos de 40 palabras.",
     "grounded_qa"),
    ("Coordino las adopciones en una protectora. Necesito una explicación para la ficha de adopción: qué es la "
     "leishmania y cómo se contagia. Entre 80 y 120 palabras.", "open_qa"),
    ("El viernes se jubila Carmen y me toca decir unas palabras. Escríbeme un brindis de unas 150 palabras.",
     "creative_writing"),
])
def test_spanish_requests_are_read_for_their_task(prompt, task):
    assert detect_task(parse_prompt(prompt)).task.value == task


def test_a_value_kept_in_is_required_and_one_kept_in_mind_is_not():
    assert ("keywords:existence", {"keywords": ["1843"]}) in _read(
        "Rewrite the label for children, under 60 words, and keep the date 1843 in.")
    assert not [kind for kind, _ in _read("Keep the number 5 in mind when you plan the rota.")
                if kind == "keywords:existence"]
