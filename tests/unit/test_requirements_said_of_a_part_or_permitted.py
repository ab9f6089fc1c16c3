"""A cap, a ban or an exact count said of one part of the reply (the title, the first paragraph, the introduction,
each paragraph) is not checked on the whole reply, where it would fail answers that obey it; a required word or a
lower bound said of a part still holds of the whole and is kept. A permission ("feel free to go over 200 words",
"you can use the word "cheap" if you want") asks for nothing, while a cap worded as one ("you can use up to 100
words") and a polite request ("Can you keep it under 100 words?") are still read. Another text described ("our
competitor's blurb is only 40 words") asks nothing of the reply."""

from __future__ import annotations

import pytest
from prompt_reading_helpers import kinds

TASK = "Write a product description for our new kettle. "
WORDS, SENTENCES = "length_constraints:number_words", "length_constraints:number_sentences"
PARAGRAPHS, FORBIDDEN, NO_LISTS = "rubriq:number_paragraphs", "keywords:forbidden_words", "rubriq:no_lists"


@pytest.mark.parametrize(("sentence", "kind"), [
    ('Don\'t include the word "sale" in the title.', FORBIDDEN),
    ("Keep the first paragraph under 40 words.", WORDS),
    ("Keep the intro to two sentences.", SENTENCES),
    ("The summary section should be 50 words max.", WORDS),
    ("Don't use bullet points in the introduction.", NO_LISTS),
    ('Avoid the word "very" in the headline.', FORBIDDEN),
    ("No more than 3 sentences per paragraph.", SENTENCES),
    ("No more than 3 sentences per paragraph.", PARAGRAPHS),
    ("Write it with a title and three paragraphs. The title must be under 8 words.", WORDS),
    ("Two sentences; the second should be under 10 words.", WORDS),
])
def test_a_cap_or_ban_said_of_one_part_is_not_the_whole_replys(sentence: str, kind: str) -> None:
    assert kind not in kinds(TASK + sentence)


def test_the_parts_count_stays_when_only_each_parts_length_is_said_of_it() -> None:
    read = kinds(TASK + "Write two paragraphs: the first under 50 words, the second under 100.")
    assert read.get(PARAGRAPHS) == [{"num_paragraphs": 2, "relation": "exactly"}], read
    assert WORDS not in read


@pytest.mark.parametrize(("sentence", "kind", "params"), [
    ('Use the word "budget" in the first sentence.', "keywords:existence", {"keywords": ["budget"]}),
    ('Put the word "urgent" in the subject line.', "keywords:existence", {"keywords": ["urgent"]}),
    ("Write it in the first person, under 60 words.", "length_constraints:number_words",
     {"relation": "less than", "num_words": 60}),
    ("Write a 50-word summary of the introduction.", "length_constraints:number_words",
     {"relation": "at least", "num_words": 50}),
])
def test_a_required_word_or_lower_bound_said_of_a_part_holds_of_the_whole(sentence: str, kind: str,
                                                                           params: dict) -> None:
    assert kinds(TASK + sentence).get(kind) == [params]


@pytest.mark.parametrize("sentence", [
    "It doesn't have to be under 100 words.",
    "Feel free to go over 200 words.",
    'You can use the word "cheap" if you want.',
    "You don't have to use bullet points.",
])
def test_a_permission_asks_for_nothing(sentence: str) -> None:
    assert kinds(TASK + sentence) == {}


@pytest.mark.parametrize(("sentence", "kind", "params"), [
    ("It can be up to 120 words.", "length_constraints:number_words", {"relation": "less than", "num_words": 121}),
    ("Can you keep it under 100 words?", "length_constraints:number_words",
     {"relation": "less than", "num_words": 100}),
    ("Could you write it in exactly three paragraphs?", PARAGRAPHS,
     {"num_paragraphs": 3, "relation": "exactly"}),
    ("Keep it under 80 words, and feel free to add an emoji.", "length_constraints:number_words",
     {"relation": "less than", "num_words": 80}),
])
def test_a_cap_worded_as_a_permission_or_a_polite_request_is_still_read(sentence: str, kind: str,
                                                                         params: dict) -> None:
    assert kinds(TASK + sentence).get(kind) == [params]


def test_a_numbered_list_ruled_out_leaves_bullets_allowed() -> None:
    assert "rubriq:no_lists" not in kinds(TASK + "Don't give me a numbered list.")
    assert "rubriq:no_lists" in kinds(TASK + "No bullets or numbered lists.")


def test_a_part_named_in_another_request_of_a_run_on_sentence_does_not_scope_this_one() -> None:
    read = kinds("Work it out: number the steps, one step per line, it's a 70-word box so don't go over that.")
    assert read.get(WORDS) == [{"relation": "less than", "num_words": 71}], read
    assert "rubriq:numbered_list" in read


def test_a_ban_said_of_every_bullet_is_the_whole_replys() -> None:
    read = kinds('Three bullets exactly, and keep the word "forklift" out of every bullet.')
    assert read.get(FORBIDDEN) == [{"forbidden_words": ["forklift"]}], read


def test_a_part_put_first_before_a_comma_scopes_the_request_after_it() -> None:
    assert FORBIDDEN not in kinds(TASK + 'In the intro, avoid the word "very".')


@pytest.mark.parametrize("sentence", [
    "Our competitor's blurb is only 40 words.",
    "The previous answer had five bullet points; I want a fresh take.",
    'The old version used the word "cheap" a lot.',
    "The flyer I got last year had 3 bullet points and nobody read it.",
    "My notes below are about 200 words long.",
    'Last year\'s invite said "BYOB" and people complained.',
])
def test_another_text_described_asks_nothing_of_the_reply(sentence: str) -> None:
    assert kinds(TASK + sentence) == {}


def test_a_limit_beside_a_remark_on_the_previous_answer_is_read() -> None:
    read = kinds(TASK + "Your previous answer was too long, so keep this one under 80 words.")
    assert read.get(WORDS) == [{"relation": "less than", "num_words": 80}]


@pytest.mark.parametrize(("prompt", "kind"), [
    ("Escribe una descripción del producto. El primer párrafo, de menos de 40 palabras.", WORDS),
    ("Écris une description du produit. Le premier paragraphe doit faire moins de 40 mots.", WORDS),
    ("Écris une description du produit. N'utilise pas le mot « pas cher » dans le titre.", FORBIDDEN),
    ("Schreib eine Produktbeschreibung. Verwende das Wort „billig“ nicht in der Überschrift.", FORBIDDEN),
])
def test_a_part_named_in_spanish_french_or_german_scopes_its_limit(prompt: str, kind: str) -> None:
    read = kinds(prompt)
    assert kind not in read, read
    assert "keywords:existence" not in read, read  # the words of a refused ban are never read as required


def test_a_german_ban_with_its_negation_after_the_word_is_a_ban() -> None:
    assert kinds("Schreib eine Produktbeschreibung. Verwende das Wort „billig“ nicht.").get(FORBIDDEN) == [
        {"forbidden_words": ["billig"]}]


def test_a_word_required_instead_of_another_stays_required() -> None:
    read = kinds(TASK + 'Use the word "cheap", not "inexpensive".')
    assert read.get("keywords:existence") == [{"keywords": ["cheap"]}], read


@pytest.mark.parametrize("prompt", [
    "Summarize the report. Two paragraphs of background, then the recommendation.",
    "Write a Python function that deduplicates a list of emails. One short paragraph of explanation at most.",
])
def test_paragraphs_of_one_part_are_not_the_replys_paragraph_count(prompt: str) -> None:
    assert PARAGRAPHS not in kinds(prompt)


@pytest.mark.parametrize("prompt", [
    'Write a short story for the Christmas supplement. Keep the word "news" out, it is already in the title of the '
    'supplement.',
    "Escribe un microrrelato para el suplemento. La palabra «noticia» no me la metas, que ya va en el título del "
    "suplemento.",
])
def test_another_texts_title_named_as_the_reason_leaves_the_ban_the_whole_replys(prompt: str) -> None:
    assert FORBIDDEN in kinds(prompt)


@pytest.mark.parametrize(("sentence", "params"), [
    ("Keep the description under 100 words.", {"relation": "less than", "num_words": 100}),
    ("The description has to fit on a postcard: 60 words max.", {"relation": "less than", "num_words": 61}),
])
def test_the_reply_named_as_a_text_still_takes_its_limit(sentence: str, params: dict) -> None:
    assert kinds(TASK + sentence).get(WORDS) == [params]


@pytest.mark.parametrize(("sentence", "kind"), [
    ("For each of the five chapters, write two sentences.", SENTENCES),
    ("Write two sentences for each of the chapters.", SENTENCES),
    ("For each chapter, no more than 50 words.", WORDS),
])
def test_a_count_for_each_of_several_things_is_no_whole_reply_count(sentence: str, kind: str) -> None:
    assert kind not in kinds("Here is the report to summarise. " + sentence)


@pytest.mark.parametrize(("prompt", "kind", "scoped"), [
    ("Write an e-mail to the team announcing the office move. The subject line must be under 8 words.", WORDS, True),
    ('Write a blog post about sourdough. The title shouldn\'t contain the word "easy".', FORBIDDEN, True),
    ("Suggest a subject line for my e-mail about the office move. The subject line must be under 8 words.", WORDS,
     False),
    ("Write a title for my blog post about sourdough. The title must be under 8 words.", WORDS, False),
])
def test_a_title_is_a_part_of_a_reply_with_a_body_and_the_whole_of_a_title_asked_for(prompt: str, kind: str,
                                                                                       scoped: bool) -> None:
    assert (kind not in kinds(prompt)) is scoped
