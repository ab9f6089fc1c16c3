"""Code-task constraints in wordings unlike the tuned ones: one code block said as a fragment or with "only", class
and method names written as calls, the standard library said as what lies outside it, "only the code" after a
parenthesised negation, the same requests in Spanish, French and German, and numbered requirement markers that are
no instruction of their own."""

from __future__ import annotations

import pytest
from prompt_reading_helpers import kinds, unchecked_texts

# One code block

@pytest.mark.parametrize("prompt", [
    "Python script that renames photos by date. A single code block, nothing before it.",
    "Give me a Go CLI for this. Only one code block please.",
    "Write the SQL migration and return exactly one fenced code block.",
    "Write a bash script. Use a single fenced block.",
    "Escribe un script en bash para limpiar logs. Todo en un solo bloque de código.",
    "Écris un script Python qui compte les lignes, le tout dans un seul bloc de code.",
    "Schreibe ein Python-Skript, das Dateien kopiert, alles in einem einzigen Codeblock.",
])
def test_one_code_block_in_other_wordings_is_a_count_of_one(prompt):
    assert kinds(prompt)["rubriq:code_block_count"] == [{"num_blocks": 1}]


@pytest.mark.parametrize("prompt", [
    "Write the server and the client in Python: one code block for the server and one for the client.",
    "Show the refactor of this Python module, one code block per step.",
    "Write a Python package; at least one code block for each file.",
    "Write a Python script, and don't put it all in a single code block.",
])
def test_one_code_block_among_several_or_per_part_is_no_count(prompt):
    assert "rubriq:code_block_count" not in kinds(prompt)


# Names of classes and methods

def test_a_class_name_and_its_methods_written_as_calls_are_all_named():
    found = kinds("Implement a Java class Matrix with multiply() and transpose() methods.")
    assert found["rubriq:code_function_names"] == [{"names": ["Matrix", "multiply", "transpose"]}]
    found = kinds("Create a TypeScript class EventBus exposing the methods on(), off() and emit().")
    assert found["rubriq:code_function_names"] == [{"names": ["on", "off", "emit"]}]


def test_a_function_named_with_its_language_between_is_named():
    assert kinds("Write a function in Python named slugify that lowercases text.")["rubriq:code_function_names"] == [
        {"names": ["slugify"]}]
    assert kinds("Écris une fonction JavaScript nommée formatDate qui formate une date.")[
        "rubriq:code_function_names"] == [{"names": ["formatDate"]}]
    assert kinds("Schreib eine JavaScript-Funktion namens ladeDaten, die JSON lädt.")[
        "rubriq:code_function_names"] == [{"names": ["ladeDaten"]}]


def test_method_names_keep_the_prompts_words_in_spanish():
    found = kinds("Crea una clase Python llamada Inventario con métodos agregar() y quitar().")
    assert found["rubriq:code_function_names"] == [{"names": ["Inventario", "agregar", "quitar"]}]


@pytest.mark.parametrize("prompt", [
    "Write a Python script; use the built-in sorted() and len() functions.",
    "Write a JavaScript function without the eval() and exec() functions.",
    "Write a Python script with the open() and print() functions.",
    "Email the class Teacher that the trip is off.",
])
def test_calls_the_code_uses_and_a_capitalised_word_after_class_are_no_names(prompt):
    assert "rubriq:code_function_names" not in kinds(prompt)


# Standard library only

@pytest.mark.parametrize("prompt", [
    "Write a Python downloader. Stick to the standard library.",
    "Python CLI for renaming files, stdlib-only.",
    "Write a Python script that doesn't import anything outside the standard library.",
    "Write a Python parser, no imports beyond the stdlib.",
    "Write a Node script with no npm packages.",
    "Crea una clase Python que lea CSV. Nada de librerías de terceros.",
    "Schreibe ein Python-Skript nur mit der Standardbibliothek.",
])
def test_the_standard_library_said_other_ways_is_stdlib_only(prompt):
    assert "rubriq:code_stdlib_only" in kinds(prompt)


@pytest.mark.parametrize("prompt", [
    "Write a Python script. You can use anything outside the stdlib if it helps.",
    "Which Python function has nothing outside the stdlib?",
])
def test_a_permission_or_a_question_about_the_standard_library_is_no_limit(prompt):
    assert "rubriq:code_stdlib_only" not in kinds(prompt)


# Only the code

@pytest.mark.parametrize("prompt", [
    "Write a JavaScript fetch wrapper without external libraries (no axios) and only the code, no explanation.",
    "Écris une fonction Python qui trie une liste. Uniquement le code, sans explication.",
    "Schreib eine Python-Funktion, die Zahlen addiert. Nur den Code, keine Erklärung.",
])
def test_only_the_code_after_a_negation_in_another_phrase_is_code_only(prompt):
    assert "rubriq:code_only" in kinds(prompt)


def test_not_only_the_code_is_no_code_only():
    assert "rubriq:code_only" not in kinds("Write a Python scraper. Don't give me only the code, explain it too.")


# Numbered requirement markers

def test_numbered_requirement_markers_are_not_reported_as_instructions():
    unchecked = unchecked_texts("Write a Go function that merges two sorted slices.\n\nRules:\n1. stay idiomatic\n"
                           "2. no third-party packages\n3. handle empty input")
    assert not any(text.strip() in ("1.", "2.", "3.") for text in unchecked)
    assert "stay idiomatic" in unchecked
