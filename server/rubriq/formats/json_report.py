"""`--output-format json`: the stable report schema of docs/report-schema.md (`reports`, `skipped`)."""

from __future__ import annotations

import json
from typing import Any

from rubriq import __version__
from rubriq.core.report import REPORT_SCHEMA_VERSION
from rubriq.formats import Formatter, PairOutcome, RunOutcome


def repairs_json(outcome: PairOutcome) -> list[dict[str, Any]] | None:
    """Each repair prompt and the index of the finding it answers; None when the repair library is absent."""
    try:
        from rubriq.core.repair import repairs_for
    except ImportError:
        return None
    index_of = {id(finding): index for index, finding in enumerate(outcome.findings)}
    return [
        {"finding": index_of[id(finding)], "code": finding.code,
         **repair.model_dump(mode="json", include={"family", "failure_mode", "title", "label", "explanation",
                                                   "fragment", "insert_at", "replace", "new_text"})}
        for finding, repair in repairs_for(outcome.result())
    ]


def report_json(outcome: PairOutcome, with_repairs: bool) -> dict[str, Any]:
    document = outcome.report.model_dump(mode="json")
    if with_repairs:
        document["repairs"] = repairs_json(outcome)
    return document


class JsonFormatter(Formatter):
    def finish(self, run: RunOutcome) -> None:
        document = {
            "schema_version": REPORT_SCHEMA_VERSION,
            "rubriq_version": __version__,
            "reports": [report_json(outcome, run.with_repairs) for outcome in run.outcomes],
            "skipped": [{"path": str(s.path), "reason": s.reason} for s in run.not_checked],
        }
        self.out.write(json.dumps(document, indent=2, ensure_ascii=False) + "\n")
