"""In a chat transcript the reply answers the last user turn: a later turn's length, shape, casing or language
replaces an earlier turn's ("Too long. Trim it to about 90 words."; "Now make it a limerick"), while what the later
turn does not restate still holds. A request to shorten ("trim it to 80 words", "boil it down to three sentences")
is a cap, and past-tense talk of an earlier text ("it was over 400 words") asks nothing of the reply."""

from __future__ import annotations

import pytest
from prompt_reading_helpers import kinds

WORDS, CHARACTERS = "length_constraints:number_words", "rubriq:number_characters"


def test_a_later_turns_length_replaces_an_earlier_turns() -> None:
    read = kinds("User: Write a 250-word welcome post for the allotment society.\nAssistant: (a post)\n"
                 "User: Much too long. Trim it to about 90 words.")
    assert read == {"rubriq:approximate_words": [{"num_words": 90}]}, read


def test_a_later_turns_shape_replaces_an_earlier_turns_and_keeps_its_other_limits() -> None:
    read = kinds("User: List 4 reasons to visit Ghent, as bullet points, under 120 words.\nAssistant: - canals\n"
                 "User: Good, but write it as one paragraph instead.")
    assert read.get(WORDS) == [{"relation": "less than", "num_words": 120}], read
    assert "detectable_format:number_bullet_lists" not in read and "rubriq:bullet_list" not in read, read


def test_a_form_changed_by_a_later_turn_is_no_longer_required() -> None:
    read = kinds("User: Write a haiku about the night bus.\nAssistant: Orange windows glow / ...\n"
                 'User: Lovely. Now turn it into a limerick and keep the word "orange".')
    assert read == {"keywords:existence": [{"keywords": ["orange"]}]}, read


def test_an_earlier_turns_limit_not_restated_still_holds() -> None:
    read = kinds("User: Write a tweet for our bake sale, under 200 characters.\nAssistant: Bake sale Saturday!\n"
                 "User: Add the hashtag #CakeDay too.")
    assert read.get(CHARACTERS) == [{"relation": "less than", "num_characters": 200}], read
    assert read.get("keywords:existence") == [{"keywords": ["#CakeDay"]}], read


@pytest.mark.parametrize(("sentence", "kind", "params"), [
    ("Trim it to 80 words.", WORDS, {"relation": "less than", "num_words": 81}),
    ("Can you cut it down to 60 words?", WORDS, {"relation": "less than", "num_words": 61}),
    ("Condense the whole thing into 50 words.", WORDS, {"relation": "less than", "num_words": 51}),
    ("Boil it down to two sentences.", "length_constraints:number_sentences",
     {"relation": "less than", "num_sentences": 3}),
    ("Bring it down to roughly 70 words.", "rubriq:approximate_words", {"num_words": 70}),
])
def test_a_request_to_shorten_to_a_count_is_a_cap(sentence: str, kind: str, params: dict) -> None:
    read = kinds("Here is my shop's story: we started selling sourdough from a garage in 2015 and now run two "
                 "bakeries with nine staff. " + sentence)
    assert read == {kind: [params]}, read


def test_shortening_one_part_is_not_a_cap_on_the_whole_reply() -> None:
    assert kinds("Write a blog post about sourdough starters. Cut the intro to 30 words.") == {}


def test_past_tense_talk_of_a_rejected_text_asks_nothing() -> None:
    read = kinds("Write me a cover letter for a museum job. The last one got no reply because it was over 400 words "
                 'and used the word "passionate" six times.')
    assert read == {}, read


def test_a_wish_in_the_past_tense_is_still_a_request() -> None:
    read = kinds("Write me a cover letter for a museum job. It would be great if it was under 300 words.")
    assert read.get(WORDS) == [{"relation": "less than", "num_words": 300}], read
