"""Whole-response formats (JSON, YAML, CSV, tables, headings, titles, two responses, fixed answers): extracted in the
ways people phrase them (`core/constraints/families/formats.py`), with their parameters, and not extracted where the
prompt does not state them."""

from __future__ import annotations

import pytest

from rubriq.core.constraints import extract_constraints


def kinds(prompt: str) -> dict[str, list[dict]]:
    found: dict[str, list[dict]] = {}
    for c in extract_constraints(prompt):
        found.setdefault(c.kind, []).append(c.params)
    return found


POSITIVE = [
    ("Wrap the entire output in JSON format.", "detectable_format:json_format", {}),
    ("Return the result as YAML.", "rubriq:yaml_format", {}),
    ("Give the answer in CSV format.", "rubriq:csv_format", {}),
    ("Compare them in a markdown table.", "rubriq:markdown_table", {}),
    ("Organise it using headings.", "rubriq:headings", {}),
    ("Your answer must contain a title, wrapped in double angular brackets, such as <<poem of joy>>.",
     "detectable_format:title", {}),
    ("Give two different responses separated by 6 asterisk symbols ******.", "combination:two_responses", {}),
    ("Answer with one of: My answer is yes., My answer is no., My answer is maybe.",
     "detectable_format:constrained_response", {}),
]


@pytest.mark.parametrize(("prompt", "kind", "params"), POSITIVE, ids=[f"{k}-{i}" for i, (_, k, _p) in
                                                                      enumerate(POSITIVE)])
def test_extracts_the_stated_constraint_with_its_parameters(prompt: str, kind: str, params: dict) -> None:
    found = kinds(prompt)
    assert kind in found, f"{kind} not extracted from {prompt!r}; got {found}"
    assert any(all(p.get(k) == v for k, v in params.items()) for p in found[kind]), found[kind]


NEGATIVE = [
    ("Write a JSON schema for a cruiser.", "detectable_format:json_format"),
    ("Write a story about a table.", "rubriq:markdown_table"),
    ("Parse this CSV file and explain it.", "rubriq:csv_format"),
]


@pytest.mark.parametrize(("prompt", "kind"), NEGATIVE)
def test_does_not_extract_a_constraint_the_prompt_does_not_state(prompt: str, kind: str) -> None:
    assert kind not in kinds(prompt)


def test_a_limit_after_the_emoji_is_an_upper_bound() -> None:
    assert kinds("Add one emoji at most and keep it short.")["rubriq:emoji_count"] == [
        {"relation": "less than", "num_emoji": 2}]
    assert kinds("Give me two emojis at the end and none elsewhere.") == {
        "rubriq:emoji_count": [{"relation": "exactly", "num_emoji": 2}]}


def test_json_keys_named_before_their_noun_and_a_quoted_list_that_ends_at_a_bare_word() -> None:
    assert kinds('Return only a JSON object with "city" and "temperature" fields.')["rubriq:json_keys"] == [
        {"keys": ["city", "temperature"]}]
    found = kinds('Give the dates as JSON objects with keys "date" and "event", and no other keys.')
    assert found["rubriq:json_keys"] == [{"keys": ["date", "event"]}]


def test_markup_ruled_out_is_no_highlight_and_every_item_in_bold_is_no_count() -> None:
    assert "detectable_format:number_highlighted_sections" not in kinds("Write it without any headings or bold text.")
    found = kinds("Each question should be in bold, and the whole thing has to stay under 400 words.")
    assert "detectable_format:number_highlighted_sections" not in found
