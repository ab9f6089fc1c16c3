"""`--output-format table` (the default): for a person, each pair's profile and findings as they are checked.

On a terminal the table fits the terminal's width. Piped or redirected (a CI log, `| less`, a file) there is no
width to fit: each row stays on one line instead of wrapping the "measured / reason" column into a narrow ribbon
(`COLUMNS` still sets a width when given).
"""

from __future__ import annotations

import json
import os
from typing import Any

from rubriq.formats import Formatter, PairOutcome, RunOutcome

PIPED_WIDTH = 4096  # wide enough that no row of the profile wraps


def _fmt_score(value: float | None) -> str:
    return "—" if value is None else f"{value:.2f}"


def make_console(out: Any) -> Any:
    from rich.console import Console

    console = Console(file=out, highlight=False)
    if not console.is_terminal and not os.environ.get("COLUMNS", "").strip().isdigit():
        console = Console(file=out, highlight=False, width=PIPED_WIDTH)
    return console


def print_table(outcome: PairOutcome, console: Any) -> None:
    from rich.markup import escape
    from rich.table import Table

    report = outcome.report
    profile = report.profile
    console.print(f"[bold]{escape(report.output_path or '')}[/bold] against [bold]{escape(report.prompt_path or '')}"
                  f"[/bold]")
    console.print(f"task: [cyan]{profile.task}[/cyan] (confidence {profile.task_confidence:.2f}, cue: "
                  f"{escape(repr(profile.task_cue))})   model family: [cyan]{profile.family}[/cyan]")
    if profile.task_evidence:
        console.print(f"[dim]task evidence: {escape('; '.join(profile.task_evidence))}[/dim]")
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    for column in ("parameter", "score", "badge", "weight", "measured / reason"):
        table.add_column(column)
    for p in profile.parameters:
        note = (escape(p.detail) if p.status == "ok"
                else f"[dim]{p.status.replace('_', ' ')}: {escape(p.reason)}[/dim]")
        table.add_row(p.name, _fmt_score(p.score), p.badge, f"{p.weight:g}", note)
    console.print(table)
    view = _fmt_score(profile.weighted_view)
    console.print(f"weighted view: [bold]{view}[/bold] ({profile.weighted_view_label}; "
                  f"{profile.scored_parameters} of {profile.total_parameters} parameters scored)")
    for where, title in (("prompt", "On the prompt (what Rubriq understood)"), ("output", "On the output")):
        rows = [f for f in report.findings if f.where == where]
        if not rows:
            continue
        console.print(f"\n[bold]{title}[/bold]")
        for f in rows:
            colour = {"error": "red", "warning": "yellow", "information": "blue", "hint": "dim"}[f.severity]
            console.print(f"  {f.line}:{f.column} [{colour}]{f.severity:<11}[/{colour}] [bold]{f.code}[/bold] "
                          f"{escape(f.message)}", highlight=False, soft_wrap=True)
    if report.config_problems:
        console.print("\n[yellow]config:[/yellow] " + escape("; ".join(report.config_problems)))
    console.print()


def print_repairs(outcome: PairOutcome, console: Any) -> None:
    try:
        from rubriq.core.repair import repairs_for
    except ImportError:
        console.print("[dim]repairs: the repair library is not installed in this build[/dim]")
        return
    shown: set[str] = set()
    for finding, repair in repairs_for(outcome.result()):
        key = finding.code + json.dumps(finding.data, sort_keys=True, default=str)
        if key in shown:  # one constraint missed at many places: its repair is printed once
            console.print(f"[dim]Repair for {finding.code}: the same as above.[/dim]")
            continue
        shown.add(key)
        console.print(f"[bold]Repair for {finding.code}[/bold] ({repair.failure_mode}, {repair.family}):")
        console.print(repair.explanation, highlight=False, markup=False)
        console.print(repair.fragment, highlight=False, markup=False)
        console.print()


class TableFormatter(Formatter):
    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.console = make_console(self.out)

    def pair(self, outcome: PairOutcome, run: RunOutcome) -> None:
        if self.console.is_terminal:
            print_table(outcome, self.console)
            if run.with_repairs:
                print_repairs(outcome, self.console)
            return
        with self.console.capture() as captured:  # piped: the same text without the columns' trailing padding
            print_table(outcome, self.console)
            if run.with_repairs:
                print_repairs(outcome, self.console)
        self.out.write("\n".join(line.rstrip() for line in captured.get().split("\n")))

    def finish(self, run: RunOutcome) -> None:
        from rich.markup import escape

        for skipped in run.unreadable:
            self.console.print(f"[yellow]not checked[/yellow] {escape(str(skipped.path))}: {escape(skipped.reason)}")
        if not run.quiet:
            for skipped in run.skipped:
                self.console.print(f"[dim]skipped {escape(str(skipped.path))}: {escape(skipped.reason)}[/dim]")
