"""Prompt reading in an eighth round of wordings: a quoted text whose clause gives it a role in words no table
lists (a sign-off, an opening, a word to spare, a word to place a number of times, a labelled line), a limit said
after its count ("is the ceiling", "tops"), emoji left out in other words, and the Spanish and French words for
starting, removing, "not a single" and "no word about"."""

from __future__ import annotations

from prompt_reading_helpers import kinds

# A quote and what its clause asks of it


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
