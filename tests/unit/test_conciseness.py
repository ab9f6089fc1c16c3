"""Conciseness: the output's length against the length the prompt warrants, and filler phrases."""

from __future__ import annotations

from rubriq.core import engine
from rubriq.core.findings import Finding
from rubriq.core.report import ParameterResult

SUMMARY = "---\ntask: summarization\n---\n"
SOURCE = " ".join(["The council met on Monday and agreed a budget for the library and the park."] * 20)  # 300 words
SENTENCE = "The council agreed a budget for the library and the park on Monday. "  # 13 words


def _check(prompt: str, output: str) -> engine.CheckResult:
    return engine.check(prompt, output, tiers=frozenset({0}))


def _param(result: engine.CheckResult) -> ParameterResult:
    return next(p for p in result.profile.parameters if p.name == "conciseness")


def _overlong(result: engine.CheckResult) -> list:
    """CN001 findings, also one folded into the length constraint it repeats (rubriq.core.overlaps)."""
    merged = [Finding.model_validate(m) for f in result.findings for m in f.data.get("merged", [])]
    return [f for f in [*result.findings, *merged] if f.code == "CN001"]


def test_output_far_past_a_stated_word_count_is_flagged_with_the_ratio() -> None:
    result = _check(SUMMARY + "Summarize the text in 30 words.\n\nText: " + SOURCE, SENTENCE * 10)
    found = _overlong(result)
    assert len(found) == 1
    assert found[0].data["warranted"] == 30 and found[0].data["words"] == 130
    assert found[0].data["ratio"] == round(130 / 30, 3)
    assert found[0].start > 0  # the finding starts where the warranted length runs out
    assert _param(result).score == 0.0


def test_output_within_a_stated_length_is_not_flagged() -> None:
    result = _check(SUMMARY + "Summarize the text in 30 words.\n\nText: " + SOURCE, SENTENCE * 2)
    assert not _overlong(result)
    assert _param(result).score == 1.0


def test_sentence_counts_set_the_warranted_length() -> None:
    result = _check(SUMMARY + "Summarize the text in two sentences.\n\nText: " + SOURCE, SENTENCE * 8)
    found = _overlong(result)
    assert found and found[0].data["warranted"] == 40


def test_summary_norm_is_a_quarter_of_the_source() -> None:
    within = _check(SUMMARY + "Summarize the text.\n\nText: " + SOURCE, SENTENCE * 5)  # 65 words of 75 warranted
    assert not _overlong(within)
    beyond = _check(SUMMARY + "Summarize the text.\n\nText: " + SOURCE, SENTENCE * 15)  # 195 words
    found = _overlong(beyond)
    assert found and found[0].data["warranted"] == 75


def test_score_falls_linearly_between_the_documented_ratios() -> None:
    result = _check(SUMMARY + "Summarize the text in 52 words.\n\nText: " + SOURCE, SENTENCE * 10)  # ratio 2.5
    assert _param(result).score == round(1 - (2.5 - 1.5) / (4 - 1.5), 4)


def test_filler_phrases_are_flagged_and_cost_score() -> None:
    output = "In conclusion, the council agreed a budget. I hope this helps!"
    result = _check(SUMMARY + "Summarize the text.\n\nText: " + SOURCE, output)
    assert [f.evidence for f in result.findings if f.code == "CN002"] == ["In conclusion", "I hope this helps"]
    assert _param(result).score == 0.9


def test_plain_output_has_no_filler() -> None:
    result = _check(SUMMARY + "Summarize the text.\n\nText: " + SOURCE, SENTENCE)
    assert not [f for f in result.findings if f.code == "CN002"]


def test_a_word_count_wins_over_other_stated_lengths() -> None:
    prompt = SUMMARY + "Summarize the text in 3 bullet points, under 80 words.\n\nText: " + SOURCE
    result = _check(prompt, "- " + SENTENCE + "\n- " + SENTENCE + "\n- " + SENTENCE * 5)  # 91 words: 1.14 × 80
    assert not _overlong(result)
    assert "80 words" in _param(result).detail
