"""A public holiday named as such ("which is Good Friday", "Easter Monday (6 April)") is common knowledge an answer
uses to apply a working-days rule: it is no value to look for in the source, and its weekday is the holiday's."""

from __future__ import annotations

import pytest

from rubriq.core.verify.values import extract_values


@pytest.mark.parametrize(("text", "kept"), [
    ("By Friday 3 April, which is Good Friday, submit it the day before.", ["Friday", "3 April"]),
    ("Then Easter Monday (6 April) is a bank holiday.", ["6 April"]),
    ("The office is closed on Boxing Day and on New Year's Day.", []),
    ("Christmas Day falls on a Friday this year.", ["Friday"]),
])
def test_a_public_holidays_name_is_not_a_value(text: str, kept: list[str]) -> None:
    assert [v.text for v in extract_values(text)] == kept


def test_a_name_that_only_starts_like_a_holiday_is_still_a_value() -> None:
    assert "Dr Easterbrook" in [v.text for v in extract_values("The report was signed by Dr Easterbrook on 3 May.")]
