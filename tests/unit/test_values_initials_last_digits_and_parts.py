"""Values a claim states that are no change of the source's: the initials of a capitalised name written with its
joining words ("OPG" for "the Office of the Public Guardian"); a count set against an identifier's last digits ("two
accounts" beside "the account ending 4417"), which are compared only with other last digits; and a count said to be
additional ("two additional bearers"), a part of the source's total, compared only with another part."""

from __future__ import annotations

import pytest

from rubriq.core.verify.values import check_values, index_values


def _statuses(claim: str, source: str) -> dict[str, tuple[str, str | None]]:
    return {c.value.text: (c.status, c.evidence.text if c.evidence else None)
            for c in check_values(claim, source, source)}


NOTICE = ("We are the Office of the Public Guardian. We cannot register this LPA. "
          "The Health and Safety Executive has been told.")


@pytest.mark.parametrize(("claim", "acronym"), [("OPG can't register this one.", "OPG"),
                                                ("The HSE has been told.", "HSE")])
def test_the_initials_of_a_capitalised_name_with_joining_words_are_the_name(claim, acronym):
    assert _statuses(claim, NOTICE)[acronym][0] == "matched"


def test_initials_no_name_of_the_source_has_are_absent():
    assert _statuses("The DVLA has been told.", NOTICE)["DVLA"][0] == "absent"


ACCOUNTS = ("| Account | Balance |\n|---|---|\n| Classic current account ending 4417 | £6,842.19 |\n"
            "| Easy Saver ending 9023 | £18,250.00 |\nWe will take £119 from your card ending 4471.")


def test_an_identifiers_last_digits_are_no_count_and_no_year():
    values = {v.text: v for v in index_values("Your card ending in 1234 was charged in the year ending 2025.").values}
    assert values["1234"].kind == "number" and values["1234"].unit == "last digits"
    assert values["2025"].kind == "date"


def test_a_count_is_not_compared_with_last_digits():
    statuses = _statuses("Dad had two accounts in his sole name: the Classic current account (£6,842.19) and the "
                         "Easy Saver (£18,250.00).", ACCOUNTS)
    assert statuses["two"][0] != "conflict"


def test_last_digits_are_compared_with_last_digits():
    statuses = _statuses("The £119 will not be taken from my card ending 4177.", ACCOUNTS)
    assert statuses["4177"][0] == "conflict"


BEARERS = "What we have chosen: the oak coffin, the hearse, six bearers. A further 12 chairs were ordered."


def test_an_additional_count_is_a_part_not_the_total():
    assert _statuses("Two additional bearers at £60 cost £120.", BEARERS)["Two"][0] != "conflict"


@pytest.mark.parametrize(("claim", "value", "source_value"), [("Five bearers carry the coffin.", "Five", "six"),
                                                              ("A further 15 chairs were ordered.", "15", "12")])
def test_a_total_against_a_total_and_a_part_against_a_part_still_conflict(claim, value, source_value):
    assert _statuses(claim, BEARERS)[value] == ("conflict", source_value)
