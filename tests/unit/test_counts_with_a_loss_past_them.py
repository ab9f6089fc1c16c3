"""A count followed by what is lost past it is a cap, however the count is worded: "anything over 85 words gets cut
off", "I'll lose the thread if it runs past 140 words", "the screen shows five of them before it starts cutting the
bottom off", "anything longer than two paragraphs gets a 'read more' button". A loss named after another clause does
not turn a minimum around ("keep it over 100 words or it gets rejected"). A condition that is itself a count ("if
"X" only turns up once the players will miss it") asks for no such count."""

from __future__ import annotations

import pytest
from prompt_reading_helpers import kinds

TASK = "Write a short update for the allotment committee. "
WORDS = "length_constraints:number_words"


@pytest.mark.parametrize(("sentence", "limit"), [
    ("Anything over 90 words gets cut off by the newsletter template.", 91),
    ("I'll lose the thread if it runs past 140 words.", 141),
    ("If it creeps past 180 words the chair will stop reading.", 181),
    ("Past 200 words nobody reads these.", 201),
    ("Beyond 120 words it won't fit on the noticeboard card.", 121),
    ("More than 60 words is too much for the text message.", 61),
    ("Alles über 80 Wörter wird vom Formular abgeschnitten.", 81),
])
def test_a_word_count_with_a_loss_past_it_is_a_cap(sentence: str, limit: int) -> None:
    assert kinds(TASK + sentence).get(WORDS) == [{"relation": "less than", "num_words": limit}]


def test_a_paragraph_count_with_a_loss_past_it_is_a_cap() -> None:
    read = kinds(TASK + 'Anything longer than two paragraphs gets a "read more" link and nobody clicks it.')
    assert read.get("rubriq:number_paragraphs") == [{"num_paragraphs": 3, "relation": "less than"}], read


def test_a_bullet_count_shown_before_the_rest_is_cut_is_a_cap() -> None:
    read = kinds(TASK + "As bullet points: the lobby screen shows four bullet points before it starts cutting the "
                        "bottom off.")
    assert read.get("rubriq:bullet_count") == [{"min": None, "max": 4}], read


@pytest.mark.parametrize("sentence", [
    "Keep it over 100 words or it gets rejected.",
    "Write more than 200 words, the council cuts grants otherwise.",
])
def test_a_loss_in_another_clause_leaves_a_minimum_a_minimum(sentence: str) -> None:
    assert kinds(TASK + sentence)[WORDS][0]["relation"] == "at least"


def test_a_condition_that_is_itself_a_count_asks_for_no_count() -> None:
    read = kinds('Write a chant for the supporters. If "Blue Harbour" only turns up once the crowd will miss it, '
                 "so get it in there again.")
    assert "keywords:frequency" not in read, read
