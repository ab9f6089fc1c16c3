"""Prompt reading in an eighth round of wordings: a limit said after its count ("is the ceiling", "tops"), emoji
left out in other words, and the French words for "no word about" (the quoted texts of the round are in
`test_constraints_quoted.py`)."""

from __future__ import annotations

from prompt_reading_helpers import kinds

# Limits after their count


def test_a_limit_said_after_its_count_is_an_upper_bound():
    assert kinds("Answer the question. 120 words is the ceiling.")["length_constraints:number_words"] == [
        {"relation": "less than", "num_words": 121}]
    assert kinds("Write the commit message, seventy words tops.")["length_constraints:number_words"] == [
        {"relation": "less than", "num_words": 71}]
    assert kinds("Explícalo en un párrafo que no llegue a 80 palabras.")["length_constraints:number_words"] == [
        {"relation": "less than", "num_words": 80}]


# Emoji, in other words


def test_emoji_left_out_in_other_words_are_no_emoji():
    for prompt in ("Write the caption and skip the emoji.", "Draft the reply, and keep emoji out of it.",
                   "Rédige l'annonce. Pas d'émoticônes.", "Escribe el anuncio, ni un emoji."):
        assert "rubriq:no_emoji" in kinds(prompt), prompt


def test_no_word_about_a_subject_in_french_is_a_forbidden_topic():
    assert kinds("Écris le mot aux voisins, et pas un mot sur le loyer.")["rubriq:forbidden_topic"] == [
        {"topic": "loyer"}]


# Answers in bold, formats and code


def test_the_final_figure_or_result_in_bold_is_a_bold_answer():
    for prompt in ("How much do I get back? Show the sum, and make the final figure bold.",
                   "¿Cuánto paga cada uno? Explícalo, con el resultado final en letra negrita."):
        found = kinds(prompt)
        assert "rubriq:bold_answer" in found and "detectable_format:number_highlighted_sections" not in found, prompt


def test_a_csv_asked_au_format_csv_with_a_line_limit_maxi():
    found = kinds("Liste les compétences au format CSV, douze lignes maxi.")
    assert "rubriq:csv_format" in found
    assert found["rubriq:number_lines"] == [{"relation": "less than", "num_lines": 13}]


def test_what_ships_with_python_and_no_commentary_below_the_block_are_code_constraints():
    found = kinds("Write the parser in Python, only what ships with Python, one fenced block and no commentary "
                  "below it.")
    assert "rubriq:code_stdlib_only" in found and "rubriq:no_prose_after_code" in found
    assert "rubriq:no_prose_after_code" not in kinds("Sign the letter with my name and no text below it.")


def test_a_count_of_lines_on_its_own_in_a_list_of_requirements_is_exact():
    assert kinds("Write a limerick for Sam, five lines, no emoji.")["rubriq:number_lines"] == [
        {"relation": "exactly", "num_lines": 5}]
    assert "rubriq:number_lines" not in kinds("Copy the first two lines of the poem into the card.")


# What the new readings must not take


def test_a_count_of_lines_inside_a_longer_phrase_is_no_limit():
    assert "rubriq:number_lines" not in kinds("Write a poem about the sea, two lines of which should rhyme.")


def test_how_a_pasted_text_ends_is_no_ending_for_the_response():
    assert "startend:end_checker" not in kinds('The email ends with "Kind regards, Mark". Summarise it.')
    assert "rubriq:starts_with" not in kinds('The article opens with "Cities are hot." Summarise it briefly.')
    assert kinds('The letter should end with "Yours sincerely".')["startend:end_checker"] == [
        {"end_phrase": "Yours sincerely"}]


def test_an_emoji_section_to_skip_or_a_quote_to_keep_unchanged_is_no_constraint():
    assert "rubriq:no_emoji" not in kinds("Skip the emoji section of the report and summarise the rest.")
    speech = 'Tidy up the speech, but don\'t change the quote "We grow together."'
    assert "keywords:forbidden_words" not in kinds(speech)


def test_a_bound_said_as_at_minimum_or_at_the_most_after_its_count_is_one_bound():
    assert kinds('Two paragraphs; the word "rota" should crop up twice at minimum.')["keywords:frequency"] == [
        {"keyword": "rota", "relation": "at least", "frequency": 2}]
    assert kinds("Keep it to 80 words at the most.")["length_constraints:number_words"] == [
        {"relation": "less than", "num_words": 81}]


def test_a_length_after_a_bold_title_is_no_count_of_highlights():
    found = kinds("Make the title bold and keep it under 8 words.")
    assert found["detectable_format:number_highlighted_sections"] == [{"num_highlights": 1}]
