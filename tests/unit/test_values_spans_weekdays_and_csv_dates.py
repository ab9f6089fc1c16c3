"""Durations and weekdays worked out from dates: a span between a claim's date and one the output stated before
("Thursday 12 March ... Monday 23 March made it 11 days overdue"), a bounded span ("less than a fortnight after
21 August" for 3 September), the weekday of a date in a year the source's dates span, and the weekday of the date on
the source line of a code the claim names. A duration the source leaves bare ("Your normal hours are 37.5 a week")
and "30 days early" for "30 days before" agree. Dates inside CSV rows are read, and "03/02/2026" is day first in a
text that writes "21 April". Times are worked from a time the output gave before, from the ends of a range of hours
and from a bounded period of the source ("more than 30 minutes after")."""

from __future__ import annotations

import pytest

from rubriq.core.text import Span
from rubriq.core.verify.values import check_values, extract_values


def _status(claim: str, source: str, text: str, claim_span: Span | None = None) -> str:
    found = [c.status for c in check_values(claim, source, source, claim_span=claim_span) if c.value.text == text]
    assert found, f"{text!r} not read in {claim!r}"
    return found[0]


LIBRARY = "Overdue recalled items: £1 per day, up to £20 per item. A recalled item is due back seven days after recall."
OUTPUT = ("Your new due date was Thursday 12 March: seven days after the recall. Returning it on Monday 23 March made "
          "it {days} days overdue.")


def test_a_span_from_a_date_the_output_stated_before_is_worked_out():
    output = OUTPUT.format(days="11")
    last = Span(output.index("Returning"), len(output))
    assert _status(output, LIBRARY, "11 days", claim_span=last) == "matched"


def test_a_wrong_span_from_the_output_s_dates_is_still_reported():
    output = OUTPUT.format(days="14")
    last = Span(output.index("Returning"), len(output))
    assert _status(output, LIBRARY, "14 days", claim_span=last) == "absent"


PASSPORT = "I fly home on 21 August. For travel to EU countries, a passport must be valid for at least 3 months."


def test_a_bounded_span_between_two_dates_is_worked_out():
    claim = "Isla's runs out on 3 September, less than a fortnight after you fly home on 21 August."
    assert _status(claim, PASSPORT, "less than a fortnight") == "matched"


def test_a_bound_the_dates_break_is_not_worked_out():
    claim = "Isla's runs out on 30 September, less than a fortnight after you fly home on 21 August."
    assert _status(claim, PASSPORT, "less than a fortnight") == "absent"


LOG = ("date,lift,activity,result\n2025-11-04,L1,LOLER thorough examination,Satisfactory\n"
       "2026-03-31,L1,Routine service,Complete\n")


def test_a_weekday_right_for_its_date_in_a_year_the_source_spans_is_matched():
    assert _status("| L1 | Next LOLER due: Mon 4 May |", LOG, "Mon") == "matched"  # 4 May 2026


def test_a_weekday_wrong_for_its_date_in_every_year_the_source_spans_is_not():
    assert _status("| L3 | Next LOLER due: Thu 5 May |", LOG, "Thu") == "absent"  # a Monday, then a Tuesday


TICKETS = ("ticket,priority,opened,resolved,summary\nSD-4101,P2,2026-04-02 09:10,2026-04-02 15:00,Printer\n"
           "SD-4107,P1,2026-04-25 06:20,2026-04-25 11:05,File server offline\n")


def test_the_weekday_of_the_date_on_the_line_of_a_named_code_is_matched():
    assert _status("SD-4107 happened on a Saturday.", TICKETS, "Saturday") == "matched"


def test_a_weekday_no_line_of_the_named_code_gives_is_not():
    assert _status("SD-4107 happened on a Sunday.", TICKETS, "Sunday") == "absent"


def test_dates_inside_csv_rows_are_read():
    dates = [v.key for v in extract_values("SD-4107,P1,2026-04-25 06:20,2026-04-25 11:05,0,File server offline")
             if v.kind == "date"]
    assert dates == [(2026, 2026, 4, 25), (2026, 2026, 4, 25)]


def test_thousands_and_decimals_still_read_whole():
    assert [v.low for v in extract_values("It costs £1,200.50 for 12,345,678 units.")] == [1200.5, 12345678.0]


def test_a_numeric_date_is_day_first_in_a_text_writing_the_day_before_the_month():
    dates = {v.text: v.key for v in extract_values("Receipt date 03/02/2026. Today is 21 April.")}
    assert dates["03/02/2026"] == (2026, 2026, 2, 3)


def test_a_numeric_date_is_month_first_in_a_text_writing_the_month_before_the_day():
    dates = {v.text: v.key for v in extract_values("Receipt date 03/02/2026. Today is April 21, 2026.")}
    assert dates["03/02/2026"] == (2026, 2026, 3, 2)


def test_a_numeric_date_nothing_settles_states_its_year_alone():
    assert [v.key for v in extract_values("Receipt date 03/02/2026.") if v.kind == "date"] == [
        (2026, 2026, None, None)]


def test_a_span_of_whole_weeks_from_a_day_first_receipt_date_is_worked_out():
    source = "I had it repaired in February; now (it's 21 April) it has stopped working. Receipt date: 03/02/2026."
    assert _status("Today you're exactly 11 weeks into it.", source, "exactly 11 weeks") == "matched"


def test_a_bare_figure_the_words_before_make_hours_states_the_duration():
    source = "Your normal hours are 37.5 a week, Monday to Friday."
    assert _status("You work 37.5 hours a week, Monday to Friday.", source, "37.5 hours") == "matched"


def test_a_bare_figure_of_another_unit_does_not():
    source = "Your normal days are 37.5 a year."
    assert _status("You work 37.5 hours a week.", source, "37.5 hours") != "matched"


def test_days_early_and_days_before_are_one_requirement():
    source = "Railcards can be renewed up to 30 days before they expire."
    assert _status("You can renew up to 30 days early.", source, "up to 30 days") == "matched"


STUDY = "| Level 3 course fees | £1,450 | 14 September 2024 |\nFees are repaid in full if you leave within 12 months."


def test_a_source_date_moved_by_the_claim_s_own_period_is_worked_out():
    claim = "From 14 September 2026, the Level 3 course falls off completely, as it's then 24 months old."
    assert _status(claim, STUDY, "14 September 2026") == "matched"


def test_a_changed_year_with_no_period_to_explain_it_stays_a_conflict():
    claim = "The Level 3 fees were paid on 14 September 2026."
    assert _status(claim, STUDY, "14 September 2026") == "conflict"


def test_linear_metres_are_metres():
    values = extract_values("Inject chemical DPC into the front wall, 9.5 linear metres in total, at £68 per metre.")
    assert [(v.kind, v.unit, v.low) for v in values if v.kind == "quantity"] == [("quantity", "m", 9.5)]


ESCALATION = "Level 3: Engineering Manager on duty, paged 10 minutes after Level 2 if Level 2 has not acknowledged."


@pytest.mark.parametrize(("time", "status"), [("02:15", "matched"), ("02:25", "absent")])
def test_a_time_the_output_gave_before_moved_by_the_claim_s_period(time, status):
    output = f"Level 2 is paged at 02:05. If they don't acknowledge, the manager is paged 10 minutes later, at {time}."
    second = Span(output.index("If they"), len(output))
    assert _status(output, ESCALATION, time, claim_span=second) == status


GROOMING = "A full groom takes 2 to 3 hours for most dogs. Drop-off is from 9am."


@pytest.mark.parametrize(("claim", "times", "status"), [
    ("A full groom takes 2 to 3 hours, so she'll be ready between 11am and noon.", ("11am", "noon"), "matched"),
    ("A full groom takes 2 to 3 hours, so she'll be ready between 1pm and 2pm.", ("1pm", "2pm"), "absent"),
])
def test_the_ends_of_a_range_of_hours_move_a_stated_time(claim, times, status):
    assert [_status(claim, GROOMING, t) for t in times] == [status, status]


LATE = "Deliveries finish at 11am. If your order arrives more than 30 minutes after 11am, we refund the charge."


def test_a_time_a_bounded_relative_period_of_the_source_moves_is_worked_out():
    assert _status("If the driver turns up after 11:30am, you get the charge back.", LATE, "11:30am") == "matched"


@pytest.mark.parametrize(("text", "times"), [
    ("His delivery is in the 10 to 11am slot.", [(600,), (660,)]),
    ("Collect between 10 and 11am.", [(600,), (660,)]),
    ("Open 9 to 5pm.", []),  # a working day, not from 9pm
])
def test_the_first_hour_of_a_short_range_takes_the_second_s_half_of_the_day(text, times):
    assert [v.key for v in extract_values(text) if v.kind == "time"] == times


def test_a_time_past_the_end_of_the_user_s_slot_is_worked_out():
    source = ("His first delivery is in the 10 to 11am slot.\n\nIf your order arrives more than 30 minutes after the "
              "end of your slot, we'll refund the delivery charge.")
    assert _status("If the driver turns up after 11:30am, you get the charge back.", source, "11:30am") == "matched"


OIL = ("Here are today's prices for kerosene, delivered: 500 to 899 litres 61.5p a litre; 900 litres and over 56.9p "
       "a litre. VAT is 5%. Priority delivery within 2 working days costs £25.")


@pytest.mark.parametrize(("saved", "status"), [("roughly £119", "matched"), ("roughly £150", "absent")])
def test_an_estimate_worked_from_the_output_s_own_figures(saved, status):
    output = (f"Ordering together saves you £64.49. The Hendersons save about £54 too. "
              f"Between you, that's {saved} saved.")
    last = Span(output.index("Between"), len(output))
    assert _status(output, OIL, saved, claim_span=last) == status


MILK = "Prices: whole milk, 1 pint glass bottle: £1.09; oat drink, 1 litre carton: £2.70. We charge every Sunday."


@pytest.mark.parametrize(("total", "status"), [("£23.70", "matched"), ("£24.70", "conflict")])
def test_what_a_list_comes_to_is_its_total(total, status):
    output = f"- Monday: £6.55\n- Wednesday: £7.85\n- Friday: £9.30\n\nA week comes to {total}."
    last = Span(output.index("A week"), len(output))
    assert _status(output, MILK, total, claim_span=last) == status


def test_a_period_on_the_next_line_makes_no_rate():
    values = extract_values("- Friday: £9.30\n\nA week comes to £23.70.")
    assert [(v.text, v.unit) for v in values if v.kind == "money"] == [("£9.30", "GBP"), ("£23.70", "GBP")]
