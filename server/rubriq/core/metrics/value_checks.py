"""Value conflicts with the prompt's source at tier 0: FA002 on every keystroke, and without models.

The same claims, value rules and finding as faithfulness (`metrics/faithfulness.py`), with evidence retrieved by
word overlap alone (`verify/evidence.py` without an embedder: the `top_k` source units that contain most of the
claim's content stems). No model runs, so this is fast enough for tier 0 and works with models off (`rubriq check
--no-models`, an editor before the models load). Only value conflicts are reported here: whether a whole claim is
supported needs the NLI model, and stays with faithfulness. Claims longer than `MAX_CLAIM_CHARS` or with more than
`MAX_CLAIM_VALUES` values are not checked here (below), and, as for the model metrics, only the first
`limits.MAX_MODEL_CHARS` characters of the output are (the size policy; the RQ001 finding says so).

Where faithfulness runs in the same pass (the NLI tier with models), it reports FA002 itself from its own retrieval
and this metric stays silent on the part of the output it checks (`CheckContext.nli_chars`), so a value is never
reported twice. Evidence by word overlap was measured before this metric existed, on the hand-written grounded pairs
and the SummaC/AggreFact halves (docs/benchmarks.md, "Value conflicts"), and again with this metric
(`bench/faithfulness_pairs.py --no-models`).

It scores no parameter: faithfulness's score needs the model; the findings are what this metric adds.
"""

from __future__ import annotations

from rubriq.core import limits
from rubriq.core.context import CheckContext
from rubriq.core.metrics import TIER_TEXT, MetricResult
from rubriq.core.metrics.faithfulness import conflict_finding, output_claims
from rubriq.core.tasks import TaskType, parameters_for
from rubriq.core.verify.claims import split_claims
from rubriq.core.verify.engine import Verifier
from rubriq.core.verify.sources import lexical_source_index
from rubriq.core.verify.values import Value, index_values

# Bounds on one claim, so that tier 0's work stays linear in the output: comparing a claim's values (derived
# figures are sums of two of them) grows with the square of their number. A "sentence" past these bounds is a
# table, a list or data run together, not a claim a reader checks value by value; it is left to faithfulness.
MAX_CLAIM_CHARS = 1000
MAX_CLAIM_VALUES = 24


def value_checks_apply(task: TaskType, has_source: bool) -> bool:
    """Where the profile verifies faithfulness against a source (rewrites included: `tasks.parameters_for`), the
    values are checked at tier 0 too."""
    return has_source and "faithfulness" in parameters_for(task, True)


def _can_conflict(values: list[Value]) -> bool:
    """Only a value other than a negation can conflict (`values.compare`); a claim without one is not compared."""
    return len(values) <= MAX_CLAIM_VALUES and any(v.kind != "negation" for v in values)


class ValueChecks:
    name = "value_checks"
    parameters: tuple[str, ...] = ()
    tier = TIER_TEXT
    always_run = True  # it has no parameter of its own; it runs where the profile verifies faithfulness

    def run(self, ctx: CheckContext) -> MetricResult:
        if not value_checks_apply(ctx.task.task, ctx.prompt.has_source):
            return MetricResult()
        # The size policy (core/limits.py): the first MAX_MODEL_CHARS, the part faithfulness would check with models.
        cut = limits.cut_point(ctx.output.text, limits.MAX_MODEL_CHARS)
        text = ctx.output.text[:cut]
        claims = output_claims(ctx)[0] if cut == len(ctx.output.text) else split_claims(text)[0]
        values = index_values(text)
        claims = [c for c in claims
                  if c.span.start >= ctx.nli_chars  # faithfulness checks the output before it in this pass
                  and len(c.text) <= MAX_CLAIM_CHARS and _can_conflict(values.within([c.span]))]
        if not claims:
            return MetricResult()
        index = lexical_source_index(ctx)
        if not index.units:
            return MetricResult()
        verifier = Verifier(ctx.prompt.text, index.units, index.blocks, top_k=ctx.config.top_k, lexical_index=index,
                            claim_changes=True)
        findings = [conflict_finding(ctx, check, index.units)
                    for verdict in verifier.verify(claims, text) if verdict.verdict == "conflicts"
                    for check in verdict.conflicts]
        return MetricResult(findings)


METRICS = [ValueChecks()]
