"""Required and forbidden words in wordings people use: a word "dropped in" or "got in there" is put in, a word
that must "show up" after "make sure", "don't forget" in Spanish, French and German, bans said as "prohibido
decir", "interdit d'écrire", "ist tabu" or "verzichte auf", a count whose relation is set off by commas, and "twice
or more" read whole."""

from __future__ import annotations

import pytest
from prompt_reading_helpers import kinds

REQUIRED = "keywords:existence"
FORBIDDEN = "keywords:forbidden_words"
FREQUENCY = "keywords:frequency"


@pytest.mark.parametrize(("prompt", "word"), [
    ('Write a note about the office move. Drop the word "pizza" in somewhere.', "pizza"),
    ('Write a note about the office move. Get the word "deadline" in there.', "deadline"),
    ('Write a note about the office move. Pop "lift" in somewhere.', "lift"),
    ("Write a note about the office move. Make sure the word 'parking' shows up somewhere.", "parking"),
    ("Escribe una nota sobre la mudanza. No te olvides de meter «llaves».", "llaves"),
    ("Écris une note sur le déménagement. N'oublie pas le mot « vendredi ».", "vendredi"),
    ("Écris une note sur le déménagement. Glisse le mot « clés » quelque part.", "clés"),
    ("Schreib eine Notiz zum Umzug. Vergiss das Wort „Freitag“ nicht.", "Freitag"),
    ("Schreib eine Notiz zum Umzug. Bau das Wort „Schlüssel“ irgendwo ein.", "Schlüssel"),
])
def test_a_word_put_in_or_not_forgotten_is_required(prompt: str, word: str) -> None:
    read = kinds(prompt)
    assert read.get(REQUIRED) == [{"keywords": [word]}], read
    assert FORBIDDEN not in read


@pytest.mark.parametrize(("prompt", "word"), [
    ('Write a note about the office move. Drop the word "pizza".', "pizza"),
    ('Write a note about the office move. Don\'t put "pizza" in.', "pizza"),
    ('Write a note about the office move. The word "Monday" is taboo.', "Monday"),
    ("Escribe una nota sobre la mudanza. Ni se te ocurra poner «crisis».", "crisis"),
    ("Escribe una nota sobre la mudanza. Prohibido decir «lunes».", "lunes"),
    ("Écris une note sur le déménagement. Interdit d'écrire « lundi ».", "lundi"),
    ("Schreib eine Notiz zum Umzug. Das Wort „Montag“ ist tabu.", "Montag"),
    ("Schreib eine Notiz zum Umzug. Verzichte auf das Wort „Krise“.", "Krise"),
])
def test_a_word_banned_in_these_wordings_is_forbidden(prompt: str, word: str) -> None:
    read = kinds(prompt)
    assert read.get(FORBIDDEN) == [{"forbidden_words": [word]}], read
    assert REQUIRED not in read


@pytest.mark.parametrize("prompt", [
    'Write a note. The word "box" should be there, at least, three times.',
    'Write a note. The word "box" should appear, at a minimum, three times.',
    "Escribe una nota. La palabra «box» debe estar, como mínimo, tres veces.",
])
def test_a_relation_set_off_by_commas_still_bounds_the_count(prompt: str) -> None:
    assert kinds(prompt)[FREQUENCY] == [{"keyword": "box", "relation": "at least", "frequency": 3}]


def test_twice_or_more_is_a_minimum_even_after_the_words_in_it():
    assert kinds('Write a note. I want "boxes" in it twice or more.')[FREQUENCY] == \
        [{"keyword": "boxes", "relation": "at least", "frequency": 2}]


@pytest.mark.parametrize(("prompt", "kind", "params"), [
    ("Write a note. Don't write fewer than 100 words.", "length_constraints:number_words",
     {"relation": "at least", "num_words": 100}),
    ("Write a note. It shouldn't be shorter than 50 words.", "length_constraints:number_words",
     {"relation": "at least", "num_words": 50}),
    ("Write a note. Make it 150 words, give or take.", "rubriq:approximate_words", {"num_words": 150}),
    ("Schreib eine Notiz. Fang mit „Hallo“ an.", "rubriq:starts_with", {"options": ["Hallo"]}),
])
def test_a_negated_lower_bound_and_a_rough_count_keep_their_direction(prompt: str, kind: str, params: dict) -> None:
    assert kinds(prompt)[kind] == [params]


@pytest.mark.parametrize("prompt", [
    'Write a note. Do not start with "Hi".',
    "Write a note. Don't end with a question.",
    "Écris une note. Ne termine pas par une question.",
    "Écris une note. Ne commence pas par « Bonjour ».",
    "Escribe una nota. No termines con una pregunta.",
    "Schreib eine Notiz. Fang nicht mit „Hallo“ an.",
])
def test_an_opening_or_ending_refused_is_never_required(prompt: str) -> None:
    read = kinds(prompt)
    assert not {"rubriq:starts_with", "rubriq:ends_with_question", "startend:end_checker"} & set(read), read


def test_a_refusal_in_the_sentence_before_leaves_an_opening_asked_for():
    assert kinds('Write a note. Don\'t end abruptly. Start with "Hi".')["rubriq:starts_with"] == [{"options": ["Hi"]}]


@pytest.mark.parametrize(("prompt", "word"), [
    ("Escribe un texto. Olvídate de la palabra «barato».", "barato"),
    ("Schreib einen Text. Das Wort „billig“ will ich nicht lesen.", "billig"),
    ("Schreib einen Text. Schreib nirgends „billig“.", "billig"),
    ("Schreib einen Text. „billig“ bitte vermeiden.", "billig"),
])
def test_more_bans_in_the_order_people_say_them(prompt: str, word: str) -> None:
    assert kinds(prompt)[FORBIDDEN] == [{"forbidden_words": [word]}]


@pytest.mark.parametrize(("prompt", "word"), [
    ("Écris un texte. Le mot « abordable » doit absolument y figurer.", "abordable"),
    ('Write a blurb. The word "cheap" must absolutely appear.', "cheap"),
    ('Write a blurb. Don\'t forget about the word "cheap".', "cheap"),
])
def test_a_word_that_must_absolutely_appear_or_not_be_forgotten_is_required(prompt: str, word: str) -> None:
    read = kinds(prompt)
    assert read[REQUIRED] == [{"keywords": [word]}]
    assert FORBIDDEN not in read


def test_forgetting_a_word_in_a_statement_is_no_ban():
    assert FORBIDDEN not in kinds('Write a blurb. I always forget about the word "whom".')
