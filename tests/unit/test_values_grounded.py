"""Value checks on the kind of text people paste into prompts: notices, invoices, timetables, tickets, tables.

Each test is a false alarm or a miss of an earlier version, written afresh (not copied from any corpus): what a
careful reader confirms as faithful must not be a conflict, and a changed figure in its own slot must be one.
"""

from __future__ import annotations

from rubriq.core.verify.values import check_values


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
