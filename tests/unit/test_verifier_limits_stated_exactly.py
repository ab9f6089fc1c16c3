"""A limit the source sets is stated exactly.

"at least 85%" where the source guarantees "at least 80%" is the limit changed, not the same figure written loosely
(two approximations, "about 57" and "about 55", still compare within 10%), and not a figure worked out from others.
A limit on a sum ("capped at £20") is compared with the source's limit on it ("capped at £30"), never shown by a rate
beside it ("50p per minute") falling under it.
"""

from __future__ import annotations

from rubriq.core.verify.values import check_values

WARRANTY = ("Batteries are guaranteed to hold at least 80% of their original capacity for 6 months after delivery. "
            "Send the battery report with your claim; we cover 15% of the postage.")
TARIFF = ("Pay-as-you-go customers get 10 minutes' grace; after that the idle fee is 50p per minute, capped at £30 per "
          "session. A session costs £2.50 to start.")


def _status(claim: str, source: str, figure: str) -> tuple[str, str | None]:
    check = next(c for c in check_values(claim, source, source) if figure in c.value.text)
    return check.status, check.evidence.text if check.evidence is not None else None


def test_a_lower_limit_changed_is_a_conflict_with_the_source_limit():
    assert _status("The battery is guaranteed to hold at least 85% of its capacity for 6 months.", WARRANTY,
                   "85%") == ("conflict", "at least 80%")
    assert _status("The battery is guaranteed to hold at least 80% of its capacity for 6 months.", WARRANTY,
                   "80%")[0] == "matched"


def test_the_same_limit_converted_or_two_approximations_still_agree():
    source = "Adults should do at least 150 minutes of moderate activity a week; about 57 people took part."
    assert _status("Aim for at least 2.5 hours of moderate activity a week.", source, "2.5 hours")[0] == "matched"
    assert _status("About 55 people took part.", source, "55")[0] == "matched"


def test_a_cap_is_compared_with_the_source_cap_not_with_a_rate_under_it():
    assert _status("The idle fee is capped at £20 per session.", TARIFF, "£20") == ("conflict", "capped at £30")
    assert _status("The idle fee is capped at £30 per session.", TARIFF, "£30")[0] == "matched"
    assert _status("Starting a session costs under £3.", TARIFF, "£3")[0] == "matched"  # £2.50 is under it
