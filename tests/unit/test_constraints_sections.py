"""Highlighted sections and sections marked with a label and a number: extracted in the ways people phrase them
(`core/constraints/families/sections.py`), with their parameters, and not extracted where the prompt does not state
them."""

from __future__ import annotations

import pytest

from rubriq.core.constraints import extract_constraints

MS = "detectable_format:multiple_sections"


def kinds(prompt: str) -> dict[str, list[dict]]:
    found: dict[str, list[dict]] = {}
    for c in extract_constraints(prompt):
        found.setdefault(c.kind, []).append(c.params)
    return found


POSITIVE = [
    ("Highlight at least 3 sections in your answer with markdown, i.e. *highlighted section*.",
     "detectable_format:number_highlighted_sections", {"num_highlights": 3}),
    ("Italicize at least five keywords, like *italic*.", "detectable_format:number_highlighted_sections",
     {"num_highlights": 5}),
    ("Give the song a name, and highlight the name by wrapping it with *.",
     "detectable_format:number_highlighted_sections", {"num_highlights": 1}),
    ("Your response must have 3 sections. Mark the beginning of each section with SECTION X.",
     "detectable_format:multiple_sections", {"section_spliter": "SECTION", "num_sections": 3}),
    ("Write two advertisements. Mark the beginning of each advertisement with Audience 1 and Audience 2.",
     "detectable_format:multiple_sections", {"section_spliter": "Audience", "num_sections": 2}),
    ("Write a 2 paragraph critique. Label each paragraph with PARAGRAPH X.", "detectable_format:multiple_sections",
     {"section_spliter": "PARAGRAPH", "num_sections": 2}),
    ("The poem must have 4 sections marked with SECTION X.", "detectable_format:multiple_sections",
     {"section_spliter": "SECTION", "num_sections": 4}),
    ("Use the asterisk symbol, *, to highlight some words or phrases twice.",
     "detectable_format:number_highlighted_sections", {"num_highlights": 2}),
    ("Italicize at least 5 of your favorite names. For example: *name1*",
     "detectable_format:number_highlighted_sections", {"num_highlights": 5}),
    ("Write a summary with two sections (Section 1 and Section 2).", "detectable_format:multiple_sections",
     {"section_spliter": "Section", "num_sections": 2}),
    ("The response must contain at least 2 sections, marked with SECTION 1, SECTION 2.",
     "detectable_format:multiple_sections", {"section_spliter": "SECTION", "num_sections": 2}),
    ("Bold at least 2 key phrases.", "detectable_format:number_highlighted_sections", {"num_highlights": 2}),
    # section labels in other wordings
    ("Split the itinerary into 4 parts and mark each one with PART X.", MS,
     {"section_spliter": "PART", "num_sections": 4}),
    ("Give it three sections; each section should open with 'Topic X'.", MS,
     {"section_spliter": "Topic", "num_sections": 3}),
    ("Plan the novel in 5 chapters, labelled like this: Chapter 1, Chapter 2 and so on.", MS,
     {"section_spliter": "Chapter", "num_sections": 5}),
    ("Write a 3-day menu where each day starts with Day 1, Day 2 and Day 3.", MS,
     {"section_spliter": "Day", "num_sections": 3}),
]


@pytest.mark.parametrize(("prompt", "kind", "params"), POSITIVE, ids=[f"{k}-{i}" for i, (_, k, _p) in
                                                                      enumerate(POSITIVE)])
def test_extracts_the_stated_constraint_with_its_parameters(prompt: str, kind: str, params: dict) -> None:
    found = kinds(prompt)
    assert kind in found, f"{kind} not extracted from {prompt!r}; got {found}"
    assert any(all(p.get(k) == v for k, v in params.items()) for p in found[kind]), found[kind]


NEGATIVE = [
    ("Use capital letters to highlight key abilities.", "detectable_format:number_highlighted_sections"),
]


@pytest.mark.parametrize(("prompt", "kind"), NEGATIVE)
def test_does_not_extract_a_constraint_the_prompt_does_not_state(prompt: str, kind: str) -> None:
    assert kind not in kinds(prompt)


def test_a_numbered_subject_of_another_instruction_is_not_a_section_label() -> None:
    assert MS not in kinds("Write two paragraphs. Paragraph 2 must start with the word Finally.")
    assert MS not in kinds("Compare World War 1 and World War 2 in an essay.")
    assert MS not in kinds("Highlight at least 2 parts, for example *part 1* and *part 2*.")


def test_sections_labelled_with_a_numbered_word() -> None:
    assert kinds("Plan a 5-day itinerary for Rome with one section per day, labelled Day 1 to Day 5.")[
        "detectable_format:multiple_sections"] == [{"section_spliter": "Day", "num_sections": 5}]
