"""The SQB's matcher on the claim verifier (`rubriq.core.sqb.verifier_matching`): its rules, then the real models."""

import pytest

from rubriq.core.config import Config
from rubriq.core.models.hub import LocalModelHub
from rubriq.core.sqb.matching import OUTPUT, Document, Evidence, FactQuery, NLIWindowMatcher, make_matcher
from rubriq.core.sqb.metrics import Thresholds
from rubriq.core.sqb.verifier_matching import (
    THRESHOLDS,
    VerifierMatcher,
    as_the_output_refers,
    clauses_of,
    fact_hops,
    negated,
    permitted_where_required,
    substituted_word,
)

# -- rules that need no model ----------------------------------------------------------------------------------------


def test_a_causal_link_splits_a_multi_hop_fact_into_its_parts():
    assert fact_hops("orders-api ran a single replica, so the drain evicted its only pod.") == [
        "orders-api ran a single replica", "the drain evicted its only pod"]
    assert fact_hops("Because both replicas ran on the restarted node, the new pod could not resolve DNS.") == [
        "both replicas ran on the restarted node", "the new pod could not resolve DNS"]


def test_a_single_statement_has_no_hops_and_a_pronoun_part_is_left_to_the_whole():
    assert fact_hops("Moving the pod to another node gave it an IP address outside the allow list.") == []
    assert fact_hops("The Lyon incident must be reported to the ANSM, because it occurred in France.") == [
        "The Lyon incident must be reported to the ANSM"]


def test_a_person_the_output_never_names_in_full_is_the_person_and_a_body_keeps_its_name():
    output = "Ellen applied for 40 hectares. Your compensation is £175. Brookvale took months to fix it."
    def forbidden(claim: str, text: str = output) -> str:
        return as_the_output_refers(claim, text, untitled=True)

    assert forbidden("Legume fallow in Ellen Briar's offer is paid at £590.") == \
        "Legume fallow in the person's offer is paid at £590."
    assert forbidden("Joanne must wait eight weeks.") == "The person must wait eight weeks."
    assert forbidden("Brookvale will pay £950.50.") == "Brookvale will pay £950.50."
    assert forbidden("The council's decision is final.") == "The council's decision is final."
    # named in full in the output: kept, so a statement about someone else is not taken for hers
    assert forbidden("Ellen Briar has 60 days.", "Ellen Briar applied.") == "Ellen Briar has 60 days."
    # a reference fact keeps an untitled name (only a title and surname stand for a person the output calls "her")
    assert as_the_output_refers("Joanne must wait eight weeks.", output) == "Joanne must wait eight weeks."


def test_another_word_between_the_same_neighbours_is_another_thing():
    assert substituted_word("The liveness probe checks the database connection.",
                            "The readiness probe checks the database connection.") == ("liveness", "readiness")
    assert substituted_word("If you cross paths with a black cat, you will have good luck",
                            "If you cross paths with a black cat, you will have good health") == ("luck", "health")
    # paraphrases change the words around a replaced one too
    assert substituted_word("Sugar may cause hyperactivity in children", "Sugar may make children hyper") is None
    assert substituted_word("You will teleport to that location", "You will be transported to that location") is None
    # a relative pronoun does not move the slot: "years that begin on" against "years ending on"
    assert substituted_word("The thresholds apply to financial years ending on or after 6 April 2025.",
                            "The thresholds apply to financial years that begin on or after 6 April 2025.") == \
        ("ending", "begin")
    assert substituted_word("Veins appear blue due to the deoxygenated blood",
                            "Veins appear blue because deoxygenated blood is blue") is None


def test_an_obligation_stated_as_a_permission_is_another_claim():
    assert permitted_where_required("Kestrel's accounts for the year must be audited.",
                                    "Kestrel is small for the year and can claim audit exemption.") == ("must", "can")
    assert permitted_where_required("Patients should be advised to take their tablets at bedtime.",
                                    "Patients can now take their tablets at whatever time suits them.") == \
        ("should", "can")
    # both say what is required, or the claim itself permits: left to the other checks
    assert permitted_where_required("Accounts must be audited.", "They can be audited and must be filed.") is None
    assert permitted_where_required("You may leave early.", "You can leave early.") is None
    assert permitted_where_required("Accounts must be audited.", "The accounts are audited every year.") is None


def test_negation_cues_but_not_no_later_than_or_not_only():
    assert negated("paper forms are no longer accepted")
    assert negated("The liveness probe doesn't check the database")
    assert negated("a full refund without a receipt")
    assert not negated("Report no later than 30 days after the incident")
    assert not negated("not only the pump but the whole ward was affected")


def test_a_sentence_joining_two_statements_is_read_clause_by_clause():
    sentence = "The overdose happened on 3 March 2025, and Meridian became aware of it on 5 March 2025."
    assert clauses_of(sentence) == ["The overdose happened on 3 March 2025",
                                    "Meridian became aware of it on 5 March 2025."]
    single = "Meridian became aware of it on 5 March 2025."
    assert clauses_of(single) == [single]


def test_make_matcher_builds_the_verifier_matcher_by_default_and_the_windows_one_on_request():
    assert isinstance(make_matcher(None, None, Thresholds(), {}), VerifierMatcher)  # type: ignore[arg-type]
    assert isinstance(make_matcher(None, None, Thresholds(), {}, "nli-windows"), NLIWindowMatcher)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown matcher"):
        make_matcher(None, None, Thresholds(), {}, "bag-of-words")  # type: ignore[arg-type]


def test_the_matcher_id_names_its_thresholds_and_models():
    a = VerifierMatcher(None, None, {"nli": "x@1"})
    b = VerifierMatcher(None, None, {"nli": "x@2"})
    assert a.id.startswith("verifier@") and a.id != b.id


def test_claims_leave_out_headings_and_openings():
    text = "Here is a summary of the incident.\n\n## Timeline\n\nThe pump failed on 3 March. It was replaced."
    claims = VerifierMatcher(None, None, {}).claims(Document(OUTPUT, text))
    assert [c.text for c in claims] == ["The pump failed on 3 March.", "It was replaced."]
    assert all(text[c.start:c.end] == c.text for c in claims)


# -- with the shipped models -----------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def matcher():
    hub = LocalModelHub(Config(), probe_hub=False)
    return VerifierMatcher(hub.nli(), hub.embedder(), hub.model_ids())


@pytest.mark.models
def test_a_deadline_is_conveyed_in_other_units_but_never_as_another_deadline(matcher):
    fact = [FactQuery("F1", "Controllers must notify the regulator within 72 hours.")]
    same = matcher.conveyed(fact, Document(OUTPUT, "Controllers must notify the regulator within three days."))[0]
    other = matcher.conveyed(fact, Document(OUTPUT, "Controllers must notify the regulator within five days."))[0]
    assert same.holds, same.reason
    assert not other.holds and "'five days' where the claim says '72 hours'" in other.reason
    assert other.evidence and other.evidence[0].text.startswith("Controllers must notify")


@pytest.mark.models
def test_a_heading_conveys_nothing(matcher):
    fact = [FactQuery("F1", "Controllers must notify the regulator within 72 hours.")]
    verdict = matcher.conveyed(fact, Document(OUTPUT, "## Notify the regulator within 72 hours\n\nBe quick."))[0]
    assert not verdict.holds


@pytest.mark.models
def test_a_multi_hop_fact_needs_both_of_its_parts(matcher):
    fact = [FactQuery("M1", "The service ran a single replica, so the node drain took the service offline.",
                      multi_hop=True)]
    both = "The service ran a single replica. Because of that, when the node was drained, the service went offline."
    one = "The service ran a single replica."
    assert matcher.conveyed(fact, Document(OUTPUT, both))[0].holds
    verdict = matcher.conveyed(fact, Document(OUTPUT, one))[0]
    assert not verdict.holds


@pytest.mark.models
def test_a_multi_hop_fact_linked_by_so_needs_the_link_not_only_its_parts(matcher):
    fact = [FactQuery("M1", "The service ran a single replica, so the node drain took the service offline.",
                      multi_hop=True)]
    parts = "The service ran a single replica. When the node was drained, the service went offline."
    verdict = matcher.conveyed(fact, Document(OUTPUT, parts))[0]
    assert not verdict.holds and "not how they connect" in verdict.reason
    linked = "The service ran a single replica: when the node was drained, the service went offline."
    assert matcher.conveyed(fact, Document(OUTPUT, linked))[0].holds


@pytest.mark.models
def test_a_forbidden_claim_said_without_its_condition_or_named_as_superseded_is_no_violation(matcher):
    forbidden = ["Customers need a receipt to get a refund.", "The recall covers only batch L5269."]
    output = Document(OUTPUT, "Customers can return the product to any store for a full refund without a receipt. "
                              "That replaced the supplier's first view that the recall covers only batch L5269.")
    receipt, batch = matcher.asserted(forbidden, output)
    assert not receipt.holds and receipt.reason.startswith("negates it"), receipt.reason
    assert not batch.holds and "superseded" in batch.reason, batch.reason
    stated = matcher.asserted(forbidden[1:], Document(OUTPUT, "The recall covers only batch L5269."))[0]
    assert stated.holds, stated.reason


@pytest.mark.models
def test_a_correct_statement_about_another_regulator_is_not_the_forbidden_claim(matcher):
    forbidden = ["The FCA requires breach reports within 72 hours."]
    output = Document(OUTPUT, "The ICO requires breach reports within 72 hours. The FCA expects a report promptly.")
    verdict = matcher.asserted(forbidden, output)[0]
    assert not verdict.holds, verdict.reason


@pytest.mark.models
def test_a_different_deadline_and_a_negation_are_not_violations_and_say_why(matcher):
    forbidden = ["The liveness probe checks the database connection.",
                 "The connection pool has a maximum of 20 connections."]
    output = Document(OUTPUT, "The liveness probe does not check the database, so the pod kept running. "
                              "The connection pool has a maximum of 50 connections.")
    negation, figure = matcher.asserted(forbidden, output)
    assert not negation.holds and negation.reason.startswith("negates it")
    assert not figure.holds and "states a different figure" in figure.reason
    assert "'a maximum of 50' where the claim says 'a maximum of 20'" in figure.reason


@pytest.mark.models
def test_the_forbidden_claim_in_other_words_is_a_violation_with_its_sentence(matcher):
    forbidden = ["Meridian became aware of the incident on 3 March 2025."]
    text = "The pump was recalled. Meridian learned of the incident on 3 March 2025."
    verdict = matcher.asserted(forbidden, Document(OUTPUT, text))[0]
    assert verdict.holds, verdict.reason
    sentence = "Meridian learned of the incident on 3 March 2025."
    assert verdict.reason.startswith(f"asserts it: {sentence!r}")
    assert verdict.evidence == (Evidence(OUTPUT, text.index(sentence), len(text), sentence),)


@pytest.mark.models
def test_an_answer_of_one_or_two_words_is_read_as_the_answer(matcher):
    answer = Document(OUTPUT, "Harvard University")
    verdict = matcher.asserted(["Harvard University is the one described."], answer)[0]
    assert verdict.holds, verdict.reason
    assert verdict.evidence == (Evidence(OUTPUT, 0, len(answer.text), answer.text),)
    other = matcher.asserted(["Yale University"], answer)[0]
    assert not other.holds and "says 'Harvard' where the claim says 'Yale'" in other.reason


@pytest.mark.models
def test_claims_are_supported_by_the_sources_or_a_reference_fact(matcher):
    output = Document(OUTPUT, "The pump was recalled on 4 March. The recall cost 2 million euros.")
    claims = matcher.claims(output)
    sources = [Document("notes", "The manufacturer recalled the pump on 4 March."),
               Document("reference:F1", "The recall cost about 2 million euros.")]
    recalled, cost = matcher.supported(claims, sources)
    assert recalled.holds and recalled.reason.startswith("supported by source 'notes'")
    assert cost.holds and cost.reason.startswith("supported by reference fact F1")
    wrong = matcher.supported([Evidence(OUTPUT, 0, 33, "The pump was recalled on 9 March.")], sources)[0]
    assert not wrong.holds and "'4 March' where the claim says '9 March'" in wrong.reason


@pytest.mark.models
@pytest.mark.parametrize(("claim", "stale", "standing"), [
    # a charge reported dropped or waived is taken back
    ("The chipped windscreen is charged at £90.",
     "The chip is under the 10 mm limit, so the £90 windscreen charge has been dropped.",
     "The chipped windscreen is charged at £90."),
    # what a dated letter said before is history, which the output goes on to correct
    ("Mrs Ellison's weekly charge is £178.05.",
     "The letter of 16 June 2025 charged £178.05 a week from 2 June. After the review her charge is £126.95 a week.",
     "Her weekly charge is £178.05."),
], ids=["dropped", "dated-letter"])
def test_a_forbidden_claim_reported_as_stale_is_no_violation_and_stated_as_standing_is_one(matcher, claim, stale,
                                                                                           standing):
    verdict = matcher.asserted([claim], Document(OUTPUT, stale))[0]
    assert not verdict.holds and "superseded" in verdict.reason, verdict.reason
    current = matcher.asserted([claim], Document(OUTPUT, standing))[0]
    assert current.holds, current.reason


@pytest.mark.models
def test_a_person_a_fact_names_by_title_is_conveyed_by_the_role_the_output_gives_her(matcher):
    # an output written to the family says "your mother": the name's absence is no evidence; a changed figure is
    fact = [FactQuery("F1", "The review reduced Mrs Hale's weekly charge to £126.95.")]
    by_role = Document(OUTPUT, "After the review, your mother's weekly charge went down to £126.95.")
    assert matcher.conveyed(fact, by_role)[0].holds
    changed = Document(OUTPUT, "After the review, your mother's weekly charge went down to £162.95.")
    assert not matcher.conveyed(fact, changed)[0].holds


@pytest.mark.models
def test_a_forbidden_claim_about_a_person_the_output_calls_her_or_you_is_still_stated(matcher):
    # "Joanne's compensation is £175" said to Joanne as "Your compensation is £175"; a changed figure is not it
    forbidden = ["Joanne's compensation is £175.", "Legume fallow in Ellen Briar's offer is paid at £590 a hectare."]
    told = Document(OUTPUT, "Your compensation is £175, made up of £75 for the delay and £100 for time and trouble. "
                            "Ellen applied for 40 hectares. Legume fallow in her offer is paid at £590 a hectare.")
    verdicts = matcher.asserted(forbidden, told)
    assert all(v.holds for v in verdicts), [v.reason for v in verdicts]
    changed = Document(OUTPUT, "Your compensation is £950.50. Legume fallow in her offer is paid at £510 a hectare.")
    assert not any(v.holds for v in matcher.asserted(forbidden, changed))


def test_thresholds_are_probabilities():
    assert 0 < THRESHOLDS.fact < 1 and 0 < THRESHOLDS.forbidden < 1 and 0 < THRESHOLDS.claim < 1


@pytest.mark.models
def test_a_fact_about_the_reader_is_conveyed_by_an_output_written_to_them(matcher):
    fact = [FactQuery("F1", "Priya must move out of the bedroom for six weeks.")]
    to_her = ("You must move out of the bedroom for six weeks while the work is done. Your landlord will pay for your "
              "storage, and you can claim travel.")
    verdict = matcher.conveyed(fact, Document(OUTPUT, to_her))[0]
    assert verdict.holds, verdict.reason
    # a summary that addresses nobody keeps the fact's names: another person's move is not hers
    about_him = "Mark Hale must move out of the bedroom for six weeks while the work is done. The landlord pays."
    assert not matcher.conveyed(fact, Document(OUTPUT, about_him))[0].holds
