"""Findings that report one problem twice, merged into one.

Two metrics sometimes see the same defect from different sides: an answer of 89 words where the prompt allows 40
breaks the length constraint (IF, subtype "length") and is longer than warranted (CN001); a changed number is a
value that conflicts with the source (FA002) inside a sentence the source does not support (FA001). A reader
wants one entry per problem, on the most specific span, from the rule that states it most exactly. The rules,
each "loser → winner":

    CN001 → the output's length-constraint finding (any `data["subtype"] == "length"` finding on the output):
            the stated limit is the more exact statement of "too long".
    FA001 → the first FA002 whose span lies inside the FA001 sentence: the conflicting value is the reason the
            sentence is unsupported, and it has the exact span.
    CG007 → the IF046 (standard library only) or IF047 (module ruled out) finding on the same import: the prompt
            ruled the import out, a more exact statement than "cannot be verified here".
    a finding identical to an earlier one (same code, side, span and message) → that earlier finding.

The winner keeps its own code, span, message and data and lists what it absorbed under `data["merged"]` (each
absorbed finding whole, as JSON), so a hover can still say "also reported as CN001". Order is preserved; nothing else
changes, so the result stays deterministic.
"""

from __future__ import annotations

from rubriq.core.findings import Finding

MERGED_KEY = "merged"
IMPORT_RULED_OUT = ("IF046", "IF047")  # the prompt's "standard library only" and "don't use X" on an import


def _is_length_constraint(finding: Finding) -> bool:
    return finding.where == "output" and finding.code.startswith("IF") and finding.data.get("subtype") == "length"


def _inside(inner: Finding, outer: Finding) -> bool:
    return inner.where == outer.where and outer.start <= inner.start and inner.end <= outer.end


def _winner_for(loser: Finding, findings: list[Finding]) -> int | None:
    """Index of the finding that absorbs `loser`, or None when it stands on its own."""
    if loser.where != "output":
        return None
    if loser.code == "CN001":
        candidates = [i for i, f in enumerate(findings) if _is_length_constraint(f)]
        if candidates:  # the one that overlaps the over-long part most, else the first
            return max(candidates, key=lambda i: (min(findings[i].end, loser.end) - max(findings[i].start,
                                                                                     loser.start), -i))
    if loser.code == "FA001":
        for index, finding in enumerate(findings):
            if finding.code == "FA002" and _inside(finding, loser):
                return index
    if loser.code == "CG007":
        for index, finding in enumerate(findings):
            if finding.code in IMPORT_RULED_OUT and finding.where == loser.where and finding.start < loser.end \
                    and loser.start < finding.end:
                return index
    return None


def merge_overlaps(findings: list[Finding]) -> list[Finding]:
    """The findings with each one that repeats another's problem folded into it (see the module docstring)."""
    kept: list[Finding] = []
    absorbed: dict[int, list[Finding]] = {}
    seen: dict[tuple[str, str, int, int, str], int] = {}
    winners = {i: _winner_for(f, findings) for i, f in enumerate(findings)}
    position: dict[int, int] = {}  # index in `findings` → index in `kept`
    for index, finding in enumerate(findings):
        key = (finding.code, finding.where, finding.start, finding.end, finding.message)
        if key in seen:
            position[index] = position[seen[key]]  # a repeat: whatever it would absorb goes to the first
            continue
        if winners[index] is not None:
            absorbed.setdefault(winners[index], []).append(finding)  # type: ignore[arg-type]
            continue
        seen[key] = index
        position[index] = len(kept)
        kept.append(finding)
    for winner, losers in absorbed.items():
        at = position[winner]
        finding = kept[at]
        merged = [*finding.data.get(MERGED_KEY, []), *(f.model_dump(mode="json") for f in losers)]
        kept[at] = finding.model_copy(update={"data": {**finding.data, MERGED_KEY: merged}})
    return kept
