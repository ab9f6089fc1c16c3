"""Value extraction, normalisation and comparison (rubriq.core.verify.values)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rubriq.core.text import Span
from rubriq.core.verify.values import (
    REPORTABLE_ABSENT_KINDS,
    Value,
    check_values,
    extract_values,
    extraction_work,
    index_values,
    worked_results,
)


def values(text: str, kind: str | None = None) -> list[Value]:
    return [v for v in extract_values(text) if kind is None or v.kind == kind]


def one(text: str, kind: str) -> Value:
    found = values(text, kind)
    assert len(found) == 1, [(v.kind, v.text) for v in extract_values(text)]
    return found[0]


def verdicts(claim: str, evidence: str, source: str | None = None) -> list[tuple[str, str, str | None]]:
    return [(c.value.text, c.status, c.evidence.text if c.evidence else None)
            for c in check_values(claim, evidence, source if source is not None else evidence)]


def status_of(claim: str, evidence: str, text: str, source: str | None = None) -> str:
    found = [c.status for c in check_values(claim, evidence, source if source is not None else evidence)
             if c.value.text == text]
    assert found, verdicts(claim, evidence, source)
    return found[0]


def clause_statuses(output: str, source: str, clause_start: str) -> list[tuple[str, str]]:
    """(text, status) of each value in the clause of `output` that starts at `clause_start`, checked against
    `source` with the output's earlier text around it (as the engine checks a claim)."""
    clause = Span(output.index(clause_start), len(output))
    return [(c.value.text, c.status) for c in check_values(output, source, source, claim_span=clause)]


# --- normalisation -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "number"), [
    ("They hired 1,200 staff.", 1200.0),
    ("They hired 1.2 thousand staff.", 1200.0),
    ("They hired nine staff.", 9.0),
    ("They fired twenty-one guns.", 21.0),
    ("She bought a dozen eggs.", 12.0),
    ("It has one hundred and twenty cars.", 120.0),
    ("The app has 1.2 million users.", 1.2e6),
    ("The app has 2.5k users.", 2500.0),
])
def test_numbers_in_digits_words_and_magnitudes_normalise_to_one_value(text: str, number: float) -> None:
    value = next(v for v in extract_values(text) if v.kind in ("number", "quantity"))
    assert value.low == value.high == number


def test_a_counted_head_noun_is_the_unit_of_a_quantity() -> None:
    assert one("The firm hired 530 staff.", "quantity").unit == "person"  # staff, members, people: one count
    assert one("The firm hired 530 people.", "quantity").unit == "person"
    assert one("Police found 12 trucks.", "quantity").unit == "truck"
    assert one("Police found 12 armoured trucks.", "quantity").key == (12.0, 12.0)
    # a participle before the noun is not what is counted: "two missed appointments" counts appointments
    assert one("Two missed appointments mean a discharge.", "quantity").unit == "appointment"


def test_physical_units_convert_to_one_canonical_unit() -> None:
    km, metres = one("The road is 3 km long.", "quantity"), one("The road is 3,000 m long.", "quantity")
    assert (km.unit, km.low) == (metres.unit, metres.low) == ("m", 3000.0)


@pytest.mark.parametrize("text", ["Prices rose 4% last year.", "Prices rose four percent last year.",
                                  "Prices rose 4 per cent last year."])
def test_percentages_in_every_spelling_are_the_same_percent(text: str) -> None:
    value = one(text, "percent")
    assert (value.low, value.high, value.unit) == (4.0, 4.0, "%")


def test_money_normalises_symbols_codes_words_and_magnitudes() -> None:
    assert one("It raised $5m.", "money").key == one("It raised 5 million dollars.", "money").key == (5e6, 5e6)
    assert one("It raised $5m.", "money").unit == one("It raised 5 million dollars.", "money").unit == "USD"
    euro = one("The deal is worth €1.2bn.", "money")
    assert (euro.unit, euro.low) == ("EUR", 1.2e9)
    assert one("A £ 50 m bid.", "money").low == 5e7


@pytest.mark.parametrize(("text", "share"), [("A third of staff left.", 100 / 3), ("Half of them left.", 50.0),
                                             ("Two-thirds of voters agreed.", 200 / 3)])
def test_fractions_are_approximate_percentages(text: str, share: float) -> None:
    value = one(text, "percent")
    assert value.low < share < value.high and value.qualifier == "about"


@pytest.mark.parametrize(("text", "low", "high"), [("between 80 and 120 staff", 80.0, 120.0),
                                                   ("80-120 staff", 80.0, 120.0),
                                                   ("from 5 to 7 trucks", 5.0, 7.0),
                                                   ("1.2 to 1.5 million people", 1.2e6, 1.5e6)])
def test_ranges_are_one_value_with_both_ends(text: str, low: float, high: float) -> None:
    value = next(v for v in extract_values(text) if v.qualifier == "range")
    assert (value.low, value.high) == (low, high)


def test_one_date_in_three_formats_has_one_key() -> None:
    keys = {one(t, "date").key for t in ("on 3 March 2024", "on March 3, 2024", "on 2024-03-03")}
    assert keys == {(2024, 2024, 3, 3)}


def test_partial_dates_keep_only_what_the_text_says() -> None:
    assert one("It opened in May 2019.", "date").key == (2019, 2019, 5, None)
    assert one("It opened in 2019.", "date").key == (2019, 2019, None, None)
    assert one("It was popular in the 1990s.", "date").key == (1990, 1999, None, None)
    assert one("He joined for the 2015-16 season.", "date").key == (2015, 2016, None, None)


def test_a_year_inside_a_date_is_not_a_separate_value() -> None:
    found = extract_values("It happened on 3 March 2024 in Leeds.")
    assert [v.kind for v in found if v.kind in ("date", "number", "quantity")] == ["date"]


def test_weekdays_times_and_time_zones() -> None:
    assert one("They met on Monday.", "weekday").key == (0,)
    utc = one("It started at 09:47 UTC.", "time")
    assert (utc.key, utc.unit) == ((587,), "utc")
    assert one("It started at 9:47 am UTC.", "time").key == (587,)
    assert one("It started at 9:47.", "time").key == (587, 1307)  # without am/pm: both readings


@pytest.mark.parametrize(("text", "seconds"), [("within 72 hours", 72 * 3600), ("within three days", 72 * 3600),
                                               ("for two weeks", 14 * 86400), ("for 14 days", 14 * 86400)])
def test_durations_normalise_to_seconds(text: str, seconds: int) -> None:
    assert one(text, "duration").low == seconds


def test_ages_and_ordinals() -> None:
    age = one("The 34-year-old man was charged.", "age")
    assert (age.low, age.unit) == (34.0, "man")
    assert one("He was aged 50.", "age").low == 50.0
    assert one("It was his third conviction.", "ordinal").key == (3,)
    assert one("In the 21st century.", "ordinal").key == (21,)


def test_email_addresses_and_urls_are_exact_after_case_and_trailing_punctuation() -> None:
    assert one("Write to Support@Acme.COM.", "email").key == ("support@acme.com",)
    assert one("See https://www.Acme.com/Docs/.", "url").key == ("acme.com/docs",)
    assert one("See (acme.com/docs).", "url").key == ("acme.com/docs",)


def test_named_entities_drop_the_possessive_the_titles_and_case() -> None:
    assert one("He met the Bank of England's governor.", "entity").key == ("bank", "england")
    assert one("She met Mr. John Smith yesterday.", "entity").key == ("john", "smith")
    assert one("Officials from the U.S. arrived.", "entity").key == ("us",)
    assert one("He works for NASA now.", "entity").key == ("nasa",)


def test_sentence_initial_function_words_and_capitals_are_not_names() -> None:
    assert values("The meeting ended. However, it rained.", "entity") == []
    assert values("Police said the road was closed.", "entity") == []


def test_a_capitalised_first_word_is_a_name_when_the_text_capitalises_it_elsewhere() -> None:
    assert [v.key for v in values("Leeds won. Fans in Leeds cheered.", "entity")] == [("leeds",), ("leeds",)]


def test_qualifiers_make_intervals() -> None:
    about = one("About 4% of trucks failed.", "percent")
    assert about.qualifier == "about" and about.low < 4.2 < about.high
    more = one("More than 500 staff joined.", "quantity")
    assert (more.low, more.high, more.qualifier) == (500.0, float("inf"), "more than")
    assert one("Up to 12 trucks left.", "quantity").high == 12.0
    assert one("Nearly 4 million people voted.", "quantity").low < 3.9e6


def test_negations_and_quantifiers_attach_to_the_word_they_modify() -> None:
    assert one("He did not hire anyone.", "negation").unit == "hir"
    assert one("Police didn't arrest him.", "negation").unit == "arrest"
    assert one("No customer was charged twice.", "quantifier").key[0] == "none"
    assert one("All staff were paid.", "quantifier").unit == "staff"
    assert values("They see each other often, not only on Sundays.", "quantifier") == []


@pytest.mark.parametrize("text", ["1. Hire staff\n2. Train them\n3. Deploy", "See section 3.2 and figure 4.",
                                  "The G7 met over COVID-19 and the A380.", "He lives at No. 10.",
                                  "Version 3.11 is out."])
def test_list_numbering_section_numbers_and_identifiers_are_not_values(text: str) -> None:
    assert [v for v in extract_values(text) if v.kind in ("number", "quantity", "date", "percent")] == []


def test_spans_are_exact() -> None:
    text = ("On 3 March 2024 at 09:47 UTC, Acme hired about 530 staff (4% more) for $5m within 72 hours; "
            "write to jobs@acme.com or see https://acme.com/jobs. The Bank of England did not comment.")
    found = extract_values(text)
    assert len(found) >= 10
    for value in found:
        assert value.text == text[value.span.start : value.span.end]
    assert [v.text for v in found if v.kind == "quantity"] == ["about 530"]
    assert [v.text for v in found if v.kind == "money"] == ["$5m"]


# --- comparison ---------------------------------------------------------------------------------------------------

def test_a_changed_count_in_the_same_slot_is_a_conflict_quoting_the_evidence_value() -> None:
    evidence = "Last year the firm hired 530 staff in Leeds."
    [check] = [c for c in check_values("The firm hired 350 staff.", evidence, evidence) if c.value.text == "350"]
    assert check.status == "conflict" and check.evidence is not None
    assert check.evidence.text == "530" and evidence[check.evidence.span.start : check.evidence.span.end] == "530"
    assert check.in_evidence


def test_evidence_given_as_source_spans_points_the_conflict_into_the_source() -> None:
    source = "Acme was founded in 1990. Last year the firm hired 530 staff in Leeds. It plans more."
    sentence = Span(source.index("Last"), source.index(" It plans"))
    [check] = [c for c in check_values("The firm hired 350 staff.", [sentence], source) if c.status == "conflict"]
    assert check.evidence is not None and source[check.evidence.span.start : check.evidence.span.end] == "530"


def test_a_claim_sentence_is_checked_inside_the_whole_output() -> None:
    output = "Acme grew. The firm hired 350 staff. It was founded in 1990."
    source = "Acme was founded in 1990 and last year hired 530 staff."
    span = Span(output.index("The firm"), output.index(" It was"))
    checks = check_values(output, source, source, claim_span=span)
    assert [(c.value.text, c.status) for c in checks] == [("350", "conflict")]
    assert output[checks[0].value.span.start : checks[0].value.span.end] == "350"


@pytest.mark.parametrize(("claim", "evidence"), [
    ("The firm hired 1,200 staff.", "The firm hired 1.2 thousand staff."),
    ("The firm hired nine staff.", "The firm hired 9 staff."),
    ("The report is due within three days.", "The report is due within 72 hours."),
    ("It happened on March 3, 2024.", "It happened on 3 March 2024."),
    ("The leave lasts two weeks.", "The leave lasts 14 days."),
    ("Prices rose four percent.", "Prices rose 4%."),
    ("It raised $5m.", "It raised 5 million dollars."),
    ("The trip is 5 miles.", "The trip is 8 km."),
])
def test_the_same_value_written_another_way_matches(claim: str, evidence: str) -> None:
    checks = check_values(claim, evidence, evidence)
    assert checks and all(c.status == "matched" for c in checks), verdicts(claim, evidence)


def test_an_approximate_or_bounded_value_is_an_interval() -> None:
    assert status_of("About 4% of trucks failed.", "Of the trucks, 4.2% failed.", "About 4%") == "matched"
    assert status_of("More than 500 staff joined.", "530 staff joined.", "More than 500") == "matched"
    assert status_of("More than 500 staff joined.", "450 staff joined.", "More than 500") == "conflict"
    assert status_of("Fewer than 20 cars passed.", "35 cars passed.", "Fewer than 20") == "conflict"


def test_rounding_is_not_a_conflict() -> None:
    assert status_of("Nearly 4 million people voted.", "Some 3.9 million people voted.", "Nearly 4 million") == \
        "matched"
    assert status_of("4 million people voted.", "3.9 million people voted.", "4 million") == "matched"
    assert status_of("The firm hired 500 staff.", "The firm hired 530 staff.", "500") == "matched"


def test_a_more_precise_claim_than_a_plain_source_figure_conflicts() -> None:
    assert status_of("The firm hired 530 staff.", "The firm hired 500 staff.", "530") == "conflict"


def test_two_approximations_of_different_figures_conflict() -> None:
    assert status_of("About 57 officials spoke.", "About 50 officials spoke.", "About 57") == "conflict"


def test_a_value_of_another_slot_is_not_a_conflict() -> None:
    evidence = "The firm hired 530 staff last year, 350 of them engineers."
    assert status_of("The firm hired 350 engineers.", evidence, "350") == "matched"
    assert status_of("Floods killed 7 people.", "Floods injured 12 people.", "7") == "absent"
    assert status_of("The firm employs 40 engineers.", "The firm employs 530 staff.", "40") == "absent"


def test_derived_values_are_not_conflicts() -> None:
    evidence = "Acme employs 2,000 people and Beta employs 3,000 people."
    assert status_of("The two firms employ 5,000 people.", evidence, "5,000") == "matched"
    assert status_of("Prices rose by a third.", "Prices rose from 300 to 400.", "a third") == "matched"
    assert status_of("The victim was aged 30.", "He was born in 1990 and died in 2020.", "30") == "matched"


def test_a_total_of_several_counted_things_is_derived() -> None:
    evidence = "A check revealed three CS gas canisters, seven knives and 10 knuckledusters."
    assert status_of("He had more than 20 knives, gas canisters and knuckledusters.", evidence, "more than 20") == \
        "matched"


def test_a_converted_measure_is_rounded_like_any_conversion() -> None:
    evidence = "The 198 metre-high chimney dominates the skyline."
    assert status_of("Plans show a 198 metre-high (656 ft) chimney.", evidence, "656 ft") == "matched"


def test_durations_of_different_orders_of_magnitude_are_different_slots() -> None:
    evidence = "She finished the race in nine hours, 15 minutes and 54 seconds."
    assert status_of("She won for the second time in three years.", evidence, "three years") == "absent"


def test_names_sharing_a_word_in_different_places_are_not_one_slot() -> None:
    assert status_of("Aston Villa have signed him.", "He has been on loan at Villa Park.", "Aston Villa") == \
        "absent"


def test_a_part_of_a_total_is_not_a_conflict_partner() -> None:
    assert status_of("More than 100 pupils were sent home.", "A further 63 pupils were sent home.",
                     "More than 100") != "conflict"


def test_two_additions_to_the_same_thing_that_differ_conflict() -> None:
    assert status_of("The branch stays open for another five years.",
                     "The council voted to keep the branch open for another two years.", "five years") == "conflict"


def test_a_value_the_source_nowhere_states_is_absent() -> None:
    checks = verdicts("It happened in 2019 in Berlin.", "It happened in Paris.")
    assert checks == [("2019", "absent", None), ("Berlin", "absent", None)]
    assert {"date", "entity", "number"} <= REPORTABLE_ABSENT_KINDS
    assert "negation" not in REPORTABLE_ABSENT_KINDS


def test_a_value_stated_elsewhere_in_the_source_matches() -> None:
    source = "The firm opened in Leeds. It hired 530 staff in 2019."
    evidence = "The firm opened in Leeds."
    assert status_of("It hired 530 staff in 2019.", evidence, "2019", source) == "matched"
    assert status_of("It hired 530 staff in 2019.", evidence, "530", source) == "matched"


def test_a_changed_date_weekday_or_time_in_the_same_slot_conflicts() -> None:
    assert status_of("It happened on March 4, 2024.", "It happened on 3 March 2024.", "March 4, 2024") == "conflict"
    assert status_of("He was to be hanged on Wednesday.", "He was to be hanged on Thursday.", "Wednesday") == \
        "conflict"
    assert status_of("It was founded in 1991.", "It was founded in 1990 and sold in 2018.", "1991") == "conflict"


def test_a_governor_in_another_word_order_is_the_same_slot() -> None:
    evidence = "The harbour authority closed the north pier on 4 March after divers found cracks."
    assert status_of("The pier closed on 5 March.", evidence, "5 March") == "conflict"


def test_a_month_and_a_half_is_about_six_weeks() -> None:
    evidence = "The repairs are expected to take about six weeks."
    assert status_of("The repairs should take roughly a month and a half.", evidence,
                     "roughly a month and a half") == "matched"


def test_dates_of_different_events_are_different_slots() -> None:
    assert status_of("It was founded in 2019.", "It was sold in 2018.", "2019") == "absent"


def test_one_evidence_value_agreeing_with_the_claim_is_nobody_elses_conflict_partner() -> None:
    evidence = "It was founded in 1990 and sold in 2018."
    checks = verdicts("It was founded in 1990 and sold in 2019.", evidence)
    assert checks == [("1990", "matched", "1990"), ("2019", "conflict", "2018")]


def test_times_are_compared_across_known_zones_and_never_naively() -> None:
    evidence = "The meeting started at 09:47 UTC."
    assert status_of("The meeting started at 10:47 BST.", evidence, "10:47 BST") == "matched"
    assert status_of("The meeting started at 11:47 BST.", evidence, "11:47 BST") == "conflict"
    assert status_of("The meeting started at 10:47.", evidence, "10:47") == "absent"
    assert status_of("The meeting started at 10:47 IST.", evidence, "10:47 IST") == "absent"


def test_a_changed_email_address_conflicts() -> None:
    assert status_of("Email help@acme.com for help.", "Email support@acme.com for help.", "help@acme.com") == \
        "conflict"


def test_a_changed_name_in_the_same_slot_conflicts_but_a_name_stated_elsewhere_never_does() -> None:
    assert status_of("He signed for Arsenal in May.", "He signed for Chelsea in May.", "Arsenal") == "conflict"
    source = "He signed for Chelsea in May. Arsenal had also wanted him."
    assert status_of("He signed for Arsenal in May.", "He signed for Chelsea in May.", "Arsenal", source) == \
        "matched"
    assert status_of("Manchester United won.", "Manchester City won.", "Manchester United") == "conflict"


def test_names_match_their_shorter_forms_acronyms_and_demonyms() -> None:
    assert status_of("Officials said Trump spoke.", "Donald Trump spoke.", "Trump") == "matched"
    assert status_of("The UN met.", "The United Nations met.", "UN") == "matched"
    assert status_of("A South African park.", "A park in South Africa.", "South African") == "matched"
    assert status_of("The French team won.", "The team from France won.", "French") == "matched"


def test_a_name_used_as_a_modifier_of_another_noun_is_another_slot() -> None:
    evidence = "Worcestershire signed Australia pace bowler John Hastings."
    assert status_of("Worcestershire signed New Zealand all-rounder Mitchell Santner.", evidence, "New Zealand") \
        != "conflict"


def test_a_removed_or_added_negation_is_a_polarity_mismatch_never_a_conflict() -> None:
    # Negation mismatches are too often faithful paraphrases of conditions to be shown as value conflicts.
    checks = verdicts("Police arrested the man on Monday.", "Police did not arrest the man on Monday.")
    assert ("arrested", "polarity", "not") in checks
    checks = verdicts("Police did not arrest the man on Monday.", "Police arrested the man on Monday.")
    assert ("not", "polarity", "arrested") in checks
    assert all(c.status != "conflict" for c in check_values("Police arrested the man on Monday.",
                                                            "Police did not arrest the man on Monday.",
                                                            "Police did not arrest the man on Monday."))
    assert status_of("Police did not arrest the man.", "Police did not arrest the man.", "not") == "matched"


def test_a_negation_bearing_on_an_adverb_is_not_a_conflict() -> None:
    source = "She turned to sex work after her loan failed. She said she didn't immediately turn to it."
    checks = check_values("She turned to it after her loan failed.", source, source)
    assert all(c.status not in ("conflict", "polarity") for c in checks)


def test_a_word_after_a_negative_verb_is_not_stated_as_a_fact() -> None:
    checks = check_values("Police say she did not cooperate.", "Police said she refused to cooperate.",
                          "Police said she refused to cooperate.")
    assert all(c.status not in ("conflict", "polarity") for c in checks)


def test_a_hedged_negation_is_not_a_conflict() -> None:
    source = "Gomis may not score often, but he struck three goals at Villa Park."
    checks = check_values("Gomis scored three goals at Villa Park.", source, source)
    assert all(c.status not in ("conflict", "polarity") for c in checks)


def test_a_figure_describing_another_name_is_another_slot() -> None:
    evidence = "British number four Aljaz Bedene was also knocked out."
    assert status_of("British number two Kyle Edmund was knocked out.", evidence, "two") != "conflict"
    assert status_of("British number two Aljaz Bedene was knocked out.", evidence, "two") == "conflict"


def test_a_number_in_a_hyphenated_compound_counts_the_compound() -> None:
    assert one("He carded a six-under-par 66.", "quantity").unit == "under"
    assert status_of("Westwood carded a six-under-par 66.", "Westwood carded seven birdies in his 66.", "six") != \
        "conflict"


def test_quantifiers_of_another_class_on_the_same_noun_conflict() -> None:
    assert status_of("All staff were paid.", "Some staff were paid.", "All") == "conflict"
    assert status_of("All staff were paid.", "All staff were paid on time.", "All") == "matched"
    assert status_of("Only staff were paid.", "All staff were paid.", "Only") != "conflict"


def test_a_vague_magnitude_gives_way_to_a_precise_figure_in_its_slot() -> None:
    source = "The bank will shut hundreds of branches. It will shut 200 branches this year."
    evidence = "It will shut 200 branches this year."
    assert status_of("It will shut 229 branches this year.", evidence, "229", source) == "conflict"
    assert status_of("It will shut hundreds of branches.", evidence, "hundreds", source) == "matched"


# --- cost, determinism, hostile input -----------------------------------------------------------------------------

PARAGRAPH = ("On 3 March 2024 the council said it had hired 530 staff, about 4% more than in 2023, at a cost of "
             "$5m. The Bank of England did not comment. Nearly 4 million people live within 72 hours of the site, "
             "and between 80 and 120 trucks arrive every Monday at 09:47 UTC. Contact press@council.gov.uk or see "
             "https://council.gov.uk/news for the 21st report. ")


def test_extraction_work_grows_linearly_with_the_text() -> None:
    small = PARAGRAPH * 40  # about 2,000 words
    large = PARAGRAPH * 80
    ratio = extraction_work(large) / extraction_work(small)
    assert 1.9 <= ratio <= 2.1
    assert len(extract_values(large)) == 2 * len(extract_values(small))


def test_extraction_work_grows_linearly_on_a_run_of_figures_without_a_sentence_end() -> None:
    """Numbers are not content words, so looking for a value's sentence words must stop after a bounded walk."""
    small, large = "1 2 " * 1000, "1 2 " * 4000
    ratio = extraction_work(large) / extraction_work(small)
    assert 3.6 <= ratio <= 4.4, ratio


def test_extraction_and_checks_are_deterministic() -> None:
    text = PARAGRAPH * 3
    first = extract_values(text)
    index_values.cache_clear()
    assert extract_values(text) == first
    claim = "The council hired 350 staff and about 5% more, on Tuesday."
    assert check_values(claim, PARAGRAPH, text) == check_values(claim, PARAGRAPH, text)


@pytest.mark.parametrize("text", [
    "",
    "1" * 1_000_000,
    "1" + "0" * 400 + " people",
    "1e309 people and 1e-309 more",
    "\ud800 12 staff \udfff and \ud83d",
    "٣٤٥ people and ۱۲ trucks and １２ cars",
    "one trillion trillion trillion " * 200,
    "$" * 50_000 + "£5m",
    "@" * 50_000 + " a@b.co",
    "www." * 20_000,
    "((((" * 10_000 + "http://a.com/" + "))))" * 10_000,
    "9" * 400 + ".5% and 3," + "000," * 10_000,
])
def test_hostile_input_never_raises_and_stays_bounded(text: str) -> None:
    found = extract_values(text)
    assert len(found) <= len(text) // 2 + 1
    for value in found:
        assert 0 <= value.span.start < value.span.end <= len(text)
        assert value.text == text[value.span.start : value.span.end]
        for bound in (value.low, value.high):
            assert bound is None or bound == bound  # never NaN
    assert extraction_work(text) <= 60 * len(text) + 100
    check_values(text[:2000], text[:2000], text)


def test_numbers_in_other_scripts_are_read() -> None:
    assert one("٣٤٥ people came.", "quantity").low == 345.0


_PIECES = ["3", "1,200", "7, 000", "3.5", "09:47", "2024", "-", "–", "/", ":", ".", ",", "'s", "%", "$", "£", "€",
           "m", "bn", "k", "km", "hours", "days", "year-old", "million", "a", "third", "half", "of", "the", "about",
           "more than", "at least", "between", "and", "from", "to", "not", "no", "never", "n't", "all", "only",
           "March", "May", "Monday", "UTC", "BST", "am", "pm", "Acme", "Bank", "U.S.", "NASA", "@", "acme.com",
           "https://", "www.", "(", ")", '"', "\n", "1.", "Section", "٣", "\ud800", "e309", "1" * 40, "twenty",
           "-one", "dozen", "hundreds", "staff", "trucks", "further", "refused", "may"]


@given(st.lists(st.sampled_from(_PIECES), max_size=40), st.lists(st.sampled_from(_PIECES), max_size=40))
@settings(max_examples=150, deadline=None)
def test_any_mix_of_value_fragments_extracts_and_compares_without_raising(claim_parts, source_parts) -> None:
    claim, source = " ".join(claim_parts), " ".join(source_parts)
    for text in (claim, source):
        found = extract_values(text)
        assert all(v.text == text[v.span.start : v.span.end] for v in found)
        assert [v.span for v in found] == sorted(v.span for v in found)
    checks = check_values(claim, source, source)
    assert all(c.status in ("matched", "conflict", "absent", "polarity") for c in checks)
    assert all(c.status != "conflict" or c.evidence is not None for c in checks)


# --- values the evidence does not decide ---------------------------------------------------------------------------

def test_a_value_whose_slot_is_in_another_source_sentence_conflicts_with_it() -> None:
    source = ("Adults: take one or two capsules up to four times a day. Wait at least 6 hours between doses. "
              "Never take more than 8 capsules in a day.")
    claim = "Take one or two capsules up to four times a day, waiting at least 3 hours between doses."
    first_sentence = [Span(0, source.index("Wait"))]  # what word-overlap retrieval picks for this claim
    checks = {c.value.text: c for c in check_values(claim, first_sentence, source)}
    assert checks["at least 3 hours"].status == "conflict"
    assert checks["at least 3 hours"].evidence.text == "at least 6 hours"
    # the same figure outside the source proper (say, in the prompt's instructions) is never a partner
    only_first = check_values(claim, first_sentence, source, source_spans=first_sentence)
    assert {c.value.text: c.status for c in only_first}["at least 3 hours"] == "absent"


def test_a_value_elsewhere_in_the_source_in_another_slot_stays_absent() -> None:
    source = "The museum opens at 9:00. Guided tours last 45 minutes and start from the main hall."
    claim = "The museum opens at 9:00, and the café stays open for 90 minutes after closing."
    checks = {c.value.text: c.status for c in check_values(claim, [Span(0, 25)], source)}
    assert checks["90 minutes"] == "absent"


def test_march_and_may_alone_are_months_after_a_time_preposition_but_not_as_words_or_names() -> None:
    assert one("The second phase opens in March.", "date").key == (None, None, 3, None)
    assert one("Payments resume from May.", "date").key == (None, None, 5, None)
    assert values("Thousands joined the march.", "date") == []
    assert values("The speech by May was short.", "date") == []


def test_a_year_after_an_article_is_a_year_and_a_video_resolution_is_not_pence() -> None:
    assert one("They were fined for a 2022 pollution incident.", "date").key == (2022, 2022, None, None)
    resolution = one("It has a 1080p webcam.", "quantity")
    assert (resolution.low, resolution.unit) == (1080.0, "p")
    assert one("A stamp costs 85p.", "money").unit == "GBP"


def test_one_standing_for_a_noun_said_before_is_not_a_count() -> None:
    assert values("Work for a firm outside the EU, or one serving only small clients.", "quantity") == []
    assert [v.text for v in values("Two adults and one child.", "quantity")] == ["Two", "one"]


def test_a_figure_the_user_states_in_the_prompt_is_neither_a_conflict_nor_absent() -> None:
    prompt = ("Our service was up 98.2% of the time in May. What are we owed?\n\n"
              "<terms>Below 99.5% the credit is 10% of the fee.</terms>")
    source = Span(prompt.index("Below"), prompt.index("</terms>"))
    claim = "98.2% is below 99.5%, so you are owed a credit of 10% of the fee."
    checks = {c.value.text: c.status for c in check_values(claim, [source], prompt, source_spans=[source])}
    assert checks["98.2%"] == "matched" and checks["10%"] == "matched"


def test_a_share_of_an_amount_and_a_difference_said_as_more_than_are_derived() -> None:
    source = "The monthly fee is £4,000. Below 99% the credit is 15%."
    claim = "You are owed 15% of the fee, which comes to £600."
    assert status_of(claim, source, "£600") == "matched"
    waiting = "There are 41 families on the list, up from 33 last year."
    assert status_of("41 families are waiting, eight more than last year.", waiting, "eight") == "matched"


def test_an_approximate_fraction_of_a_stated_percentage_agrees_with_it() -> None:
    source = "The form was returned by 290 of 400 tenants (72.5%). Repairs start in June."
    claim = "About three quarters of tenants returned the form."
    assert status_of(claim, source, "three quarters") == "matched"


def test_figures_scaled_by_the_factor_the_prompt_asks_for_are_not_conflicts() -> None:
    prompt = "Double this recipe, please.\n\n<recipe>Serves 4. 3 tbsp olive oil. 250 g rice.</recipe>"
    recipe = Span(prompt.index("Serves"), prompt.index("</recipe>"))
    checks = {c.value.text: c.status
              for c in check_values("Use 6 tbsp olive oil and 500 g rice.", [recipe], prompt, source_spans=[recipe])}
    assert checks == {"6": "matched", "500 g": "matched"}
    checked = "Double-check this recipe, please.\n\n<recipe>Serves 4. 3 tbsp olive oil. 250 g rice.</recipe>"
    recipe = Span(checked.index("Serves"), checked.index("</recipe>"))
    statuses = {c.value.text: c.status
                for c in check_values("Use 6 tbsp olive oil.", [recipe], checked, source_spans=[recipe])}
    assert statuses["6"] == "conflict"


def test_time_alone_does_not_put_two_durations_in_one_slot() -> None:
    source = "Stir in the herbs a little at a time until they wilt, about 2 minutes."
    claim = "The herbs take longer in a big pan, so allow around half an hour, plus time to chop."
    assert status_of(claim, source, "around half an hour") != "conflict"


def test_a_gerund_before_the_counted_noun_is_skipped_so_two_limits_on_spaces_agree() -> None:
    source = "No more than 12 parking spaces may be built."
    assert one(source, "quantity").unit == "spac"
    assert status_of("Parking is capped at 12 spaces.", source, "capped at 12") == "matched"


def test_a_total_of_several_stated_durations_and_figures_whose_unit_is_understood_are_supported() -> None:
    source = "Boil the pasta for 9 minutes. Toss with the sauce for 2 minutes. Rest it for about 3 minutes."
    claim = "Allow about 14 minutes at the hob: 9 minutes for the pasta, 2 for the sauce and about 3 to rest."
    assert {c.value.text: c.status for c in check_values(claim, source, source)} == {
        "about 14 minutes": "matched", "9 minutes": "matched", "2": "matched", "about 3": "matched"}


def test_a_possessive_before_a_figure_is_context_not_its_governing_word() -> None:
    source = "Holm's 310 residents depend on the ferry for school and work."
    claim = "The island's 130 residents depend on the ferry for school and work."
    assert status_of(claim, source, "130") == "conflict"
    assert one(claim, "quantity").governor == ""


def test_the_remaining_few_are_a_part_not_a_changed_total() -> None:
    source = "We met four candidates: Ana, Bo, Cy and Di. Di has since withdrawn."
    assert status_of("The panel chose Ana out of the three remaining candidates.", source, "three") != "conflict"


def test_a_total_of_the_claims_own_figures_whose_unit_is_understood_is_derived() -> None:
    source = "Knead the dough for 10 minutes. Leave it to prove for 45 minutes. Bake for 25 minutes."
    claim = "The method adds up to about 80 minutes: 10 minutes of kneading, 45 to prove and 25 to bake."
    assert status_of(claim, source, "about 80 minutes") == "matched"


def test_a_change_the_claims_own_from_to_contradicts_is_a_conflict_with_the_working() -> None:
    source = "The weekly service charge goes from £21.10 to £22.60 in May. Members fell from 1,900 to 1,640."
    claim = "The charge goes from £21.10 to £22.60 in May, a rise of £1.20 a week."
    [check] = [c for c in check_values(claim, source, source, changes=True) if c.value.text == "£1.20 a week"]
    assert check.status == "conflict" and check.working == "from £21.10 to £22.60 is £1.50 a week"
    right = "Members fell from 1,900 to 1,640, a drop of 260."
    assert [c.status for c in check_values(right, source, source, changes=True) if c.value.text == "260"] == [
        "matched"]
    rounded = "Members fell from 1,900 to 1,640, a drop of about 250."
    assert all(c.status != "conflict" for c in check_values(rounded, source, source, changes=True))
    # without `changes` (a source sentence checked against an output, a reference fact) nothing is worked out
    assert all(c.status != "conflict" for c in check_values(claim, source, source))


def test_opening_hours_with_a_hyphen_are_two_times_and_a_difference_is_never_a_slot_conflict() -> None:
    assert [v.text for v in values("Open 7am-11pm on weekdays.", "time")] == ["7am", "11pm"]
    source = "Harbour Pool: £29 per month. Dock Gym: £38 per month."
    checks = {c.value.text: c.status for c in check_values("Harbour Pool is £108 a year cheaper.", source, source)}
    assert checks["£108 a year"] != "conflict"


# Arithmetic the output works out itself

def test_a_sum_the_claim_writes_out_correctly_is_matched_and_a_wrong_one_is_not() -> None:
    source = "The plan costs £12.50 a month for the first 6 months, then £18 a month. A set-up fee of £25 applies."
    assert status_of("6 × £12.50 + 18 × £18 + £25 set-up = £424 over two years.", source, "£424") == "matched"
    assert status_of("6 × £12.50 + 18 × £18 + £25 set-up = £454 over two years.", source, "£454") != "matched"


def test_worked_results_reads_expressions_table_cells_and_a_total_row() -> None:
    text = ("| Item | Working | Cost |\n|---|---|---|\n| Tickets | 3 adults × €14 | €42 |\n"
            "| Parking | €6 × 2 days | €12 |\n| **Total** | | **€54** |\n\n"
            "That is 10 - 4 = 6 hours, and 7 / 2 = 3.5; rooms 10-12 = 3 rooms; 18 × 3 = 50.")
    found = [text[s.start:s.end] for s in worked_results(text)]
    # the results, and the counts a correct product takes its figure by (3 adults, 2 days)
    assert sorted(found) == sorted(["€54", "€42", "€12", "6", "3.5", "3", "2"])
    assert "3" not in [text[s.start:s.end] for s in worked_results("Tickets: 3 adults × €14 = €45")]


def test_a_measure_whose_unit_the_source_leaves_understood_is_matched() -> None:
    source = "We sold about 400 kilos of apples this year, compared with roughly 650 in a good year."
    assert [s for t, s, _ in verdicts("That is well below the 650 kg of a good year.", source)] == ["matched"]


def test_a_figure_derived_from_the_outputs_own_earlier_totals_is_not_absent() -> None:
    source = "Plan A: £20 a month for 12 months. Plan B: £25 a month for 12 months, with a £30 discount."
    output = "Plan A costs 12 × £20 = £240 and Plan B 12 × £25 - £30 = £270.\n\nSo Plan A is £30 cheaper."
    start = output.index("So Plan A")
    checks = check_values(output, source, source, claim_span=Span(start, len(output)))
    assert [(c.value.text, c.status) for c in checks if c.value.kind != "entity"] == [("£30", "matched")]


def test_a_changed_range_is_a_conflict_even_beside_a_word_of_difference() -> None:
    source = "The ferry fare went from £4.20 to £4.80 in April. Fuel has gone up."
    claim = "The ferry fare went from £4.20 to £5.80 because of higher fuel costs."
    assert status_of(claim, source, "from £4.20 to £5.80") == "conflict"
    assert status_of("The ferry is now £1.60 cheaper than the bus at £6.40.", "The ferry costs £4.80.",
                     "£1.60") != "conflict"


def test_a_bare_number_is_matched_by_the_sources_age_of_the_same_figure() -> None:
    source = "Free home delivery is available for housebound patients and those aged 75 or over."
    checks = check_values("Yes, if you're housebound or 75 or older.", source, source)
    assert [(c.value.text, c.status) for c in checks] == [("75 or older", "matched")]


def test_a_number_after_point_or_option_is_a_label_not_a_figure() -> None:
    texts = [v.text for v in index_values("Apart from cancelling under point 3, take option 2 or bullet 4.").values]
    assert not any(t in ("3", "2", "4") for t in texts)


def test_a_name_number_then_a_dash_and_a_price_is_not_a_range() -> None:
    values = index_values("Netwave Full Fibre 400 - £32.50 a month, fixed.").values
    assert [(v.text, v.qualifier) for v in values if v.kind == "money"] == [("£32.50 a month", "")]
    priced = index_values("Tickets cost £10 - £20 each.").values
    assert [(v.text, v.qualifier) for v in priced] == [("£10 - £20", "range")]


def test_a_six_monthly_check_states_a_period_of_six_months() -> None:
    source = "The Club includes the annual booster and a six-monthly health check."
    checks = check_values("a health check every six months", source, source)
    assert [(c.value.text, c.status) for c in checks] == [("six months", "matched")]


def test_a_bare_number_of_the_evidence_does_not_state_a_count_of_other_things() -> None:
    source = ("The Rays outscored the visitors 7-4, with Freya Lund adding three of her 18 goals. The result "
              "leaves the Rays second, two points behind leaders Manchester Orbit with three games to play.")
    checks = check_values("The Rays are three points behind leaders Manchester Orbit.", source, source)
    assert [(c.value.text, c.status, c.evidence.text) for c in checks if c.value.text == "three"] == \
        [("three", "conflict", "two")]


def test_a_maximum_is_never_taken_for_a_figure_worked_out_from_others() -> None:
    source = ("Each resident may have up to three visitors at once in their room. Mealtimes run 12.30-1.30pm and "
              "5-6pm.")
    checks = check_values("Up to four of us can be in her room at a time.", source, source)
    assert all(c.reason != "derived from the source's figures" for c in checks)


def test_a_temperature_with_a_space_before_the_degree_sign_keeps_its_unit() -> None:
    values = index_values("Charging: 0 °C to 40 °C.").values
    assert [(v.text, v.unit) for v in values] == [("0 °C", "degC"), ("40 °C", "degC")]


def test_a_change_and_its_result_are_checked_against_the_sources_from_and_to() -> None:
    source = "Consultations will rise from £52 to £58, and emergency consultations from £185 to £210."
    wrong = check_values("Consultations go up by £6, to £58, and emergency ones by £35, to £210.", source, source,
                         changes=True)
    assert [(c.value.text, c.working) for c in wrong if c.status == "conflict"] == \
        [("£35", "from £185 to £210 in the source is £25")]
    right = check_values("Emergency consultations go up by £25 to £210.", source, source, changes=True)
    assert all(c.status == "matched" for c in right)


def test_the_sides_of_a_size_are_one_value_so_a_changed_side_conflicts() -> None:
    source = "Each passenger may bring one personal item, maximum 40 x 30 x 15 cm, to fit under the seat."
    checks = check_values("Bring one personal item (up to 40 x 30 x 20 cm).", source, source)
    assert [(c.value.text, c.status, c.evidence.text) for c in checks if c.value.unit == "m^3"] == \
        [("40 x 30 x 20 cm", "conflict", "40 x 30 x 15 cm")]
    assert [v.text for v in index_values("a 2 x 3 grid").values] == ["2", "3"]  # no unit of length: no size


def test_a_percentage_written_as_a_factor_and_a_result_restated_later_are_not_new_figures() -> None:
    source = "Essay — 30% of the module mark. Group presentation, week 10 — 20% of the module mark."
    worked = check_values("Presentation: 72 × 0.2 = 14.4", source, source)
    assert [(c.value.text, c.status) for c in worked] == [("72", "absent"), ("0.2", "matched"), ("14.4", "matched")]
    output = "28.2 ÷ 0.5 = 56.4, so you need at least 56.4 in the exam."
    restated = check_values(output, source, source, claim_span=Span(output.index("so you"), len(output)))
    assert [(c.value.text, c.status) for c in restated] == [("at least 56.4", "matched")]


def test_a_spaced_em_dash_is_no_range_and_one_after_an_article_is_no_number() -> None:
    assert [v.text for v in index_values("Group presentation, week 10 — 20% of the mark").values] == ["10", "20%"]
    assert not index_values("You'll need to pay for a new one.").values


def test_calendar_days_are_a_duration_and_a_weekday_agrees_with_the_calendar() -> None:
    repairs = "Routine repairs will be completed within 28 calendar days."
    assert [c.status for c in check_values("Small jobs are done within four weeks.", repairs, repairs)] == ["matched"]
    source = "Please return the acceptance form by 16 May 2025."
    right = check_values("The form must be back by Friday 16 May 2025.", source, source)
    wrong = check_values("The form must be back by Thursday 16 May 2025.", source, source)
    assert [c.status for c in right] == ["matched", "matched"]
    # a wrong weekday for a date of a known year contradicts the calendar, which the finding states
    assert (wrong[0].value.text, wrong[0].status, wrong[0].working) == ("Thursday", "conflict",
                                                                        "16 May 2025 is a Friday")


def test_a_difference_from_a_named_minimum_is_derived_and_a_contraction_is_no_name() -> None:
    source = "Rear tyres at 2.2 mm tread (legal minimum 1.6 mm)."
    checks = check_values("At 2.2 mm they're legal, but only 0.6 mm above the minimum.", source, source)
    assert [(c.value.text, c.status) for c in checks] == [("2.2 mm", "matched"), ("only 0.6 mm", "matched")]
    assert [v.text for v in index_values("[ ] You’re both over 8").values] == ["over 8"]


def test_numeric_dates_are_read_in_the_order_the_text_shows_and_dotted_dates_day_first() -> None:
    assert values("Due 12/09/2025; paid 15/08/2025.", "date")[0].key == (2025, 2025, 9, 12)
    assert values("Due 12/09/2025; paid 08/15/2025.", "date")[0].key == (2025, 2025, 12, 9)
    assert one("Termin am 12.09.2025 um 10 Uhr", "date").key == (2025, 2025, 9, 12)
    # nothing in the text settles the order: only the year is read, so neither day nor month can conflict
    assert one("Next service due 12/09/2025.", "date").key == (2025, 2025, None, None)
    source = "Next service due 12/09/2025 or at 57,215 miles."
    assert status_of("Your service is due on 12 September 2025.", source, "12 September 2025") == "matched"


def test_a_table_cell_opens_like_a_sentence_and_a_checkbox_line_too() -> None:
    assert [v.kind for v in values("| Monthly total | £236 | £275 |")] == ["money", "money"]
    assert not values("☐ Add up every chart at 10pm.", "entity")


def test_a_word_first_is_idiom_and_never_named_as_absent() -> None:
    from rubriq.core.verify.values import reportable_absent
    assert not reportable_absent(one("33 days in total in your first year", "ordinal"))
    assert reportable_absent(one("She came second in the final", "ordinal"))


def test_a_bound_restating_a_source_limit_from_the_other_side_is_not_absent() -> None:
    lost = "Items not returned within 8 weeks of the due date will be deemed lost."
    assert status_of("If a book is more than 8 weeks late, it counts as lost.", lost, "more than 8 weeks") == "matched"
    assert status_of("If a book is more than 6 weeks late, it counts as lost.", lost, "more than 6 weeks") == "absent"
    ages = "Children and young people (aged 0-17): no charge."
    assert status_of("If you're under 18, you pay nothing.", ages, "under 18") == "matched"
    listed = "5. Each adult may accompany up to four under-16s.\n6. Tickets are transferable."
    assert status_of("One adult can look after up to six under-16s.", listed, "up to six") == "absent"


def test_a_fraction_after_a_bound_is_a_bound() -> None:
    fifth = one("once you drop below a fifth.", "percent")
    assert (fifth.low, fifth.high, fifth.qualifier) == (-math.inf, 20.0, "fewer than")
    half = one("more than half of members voted", "percent")
    assert (half.low, half.high) == (50.0, math.inf)
    source = "Battery percentage display is more accurate below 20%."
    assert status_of("It is more accurate once you drop below a fifth.", source, "below a fifth") == "matched"


def test_a_bound_worked_out_from_a_bound_and_an_exact_sum_of_two_figures_are_derived() -> None:
    source = "Your starting salary will be £31,200 a year. You may earn a bonus of up to 8% of salary."
    bonus = "You could earn a bonus of up to 8% of salary, which would be up to £2,496 a year."
    assert status_of(bonus, source, "up to £2,496 a year") == "matched"
    assert status_of(bonus.replace("2,496", "3,496"), source, "up to £3,496 a year") != "matched"
    leave = "You will receive 25 days' annual leave plus the 8 UK bank holidays."
    assert status_of("25 days plus the 8 bank holidays, so 33 days in total.", leave, "33 days") == "matched"
    assert status_of("25 days plus the 8 bank holidays, so 34 days in total.", leave, "34 days") == "absent"


def test_the_exact_difference_of_two_figures_before_it_is_derived() -> None:
    source = "Research students and staff: 20 free requests per academic year, then £5 each."
    left = "You get 20 free requests a year, so with 6 used you have 14 free ones left; after that they're £5 each."
    assert status_of(left, source, "14") == "matched"
    assert status_of(left.replace("14", "15"), source, "15") != "matched"


def test_working_days_restated_as_days_conflict() -> None:
    source = "The deposit is released within 10 working days of the vehicle's return, less any charges."
    assert status_of("It is released within 10 days of return, less any charges.", source, "10 days") == "conflict"
    assert status_of("It is released within 10 working days of return.", source, "10") == "matched"
    assert status_of("It is released within two weeks of return.", source, "two weeks") == "matched"


def test_a_date_moved_by_a_stated_period_is_derived_to_the_day() -> None:
    source = "You bought it on 12 March 2025. It is guaranteed for 2 years from the date of purchase."
    assert status_of("The guarantee ended on 12 March 2027.", source, "12 March 2027") == "matched"
    assert status_of("The guarantee ended on 13 March 2027.", source, "13 March 2027") == "absent"
    clean_up = "Spring clean-up: Saturday 21 March, 10am-1pm."
    assert status_of("Meeting on Wednesday 18 March, three days before the clean-up.", clean_up,
                     "three days") == "matched"


def test_a_figure_the_source_writes_with_its_unit_or_calls_free_is_matched() -> None:
    grants = "Grants of between £2,000 and £15,000 are available."
    assert [c.status for c in check_values("max_grant: 15000, min_grant: 2000", grants, grants)] == ["matched"] * 2
    fares = "Infants under 2 travel free on a parent's lap. Seats cost €25."
    assert status_of("| Infant | €0 |", fares, "€0") == "matched"
    assert status_of("| Infant | €0 |", "Seats cost €25 for everyone.", "€0") != "matched"


def test_table_figures_under_a_currency_caption_are_amounts() -> None:
    report = ("Sales by product line (£ thousands)\n\n| Line | 2024 | 2025 |\n|---|---|---|\n| Bread | 412 | 438 |\n"
              "| Total | 1,300 | 1,440 |\n")
    bread = next(v for v in values(report) if v.text == "412")
    assert (bread.kind, bread.unit, bread.low) == ("money", "GBP", 412000.0)
    assert status_of("Total sales reached £1.44m, up from £1.3m a year earlier.", report, "£1.44m") == "matched"
    assert status_of("Total sales reached £1.54m, up from £1.3m a year earlier.", report, "£1.54m") != "matched"


def test_a_vote_count_in_a_votes_column_is_stated() -> None:
    table = ("Candidate      Party         Votes\nBRENNAN, Siobhan   Green Party    2,109\n"
             "DUCKETT, Graham   Reform UK   1,937\n")
    assert status_of("She polled 2,109 votes.", table, "2,109") == "matched"


def test_a_recipe_scaled_to_the_servings_asked_for_is_matched_and_a_wrong_scaling_is_not() -> None:
    recipe = "Chicken pie (serves 4)\n150 ml double cream\n300 ml chicken stock\n1.5 litre pie dish"
    prompt = f"Scale this up from 4 to 10 servings.\n\n{recipe}"
    block = [Span(prompt.index(recipe), len(prompt))]

    def scaled(claim: str) -> list[tuple[str, str]]:
        return [(c.value.text, c.status) for c in check_values(claim, block, prompt, source_spans=block)]

    assert scaled("Use 375 ml double cream.") == [("375 ml", "matched")]
    assert scaled("You'll need about 3.75 litres of dish space.") == [("about 3.75 litres", "matched")]
    assert scaled("Use 425 ml double cream.")[0][1] != "matched"


def test_an_iso_date_with_its_time_is_a_date_and_a_clock_time() -> None:
    found = [(v.kind, v.text) for v in values("deadline: 2025-04-28T12:00")]
    assert found == [("date", "2025-04-28"), ("time", "12:00")]


def test_n_times_faster_is_the_ratio_of_two_figures_of_one_kind() -> None:
    source = "Netwave: upload 400 Mb/s. Skylink: upload 70 Mb/s."
    assert status_of("Netwave is more than five times faster.", source, "more than five") == "matched"
    assert status_of("Netwave is more than eight times faster.", source, "more than eight") == "absent"


def test_an_outputs_own_figures_on_its_line_and_without_a_unit_derive_a_later_figure() -> None:
    source = "You will receive 25 days' annual leave plus the 8 UK bank holidays."
    output = "Holiday: 25 days plus the 8 bank holidays, so 33 days in total."
    assert clause_statuses(output, source, "33 days") == [("33 days", "matched")]
    marks = "Essay: 30% of the module mark. Exam: 50% of the module mark."
    worked = "Total so far: 31.8 of the 50 marks.\nTo reach 60 overall you need another 28.2 marks from the exam."
    assert ("28.2", "matched") in clause_statuses(worked, marks, "To reach")
    assert ("26.2", "absent") in clause_statuses(worked.replace("28.2", "26.2"), marks, "To reach")
    # a whole number is never derived from the output's own bare figures: "six spaces" is not 2 + 4
    notice = "Four flats upstairs, and the developer will provide four parking spaces."
    claimed = "A café at 2 Mill Street and four flats.\nThe developer will also provide six parking spaces."
    assert ("six", "matched") not in clause_statuses(claimed, notice, "The developer")


def test_cells_of_two_tables_fill_one_slot_only_under_headers_that_share_a_word() -> None:
    targets = "| Priority | Response target | Resolution target |\n|---|---|---|\n| P2 | 1 hour | 8 hours |\n"
    answer = "| Ticket | Priority | Hours taken | Result |\n|---|---|---|---|\n| T-17 | P2 | 11 hours | Missed |\n"
    assert status_of(answer, targets, "11 hours") != "conflict"  # time taken is no target
    restated = "| Priority | Resolution target |\n|---|---|\n| P2 | 6 hours |\n"
    assert status_of(restated, targets, "6 hours") == "conflict"  # the same column, another figure


def test_pasted_csv_is_a_table_and_a_currency_column_holds_amounts() -> None:
    budget = ("item,annual_cost_gbp,apportionment\nBuildings insurance,9360,by floor area\n"
              "Cleaning,4680,equal shares\nGardening,1440,equal shares\n")
    cleaning = next(v for v in values(budget) if v.text == "4680")
    assert (cleaning.kind, cleaning.unit, cleaning.in_table) == ("money", "GBP", True)
    assert status_of("The whole budget is £15,480.", budget, "£15,480") == "matched"
    # a table aligned by spaces, its names and its thousands written with commas, is no CSV
    poll = ("Candidate            Votes\nASHWORTH, Peter      1,486\nBRENNAN, Siobhan     2,109\n"
            "DUCKETT, Graham      1,937\n")
    assert [v.text for v in values(poll) if v.kind in ("number", "quantity", "money")] == ["1,486", "2,109", "1,937"]


def test_the_number_of_a_noun_counts_that_noun_and_a_currency_key_makes_amounts() -> None:
    poll = "The number of ballot papers rejected was 38."
    assert (one(poll, "quantity").unit, one(poll, "quantity").low) == ("ballot", 38.0)
    assert status_of("Thirty-six ballot papers were rejected.", poll, "Thirty-six") == "conflict"
    assert one("He was 38.", "number").unit == ""
    fees = "Registration: students €210 (early) and €260 (late)."
    checks = check_values('"fee_student_eur": "210 early / 240 late"', fees, fees)
    assert [(c.value.text, c.value.kind, c.status) for c in checks] == [("210", "money", "matched"),
                                                                         ("240", "money", "conflict")]
    assert one("runtime_minutes: 45", "number").kind == "number"


def test_list_items_with_commas_are_no_csv_rows() -> None:
    items = "- Monday, 3 visits, £40\n- Tuesday, 2 visits, £25\n- Friday, 4 visits, £55\n"
    assert not any(v.in_table for v in values(items))


def test_a_measured_quantity_times_a_price_derives_an_amount_to_its_last_digit() -> None:
    policy = "A passenger supplement of 5p per mile is paid for each colleague carried. Mileage is 45p per mile."
    assert status_of("Passenger supplement: 326 miles × 5p = £16.30", policy, "£16.30") == "matched"
    assert status_of("Passenger supplement: 326 miles × 5p = £18.30", policy, "£18.30") != "matched"
    # a round amount is no evidence of a product: £20 is within rounding of too many
    assert status_of("Passenger supplement: 400 miles, so £20", policy, "£20") != "matched"


def test_a_number_of_periods_times_a_daily_rate_derives_an_amount_to_its_last_digit() -> None:
    rates = "| Period | Loss of earnings |\n|---|---|\n| Days 1 to 10 | £64.95 |\n| Day 11 onwards | £129.91 |"
    assert status_of("Over 10 days that's £649.50 in all.", rates, "£649.50") == "matched"
    assert status_of("For three weeks you would pay £41.97 in total.", "Storage costs £1.99 a day.", "£41.97") \
        != "matched"  # 21 × £1.99 is £41.79: a slip of two digits is no product
    assert status_of("Over 10 days that's £694.50 in all.", rates, "£694.50") != "matched"


def test_a_figure_the_output_repeats_is_checked_where_it_first_stands() -> None:
    source = "I drove 172 miles each way; my normal commute is 9 miles each way. Mileage is 45p per mile."
    output = ("Mileage: 326 miles (344 miles less 18 miles of commuting).\n"
              "Passenger supplement: 326 miles at 5p.")
    assert ("326 miles", "matched") in clause_statuses(output, source, "Passenger")
    # stated first, a wrong figure still conflicts
    first = "I drove 172 miles each way, 344 miles in all."
    assert status_of("You drove 326 miles in all.", first, "326 miles") == "conflict"


def test_an_earlier_total_split_by_the_claims_count_is_matched_to_its_last_digit() -> None:
    source = "Gardening,1440,equal shares\nThe service charge is billed in two equal instalments."
    output = "Your total for the year: £1,785.60.\nInstalments: two equal payments of £892.80."
    assert ("£892.80", "matched") in clause_statuses(output, source, "Instalments")
    wrong = output.replace("£892.80", "£829.80")
    assert ("£829.80", "matched") not in clause_statuses(wrong, source, "Instalments")


def test_a_bound_is_a_figure_less_the_other_sides_bound_to_its_last_digit() -> None:
    minutes = ("Finances: Tom reported a balance of £1,284. Subscriptions stay at £8 per household a year. The meeting "
               "agreed to spend up to £350 on a defibrillator cabinet for the church wall.")
    claim = "With £1,284 in the bank, the association would have at least £934 left after the defibrillator cabinet."
    assert status_of(claim, minutes, "at least £934") == "matched"
    assert status_of(claim.replace("£934", "£954"), minutes, "at least £954") != "matched"
    # a small bound is a sum of two figures by chance: "up to six" is not 18 - 12
    terms = ("Under-16s must be accompanied by an adult aged 18 or over. Each adult may accompany up to four "
             "under-16s. Children under 12 go free.")
    assert status_of("One adult can look after up to six under-16s.", terms, "up to six") != "matched"


def test_a_total_never_conflicts_with_a_price_per_thing_or_per_period() -> None:
    summons = ("For the first 10 days, the most you can claim is £64.95 a day. "
               "The Board recommends a final dividend of 14.2 pence per ordinary share.")
    assert status_of("Over the two weeks you could claim up to £649.50.", summons, "up to £649.50") != "conflict"
    assert status_of("Your 1,250 shares get a final dividend of £171.50.", summons, "£171.50") != "conflict"
    # a price per period against the same price per period still conflicts
    assert status_of("You can claim £46.95 a day.", summons, "£46.95 a day") == "conflict"


def test_worked_arithmetic_reads_pence_and_a_count_times_a_price_derives_the_amount() -> None:
    line = "- 1,250 shares × 14.2p = **£177.50**."
    assert [line[s.start:s.end] for s in worked_results(line)] == ["£177.50"]
    assert worked_results("- 1,250 shares × 14.2p = £171.50.") == ()
    results = "A final dividend of 14.2 pence per share and an interim of 6.8 pence make 21.0 pence for the year."
    claim = "The total for the year is 21.0p a share, which on 1,250 shares comes to £262.50."
    assert status_of(claim, results, "£262.50") == "matched"
    assert status_of(claim.replace("£262.50", "£226.50"), results, "£226.50") != "matched"


def test_a_time_moved_by_the_period_the_claim_states_is_matched() -> None:
    tides = "High water is at 04:52 and 17:21. Cross only from 3 hours after high water until 2 hours before the next."
    assert status_of("It is safe to start crossing from 07:52, three hours later.", tides, "07:52") == "matched"
    assert status_of("The window closes two hours before that, at 15:21.", tides, "15:21") == "matched"
    assert status_of("It is safe to start crossing from 08:52, three hours later.", tides, "08:52") != "matched"
    # without a period in the claim, a time is worked out only by a rule of the source ("3 hours after high water")
    assert status_of("It is safe to start crossing from 07:52.", tides, "07:52") == "matched"
    assert status_of("It is safe to start crossing from 05:52.", tides, "05:52") != "matched"


def test_a_duration_between_two_times_the_output_states_before_is_derived() -> None:
    tides = "High water is at 04:52 and 17:21."
    output = "Start crossing from 07:52. The window closes at 15:21.\nThat gives you just under seven and a half hours."
    assert ("just under seven and a half hours", "matched") in clause_statuses(output, tides, "That gives")
    wrong = output.replace("seven and a half", "eight and a half")
    assert ("just under eight and a half hours", "matched") not in clause_statuses(wrong, tides, "That gives")


def test_a_weekday_said_of_the_date_before_it_is_checked_by_the_calendar() -> None:
    terms = "We are closed on 25 and 26 December 2026. Drop-offs run Monday to Saturday, 8:00 to 11:00."
    assert status_of("Yes: 23 December is a Wednesday, so you can drop off.", terms, "Wednesday") == "matched"
    assert status_of("Yes: 23 December is a Thursday, so you can drop off.", terms, "Thursday") != "matched"


def test_an_acronym_of_words_the_source_writes_out_is_in_the_source() -> None:
    guide = "Keep each pull request to one change, and add or update tests for any behaviour you change."
    assert status_of("Keep the PR to a single change.", guide, "PR") == "matched"
    assert [c.status for c in check_values("Ask the TSC before you merge.", guide, guide)
            if c.value.text == "TSC"] in ([], ["absent"])


def test_the_total_of_the_low_or_high_ends_of_three_ranges_is_derived() -> None:
    epc = ("Estimated energy costs for the first year: £2,140.\n| Loft insulation | £100 – £350 |\n"
           "| Cavity wall insulation | £900 – £1,500 |\n| Floor insulation | £800 – £1,200 |\n")
    assert status_of("Doing all three would cost roughly £1,800 in total.", epc, "roughly £1,800") == "matched"
    assert status_of("Doing all three would cost £3,050 in total.", epc, "£3,050") == "matched"
    assert status_of("Doing all three would cost £7,340 in total.", epc, "£7,340") != "matched"


# --- round 7: relative durations, ages in a pair, abbreviated weekdays, a clause's sentence, earlier totals --------

def test_a_duration_beforehand_or_in_advance_is_the_same_as_before() -> None:
    source = "If you need a wheelchair, please call us at least 48 hours before your visit."
    assert status_of("Call at least two days beforehand.", source, "at least two days") == "matched"
    assert status_of("Call at least two days in advance.", source, "at least two days") == "matched"


def test_both_ages_of_a_pair_after_aged_are_ages() -> None:
    source = "Riders aged 16 or 17 must ride with a parent who is also entered."
    assert status_of("17-year-olds need a parent with them.", source, "17-year-olds") == "matched"
    assert status_of("18-year-olds need a parent with them.", source, "18-year-olds") == "conflict"


def test_an_abbreviated_weekday_beside_a_date_or_another_weekday_is_a_weekday() -> None:
    assert [v.key for v in values("| Sat 13 Jun | 08:00–16:00 |", "weekday")] == [(5,)]
    assert [v.key for v in values("Open Mon–Fri from 9.", "weekday")][-1:] == [(4,)]
    assert values("She sat by the Sun Inn on the 13th.", "weekday") == []


def test_a_clause_is_worked_from_the_figures_of_its_sentence() -> None:
    output = "The letter asks you to arrive 20 minutes early, so be there by 2:20pm."
    source = "Appointment: Thursday 16 April, 14:40. Please arrive early."
    clause = Span(output.index("so be"), len(output))
    alone = check_values(output, source, source, claim_span=clause)
    in_sentence = check_values(output, source, source, claim_span=clause, context_span=Span(0, len(output)))
    assert [c.status for c in alone] == ["absent"]
    assert [c.status for c in in_sentence] == ["matched"]


def test_an_earlier_total_less_a_stated_figure_is_worked_out_to_the_penny() -> None:
    source = "A deposit of £150 secures the date and comes off the final bill. Packing: £190."
    output = "The total comes to £1,009.00. Take off the £150 deposit and you'd have £859.00 left to pay."
    assert ("£859.00", "matched") in clause_statuses(output, source, "Take off")
    wrong = output.replace("£859.00", "£869.00")
    assert ("£869.00", "matched") not in clause_statuses(wrong, source, "Take off")
