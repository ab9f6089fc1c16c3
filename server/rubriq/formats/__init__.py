"""Output formats of `rubriq check`: one module per format, each a `Formatter` fed pair by pair.

| format | for | module |
|---|---|---|
| `table` | people at a terminal: the profile and the findings of each pair | `table.py` |
| `json` | machines: the stable report schema of docs/report-schema.md | `json_report.py` |
| `sarif` | code-scanning services: SARIF 2.1.0 | `sarif.py` |
| `junit` | CI test reports: one test case per pair x parameter | `junit.py` |
| `github` | GitHub Actions: workflow-command annotations | `github.py` |
| `concise` | editors' problem matchers, grep: `path:line:col: CODE message` | `concise.py` |

Every format writes the same results whether they were computed or answered from the result cache, and nothing
that depends on timing or on the cache: the same run gives byte-identical output.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from rubriq.core.findings import Finding, Severity
from rubriq.core.pairing import Pair, Skipped
from rubriq.core.report import CheckReport

FORMAT_NAMES = ("table", "json", "sarif", "junit", "github", "concise")


@dataclass
class PairOutcome:
    """One checked pair: its report (paths, profile, findings with line/column) and the engine's findings."""

    pair: Pair
    report: CheckReport
    findings: list[Finding]  # the same findings as report.findings, in the same order
    prompt_text: str
    output_text: str
    result: Callable[[], Any]  # the engine's CheckResult (rebuilt from the cache when needed), for repairs


@dataclass
class RunOutcome:
    """Everything a format may show about a run."""

    outcomes: list[PairOutcome] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)  # unpaired files, folders that cannot be listed
    unreadable: list[Skipped] = field(default_factory=list)  # pairs that could not be read, with the reason
    fail_on: Severity | None = None
    fail_under: float | None = None
    with_repairs: bool = False
    quiet: bool = False
    rules_base_url: str = ""

    @property
    def not_checked(self) -> list[Skipped]:
        return sorted(self.skipped + self.unreadable, key=lambda s: s.path.parts)


def failing(outcome: PairOutcome, fail_on: Severity | None) -> list[Any]:
    """The output findings at `fail_on` or above (the `--fail-on` gate counts output findings only)."""
    if fail_on is None:
        return []
    return [f for f in outcome.report.findings if f.where == "output" and Severity(f.severity).rank >= fail_on.rank]


def display_path(path: Path) -> str:
    """A path as a CI system wants it: relative to the working directory when inside it, with forward slashes."""
    absolute = Path(os.path.abspath(path))
    try:
        return absolute.relative_to(Path.cwd()).as_posix()
    except ValueError:
        return absolute.as_posix()


class Formatter:
    """Receives each pair as it is checked, then the whole run; writes to `out` (stdout) and `err` (stderr)."""

    def __init__(self, out: TextIO, err: TextIO) -> None:
        self.out = out
        self.err = err

    def pair(self, outcome: PairOutcome, run: RunOutcome) -> None:
        """Called once per checked pair, in order (streaming formats print here)."""

    def finish(self, run: RunOutcome) -> None:
        """Called once at the end (document formats print here)."""

    def note_not_checked(self, run: RunOutcome) -> None:
        """Unpaired and unreadable files, on stderr (for formats whose stdout is a document)."""
        for skipped in run.unreadable:
            self.err.write(f"rubriq: not checked: {skipped.path}: {skipped.reason}\n")
        if not run.quiet:
            for skipped in run.skipped:
                self.err.write(f"rubriq: skipped {skipped.path}: {skipped.reason}\n")


def formatter_for(name: str, out: TextIO, err: TextIO) -> Formatter:
    if name == "table":
        from rubriq.formats.table import TableFormatter

        return TableFormatter(out, err)
    if name == "json":
        from rubriq.formats.json_report import JsonFormatter

        return JsonFormatter(out, err)
    if name == "sarif":
        from rubriq.formats.sarif import SarifFormatter

        return SarifFormatter(out, err)
    if name == "junit":
        from rubriq.formats.junit import JunitFormatter

        return JunitFormatter(out, err)
    if name == "github":
        from rubriq.formats.github import GithubFormatter

        return GithubFormatter(out, err)
    if name == "concise":
        from rubriq.formats.concise import ConciseFormatter

        return ConciseFormatter(out, err)
    raise ValueError(f"unknown output format {name!r}; choose one of {', '.join(FORMAT_NAMES)}")
