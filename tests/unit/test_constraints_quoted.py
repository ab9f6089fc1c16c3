"""The quoted-text family (`families/quoted.py`): a quote takes the one role its clause gives it, in words no
other family's table lists: a sign-off, an opening, a word to spare, a word to count, a labelled line; an example
or a line to fill in takes none."""

from __future__ import annotations

from prompt_reading_helpers import kinds


def test_a_quoted_sign_off_is_the_ending():
    assert kinds('Reply to the review, three short paragraphs, and sign off as "Mira, Bloom Florists".')[
        "startend:end_checker"] == [{"end_phrase": "Mira, Bloom Florists"}]
    assert kinds("Un petit mot pour la voisine, avec « Paul, 3e droite » comme signature.")[
        "startend:end_checker"] == [{"end_phrase": "Paul, 3e droite"}]
    assert kinds("Écris une comptine ; le tout dernier vers doit être « Et la lune sourit. »")[
        "startend:end_checker"] == [{"end_phrase": "Et la lune sourit."}]


def test_a_quoted_opening_is_the_start():
    assert kinds("Rédige un mot pour la gardienne. Ouvre avec « Chère Madame, », moins de 60 mots.")[
        "rubriq:starts_with"] == [{"options": ["Chère Madame,"]}]
    assert kinds("Resume el aviso en 50 palabras, arrancando con «Atención:».")["rubriq:starts_with"] == [
        {"options": ["Atención:"]}]


def test_a_quoted_word_to_spare_or_keep_out_is_forbidden():
    assert kinds('Answer in two sentences and spare me the word "basically".')["keywords:forbidden_words"] == [
        {"forbidden_words": ["basically"]}]
    found = kinds('Four bullets, and keep the word "outage" out of every one of them.')
    assert found["keywords:forbidden_words"] == [{"forbidden_words": ["outage"]}]
    assert "keywords:existence" not in found
    assert kinds("Réécris le texte, mais pas le mot « crise ».")["keywords:forbidden_words"] == [
        {"forbidden_words": ["crise"]}]


def test_a_quoted_word_to_place_a_number_of_times_is_counted():
    assert kinds("Zwei Absätze; „Lüftung“ bitte genau zweimal.")["keywords:frequency"] == [
        {"keyword": "Lüftung", "relation": "exactly", "frequency": 2}]


def test_a_line_that_must_start_with_a_label_is_a_section_label():
    assert kinds("Schreib eine kurze Mail an den Vermieter; eine Zeile muss mit „Betreff:“ anfangen.")[
        "rubriq:section_labels"] == [{"labels": ["Betreff"]}]


def test_an_example_or_a_line_to_fill_in_is_no_quoted_role():
    found = kinds("Write the invitation, a warm tone like \"see you soon\", and end with the line \"RSVP: X\".")
    assert "keywords:existence" not in found and "startend:end_checker" not in found


def test_a_quote_another_family_read_as_a_word_to_use_is_not_read_again():
    found = kinds('Summarize the process in 3 paragraphs with these keywords: "calculate", "file", "conclusion".')
    assert found["keywords:existence"] == [{"keywords": ["calculate", "file", "conclusion"]}]


def test_two_quotes_joined_by_and_with_a_verb_between_take_a_role_each():
    found = kinds("Máximo 60 palabras, arrancando con «Hola:» y quita la palabra «comunidad».")
    assert found["rubriq:starts_with"] == [{"options": ["Hola:"]}]
    assert found["keywords:forbidden_words"] == [{"forbidden_words": ["comunidad"]}]


def test_a_title_in_quotes_is_no_word_to_use():
    found = kinds('Write a review of "Dust and Echoes" for critics without the use of commas.')
    assert "keywords:existence" not in found and "keywords:forbidden_words" not in found


def test_a_cue_far_from_the_quote_governs_something_else():
    found = kinds('No more than two sentences about the new film "Dust and Echoes".')
    assert "keywords:forbidden_words" not in found
