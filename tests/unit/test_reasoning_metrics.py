"""Reasoning: a findable final answer, steps before it, no self-contradiction; directness of direct answers."""

from __future__ import annotations

import pytest

from rubriq.core.engine import check
from rubriq.core.metrics.reasoning import answer_statements, arithmetic_claims, evaluate
from rubriq.core.text import TextModel

TIER_0 = frozenset({0})
PROBLEM = "A train travels 120 km in 2 hours. What is its average speed?"

WORKED = """First, the distance is 120 km and the time is 2 hours.
Speed is distance divided by time, so 120 / 2 = 60.

The answer is 60 km/h."""


def run(prompt: str, output: str, task: str = "reasoning"):
    return check(f"---\ntask: {task}\n---\n{prompt}", output, tiers=TIER_0)


def codes(result, prefix: str = "RZ") -> list[str]:
    return [f.code for f in result.findings if f.code.startswith(prefix)]


def param(result, name: str):
    return next(p for p in result.profile.parameters if p.name == name)


def test_a_worked_answer_raises_nothing_and_scores_full():
    result = run(PROBLEM, WORKED)
    assert codes(result) == []
    for name in ("directness", "derivation_structure", "internal_consistency"):
        assert param(result, name).score == 1.0, name


# --- answer presence and directness -------------------------------------------------------------------------------


@pytest.mark.parametrize("statement", [
    "The answer is 60 km/h.", "Final answer: 60", "**Answer:** 60 km/h", "#### 60", r"So $\boxed{60}$.",
    "Therefore, the average speed is 60 km/h.",
])
def test_answer_statements_are_recognised(statement: str):
    answers = answer_statements(TextModel(f"Distance over time gives the speed.\n\n{statement}"))
    assert answers and "60" in answers[-1].value


def test_a_missing_final_answer_is_reported():
    result = run(PROBLEM, "Speed depends on distance and time, and trains often vary their pace along a route.")
    assert "RZ001" in codes(result)
    assert param(result, "directness").score == 0.0


def test_an_answer_buried_in_the_middle_is_reported():
    output = ("Let us look at the numbers.\n\nThe distance is 120 km and the time is 2 hours.\n\n"
              "The answer is 60 km/h.\n\n" + "Trains also slow down near stations, and timetables add buffers "
              "for weather, signalling and crew changes, which is why real averages differ from this. " * 3)
    result = run(PROBLEM, output)
    finding = next(f for f in result.findings if f.code == "RZ002")
    assert finding.evidence == "The answer is 60 km/h."
    assert param(result, "directness").score == 0.5


def test_an_answer_at_the_start_is_direct():
    output = "The answer is 60 km/h.\n\nThe distance is 120 km and the time is 2 hours, and 120 / 2 = 60."
    result = run(PROBLEM, output)
    assert not {"RZ001", "RZ002"} & set(codes(result))


def test_preamble_before_a_direct_answer_is_reported():
    result = run("What is the capital of France?", "Great question! The capital of France is Paris.", "open_qa")
    finding = next(f for f in result.findings if f.code == "RZ003")
    assert finding.evidence == "Great question!"
    assert param(result, "directness").score == 0.5


def test_a_direct_opening_is_not_preamble():
    result = run("What is the capital of France?", "Paris is the capital of France.", "open_qa")
    assert codes(result) == []
    assert param(result, "directness").score == 1.0
    long_opener = "Certainly, the capital of France is Paris, which has been the seat of government for centuries."
    assert codes(run("What is the capital of France?", long_opener + " It is on the Seine.", "open_qa")) == []


def test_a_late_yes_no_verdict_is_reported():
    output = "The shape of planets puzzled people for ages. Ships vanished over the horizon. Yes, it is round."
    result = run("Is the Earth round?", output, "open_qa")
    finding = next(f for f in result.findings if f.code == "RZ003")
    assert finding.data["kind"] == "late_verdict" and finding.evidence == "Yes, it is round."


def test_an_immediate_verdict_is_direct():
    assert codes(run("Is the Earth round?", "Yes. It is an oblate spheroid.", "open_qa")) == []


# --- derivation structure -----------------------------------------------------------------------------------------


def test_an_answer_without_working_is_reported():
    result = run(PROBLEM, "The answer is 60 km/h.")
    finding = next(f for f in result.findings if f.code == "RZ004")
    assert finding.evidence == "The answer is 60 km/h."
    assert param(result, "derivation_structure").score == 0.0


def test_an_answer_before_its_reasoning_is_reported_and_halved():
    output = "The answer is 60 km/h.\n\nFirst, the distance is 120 km.\nThen 120 / 2 = 60."
    result = run(PROBLEM, output)
    assert "RZ005" in codes(result)
    assert param(result, "derivation_structure").score == 0.5


def test_derivation_is_not_applicable_when_only_the_answer_is_asked_for():
    result = run(PROBLEM + " Give only the final answer.", "The answer is 60 km/h.")
    assert param(result, "derivation_structure").status == "not_applicable"
    assert "RZ004" not in codes(result)


# --- internal consistency -----------------------------------------------------------------------------------------


def test_different_final_answers_are_reported_on_the_later_one():
    output = "The answer is 48.\n\nFirst, 12 groups of 4 apples. So the final answer is 46."
    result = run("Solve: 12 groups of 4 apples, how many apples?", output)
    finding = next(f for f in result.findings if f.code == "RZ006")
    assert finding.evidence == "So the final answer is 46."
    assert finding.data["earlier_value"] == "48"


def test_a_restated_answer_in_another_format_is_consistent():
    output = "First, 600 × 2 = 1200.\n\nThe answer is 1,200 units.\n\nFinal answer: 1200"
    result = run("Solve: 600 units twice, how many?", output)
    assert "RZ006" not in codes(result)
    assert param(result, "internal_consistency").score == 1.0


def test_a_calculation_that_does_not_hold_is_reported():
    result = run("Solve 12 times 4.", "We multiply: 12 × 4 = 46.\n\nThe answer is 46.")
    finding = next(f for f in result.findings if f.code == "RZ007")
    assert finding.evidence == "12 × 4 = 46" and finding.data["computed"] == "48"
    assert param(result, "internal_consistency").score == 0.0


@pytest.mark.parametrize("claim", ["10 / 3 = 3.33", "2 + 3 * 4 = 14", "$1,200 + $300 = $1,500", "7 x 6 = 42",
                                   "0.1 + 0.2 = 0.3"])
def test_correct_calculations_within_their_written_precision_hold(claim: str):
    result = run("Calculate it.", f"Step 1: {claim}.\n\nThe answer is done.")
    assert "RZ007" not in codes(result)


def test_fragments_of_larger_expressions_versions_and_percentages_are_not_checked():
    text = "(3 + 4) × 2 = 14, v1.2 + 3 = 4, 2^3 + 1 = 9, 50% + 10% = 60%, x1 + 2 = 5"
    assert arithmetic_claims(TextModel(text)) == []


def test_the_arithmetic_reader_computes_and_never_evaluates_code():
    assert evaluate("2 + 3 * 4") == 14
    assert evaluate("12 ÷ 4 × 3") == 9
    assert evaluate("__import__('os').getcwd()") is None
    assert evaluate("1 / 0") is None


def test_same_input_gives_identical_results():
    output = "The answer is 48.\n\n12 × 4 = 46. So the final answer is 46."
    first, second = run("Solve 12 x 4.", output), run("Solve 12 x 4.", output)
    assert first.profile.model_dump() == second.profile.model_dump()
    assert [f.model_dump() for f in first.findings] == [f.model_dump() for f in second.findings]
