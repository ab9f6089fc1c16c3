"""CSV answers that trip Python's csv module (a CR inside a line, a field over its 131,072-character limit) are
judged as CSV or not-CSV like any other answer; the extraction metric never fails on them."""

from __future__ import annotations

import pytest

from rubriq.core.engine import check

SOURCE = "<email>\nJohn Smith (john@acme.com) and Mary Jones (mary@acme.com) confirmed the order.\n</email>"


def _format_compliance(output: str):
    result = check(f"---\ntask: extraction\n---\nList the people and their emails as CSV.\n\n{SOURCE}", output,
                   tiers=frozenset({0}))
    return next(p for p in result.profile.parameters if p.name == "format_compliance")


@pytest.mark.parametrize("output", [
    "name,email\rJohn Smith,john@acme.com\rMary Jones,mary@acme.com\r",
    "name,email\nJohn Smith,john@\racme.com\nMary Jones,mary@acme.com\n",
    "name,email\nJohn Smith," + "x" * 200_000 + "\nMary Jones,mary@acme.com\n",
], ids=["cr-line-ends", "cr-inside-a-field", "field-over-the-csv-limit"])
def test_the_extraction_metric_reads_hostile_csv_without_failing(output: str):
    parameter = _format_compliance(output)
    assert parameter.status == "ok", parameter.reason
