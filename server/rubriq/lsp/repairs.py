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


def _edit(repair: Any, title: str, prompt_length: int) -> RepairEdit | None:
    if repair is None:
        return None
    edits = []
    for edit in repair.edits:
        start = max(0, min(int(edit.start), prompt_length))
        end = max(start, min(int(edit.end), prompt_length))
        edits.append((start, end, str(edit.new_text)))
    return RepairEdit(title, tuple(edits)) if edits else None


def repair_edit(view: PairView, finding: Finding, family: Family) -> RepairEdit | None:
    """The library's repair for one finding, as edits of the prompt; None when the rule has no failure mode."""
    try:
        from rubriq.core.repair import build_repair
    except ImportError:
        return None
    try:
        repair = build_repair(finding, view.result.prompt, view.result.task.task, family)
    except Exception as exc:  # a finding the library cannot repair gets no action, the others still do
        log.info("no repair for %s: %s", finding.code, exc)
        return None
    return _edit(repair, repair.title if repair else "", len(view.result.prompt.text))


def combined_edit(view: PairView, findings: list[Finding], family: Family) -> RepairEdit | None:
    """Every repair of `findings` merged into one edit (blocks shared by several repairs written once)."""
    try:
        from rubriq.core.repair import build_repair, merge_repairs
    except ImportError:
        return None
    prompt, task = view.result.prompt, view.result.task.task
    built = []
    for finding in findings:
        try:
            repair = build_repair(finding, prompt, task, family)
        except Exception as exc:
            log.info("no repair for %s: %s", finding.code, exc)
            continue
        if repair is not None:
            built.append(repair)
    if not built:
        return None
    merged = merge_repairs(built, prompt)
    return _edit(merged, f"Insert all repair prompts for {family.value} ({len(built)} findings)", len(prompt.text))
