"""Score a suite: every contender of every case, the decisive rule (§3.1) against the baseline.

Contenders are scored where the caller says (`execution.py`): in this process with the caller's hub (`jobs=1`,
the editor's way), in `jobs` local worker processes, or on a Ray cluster (`ray_address`). Every way gives the same
report, byte for byte: each contender's scores are computed by the same function from the same JSON payload and
read back from JSON, and the report is assembled in case and contender order, whatever order they finished in.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from rubriq import __version__
from rubriq.core.models import ModelHub, ModelUnavailable
from rubriq.core.sqb.case import LoadedCase, load_suite
from rubriq.core.sqb.execution import (
    InProcess,
    LocalProcesses,
    RayCluster,
    ResultCache,
    WorkerUnavailable,
    payload_of,
    run_units,
    unit_key,
)
from rubriq.core.sqb.judge import JudgeClient, JudgeConfig, JudgeResult, PairRequest, judge_pairs, plan
from rubriq.core.sqb.matching import Document, FactQuery
from rubriq.core.sqb.metrics import ContenderInput, ContenderScores, Thresholds

SCHEMA_VERSION = 2
NOT_ESTABLISHED = "quality claim not established: no judge run (the decisive rule needs ΔFactual-F1 > 0 and ΔJudge > 0)"


class SQBUnavailable(RuntimeError):
    """The benchmark cannot run here (e.g. no NLI model); the message says why."""


class SuiteCancelled(RuntimeError):
    """`should_stop()` turned true: the run stopped between two contenders."""


Cancelled = SuiteCancelled  # the earlier name


@dataclass(frozen=True)
class SuiteProgress:
    """One step of a run, reported just before a contender is scored or read from the cache (`done` counts the
    contenders handed out before it), and once more at the end with `done == total` and empty names."""

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
    warnings: list[str] = field(default_factory=list)


@dataclass
class SuiteResult:
    suite: str
    models: dict[str, str]
    thresholds: dict[str, Any]
    judge: dict[str, Any] | None
    cases: list[CaseResult] = field(default_factory=list)
    rubriq_version: str = __version__
    schema_version: int = SCHEMA_VERSION
    matcher: str = ""

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


def contender_inputs(case: LoadedCase) -> list[ContenderInput]:
    facts = tuple(FactQuery(f.id, f.text, f.multi_hop, tuple(f.supports)) for f in case.case.reference_facts)
    sources = tuple(Document(doc_id, text) for doc_id, text in case.sources.items())
    return [ContenderInput(name=c.name, baseline=c.baseline, output=c.text, facts=facts, sources=sources,
                           topics=tuple(case.case.required_topics), forbidden=tuple(case.case.forbidden_claims),
                           envelope=c.envelope or case.envelope)
            for c in case.contenders]


def expected_models(hub: ModelHub) -> dict[str, str]:
    """The model keys (id@weights-hash) a worker will load, read without loading them; `SQBUnavailable` without
    an NLI model. Workers report the keys they used, and the run stops if one differs."""
    describe = getattr(hub, "describe", None)
    if describe is None:
        raise SQBUnavailable("parallel runs need a local model hub")
    keys = {}
    for row in describe(load=False):
        if row["status"] == "unavailable":
            if row["kind"] == "nli":
                raise SQBUnavailable(f"the SQB needs an NLI model: {row['reason']}")
            continue
        keys[row["kind"]] = f"{row['id']}@{row['sha256'][:16]}" if row["sha256"] else row["id"]
    return dict(sorted(keys.items()))


def run_suite(
    target: Path | list[Path],
    hub: ModelHub,
    thresholds: Thresholds | None = None,
    judge_config: JudgeConfig | None = None,
    progress: Callable[[SuiteProgress], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
    announce: Callable[[str], None] | None = None,
    *,
    jobs: int = 1,
    cache_dir: Path | None = None,
    ray_address: str | None = None,
) -> SuiteResult:
    """Score every contender of every case in `target` (folders and case files).

    `jobs=1` scores in this process with `hub`; `jobs > 1` in that many worker processes; `ray_address` on that
    Ray cluster (`jobs` actors, default one per CPU of the cluster). With `cache_dir`, each contender's scores are
    kept there and read back on the next run with the same inputs, so an interrupted run continues.
    """
    thresholds = thresholds or Thresholds()
    cases = load_suite(target)
    for case in cases:
        for warning in case.warnings:
            if announce:
                announce(f"warning: {warning}")

    client = JudgeClient(judge_config) if judge_config else None  # a missing key fails before any scoring
    if client and announce and judge_config:
        pairs = sum(len(c.contenders) - 1 for c in cases)
        texts = [ct.text for c in cases for ct in c.contenders]
        calls, tokens = plan(pairs, judge_config.runs, texts)
        announce(f"judge: {calls} calls to {judge_config.model}, at most {judge_config.concurrency} at once, "
                 f"about {tokens} tokens")

    units = [(case, item) for case in cases for item in contender_inputs(case)]
    payloads = [json.dumps(payload_of(item, thresholds), sort_keys=True, ensure_ascii=False) for _, item in units]
    executor: Any
    if ray_address is None and jobs <= 1:
        try:
            hub.nli()
        except ModelUnavailable as exc:
            raise SQBUnavailable(f"the SQB needs an NLI model: {exc}") from exc
        with contextlib.suppress(ModelUnavailable):  # without it: every premise verified, coverage lexical only
            hub.embedder()
        models = hub.model_ids()
        executor = InProcess(hub)
    else:
        models = expected_models(hub)
        config = getattr(hub, "config", None)
        if config is None:
            raise SQBUnavailable("parallel runs need a local model hub (one with a config)")
        try:
            executor = (RayCluster(ray_address, config, jobs if jobs > 1 else None) if ray_address
                        else LocalProcesses(config, min(jobs, max(1, len(units)))))
        except WorkerUnavailable as exc:
            raise SQBUnavailable(str(exc)) from exc

    cache = ResultCache(cache_dir) if cache_dir is not None else None
    keys = [unit_key(json.loads(p), models) for p in payloads]
    results: list[str | None] = [cache.get(k) if cache else None for k in keys]
    total = len(units)
    handed_out = 0

    def report(index: int) -> bool:
        nonlocal handed_out
        if should_stop and should_stop():
            return False
        if progress:
            case, item = units[index]
            progress(SuiteProgress(case.name, item.name, handed_out, total))
        handed_out += 1
        return True

    try:
        for index in range(total):  # cached contenders count as done, in order, before any scoring
            if results[index] is not None and not report(index):
                raise SuiteCancelled("SQB run cancelled")
        todo = [i for i in range(total) if results[i] is None]
        stopped = False

        def before(position: int) -> bool:
            nonlocal stopped
            stopped = not report(todo[position])
            return not stopped

        for position, text in run_units(executor, [payloads[i] for i in todo], before):
            index = todo[position]
            produced = json.loads(text)
            if produced["models"] != models:
                raise SQBUnavailable(f"a worker scored with models {produced['models']}, not {models}: install the "
                                     "same models on every worker")
            results[index] = json.dumps(produced["scores"], sort_keys=True, ensure_ascii=False)
            if cache:
                cache.put(keys[index], results[index])  # type: ignore[arg-type]
        if stopped:
            raise SuiteCancelled("SQB run cancelled")
    except WorkerUnavailable as exc:
        raise SQBUnavailable(str(exc)) from exc
    finally:
        executor.close()

    scores = [ContenderScores.from_json(json.loads(text)) for text in results]  # type: ignore[arg-type]
    result = SuiteResult(suite=" ".join(str(t) for t in ([target] if isinstance(target, Path) else target)),
                         models=models, thresholds=asdict(thresholds),
                         judge=None if judge_config is None else
                         {"model": judge_config.model, "runs": judge_config.runs, "base_url": judge_config.base_url},
                         matcher=scores[0].matcher if scores else "")
    by_case: dict[int, list[ContenderScores]] = {}
    for (case, _), score in zip(units, scores, strict=True):
        by_case.setdefault(id(case), []).append(score)
    if client:
        _judge(client, cases, by_case, cache)
    for case in cases:
        case_scores = by_case.get(id(case), [])
        baseline = next(s for s in case_scores if s.baseline)
        decisions = [decide(s, baseline) for s in case_scores if not s.baseline]
        result.cases.append(CaseResult(case.name, case.path, case.case.task, case_scores, decisions,
                                       [f.id for f in case.case.reference_facts], list(case.warnings)))
    if progress:
        progress(SuiteProgress("", "", total, total))
    return result


def _judge(client: JudgeClient, cases: list[LoadedCase], by_case: dict[int, list[ContenderScores]],
           cache: ResultCache | None) -> None:
    """Judge every contender against its baseline, concurrently; complete answers are cached like scores."""
    wanted: list[tuple[ContenderScores, PairRequest, str]] = []
    for case in cases:
        names = tuple(c.name for c in case.contenders)
        baseline_text = next(c.text for c in case.contenders if c.baseline)
        for contender, score in zip(case.contenders, by_case[id(case)], strict=True):
            if contender.baseline:
                continue
            request = PairRequest(case.case.task, contender.text, baseline_text, names, case.name)
            key = hashlib.sha256(json.dumps({"judge": client.config.identity(), **asdict(request)},
                                            sort_keys=True, ensure_ascii=False).encode("utf-8")).hexdigest()
            cached = cache.get("judge-" + key) if cache else None
            if cached is not None:
                score.judge = json.loads(cached)
            else:
                wanted.append((score, request, key))
    for (score, _, key), judged in zip(wanted, judge_pairs(client, [r for _, r, _ in wanted]), strict=True):
        score.judge = _judge_json(judged)
        if cache and judged.missing_runs == 0:
            cache.put("judge-" + key, json.dumps(score.judge, sort_keys=True, ensure_ascii=False))


def _judge_json(judged: JudgeResult) -> dict[str, Any]:
    return judged.to_json()
