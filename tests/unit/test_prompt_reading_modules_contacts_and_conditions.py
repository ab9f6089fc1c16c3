"""Readings of constraints people state in passing.

- A short standard-library name is a module where the prompt calls it one: "no re module", « pas de module re ».
- "finish with the phone number, 0161 555 0142": the number itself ends the reply.
- German "Nichts mit Gamification" rules a topic out, where it opens its clause; "das hat nichts mit X zu tun" states.
- Spanish "Tiene que seguir apareciendo la palabra «esclusa»" keeps the word.
- "una fila por término" after a list of columns says how the rows go, it is no column.
- With no code asked for, "write me an explanation in 4 sentences max" limits the whole reply.
- « Si le ponton n'est pas attribué, mets « à définir » » is a condition: nothing the reply must always contain.
- "a function called f that returns True if ..." describes the code: the name stands.
- A CSV "the till system exports" is the program's input, not the reply's format.
"""

from __future__ import annotations

from rubriq.core.constraints.check import check_constraint
from rubriq.core.constraints.extract import extract_constraints


def _read(prompt: str) -> list[tuple[str, dict]]:
    return [(c.kind, c.params) for c in extract_constraints(prompt)]


def test_a_short_standard_library_name_called_a_module_is_ruled_out():
    for prompt in ("Write a Python function to count subtitles over 42 characters, no re module.",
                   "Écris une fonction Python qui compte les sous-titres trop longs, avec une docstring et pas de "
                   "module re.",
                   "Escribe una función en Python que cuente los subtítulos largos, sin el módulo re."):
        assert ("rubriq:code_forbidden_import", {"modules": ["re"]}) in _read(prompt), prompt
    assert not any(k == "rubriq:code_forbidden_import" for k, _ in _read(
        "Write a Python function to count long subtitles, no regex please."))


def test_a_contact_detail_named_and_given_is_the_end_of_the_reply():
    prompt = ("Rewrite this leaflet so a child of nine can follow it. It has to finish with the phone number, "
              "0161 555 0142, because that's what people look for.")
    end = next(c for c in extract_constraints(prompt) if c.kind == "startend:end_checker")
    assert end.params == {"end_phrase": "0161 555 0142"}
    assert check_constraint("An interpreter is free. Call us on 0161 555 0142", end).passed
    assert not check_constraint("Call us on 0161 555 0142 to book an interpreter.", end).passed
    assert not any(k == "startend:end_checker" for k, _ in _read("Rewrite this and end with the phone number."))


def test_german_nichts_mit_opening_a_clause_rules_a_topic_out():
    assert ("rubriq:forbidden_topic", {"topic": "Gamification"}) in _read(
        "Genau fünf Ideen als Aufzählung. Nichts mit Gamification, das hatten wir schon.")
    assert not any(k == "rubriq:forbidden_topic" for k, _ in _read(
        "Schreib eine kurze Mail an den Kunden. Das hat nichts mit dem Preis zu tun, sag ihm das."))
    read = _read("Mach einen Essensplan als Tabelle. Nichts mit Pilzen, und keine Überschrift über der Tabelle.")
    assert [p for k, p in read if k == "rubriq:forbidden_topic"] == [{"topic": "Pilzen"}]  # the next ban is no topic


def test_a_spanish_word_that_must_still_appear_is_kept():
    assert ("keywords:existence", {"keywords": ["esclusa"]}) in _read(
        "Reescribe el aviso con un tono más amable. Tiene que seguir apareciendo la palabra «esclusa».")


def test_one_row_per_item_after_the_columns_is_no_column():
    assert ("rubriq:table_columns", {"columns": ["termino_en", "termino_es", "comentario"]}) in _read(
        "Sácame los términos en CSV con las columnas termino_en, termino_es, comentario, una fila por término.")


def test_an_explanation_asked_for_with_no_code_is_the_whole_reply():
    read = _read("Je dois expliquer le vent apparent à des ados. Tu peux me faire une explication en 4 phrases "
                 "maximum, avec un exemple concret ?")
    assert ("length_constraints:number_sentences", {"relation": "less than", "num_sentences": 5}) in read
    assert not any(k == "rubriq:explanation_length" for k, _ in read)
    fix = _read("Fix this Python function and give me a short explanation in two sentences at most.")
    assert ("rubriq:explanation_length", {"relation": "less than", "num_sentences": 3}) in fix


def test_a_value_to_write_when_data_is_missing_is_a_condition_not_a_requirement():
    read = _read("Fais-moi un CSV avec les colonnes bateau, ponton. Si le ponton n'est pas encore attribué, "
                 "mets « à définir ».")
    assert not any(k == "keywords:existence" for k, _ in read)


def test_a_condition_on_what_the_code_returns_leaves_the_function_name_standing():
    for prompt in ("Write me a Python function called validate_email that returns True if the text looks like an "
                   "email. Standard library only.",
                   "Hazme una función en Python llamada validar_correo que devuelva True si el texto parece un "
                   "correo válido."):
        assert any(k == "rubriq:code_function_names" for k, _ in _read(prompt)), prompt


def test_a_csv_a_system_exports_is_the_input():
    read = _read("The till system exports stock as a CSV with the columns sku, description, on_hand, supplier. "
                 "Write me a Python function reorder_report(path) that lists the SKUs to reorder.")
    assert not any(k in ("rubriq:csv_format", "rubriq:table_columns") for k, _ in read)


def test_task_cues_a_plain_language_rewrite_an_explanation_to_make_and_a_question_passed_on():
    from rubriq.core.prompt import parse_prompt
    from rubriq.core.tasks import TaskType, detect_task

    def task(prompt: str) -> TaskType:
        return detect_task(parse_prompt(prompt)).task

    notice = ("Für den Aushang muss ich diesen Abschnitt in verständliches Deutsch bringen. Bitte als Liste.\n\n"
              "<ordnung>\n(1) Im Hafengebiet ist eine Höchstgeschwindigkeit von 3 Knoten einzuhalten.\n"
              "(2) Gastlieger haben sich bis 10:00 Uhr des Folgetages beim Hafenmeister anzumelden.\n</ordnung>")
    assert task(notice) is TaskType.REWRITING
    assert task("Demain j'ai un groupe d'ados. Tu peux me faire une explication du vent apparent en 4 phrases "
                "maximum ?") is TaskType.OPEN_QA
    prices = ("Un cliente pregunta por WhatsApp cuánto le costaría amarrar su velero de 11 metros en julio. "
              "Contéstale con la tabla de abajo.\n\n| Eslora | €/día |\n|---|---|\n| hasta 10 m | 38 |\n"
              "| 10,01 - 12 m | 49 |\n")
    assert task(prices) is TaskType.GROUNDED_QA
