"""A term of months or years runs to the day before its anniversary ("a 12-month term from 1 October 2026 runs to 30
September 2027"), while a deadline counted in days stays exact; a figure by which something passes or misses a mark
("6.2GB over the new limit", "so you're £3,000 over") is a difference, never the mark itself."""

from __future__ import annotations

import re

import pytest

from rubriq.core.text import Span
from rubriq.core.verify.values import check_values

MEMBERSHIP = "Start date: 1 October 2026. Membership type: Student Flex, 12-month minimum term."


def _statuses(claim: str, source: str) -> dict[str, str]:
    spans = [Span(m.start(), m.end()) for m in re.finditer(r"[^.]+\.?", source) if m.group().strip()]
    return {c.value.text: c.status for c in check_values(claim, spans, source)}


@pytest.mark.parametrize("claim", [
    "Your minimum term runs to 30 September 2027, so you can't leave before then.",
    "The minimum term ends 30 September 2027.",
])
def test_a_term_of_months_runs_to_the_day_before_its_anniversary(claim):
    assert _statuses(claim, MEMBERSHIP)["30 September 2027"] == "matched"


def test_a_day_earlier_still_is_not_worked_from_the_term():
    assert _statuses("Your minimum term runs to 29 September 2027.", MEMBERSHIP)["29 September 2027"] != "matched"


def test_a_deadline_in_days_is_not_moved_a_day_back():
    assert _statuses("You must reply by 13 March.", "Reply within 14 days of 28 February.")["13 March"] != "matched"


CLOUD = ("You'll still be able to view, share and download all your photos and videos, but new photos and videos "
         "from your devices won't back up until you're under 5GB again. Your account uses 11.2GB.")


@pytest.mark.parametrize("claim", [
    "Your mum is using 11.2GB, so she'll be 6.2GB over the new limit.",
    "Your mum is using 11.2GB, so she's 6.2GB over.",
])
def test_a_margin_over_a_limit_is_a_difference_not_the_limit(claim):
    assert _statuses(claim, CLOUD)["6.2GB"] != "conflict"


def test_a_figure_changed_in_a_restated_sentence_still_conflicts():
    source = "New photos won't back up until you're under 5GB again."
    assert _statuses("New photos won't back up until you're under 6GB again.", source)["under 6GB"] == "conflict"
