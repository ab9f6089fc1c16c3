"""One registry of rule codes, whose definitions are reused by hover, links and the generated docs."""

import re
from pathlib import Path

from rubriq.cli import write_rule_docs
from rubriq.core.rules import all_rules, find_rule, get_rule
from rubriq.core.tasks import PARAMETERS

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"


def test_codes_are_unique_stable_shaped_and_fully_described():
    rules = all_rules()
    assert len({r.code for r in rules}) == len(rules)
    for rule in rules:
        assert re.fullmatch(r"[A-Z]{2}\d{3}", rule.code), rule.code
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", rule.name), rule.name
        assert rule.title and rule.definition.strip() and rule.source
        assert rule.parameter == "" or rule.parameter in PARAMETERS, (rule.code, rule.parameter)
        assert rule.badge in ("", "proxy", "risk-signal")


def test_rule_page_carries_definition_source_and_badge():
    page = get_rule("FM001").markdown()
    assert page.startswith("# FM001 `front-matter-syntax`")
    assert "Source:" in page and "safe_load" in page


def test_lookup_is_case_insensitive_and_unknown_codes_are_none():
    assert find_rule("fm003") is get_rule("FM003")
    assert find_rule("ZZ999") is None


def test_generated_docs_match_the_registry(tmp_path):
    write_rule_docs(tmp_path)
    generated = {p.name: p.read_text(encoding="utf-8") for p in tmp_path.glob("*.md")}
    committed = {p.name: p.read_text(encoding="utf-8") for p in DOCS.glob("*.md")}
    assert committed == generated, "regenerate with: rubriq rules --write-docs docs/rules"
