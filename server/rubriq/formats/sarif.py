"""`--output-format sarif`: SARIF 2.1.0, the format code-scanning services (GitHub, GitLab, Azure DevOps) read.

- `tool.driver.rules`: every rule of the registry (`core/rules/`), with its title, its full page as help text and
  markdown, a help URI and its default level; a result points at its rule by `ruleId` and `ruleIndex`.
- The help URI: `rules_base_url/CODE` when `rules_base_url` names a docs site; otherwise the rule's page in the
  source checkout's `docs/rules/` when Rubriq runs from one (the page `rubriq rules --write-docs` generates), else
  that same page written into Rubriq's cache folder. Always a page that exists, never a placeholder website.
- `results`: one per finding. Output findings are located in the `.out`, prompt findings in the `.prompt`, with
  1-based lines and columns counted in Unicode code points (`run.columnKind`) and the quoted evidence as snippet.
  A finding that names a span of the prompt's source (`data["source_start"]`/`["source_end"]`, e.g. the closest
  source sentence of an unsupported one) carries it as a related location in the `.prompt`.
- Paths inside the working directory are relative to `%SRCROOT%` (the working directory), as GitHub expects.
- `run.properties.profiles`: each pair's profile (task, parameters with scores or reasons, weighted view).
- `invocations[0].toolExecutionNotifications`: files that were not checked, with the reason.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any
from urllib.parse import quote

from rubriq import __version__
from rubriq.core.rules import Rule, all_rules
from rubriq.core.text import LineIndex
from rubriq.formats import Formatter, PairOutcome, RunOutcome, display_path

SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
SARIF_VERSION = "2.1.0"
SRCROOT = "%SRCROOT%"
LEVELS = {"error": "error", "warning": "warning", "information": "note", "hint": "note"}
PLACEHOLDER_BASE_URLS = ("", "https://rubriq.dev/rules")  # the default setting names no real site
SOURCE_DOCS = Path(__file__).resolve().parents[3] / "docs" / "rules"


def _file_uri(path: Path) -> str:
    return Path(os.path.abspath(path)).as_uri()


def _cached_page(rule: Rule) -> Path | None:
    """The rule's page in Rubriq's cache folder, written when missing or different; None when not writable."""
    from rubriq.core.result_cache import default_cache_dir

    page = default_cache_dir() / "rules" / __version__ / f"{rule.code}.md"
    text = rule.markdown()
    try:
        if not page.is_file() or page.read_text(encoding="utf-8") != text:
            page.parent.mkdir(parents=True, exist_ok=True)
            partial = page.with_suffix(f".{os.getpid()}.tmp")
            partial.write_text(text, encoding="utf-8")
            os.replace(partial, page)
    except OSError:
        return None
    return page


def help_uri(rule: Rule, base_url: str) -> str | None:
    """Where a reader finds the rule's page (see the module docstring); None when no page can be had."""
    base = base_url.strip().rstrip("/")
    if base not in PLACEHOLDER_BASE_URLS:
        return f"{base}/{quote(rule.code)}"
    source_page = SOURCE_DOCS / f"{rule.code}.md"
    if source_page.is_file():
        return _file_uri(source_page)
    page = _cached_page(rule)
    return _file_uri(page) if page is not None else None


def _plain_definition(rule: Rule) -> str:
    return " ".join(rule.definition.split())


def rule_descriptor(rule: Rule, base_url: str) -> dict[str, Any]:
    descriptor: dict[str, Any] = {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.title},
        "fullDescription": {"text": _plain_definition(rule)},
        "help": {"text": rule.markdown(), "markdown": rule.markdown()},
        "defaultConfiguration": {"level": LEVELS[rule.severity.value]},
        "properties": {
            "parameter": rule.parameter,
            "badge": rule.badge,
            "source": rule.source,
            "tags": [tag for tag in ("rubriq", rule.parameter, rule.badge) if tag],
        },
    }
    uri = help_uri(rule, base_url)
    if uri is not None:
        descriptor["helpUri"] = uri
    return descriptor


def artifact_location(path: Path) -> dict[str, Any]:
    shown = display_path(path)
    if shown.startswith("/") or (len(shown) > 1 and shown[1] == ":"):
        return {"uri": _file_uri(path)}
    return {"uri": quote(shown), "uriBaseId": SRCROOT}


def _region(index: LineIndex, start: int, end: int, snippet: str | None) -> dict[str, Any]:
    line, column = index.position(start)
    end_line, end_column = index.position(end)
    region: dict[str, Any] = {"startLine": line + 1, "startColumn": column + 1, "endLine": end_line + 1,
                              "endColumn": end_column + 1}
    if snippet:
        region["snippet"] = {"text": snippet}
    return region


def _fingerprint(*parts: object) -> str:
    return hashlib.sha256("\0".join(str(p) for p in parts).encode("utf-8", "surrogatepass")).hexdigest()


class SarifFormatter(Formatter):
    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.rules = all_rules()
        self.rule_index = {rule.code: i for i, rule in enumerate(self.rules)}

    def _results(self, outcome: PairOutcome) -> list[dict[str, Any]]:
        prompt_index = LineIndex(outcome.prompt_text)
        locations = {"output": artifact_location(outcome.pair.output),
                     "prompt": artifact_location(outcome.pair.prompt)}
        results = []
        for finding in outcome.report.findings:
            region = {"startLine": finding.line, "startColumn": finding.column, "endLine": finding.end_line,
                      "endColumn": finding.end_column}
            if finding.evidence:
                region["snippet"] = {"text": finding.evidence}
            result: dict[str, Any] = {
                "ruleId": finding.code,
                "level": LEVELS[finding.severity],
                "message": {"text": finding.message},
                "locations": [{"physicalLocation": {"artifactLocation": locations[finding.where],
                                                    "region": region}}],
                "partialFingerprints": {
                    "rubriqFinding/v1": _fingerprint(finding.code, locations[finding.where]["uri"], finding.where,
                                                     finding.evidence, finding.message),
                },
                "properties": {"where": finding.where, "parameter": finding.parameter},
            }
            if finding.code in self.rule_index:
                result["ruleIndex"] = self.rule_index[finding.code]
            related = self._related(finding.data, outcome.prompt_text, prompt_index, locations["prompt"])
            if related:
                result["relatedLocations"] = related
            results.append(result)
        return results

    @staticmethod
    def _related(data: dict[str, Any], prompt_text: str, index: LineIndex,
                 location: dict[str, Any]) -> list[dict[str, Any]]:
        start, end = data.get("source_start"), data.get("source_end")
        if not (isinstance(start, int) and isinstance(end, int) and 0 <= start < end <= len(prompt_text)):
            return []
        quoted = prompt_text[start:end]
        quote_text = quoted.strip()
        if not quote_text:
            return []
        start += len(quoted) - len(quoted.lstrip())  # the region covers the sentence, not the space around it
        end = start + len(quote_text)
        return [{
            "id": 1,
            "message": {"text": f"Closest source sentence: {quote_text[:200]}"},
            "physicalLocation": {"artifactLocation": location,
                                 "region": _region(index, start, end, quote_text[:300])},
        }]

    def finish(self, run: RunOutcome) -> None:
        results = [result for outcome in run.outcomes for result in self._results(outcome)]
        notifications = [
            {"level": "warning" if s in run.unreadable else "note",
             "message": {"text": f"not checked: {s.reason}"},
             "locations": [{"physicalLocation": {"artifactLocation": artifact_location(s.path)}}]}
            for s in run.not_checked
        ]
        profiles = [
            {"prompt": display_path(o.pair.prompt), "output": display_path(o.pair.output),
             "profile": o.report.profile.model_dump(mode="json"), "models": o.report.models,
             "configProblems": o.report.config_problems}
            for o in run.outcomes
        ]
        invocation: dict[str, Any] = {"executionSuccessful": True}
        if notifications:
            invocation["toolExecutionNotifications"] = notifications
        log = {
            "$schema": SARIF_SCHEMA,
            "version": SARIF_VERSION,
            "runs": [{
                "tool": {"driver": {
                    "name": "Rubriq",
                    "version": __version__,
                    "semanticVersion": __version__,
                    "rules": [rule_descriptor(rule, run.rules_base_url) for rule in self.rules],
                }},
                "originalUriBaseIds": {SRCROOT: {"uri": Path.cwd().as_uri().rstrip("/") + "/"}},
                "columnKind": "unicodeCodePoints",
                "invocations": [invocation],
                "results": results,
                "properties": {"profiles": profiles},
            }],
        }
        self.out.write(json.dumps(log, indent=2, ensure_ascii=False) + "\n")
