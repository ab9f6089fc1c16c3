"""A sum of money four or more times the source's amount it is compared with is another quantity (a total or a
share the output worked out), so it is never reported as "the source says £45": the verifier names it as a figure
the source does not state. A sum changed by less (£350 for £530) is still a conflict quoting the source's amount."""

from __future__ import annotations

from rubriq.core.text import Segment, Span
from rubriq.core.verify.claims import split_claims
from rubriq.core.verify.engine import Verifier

FEES = "Junior membership is £45 a term. The kit bundle costs £38 and must be bought before the first match."


def _verdict(output: str):
    units = [Segment(Span(0, len(FEES)), FEES)]
    claims, _ = split_claims(output)
    return Verifier(FEES, units, [0], claim_changes=True).verify(claims, output)[0]


def test_a_worked_total_many_times_the_source_sum_is_no_conflict_but_a_figure_the_source_lacks():
    verdict = _verdict("The kit for the squad costs £380.")
    assert not verdict.conflicts
    assert [v.text for v in verdict.whole.absent] == ["£380"]


def test_a_sum_changed_by_less_is_still_a_conflict_quoting_the_source():
    verdict = _verdict("Junior membership is £54 a term.")
    assert [(c.value.text, c.evidence.text) for c in verdict.conflicts] == [("£54", "£45")]
