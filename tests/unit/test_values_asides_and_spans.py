"""Value checks on figures restated after an aside ("120 hours (1 to 5 days) before"), "an hour before" as one
hour, amounts spread over or rates kept up over a span the claim states, a balance that is one of the output's
earlier figures less another, a checklist's "[ ]" opening a line like a list marker, and totals of the amounts that
end the lines above them (a list marker after a line break starts no range)."""

from __future__ import annotations

from rubriq.core.text import Span
from rubriq.core.verify.values import check_values, extract_values

PET_PAGE = ("Dogs must be treated for tapeworm by a vet between 24 and 120 hours (1 to 5 days) before your "
            "scheduled arrival time. If you are prone to seasickness, take tablets an hour before departure. "
            "Parking is £5 a day.")
WARRANTY = ("3-year plan: £149 paid upfront, or £4.99 a month. 5-year plan: £219 paid upfront, or £5.99 a month. "
            "Accidental damage cover adds £3 a month.")


def _statuses(claim: str, source: str, claim_span: Span | None = None) -> dict[str, str]:
    return {c.value.text: c.status for c in check_values(claim, source, source, claim_span=claim_span)}


def test_a_range_restated_in_brackets_keeps_the_word_after_the_aside():
    assert _statuses("A vet must treat her between 24 and 120 hours before you arrive.", PET_PAGE) == {
        "between 24 and 120 hours": "matched"}


def test_an_hour_before_is_one_hour_and_a_figure_before_a_day_is_a_rate():
    assert _statuses("Take the tablets 1 hour before departure.", PET_PAGE)["1 hour"] == "matched"
    assert _statuses("Take the tablets 2 hours before departure.", PET_PAGE)["2 hours"] == "conflict"
    assert "duration" not in {v.kind for v in extract_values("Parking is £5 an hour after 6pm.")}


def test_an_amount_spread_over_the_span_the_claim_states_is_derived():
    assert _statuses("Paid upfront, the 5-year plan works out at £3.65 a month.", WARRANTY)["£3.65 a month"] == \
        "matched"
    assert _statuses("Paid upfront, the 5-year plan works out at £4.20 a month.", WARRANTY)["£4.20 a month"] != \
        "matched"


def test_a_rate_kept_up_over_the_span_the_claim_states_is_derived_to_the_last_digit():
    assert _statuses("With damage cover that is £8.99 a month, or £539.40 over five years.", WARRANTY)["£539.40"] == \
        "matched"
    assert _statuses("With damage cover that is £8.99 a month, or £549.40 over five years.", WARRANTY)["£549.40"] != \
        "matched"


def test_a_balance_is_one_earlier_figure_of_the_output_less_another():
    source = ("Open Water Diver: £495 per person. Buddy offer: 10% off the second place. Booking: £100 deposit per "
              "person to book, with the balance due 14 days before your course starts. Cancel more than 14 days "
              "before the start and we refund your deposit less £25.")
    booking = [Span(source.index("Booking"), source.index(" Cancel"))]  # the evidence sentence, as the engine picks
    for balance, right in (("£665.50", True), ("£675.50", False)):
        output = ("It's £495 each, with 10% off the second place. That brings it to £865.50 for the two of us.\n"
                  "- Book soon: it's a £100 deposit each, so £200 to start with.\n"
                  f"- The balance of {balance} is due 14 days before the course.")
        last = Span(output.index("The balance"), len(output))
        checks = {c.value.text: c.status for c in check_values(output, booking, source, claim_span=last)}
        assert (checks[balance] == "matched") is right


def test_a_checkbox_opens_a_list_line_so_its_first_word_is_no_name():
    assert extract_values("- [ ] Remind everyone to pack a towel; bedding is provided.") == []
    assert extract_values("- [x] Book the minibus.") == []
    assert [v.text for v in extract_values("Towels come from Remind Ltd.")] == ["Remind Ltd"]


def _last_line_statuses(output: str, source: str) -> dict[str, str]:
    last = Span(output.rindex("\n") + 1, len(output))
    return {c.value.text: c.status for c in check_values(output, source, source, claim_span=last)}


def test_a_total_is_the_sum_of_the_last_amounts_of_the_lines_above_it():
    source = "Accommodation per person per night: under-18s £24.50, adults £29.00."
    lines = ("- Scouts: 24 × £24.50 × 2 nights = £1,176.00.\n- Leaders: 2 × £29.00 × 2 nights = £116.00.\n"
             "- Accommodation total: ")
    assert _last_line_statuses(lines + "£1,292.00.", source)["£1,292.00"] == "matched"
    assert _last_line_statuses(lines + "£1,302.00.", source)["£1,302.00"] != "matched"


def test_a_total_per_month_adds_up_plain_amounts_on_list_lines_that_are_no_range():
    assert [v.qualifier for v in extract_values("- 240 kWh × 69p = £165.60\n- 80 kWh × 79p = £63.20")
            if v.text.startswith("£165")] == [""]
    source = ("Pay as you go: rapid chargers 69p per kWh, ultra-rapid chargers 79p per kWh. Plus: £7.99 a month, "
              "then 55p per kWh.")
    lines = "- 240 kWh × 69p = £165.60\n- 80 kWh × 79p = £63.20\n- Total: "
    assert _last_line_statuses(lines + "£228.80 a month", source)["£228.80 a month"] == "matched"
    assert _last_line_statuses(lines + "£238.80 a month", source)["£238.80 a month"] != "matched"


def test_an_earlier_figure_less_a_stated_one_said_loosely_is_derived_when_exact():
    source = "| Escape of water excess | £500 (replaces the standard excess) |\n| Standard excess | £150 |"
    evidence = [Span(0, source.index("\n"))]
    for figure, right in (("about £3,350", True), ("about £3,450", False)):
        output = ("All three come to £650 + £1,800 + £1,400 = £3,850.\n"
                  f"- The escape of water excess is £500 and replaces the standard £150, so you'd get {figure} back.")
        last = Span(output.rindex("\n") + 1, len(output))
        checks = {c.value.text: c.status for c in check_values(output, evidence, source, claim_span=last)}
        assert (checks[figure] == "matched") is right
