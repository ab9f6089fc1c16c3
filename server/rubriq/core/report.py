"""The profile: one score per parameter, each computed from visible findings, and a labelled weighted view."""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from pydantic import BaseModel

from rubriq import __version__
from rubriq.core.findings import Finding
from rubriq.core.text import LineIndex

REPORT_SCHEMA_VERSION = 1
WEIGHTED_VIEW_LABEL = "weighted view of the profile, not a standalone score"


class ParameterResult(BaseModel):
    name: str
    title: str
    badge: str  # "proxy", "risk-signal" or ""
    weight: float
    status: Literal["ok", "unavailable", "not_applicable"]
    score: float | None
    reason: str = ""
    detail: str = ""
    metric: str = ""
    findings: int = 0


class Profile(BaseModel):
    task: str
    task_confidence: float
    task_cue: str
    # What the task decision read besides its cue ("question form", "source: xml block (document)", "no source
    # text", "runner-up: open_qa"): rubriq.core.tasks.TaskDetection.evidence.
    task_evidence: list[str] = []
    family: str
    parameters: list[ParameterResult]
    weighted_view: float | None
    weighted_view_label: str = WEIGHTED_VIEW_LABEL
    scored_parameters: int
    total_parameters: int


def weighted_view(parameters: list[ParameterResult]) -> float | None:
    """Weighted mean of the scored parameters; unavailable ones are left out, never counted as zero."""
    scored = [p for p in parameters if p.status == "ok" and p.score is not None and p.weight > 0]
    total = sum(p.weight for p in scored)
    if not scored or total == 0:
        return None
    return round(sum(p.weight * p.score for p in scored) / total, 4)  # type: ignore[operator]


class FindingReport(BaseModel):
    """A finding as the JSON report shows it: with line/column (1-based) next to the character span."""

    code: str
    severity: str
    where: Literal["output", "prompt"]
    message: str
    start: int
    end: int
    line: int
    column: int
    end_line: int
    end_column: int
    evidence: str
    parameter: str
    data: dict

    @classmethod
    def of(cls, finding: Finding, text: str) -> FindingReport:
        from rubriq.core.rules import get_rule

        index = _line_index(text)  # once per text, not once per finding: a long report stays linear
        line, column = index.position(finding.start)
        end_line, end_column = index.position(finding.end)
        return cls(
            code=finding.code, severity=finding.severity.value, where=finding.where, message=finding.message,
            start=finding.start, end=finding.end, line=line + 1, column=column + 1, end_line=end_line + 1,
            end_column=end_column + 1, evidence=finding.evidence, parameter=get_rule(finding.code).parameter,
            data=finding.data,
        )


@lru_cache(maxsize=4)  # the prompt and the output of the pair being reported (a str caches its own hash)
def _line_index(text: str) -> LineIndex:
    return LineIndex(text)


class CheckReport(BaseModel):
    """`rubriq check --format json`: a stable schema (see docs/report-schema.md)."""

    schema_version: int = REPORT_SCHEMA_VERSION
    rubriq_version: str = __version__
    prompt_path: str | None
    output_path: str | None
    profile: Profile
    findings: list[FindingReport]
    models: dict[str, str]
    config_problems: list[str] = []
