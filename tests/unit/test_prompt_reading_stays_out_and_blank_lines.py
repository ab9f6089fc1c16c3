"""A subject said to stay off or out of the answer is a topic to leave out, with or without a determiner ("Head lice
stay off this one entirely", "the merger stays out of it"); a count of chunks or blocks with a blank line between
them is a count of paragraphs, in English, German, French and Spanish; a list "numbered 1 to 6" has six items."""

from __future__ import annotations

import pytest

from rubriq.core.constraints import extract_constraints


def readings(prompt: str) -> list[tuple[str, dict[str, object]]]:
    return [(c.kind, c.params) for c in extract_constraints(prompt)]


@pytest.mark.parametrize(("prompt", "topic"), [
    ("Write the note for the parents' evening. Head lice stay off this one entirely.", "Head lice"),
    ("Draft the update for the team; the merger stays off this one, please.", "merger"),
])
def test_a_subject_that_stays_off_the_answer_is_left_out(prompt: str, topic: str) -> None:
    assert ("rubriq:forbidden_topic", {"topic": topic}) in readings(prompt)


def test_names_that_stay_out_are_words_to_leave_out_not_a_topic() -> None:
    found = readings("Rewrite my message to the squad, no singling anyone out: Priya and Sam stay out of it.")
    assert ("keywords:forbidden_words", {"forbidden_words": ["Priya", "Sam"]}) in found
    assert not any(kind == "rubriq:forbidden_topic" for kind, _ in found)


def test_something_that_stays_off_something_else_in_the_story_is_no_topic() -> None:
    prompt = "Write a story for my niece in which the dog stays off the sofa all week."
    assert not any(kind == "rubriq:forbidden_topic" for kind, _ in readings(prompt))


@pytest.mark.parametrize(("prompt", "count"), [
    ("Summarise the log for the governors. Three chunks with a blank line between, please.", 3),
    ("Write it up in two blocks separated by an empty line.", 2),
    ("Schreib mir das in zwei Blöcken, zwischen denen eine Leerzeile bleibt.", 2),
    ("Rédige-le en trois blocs séparés par une ligne vide.", 3),
])
def test_chunks_with_a_blank_line_between_are_paragraphs(prompt: str, count: int) -> None:
    assert ("rubriq:number_paragraphs", {"num_paragraphs": count, "relation": "exactly"}) in readings(prompt)


@pytest.mark.parametrize(("prompt", "count"), [
    ("Give me three things he can try this week, numbered 1 to 3.", 3),
    ("List the checks for the new starters, numbered from 1 to 6.", 6),
])
def test_a_list_numbered_one_to_n_has_n_items(prompt: str, count: int) -> None:
    assert ("rubriq:numbered_list", {"num_items": count}) in readings(prompt)
