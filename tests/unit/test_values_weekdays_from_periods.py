"""A weekday the answer works out from a dated day of the source and a period the answer itself states ("stop 5 days
before the appointment, so Thursday's dose is too late", "48 hours before, on Sunday") is derived, not absent; a
weekday no such period reaches, or one with no period stated, stays absent."""

from __future__ import annotations

import pytest

from rubriq.core.verify.values import check_values

LETTER = ("Date and time: Tuesday 13 October 2026 at 8:30am. Antihistamines must be stopped 5 days before the "
          "appointment. Phone us if she is unwell in the 48 hours before.")


def status(claim: str, weekday: str) -> str:
    found = [c.status for c in check_values(claim, LETTER, LETTER) if c.value.text == weekday]
    assert found
    return found[0]


@pytest.mark.parametrize(("claim", "weekday", "wanted"), [
    ("Stop them 5 days before the appointment, so Thursday's bedtime dose is already too late.", "Thursday's",
     "matched"),
    ("From 8:30am on Sunday, 48 hours before, watch for a cough or a fever.", "Sunday", "matched"),
    ("From 8:30am on Monday, 48 hours before, watch for a cough or a fever.", "Monday", "absent"),
    ("Bring her in on Wednesday with her inhaler.", "Wednesday", "absent"),
])
def test_a_weekday_worked_from_a_dated_day_and_the_answers_period(claim: str, weekday: str, wanted: str) -> None:
    assert status(claim, weekday) == wanted
