"""One registry of rule codes.

Each rule is defined once, in one of the area modules of this package (`core.py`, `instruction.py`, ...), with a
markdown definition that hover, diagnostic links, `rubriq explain` and the generated `docs/rules/` pages all reuse.
The registry names no website: a rule's link is `rules_base_url/CODE` when a team configures its docs site, else
the rule's page as a local file (`rubriq.lsp.rule_pages`, `rubriq.formats.sarif`).
Area modules are discovered automatically, in name order, so adding one needs no edit here.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field

from rubriq.core.findings import Severity

Badge = str  # "proxy" | "risk-signal" | ""


@dataclass(frozen=True)
class Rule:
    """A rule: what a finding with this code means, where the method comes from, what a fix targets."""

    code: str
    name: str  # short kebab-case name, e.g. "word-count"
    title: str  # one line, shown in listings
    parameter: str  # the profile parameter its findings count against ("" for prompt-level rules)
    severity: Severity
    definition: str  # markdown: what it checks and how it is computed
    source: str  # the method's origin (paper, documentation), as cited in the research log
    failure_mode: str = ""  # the repair library's failure mode ("" when no repair applies)
    badge: Badge = ""
    rubric: tuple[tuple[int, str], ...] = field(default_factory=tuple)  # (anchor score, wording), e.g. 1-3-5

    def markdown(self) -> str:
        """The rule's full page, shared by hover, `rubriq explain` and docs/rules/."""
        lines = [f"# {self.code} `{self.name}`: {self.title}", ""]
        if self.badge:
            lines += [f"**Badge:** {self.badge}", ""]
        lines += [self.definition.strip(), ""]
        if self.rubric:
            lines += ["**Rubric anchors**", ""]
            lines += [f"- **{score}**: {text}" for score, text in self.rubric]
            lines.append("")
        details = [f"- Parameter: `{self.parameter}`" if self.parameter else "- Parameter: none (prompt-level)"]
        details.append(f"- Default severity: {self.severity.value}")
        if self.failure_mode:
            details.append(f"- Failure mode for repairs: `{self.failure_mode}`")
        details.append(f"- Source: {self.source}")
        return "\n".join(lines + details) + "\n"


_REGISTRY: dict[str, Rule] = {}


def define(
    code: str,
    name: str,
    title: str,
    *,
    parameter: str,
    severity: Severity | str,
    definition: str,
    source: str,
    failure_mode: str = "",
    badge: Badge = "",
    rubric: tuple[tuple[int, str], ...] = (),
) -> Rule:
    """Register a rule. Codes are unique and stable: changing one breaks users' ignore lists."""
    if code in _REGISTRY:
        raise ValueError(f"rule code {code} is defined twice")
    rule = Rule(code, name, title, parameter, Severity(severity), definition, source, failure_mode, badge, rubric)
    _REGISTRY[code] = rule
    return rule


def _load_areas() -> None:
    for module in sorted(m.name for m in pkgutil.iter_modules(__path__)):
        importlib.import_module(f"{__name__}.{module}")


def get_rule(code: str) -> Rule:
    try:
        return _REGISTRY[code]
    except KeyError:
        raise KeyError(f"unknown rule code {code!r}; `rubriq rules` lists them") from None


def find_rule(code: str) -> Rule | None:
    return _REGISTRY.get(code.strip().upper())


def all_rules() -> list[Rule]:
    return sorted(_REGISTRY.values(), key=lambda r: r.code)


_load_areas()
