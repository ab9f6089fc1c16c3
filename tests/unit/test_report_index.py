"""The JSON report gives every finding a line and column; the line index behind them is built once per text, so
a report with many findings on a long text costs linear work (it used to rebuild the index for every finding)."""

from __future__ import annotations

from work_counting import measured_exponent

from rubriq.core.findings import Finding
from rubriq.core.report import FindingReport
from rubriq.core.text import Span


def _text_and_findings(lines: int) -> tuple[str, list[Finding]]:
    text = "".join(f"Line {i} says something plain.\n" for i in range(lines))
    findings = [Finding.at("LD002", Span(start, start + 4), "x", text=text)
                for start in range(0, len(text), len(text) // (lines // 2))]
    return text, findings


def test_positions_are_one_based_lines_and_columns():
    text = "first\nsecond line\nthird"
    report = FindingReport.of(Finding.at("LD002", Span(13, 17), "x", text=text), text)
    assert (report.line, report.column, report.end_line, report.end_column) == (2, 8, 2, 12)


def test_reporting_every_finding_of_a_long_text_costs_linear_work():
    def report(made: tuple[str, list[Finding]]) -> None:
        text, findings = made
        for finding in findings:
            FindingReport.of(finding, text)

    exponent = measured_exponent(_text_and_findings, report, 400, 1600)
    assert exponent <= 1.2, exponent
