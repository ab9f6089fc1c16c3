"""Prompt reading in a ninth round of wordings: "neither ... nor" in Spanish and French, a word worked in with the
verb around it, a yes/no first word said tersely, code boxes, and a header row given after a colon."""

from __future__ import annotations

from prompt_reading_helpers import kinds


def test_neither_nor_in_spanish_and_french_leaves_out_both():
    assert "rubriq:no_lists" in kinds("Cuéntamelo en prosa: ni listas ni viñetas.")
    found = kinds("Fais-moi un résumé, ni titres ni listes.")
    assert "rubriq:no_headings" in found and "rubriq:no_lists" in found


def test_a_word_worked_in_with_the_verb_around_it_is_required():
    assert kinds("Write a haiku about autumn and weave the word \"ember\" in.")["keywords:existence"] == [
        {"keywords": ["ember"]}]
    assert kinds("A short bio for the website; slip the lighthouse in somewhere.")["keywords:existence"] == [
        {"keywords": ["lighthouse"]}]
    assert "keywords:existence" not in kinds("Try to fit it in under a page.")


def test_a_terse_first_word_of_yes_or_no_is_the_opening():
    assert kinds("Can I cancel early? First word: yes or no.")["rubriq:starts_with"] == [{"options": ["yes", "no"]}]
    assert kinds("Is the deposit refundable? The first word must be yes or no.")["rubriq:starts_with"] == [
        {"options": ["yes", "no"]}]


def test_code_boxes_are_code_blocks():
    assert "rubriq:no_code_blocks" in kinds("Walk me through the formula, nothing in code boxes.")


def test_a_header_row_after_a_colon_names_the_columns():
    assert kinds("Export the list as CSV. Header: sku,name,qty")["rubriq:table_columns"] == [
        {"columns": ["sku", "name", "qty"]}]
    assert kinds("Mets ça dans un tableau, en-tête : Jour, Heure, Salle")["rubriq:table_columns"] == [
        {"columns": ["Jour", "Heure", "Salle"]}]


def test_a_manner_in_note_form_is_reported_as_not_checked():
    from prompt_reading_helpers import unchecked_texts

    assert unchecked_texts("Draft a reply to the council about the bins. Firm but polite.") == ["Firm but polite."]
    assert unchecked_texts("Erklär mir, wie ein Kühlschrank funktioniert. Ohne Fachbegriffe.") == [
        "Ohne Fachbegriffe."]
    assert unchecked_texts("Écris un mot aux voisins pour la fête. Vouvoiement.") == ["Vouvoiement."]


def test_a_short_sentence_that_narrates_a_manner_is_no_instruction():
    from prompt_reading_helpers import unchecked_texts

    assert unchecked_texts("Summarise the thread for my manager. She is very formal.") == []


def test_a_one_line_part_of_a_longer_answer_is_no_line_count():
    assert "rubriq:number_lines" not in kinds("Write up the outage. Open the report with a one-line summary.")
    assert "rubriq:number_lines" not in kinds("Review the PR: a one-line verdict first, then the details.")
    assert kinds("Give me a one-line summary of this thread.")["rubriq:number_lines"] == [
        {"relation": "exactly", "num_lines": 1}]
