"""What must hold for every pair, however hostile: the engine returns, no metric raises (the engine would report it
unavailable), every span lies in its text, every score is in [0, 1], the JSON report and the repairs can be built,
and the same input gives the same result."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from rubriq.core.engine import check
from rubriq.core.report import CheckReport, FindingReport

TEXT_TIER = frozenset({0})


@dataclass
class Violations:
    exceptions: list[str] = field(default_factory=list)
    metric_failures: list[str] = field(default_factory=list)  # a metric raised; the engine reported it unavailable
    spans_outside: list[str] = field(default_factory=list)
    scores_outside: list[str] = field(default_factory=list)
    report_failures: list[str] = field(default_factory=list)
    repair_failures: list[str] = field(default_factory=list)
    nondeterministic: list[str] = field(default_factory=list)

    def total(self) -> int:
        return sum(len(v) for v in vars(self).values())

    def summary(self) -> dict[str, int]:
        return {name: len(found) for name, found in vars(self).items()}


def _where(prompt: str, output: str) -> str:
    return f"prompt={prompt[:200]!r} output={output[:200]!r}"


def check_pair(prompt: str, output: str, found: Violations, *, determinism: bool = False) -> None:
    """Run one pair through the engine, the JSON report and the repairs; record every broken invariant."""
    try:
        result = check(prompt, output, tiers=TEXT_TIER)
    except Exception as exc:
        found.exceptions.append(f"engine: {type(exc).__name__}: {exc} | {_where(prompt, output)}")
        return
    texts = {"output": output, "prompt": prompt}
    for finding in result.findings:
        text = texts[finding.where]
        if not (0 <= finding.start <= finding.end <= len(text)):
            found.spans_outside.append(f"{finding.code} {finding.where} {finding.start}..{finding.end} of "
                                       f"{len(text)} | {_where(prompt, output)}")
    profile = result.profile
    for parameter in profile.parameters:
        if parameter.status == "unavailable" and " failed: " in parameter.reason:
            found.metric_failures.append(f"{parameter.name}: {parameter.reason[:200]} | {_where(prompt, output)}")
        if parameter.score is not None and not (0.0 <= parameter.score <= 1.0):
            found.scores_outside.append(f"{parameter.name}={parameter.score} | {_where(prompt, output)}")
    if profile.weighted_view is not None and not (0.0 <= profile.weighted_view <= 1.0):
        found.scores_outside.append(f"weighted_view={profile.weighted_view} | {_where(prompt, output)}")
    try:
        report = CheckReport(prompt_path=None, output_path=None, profile=profile, models=result.models,
                             findings=[FindingReport.of(f, texts[f.where]) for f in result.findings])
        json.dumps(report.model_dump(mode="json"))
    except Exception as exc:
        found.report_failures.append(f"{type(exc).__name__}: {exc} | {_where(prompt, output)}")
    try:
        from rubriq.core.repair import repairs_for

        for _, repair in repairs_for(result):
            json.dumps(repair.model_dump(mode="json"))
    except ImportError:
        pass
    except Exception as exc:
        found.repair_failures.append(f"{type(exc).__name__}: {exc} | {_where(prompt, output)}")
    if determinism:
        again = check(prompt, output, tiers=TEXT_TIER)
        if again.profile.model_dump() != profile.model_dump() or [f.model_dump() for f in again.findings] != [
                f.model_dump() for f in result.findings]:
            found.nondeterministic.append(_where(prompt, output))
