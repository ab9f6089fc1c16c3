"""Shapes beyond IFEval's kinds, read as people ask for them: no bullet points, numbered steps, items and their
length, JSON keys, table columns, lines and stanzas, section labels, openings and endings, markup, a postscript's
content (`families/lists.py`, `formats.py`, `lines.py`, `sections.py`, `startend.py`)."""

from __future__ import annotations

import pytest

from rubriq.core.constraints import check_constraint, extract_constraints


def kinds(prompt: str) -> dict[str, list[dict]]:
    found: dict[str, list[dict]] = {}
    for c in extract_constraints(prompt):
        found.setdefault(c.kind, []).append(c.params)
    return found


POSITIVE = [
    ("Answer in flowing prose, no bullet points please.", "rubriq:no_lists", {}),
    ("Write it as paragraphs rather than a list.", "rubriq:no_lists", {}),
    ("Tell me how to reset the router and number the steps.", "rubriq:numbered_list", {}),
    ("Give three causes of inflation as a numbered list.", "rubriq:numbered_list", {"num_items": 3}),
    ("Brainstorm twelve podcast titles.", "rubriq:item_count", {"relation": "exactly", "num_items": 12}),
    ("Every title should be four words or fewer.", "rubriq:item_length", {"relation": "less than", "num_words": 5}),
    ("Offer 6 ideas, each under 15 words.", "rubriq:item_length", {"relation": "less than", "num_words": 15}),
    ("Reply with a JSON object that has the keys \"city\" and \"country\".", "rubriq:json_keys",
     {"keys": ["city", "country"]}),
    ("Return JSON with the fields id and total. Don't add any other fields.", "rubriq:json_no_extra_keys",
     {"keys": ["id", "total"]}),
    ("Make a table with the columns Team, Wins and Goal difference.", "rubriq:table_columns",
     {"columns": ["Team", "Wins", "Goal difference"]}),
    ("A one-line answer is enough.", "rubriq:number_lines", {"relation": "exactly", "num_lines": 1}),
    ("Write a limerick in exactly 5 lines.", "rubriq:number_lines", {"relation": "exactly", "num_lines": 5}),
    ("Two stanzas of six lines each, please.", "rubriq:lines_per_stanza", {"num_lines": 6}),
    ("Two stanzas of six lines each, please.", "rubriq:number_stanzas", {"num_stanzas": 2}),
    ("Group the kit under the headings Tent, Food and First aid.", "rubriq:section_labels",
     {"labels": ["Tent", "Food", "First aid"]}),
    ("Open your reply with \"Good news!\"", "rubriq:starts_with", {"options": ["Good news!"]}),
    ("Finish with a line that begins with 'Next steps:'.", "rubriq:last_line_starts_with",
     {"options": ["Next steps:"]}),
    ("End the post with 'Final score: X-Y'.", "rubriq:last_line_starts_with", {"options": ["Final score:"]}),
    ("Close the story by asking the reader a question.", "rubriq:ends_with_question", {}),
    ("Show the working, then put the answer in bold.", "rubriq:bold_answer", {}),
    ("Keep it emoji-free: no emojis at all.", "rubriq:no_emoji", {}),
    ("Add exactly one emoji at the end.", "rubriq:emoji_count", {"relation": "exactly", "num_emoji": 1}),
    ("No headings, just text.", "rubriq:no_headings", {}),
    ("Plain text only, no markdown.", "rubriq:no_markdown", {}),
    ("Add a P.S. saying \"Doors open at 7\".", "rubriq:postscript_content",
     {"postscript_marker": "P.S.", "content": "Doors open at 7"}),
    ("Write the note, but do not mention the surprise party.", "rubriq:forbidden_topic",
     {"topic": "surprise party"}),
]


@pytest.mark.parametrize(("prompt", "kind", "params"), POSITIVE, ids=[f"{k}-{i}" for i, (_, k, _p) in
                                                                      enumerate(POSITIVE)])
def test_extracts_the_stated_constraint_with_its_parameters(prompt: str, kind: str, params: dict) -> None:
    found = kinds(prompt)
    assert kind in found, f"{kind} not extracted from {prompt!r}; got {found}"
    assert any(all(p.get(k) == v for k, v in params.items()) for p in found[kind]), found[kind]


NEGATIVE = [
    ("Give me three books as a JSON array.", "rubriq:item_count"),
    ("Don't mention that you are an AI.", "rubriq:forbidden_topic"),
    ("What are the parts of a bicycle?", "rubriq:section_labels"),
    ("No markdown fences around the JSON.", "rubriq:no_markdown"),
    ("End each stanza with a question.", "rubriq:ends_with_question"),
    ("Write 4 lines of code that print the date.", "rubriq:number_lines"),
]


@pytest.mark.parametrize(("prompt", "kind"), NEGATIVE)
def test_does_not_extract_a_constraint_the_prompt_does_not_state(prompt: str, kind: str) -> None:
    assert kind not in kinds(prompt)


def test_a_placeholder_in_a_closing_phrase_asks_for_the_last_lines_start_not_its_words() -> None:
    (constraint,) = [c for c in extract_constraints("Solve it and finish with \"Answer: <number>\".")
                     if c.kind.startswith(("startend", "rubriq:last_line"))]
    assert constraint.kind == "rubriq:last_line_starts_with"
    assert check_constraint("2 + 2 = 4\n\nAnswer: 4", constraint).passed
    assert not check_constraint("2 + 2 = 4, so the answer is 4.", constraint).passed
