"""Everyday wordings of common constraints, in four languages: code prompts that say "every function gets a
docstring", "only what comes with Python", "the main function should be called ...", "after the code, two sentences
at most", "two or three tests", « juste le code », « n'écris rien après le code »; words quoted „like this" with a
plain closing mark; words ruled out with the verb last („nicht „A“ oder „B“ schreiben") or as "words like ... out";
« ni de « X » » continuing a list of banned words; « empezar por «X» »; a table asked for as "make me a table"; a
gap in [brackets] to fill in later; columns listed before a remark about them; a phrase to write "out in full" and
the short form it replaces; a closing tip "that starts with" given words; "a PS" without its dots; "never use
headings or bullet points"."""

from __future__ import annotations

import pytest

from rubriq.core.constraints import extract_constraints


def readings(prompt: str) -> list[tuple[str, dict[str, object]]]:
    return [(c.kind, c.params) for c in extract_constraints(prompt)]


@pytest.mark.parametrize(("prompt", "expected"), [
    ("Schreib mir ein kleines Python-Skript für die Urlaubsliste. Jede Methode bekommt einen Docstring.",
     ("rubriq:code_docstrings", {})),
    ("Schreib mir ein Python-Skript für die Inventur. Nur das, was bei Python sowieso dabei ist, bitte.",
     ("rubriq:code_stdlib_only", {})),
    ("Schreib mir ein Python-Skript für die Inventur. Die Hauptfunktion soll lade_bestand heißen.",
     ("rubriq:code_function_names", {"names": ["lade_bestand"]})),
    ("Schreib mir ein Python-Skript für die Inventur. Nach dem Code höchstens ein Satz.",
     ("rubriq:explanation_length", {"relation": "less than", "num_sentences": 2})),
    ("Write a Python function that rounds invoice totals. After the code, two sentences at most.",
     ("rubriq:explanation_length", {"relation": "less than", "num_sentences": 3})),
    ("Écris une fonction Python qui arrondit les totaux. Ajoute 3-4 tests avec assert.",
     ("rubriq:code_min_tests", {"num_tests": 3})),
    ("Écris une fonction Python qui arrondit les totaux, et n'écris rien après le code.",
     ("rubriq:no_prose_after_code", {})),
    ("Écris une fonction JavaScript qui formate un prix. Juste le code, je le colle dans la page.",
     ("rubriq:code_only", {})),
])
def test_code_constraints_in_everyday_words(prompt: str, expected: tuple[str, dict[str, object]]) -> None:
    assert expected in readings(prompt)


@pytest.mark.parametrize(("prompt", "expected"), [
    ("Schreib einen Vierzeiler für die Feier. Das Wort „Dienstplan\" soll mindestens zweimal vorkommen.",
     ("keywords:frequency", {"keyword": "Dienstplan", "relation": "at least", "frequency": 2})),
    ("Erklär mir, warum der Teig reißt, aber bitte nicht „Gluten“ oder „Hydratation“ schreiben.",
     ("keywords:forbidden_words", {"forbidden_words": ["Gluten", "Hydratation"]})),
    ("Schreib den Aushang einfacher. Begriffe wie „Nutzungsordnung“ und „Haftung“ bitte komplett raus.",
     ("keywords:forbidden_words", {"forbidden_words": ["Nutzungsordnung", "Haftung"]})),
    ("Explique-moi le réglage, mais pas de « environ » ni de « en gros ».",
     ("keywords:forbidden_words", {"forbidden_words": ["environ", "en gros"]})),
    ("Escribe la nota para el tablón; la última frase tiene que empezar por «Un saludo».",
     ("rubriq:last_sentence_starts_with", {"options": ["Un saludo"]})),
    ("Schreib den Text für die Kinderführung, und am Ende eine Frage an die Kinder.",
     ("rubriq:ends_with_question", {})),
    ("Erklär mir den Unterschied zwischen Brief und Einschreiben, bitte nur Deutsch.",
     ("language:response_language", {"language": "de"})),
])
def test_words_endings_and_languages_in_everyday_words(prompt: str, expected: tuple[str, dict[str, object]]) -> None:
    assert expected in readings(prompt)


@pytest.mark.parametrize(("prompt", "expected"), [
    ("Compare the two quotes for me. Make me a table I can paste into the email.", ("rubriq:markdown_table", {})),
    ("Explícame qué cubre cada seguro. Hazme una tabla con dos columnas.", ("rubriq:markdown_table", {})),
    ("Write the welcome message and leave a [room number] gap I can fill in later.",
     ("detectable_content:number_placeholders", {"num_placeholders": 1})),
    ("Fais-moi un tableau des inscriptions. Colonnes : nom, jour, poste, sans majuscules dans les en-têtes.",
     ("rubriq:table_columns", {"columns": ["nom", "jour", "poste"]})),
])
def test_shapes_in_everyday_words(prompt: str, expected: tuple[str, dict[str, object]]) -> None:
    assert expected in readings(prompt)


@pytest.mark.parametrize(("prompt", "expected", "not_expected"), [
    ("Summarise the tariff letter and write \"kilowatt hours\" out in full, not kWh.",
     [("keywords:existence", {"keywords": ["kilowatt hours"]}),
      ("keywords:forbidden_words", {"forbidden_words": ["kWh"]})],
     [("keywords:forbidden_words", {"forbidden_words": ["kilowatt hours"]})]),
    ("Explain why the bread is dense. Finish with a tip that starts with \"Try\".",
     [("rubriq:last_sentence_starts_with", {"options": ["Try"]})], [("rubriq:starts_with", {"options": ["Try"]})]),
    ("Explícame por qué se corta la mayonesa. Acaba con un consejo que empiece por \"Prueba\".",
     [("rubriq:last_sentence_starts_with", {"options": ["Prueba"]})],
     [("rubriq:starts_with", {"options": ["Prueba"]})]),
    ("Write the note to the cleaners and stick a PS on the end about the new bins.",
     [("detectable_content:postscript", {"postscript_marker": "P.S."})], []),
    ("Schreib mir ein Python-Skript, das die Kassenliste prüft. Keine Fremdbibliotheken.",
     [("rubriq:code_stdlib_only", {})], []),
    ("Answer the receptionist's question. Never use headings or bullet points, she reads it aloud.",
     [("rubriq:no_headings", {}), ("rubriq:no_lists", {})], []),
])
def test_what_is_asked_and_what_is_ruled_out_are_told_apart(prompt: str, expected: list, not_expected: list) -> None:
    found = readings(prompt)
    assert all(e in found for e in expected), found
    assert not any(n in found for n in not_expected), found
