"""Register shift: the Flesch Reading Ease delta against the source, in the direction the prompt asks for."""

from __future__ import annotations

import pytest

from rubriq.core.engine import check
from rubriq.core.metrics.readability import reading_ease

TIER_0 = frozenset({0})

DENSE = ("Photosynthesis constitutes the biochemical mechanism whereby chlorophyll-containing organisms transform "
         "electromagnetic radiation into chemical energy, subsequently synthesizing carbohydrates from atmospheric "
         "carbon dioxide and water.")
PLAIN = "Plants make their own food. They use sunlight, air and water. The green parts of the leaf catch the light."
CASUAL = "Hey, so we moved the meeting. It's Friday now. See you there!"
FORMAL = ("Please be advised that the scheduled meeting has been rescheduled to Friday; attendance is anticipated "
          "from all departmental representatives.")


def run(instruction: str, source: str, output: str, front: str = ""):
    prompt = f"---\ntask: rewriting\n{front}---\n{instruction}\n\n<passage>\n{source}\n</passage>\n"
    return check(prompt, output, tiers=TIER_0)


def codes(result) -> list[str]:
    return [f.code for f in result.findings if f.code.startswith("RW")]


def shift(result):
    return next(p for p in result.profile.parameters if p.name == "register_shift")


def test_a_simpler_rewrite_for_a_child_scores_full():
    result = run("Rewrite this so that a child can understand it.", DENSE, PLAIN)
    assert codes(result) == []
    assert shift(result).score == 1.0
    assert f"{reading_ease(DENSE):.1f} → {reading_ease(PLAIN):.1f}" in shift(result).detail


def test_a_rewrite_that_barely_changes_reading_ease_is_reported():
    result = run("Rewrite the passage in plain English.", DENSE, DENSE.replace("whereby", "where"))
    finding = next(f for f in result.findings if f.code == "RW001")
    assert finding.data["direction"] == "simpler"
    assert abs(finding.data["delta"]) < 5
    assert shift(result).score < 0.5


def test_a_rewrite_that_moves_the_wrong_way_is_reported():
    result = run("Simplify this text.", PLAIN, DENSE)
    finding = next(f for f in result.findings if f.code == "RW002")
    assert finding.data["delta"] < -5
    assert shift(result).score == 0.0


def test_more_formal_expects_lower_reading_ease():
    result = run("Rewrite this message in a more formal tone.", CASUAL, FORMAL)
    assert codes(result) == []
    assert shift(result).score == 1.0
    reversed_result = run("Rewrite this message in a more formal tone.", FORMAL, CASUAL)
    assert codes(reversed_result) == ["RW002"]


def test_the_finding_points_at_the_paragraph_furthest_from_the_asked_direction():
    output = PLAIN + "\n\n" + DENSE
    result = run("Rewrite this for a general audience.", PLAIN, output)
    finding = next(f for f in result.findings if f.code == "RW002")
    assert finding.evidence == DENSE


@pytest.mark.parametrize("instruction", [
    "Rewrite this for a 10-year-old.", "Paraphrase it in simpler words.", "Make it less technical.",
    "Rewrite it for beginners.", "Rephrase without jargon.",
])
def test_easier_requests_are_recognised(instruction: str):
    assert "asked simpler" in shift(run(instruction, DENSE, PLAIN)).detail


def test_the_audience_in_front_matter_gives_the_direction_when_the_prompt_does_not():
    result = run("Rewrite this passage.", DENSE, PLAIN, front="audience: children\n")
    assert "asked simpler" in shift(result).detail


def test_no_requested_direction_is_not_applicable():
    result = run("Fix the typos in this passage.", DENSE, DENSE)
    assert shift(result).status == "not_applicable"
    assert codes(result) == []


def test_contradictory_directions_are_not_applicable():
    result = run("Rewrite this in simpler words, but in a more formal tone.", DENSE, PLAIN)
    assert shift(result).status == "not_applicable"


def test_without_a_source_passage_the_shift_is_unavailable():
    result = check("---\ntask: rewriting\n---\nMake it simpler.", PLAIN, tiers=TIER_0)
    assert shift(result).status == "unavailable"
