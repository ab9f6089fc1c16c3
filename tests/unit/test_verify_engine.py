"""The claim verifier: evidence from joined source sentences, clause-level failures, value conflicts, bounded cost.

These run the shipped models (all-MiniLM-L6-v2 embeddings, Rubriq's NLI cross-encoder): the verifier's job is to
combine real model outputs with its deterministic evidence, so a stand-in model would prove nothing.
"""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from rubriq.core.config import Config
from rubriq.core.models import ModelUnavailable
from rubriq.core.models.hub import LocalModelHub
from rubriq.core.text import split_sentences
from rubriq.core.verify import evidence
from rubriq.core.verify.claims import split_claims
from rubriq.core.verify.engine import Verdict, Verifier
from rubriq.core.verify.lexical import LexicalProfile

pytestmark = pytest.mark.models

SOURCE = (
    "The harbour authority closed the north pier on 4 March after divers found cracks in two support columns. "
    "Ferries were moved to the south terminal for the duration of the repairs. "
    "The repairs are expected to cost 2.3 million euros and to take about six weeks. "
    "The authority said no passengers were hurt. "
    "A review of every pier older than forty years will follow in the summer."
)


@pytest.fixture(scope="module")
def hub() -> LocalModelHub:
    hub = LocalModelHub(Config(), probe_hub=False)
    try:
        hub.embedder()
        hub.nli()
    except ModelUnavailable as exc:
        pytest.skip(str(exc))
    return hub


def _verifier(hub: LocalModelHub, **kwargs: object) -> Verifier:
    units = split_sentences(SOURCE)
    return Verifier(SOURCE, units, [0] * len(units), embedder=hub.embedder(), nli=hub.nli(), **kwargs)


def _verdicts(hub: LocalModelHub, output: str, **kwargs: object) -> list[Verdict]:
    claims, _ = split_claims(output)
    return _verifier(hub, **kwargs).verify(claims, output)


def test_a_changed_amount_is_a_conflict_on_the_value_quoting_the_sources_value(hub: LocalModelHub) -> None:
    output = "Repairing the pier will cost 3.2 million euros."
    (verdict,) = _verdicts(hub, output)
    assert verdict.verdict == "conflicts"
    (conflict,) = verdict.conflicts
    assert output[conflict.value.span.start:conflict.value.span.end] == conflict.value.text
    assert "3.2 million euros" in conflict.value.text
    assert "2.3 million euros" in SOURCE[conflict.evidence.span.start:conflict.evidence.span.end]


def test_the_same_amount_in_other_words_is_no_conflict(hub: LocalModelHub) -> None:
    (verdict,) = _verdicts(hub, "The repairs should take roughly a month and a half and cost 2.3 million euros.")
    assert verdict.verdict != "conflicts"
    assert verdict.whole.conflicts == ()


def test_a_claim_drawn_from_two_source_sentences_is_verified_against_them_joined(hub: LocalModelHub) -> None:
    units = split_sentences(SOURCE)
    claim = "After cracks were found the north pier closed, and ferries moved to the south terminal."
    index = evidence.SourceIndex(units, [0] * len(units), hub.embedder().encode([u.text for u in units]))
    ranked = evidence.candidates(evidence.retrieval_scores(index, hub.embedder().encode([claim])[0],
                                                           LexicalProfile.of(claim)), 3)
    premises = evidence.premises(index, ranked)
    assert (0, 1) in [p.units for p in premises]  # the two sentences it joins, in document order
    (verdict,) = _verdicts(hub, claim)
    assert verdict.whole.closest in (0, 1)


def test_an_invented_clause_is_named_while_the_supported_clause_is_not(hub: LocalModelHub) -> None:
    output = ("Ferries were moved to the south terminal during the repairs, "
              "while the mayor blamed the previous government for years of neglect.")
    (verdict,) = _verdicts(hub, output, threshold=0.5)
    assert len(verdict.clauses) == 2
    supported_clause, invented_clause = verdict.clauses
    assert supported_clause.probability > invented_clause.probability
    assert verdict.verdict == "not_supported"
    assert [part.text for part in verdict.failing] == [invented_clause.text]
    assert "mayor" in invented_clause.text


def test_each_claim_costs_at_most_top_k_plus_two_nli_pairs(hub: LocalModelHub) -> None:
    output = "The north pier closed on 4 March. No passengers were hurt. Older piers will be reviewed."
    claims, _ = split_claims(output)
    verifier = _verifier(hub, top_k=2)
    verifier.verify(claims, output)
    assert 0 < verifier.cost.nli_pairs <= len(claims) * (2 + evidence.JOINED_CANDIDATES)
    assert verifier.cost.full_matrix_pairs == len(claims) * len(split_sentences(SOURCE))


def test_verdicts_are_identical_on_a_second_run(hub: LocalModelHub) -> None:
    output = "The authority closed the pier in March. Repairs will take six weeks and cost 2.3 million euros."
    first = [(v.verdict, v.probability) for v in _verdicts(hub, output)]
    second = [(v.verdict, v.probability) for v in _verdicts(hub, output)]
    assert first == second


def test_without_nli_the_verifier_still_decides_from_embeddings_words_and_values(hub: LocalModelHub) -> None:
    units = split_sentences(SOURCE)
    output = "The repairs are expected to cost 2.3 million euros."
    claims, _ = split_claims(output)
    verifier = Verifier(SOURCE, units, [0] * len(units), embedder=hub.embedder(), nli=None)
    (verdict,) = verifier.verify(claims, output)
    assert verdict.whole.features.nli is None and verifier.cost.nli_pairs == 0
    assert verdict.verdict == "supported"


def test_a_general_request_with_pasted_source_is_checked_for_faithfulness_instead_of_risk_signals() -> None:
    from rubriq.core import engine as check_engine
    from rubriq.core.tasks import TaskType, parameters_for

    prompt = f"---\ntask: general\n---\nWhat does this notice mean for me?\n\n<document>\n{SOURCE}\n</document>\n"
    names = [p.name for p in check_engine.check(prompt, "The pier is closed.", models=None).profile.parameters]
    assert "faithfulness" in names and "hallucination_risk" not in names
    assert parameters_for(TaskType.GENERAL, has_source=False)[-1] == "hallucination_risk"
    assert parameters_for(TaskType.SUMMARIZATION, has_source=True).count("faithfulness") == 1


def test_a_data_field_is_judged_on_its_values_only(hub: LocalModelHub) -> None:
    output = '```json\n{"repair_cost": "3.2 million euros", "contractor": "Ostrava Marine"}\n```\n'
    cost, contractor = _verdicts(hub, output)
    assert cost.claim.values_only and contractor.claim.values_only
    assert cost.verdict == "conflicts"  # the changed amount
    # A name the source does not state is not judged "not supported" in a data field: it is no sentence to read.
    assert contractor.verdict == "supported"


def test_word_overlap_through_the_postings_equals_the_overlap_of_each_unit() -> None:
    from rubriq.core.text import Segment, Span
    from rubriq.core.verify.lexical import overlap

    sentences = [s.text for s in split_sentences(
        "The council hired 530 staff in 2021. Most of the staff are nurses. The council's budget rose by 4%. "
        "Nurses start on Monday. Nothing else changed at the council.")]
    units = [Segment(Span(0, len(t)), t) for t in sentences]
    index = evidence.SourceIndex(units, [0] * len(units))
    for claim in ("The council hired 350 nurses.", "Budget rose", "the of and", "Staff nurses council Monday 2021"):
        profile = LexicalProfile.of(claim)
        assert index.overlaps(profile).tolist() == [overlap(profile, p) for p in index.profiles]


def test_what_a_claim_says_the_source_leaves_out_is_not_held_against_it(hub: LocalModelHub) -> None:
    (silent,) = _verdicts(hub, "The notice doesn't mention a refund of 15 euros for cancelled crossings.")
    assert silent.whole.absent == ()
    (stated,) = _verdicts(hub, "Ferry fares rise by 12 euros during the repairs.")
    assert [v.text for v in stated.whole.absent] == ["12 euros"]


def test_a_figure_worked_beside_a_stated_figure_is_not_held_against_the_claim(hub: LocalModelHub) -> None:
    (worked,) = _verdicts(hub, "The repairs will cost 2.3 million euros, of which 300,000 euros goes on divers.")
    assert worked.whole.absent == ()
    (alone,) = _verdicts(hub, "Divers will be paid 300,000 euros.")
    assert [v.text for v in alone.whole.absent] == ["300,000 euros"]


def test_a_date_beside_a_stated_figure_still_counts_as_absent(hub: LocalModelHub) -> None:
    (dated,) = _verdicts(hub, "The repairs will cost 2.3 million euros, and the pier will reopen on 30 July.")
    assert [v.text for v in dated.whole.absent] == ["30 July"]


def _lexical_verdict(output: str, *, claim_changes: bool) -> Verdict:
    units = split_sentences(SOURCE)
    claims, _ = split_claims(output)
    (verdict,) = Verifier(SOURCE, units, [0] * len(units), claim_changes=claim_changes).verify(claims, output)
    return verdict


def test_a_changed_value_whose_source_sentence_speaks_of_the_same_thing_stays_a_conflict() -> None:
    verdict = _lexical_verdict("Repairing the pier will cost 3.2 million euros.", claim_changes=True)
    assert verdict.verdict == "conflicts"
    assert [c.value.text for c in verdict.conflicts] == ["3.2 million euros"]


def test_an_output_value_sharing_no_word_with_the_source_sentence_of_the_other_value_is_absent_not_a_conflict() -> None:
    output = "All told, that is 3.2 million euros."
    verdict = _lexical_verdict(output, claim_changes=True)
    assert verdict.verdict != "conflicts"
    assert [v.text for v in verdict.whole.absent] == ["3.2 million euros"]
    # a reference fact checked against an output (the SQB) keeps the value comparison alone
    assert _lexical_verdict(output, claim_changes=False).verdict == "conflicts"
