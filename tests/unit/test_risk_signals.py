"""Hallucination-risk signals: each signal fires on its span, stays quiet when the prompt supplies the fact."""

from __future__ import annotations

import re

import pytest

from rubriq.core import engine
from rubriq.core.config import Config
from rubriq.core.context import CheckContext
from rubriq.core.metrics.risk_signals import RiskSignalMetric
from rubriq.core.prompt import parse_prompt
from rubriq.core.report import ParameterResult
from rubriq.core.rules import get_rule
from rubriq.core.tasks import detect_task
from rubriq.core.text import TextModel

OPEN = "---\ntask: open_qa\n---\n"


def _check(prompt: str, output: str) -> engine.CheckResult:
    return engine.check(prompt, output, tiers=frozenset({0}))


def _codes(result: engine.CheckResult, code: str) -> list[str]:
    return [f.evidence for f in result.findings if f.code == code]


def _param(result: engine.CheckResult) -> ParameterResult:
    return next(p for p in result.profile.parameters if p.name == "hallucination_risk")


@pytest.mark.parametrize(("output", "evidence"), [
    ("About 73% of owners walk their dogs daily.", "73%"),
    ("The project cost $4.5 million in total.", "$4.5 million"),
    ("The bridge is 1,280 metres long.", "1,280"),
    ("The treaty was signed in 1648 after long talks.", "1648"),
    ("Average body temperature is 36.8 degrees.", "36.8"),
])
def test_specific_numbers_without_a_source_are_risk(output: str, evidence: str) -> None:
    assert _codes(_check(OPEN + "Tell me about it.", output), "RS001") == [evidence]


def test_small_counts_and_list_markers_are_not_risk() -> None:
    output = "1. Walk the dog 3 times.\n2. Feed it twice.\n10) Brush it weekly."
    assert _codes(_check(OPEN + "How do I care for a dog?", output), "RS001") == []


def test_number_from_the_prompt_is_not_risk() -> None:
    result = _check(OPEN + "What happened to the population between 2000 and 2015?", "From 2000 to 2015 it grew.")
    assert _codes(result, "RS001") == []


def _signals_alone(prompt: str, output: str, code: str) -> list[str]:
    """The risk-signal metric run directly, as a profile that still asks for it beside a source would run it."""
    parsed = parse_prompt(prompt)
    ctx = CheckContext(prompt=parsed, output=TextModel(output), task=detect_task(parsed), config=Config(),
                       tiers=frozenset({0}))
    return [f.evidence for f in RiskSignalMetric().run(ctx).findings if f.code == code]


def test_with_a_source_the_profile_verifies_faithfulness_instead_of_the_risk_signals() -> None:
    prompt = OPEN + "Answer from the text.\n\nText: The plant produced 4,200 tonnes in 2021 under Maria Lopez.\n"
    names = [p.name for p in _check(prompt, "Output reached 5,100 tonnes.").profile.parameters]
    assert "faithfulness" in names and "hallucination_risk" not in names


def test_with_a_source_numbers_in_it_pass_and_others_are_flagged() -> None:
    prompt = OPEN + "Answer from the text.\n\nText: The plant produced 4,200 tonnes in 2021 under Maria Lopez.\n"
    assert _signals_alone(prompt, "Under Maria Lopez output reached 4200 tonnes, later 5,100 tonnes.",
                          "RS001") == ["5,100"]


def test_with_a_source_names_not_in_it_are_flagged() -> None:
    prompt = OPEN + "Answer from the text.\n\nText: The plant produced steel in 2021 under Maria Lopez.\n"
    assert _signals_alone(prompt, "The plant was run by Maria Lopez and later by John Whitaker.",
                          "RS005") == ["John Whitaker"]


def test_without_a_source_names_are_not_flagged() -> None:
    result = _check(OPEN + "Who ran the plant?", "The plant was run by John Whitaker.")
    assert _codes(result, "RS005") == []


@pytest.mark.parametrize(("output", "evidence"), [
    ("See doi 10.1038/nature12373 for details.", "10.1038/nature12373"),
    ("More at https://example.org/report.", "https://example.org/report"),
    ("This was shown by Smith et al. (2019) in mice.", "Smith et al. (2019)"),
    ("Sleep improves memory (Walker, 2017).", "(Walker, 2017)"),
    ("In Mata v. Avianca the court sanctioned the lawyers.", "Mata v. Avianca"),
    ("It appeared in the Journal of Applied Physics last spring.", "Journal of Applied Physics"),
])
def test_citation_shaped_strings_are_risk(output: str, evidence: str) -> None:
    assert _codes(_check(OPEN + "Tell me more.", output), "RS002") == [evidence]


def test_citation_present_in_the_source_is_not_risk() -> None:
    prompt = OPEN + "Answer from the text.\n\nText: The study (Walker, 2017) looked at sleep and memory.\n"
    assert _codes(_check(prompt, "Sleep helps memory (Walker, 2017)."), "RS002") == []


def test_plain_prose_has_no_citation_signal() -> None:
    assert _codes(_check(OPEN + "Why sleep?", "Sleep helps the body rest and repair."), "RS002") == []


def test_unattributed_superlative_is_risk_and_attribution_silences_it() -> None:
    assert _codes(_check(OPEN + "Tell me.", "It is the largest lake in Africa."), "RS003") == ["the largest"]
    attributed = "According to the survey office, it is the largest lake in Africa."
    assert _codes(_check(OPEN + "Tell me.", attributed), "RS003") == []


def test_one_of_the_biggest_is_a_superlative() -> None:
    assert _codes(_check(OPEN + "Tell me.", "The display is one of the biggest power draws."), "RS003") == [
        "the biggest"]


def test_words_ending_in_est_that_are_not_superlatives_pass() -> None:
    output = "Read the rest of the forest guide and the latest test."
    assert _codes(_check(OPEN + "Tell me.", output), "RS003") == []


def test_confidence_marker_is_risk_unless_a_source_is_named() -> None:
    assert _codes(_check(OPEN + "Is it good?", "Studies show that tea cures colds."), "RS004") == ["Studies show"]
    named = "Studies show, according to the health ministry, that tea soothes colds."
    assert _codes(_check(OPEN + "Is it good?", named), "RS004") == []


def test_score_is_the_documented_risk_density() -> None:
    output = "About 73% of owners walk their dogs. It is the largest club in Europe. Dogs like walks."
    result = _check(OPEN + "Tell me about dog owners.", output)
    signals = [f for f in result.findings if f.code.startswith("RS")]
    words = len(re.findall(r"\w+", output))
    assert len(signals) == 2
    assert _param(result).score == round(1 / (1 + 100 * len(signals) / words), 4)


def test_no_signal_scores_one() -> None:
    assert _param(_check(OPEN + "Why do dogs bark?", "Dogs bark to warn and to greet.")).score == 1.0


def test_wording_says_unverifiable_never_false_or_wrong() -> None:
    output = "Studies show 73% agree (Smith, 2019); it is the oldest rite, see https://x.org/a."
    result = _check(OPEN + "Tell me.", output)
    texts = [f.message for f in result.findings if f.code.startswith("RS")] + [_param(result).detail]
    texts += [get_rule(code).markdown() for code in ("RS001", "RS002", "RS003", "RS004", "RS005")]
    assert len(texts) > 6
    for text in texts:
        assert not re.search(r"\b(?:false|wrong)\b", text, re.IGNORECASE), text
    assert all("unverifiable here" in f.message for f in result.findings if f.code.startswith("RS"))
    assert all(get_rule(f.code).badge == "risk-signal" for f in result.findings if f.code.startswith("RS"))


def test_numbers_inside_code_blocks_are_ignored() -> None:
    output = "Use this:\n\n```python\ntimeout = 3600\nratio = 0.75\n```\n"
    assert _codes(_check(OPEN + "How do I set it?", output), "RS001") == []


def test_same_input_gives_identical_findings() -> None:
    output = "About 73% agree (Smith, 2019). It is the oldest rite. Experts agree it is 1,200 years old."
    first = _check(OPEN + "Tell me.", output)
    second = _check(OPEN + "Tell me.", output)
    assert [f.model_dump() for f in first.findings] == [f.model_dump() for f in second.findings]
    assert first.profile.model_dump() == second.profile.model_dump()


class _SliceCountingText(str):
    """A text that counts the characters copied out of it by slicing (slices are invisible to the work counter)."""

    copied = 0

    def __getitem__(self, key):  # type: ignore[override]
        piece = str.__getitem__(self, key)
        _SliceCountingText.copied += len(piece)
        return piece


def test_each_finding_copies_at_most_the_start_of_its_sentence() -> None:
    """One sentence that is the whole text (no sentence end) with a number on every line: each finding's sentence
    is cut to 300 characters before it is copied, so the characters copied grow with the findings, not with
    findings × text."""
    from rubriq.core.metrics.risk_signals import find_signals

    copied = []
    for lines in (400, 1600):
        output = "".join(f"key{i}: {1000 + i}\n" for i in range(lines))
        prompt = parse_prompt(OPEN + "List the keys.")
        ctx = CheckContext(prompt=prompt, output=TextModel(output), task=detect_task(prompt), config=Config(),
                           tiers=frozenset({0}))
        _SliceCountingText.copied = 0
        findings = find_signals(ctx, _SliceCountingText(output), output)
        assert len(findings) >= lines and all(len(f.data["sentence"]) <= 300 for f in findings)
        copied.append(_SliceCountingText.copied)
    assert copied[1] <= 4 * copied[0] * 1.2, copied
