"""Metric plumbing: every metric module in this package exposes `METRICS`, a list of `Metric` objects.

A metric reads a `CheckContext` and returns findings plus a score per parameter it provides. Modules are
discovered automatically (name order), so adding a metric needs no edit here; each parameter has one provider.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, Protocol

from rubriq.core.findings import Finding

if TYPE_CHECKING:
    from rubriq.core.context import CheckContext

Status = Literal["ok", "unavailable", "not_applicable"]

# Tiers: 0 = pure Python, fast enough for every keystroke; 1 = sentence embeddings; 2 = NLI cross-encoder.
TIER_TEXT, TIER_EMBEDDING, TIER_NLI = 0, 1, 2


@dataclass(frozen=True)
class ParameterScore:
    """A parameter's score in [0, 1] (higher is better), or why there is none."""

    parameter: str
    score: float | None
    status: Status = "ok"
    reason: str = ""  # why unavailable / not applicable
    detail: str = ""  # the measured value behind the score, e.g. "7 of 8 constraints pass"

    @classmethod
    def unavailable(cls, parameter: str, reason: str) -> ParameterScore:
        return cls(parameter, None, "unavailable", reason)

    @classmethod
    def not_applicable(cls, parameter: str, reason: str) -> ParameterScore:
        return cls(parameter, None, "not_applicable", reason)


@dataclass
class MetricResult:
    findings: list[Finding] = field(default_factory=list)
    scores: list[ParameterScore] = field(default_factory=list)


class Metric(Protocol):
    name: str
    parameters: tuple[str, ...]  # the profile parameters it scores
    tier: int
    always_run: bool  # run even when none of its parameters is in the task's profile (findings still matter)

    def run(self, ctx: CheckContext) -> MetricResult: ...


def _discover() -> tuple[dict[str, Metric], list[Metric]]:
    providers: dict[str, Metric] = {}
    metrics: list[Metric] = []
    for name in sorted(m.name for m in pkgutil.iter_modules(__path__)):
        module = importlib.import_module(f"{__name__}.{name}")
        for metric in getattr(module, "METRICS", ()):
            metrics.append(metric)
            for parameter in metric.parameters:
                if parameter in providers:
                    raise ValueError(f"parameter {parameter} has two providers: "
                                     f"{providers[parameter].name} and {metric.name}")
                providers[parameter] = metric
    return providers, metrics


_DISCOVERED: tuple[dict[str, Metric], list[Metric]] | None = None


def _discovered() -> tuple[dict[str, Metric], list[Metric]]:
    global _DISCOVERED
    if _DISCOVERED is None:
        _DISCOVERED = _discover()
    return _DISCOVERED


def providers() -> dict[str, Metric]:
    """Parameter name → the metric that scores it."""
    return _discovered()[0]


def all_metrics() -> list[Metric]:
    """Every metric, also those that only report findings (`parameters == ()`, run when `always_run`)."""
    return list(_discovered()[1])
