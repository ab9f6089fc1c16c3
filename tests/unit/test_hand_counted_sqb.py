"""`rubriq sqb` against a case counted by hand (tests/fixtures/sqb-hand/device-reporting/README.md).

The hand figures are read from the README's results table, where they were written before Rubriq ran on the case.
"""

import re
from pathlib import Path

import pytest

from rubriq.core.config import Config
from rubriq.core.models.hub import LocalModelHub
from rubriq.core.sqb.runner import run_suite

CASE = Path(__file__).resolve().parents[1] / "fixtures" / "sqb-hand" / "device-reporting"
TOLERANCE = 0.10


def hand_figures() -> dict[str, dict[str, float]]:
    """{contender: {precision, recall, f1, coverage, multi_hop, violations}} from the README's results table."""
    text = (CASE / "README.md").read_text(encoding="utf-8")
    table = text.split("## Results (hand)", 1)[1].split("\n\n", 2)[1]
    rows = [line.strip("|").split("|") for line in table.splitlines()[2:]]
    figures = {}
    for cells in rows:
        cells = [c.strip() for c in cells]
        figures[cells[0]] = {"precision": float(cells[3]), "recall": float(cells[5]), "f1": float(cells[6]),
                             "coverage": float(cells[8]), "multi_hop": float(cells[10]),
                             "violations": int(re.match(r"\d+", cells[11]).group())}
    return figures


def test_the_hand_table_is_read_for_every_contender():
    figures = hand_figures()
    assert set(figures) == {"weak", "medium", "strong"}
    assert figures["strong"]["violations"] == 0 and figures["weak"]["violations"] == 2


@pytest.fixture(scope="module")
def scored():
    result = run_suite(CASE, LocalModelHub(Config(), probe_hub=False), jobs=1)
    return {c.name: c for c in result.cases[0].contenders}


@pytest.mark.models
def test_recall_precision_f1_and_coverage_are_within_a_tenth_of_the_hand_count(scored):
    for name, hand in hand_figures().items():
        got = scored[name]
        for metric, value in (("recall", got.factual_recall), ("precision", got.factual_precision),
                              ("f1", got.factual_f1), ("coverage", got.coverage_completeness)):
            assert abs(value - hand[metric]) <= TOLERANCE, f"{name} {metric}: Rubriq {value}, hand {hand[metric]}"


@pytest.mark.models
def test_forbidden_violations_are_exactly_the_hand_counted_ones(scored):
    for name, hand in hand_figures().items():
        violated = [f.claim for f in scored[name].forbidden if f.violated]
        assert len(violated) == hand["violations"], f"{name}: {violated}"
    assert {f.claim for f in scored["weak"].forbidden if f.violated} == {
        "In the EU a serious incident must be reported within 30 days.",
        "Meridian became aware of the Lyon incident on 3 March 2025."}
    medium = [f.claim for f in scored["medium"].forbidden if f.violated]
    assert medium == ["FDA reports can be submitted on paper forms."]


@pytest.mark.models
def test_another_regulators_deadline_is_not_the_forbidden_claim(scored):
    # strong states the FDA's deadline of 30 calendar days correctly (30 days, so the figure agrees); what it never
    # states is the EU: it talks about the FDA's 30-day reporting, not about the EU's.
    eu_30_days = next(f for f in scored["strong"].forbidden if f.claim.startswith("In the EU"))
    assert not eu_30_days.violated
    assert eu_30_days.reason.startswith("does not state 'EU'")
    # ... nor "The Lyon incident must be reported to the FDA": it reports the Ohio malfunctions to the FDA
    lyon_fda = next(f for f in scored["strong"].forbidden if "FDA" in f.claim and "Lyon" in f.claim)
    assert not lyon_fda.violated and lyon_fda.reason.startswith("does not state 'FDA'")


@pytest.mark.models
def test_multi_hop_recall_orders_strong_above_medium_at_least_weak(scored):
    assert scored["strong"].multi_hop_recall > scored["medium"].multi_hop_recall >= scored["weak"].multi_hop_recall


@pytest.mark.models
def test_a_heading_does_not_convey_the_fact_it_names(scored):
    # weak's heading "The 15-day EU reporting rule" is not a statement; its text says 30 days
    fact = next(f for f in scored["weak"].facts if f.id == "F01")
    assert not fact.present
    assert all("15-day EU reporting rule" not in e.text for e in fact.evidence)
