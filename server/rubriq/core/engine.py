"""The engine: one prompt/output pair in, a profile and its findings out. The CLI and the server both call it."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from rubriq.core import limits
from rubriq.core.collector import collector_paused
from rubriq.core.config import Config
from rubriq.core.context import CheckContext
from rubriq.core.findings import Finding, Severity
from rubriq.core.metrics import TIER_NLI, TIER_TEXT, ParameterScore, all_metrics, providers
from rubriq.core.metrics.value_checks import value_checks_apply
from rubriq.core.overlaps import merge_overlaps
from rubriq.core.prompt import PromptDocument, parse_prompt
from rubriq.core.report import ParameterResult, Profile, weighted_view
from rubriq.core.rules import find_rule
from rubriq.core.tasks import PARAMETERS, TaskDetection, detect_task, parameters_for, parse_task_name
from rubriq.core.text import TextModel

log = logging.getLogger(__name__)

ALL_TIERS = frozenset(range(TIER_TEXT, TIER_NLI + 1))


@dataclass
class CheckResult:
    prompt: PromptDocument
    output: TextModel
    task: TaskDetection
    profile: Profile
    findings: list[Finding]  # output findings and prompt findings, sorted by (where, start)
    models: dict[str, str] = field(default_factory=dict)

    def on(self, where: str) -> list[Finding]:
        return [f for f in self.findings if f.where == where]


def _front_matter_checks(prompt: PromptDocument, weights: dict[str, float], params: tuple[str, ...]) -> list[Finding]:
    """Prompt-level problems that need the rule registry and the task table."""
    found: list[Finding] = []
    fm = prompt.front_matter
    if prompt.front_matter_span is None:
        return found
    key_span = prompt.key_span  # key lines found once per prompt: many unknown codes stay linear

    if fm.task and parse_task_name(fm.task) is None:
        found.append(Finding.at("FM004", key_span("task"), f"Unknown task type {fm.task!r}; detected from the prompt "
                                "instead.", text=prompt.text, where="prompt", data={"task": fm.task}))
    for name in weights:
        if name not in params:
            where = "not a parameter" if name not in PARAMETERS else "not part of this task's profile"
            found.append(Finding.at("FM005", key_span("weights"), f"Weight for {name!r} has no effect: {where}.",
                                    text=prompt.text, where="prompt", data={"parameter": name}))
    for code in fm.ignore:
        if find_rule(code) is None:
            found.append(Finding.at("FM006", key_span("ignore"), f"Unknown rule code {code!r} in ignore.",
                                    text=prompt.text, where="prompt", data={"code": code}))
    return found


# A small but complete pair: every tier-0 metric runs on it, so the resources they load on first use (the CMU
# pronouncing dictionary and hyphenation patterns, sentence splitting, word lists) are ready afterwards.
_WARM_UP_PROMPT = (
    "Summarize the report below in two short paragraphs for a general reader, in under 120 words, and do not "
    "use the word \"very\".\n\n<report>\nThe town library opened a reading room in March 2024. Visitors rose by "
    "a third within a year, and the council voted to extend its hours.\n</report>\n"
)
_WARM_UP_OUTPUT = (
    "The town library opened a new reading room in March 2024. Within a year, visitor numbers had risen by about "
    "a third.\n\nBecause the room proved popular, the council decided to keep the library open for longer "
    "hours, which residents had requested for some time."
)


def warm_up() -> None:
    """Run one small tier-0 check so that the first real check does not pay for loading resources."""
    check(_WARM_UP_PROMPT, _WARM_UP_OUTPUT, tiers=frozenset({TIER_TEXT}))


@lru_cache(maxsize=8)
def _read_prompt(prompt_text: str) -> tuple[PromptDocument, TaskDetection]:
    """The parsed prompt and its task, once per prompt text: in the editor the prompt stays the same while the
    output is typed, and reading a prompt with a long source (sources, task cues) costs more than tier 0's metrics.
    Both are pure functions of the text; the document is never modified after parsing."""
    prompt = parse_prompt(prompt_text)
    return prompt, detect_task(prompt)


def check(
    prompt_text: str,
    output_text: str,
    config: Config | None = None,
    *,
    models: Any = None,
    tiers: frozenset[int] = ALL_TIERS,
    prompt: PromptDocument | None = None,
    output: TextModel | None = None,
) -> CheckResult:
    """Score `output_text` against `prompt_text`.

    `tiers` limits which metrics run (the editor runs tier 0 on every keystroke and the model tiers later);
    a parameter whose metric is not run reports itself unavailable with the reason.
    `prompt`/`output` may be passed pre-parsed to reuse their cached segmentation.
    The cyclic garbage collector is paused meanwhile (core/collector.py says why).
    """
    with collector_paused():
        return _check(prompt_text, output_text, config, models=models, tiers=tiers, prompt=prompt, output=output)


def _check(
    prompt_text: str,
    output_text: str,
    config: Config | None,
    *,
    models: Any,
    tiers: frozenset[int],
    prompt: PromptDocument | None,
    output: TextModel | None,
) -> CheckResult:
    config = config or Config()
    if prompt is None:
        prompt, task = _read_prompt(prompt_text)
    else:
        task = detect_task(prompt)
    full_output = output.text if output is not None else output_text
    text_cut = limits.cut_point(full_output, limits.MAX_TEXT_CHARS)  # the size policy: see core/limits.py
    if output is None or text_cut < len(full_output):
        output = TextModel(full_output[:text_cut])
    params = parameters_for(task.task, prompt.has_source)
    weights = {name: 1.0 for name in params}
    for source in (config.weights, prompt.front_matter.weights):
        weights.update({k: float(v) for k, v in source.items() if k in weights})

    model_cut = limits.cut_point(output.text, limits.MAX_MODEL_CHARS)
    nli_chars = model_cut if models is not None and TIER_NLI in tiers else 0
    ctx = CheckContext(prompt=prompt, output=output, task=task, config=config, models=models, tiers=tiers,
                       nli_chars=nli_chars)
    text_ctx = model_ctx = ctx
    if model_cut < len(output.text):  # model metrics see the first part; text metrics skip their model parts
        text_ctx = CheckContext(prompt=prompt, output=output, task=task, config=config, models=models,
                                tiers=frozenset({TIER_TEXT}), nli_chars=nli_chars)
        model_ctx = CheckContext(prompt=prompt, output=TextModel(output.text[:model_cut]), task=task, config=config,
                                 models=models, tiers=tiers, nli_chars=nli_chars)
    scores: dict[str, ParameterScore] = {}
    metric_of: dict[str, str] = {}
    findings: list[Finding] = list(prompt.problems) + _front_matter_checks(prompt, prompt.front_matter.weights, params)
    registry = providers()
    to_run = {id(m): m for m in all_metrics() if m.always_run or any(p in params for p in m.parameters)}
    for metric in sorted(to_run.values(), key=lambda m: (m.tier, m.name)):
        if metric.tier not in tiers:
            for parameter in metric.parameters:
                scores[parameter] = ParameterScore.unavailable(parameter, "model tier not run in this pass")
            continue
        try:
            result = metric.run(text_ctx if metric.tier == TIER_TEXT else model_ctx)
        except Exception as exc:  # one broken metric must not take the others down
            log.exception("metric %s failed", metric.name)
            for parameter in metric.parameters:
                scores[parameter] = ParameterScore.unavailable(parameter, f"{metric.name} failed: {exc}")
            continue
        findings.extend(result.findings)
        for score in result.scores:
            scores[score.parameter] = score
            metric_of[score.parameter] = metric.name

    models_ran = models is not None and any(tier != TIER_TEXT for tier in tiers)
    values_cut = model_cut < len(output.text) and not nli_chars and value_checks_apply(task.task, prompt.has_source)
    if text_cut < len(full_output) or (models_ran and model_cut < len(output.text)) or values_cut:
        findings.append(limits.partly_checked(full_output, text_cut, model_cut if models_ran else None,
                                              model_cut if values_cut else None))
    ignored = {code.upper() for code in (*config.ignore, *prompt.front_matter.ignore)}
    findings = [_with_severity(f, config) for f in findings if f.code not in ignored]
    findings.sort(key=lambda f: (f.where, f.start, f.end, f.code))
    findings = merge_overlaps(findings)  # one finding per problem: the length constraint wins over CN001, ...

    counts: dict[str, int] = {}
    for finding in findings:
        rule = find_rule(finding.code)
        if rule and rule.parameter and finding.where == "output":
            counts[rule.parameter] = counts.get(rule.parameter, 0) + 1
    findings = limits.cap_findings(findings, {"output": full_output, "prompt": prompt.text})  # counts keep them all
    findings.sort(key=lambda f: (f.where, f.start, f.end, f.code))

    results = []
    for name in params:
        spec = PARAMETERS[name]
        score = scores.get(name) or ParameterScore.unavailable(
            name, "not implemented yet" if name not in registry else "metric did not report a score")
        results.append(ParameterResult(
            name=name, title=spec.title, badge=spec.badge, weight=weights[name], status=score.status,
            score=None if score.score is None else round(min(1.0, max(0.0, score.score)), 4),
            reason=score.reason, detail=score.detail, metric=metric_of.get(name, ""), findings=counts.get(name, 0),
        ))
    profile = Profile(
        task=task.task.value, task_confidence=task.confidence, task_cue=task.cue, task_evidence=list(task.evidence),
        family=ctx.family.value,
        parameters=results, weighted_view=weighted_view(results),
        scored_parameters=sum(r.status == "ok" for r in results), total_parameters=len(results),
    )
    model_ids = models.model_ids() if models is not None and hasattr(models, "model_ids") else {}
    return CheckResult(prompt, output, task, profile, findings, model_ids)


def _with_severity(finding: Finding, config: Config) -> Finding:
    override: Severity | None = config.severity.get(finding.code)
    return finding.model_copy(update={"severity": override}) if override else finding
