"""A short line opened by an emoji that heads what follows ("ℹ️ Good to know", "🔑 Keys and bins") is a heading, not a
claim to verify; a checklist item ("✅ First month paid"), a longer emoji line, or one standing last is a claim."""

from __future__ import annotations

import pytest

from rubriq.core.verify.claims import split_claims

WHATSAPP = "Here are the details.\n\n{line}\n\nYou can leave early if you move away.\n\nPay by standing order."


def _claims_and_framing(text: str) -> tuple[list[str], dict[str, str]]:
    claims, framing = split_claims(text)
    return [c.text for c in claims], {n.text: n.reason for n in framing}


@pytest.mark.parametrize("line", ["ℹ️ Good to know", "📅 Dates to remember", "🔑 Keys and bins"])
def test_an_emoji_label_heading_what_follows_is_no_claim(line):
    claims, framing = _claims_and_framing(WHATSAPP.format(line=line))
    assert framing.get(line) == "heading"
    assert line not in claims


@pytest.mark.parametrize("line", ["✅ First month paid", "🚲 Bikes go in the shed, not the hall"])
def test_a_checklist_item_or_a_longer_emoji_line_is_a_claim(line):
    claims, _ = _claims_and_framing(WHATSAPP.format(line=line))
    assert line in claims


def test_an_emoji_line_that_heads_nothing_is_a_claim():
    claims, _ = _claims_and_framing("You can leave early if you move away.\n\n🚲 Bikes are welcome here")
    assert "🚲 Bikes are welcome here" in claims
