"""The repair library (`rubriq.core.repair`) as text edits on the `.prompt`.

A repair says where its text goes in the prompt (an insertion point, or a span it replaces) and what the text is;
this module only turns that into (start, end, new_text) on the prompt text the repair was built from. When the
library is not part of the build, no repair action is offered and the reason is kept for `rubriq.status`.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from rubriq.core.families import Family
from rubriq.core.findings import Finding
from rubriq.lsp.store import PairView

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class RepairEdit:
    title: str
    start: int
    end: int
    new_text: str


def _library() -> Any:
    try:
        from rubriq.core import repair
    except ImportError:
        return None
    return repair if hasattr(repair, "build_repair") else None


def available() -> tuple[bool, str]:
    if _library() is None:
        return False, "the repair library is not part of this build"
    return True, ""


def _span_of(repair: Any) -> tuple[int, int] | None:
    replace = getattr(repair, "replace", None)
    if replace is not None:
        return int(replace.start), int(replace.end)
    insert_at = getattr(repair, "insert_at", None)
    if insert_at is not None:
        return int(insert_at), int(insert_at)
    return None


def _text_of(repair: Any) -> str | None:
    for name in ("new_text", "text", "fragment"):
        value = getattr(repair, name, None)
        if isinstance(value, str) and value:
            return value
    return None


def _edit(repair: Any, title: str, prompt_length: int) -> RepairEdit | None:
    span, text = _span_of(repair), _text_of(repair)
    if repair is None or span is None or text is None:
        return None
    start, end = (max(0, min(value, prompt_length)) for value in span)
    return RepairEdit(title, start, max(start, end), text)


def repair_edit(view: PairView, finding: Finding, family: Family) -> RepairEdit | None:
    library = _library()
    if library is None:
        return None
    try:
        repair = library.build_repair(finding, view.result.prompt, view.result.task.task, family)
    except Exception as exc:  # a finding the library cannot repair gets no action, the others still do
        log.info("no repair for %s: %s", finding.code, exc)
        return None
    mode = getattr(repair, "failure_mode", "") if repair is not None else ""
    title = f"Insert repair prompt for {family.value}" + (f" ({mode})" if mode else "")
    return _edit(repair, title, len(view.result.prompt.text))


def combined_edit(view: PairView, findings: list[Finding], family: Family) -> RepairEdit | None:
    library = _library()
    combine = getattr(library, "combined_repair", None) if library is not None else None
    if combine is None or not findings:
        return None
    try:
        repair = combine(findings, view.result.prompt, view.result.task.task, family)
    except Exception as exc:
        log.info("no combined repair: %s", exc)
        return None
    return _edit(repair, f"Insert all repair prompts for {family.value} ({len(findings)} findings)",
                 len(view.result.prompt.text))
