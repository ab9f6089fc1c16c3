"""A claim that restates one source sentence word for word but one figure conflicts with the figure that sentence
states in its place ("would cost an extra £35" for "costs £25"), even where the figures' own neighbouring words do
not tie them to one slot; a worked figure, a difference, a figure inside the source's bound or a sentence the claim
does not restate stays as it was."""

from __future__ import annotations

import pytest

from rubriq.core.engine import check
from rubriq.core.text import Span
from rubriq.core.verify.values import check_values


def _status(claim: str, source: str, value: str) -> tuple[str, str | None]:
    checks = [c for c in check_values(claim, [Span(0, len(source))], source) if c.value.text == value]
    assert len(checks) == 1, [c.value.text for c in check_values(claim, [Span(0, len(source))], source)]
    return checks[0].status, checks[0].evidence.text if checks[0].evidence is not None else None


@pytest.mark.parametrize(("claim", "source", "value", "source_value"), [
    ("Priority delivery within 2 working days would cost £35.", "Priority delivery within 2 working days costs £25.",
     "£35", "£25"),
    ("Top speed is 15.5 mph, or 8 mph in the city-centre slow zones.",
     "Scooters are limited to 12.5 mph, and to 8 mph in slow zones in the city centre.", "15.5 mph",
     "limited to 12.5 mph"),
    ("Pupils who attended at least three quarters of the sessions gained more, 0.29 SD.",
     "The effect was larger for pupils who attended at least 75% of sessions (0.19 SD).", "0.29", "0.19"),
    ("You can cancel the 12-month plan within 30 days for a full refund.",
     "A 12-month plan can be cancelled within 14 days of purchase for a full refund.", "30 days", "14 days"),
])
def test_a_figure_changed_in_a_restated_sentence_conflicts_with_the_sentence_figure(claim, source, value,
                                                                                     source_value):
    assert _status(claim, source, value) == ("conflict", source_value)


@pytest.mark.parametrize(("claim", "source", "value"), [
    # inside the source's bound: an age the rule covers
    ("Her passport was issued in September 2021, when she was 4.",
     "If the child was under 12 when their current passport was issued, the application must be countersigned.",
     "4"),
    # worked out in the claim
    ("On the 5-year plan, with 48 of the 60 months unused, that's £175.20 − £15 = £160.20.",
     "5-year plan: £219 paid upfront. Plans run for 3 or 5 years from the date you take them out.", "48"),
    # a difference between figures, not the sentence's own figure
    ("Daily parking at £9.20 works out £156 cheaper than the season ticket for the months you use.",
     "Daily parking costs £9.20 and the season ticket costs £1,320.00 for the months you use.", "£156"),
    # the claim shares too few words with the sentence to restate it
    ("Budget £35 for the taxi home.", "Priority delivery within 2 working days costs £25.", "£35"),
])
def test_a_figure_the_restated_sentence_does_not_contradict_stays_unproven(claim, source, value):
    assert _status(claim, source, value)[0] != "conflict"


def test_two_changed_figures_of_one_kind_are_never_paired_the_wrong_way_round():
    claim = "Standard delivery costs £7 and priority delivery costs £35 within 2 working days."
    source = "Standard delivery costs £5 and priority delivery costs £25 within 2 working days."
    pairs = {c.value.text: c.evidence.text for c in check_values(claim, [Span(0, len(source))], source)
             if c.status == "conflict"}
    assert all({"£7": "£5", "£35": "£25"}[value] == partner for value, partner in pairs.items())


def test_the_finding_quotes_the_figure_and_the_sentence_it_restates():
    prompt = ("Sum up the rules for my son.\n\n--- RIDER RULES ---\nYou must be 18 or over to ride. Scooters are "
              "limited to 12.5 mph, and to 8 mph in slow zones in the city centre. Park only in marked bays.\n"
              "--- END ---")
    output = "Top speed is 15.5 mph, or 8 mph in the city-centre slow zones."
    findings = [f for f in check(prompt, output).findings if f.code == "FA002"]
    assert [output[f.start:f.end] for f in findings] == ["15.5 mph"]
    assert "the source says limited to 12.5 mph" in findings[0].message
    assert "Scooters are limited to 12.5 mph, and to 8 mph in slow zones in the city centre." in findings[0].message
