"""A price per batch times a quantity the claim states is worked out ("1,000 | £9.80 per 100 | £98.00"), and so is
the gap between an amount the claim states and one of the source ("missed it by £90.40"); wrong ones stay conflicts.
A reference code keeps its last digit before a full stop ("quoting reference FRB-U2.") and a sentence's first word
is no part of the code after it ("Quote FRB-U2 as the reference.")."""

from __future__ import annotations

import pytest

from rubriq.core.verify.values import check_values, extract_values

PRICES = ("Prices are fixed for the initial term: kraft noodle boxes 26oz £9.80 per 100; 16oz soup cups with lids "
          "£14.20 per 100; paper carrier bags £6.40 per 100.")


def _status(claim: str, source: str, text: str) -> str:
    found = [c.status for c in check_values(claim, source, source) if c.value.text == text]
    assert found, f"{text!r} not read in {claim!r}"
    return found[0]


@pytest.mark.parametrize(("claim", "amount"), [
    ("26oz kraft noodle boxes | 1,000 | £9.80 per 100 | £98.00", "£98.00"),
    ("16oz soup cups with lids | 600 | £14.20 per 100 | £85.20", "£85.20"),
])
def test_a_price_per_batch_times_the_quantity_is_worked_out(claim, amount):
    assert _status(claim, PRICES, amount) == "matched"


def test_a_wrong_product_of_a_batch_price_stays_a_conflict():
    assert _status("Paper carrier bags | 1,000 | £6.40 per 100 | £65.00", PRICES, "£65.00") == "conflict"


@pytest.mark.parametrize(("text", "code"), [
    ("Please pay by bank transfer quoting reference FRB-U2.", "FRB-U2"),
    ("Quote FRB-U2 as the reference.", "FRB-U2"),
    ("The batch code is AB-C3.", "AB-C3"),
])
def test_a_reference_code_is_read_whole_and_alone(text, code):
    assert [v.text for v in extract_values(text) if v.kind == "entity"] == [code]


def test_the_same_code_in_claim_and_source_agrees():
    source = "Please pay by bank transfer quoting reference FRB-U2."
    assert _status("Quote FRB-U2 as the reference.", source, "FRB-U2") == "matched"


def test_initials_joined_by_dots_are_still_one_name():
    assert [v.key for v in extract_values("He moved to the U.S. in 2001.") if v.kind == "entity"] == [("us",)]


WHOLESALE = "Goods total: £509.60. Carriage: £14.00. Carriage is free on orders of more than £600 of goods."


def test_the_gap_between_a_claimed_amount_and_a_source_amount_is_worked_out():
    claim = "Free carriage starts above £600 of goods, so this order missed it by £90.40."
    assert _status(claim, WHOLESALE, "£90.40") == "matched"


def test_a_wrong_gap_stays_a_conflict():
    claim = "Free carriage starts above £600 of goods, so this order missed it by £95.40."
    assert _status(claim, WHOLESALE, "£95.40") == "conflict"

