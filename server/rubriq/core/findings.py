"""The one result type of every metric: a Finding, with a rule code, a span and evidence."""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from rubriq.core.text import Span


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    INFORMATION = "information"
    HINT = "hint"

    @property
    def rank(self) -> int:
        return {"error": 3, "warning": 2, "information": 1, "hint": 0}[self.value]


Where = Literal["output", "prompt"]


class Finding(BaseModel):
    """One observation about the output or the prompt, tied to a span of that text.

    `data` carries what a repair needs (constraint kind, limit, measured value, the offending word...).
    """

    model_config = ConfigDict(frozen=True)

    code: str
    message: str
    severity: Severity
    where: Where = "output"
    start: int
    end: int
    evidence: str = ""
    data: dict[str, Any] = Field(default_factory=dict)

    @property
    def span(self) -> Span:
        return Span(self.start, self.end)

    @classmethod
    def at(
        cls,
        code: str,
        span: Span,
        message: str,
        *,
        text: str,
        where: Where = "output",
        severity: Severity | None = None,
        data: dict[str, Any] | None = None,
        evidence: str | None = None,
    ) -> Finding:
        """Build a finding on `span` of `text`; the severity defaults to the rule's."""
        from rubriq.core.rules import get_rule

        rule = get_rule(code)
        quote = evidence if evidence is not None else span.slice(text)
        return cls(
            code=code,
            message=message,
            severity=severity or rule.severity,
            where=where,
            start=span.start,
            end=span.end,
            evidence=quote[:300],
            data=data or {},
        )
