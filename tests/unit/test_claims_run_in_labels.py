"""A short bold sentence that opens a line and is followed on that line by the text it names ("- **Known truck
defect.** RT-07's light failed on 6 June.") is a label, not a claim to verify; the sentence after it is a claim
without the closing "**" the sentence split leaves. A longer bold sentence, one with a figure, or one alone on its
line states something and stays a claim."""

from __future__ import annotations

import pytest

from rubriq.core.verify.claims import split_claims

BULLETS = "## Why it happened\n\n- {label} The pedestrian barrier at aisle 14 came down on 2 June.\n- Nothing else."


def _claims_and_framing(text: str) -> tuple[list[str], dict[str, str]]:
    claims, framing = split_claims(text)
    return [c.text for c in claims], {n.text: n.reason for n in framing}


@pytest.mark.parametrize("label", ["**Known truck defect.**", "**No segregation at the aisle end.**",
                                   "**Aisle rule not enforced.**"])
def test_a_short_bold_run_in_sentence_is_a_label(label):
    claims, framing = _claims_and_framing(BULLETS.format(label=label))
    assert framing.get(label[:-2]) == "label"
    assert "The pedestrian barrier at aisle 14 came down on 2 June." in claims
    assert not any(c.startswith(("*", "_")) for c in claims)


@pytest.mark.parametrize("label", ["**ATM withdrawals abroad at other banks will also be free.**",
                                   "**Year ended 30 April 2025.**"])
def test_a_long_or_figured_bold_sentence_is_a_claim(label):
    claims, framing = _claims_and_framing(BULLETS.format(label=label))
    assert label[:-2] in claims
    assert "label" not in framing.values()


def test_a_bold_sentence_alone_on_its_line_is_a_claim():
    claims, _ = _claims_and_framing("**The fee is waived.**\n\nPay by standing order.")
    assert "**The fee is waived." in claims
