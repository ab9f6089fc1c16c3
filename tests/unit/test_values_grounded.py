"""Value checks on the kind of text people paste into prompts: notices, invoices, timetables, tickets, tables.

Each test is a false alarm or a miss of an earlier version, written afresh (not copied from any corpus): what a
careful reader confirms as faithful must not be a conflict, and a changed figure in its own slot must be one.
"""

from __future__ import annotations

from rubriq.core.text import Span
from rubriq.core.verify.values import check_values, reportable_absent


def statuses(claim: str, evidence: str, source: str | None = None) -> dict[str, str]:
    return {c.value.text: c.status for c in check_values(claim, evidence, source if source is not None else evidence)}


def conflicts(claim: str, evidence: str, source: str | None = None) -> list[tuple[str, str]]:
    return [(c.value.text, c.evidence.text) for c in check_values(claim, evidence, source or evidence)
            if c.status == "conflict"]


# --- a value the evidence states is never a conflict ---------------------------------------------------------------

def test_the_new_figure_of_a_change_the_evidence_states_is_matched() -> None:
    checks = statuses("The tariff climbs from 12.5% to 14.5% APR.",
                      "The standard tariff will change from 12.5% APR fixed to 14.5% APR fixed.")
    assert (checks["12.5%"], checks["14.5%"]) == ("matched", "matched")


def test_a_closing_time_stated_beside_a_last_admission_time_is_matched() -> None:
    checks = statuses("The gallery is open from 09:00 to 18:00, with last admission at 17:15.",
                      "Opening hours: daily, 09:00–18:00 (last admission 17:15).")
    assert checks["18:00"] == "matched"
    assert checks["17:15"] == "matched"


# --- negations: reported apart, never as conflicts -----------------------------------------------------------------

def test_a_negated_claim_against_a_condition_in_the_evidence_is_polarity_not_conflict() -> None:
    claim = "The booking wasn't renewed automatically because the address was changed in May."
    evidence = ("The booking is renewed automatically only if the address points to us, and your address was "
                "changed in May.")
    assert statuses(claim, evidence)["wasn't"] == "polarity"
    assert conflicts(claim, evidence) == []


def test_an_affirmed_claim_the_evidence_negates_elsewhere_is_polarity_not_conflict() -> None:
    claim = "Until the fix, members can register through the portal."
    evidence = "Members can't register. The portal is working."
    checks = check_values(claim, evidence, evidence)
    assert [(c.value.text, c.status, c.evidence.text) for c in checks if c.value.kind == "negation"] == [
        ("register", "polarity", "can't")]
    assert conflicts(claim, evidence) == []


# --- arithmetic over the source's figures is derived, never a conflict ----------------------------------------------

def test_the_remainder_of_a_total_after_a_stated_part_is_derived() -> None:
    claim = "The bridge is due to open in May at a cost of €6.2 million, €4.5 million of which comes from the city."
    evidence = ("The bridge will cost 6.2 million euros, of which 1.7 million comes from a national fund and the rest "
                "from the city.")
    assert statuses(claim, evidence)["€4.5 million"] == "matched"
    assert conflicts(claim, evidence) == []


def test_a_sum_of_prices_times_head_counts_written_out_in_the_claim_is_derived() -> None:
    claim = "Three adults at £12 and one child at £6 comes to £42, so the group ticket is cheaper."
    evidence = "Tickets: adults £12, seniors £9, children (5-15) £6. Group ticket (up to 6 people): £38."
    assert statuses(claim, evidence)["£42"] == "matched"
    assert conflicts(claim, evidence) == []


def test_a_count_times_a_unit_price_is_derived() -> None:
    claim = ("For July they paid £2,091.50 on invoice 7205: £1,880 for 40 desks plus a prorated £211.50 for the 5 "
             "desks added on 9 June.")
    evidence = ("1 July: invoice 7205, £2,091.50 (40 desks × £47 + prorated £211.50). 1 June: invoice 7101, £1,645 "
                "(35 desks × £47).")
    checks = statuses(claim, evidence)
    assert checks["£1,880"] == "matched"
    assert checks["£2,091.50"] == "matched"  # thousands and pence together are one amount
    assert conflicts(claim, evidence) == []


def test_an_amount_per_month_matches_the_same_amount_paid_in_a_month() -> None:
    claim = "So if you deposit at least £800 a month, the new charge won't apply."
    evidence = "The charge is waived in any month in which you deposit at least £800."
    assert statuses(claim, evidence)["at least £800 a month"] == "matched"


def test_a_yearly_amount_matches_its_monthly_rate() -> None:
    assert statuses("The plan costs £96 a year.", "The plan costs £8 a month.")["£96 a year"] == "matched"
    assert statuses("The plan costs £120 a year.", "The plan costs £8 a month.")["£120 a year"] == "conflict"


def test_differences_the_source_implies_are_derived_not_absent() -> None:
    assert statuses("The club made a net gain of 27 members over the year.",
                    "During the year 31 new members joined and 4 members left.")["27"] == "matched"
    assert statuses("Support for the plan fell by three points.",
                    "Support for the plan fell from 64% in May to 61% in June.")["three"] == "matched"
    assert statuses("The contract runs for 30 days.",
                    "The contract starts on 28 April 2025 and ends on 28 May 2025.")["30 days"] == "matched"
    assert statuses("The outage lasted 75 minutes.",
                    "The outage began at 13:10 UTC and service was restored at 14:25 UTC.")["75 minutes"] == "matched"


def test_a_product_of_a_visit_count_and_a_visit_length_is_derived() -> None:
    checks = statuses("You'd visit the clinic 9 times, each visit about 2 hours, roughly 18 hours in total.",
                      "There are 9 clinic visits; each takes about 2 hours.")
    assert checks["roughly 18 hours"] == "matched"


def test_a_wrong_difference_is_not_derived() -> None:
    checks = statuses("The club made a net gain of 25 members over the year.",
                      "During the year 31 new members joined and 4 members left.")
    assert checks["25"] != "matched"


def test_a_bound_is_derived_only_by_a_figure_just_past_it() -> None:
    evidence = "The average wait fell from 9 hours 20 minutes to 7 hours 45 minutes."
    assert statuses("The average wait fell by more than two hours.", evidence)["more than two hours"] != "matched"


# --- tables: a cell fills the slot of its own row ------------------------------------------------------------------

INVOICE = """Invoice 77

Item                        Qty    Unit price    Amount
Brochures, A4 glossy         500    £0.30         £150.00
Logo redraw                    1    £95.00        £95.00
Editing (hours)                4    £45.00        £180.00

Subtotal                                         £425.00
VAT 20%                                          £85.00
TOTAL DUE                                        £510.00"""


def test_a_line_item_copied_from_an_invoice_table_is_matched_not_set_against_another_row() -> None:
    for claim, amount in (("500 A4 glossy brochures – £150.00", "£150.00"), ("4 hours of editing – £180.00",
                                                                                "£180.00"),
                          ("1 logo redraw – £95.00", "£95.00")):
        assert statuses(claim, INVOICE)[amount] == "matched", claim
        assert conflicts(claim, INVOICE) == [], claim


def test_a_changed_amount_in_a_table_row_conflicts_with_that_rows_cell() -> None:
    assert conflicts("4 hours of editing – £190.00", INVOICE) == [("£190.00", "£180.00")]
    assert conflicts("The total due is £564.00.", INVOICE) == [("£564.00", "£510.00")]


def test_a_name_never_runs_across_table_cells_or_lines() -> None:
    from rubriq.core.verify.values import extract_values

    names = [v.text for v in extract_values(INVOICE) if v.kind == "entity"]
    assert all("\n" not in name and "   " not in name for name in names), names


def test_a_cell_of_a_header_less_table_row_is_compared_by_its_row_label() -> None:
    results = ("Candidate          Party            Votes\n"
               "Ann Lowe           Green            1,204\n"
               "Tim Hart           Labour             917\n"
               "Joy Marsh          Reform             512\n")
    assert statuses("Tim Hart (Labour) came second with 917 votes, 287 behind.", results)["917"] == "matched"
    assert conflicts("Tim Hart (Labour) came second with 971 votes.", results) == [("971", "917")]


def test_a_month_in_a_table_row_is_not_set_against_a_month_governed_by_a_word_the_row_lacks() -> None:
    notes = "Support: tickets about exports doubled since the January release. Tess will write a macro."
    row = "| Action | Owner | Due |\n|---|---|---|\n| Write a support macro about exports | Tess | 10 Feb |"
    assert conflicts(row, notes) == []


# --- reading values the way documents write them -------------------------------------------------------------------

def test_a_limit_is_an_upper_bound_that_a_tenfold_bound_conflicts_with() -> None:
    assert conflicts("Playlists now play offline, up to 5,000 songs per device.",
                     "Offline mode: downloads are limited to 500 songs per device.") == [
        ("up to 5,000", "limited to 500")]


def test_days_listed_before_one_month_are_dates_of_that_month() -> None:
    claim = "Reminders were sent to the office on 1 and 12 June."
    evidence = "Reminders went to the office on 1 and 12 July. The lease changed in June."
    # the second day names its month in the words quoted; the first would read "1 — the source says 1"
    assert conflicts(claim, evidence) == [("12 June", "12 July")]


def test_a_sentence_ending_in_a_full_month_name_keeps_its_period_out_of_the_date() -> None:
    from rubriq.core.verify.values import extract_values

    assert [v.text for v in extract_values("It opens on 12 July. It closes in August.") if v.kind == "date"] == [
        "12 July", "August"]


def test_grams_after_a_space_are_a_mass_and_a_difference_of_two_weights_is_derived() -> None:
    checks = statuses("It weighs 1.31 kg against 1.75 kg, about 440 g less.",
                      "Weight: 1.31 kg. Other model weight: 1.75 kg.")
    assert checks["about 440 g"] == "matched"


def test_a_figure_without_the_sources_bound_is_the_sources_figure() -> None:
    assert statuses("Its battery lasts 11 hours on the Vega.", "Battery: up to 11 hours of video playback.")[
        "11 hours"] == "matched"
    assert statuses("Most adults get the recommended 150 minutes of activity a week.",
                    "Only 40% met the guideline of at least 150 minutes of moderate activity a week.")[
        "150 minutes"] == "matched"


def test_a_claims_bound_agrees_with_a_source_figure_only_in_its_slot() -> None:
    # "more than two hours" holds 9 hours 20 minutes, but that figure is where the wait fell from, not by how much
    checks = statuses("The wait fell by more than two hours.", "The wait fell from 9 hours 20 minutes to 8 hours.")
    assert checks["more than two hours"] == "absent"


def test_an_ordinal_is_read_past_consecutive_and_straight() -> None:
    assert statuses("Pass rates improved for a fourth straight month.",
                    "Pass rates rose for the fourth consecutive month.")["fourth"] == "matched"


def test_a_month_alone_is_not_stated_by_a_year_alone() -> None:
    assert statuses("The centre will open in January.", "The centre, built in 2019, will open in March.")[
        "January"] != "matched"


def test_ages_written_as_a_hyphenated_range_match_the_sources_ages() -> None:
    assert statuses("Mentors work with 8–11-year-olds.", "The scheme pairs mentors with children aged 8 to 11.")[
        "8–11-year-olds"] == "matched"


def test_a_range_whose_two_ends_the_source_states_is_matched() -> None:
    assert statuses("Waits over 12 hours fell from 412 to 260.",
                    "The number waiting more than 12 hours fell from 412 in July to 260 in October.")[
        "from 412 to 260"] == "matched"


def test_a_figure_repeated_in_brackets_is_one_duration() -> None:
    from rubriq.core.verify.values import extract_values

    (duration,) = [v for v in extract_values("For a period of six (6) months after leaving.") if v.kind == "duration"]
    assert duration.text == "six (6) months" and duration.low == 6 * 2629746.0


def test_codes_with_dashes_are_not_ranges_and_a_lone_capital_is_not_a_name() -> None:
    from rubriq.core.verify.values import extract_values

    found = [(v.kind, v.text) for v in extract_values("Invoice 2025-0419, sort code 40-11-62; we A/B test it.")]
    assert found == [], found


def test_a_count_of_votes_behind_the_winner_is_a_derived_difference() -> None:
    checks = statuses("Tim Hart came second with 917 votes, 287 behind.",
                      "Ann Lowe won with 1,204 votes. Tim Hart had 917 votes.")
    assert checks["287"] == "matched"


# --- changed figures in their own slot are conflicts ---------------------------------------------------------------

def test_a_changed_warning_period_before_an_event_conflicts_though_another_figure_matches_its_number() -> None:
    # "14" is also the count of certificates left: a figure of another kind does not vouch for "14 days"
    evidence = ("Actions: all certificates are being moved (14 remain); an alert will fire 30 days before any "
                "certificate expires.")
    assert conflicts("We're adding alerts 14 days before any certificate expires.", evidence) == [
        ("14 days", "30 days")]


def test_people_and_members_count_the_same_heads() -> None:
    evidence = ("It is a 60-minute call: 30 minutes with the manager, followed by a case study with two members of "
                "the data team.")
    claim = ("The call lasts an hour: half an hour with the manager, then a case study with three people from the "
             "data team.")
    assert conflicts(claim, evidence) == [("three", "two")]
    assert statuses(claim.replace("three", "two"), evidence)["two"] == "matched"


def test_a_limit_set_off_by_a_dash_is_compared_with_the_sources_limit() -> None:
    claim = "Take your photos anywhere: albums you've saved now open offline — up to 3,000 photos per phone."
    evidence = "Offline albums: saved albums now open without a connection; storage is limited to 300 photos per phone."
    assert conflicts(claim, evidence) == [("up to 3,000", "limited to 300")]


def test_extraction_work_grows_linearly_with_the_width_of_a_table() -> None:
    from rubriq.core.verify.values import extraction_work

    def table(columns: int) -> str:
        header = "   ".join(f"Week{n}" for n in range(columns))
        row = "   ".join(f"£{n}.00" for n in range(columns))
        return f"{header}\n{row}\n{row}\n"

    assert extraction_work(table(400)) / extraction_work(table(200)) < 2.2


# --- dates, times and ages worked out the way answers write them ----------------------------------------------------

FERRY = ("Sailing: Friday 14 August 2026, 07:30. Check-in closes 45 minutes before departure. Bookings can be "
         "changed free of charge up to 72 hours before sailing; cancellations made more than 48 hours before "
         "sailing are refunded in full.")


def test_the_weekday_of_a_date_worked_back_from_the_source_is_not_set_against_the_sources_weekday() -> None:
    checked = statuses("You can change the booking for free until 07:30 on Tuesday 11 August.", FERRY)
    assert checked["Tuesday"] == "matched" and checked["11 August"] == "matched"
    assert statuses("You can still cancel with a full refund before Wednesday 12 August.", FERRY)[
        "Wednesday"] == "matched"


def test_a_wrong_weekday_for_its_own_date_still_conflicts() -> None:
    assert statuses("The ferry sails at 07:30 on Saturday 14 August.", FERRY)["Saturday"] == "conflict"


def test_a_time_worked_from_an_approximate_period_the_claim_states_is_matched() -> None:
    assert statuses("Check-in shuts about 45 minutes before you sail (around 06:45).", FERRY)["06:45"] == "matched"


def test_a_time_in_a_regional_clock_is_no_conflict_with_a_utc_time_and_not_reported_as_invented() -> None:
    source = "The service will be unavailable on Saturday 3 October 2026 from 22:00 to 23:30 UTC."
    checks = {c.value.text: c for c in check_values("It's down from 11pm to 12:30am UK time on Saturday.", source,
                                                    source)}
    assert all(c.status != "conflict" for c in checks.values())
    assert not any(reportable_absent(c.value) for c in checks.values() if c.value.kind == "time")
    assert statuses("It's down from 9pm UTC on Saturday.", source)["9pm UTC"] == "conflict"


def test_a_day_named_with_its_date_earlier_in_the_output_is_checked_there() -> None:
    source = "Day 1 (10 May 2027): Ravenglass to Muncaster, 6 miles. Day 3 (12 May 2027): Boot to Wasdale, 9 miles."
    output = "- Wednesday 12 May: Boot to Wasdale, 9 miles.\n\nWednesday is the longest day, so start early."
    checks = check_values(output, source, source, claim_span=Span(output.index("Wednesday is"), len(output)))
    assert {c.value.text: c.status for c in checks}["Wednesday"] == "matched"


def test_an_age_with_and_up_is_a_lower_bound_and_ages_before_a_number_make_it_an_age() -> None:
    source = "Junior sessions are open to ages 8 and up. Adults are those aged 18 or over."
    assert statuses("Children aged 8 and over can join the junior sessions.", source)["8 and over"] == "matched"
    assert statuses("Children aged 6 and up can join the junior sessions.", source)["6 and up"] == "conflict"


def test_up_to_a_month_is_a_duration_compared_with_the_sources() -> None:
    source = "You can pause your membership once, for up to 14 days, from the app."
    assert statuses("You can pause it once for up to a month.", source)["up to a month"] == "conflict"


def test_an_amount_under_a_period_label_is_a_rate_for_that_period() -> None:
    source = "Membership: adult, off-peak\nMonthly fee: £32.50, taken on the 1st"
    assert statuses("That's £390 a year.", source)["£390 a year"] == "matched"
    assert statuses("That's £420 a year.", source)["£420 a year"] != "matched"


def test_later_and_after_state_the_same_distance_in_time() -> None:
    source = "Your new card is posted within 5 working days. The PIN follows about 3 days later."
    assert statuses("The PIN arrives roughly three days after that.", source)["roughly three days"] == "matched"


def test_a_deadline_set_by_a_rule_of_the_source_is_derived_from_its_date() -> None:
    source = "The next box ships on Monday 11 May 2026. Changes made less than 5 days before a shipping date apply " \
             "to the following box."
    assert statuses("Make your changes by 6 May to catch this box.", source)["6 May"] == "matched"
    assert statuses("Make your changes by 8 May to catch this box.", source)["8 May"] != "matched"
    strict = "Delivery: Friday 21 August. Cancellations more than 10 days before delivery are refunded in full."
    assert statuses("For a full refund, cancel by 10 August.", strict)["10 August"] == "matched"


def test_a_weekday_is_checked_by_the_calendar_a_dated_weekday_of_the_source_fixes() -> None:
    source = "Collection is on Saturday 15 August, between 9am and noon."
    assert statuses("Pack everything by Thursday 13 August.", source)["Thursday"] == "matched"


def test_a_fraction_of_an_hour_is_a_duration_and_a_time_worked_from_it_is_matched() -> None:
    source = "The tour starts at 14:00. Please arrive at least 15 minutes before the start."
    checked = statuses("Be there by 13:45, since they want you at least a quarter of an hour before the start.",
                       source)
    assert checked["13:45"] == "matched" and checked["at least a quarter of an hour"] == "matched"


def test_a_day_inside_a_period_the_source_states_is_no_conflict_with_its_last_day() -> None:
    source = "Peak rates apply from 20 December to 3 January. Off-peak rates apply at all other times."
    assert statuses("The nights of 21 and 22 December are at peak rates.", source)["22 December"] == "matched"
    assert statuses("Peak rates run until 5 January.", source)["5 January"] != "matched"


def test_a_remainder_or_a_percent_off_an_earlier_figure_of_the_output_is_derived() -> None:
    source = ("Pitches: £26 a night. A 20% deposit is due on booking; the balance is paid on arrival. "
              "Members get 5% off.")
    first = "The deposit is 20%, so £31.20 now, and the other £124.80 on arrival."
    second = "As a member you'd get 5% off, which brings it to £148.20."
    output = f"Six nights come to £156.00.\n\n{first} {second}"
    for sentence, figure in ((first, "£124.80"), (second, "£148.20")):
        start = output.index(sentence)
        checks = {c.value.text: c.status
                  for c in check_values(output, source, source, claim_span=Span(start, start + len(sentence)))}
        assert checks[figure] == "matched", checks
    wrong = output.replace("£148.20", "£146.20")
    start = wrong.index("As a member")
    checks = {c.value.text: c.status for c in check_values(wrong, source, source, claim_span=Span(start, len(wrong)))}
    assert checks["£146.20"] != "matched"


def test_an_age_group_is_an_age_limit_compared_with_the_source_s_group() -> None:
    source = "Children under 5 must not use the tub, and under-16s must be supervised by an adult at all times."
    checked = statuses("No under-5s; under-18s must be supervised by an adult.", source)
    assert checked["under-5s"] == "matched"
    assert checked["under-18s"] == "conflict"
    assert statuses("No under-5s; under-16s must be supervised by an adult.", source)["under-16s"] == "matched"


def test_the_end_of_a_range_of_times_shares_what_its_start_is_said_of() -> None:
    source = "For questions, call the Highways team on 01632 960 418 (Monday to Friday, 8:30am–5pm)."
    assert statuses("Ring the Highways team Monday to Friday, 8:30am to 5:30pm.", source)["5:30pm"] == "conflict"
    assert statuses("Ring the Highways team Monday to Friday, 8:30am to 5pm.", source)["5pm"] == "matched"


def test_a_figure_that_meets_a_named_minimum_does_not_contradict_it() -> None:
    source = "High season runs from 17 July to 31 August. There is a minimum stay of 3 nights in high season."
    assert statuses("Your 7 nights are fine in high season.", source)["7 nights"] == "matched"
    assert statuses("There is a minimum stay of 5 nights in high season.", source)["5 nights"] == "conflict"


def test_the_day_before_a_stated_period_is_its_edge_not_a_conflict_with_its_end() -> None:
    source = "High season runs from 17 July to 31 August and includes all bank holiday weekends."
    assert statuses("The nights of 12 to 16 July are low season.", source)["16 July"] == "matched"
    assert statuses("The nights of 12 to 14 July are low season, 15 July is high season.",
                    source)["15 July"] != "matched"


def test_an_amount_for_the_week_is_a_weekly_rate_worked_from_a_nightly_one() -> None:
    source = "Small extra tent: £5 per night. Extra adult: £8 per night."
    assert statuses("Their own small tent is £5 a night extra, £35 for the week.", source)["£35 for the week"] \
        == "matched"
    assert statuses("Their own small tent is £5 a night extra, £45 for the week.", source)["£45 for the week"] \
        != "matched"


def test_a_total_that_is_a_stated_daily_rate_over_a_stated_number_of_days_is_derived() -> None:
    source = ("For the first 10 days, the most you can claim is £64.95 a day. You can also claim £5.71 a day for "
              "food and drink.")
    assert statuses("Food and drink adds £57.10 over the ten days.", source)["£57.10"] == "matched"
    assert statuses("Food and drink adds £58.10 over the ten days.", source)["£58.10"] != "matched"


def test_the_cells_of_a_pasted_statement_are_figures_not_one_number_or_a_link() -> None:
    source = ("Date,Type,Description,Amount,Balance\n"
              "02/03/2026,Card Payment,NETFLIX.COM,-12.99,843.46\n"
              "04/03/2026,Card Payment,SPOTIFY UK,-11.99,831.47\n"
              "05/03/2026,Direct Debit,THAMES WATER,-36.50,794.97\n")
    checked = statuses("Netflix costs £12.99 and Thames Water £36.50.", source)
    assert checked["£12.99"] == "matched" and checked["£36.50"] == "matched"
    assert statuses("Netflix costs £13.99.", source)["£13.99"] != "matched"
    assert statuses("Pay £1,234.56 or €1.234,56.", "It costs £1,234.56 or €1.234,56.")["£1,234.56"] == "matched"


def test_a_time_moved_by_a_relative_period_the_source_states_is_derived() -> None:
    source = ("Dates: Friday 27 November (late-night opening, 5pm–9pm). Set-up: vehicles may enter the square from "
              "2pm on Friday. All vehicles must be off the square 30 minutes before opening.")
    assert statuses("| Friday 27 November | 2pm | 4:30pm | 5pm–9pm |", source)["4:30pm"] == "matched"
    assert statuses("| Friday 27 November | 2pm | 4pm | 5pm–9pm |", source)["4pm"] != "matched"


def test_a_stated_figure_less_an_earlier_figure_of_the_output_is_derived() -> None:
    source = "Whites have quoted £640; the PCC pays half and the tower fund the rest. Balance £1,215."
    output = "The PCC pays half, so £320 comes out of the tower fund.\n\nThe fund stands at £1,215, or £895 after that."
    start = output.index("The fund")
    checks = {c.value.text: c.status for c in check_values(output, source, source, claim_span=Span(start, len(output)))}
    assert checks["£895"] == "matched"
    wrong = output.replace("£895", "£875")
    checks = {c.value.text: c.status for c in check_values(wrong, source, source, claim_span=Span(start, len(wrong)))}
    assert checks["£875"] != "matched"


def test_a_monthly_figure_restated_over_a_year_is_the_claim_s_own_figure_per_another_period() -> None:
    source = "From 1 April the monthly price goes up from £24.99 to £27.99."
    checked = statuses("The rise is £3 a month, £36 over a year.", source)
    assert checked["£36 over a year"] == "matched"
    assert statuses("The rise is £3 a month, £40 over a year.", source)["£40 over a year"] != "matched"


def test_a_sentence_s_first_gerund_is_not_part_of_the_name_after_it() -> None:
    source = "Card payments: NETFLIX 12.99, AUDIBLE UK 7.99, SPOTIFY 11.99."
    assert "Netflix" in statuses("Dropping Netflix would save money.", source)


def test_the_half_hour_before_a_stated_time_moves_it() -> None:
    source = "Practice night: Thursday, 7:30–9pm. Learners are taught bell handling in the half hour before practice."
    assert statuses("Teaching starts at 7pm, in the half hour before practice.", source)["7pm"] == "matched"
    assert statuses("Teaching starts at 6pm, in the half hour before practice.", source)["6pm"] != "matched"


def test_a_weekday_takes_the_year_of_the_same_day_in_the_source() -> None:
    source = "Reply by 16 March 2026. Appeals must be lodged by 14 April 2026. The list is kept until 31 December 2027."
    assert statuses("Accept the place by Monday 16 March.", source)["Monday"] == "matched"
    assert statuses("Accept the place by Friday 16 March.", source)["Friday"] != "matched"


def test_an_amount_about_an_earlier_total_split_over_a_stated_count() -> None:
    output = "**Total due: £349.29**\n\nYou can spread it over six monthly Direct Debits of about £58.22."
    source = "Total due £349.29. You can also spread the cost over six monthly Direct Debit instalments."
    start = output.index("You can")
    checks = {c.value.text: c.status for c in check_values(output, source, source, claim_span=Span(start, len(output)))}
    assert checks["about £58.22"] == "matched"
    assert [v.value.qualifier for v in check_values("spread over six payments", source, source)
            if v.value.text.endswith("six")] == [""]


def test_a_share_the_claim_names_in_words_of_a_stated_figure() -> None:
    source = "Whites have quoted £640; the PCC has agreed to pay half and the tower fund the rest."
    assert statuses("The PCC is paying half, so £320 comes out of the tower fund.", source)["£320"] == "matched"
    assert statuses("The PCC is paying half, so £340 comes out of the tower fund.", source)["£340"] != "matched"


def test_the_total_of_the_table_rows_a_name_of_the_claim_names() -> None:
    source = ("Date,Type,Description,Amount,Balance\n"
              "02/03/2026,Card Payment,TESCO STORES 2231,-46.18,797.28\n"
              "06/03/2026,Card Payment,SHELL NORTH RD,-52.30,745.00\n"
              "12/03/2026,Card Payment,TESCO STORES 2231,-61.72,683.28\n"
              "21/03/2026,Card Payment,TESCO STORES 2231,-38.04,645.24\n")
    assert statuses("Your three Tesco shops came to £145.94.", source)["£145.94"] == "matched"
    assert statuses("Your three Tesco shops came to £146.94.", source)["£146.94"] != "matched"


def test_a_weekday_before_a_date_is_part_of_the_date_not_the_word_that_governs_it() -> None:
    source = "Learners. Two new learners, Josh and Hannah, start on Wednesday 11 February."
    assert conflicts("Please welcome Josh and Hannah, who start on Thursday 12 February.", source) == \
        [("12 February", "11 February")]
    assert statuses("Josh and Hannah start on Wednesday 11 February.", source)["11 February"] == "matched"


def test_a_day_the_claim_calls_a_period_s_last_is_not_rescued_by_lying_inside_it() -> None:
    source = "Spanish for Beginners. Day and time: Tuesdays, 6:30pm. Dates: 15 September to 8 December 2026."
    assert statuses("So the last class is on Tuesday 1 December.", source)["1 December"] != "matched"


def test_or_more_than_starts_a_new_bound_and_leaves_the_one_before_alone() -> None:
    source = "Nobody may work more than 5 shifts in a week or more than 10 hours in a day."
    assert statuses("Every shift is 8 hours, well inside the 10-hour limit.", source)["10-hour"] == "matched"


def test_a_date_its_own_renewal_period_moves_forward_is_matched_and_another_rule_s_period_is_not() -> None:
    source = ("| Carer | Moving & handling | Medication | Safeguarding |\n|---|---|---|---|\n"
              "| Kwame Asante | 28/10/2025 | 25/11/2025 | 22/12/2023 |\n\nRenewal rules:\n"
              "- Moving and handling: renew every 12 months.\n- Medication: annual refresher.\n"
              "- Safeguarding: renew every 2 years.")
    assert statuses("| Kwame Asante | Safeguarding | 22 Dec 2025 | Overdue |", source)["22 Dec 2025"] == "matched"
    assert statuses("| Kwame Asante | Medication | 25 Nov 2026 | Due |", source)["25 Nov 2026"] == "matched"
    # 12 months is the moving and handling rule, not the safeguarding one
    assert statuses("| Kwame Asante | Safeguarding | 22 Dec 2024 | Overdue |", source)["22 Dec 2024"] != "matched"
    assert statuses("| Kwame Asante | Safeguarding | 22 Dec 2026 | Overdue |", source)["22 Dec 2026"] != "matched"


def test_a_lower_rank_than_one_the_source_adds_is_no_conflict() -> None:
    source = "Garden waste costs £58 per bin if you renew by 15 March. A second bin at the same address costs £45."
    assert statuses("After 15 March the first bin goes up to £64.", source)["first"] != "conflict"
    assert statuses("The first bin is £58 and the second £45.", source)["first"] != "conflict"
    schedule = "The first aid course runs on the second Wednesday of each month."
    assert conflicts("The course runs on the third Wednesday of the month.", schedule) == [("third", "second")]


def test_monday_to_friday_is_what_weekdays_says() -> None:
    source = "If anyone gets locked out, they should call our helpdesk on 0161 496 0725 (8am–6pm weekdays)."
    assert statuses("Call the helpdesk, 8am–6pm Monday to Friday.", source)["Friday"] == "matched"
    assert statuses("Call the helpdesk, 8am–6pm on Saturday.", source)["Saturday"] != "matched"


def test_a_small_amount_is_a_price_times_a_count_the_claim_states_beside_it() -> None:
    source = "A second car can use the Harbour Road car park, which costs £8 a day."
    assert statuses("It's £8 a day (£56 if you're there all seven days).", source)["£56"] == "matched"
    assert statuses("It's £8 a day (£58 if you're there all seven days).", source)["£58"] != "matched"
    assert statuses("Parking comes to £56 in all.", source)["£56"] != "matched"


def test_a_weekday_shared_by_two_dates_does_not_make_them_one_slot() -> None:
    source = "I'd be happy to take Biscuit and Moss from Monday 13 April. Bank holidays are £5 extra."
    assert statuses("Monday 4 May is a bank holiday.", source)["4 May"] != "conflict"
    assert conflicts("I'll take Biscuit and Moss from Monday 20 April.", source) == [("20 April", "13 April")]
    assert conflicts("The demo is on Friday 14 March at 15:00.", "Notes.\nDemo: Friday 21 March, 15:00.") == \
        [("14 March", "21 March")]


def test_a_span_from_a_dated_day_to_a_day_of_no_stated_year_is_worked_out_in_that_year() -> None:
    source = ("I had my phone repaired in February, and now (it's 21 April) it has stopped working. "
              "Receipt: 3 February 2026.")
    assert statuses("Today you're exactly 11 weeks into it.", source)["exactly 11 weeks"] == "matched"
    assert statuses("It is 77 days since the repair.", source)["77 days"] == "matched"
    assert statuses("Today you're exactly 12 weeks into it.", source)["exactly 12 weeks"] != "matched"


def test_the_claim_s_count_times_a_figure_the_output_states_before_is_no_conflict() -> None:
    source = "Group walk: £14 per dog. Solo walk (1 hour): £20. Second dog on the same walk: half price."
    output = "Each group walk for both dogs: £14 plus half price (£7), so £21.\nThree walks a week: £63.\n"
    line = output.index("Three")
    checks = {c.value.text: c.status for c in check_values(output, source, source,
                                                           claim_span=Span(line, len(output) - 1))}
    assert checks["£63"] == "matched"
    wrong = output.replace("£63", "£66")
    checks = {c.value.text: c.status for c in check_values(wrong, source, source,
                                                           claim_span=Span(line, len(wrong) - 1))}
    assert checks["£66"] != "matched"


def test_a_day_a_monthly_rule_names_is_matched_with_its_weekday_written() -> None:
    source = "It's Monday 2 November 2026. The first aid course runs on the second Wednesday of each month."
    assert statuses("The options are Wednesday 11 November and Wednesday 9 December.", source)["9 December"] == \
        "matched"
    assert statuses("The next one is Wednesday 18 November.", source)["18 November"] != "matched"
    assert statuses("The next one is 11 November.", source)["11 November"] != "matched"


def test_a_wrong_span_is_not_rescued_by_the_day_the_claim_itself_derives_from_it() -> None:
    source = "Date: Saturday 14 March 2026. Results are sent to the teacher within 14 days of the exam."
    checks = statuses("Results go to the teacher within 10 days of the exam, so you should hear by Tuesday 24 March.",
                      source)
    assert checks["10 days"] != "matched"


def test_a_total_of_the_amounts_in_the_table_above_is_no_conflict() -> None:
    source = "Basic rate £12.50 an hour; overtime at time and a half, £18.75; Sunday double time, £25.00."
    output = ("| Shift | Rate | Pay |\n|---|---|---|\n| Mon, 8 hrs | basic, £12.50 | £100.00 |\n"
              "| Tue, 3 hrs | overtime, £18.75 | £56.25 |\n| Sun, 4 hrs | double, £25.00 | £100.00 |\n\n"
              "**Total for the week: £256.25**\n")
    line = output.index("**Total")
    checks = {c.value.text: c.status for c in check_values(output, source, source,
                                                           claim_span=Span(line, len(output) - 1))}
    assert checks["£256.25"] == "matched"
    wrong = output.replace("£256.25", "£265.25")
    checks = {c.value.text: c.status for c in check_values(wrong, source, source,
                                                           claim_span=Span(line, len(wrong) - 1))}
    assert checks["£265.25"] != "matched"


def test_the_first_or_last_hours_of_a_stated_shift_are_a_part_of_it() -> None:
    source = "Your shifts this week:\nTue 5 May: 07:00–15:00 (8 hrs)\nFri 8 May: 07:00–15:00 (8 hrs)\n"

    def status(row: str) -> str:
        output = f"| Hours | Rate | Pay |\n|---|---|---|\n{row}\n"
        start = output.index(row)
        return next(c.status for c in check_values(output, source, source, claim_span=Span(start, start + len(row)))
                    if c.value.text.endswith("hrs"))

    assert status("| Fri 8 May, first 6 hrs | basic, £12.60 | £75.60 |") == "matched"
    assert status("| Fri 8 May, last 2 hrs | overtime, £15.75 | £31.50 |") == "matched"
    assert status("| Fri 8 May, 6 hrs | basic, £12.60 | £75.60 |") == "conflict"


def test_a_weekday_takes_the_year_of_the_source_s_full_dates_over_a_month_it_names() -> None:
    source = "Report issued: 23 January 2026. Next full review: January 2027. High-risk actions within 1 month."
    assert statuses("Fix the door by Monday 23 February.", source)["Monday"] == "matched"
    assert statuses("Fix the door by Tuesday 23 February.", source)["Tuesday"] != "matched"


def test_the_end_of_a_session_its_stated_start_and_length_give_is_matched() -> None:
    source = "Your talk is on the second day at 14:20 and lasts 25 minutes, including questions."
    checks = statuses("Your talk runs from 14:20 to 14:45 on the second day.", source)
    assert (checks["14:20"], checks["14:45"]) == ("matched", "matched")


def test_an_end_no_stated_length_gives_still_conflicts() -> None:
    source = "Your talk is on the second day at 14:20 and lasts 25 minutes, including questions."
    assert statuses("Your talk runs from 14:20 to 14:55 on the second day.", source)["14:55"] != "matched"


STAY = "We arrive on Friday 14 August for a week. My sister may visit on the Wednesday. Day visitors pay £6 per adult."


def test_the_date_of_a_weekday_the_source_names_near_a_dated_weekday_is_matched() -> None:
    assert statuses("Your sister's visit on the Wednesday falls on 19 August.", STAY)["19 August"] == "matched"


def test_a_dated_weekday_the_sources_calendar_contradicts_is_not_matched() -> None:
    assert statuses("Your sister's visit on the Wednesday falls on 20 August.", STAY)["20 August"] != "matched"


def test_a_date_given_a_weekday_the_source_never_names_is_not_matched() -> None:
    source = "We arrive on Friday 14 August for a week. Day visitors pay £6 per adult."
    assert statuses("The coffee is dispatched on Monday 17 August.", source)["17 August"] != "matched"


def test_a_weekday_the_source_gives_the_same_date_otherwise_conflicts() -> None:
    source = "Updated Tuesday 3 February 2026. The line is expected to reopen at 05:00 on Monday 9 February."
    checks = check_values("It isn't due to reopen until 05:00 on Tuesday 9 February.", source, source)
    assert [(c.value.text, c.evidence.text) for c in checks if c.status == "conflict"] == [("Tuesday", "Monday")]


def test_a_round_percentage_no_figure_of_the_claim_makes_is_not_derived() -> None:
    source = "A missed payment costs £12. The laptop costs £240, paid in 20 monthly payments. Interest: 0%."
    assert statuses("Clearing it early would also earn you a 5% discount.", source)["5%"] != "matched"


def test_a_round_percentage_of_the_claims_own_figures_is_derived() -> None:
    source = "A missed payment costs £12. The laptop costs £240, paid in 20 monthly payments. Interest: 0%."
    assert statuses("The £12 fee is 5% of the £240 price.", source)["5%"] == "matched"


def test_a_round_percentage_beside_a_date_and_a_weekday_is_checked_without_error() -> None:
    source = "Sandwiches rose from £240k to £302k. A breakfast range launched in July across all 14 shops."
    checks = statuses("Sales rose 20% after the range launched on Monday 6 July in all 14 shops.", source)
    assert checks["20%"] != "matched"


def test_a_percent_of_an_earlier_figure_is_derived_whatever_period_the_share_names() -> None:
    source = "You repay 9% of your income above the threshold, which is £28,470 a year (£2,372 a month)."
    output = ("On £40,800 a year you'll earn £3,400 a month, which is £1,028 over the £2,372 monthly threshold.\n"
              "You repay 9% of that, so about £92.52 a month.")
    start = output.index("You repay")
    checks = {c.value.text: c.status for c in check_values(output, source, source,
                                                          claim_span=Span(start, len(output)))}
    assert checks["about £92.52 a month"] == "matched", checks
    wrong = output.replace("£92.52", "£95.52")
    checks = {c.value.text: c.status for c in check_values(wrong, source, source, claim_span=Span(start, len(wrong)))}
    assert checks["about £95.52 a month"] != "matched", checks


def test_an_end_time_with_the_sources_extra_time_is_matched() -> None:
    source = "He has 25% extra time in written papers. History Paper 1: Monday 9 March, 09:00, 2 hours."
    checks = statuses("| History Paper 1 | Mon 9 March | 09:00 | 11:30 |", source)
    assert checks["11:30"] == "matched", checks
    assert statuses("| History Paper 1 | Mon 9 March | 09:00 | 11:45 |", source)["11:45"] != "matched"


def test_a_common_abbreviation_of_a_source_word_is_matched_and_another_name_is_not() -> None:
    source = "See your doctor if symptoms have not improved after 14 days."
    assert statuses("If nothing improves after two weeks, see your GP.", source)["GP"] == "matched"
    assert statuses("If nothing improves after two weeks, call NHS 111.", source).get("NHS") != "matched"


def test_a_deadline_a_stated_period_sets_from_a_stated_date_is_no_conflict_with_another_sentences_date() -> None:
    source = ("Report issued: 23 January 2026.\n1. The extinguisher was last serviced in November 2024. Arrange a "
              "service. Medium priority, within 3 months.")
    checks = statuses("| Extinguisher last serviced November 2024 | Arrange a service | Medium | 23 April |", source)
    assert checks["23 April"] == "matched", checks
    checks = statuses("| Extinguisher last serviced November 2024 | Arrange a service | Medium | 30 April |", source)
    assert checks["30 April"] != "matched", checks


def test_a_month_a_stated_period_reaches_from_a_stated_date_is_matched() -> None:
    source = "Apprentices in their first six months must not use the bandsaw alone. Start date: 9 March 2026."
    assert statuses("You'll need a supervisor until early September.", source)["September"] == "matched"
    assert statuses("You'll need a supervisor until early November.", source)["November"] != "matched"


# --- workings of limits, maxima and data sizes -------------------------------------------------------------------

def test_a_figure_the_claim_names_as_a_limit_matches_the_sources_bound_of_that_figure() -> None:
    source = ("Pupils may travel free to the nearest faith school up to 12 miles from home. "
              "The walk from the Okafor house to the station is 1.8 miles.")
    checks = check_values("At 3.5 miles, Holy Cross is well inside the 12-mile limit.",
                          [Span(source.index("The walk"), len(source))], source)
    assert {c.value.text: c.status for c in checks}["12-mile"] == "matched"


def test_a_changed_limit_is_not_matched() -> None:
    source = "Pupils may travel free to the nearest faith school up to 12 miles from home."
    assert statuses("Holy Cross is well inside the 15-mile limit.", source)["15-mile"] != "matched"


def test_a_maximum_times_a_count_of_the_claim_is_derived() -> None:
    source = "Split each sample into vials, up to four vials per sample, and freeze them within an hour."
    checks = statuses("With seven samples left that is up to 28 vials at four per sample.", source)
    assert checks["up to 28"] == "matched"


def test_a_data_size_restated_in_binary_multiples_is_derived() -> None:
    source = "Archive storage: $0.0040 per GB-month. Standard storage: $0.0200 per GB-month for the first 50 TB."
    checks = statuses("Archive: 12 TB is 12,288 GB, which at $0.0040 comes to $49.15 a month.", source)
    assert checks["12,288 GB"] == "matched"


def test_the_weekday_between_two_dates_belongs_to_the_date_after_it() -> None:
    source = "Participants are randomised on Thursday 5 March 2026 after a screening window of four weeks."
    checks = statuses("| Screening | Thu 5 Feb – Wed 4 Mar 2026 |", source)
    assert checks["Wed"] == "matched"


def test_the_weekday_of_a_ranges_first_day_takes_the_month_its_end_names() -> None:
    source = "Visit 2 is on Day 15 (± 2 days). Day 1 was Thursday 5 March 2026."
    checks = statuses("| Visit 2 | Thu 19 Mar | Tue 17 – Sat 21 Mar |", source)
    assert (checks["Tue"], checks["Sat"]) == ("matched", "matched")


def test_a_wrong_weekday_in_the_next_table_cell_is_not_taken_for_this_dates() -> None:
    source = "Visit 2 is on Day 15 (± 2 days). Day 1 was Thursday 5 March 2026."
    checks = statuses("| Visit 2 | Thu 19 Mar | Wed 17 – Sat 21 Mar |", source)
    assert checks["Wed"] != "matched"


def test_weeks_restating_working_days_five_to_a_week_are_matched() -> None:
    source = "Please allow up to 10 working days for your new card to arrive."
    assert statuses("The new card can take up to two weeks to come.", source)["up to two weeks"] == "matched"
    assert statuses("The new card can take up to three weeks to come.", source)["up to three weeks"] != "matched"


def test_an_approximation_of_a_figure_in_its_units_column_is_matched() -> None:
    source = ("container,contents,packages,gross_kg\nTGHU1,bagged cement in 25 kg sacks,20 pallets,19870\n"
              "TGHU2,floor tiles,18 pallets,21450\n")
    checks = check_values("The cement box weighs nearly 20 tonnes.", [Span(0, source.index("\nTGHU2"))], source)
    assert {c.value.text: c.status for c in checks}["nearly 20 tonnes"] == "matched"
    checks = check_values("The cement box weighs about 30 tonnes.", [Span(0, source.index("\nTGHU2"))], source)
    assert {c.value.text: c.status for c in checks}["about 30 tonnes"] != "matched"


def test_digits_of_a_card_number_are_no_figure_a_price_can_match() -> None:
    source = ("Your pass (card number 633597 0015 4482 119) expires on 31 March. "
              "Should your card be lost, a replacement fee of £10 is payable.")
    assert statuses("If you lose your pass, a new one costs £15.", source.split(". ")[0] + ".", source)["£15"] != \
        "matched"
