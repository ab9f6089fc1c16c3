"""SQB matching on two ways outputs speak: a charge or rule "has been dropped" or "waived" reports the forbidden
claim as taken back, not as standing; and a fact naming a person by title and surname ("Mrs Hale's weekly charge")
is conveyed by an output that never names her but speaks of "your mother" (her name's absence is no evidence; a
changed figure still is)."""

from __future__ import annotations

import pytest

from rubriq.core.config import Config
from rubriq.core.models.hub import LocalModelHub
from rubriq.core.sqb.matching import OUTPUT, Document, FactQuery
from rubriq.core.sqb.verifier_matching import VerifierMatcher


@pytest.fixture(scope="module")
def matcher():
    hub = LocalModelHub(Config(), probe_hub=False)
    return VerifierMatcher(hub.nli(), hub.embedder(), hub.model_ids())


@pytest.mark.models
def test_a_charge_reported_as_dropped_is_no_violation(matcher):
    forbidden = ["The chipped windscreen is charged at £90."]
    dropped = Document(OUTPUT, "The chip is under the 10 mm limit, so the £90 windscreen charge has been dropped.")
    verdict = matcher.asserted(forbidden, dropped)[0]
    assert not verdict.holds and "superseded" in verdict.reason, verdict.reason
    standing = matcher.asserted(forbidden, Document(OUTPUT, "The chipped windscreen is charged at £90."))[0]
    assert standing.holds, standing.reason


@pytest.mark.models
def test_a_person_named_only_in_the_fact_is_conveyed_by_the_role_the_output_gives_her(matcher):
    fact = [FactQuery("F1", "The review reduced Mrs Hale's weekly charge to £126.95.")]
    by_role = Document(OUTPUT, "After the review, your mother's weekly charge went down to £126.95.")
    assert matcher.conveyed(fact, by_role)[0].holds
    changed = Document(OUTPUT, "After the review, your mother's weekly charge went down to £162.95.")
    assert not matcher.conveyed(fact, changed)[0].holds
