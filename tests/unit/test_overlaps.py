"""One finding per problem: findings that repeat another's problem are folded into it (rubriq.core.overlaps)."""

from __future__ import annotations

from rubriq.core import engine
from rubriq.core.findings import Finding, Severity
from rubriq.core.overlaps import merge_overlaps

PROMPT = "Summarize the article below in at most 40 words.\n\n<article>\n" + (
    "The council voted on Tuesday to keep the Eastside library open for two more years. " * 6) + "\n</article>\n"
LONG_OUTPUT = "The council voted on Tuesday to keep the Eastside library open for two more years. " * 8


def finding(code: str, start: int, end: int, **data: object) -> Finding:
    return Finding(code=code, message=f"{code} message", severity=Severity.WARNING, start=start, end=end,
                   evidence="", data=dict(data))


def test_an_answer_past_the_stated_word_limit_is_one_finding_of_the_length_constraint() -> None:
    result = engine.check(PROMPT, LONG_OUTPUT, tiers=frozenset({0}))
    codes = [f.code for f in result.findings if f.where == "output"]
    assert "IF001" in codes and "CN001" not in codes
    (length,) = [f for f in result.findings if f.code == "IF001"]
    assert [m["code"] for m in length.data["merged"]] == ["CN001"]
    assert length.data["merged"][0]["data"]["warranted"] == 40  # what conciseness measured is kept


def test_without_a_length_constraint_conciseness_reports_on_its_own() -> None:
    findings = [finding("CN001", 100, 400, warranted=40), finding("IF007", 10, 14, subtype="keyword")]
    assert merge_overlaps(findings) == findings


def test_ignoring_the_length_rule_leaves_the_conciseness_finding() -> None:
    prompt = "---\nignore: [IF001]\n---\n" + PROMPT
    result = engine.check(prompt, LONG_OUTPUT, tiers=frozenset({0}))
    assert "CN001" in {f.code for f in result.findings}


def test_a_conflicting_value_absorbs_the_unsupported_sentence_around_it() -> None:
    sentence, value, elsewhere = finding("FA001", 0, 80), finding("FA002", 40, 45), finding("FA001", 90, 150)
    merged = merge_overlaps([sentence, value, elsewhere])
    assert [f.code for f in merged] == ["FA002", "FA001"]
    assert merged[0].data["merged"][0]["code"] == "FA001" and merged[1] == elsewhere


def test_an_exact_repeat_is_reported_once_and_order_is_kept() -> None:
    first, repeat, other = finding("IF007", 5, 9), finding("IF007", 5, 9), finding("RD001", 0, 50)
    assert merge_overlaps([other, first, repeat]) == [other, first]


CODE_PROMPT = "Write a Python script that prints today's weather in Oslo. Use the standard library only."
CODE_OUTPUT = "```python\nimport weatherkit\n\nprint(weatherkit.today('Oslo'))\n```\n"


def test_an_import_the_prompt_ruled_out_is_one_finding_of_the_constraint() -> None:
    result = engine.check(CODE_PROMPT, CODE_OUTPUT, tiers=frozenset({0}))
    codes = [f.code for f in result.findings if f.where == "output"]
    assert "IF046" in codes and "CG007" not in codes
    (stdlib,) = [f for f in result.findings if f.code == "IF046"]
    assert [m["code"] for m in stdlib.data["merged"]] == ["CG007"]
    assert stdlib.data["merged"][0]["data"]["module"] == "weatherkit"


def test_an_unverifiable_import_the_prompt_allowed_is_still_reported() -> None:
    result = engine.check(CODE_PROMPT.replace(" Use the standard library only.", ""), CODE_OUTPUT,
                          tiers=frozenset({0}))
    assert "CG007" in {f.code for f in result.findings}

