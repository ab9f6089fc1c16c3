"""The rule pages an editor links to: each rule's page from the registry, as a file the editor can open.

A diagnostic's `codeDescription.href`, the hover's "full rule page" link and the "Show documentation for CODE"
action all open the same page. When `rules_base_url` is set (a team's own docs site), that URL + "/CODE" is the
page. Otherwise the page is `Rule.markdown()`, the text `rubriq rules --write-docs` puts in docs/rules/, written
on first use into Rubriq's cache folder (`$XDG_CACHE_HOME/rubriq/rules/<version>/CODE.md`, else the system's
temporary folder) and rewritten only when the registry's text changed. No folder writable: no link, never a dead one.
"""

from __future__ import annotations

import logging
import os
import tempfile
from pathlib import Path

from rubriq import __version__
from rubriq.core.rules import find_rule
from rubriq.lsp.documents import uri_for_path

log = logging.getLogger(__name__)

_written: dict[str, Path] = {}


def pages_folder() -> list[Path]:
    """Where the pages may go, in order of preference."""
    xdg = os.environ.get("XDG_CACHE_HOME")
    cache = Path(xdg) if xdg else Path.home() / ".cache"
    return [cache / "rubriq" / "rules" / __version__, Path(tempfile.gettempdir()) / "rubriq-rules" / __version__]


def rule_page(code: str) -> Path | None:
    """The local page of a rule code, written if it is missing or out of date; None for an unknown code."""
    rule = find_rule(code)
    if rule is None:
        return None
    if rule.code in _written:
        return _written[rule.code]
    text = rule.markdown()
    for folder in pages_folder():
        page = folder / f"{rule.code}.md"
        try:
            if not page.is_file() or page.read_text(encoding="utf-8") != text:
                folder.mkdir(parents=True, exist_ok=True)
                partial = page.with_suffix(f".{os.getpid()}.tmp")
                partial.write_text(text, encoding="utf-8")
                os.replace(partial, page)  # another server writing the same page never leaves half a file
        except OSError as exc:
            log.info("rule page %s not written in %s: %s", rule.code, folder, exc)
            continue
        _written[rule.code] = page
        return page
    return None


def rule_href(code: str, base_url: str = "") -> str | None:
    """The link for a rule code: `base_url/CODE` when a docs site is configured, else the local page's URI."""
    if base_url.strip():
        return f"{base_url.strip().rstrip('/')}/{code}"
    page = rule_page(code)
    return uri_for_path(page) if page is not None else None


def rule_summary(code: str, limit: int = 260) -> str:
    """The rule in two or three lines: the first paragraph of its definition, cut at a sentence end."""
    rule = find_rule(code)
    if rule is None:
        return ""
    paragraph = " ".join(rule.definition.strip().split("\n\n", 1)[0].split())
    if len(paragraph) <= limit:
        return paragraph
    cut = paragraph.rfind(". ", 0, limit)
    return paragraph[: cut + 1] if cut > limit // 3 else paragraph[: limit - 1].rstrip() + "…"
