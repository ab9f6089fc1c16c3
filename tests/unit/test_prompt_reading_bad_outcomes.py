"""A count whose excess has a bad outcome is the most allowed: "more than two words in capitals and they get upset",
"if it goes over 120 words, I've lost them", "if a tip runs past 20 words it gets cut off", "the box gets cut off past
90 words", « au-delà de douze mots, un point ne se lit plus », „über 90 Wörter liest keiner mehr“. A count written
to avoid a bad outcome ("more than 200 words, otherwise they get bored") stays a minimum. "120-odd words" is about
120. What fits is the most allowed ("only one sentence fits on the label"), and what is explained outside the code
is the explanation a count limits."""

from __future__ import annotations

import pytest

from rubriq.core.constraints import extract_constraints


def readings(prompt: str) -> list[tuple[str, dict[str, object]]]:
    return [(c.kind, c.params) for c in extract_constraints(prompt)]


@pytest.mark.parametrize(("prompt", "expected"), [
    ("Write the notice for the staff room. More than two words in all caps and they get upset.",
     ("change_case:capital_word_frequency", {"capital_relation": "less than", "capital_frequency": 3})),
    ("Explain the new rota to the drivers. Keep it plain: if it goes over 120 words, I've lost them.",
     ("length_constraints:number_words", {"relation": "less than", "num_words": 121})),
    ("Give me tips for the first week at the depot. If a tip runs past 20 words it gets cut off on the card.",
     ("rubriq:item_length", {"relation": "less than", "num_words": 21})),
    ("List what to pack for the field trip. Beyond six bullet points, nobody reads on.",
     ("rubriq:bullet_count", {"min": None, "max": 6})),
    ("Write the intro for the club's web page. The page's text box gets cut off past 90 words.",
     ("length_constraints:number_words", {"relation": "less than", "num_words": 91})),
    ("Rédige le mot pour le panneau de l'entrée. Le cadre se coupe au-delà de 60 mots.",
     ("length_constraints:number_words", {"relation": "less than", "num_words": 61})),
    ("Mets les consignes du vestiaire en points. Au-delà de douze mots, un point ne se lit plus sur l'écran.",
     ("rubriq:item_length", {"relation": "less than", "num_words": 13})),
    ("Schreib die Rundmail an die Fahrer. Über 90 Wörter liest keiner mehr.",
     ("length_constraints:number_words", {"relation": "less than", "num_words": 91})),
    ("Write the blurb for the back of the programme, a box for 120-odd words.",
     ("rubriq:approximate_words", {"num_words": 120})),
])
def test_a_count_with_a_bad_outcome_past_it_is_a_cap(prompt: str, expected: tuple[str, dict[str, object]]) -> None:
    assert expected in readings(prompt)


@pytest.mark.parametrize("prompt", [
    "Write the welcome post for the forum. More than 200 words, otherwise they get bored of the thin intro.",
    "Write more than 200 words for the welcome post so that nobody is bored by a thin intro.",
])
def test_a_count_that_avoids_a_bad_outcome_stays_a_minimum(prompt: str) -> None:
    assert ("length_constraints:number_words", {"relation": "at least", "num_words": 201}) in readings(prompt)


@pytest.mark.parametrize(("prompt", "expected"), [
    ("Write the reminder for the parents' group. He'll accept two capitalised words, a third and he thinks you're "
     "shouting.",
     ("change_case:capital_word_frequency", {"capital_relation": "less than", "capital_frequency": 3})),
    ("Escríbeme el aviso para el portal. Me sirven tres frases; una cuarta ya no la lee nadie.",
     ("length_constraints:number_sentences", {"relation": "less than", "num_sentences": 4})),
    ("Schreib den Post für die Gruppe. Ein oder zwei Emojis sind okay, ein drittes nicht.",
     ("rubriq:emoji_count", {"relation": "less than", "num_emoji": 3})),
])
def test_refusing_the_next_one_caps_the_count(prompt: str, expected: tuple[str, dict[str, object]]) -> None:
    assert expected in readings(prompt)


@pytest.mark.parametrize(("prompt", "expected"), [
    ("Draft the update for the board. 120 words and they stop reading.",
     ("length_constraints:number_words", {"relation": "less than", "num_words": 121})),
    ("Write the product note for the shop page; the preview folds up after 40 words.",
     ("length_constraints:number_words", {"relation": "less than", "num_words": 41})),
    ("Summarise the meeting for the committee. Ninety words is the absolute ceiling.",
     ("length_constraints:number_words", {"relation": "less than", "num_words": 91})),
])
def test_a_count_reached_where_the_reader_or_the_page_stops_is_a_cap(
        prompt: str, expected: tuple[str, dict[str, object]]) -> None:
    assert expected in readings(prompt)


def test_the_next_one_wanted_is_no_cap() -> None:
    prompt = "Write three paragraphs about the new rota, a fourth for the questions people will ask."
    assert not any(kind == "rubriq:number_paragraphs" and params.get("relation") == "less than"
                   for kind, params in readings(prompt))


@pytest.mark.parametrize(("prompt", "expected"), [
    ("Write the caption for the display case. Only one sentence fits on the label.",
     ("length_constraints:number_sentences", {"relation": "less than", "num_sentences": 2})),
    ("Schreib den Text fürs Klingelschild, da passt nur ein Satz rein.",
     ("length_constraints:number_sentences", {"relation": "less than", "num_sentences": 2})),
    ("Escribe la función en Python; lo que me expliques fuera del código, que no pase de tres frases.",
     ("rubriq:explanation_length", {"relation": "less than", "num_sentences": 4})),
])
def test_what_fits_and_what_is_explained_outside_the_code_are_limits(
        prompt: str, expected: tuple[str, dict[str, object]]) -> None:
    assert expected in readings(prompt)
