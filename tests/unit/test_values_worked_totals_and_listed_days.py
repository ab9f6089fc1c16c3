"""Figures an output works out and days it lists, read as a careful reader reads them:

- days listed before one month with a weekday each ("Friday 19 or Monday 22 May") are dates, and each weekday is
  checked against the calendar of its own day;
- a percentage of a table column's total ("just over 28% of the valid vote") is worked from the column;
- "over a year, that's about £5,740" from a weekly rate: the year is the span the total runs over, and the estimate
  is the rate kept up over it, to the estimate's own rounding;
- a figure the output works out once and states again elsewhere is its own result, not a figure the source lacks;
- a reference code written with a digit changed conflicts with the source's one code of that shape;
- "Option B" is a label the output gives an alternative, not a name the source lacks.
"""

from __future__ import annotations

from rubriq.core.text import Segment, Span
from rubriq.core.verify.claims import split_claims
from rubriq.core.verify.engine import Verifier
from rubriq.core.verify.values import check_values, extract_values, reportable_absent

QUOTE = "Installation is booked for Tuesday 23 May 2028. Scaffolding goes up 1 to 2 working days before installation."


def _statuses(claim: str, source: str) -> dict[str, str]:
    return {c.value.text: c.status for c in check_values(claim, source, source)}


def test_days_listed_with_their_weekdays_before_one_month_are_dates():
    values = [(v.kind, v.text) for v in extract_values("Scaffolding goes up on Friday 19 or Monday 22 May.")]
    assert values == [("weekday", "Friday"), ("date", "19"), ("weekday", "Monday"), ("date", "22 May")]


def test_each_listed_weekday_is_checked_against_its_own_day():
    right = _statuses("Scaffolding goes up on Friday 19 or Monday 22 May.", QUOTE)
    assert right["Friday"] == right["Monday"] == "matched"
    wrong = check_values("Scaffolding goes up on Thursday 19 or Monday 22 May.", QUOTE, QUOTE)
    thursday = next(c for c in wrong if c.value.text == "Thursday")
    assert (thursday.status, thursday.working) == ("conflict", "19 May 2028 is a Friday")


RESULT = """Candidate            Party                Votes
ASHWORTH, Peter      Liberal Democrats    1,486
BRENNAN, Siobhan     Green Party          2,109
DUCKETT, Graham      Reform UK            1,937
OKONKWO, Ada         Labour Party         642
PRYCE, Judith        Conservative         1,351
"""


def test_a_share_of_a_table_columns_total_is_worked_from_the_column():
    # 2,109 of 7,525 valid votes is 28.03%
    assert _statuses("Brennan took just over 28% of the valid vote.", RESULT)["just over 28%"] == "matched"
    assert _statuses("Brennan took just over 34% of the valid vote.", RESULT)["just over 34%"] != "matched"


AWARD = ("You will get the higher rate of £110.40 a week. We will pay you £441.60 every 4 weeks, in arrears, into "
         "your bank account.")


def test_a_weekly_rate_kept_up_over_a_year_gives_the_estimate():
    statuses = _statuses("Over a year that's about £5,740.", AWARD)
    assert statuses == {"Over a year": "matched", "about £5,740": "matched"}


def test_an_estimate_the_rate_does_not_give_stays_unsupported():
    assert _statuses("Over a year that's about £7,100.", AWARD)["about £7,100"] == "absent"


def test_a_duration_of_more_than_a_year_is_still_checked():
    assert _statuses("The award lasts over a year.", AWARD)["over a year"] == "absent"


TARIFF = """| Ticket | Price |
|---|---|
| Daily ticket | £9.20 |
| Carnet of 10 daily tickets | £78.00 |
"""


def _absent_by_claim(output: str) -> dict[str, tuple[str, ...]]:
    units = [Segment(Span(0, len(TARIFF)), TARIFF)]
    claims, _ = split_claims(output)
    verdicts = Verifier(TARIFF, units, [0], claim_changes=True).verify(claims, output)
    return {v.claim.text: tuple(x.text for x in v.whole.absent) for v in verdicts}


def test_a_figure_the_output_worked_out_is_not_absent_where_it_is_stated_again():
    output = ("Thirteen carnets and eight daily tickets cost 13 × £78.00 + 8 × £9.20 = £1,087.60.\n\n"
              "At about £1,087.60 a year, the carnets are the cheapest way.")
    absent = _absent_by_claim(output)
    assert absent["At about £1,087.60 a year, the carnets are the cheapest way."] == ()


def test_a_figure_stated_only_once_without_its_working_stays_absent():
    absent = _absent_by_claim("At about £1,087.60 a year, the carnets are the cheapest way.")
    assert absent["At about £1,087.60 a year, the carnets are the cheapest way."] == ("about £1,087.60 a year",)


LETTER = "Installer: Fenwick Heat Ltd (certification number HP-44721). Your voucher reference is CHG-2028-118406."


def _code_checks(claim: str, source: str = LETTER) -> list[tuple[str, str, str]]:
    return [(c.value.text, c.status, c.evidence.text if c.evidence else "") for c in check_values(claim, source, source)
            if c.reason == "a reference code the source writes with other digits"]


def test_a_reference_code_with_a_digit_changed_conflicts_with_the_sources():
    assert _code_checks("The installer's certification number is HP-47721.") == [
        ("HP-47721", "conflict", "HP-44721")]
    assert _code_checks("The installer's certification number is HP-44712.") == [
        ("HP-44712", "conflict", "HP-44721")]  # two digits swapped


def test_a_reference_code_as_the_source_writes_it_or_unlike_any_of_its_codes_is_no_conflict():
    assert _code_checks("The installer's certification number is HP-44721.") == []
    assert _code_checks("Quote reference HP-90210 when you call.") == []  # three digits differ: another code
    two_codes = LETTER + " A second installer, HP-44728, is on standby."
    assert _code_checks("The installer's certification number is HP-44723.", two_codes) == []  # which one?



def test_labels_an_output_gives_its_alternatives_are_not_names_the_source_lacks():
    quote = "Basic mirror wills cost £295 for the pair. Trust mirror wills cost £545."
    checks = check_values("Option B is £250 cheaper than Option A.", quote, quote)
    labels = [c for c in checks if c.value.kind == "entity"]
    assert labels and not any(reportable_absent(c.value) for c in labels)
    assert any(reportable_absent(c.value) for c in check_values("Kestrel Wills charges £295.", quote, quote)
               if c.value.kind == "entity")  # a firm the source does not name is still reported
