"""`--output-format junit`: JUnit XML, as CI systems (GitLab, Jenkins, Azure, GitHub test reporters) read it.

One `<testsuite>` per pair (named by its output file), one `<testcase>` per parameter of the pair's profile
(`classname` = the output file, `name` = the parameter):

- a parameter with output findings at `--fail-on` or above is a `<failure>` listing them (`path:line:col CODE
  message`, one a line); without `--fail-on` nothing fails and the findings are listed in `<system-out>`;
- a parameter that is unavailable or not applicable is `<skipped>` with the reason;
- with `--fail-under`, one more test case, `weighted_view`, fails when the pair's weighted view is below it;
- prompt findings (they never gate) are listed in the suite's `<system-out>`.

A pair that could not be read is a suite with one `<error>` test case, so a CI report shows it; unpaired files are
left out. No `time` attribute is written: Rubriq does not time checks, and an invented zero would be a number.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from rubriq.core.findings import Severity
from rubriq.formats import Formatter, PairOutcome, RunOutcome, display_path

_INVALID_XML = {c: None for c in range(32) if c not in (9, 10, 13)}


def xml_text(text: str) -> str:
    """Text XML 1.0 can carry: control characters and lone surrogates removed."""
    cleaned = text.translate(_INVALID_XML)
    return cleaned.encode("utf-8", "replace").decode("utf-8") if any(
        0xD800 <= ord(c) <= 0xDFFF for c in cleaned) else cleaned


def _line(path: str, finding: object) -> str:
    f = finding
    return f"{path}:{f.line}:{f.column} {f.code} [{f.severity}] {xml_text(f.message)}"  # type: ignore[attr-defined]


class JunitFormatter(Formatter):
    def finish(self, run: RunOutcome) -> None:
        root = ET.Element("testsuites", name="rubriq")
        totals = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
        for outcome in run.outcomes:
            suite = self._suite(outcome, run)
            root.append(suite)
            for name in totals:
                totals[name] += int(suite.get(name, "0"))
        for unreadable in run.unreadable:
            path = display_path(unreadable.path)
            suite = ET.SubElement(root, "testsuite", name=path, tests="1", failures="0", errors="1", skipped="0")
            case = ET.SubElement(suite, "testcase", classname=path, name="read", file=path)
            ET.SubElement(case, "error", message=xml_text(unreadable.reason), type="unreadable").text = xml_text(
                f"{path}: {unreadable.reason}")
            totals["tests"] += 1
            totals["errors"] += 1
        for name, value in totals.items():
            root.set(name, str(value))
        ET.indent(root)
        self.out.write('<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n")

    def _suite(self, outcome: PairOutcome, run: RunOutcome) -> ET.Element:
        output_path = display_path(outcome.pair.output)
        prompt_path = display_path(outcome.pair.prompt)
        report = outcome.report
        suite = ET.Element("testsuite", name=output_path)
        counts = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
        threshold: Severity | None = run.fail_on
        for parameter in report.profile.parameters:
            case = ET.SubElement(suite, "testcase", classname=output_path, name=parameter.name, file=output_path)
            counts["tests"] += 1
            found = [f for f in report.findings if f.where == "output" and f.parameter == parameter.name]
            gating = [f for f in found if threshold is not None and Severity(f.severity).rank >= threshold.rank]
            if gating:
                failure = ET.SubElement(case, "failure", type=threshold.value if threshold else "",
                                        message=f"{len(gating)} finding(s) at {threshold.value if threshold else ''}"
                                                f" or above")
                failure.text = "\n".join(_line(output_path, f) for f in gating)
                counts["failures"] += 1
            elif parameter.status != "ok":
                reason = f"{parameter.status.replace('_', ' ')}: {parameter.reason}"
                ET.SubElement(case, "skipped", message=xml_text(reason))
                counts["skipped"] += 1
            others = [f for f in found if f not in gating]
            detail = [f"score {parameter.score:.2f}: {parameter.detail}"] if parameter.score is not None else []
            if others or detail:
                ET.SubElement(case, "system-out").text = xml_text(
                    "\n".join(detail + [_line(output_path, f) for f in others]))
        if run.fail_under is not None:
            case = ET.SubElement(suite, "testcase", classname=output_path, name="weighted_view", file=output_path)
            counts["tests"] += 1
            view = report.profile.weighted_view
            if view is None or view < run.fail_under:
                said = "no parameter could be scored" if view is None else f"{view:.2f} < {run.fail_under}"
                ET.SubElement(case, "failure", type="fail-under", message=f"weighted view {said}")
                counts["failures"] += 1
        prompt_findings = [f for f in report.findings if f.where == "prompt"]
        if prompt_findings:
            ET.SubElement(suite, "system-out").text = "\n".join(_line(prompt_path, f) for f in prompt_findings)
        for name, value in counts.items():
            suite.set(name, str(value))
        return suite
