"""Hostile front matter: deep nesting, tags PyYAML cannot construct, thousands of keys. Each is an FM finding on
the prompt, with defaults standing in; none raises, and the work stays linear in the front matter's size."""

from __future__ import annotations

import pytest
from work_counting import measured_exponent

from rubriq.core.engine import check
from rubriq.core.prompt import MAX_FRONT_MATTER_CHARS, parse_prompt


def _codes(text: str) -> list[str]:
    return [f.code for f in parse_prompt(text).problems]


@pytest.mark.parametrize("depth", [600, 5000])
def test_deeply_nested_flow_yaml_is_a_front_matter_finding_not_a_recursion_error(depth: int):
    text = "---\nmodel: " + "[" * depth + "]" * depth + "\n---\nWrite a poem."
    doc = parse_prompt(text)
    assert [f.code for f in doc.problems] == ["FM001"]
    assert "nested" in doc.problems[0].message
    assert check(text, "A poem.").profile.total_parameters > 0


def test_deeply_nested_block_yaml_is_a_front_matter_finding():
    lines = "".join(" " * i + "a:\n" for i in range(1200))
    assert _codes("---\nmodel:\n" + lines + "---\nWrite a poem.") == ["FM001"]


@pytest.mark.parametrize("value", ["!!int abc", "!!float abc", "!!timestamp 2024-99-99", "!!bool maybe",
                                   "!!int 0x", "!!timestamp 2024-02-30", "!<tag:yaml.org,2002:int> z",
                                   "!!int " + "9" * 5000])
def test_a_tag_pyyaml_cannot_construct_is_a_front_matter_finding(value: str):
    text = f"---\nmodel: gpt-4.1\naudience: {value}\n---\nWrite a poem."
    doc = parse_prompt(text)
    assert [f.code for f in doc.problems] == ["FM001"], value
    assert doc.front_matter.model is None  # defaults stand in, as for any unreadable front matter
    assert check(text, "A poem.").findings[0].code == "FM001"


def test_front_matter_over_the_size_limit_is_reported_and_not_parsed():
    text = "---\nmodel: gpt-4.1\nnotes: " + "x" * MAX_FRONT_MATTER_CHARS + "\n---\nWrite a poem."
    doc = parse_prompt(text)
    assert [f.code for f in doc.problems] == ["FM001"]
    assert "too large" in doc.problems[0].message
    assert doc.body_start == text.index("Write a poem.")


def _unknown_keys(count: int) -> str:
    return "---\n" + "".join(f"key{i}: {i}\n" for i in range(count)) + "---\nWrite a poem."


def test_every_unknown_key_is_reported_on_its_own_line():
    text = _unknown_keys(50)
    problems = parse_prompt(text).problems
    assert [f.code for f in problems] == ["FM002"] * 50
    assert [f.evidence for f in problems[:3]] == ["key0: 0", "key1: 1", "key2: 2"]
    assert problems[-1].evidence == "key49: 49"


def test_unknown_keys_cost_linear_work():
    exponent = measured_exponent(_unknown_keys, parse_prompt, 500, 2000)
    assert exponent <= 1.2, exponent


def _unknown_ignore_codes(count: int) -> str:
    return "---\nignore:\n" + "".join(f"  - XX{i:05d}\n" for i in range(count)) + "---\nWrite a poem."


def test_unknown_ignore_codes_are_reported_on_the_ignore_line():
    text = _unknown_ignore_codes(3)
    found = [f for f in check(text, "A poem.", tiers=frozenset({0})).findings if f.code == "FM006"]
    assert len(found) == 3 and all(f.evidence == "ignore:" for f in found)


def test_unknown_ignore_codes_cost_linear_work():
    def run(text: str) -> None:
        check(text, "A poem.", tiers=frozenset({0}))

    exponent = measured_exponent(_unknown_ignore_codes, run, 300, 1200)
    assert exponent <= 1.2, exponent
