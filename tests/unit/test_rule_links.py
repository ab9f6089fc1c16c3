"""Rule links point at pages that exist: the registry names no website of its own (there is none); a configured
docs site (`rules_base_url`) is followed, and without one the editor opens the rule's page as a local file."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlparse

from rubriq.core.rules import Rule, all_rules
from rubriq.lsp.rule_pages import rule_href

PACKAGE = Path(__file__).resolve().parents[2] / "server" / "rubriq"


def test_no_rule_carries_a_link_of_its_own() -> None:
    assert not hasattr(Rule, "href")
    for rule in all_rules():
        assert not re.search(r"https?://rubriq\.", rule.markdown()), rule.code


def test_the_engine_names_no_rubriq_website() -> None:
    core = [path for path in (PACKAGE / "core").rglob("*.py") if "rubriq.dev" in path.read_text(encoding="utf-8")]
    assert core == []


def test_an_editor_link_is_the_configured_site_or_else_the_local_page() -> None:
    assert rule_href("IF001", "https://docs.example.org/rubriq/rules/") == "https://docs.example.org/rubriq/rules/IF001"
    local = rule_href("IF001", "")
    assert local is not None and urlparse(local).scheme == "file" and Path(urlparse(local).path).is_file()
