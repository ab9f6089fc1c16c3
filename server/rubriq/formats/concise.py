"""`--output-format concise`: one line per finding, `path:line:col: CODE message`, as ruff and compilers print.

Findings on the output point into the `.out`, findings on the prompt into the `.prompt`. A message never spans two
lines. The last line counts the findings (left out with `--quiet`); unpaired and unreadable files go to stderr.
"""

from __future__ import annotations

from rubriq.formats import Formatter, PairOutcome, RunOutcome, display_path


def one_line(text: str) -> str:
    return " ".join(text.split())


class ConciseFormatter(Formatter):
    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.count = 0

    def pair(self, outcome: PairOutcome, run: RunOutcome) -> None:
        paths = {"output": display_path(outcome.pair.output), "prompt": display_path(outcome.pair.prompt)}
        rows = sorted(outcome.report.findings, key=lambda f: (paths[f.where], f.line, f.column, f.code))
        for finding in rows:
            self.out.write(f"{paths[finding.where]}:{finding.line}:{finding.column}: {finding.code} "
                           f"{one_line(finding.message)}\n")
            self.count += 1

    def finish(self, run: RunOutcome) -> None:
        if not run.quiet:
            pairs = len(run.outcomes)
            self.out.write(f"Found {self.count} finding{'s' if self.count != 1 else ''} in {pairs} "
                           f"pair{'s' if pairs != 1 else ''}.\n")
        self.note_not_checked(run)
