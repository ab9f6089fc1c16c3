"""`--output-format github`: GitHub Actions workflow commands, so findings show as annotations on the files.

    ::warning file=prompts/a.out,line=3,col=1,endLine=3,endColumn=42,title=IF001::Word limit exceeded ...

Severity error → `::error`, warning → `::warning`, information and hint → `::notice`. Values are escaped as the
Actions toolkit does (`%` `\\r` `\\n` in the message; also `:` and `,` in properties), so a message with a comma, a
colon or a line break stays one annotation. After the annotations, one plain line per pair gives its weighted view;
a pair that could not be read is a `::warning` on that file, an unpaired file a plain line.
"""

from __future__ import annotations

from rubriq.formats import Formatter, PairOutcome, RunOutcome, display_path

LEVELS = {"error": "error", "warning": "warning", "information": "notice", "hint": "notice"}


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def command(level: str, message: str, **properties: object) -> str:
    props = ",".join(f"{name}={escape_property(str(value))}" for name, value in properties.items())
    return f"::{level} {props}::{escape_data(message)}" if props else f"::{level}::{escape_data(message)}"


class GithubFormatter(Formatter):
    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.summaries: list[str] = []

    def pair(self, outcome: PairOutcome, run: RunOutcome) -> None:
        paths = {"output": display_path(outcome.pair.output), "prompt": display_path(outcome.pair.prompt)}
        for finding in outcome.report.findings:
            self.out.write(command(
                LEVELS[finding.severity], finding.message, file=paths[finding.where], line=finding.line,
                col=finding.column, endLine=finding.end_line, endColumn=finding.end_column, title=finding.code,
            ) + "\n")
        profile = outcome.report.profile
        view = "—" if profile.weighted_view is None else f"{profile.weighted_view:.2f}"
        self.summaries.append(f"{paths['output']}: {profile.task}, weighted view {view} ({profile.scored_parameters} "
                              f"of {profile.total_parameters} parameters scored), "
                              f"{len(outcome.report.findings)} finding(s)")

    def finish(self, run: RunOutcome) -> None:
        for skipped in run.unreadable:
            self.out.write(command("warning", f"Rubriq could not check this file: {skipped.reason}",
                                   file=display_path(skipped.path), title="rubriq") + "\n")
        if not run.quiet:
            for line in self.summaries:
                self.out.write(line + "\n")
            for skipped in run.skipped:
                self.out.write(f"skipped {display_path(skipped.path)}: {skipped.reason}\n")
