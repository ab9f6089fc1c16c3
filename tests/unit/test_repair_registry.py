"""Every rule with a failure mode gets a repair through the registry, and real checks yield real repairs."""

from __future__ import annotations

import pytest

from rubriq.core import rules
from rubriq.core.engine import check
from rubriq.core.families import Family
from rubriq.core.findings import Finding, Severity
from rubriq.core.prompt import parse_prompt
from rubriq.core.repair import (
    CONSTRAINT_SUBTYPES,
    FAILURE_MODES,
    build_repair,
    combined_repair,
    constraint_subtype,
    failure_mode_for,
    repairs_for,
)
from rubriq.core.repair.facts import quote
from rubriq.core.rules import Rule, all_rules
from rubriq.core.tasks import TaskType

PROMPT = parse_prompt("Summarize the notes below in at most 50 words.\n\n<notes>\nThe launch moved to May. "
                      "Budget is unchanged. Two engineers join the team in June.\n</notes>\n")


def finding(code: str, evidence: str = "The launch moved to April, a bold and game-changing step.",
            data: dict | None = None) -> Finding:
    return Finding(code=code, message="m", severity=Severity.WARNING, start=0, end=len(evidence), evidence=evidence,
                   data=data or {})


def test_every_scored_rule_names_a_failure_mode_of_the_library() -> None:
    """Guards the registry: a rule that counts against a parameter must say which repair applies."""
    missing = [(r.code, r.failure_mode) for r in all_rules() if r.parameter and r.failure_mode not in FAILURE_MODES]
    assert not missing, missing


def test_failure_mode_comes_from_the_rule_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    rule = Rule("ZZ901", "test-verbose", "Test rule", "conciseness", Severity.WARNING, "d", "s", "verbosity")
    monkeypatch.setitem(rules._REGISTRY, "ZZ901", rule)
    assert failure_mode_for(finding("ZZ901")) == "verbosity"
    repair = build_repair(finding("ZZ901"), PROMPT, TaskType.SUMMARIZATION, Family.CLAUDE)
    assert repair is not None and repair.failure_mode == "verbosity" and repair.code == "ZZ901"


def test_findings_without_a_failure_mode_get_no_repair(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(rules._REGISTRY, "ZZ902", Rule("ZZ902", "n", "t", "", Severity.HINT, "d", "s", ""))
    monkeypatch.setitem(rules._REGISTRY, "ZZ903", Rule("ZZ903", "n", "t", "", Severity.HINT, "d", "s", "not_a_mode"))
    for code in ("ZZ902", "ZZ903", "FM001", "XX999"):
        assert failure_mode_for(finding(code)) is None
        assert build_repair(finding(code), PROMPT, TaskType.SUMMARIZATION, Family.GPT) is None


@pytest.mark.parametrize("family", list(Family))
def test_every_registered_rule_with_a_failure_mode_gets_a_repair_even_with_no_data(family) -> None:
    with_modes = [r for r in all_rules() if r.failure_mode in FAILURE_MODES]
    for rule in with_modes:
        item = finding(rule.code)
        repair = build_repair(item, PROMPT, TaskType.SUMMARIZATION, family)
        assert repair is not None, rule.code
        assert repair.failure_mode == rule.failure_mode and quote(item.evidence) in repair.explanation
        assert repair.fragment.strip() and repair.fragment in repair.new_text


@pytest.mark.parametrize("data", [
    {"params": "not a dict", "measured": [1, 2], "constraint": {"text": 5}},
    {"kind": None, "subtype": 7, "params": {"num_words": "many", "relation": None}, "first": "x", "second": None},
    {"sentence": None, "best_source": ["a", {"text": "b"}], "grade": "n/a", "fields": {"a": 1}},
])
def test_odd_finding_data_falls_back_to_the_evidence(data) -> None:
    for mode in FAILURE_MODES:
        repair = build_repair(finding("ZZ999", data=data), PROMPT, TaskType.SUMMARIZATION, Family.LLAMA,
                              failure_mode=mode)
        assert repair is not None and mode in repair.explanation and repair.fragment.strip()


@pytest.mark.parametrize(("data", "subtype"), [
    ({"kind": "length_constraints:number_words"}, "length"),
    ({"kind": "length_constraints:number_paragraphs"}, "structure"),
    ({"kind": "detectable_format:json_format"}, "format"),
    ({"kind": "keywords:forbidden_words"}, "keyword"),
    ({"kind": "change_case:english_capital"}, "casing"),
    ({"kind": "detectable_format:number_bullet_lists"}, "structure"),
    ({"kind": "language:response_language"}, "language"),
    ({"kind": "startend:end_checker", "subtype": "startend"}, "start_end"),
    ({"kind": "punctuation:no_comma"}, "punctuation"),
    ({"kind": "detectable_content:postscript"}, "content"),
    ({"kind": "rubriq:reading_level", "subtype": "audience"}, "audience"),
    ({"subtype": "keyword"}, "keyword"),
    ({}, "content"),
])
def test_constraint_subtype_is_read_from_the_constraint_kind(data, subtype) -> None:
    assert subtype in CONSTRAINT_SUBTYPES
    assert constraint_subtype(finding("ZZ998", data=data)) == subtype


CODE_PROMPT = """---
model: gpt-4o
---
Write a Python function `slugify(title: str) -> str` that lowercases a title and joins its words with hyphens.
"""
CODE_OUTPUT = """Here it is:

```python
def slugify(title: str) -> str
    return "-".join(title.lower().split())
```
"""


def test_a_real_check_yields_repairs_in_the_prompts_family() -> None:
    result = check(CODE_PROMPT, CODE_OUTPUT, tiers=frozenset({0}))
    pairs = repairs_for(result)
    codes = {f.code for f in result.findings if failure_mode_for(f)}
    assert codes and {f.code for f, _ in pairs} == codes
    assert all(repair.family == Family.GPT and "###" in repair.fragment for _, repair in pairs)
    invalid = [repair for _, repair in pairs if repair.failure_mode == "invalid_code"]
    assert invalid and any("slugify" in r.explanation or "expected ':'" in r.fragment for r in invalid)
    assert [r.model_dump() for _, r in repairs_for(result, Family.CLAUDE)] != [r.model_dump() for _, r in pairs]
    combined = combined_repair(result)
    assert combined is not None and len(combined.edits) == 1
    assert parse_prompt(combined.apply(result.prompt.text)).front_matter.model == "gpt-4o"


@pytest.mark.parametrize(("code", "expected"), [
    ("IF007", "Do not use “Some evidence here.” anywhere"),
    ("IF037", "YAML"),
    ("IF038", "markdown table"),
    ("IF035", "connected prose"),
    ("IF015", "double quotation marks"),
    ("CG005", "docstring"),
    ("CG007", "standard library"),
    ("RS003", "superlatives"),
    ("RZ005", "answer before the working"),
])
def test_without_data_the_rule_name_still_picks_the_specific_repair(code, expected) -> None:
    """Rules that carry no data (or a future rule in the same family) still get their own repair, not a catch-all."""
    if rules.find_rule(code) is None:
        pytest.skip(f"{code} is not registered in this build")
    repair = build_repair(finding(code, "Some evidence here."), PROMPT, TaskType.SUMMARIZATION, Family.GENERIC)
    assert repair is not None and expected in repair.fragment, repair.fragment
