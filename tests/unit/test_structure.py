"""Structure of general answers: long paragraphs, requested lists and headings, empty sections."""

from __future__ import annotations

from rubriq.core import engine
from rubriq.core.report import ParameterResult

GENERAL = "---\ntask: general\n---\n"
LONG_PARAGRAPH = " ".join(["Dogs need daily walks, fresh water and a calm place to sleep."] * 15)  # 180 words


def _check(prompt: str, output: str) -> engine.CheckResult:
    return engine.check(GENERAL + prompt, output, tiers=frozenset({0}))


def _codes(result: engine.CheckResult) -> list[str]:
    return [f.code for f in result.findings if f.code.startswith("ST")]


def _param(result: engine.CheckResult) -> ParameterResult:
    return next(p for p in result.profile.parameters if p.name == "structure")


def test_long_paragraph_is_a_wall_of_text() -> None:
    result = _check("Tell me about dog care.", LONG_PARAGRAPH)
    assert _codes(result) == ["ST001"]
    assert _param(result).score == 0.75


def test_short_paragraphs_are_fine() -> None:
    result = _check("Tell me about dog care.", "Walk them daily.\n\nGive them water.\n\nLet them sleep.")
    assert _codes(result) == []
    assert _param(result).score == 1.0


def test_requested_list_missing_is_flagged() -> None:
    result = _check("Give me a list of tips for dog care.", "Walk them daily and give them water.")
    assert _codes(result) == ["ST002"]


def test_requested_list_present_passes() -> None:
    assert _codes(_check("Give me a list of tips for dog care.", "- Walk them daily\n- Give them water")) == []


def test_prose_requested_explicitly_silences_the_list_check() -> None:
    assert _codes(_check("List the tips in prose, as a paragraph.", "Walk them daily and give water.")) == []


def test_requested_headings_missing_is_flagged() -> None:
    assert _codes(_check("Explain dog care with a heading for each section.", "Walk them. Feed them.")) == ["ST003"]


def test_requested_headings_present_pass() -> None:
    output = "## Walking\n\nWalk them daily.\n\n## Feeding\n\nFeed them twice."
    assert _codes(_check("Explain dog care with a heading for each section.", output)) == []


def test_heading_with_nothing_under_it_is_flagged() -> None:
    output = "## Walking\n\n## Feeding\n\nFeed them twice."
    result = _check("Explain dog care.", output)
    assert _codes(result) == ["ST004"]
    assert [f.evidence for f in result.findings if f.code == "ST004"] == ["## Walking"]


def test_subheading_directly_under_a_heading_is_not_empty() -> None:
    output = "## Care\n\n### Walking\n\nWalk them daily."
    assert _codes(_check("Explain dog care.", output)) == []
