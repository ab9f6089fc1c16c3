"""Score a suite: every contender of every case, the decisive rule (§3.1) against the baseline."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rubriq import __version__
from rubriq.core.models import Embedder, ModelHub, ModelUnavailable
from rubriq.core.sqb.case import LoadedCase, load_suite
from rubriq.core.sqb.judge import JudgeClient, JudgeConfig, judge_pair, plan
from rubriq.core.sqb.metrics import ContenderScores, Thresholds, score_contender

SCHEMA_VERSION = 1
NOT_ESTABLISHED = "quality claim not established: no judge run (the decisive rule needs ΔFactual-F1 > 0 and ΔJudge > 0)"


class SQBUnavailable(RuntimeError):
    """The benchmark cannot run here (e.g. no NLI model); the message says why."""


class SuiteCancelled(RuntimeError):
    """`should_stop()` turned true: the run stopped between two contenders."""


Cancelled = SuiteCancelled  # the earlier name


@dataclass(frozen=True)
class SuiteProgress:
    """One step of a run, reported before a contender is scored (and once more, `done == total`, at the end)."""

    case_id: str
    contender: str
    done: int
    total: int


@dataclass
class Decision:
    contender: str
    baseline: str
    delta_factual_f1: float
    delta_judge: float | None
    improves: bool | None  # None: not established (no judge)
    verdict: str


@dataclass
class CaseResult:
    name: str
    path: str
    task: str
    contenders: list[ContenderScores]
    decisions: list[Decision]
    fact_ids: list[str]


@dataclass
class SuiteResult:
    suite: str
    models: dict[str, str]
    thresholds: dict[str, Any]
    judge: dict[str, Any] | None
    cases: list[CaseResult] = field(default_factory=list)
    rubriq_version: str = __version__
    schema_version: int = SCHEMA_VERSION

    @property
    def all_improve(self) -> bool:
        return all(d.improves is True for c in self.cases for d in c.decisions)


def decide(contender: ContenderScores, baseline: ContenderScores) -> Decision:
    delta_f1 = round(contender.factual_f1 - baseline.factual_f1, 4)
    judge = contender.judge
    delta_judge = None
    if judge and judge.get("contender_score") is not None and judge.get("baseline_score") is not None:
        delta_judge = round(judge["contender_score"] - judge["baseline_score"], 4)
    if contender.hard_failure:
        return Decision(contender.name, baseline.name, delta_f1, delta_judge, False,
                        f"hard failure: {len(contender.forbidden_violations)} forbidden claim(s) stated")
    if delta_judge is None:
        return Decision(contender.name, baseline.name, delta_f1, None, None, NOT_ESTABLISHED)
    improves = delta_f1 > 0 and delta_judge > 0
    verdict = ("improves quality over the baseline" if improves else
               "does not improve quality: needs ΔFactual-F1 > 0 and ΔJudge > 0")
    return Decision(contender.name, baseline.name, delta_f1, delta_judge, improves, verdict)


def run_suite(
    target: Path,
    hub: ModelHub,
    thresholds: Thresholds | None = None,
    judge_config: JudgeConfig | None = None,
    progress: Callable[[SuiteProgress], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
    announce: Callable[[str], None] | None = None,
) -> SuiteResult:
    thresholds = thresholds or Thresholds()
    cases = load_suite(target)
    try:
        nli = hub.nli()
    except ModelUnavailable as exc:
        raise SQBUnavailable(f"the SQB needs an NLI model: {exc}") from exc
    embedder: Embedder | None
    try:
        embedder = hub.embedder()
    except ModelUnavailable:
        embedder = None  # retrieval falls back to the full matrix; coverage reports itself unavailable

    client = JudgeClient(judge_config) if judge_config else None
    if client and announce:
        pairs = sum(len(c.contenders) - 1 for c in cases)
        texts = [ct.text for c in cases for ct in c.contenders]
        calls, tokens = plan(pairs, judge_config.runs, texts)  # type: ignore[union-attr]
        announce(f"judge: {calls} calls to {judge_config.model}, about {tokens} tokens")  # type: ignore[union-attr]

    total = sum(len(c.contenders) for c in cases)
    done = 0
    result = SuiteResult(suite=str(target), models=hub.model_ids(), thresholds=thresholds.__dict__.copy(),
                         judge=None if judge_config is None else
                         {"model": judge_config.model, "runs": judge_config.runs, "base_url": judge_config.base_url})
    for case in cases:
        scores = []
        for contender in case.contenders:
            if should_stop and should_stop():
                raise SuiteCancelled("SQB run cancelled")
            if progress:
                progress(SuiteProgress(case.name, contender.name, done, total))
            scores.append(_score(case, contender.name, nli, embedder, thresholds))
            done += 1
        baseline = next(s for s in scores if s.baseline)
        if client:
            names = [c.name for c in case.contenders]
            baseline_text = next(c.text for c in case.contenders if c.baseline)
            for contender, score in zip(case.contenders, scores, strict=True):
                if not contender.baseline:
                    score.judge = judge_pair(client, case.case.task, contender.text, baseline_text, names,
                                             case.name).to_json()
        decisions = [decide(s, baseline) for s in scores if not s.baseline]
        result.cases.append(CaseResult(case.name, case.path, case.case.task, scores, decisions,
                                       [f.id for f in case.case.reference_facts]))
    if progress:
        progress(SuiteProgress("", "", total, total))
    return result


def _score(case: LoadedCase, name: str, nli: Any, embedder: Embedder | None, thresholds: Thresholds) -> ContenderScores:
    contender = next(c for c in case.contenders if c.name == name)
    facts = [(f.id, f.text, f.multi_hop) for f in case.case.reference_facts]
    envelope = contender.envelope or case.envelope
    return score_contender(contender.name, contender.baseline, contender.text, facts, list(case.sources.values()),
                           case.case.required_topics, case.case.forbidden_claims, envelope, nli, embedder, thresholds)
