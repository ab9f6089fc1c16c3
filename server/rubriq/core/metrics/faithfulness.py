"""Faithfulness to the prompt's own source text: every claim of the output verified against it.

The output's claims (`verify.claims`: sentences and list items, framing such as "Here is a summary of …" left out,
joined statements split into clauses) are verified against the source blocks of the prompt by the claim verifier
(`verify.engine`: retrieval by embedding and word overlap, NLI on single and joined source sentences, value-level
agreement, one calibrated probability; the formula is in `verify/decision.py`). Findings:

- **FA002** on a value of the output (a number, date, name, ...) that the source states differently for the same
  thing, quoting the source's value and sentence: deterministic and exact, a warning.
- **FA001** on a claim (or the clause of it) whose P(supported) is below `SUPPORT_THRESHOLD` and which states a
  value or name the source does not (named in the message), quoting the closest source sentence: a model's reading,
  information by default. A weekday, clock time or duration the source nowhere states is reported below
  `SURE_ABSENT_THRESHOLD` (even odds) instead. A count or a rank the source does not state names nothing a reader
  can check (`UNNAMED_ABSENT_FAMILIES`), and a date it does not state is most often one worked out from it
  (`UNNAMED_ABSENT_DATES`). A claim the model doubts with nothing missing to point at is reported
  only with the `model_only_unsupported` setting; it still lowers the score.

The parameter's score is the mean over claims of P(supported), with a claim whose value conflicts counted as 0:
    score = (1/n) * sum_i (0 if conflicts_i else P_i)
Without a source in the prompt, faithfulness is not applicable: the hallucination-risk signals take its place.
"""

from __future__ import annotations

from rubriq.core.context import CheckContext
from rubriq.core.findings import Finding
from rubriq.core.metrics import TIER_NLI, MetricResult, ParameterScore
from rubriq.core.models import ModelUnavailable
from rubriq.core.models.semantic import get_embedder, get_nli
from rubriq.core.text import Segment
from rubriq.core.verify.claims import Claim, NotAClaim, split_claims
from rubriq.core.verify.engine import PartVerdict, Verdict, Verifier
from rubriq.core.verify.sources import source_evidence
from rubriq.core.verify.values import Value, ValueCheck, family, written_beside

# P(supported) below which FA001 is reported, chosen for precision on the development half of the hand-written
# grounded pairs (tests/corpus/faithfulness, the real use): at 0.25 every FA finding there has precision 0.83
# (FA001 alone 0.72) at claim-level recall 0.39; 0.30 gives 0.67 (docs/benchmarks.md, "Faithfulness").
SUPPORT_THRESHOLD = 0.25
# A weekday, clock time or duration the source nowhere states is reported up to the verifier's even odds, not only
# below SUPPORT_THRESHOLD: a sentence that is otherwise the source's own keeps a high P(supported) around one invented
# "Sunday" or "45 minutes", and a reader checks such a value at a glance. On the development halves of the three
# hand-written grounded sets (tests/corpus/faithfulness*), parts with P(supported) in [0.25, 0.5) naming such a
# value lay on unsupported or conflicting sentences 8 times in 8; parts naming another kind (ordinals, fractions,
# derived dates and sums, table headers) 2 times in 19, so those keep SUPPORT_THRESHOLD.
SURE_ABSENT_KINDS = frozenset({"weekday", "time", "duration"})
SURE_ABSENT_THRESHOLD = 0.5
# Absent counts and ranks name nothing a reader can check at a glance: an output counts listed items ("two
# follow-ups", "all four deadlines") and works figures out. On the development halves of the six hand-written
# grounded sets, FA001 findings naming only such values lay on faithful sentences 8 times in 11 (3 right); they still
# lower P(supported) and the score.
UNNAMED_ABSENT_FAMILIES = frozenset({"count", "ordinal"})
# An absent calendar date is most often one the answer worked out from the source's own dates and rules (a deadline
# 30 days on, the last working day before a bank holiday, the day before a visit). On the development halves of the
# sixteen hand-written grounded sets, FA001 findings naming only dates (with or without their weekday) lay on
# faithful sentences 17 times in 24 (7 right), against 26 in 78 for every other kind; they still lower P(supported)
# and the score, and a date the source states otherwise for the same thing is FA002. A weekday written beside a date
# ("Saturday 30 May") is that date's and goes with it.
UNNAMED_ABSENT_DATES = frozenset({"date"})
QUOTE_LIMIT = 200


def _one_line(text: str, limit: int = QUOTE_LIMIT) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"


def output_claims(ctx: CheckContext) -> tuple[list[Claim], list[NotAClaim]]:
    """The output's claims and the units that are not claims, memoised per check."""
    return ctx.memo("verify.output_claims", lambda: split_claims(ctx.output.text))


def run_verifier(ctx: CheckContext, *, with_nli: bool) -> tuple[list[Verdict], Verifier]:
    """The verdicts on the output's claims against the prompt's source (memoised per check and tier)."""

    def compute() -> tuple[list[Verdict], Verifier]:
        claims, _ = output_claims(ctx)
        units, blocks = source_evidence(ctx)
        verifier = Verifier(ctx.prompt.text, units, blocks, embedder=get_embedder(ctx),
                            nli=get_nli(ctx) if with_nli else None, top_k=ctx.config.top_k,
                            threshold=SUPPORT_THRESHOLD, claim_changes=True)
        return verifier.verify(claims, ctx.output.text), verifier

    return ctx.memo(f"verify.output_verdicts.{with_nli}", compute)


class Faithfulness:
    name = "faithfulness"
    parameters = ("faithfulness",)
    tier = TIER_NLI
    always_run = False

    def run(self, ctx: CheckContext) -> MetricResult:
        if not ctx.prompt.has_source:
            return MetricResult(scores=[ParameterScore.not_applicable(
                "faithfulness", "the prompt has no source text to be faithful to; the hallucination-risk signals "
                "take its place")])
        claims, _ = output_claims(ctx)
        units, _ = source_evidence(ctx)
        if not claims or not units:
            what = "the output states no claims" if not claims else "the source has no sentences"
            return MetricResult(scores=[ParameterScore.not_applicable("faithfulness", f"{what} to verify")])
        try:
            verdicts, _ = run_verifier(ctx, with_nli=True)
        except ModelUnavailable as exc:
            return MetricResult(scores=[ParameterScore.unavailable("faithfulness", str(exc))])
        findings: list[Finding] = []
        for verdict in verdicts:
            findings.extend(self._findings(ctx, verdict, units))
        per_claim = [0.0 if v.verdict == "conflicts" else v.probability for v in verdicts]
        score = sum(per_claim) / len(per_claim)
        supported = sum(v.verdict == "supported" for v in verdicts)
        conflicts = sum(v.verdict == "conflicts" for v in verdicts)
        detail = (f"{supported} of {len(verdicts)} claims supported by the source, {conflicts} with a value that "
                  f"conflicts with it; mean P(supported) {score:.2f}")
        return MetricResult(findings, [ParameterScore("faithfulness", round(score, 6), detail=detail)])

    @staticmethod
    def _findings(ctx: CheckContext, verdict: Verdict, units: list[Segment]) -> list[Finding]:
        if verdict.verdict == "conflicts":
            return [conflict_finding(ctx, check, units) for check in verdict.conflicts]
        reported: list[PartVerdict] = []
        if verdict.verdict == "not_supported":
            # a finding names what the source lacks; the model's doubt alone is too often wrong (Config)
            reported = [part for part in verdict.failing
                        if _named_absent(part) or ctx.config.model_only_unsupported]
        if not reported:
            reported = _sure_absent_parts(verdict)
        return [_unsupported_finding(ctx, verdict, part, units, sure=part not in verdict.failing) for part in reported]


def _named_absent(part: PartVerdict) -> list[Value]:
    """The absent values a finding may rest on: not counts or ranks ("two follow-ups", "all four deadlines", "the
    third fall in a row"), which an output mostly counts or works out from the source itself, nor calendar dates and
    the weekdays written beside them (UNNAMED_ABSENT_DATES)."""
    dates = [v for v in part.absent if family(v) in UNNAMED_ABSENT_DATES]
    return [v for v in part.absent if family(v) not in UNNAMED_ABSENT_FAMILIES | UNNAMED_ABSENT_DATES
            and not (v.kind == "weekday" and any(written_beside(v, d) for d in dates))]


def _sure_absent_parts(verdict: Verdict) -> list[PartVerdict]:
    """The parts (a clause before the whole claim) naming a value of SURE_ABSENT_KINDS the source nowhere states,
    below SURE_ABSENT_THRESHOLD; nested parts are reported once, at the innermost."""
    parts = [p for p in (*verdict.clauses, verdict.whole)
             if p.probability < SURE_ABSENT_THRESHOLD and any(v.kind in SURE_ABSENT_KINDS for v in _named_absent(p))]
    return [p for p in parts if not any(q is not p and p.span.start <= q.span.start and q.span.end <= p.span.end
                                        for q in parts)]


def conflict_finding(ctx: CheckContext, check: ValueCheck, units: list[Segment]) -> Finding:
    if check.working:  # the claim's own "from A to B" gives another change: nothing in the source to quote
        return Finding.at(
            "FA002", check.value.span, f"{check.value.text} — {check.working}", text=ctx.output.text,
            data={"value": check.value.text, "kind": check.value.kind, "working": check.working,
                  "reason": check.reason})
    source_value = check.evidence
    sentence = next((u for u in units if u.span.start <= source_value.span.start < u.span.end), None)
    quote = _one_line(sentence.text if sentence else source_value.text)
    message = f"{check.value.text} — the source says {source_value.text}: \u201c{quote}\u201d"
    source_span = sentence.span if sentence else source_value.span
    return Finding.at(
        "FA002", check.value.span, message, text=ctx.output.text,
        data={"value": check.value.text, "kind": check.value.kind, "source_value": source_value.text,
              "best_source": sentence.text if sentence else source_value.text, "reason": check.reason,
              "source_start": source_span.start, "source_end": source_span.end,
              "source_value_start": source_value.span.start, "source_value_end": source_value.span.end},
    )


def _unsupported_finding(ctx: CheckContext, verdict: Verdict, part: PartVerdict, units: list[Segment], *,
                         sure: bool = False) -> Finding:
    """FA001 on `part`; `sure` when it is reported for a SURE_ABSENT_KINDS value alone, above SUPPORT_THRESHOLD."""
    closest = units[part.closest] if part.closest is not None else None
    absent = [v for v in _named_absent(part) if v.kind in SURE_ABSENT_KINDS] if sure else _named_absent(part)
    if absent:
        named = ", ".join(f"\u201c{v.text}\u201d" for v in absent[:4])
        lead = f"{named} {'is' if len(absent) == 1 else 'are'} not in the source"
    else:
        lead = "The source does not appear to state this"
    message = f"{lead} (P(supported) {part.probability:.2f})."
    if closest is not None:
        message += f" Closest source sentence: \u201c{_one_line(closest.text)}\u201d"
    data = {
        "sentence": part.text, "claim": verdict.claim.text, "probability": part.probability,
        "threshold": SURE_ABSENT_THRESHOLD if sure else SUPPORT_THRESHOLD, "features": part.features.as_dict(),
        "absent": [v.text for v in absent],
        "best_source": closest.text if closest else "",
    }
    if closest is not None:
        data.update(source_start=closest.span.start, source_end=closest.span.end)
    return Finding.at("FA001", part.span, message, text=ctx.output.text, data=data)


METRICS = [Faithfulness()]
