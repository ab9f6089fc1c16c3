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
    edits: tuple[tuple[int, int, str], ...]  # (start, end, new_text) into the prompt text, in prompt order


def available() -> tuple[bool, str]:
    try:
        import rubriq.core.repair  # noqa: F401
    except ImportError:
        return False, "the repair library is not part of this build"
    return True, ""


def as_edit(repair: Any, title: str, prompt_length: int) -> RepairEdit | None:
    """A library repair as (start, end, new_text) edits, clamped to the prompt; None when there is nothing to write."""
    if repair is None:
        return None
    edits = []
    for edit in repair.edits:
        start = max(0, min(int(edit.start), prompt_length))
        end = max(start, min(int(edit.end), prompt_length))
        edits.append((start, end, str(edit.new_text)))
    return RepairEdit(title, tuple(edits)) if edits else None


def build(view: PairView, finding: Finding, family: Family) -> Any:
    """The library's repair for one finding (possibly `already_in_prompt`); None when the rule has no failure mode."""
    try:
        from rubriq.core.repair import build_repair
    except ImportError:
        return None
    try:
        return build_repair(finding, view.result.prompt, view.result.task.task, family)
    except Exception as exc:  # a finding the library cannot repair gets no action, the others still do
        log.info("no repair for %s: %s", finding.code, exc)
        return None


def repair_edit(view: PairView, finding: Finding, family: Family) -> RepairEdit | None:
    """The library's repair for one finding, as edits of the prompt; None when there is nothing to insert."""
    repair = build(view, finding, family)
    return as_edit(repair, repair.title if repair else "", len(view.result.prompt.text))


def combined_edit(view: PairView, findings: list[Finding], family: Family) -> RepairEdit | None:
    """Every repair of `findings` not yet in the prompt, merged into one edit (blocks shared by several repairs
    written once)."""
    try:
        from rubriq.core.repair import merge_repairs
    except ImportError:
        return None
    built = [r for r in (build(view, finding, family) for finding in findings)
             if r is not None and not r.already_in_prompt]
    if not built:
        return None
    merged = merge_repairs(built, view.result.prompt)
    count = len({r.code + r.fragment for r in built})
    return as_edit(merged, f"Insert all repair prompts for {family.value} ({count} findings)",
                   len(view.result.prompt.text))
