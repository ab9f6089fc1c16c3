"""The size policy: an oversized output is checked up to a limit and says so in one finding; a rule lists at most
a bounded number of findings per file and says how many more there are; scores still count everything."""

from __future__ import annotations

import pytest

from rubriq.core import limits
from rubriq.core.engine import check
from rubriq.core.rules import find_rule

PROMPT = "---\ntask: creative_writing\n---\nWrite a long story about a lighthouse keeper and her cat.\n"
TEXT_TIER = frozenset({0})


def _story(paragraphs: int) -> str:
    """Distinct paragraphs (each names its number), each with one cliché."""
    return "\n\n".join(
        f"Night {i} began quietly for Mara and her cat. Then, out of the blue, the lamp in tower {i} flickered "
        f"and she climbed the {i + 90} steps again." for i in range(paragraphs))


def _output_findings(result, code: str) -> list:
    return [f for f in result.on("output") if f.code == code]


def test_the_policy_codes_are_registered():
    assert find_rule("RQ001") is not None and find_rule("RQ002") is not None


def test_an_output_under_the_limit_is_checked_whole_without_a_policy_finding():
    result = check(PROMPT, _story(20), tiers=TEXT_TIER)
    assert not _output_findings(result, "RQ001") and not _output_findings(result, "RQ002")
    assert len(_output_findings(result, "LD002")) == 20


def test_an_output_over_the_limit_is_cut_at_a_paragraph_break_and_says_so_once(monkeypatch):
    monkeypatch.setattr(limits, "MAX_TEXT_CHARS", 20_000)
    output = _story(400)  # about 58,000 characters
    result = check(PROMPT, output, tiers=TEXT_TIER)
    notes = _output_findings(result, "RQ001")
    assert len(notes) == 1
    cut = notes[0].data["text_chars_checked"]
    assert 10_000 <= cut <= 20_000 and output[cut - 2 : cut] == "\n\n"
    assert notes[0].data["length"] == len(output) and notes[0].start == cut
    assert f"first {cut:,}" in notes[0].message and notes[0].end == cut
    others = [f for f in result.on("output") if f.code != "RQ001"]
    assert others and all(f.end <= cut for f in others)
    assert result.output.text == output[:cut]


def test_a_single_huge_line_is_cut_at_a_space_not_inside_a_word(monkeypatch):
    monkeypatch.setattr(limits, "MAX_TEXT_CHARS", 5_000)
    output = " ".join(f"word{i}" for i in range(5_000))
    note = _output_findings(check(PROMPT, output, tiers=TEXT_TIER), "RQ001")[0]
    cut = note.data["text_chars_checked"]
    assert cut <= 5_000 and output[cut - 1] == " "


def test_a_rule_lists_at_most_the_cap_and_one_summary_while_the_profile_counts_all(monkeypatch):
    monkeypatch.setattr(limits, "MAX_FINDINGS_PER_RULE", 50)
    result = check(PROMPT, _story(120), tiers=TEXT_TIER)
    listed = _output_findings(result, "LD002")
    assert len(listed) == 50
    assert listed == sorted(listed, key=lambda f: f.start)
    summary = _output_findings(result, "RQ002")
    assert len(summary) == 1 and summary[0].data == {"code": "LD002", "not_listed": 70, "listed": 50}
    assert summary[0].start > listed[-1].start  # on the first finding left out
    rule = find_rule("LD002")
    assert rule is not None
    counted = next(p for p in result.profile.parameters if p.name == rule.parameter)
    assert counted.findings >= 120


@pytest.mark.models
def test_model_metrics_check_the_first_part_and_the_policy_finding_says_how_much(monkeypatch):
    from rubriq.core.config import Config
    from rubriq.core.models.hub import LocalModelHub

    monkeypatch.setattr(limits, "MAX_MODEL_CHARS", 600)
    prompt = ("Summarize the report below.\n\n<report>\nThe town library opened a reading room in March 2024. "
              "Visitors rose by a third within a year.\n</report>\n")
    output = "\n\n".join(f"Point {i}: the library opened a reading room in March {2000 + i}." for i in range(60))
    hub = LocalModelHub(Config(), probe_hub=False)
    result = check(prompt, output, models=hub)
    note = _output_findings(result, "RQ001")
    assert len(note) == 1
    model_cut = note[0].data["model_chars_checked"]
    assert 300 <= model_cut <= 600
    model_codes = {"FA001", "AR001", "CP001", "CO001"}
    assert all(f.end <= model_cut for f in result.on("output") if f.code in model_codes)
    coherence = next((p for p in result.profile.parameters if p.name == "coherence"), None)
    if coherence is not None and coherence.status == "ok":  # a text metric ran without its embedding part
        assert "embedding similarity not run" in coherence.detail


@pytest.mark.models
def test_text_metrics_skip_their_embedding_part_only_when_the_model_cut_applies(monkeypatch):
    from rubriq.core.config import Config
    from rubriq.core.models.hub import LocalModelHub

    hub = LocalModelHub(Config(), probe_hub=False)
    prompt = ("---\ntask: summarization\n---\nSummarize the notes below.\n\n<notes>\nMara keeps the lighthouse. Her "
              "cat follows her up the tower every night, and the ships pass safely.\n</notes>\n")
    output = "\n\n".join(f"Night {i}: Mara climbed the steps and lit the lamp. Her cat followed her up the tower, "
                         f"and the ships passed safely below." for i in range(12))

    def coherence_detail() -> str:
        result = check(prompt, output, models=hub)
        return next(p for p in result.profile.parameters if p.name == "coherence").detail

    assert "embedding similarity not run" not in coherence_detail()
    monkeypatch.setattr(limits, "MAX_MODEL_CHARS", 400)
    assert "embedding similarity not run" in coherence_detail()
