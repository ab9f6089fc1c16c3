"""A weekday right for the date beside it is no conflict with another date's weekday.

Where the source's dates span two years (a page updated in 2026, "today is Friday 8 January 2027"), a date the
output counts forward without its year ("by Tuesday 12 January") is tried in those years: its weekday is right in
one of them, so it is not "the source says Friday". A weekday that fits neither year still conflicts.
"""

from __future__ import annotations

from rubriq.core.verify.values import check_values

SOURCE = ("Warranty and returns (updated Monday 2 February 2026). We collect by courier within 2 working days.\n"
          "Today is Friday 8 January 2027 and the battery is at 76%.")


def _weekday(claim: str) -> str:
    return next(c.status for c in check_values(claim, SOURCE, SOURCE) if c.value.kind == "weekday")


def test_a_weekday_right_for_its_date_in_a_year_of_the_source_is_matched():
    assert _weekday("They collect within 2 working days, so by Tuesday 12 January.") == "matched"


def test_a_weekday_wrong_in_every_year_of_the_source_still_conflicts():
    assert _weekday("They collect within 2 working days, so by Wednesday 12 January.") == "conflict"
