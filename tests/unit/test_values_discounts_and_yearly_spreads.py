"""Figures an answer works out in one step that the value check must accept: an amount less or plus a percentage the
source states ("£1,050, or £945 with the 10% loyalty discount") and a yearly amount spread over a month ("£1,240 for
the first year, about £103 a month"); a share or a multiple named in words, in the clause or earlier in its sentence
("paying half, so £320", "milk for both of them, £29"); the same sentences with a wrong figure stay conflicts. An
estimate worked out from figures the sentence does not show ("about £95 a month" beside a £129 monthly price) is
not a conflict; an estimate of the source's own estimate is. A figure of the claim with a percentage stated elsewhere
in the source ("£95.00 | £114.00" under "VAT is added at 20%") and a nightly rate the claim states times its nights
("£47 a night, £470 for the 10 nights") are worked out, not contradicted; "14 days or less before departure" is a
period before the event, the slot of "14 days before departure"."""

from __future__ import annotations

import pytest

from rubriq.core.text import Span
from rubriq.core.verify.values import check_values

CLUB = "Annual membership: £1,050. Members renewing before 1 March get a 10% loyalty discount. Juniors pay £500."
FLAT = "Your estimated service charge for the first year is £1,240. Major works: £4,650."
METER = "Estimated annual consumption: 11,460 kWh. This bill: 1,104 kWh."
VAT = "Labour: £850 plus VAT at 20%. Parts: £140."


def status(claim: str, source: str, text: str) -> str:
    found = [c.status for c in check_values(claim, source, source) if c.value.text == text]
    assert found
    return found[0]


@pytest.mark.parametrize(("claim", "source", "text"), [
    ("Membership is £1,050 a year, or £945 with the 10% loyalty discount.", CLUB, "£945"),
    ("The labour comes to £1,020 once VAT is added.", VAT, "£1,020"),
    ("The service charge is £1,240 for the first year, about £103 a month.", FLAT, "about £103 a month"),
    ("Your annual use was 11,460 kWh, about 955 kWh a month.", METER, "about 955 kWh a month"),
])
def test_a_figure_worked_in_one_step_from_the_source_is_not_a_conflict(claim: str, source: str, text: str) -> None:
    assert status(claim, source, text) == "matched"


@pytest.mark.parametrize(("claim", "source", "text"), [
    ("Membership is £1,050 a year, or £955 with the 10% loyalty discount.", CLUB, "£955"),
    ("The service charge is £1,240 for the first year, about £130 a month.", FLAT, "about £130 a month"),
])
def test_a_wrong_figure_in_the_same_sentence_is_still_a_conflict(claim: str, source: str, text: str) -> None:
    assert status(claim, source, text) == "conflict"


TOWER = "Whites of Appleton have quoted £640; the PCC has agreed to pay half and the tower fund the rest."
MILK = "Children aged 5 and over can have milk for £14.50 a term. Dinners cost £2.85 a day."


def test_a_share_named_earlier_in_the_sentence_derives_the_clauses_amount() -> None:
    sentence = "The PCC is paying half, so £320 comes out of the tower fund."
    clause = Span(sentence.index("£320"), len(sentence))
    found = check_values(sentence, TOWER, TOWER, claim_span=clause, context_span=Span(0, len(sentence)))
    assert [(c.value.text, c.status) for c in found] == [("£320", "matched")]


@pytest.mark.parametrize(("claim", "status_wanted"), [
    ("If we want milk for both of them, that's £29 a term.", "matched"),
    ("If we want milk for both of them, that's £31 a term.", "conflict"),
])
def test_an_amount_for_both_is_twice_the_stated_one(claim: str, status_wanted: str) -> None:
    assert status(claim, MILK, claim[claim.index("£"):claim.index(" a term")]) == status_wanted


STUDIO = "Unlimited membership: £129 per month. 10-class pack: £110, valid for 16 weeks from purchase."
BUSES = "Replacement buses will add about 40 minutes to journeys."


def test_an_estimate_worked_out_from_unshown_figures_is_not_a_conflict_with_a_stated_price() -> None:
    # twice a week on packs: nothing in the sentence gives the working, so no source figure is contradicted
    claim = "Coming twice a week on packs would cost you about £95 a month."
    assert status(claim, STUDIO, "about £95 a month") == "absent"


def test_an_estimate_of_the_sources_own_estimate_is_still_a_conflict() -> None:
    assert status("The buses add about 75 minutes to the trip.", BUSES, "about 75 minutes") == "conflict"


AGENT = "All fees are shown excluding VAT. VAT is added at 20%.\n\nInventory check-in: £95\nTenancy renewal: £60\n"
CAMPSITE = "Pitch for 2 adults with electric hook-up: £38.00 per night. Extra child: £6.00 per night. Dog: £3.00."


def test_a_figure_of_the_claim_with_a_percentage_stated_elsewhere_in_the_source_is_derived() -> None:
    # the evidence is the fee's own line; the VAT rate stands at the top of the price list
    line = AGENT.index("Inventory")
    evidence = [Span(line, AGENT.index("\n", line))]

    def checked(claim: str, text: str) -> str:
        return next(c.status for c in check_values(claim, evidence, AGENT) if c.value.text == text)

    assert checked("| Inventory check-in | £95.00 | £114.00 |", "£114.00") == "matched"
    assert checked("| Inventory check-in | £95.00 | £116.00 |", "£116.00") != "matched"


def test_a_nightly_rate_the_claim_states_times_its_nights_is_derived_however_round() -> None:
    assert status("That's £47 a night, £470 for the 10 nights.", CAMPSITE, "£470") == "matched"
    assert status("That's £47 a night, £490 for the 10 nights.", CAMPSITE, "£490") == "conflict"


FERRY = ("Cancellation charges:\n- more than 42 days before departure: £40 cancellation fee\n"
         "- 42 to 15 days before departure: 50% of the total fare\n- 14 days or less before departure: no refund\n")


def test_a_period_bounded_with_or_less_before_an_event_is_the_same_slot_as_its_figure() -> None:
    assert status("From 3 July, 14 days before departure, there's no refund.", FERRY, "14 days") == "matched"
    assert status("From 5 July, 12 days before departure, there's no refund.", FERRY, "12 days") == "conflict"


DAIRY = "Semi-skimmed milk, 1 pint bottle: £1.05. Orange juice, 1 litre: £2.70. Greek yoghurt, 500g: £2.40."


@pytest.mark.parametrize(("claim", "text", "expected"), [
    ("| Friday | 4 pints semi-skimmed (£4.20), orange juice (£2.70), yoghurt (£2.40) | £9.30 |", "£9.30", "matched"),
    ("| Friday | 4 pints semi-skimmed (£4.20), orange juice (£2.70), yoghurt (£2.40) | £9.40 |", "£9.40", "conflict"),
])
def test_the_sum_of_the_amounts_a_claim_states_before_it_is_its_own_total(claim, text, expected):
    assert status(claim, DAIRY, text) == expected
