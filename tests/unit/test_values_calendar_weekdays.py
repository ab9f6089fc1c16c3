"""A weekday written beside a date is checked against the calendar of the date's year (its own, or the one year of
the source's dates) even where the source names that weekday elsewhere ("Monday to Friday" opening hours): "Friday 18
March" in a notice of 2028 is a conflict, "18 March 2028 is a Saturday". Near the turn of the year a date without its
own year may be meant in the year before or after, so a weekday right in either is left alone."""

from __future__ import annotations

from rubriq.core.verify.values import check_values

NOTICE = ("Date of this notice: 3 February 2028. From March 2028 we'll collect £128 a month, on or just after the "
          "18th of each month. Questions? Call us Monday to Friday 8am to 6pm.")


def _weekday(claim: str, source: str = NOTICE) -> tuple[str, str]:
    check = next(c for c in check_values(claim, source, source) if c.value.kind == "weekday")
    return check.status, check.working


def test_a_weekday_the_calendar_does_not_give_the_date_is_a_conflict():
    assert _weekday("The first £128 payment comes out on Friday 18 March.") == ("conflict",
                                                                                "18 March 2028 is a Saturday")


def test_the_right_weekday_is_no_conflict():
    assert _weekday("The first £128 payment comes out on Saturday 18 March.")[0] == "matched"


def test_a_weekday_right_in_the_next_year_is_left_alone_at_the_turn_of_the_year():
    source = "Invoice dated 15 December 2026. Payment is due within 30 days."
    # 14 January 2026 is a Wednesday, 14 January 2027 a Thursday: the output means the next year
    assert _weekday("Pay by Thursday 14 January.", source)[0] != "conflict"
    assert _weekday("Pay by Friday 14 January.", source)[0] == "conflict"  # a Friday in neither year
