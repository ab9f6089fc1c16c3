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


def test_a_quoted_word_refused_later_in_its_sentence_is_forbidden():
    assert kinds('Write a card for my dad. He hates the word "retirement", so skip it.')[
        "keywords:forbidden_words"] == [{"forbidden_words": ["retirement"]}]
    assert kinds('Explain tides to my son. If you say "gravitational" he will glaze over, so leave that out.')[
        "keywords:forbidden_words"] == [{"forbidden_words": ["gravitational"]}]
    assert kinds("Schreib den Flyer. „Rabatt“ klingt billig, das bitte weglassen.")["keywords:forbidden_words"] == [
        {"forbidden_words": ["Rabatt"]}]


def test_words_refused_one_after_another_are_one_list():
    assert kinds('Turn this into an email: no "ASAP", no "urgent", no "per my last email".')[
        "keywords:forbidden_words"] == [{"forbidden_words": ["ASAP", "urgent", "per my last email"]}]


def test_a_contraction_typed_without_its_apostrophe_still_negates():
    assert "change_case:english_lowercase" in kinds("Write a short caption, dont capitalise anything.")
    assert kinds("Summarise it. It cant go over 80 words.")["length_constraints:number_words"] == [
        {"relation": "less than", "num_words": 81}]


def test_yes_or_no_with_articles_is_the_opening():
    assert kinds("Respóndeme con un sí o un no de entrada y luego explícalo.")["rubriq:starts_with"] == [
        {"options": ["sí", "no"]}]


def test_a_labelled_last_line_is_its_start():
    assert kinds('Work out the split and close with a "Total:" line.')["rubriq:last_line_starts_with"] == [
        {"options": ["Total:"]}]
    assert kinds('List the steps; the very last line has to begin "Next:"')["rubriq:last_line_starts_with"] == [
        {"options": ["Next:"]}]


def test_a_count_said_to_be_enough_is_the_most_allowed():
    assert kinds("Explain it. Eighty words is plenty.")["length_constraints:number_words"] == [
        {"relation": "less than", "num_words": 81}]
    assert kinds("Fass die Mail zusammen. Zwei Sätze reichen.")["length_constraints:number_sentences"] == [
        {"relation": "less than", "num_sentences": 3}]
    assert kinds("Resúmelo. Con cuatro frases basta.")["length_constraints:number_sentences"] == [
        {"relation": "less than", "num_sentences": 5}]


def test_a_number_of_times_in_french_reprises():
    assert kinds("Écris le texte et place le mot « marée » à trois reprises.")["keywords:frequency"] == [
        {"keyword": "marée", "relation": "at least", "frequency": 3},
        {"keyword": "marée", "relation": "less than", "frequency": 4}]


def test_the_data_format_and_header_in_other_words():
    found = kinds("Here's the list. Make that a CSV for me; the first row should be sku,qty,price")
    assert "rubriq:csv_format" in found and found["rubriq:table_columns"] == [{"columns": ["sku", "qty", "price"]}]
    assert "rubriq:yaml_format" in kinds("Hier die Daten. Bring sie bitte ins YAML-Format.")


def test_a_request_after_so_is_a_clause_of_its_own():
    from prompt_reading_helpers import unchecked_texts

    assert "keep it simple." in unchecked_texts(
        "why is the sky blue? dont capitalise anything, it's for my 6 year old so keep it simple.")
