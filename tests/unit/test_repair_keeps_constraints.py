"""A repair never makes a constraint of the prompt uncheckable: after any repair of any family is applied (one by
one, or all at once), every constraint Rubriq extracted from the prompt before is still extracted, with the same
kind and parameters. Rubriq checks the repaired prompt for the very constraint whose failure the repair is about.

The prompts are real: the fixture prompt of every task type (tests/fixtures/repair) and the prompts of the
hand-written corpus (tests/corpus/prompts) that state a constraint, each with two of the families. The findings are
shaped as the instruction-following metric writes them (`rubriq.core.metrics.instruction_following`), one per
extracted constraint, so every constraint subtype the prompts state is repaired; the fixture findings add the
failure modes of the model tiers (faithfulness, coverage, register ...) and the subtypes no corpus prompt states."""

from __future__ import annotations

import functools
import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from rubriq.core.constraints import Constraint, extract_constraints
from rubriq.core.families import Family
from rubriq.core.findings import Finding, Severity
from rubriq.core.prompt import PromptDocument, parse_prompt
from rubriq.core.repair import CONSTRAINT_SUBTYPES, Repair, build_repair, merge_repairs
from rubriq.core.rules.instruction import CODE_FOR_KIND
from rubriq.core.tasks import TaskType, detect_task

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "fixtures" / "repair"
CASES = json.loads((FIXTURES / "findings.json").read_text(encoding="utf-8"))
FIXTURE_PROMPTS = sorted(FIXTURES.glob("*.prompt"))
CORPUS_PROMPTS = sorted((ROOT / "corpus" / "prompts").glob("*.prompt"))
FAMILIES = list(Family)

DO_NOT_USE = ('Summarize the article below in at most 80 words for a general audience. Do not use the word '
              '"groundbreaking".\n\n<article>\nThe city council voted on Tuesday to expand the bike-lane network by 40 '
              'kilometres over the next three years.\n</article>\n')


def constraint_finding(constraint: Constraint, prompt_text: str) -> Finding:
    """The finding the instruction-following metric writes for a failed constraint (its `data` keys)."""
    data: dict[str, Any] = {
        "kind": constraint.kind, "subtype": constraint.subtype, "params": dict(constraint.params),
        "constraint": constraint.wording, "prompt_start": constraint.span.start, "prompt_end": constraint.span.end,
        "quote": " ".join(constraint.span.slice(prompt_text).split()), "confidence": constraint.confidence,
        "measured": None, "loose_pass": False, "occurrences": 1,
    }
    return Finding(code=CODE_FOR_KIND[constraint.kind], message=f"breaks: {constraint.wording}",
                   severity=Severity.WARNING, start=0, end=9, evidence="An answer", data=data)


def fixture_finding(case: dict) -> Finding:
    return Finding(code=case["code"], message="m", severity=Severity.WARNING, start=0, end=len(case["evidence"]),
                   evidence=case["evidence"], data=case["data"])


def prompts_for(family: Family) -> list[Path]:
    """Every fixture prompt, and two families per corpus prompt, chosen by a hash of its name: every family meets
    about a third of the corpus (extracting constraints of a repaired prompt is the cost of this test)."""
    chosen = []
    for path in CORPUS_PROMPTS:
        h = int.from_bytes(hashlib.sha256(path.stem.encode("utf-8")).digest()[:4], "big")
        first = h % len(FAMILIES)
        second = (first + 1 + (h // len(FAMILIES)) % (len(FAMILIES) - 1)) % len(FAMILIES)
        if family in (FAMILIES[first], FAMILIES[second]):
            chosen.append(path)
    return FIXTURE_PROMPTS + chosen


def constraint_keys(text: str) -> set[tuple[str, str]]:
    return {constraint.key() for constraint in extract_constraints(parse_prompt(text))}


@functools.cache
def prompt_with_constraints(path: Path) -> tuple[PromptDocument, TaskType, list[Constraint]] | None:
    doc = parse_prompt(path.read_text(encoding="utf-8"))
    constraints = extract_constraints(doc)
    return (doc, detect_task(doc).task, constraints) if constraints else None


# Fixture findings whose repairs land at places of their own (after the source, in the system part, at the edges of
# a long source): a corpus prompt's "insert all" holds these beside its constraints' repairs; a fixture prompt's all.
PLACES = frozenset({"unfaithful_content", "wrong_register", "verbosity"})


@functools.cache
def repairs_of(path: Path, family: Family) -> tuple[list[Repair], list[Repair]]:
    """The repairs to apply one by one (each constraint's, and on a fixture prompt each missed-constraint
    fixture's), and every repair for "insert all"."""
    read = prompt_with_constraints(path)
    assert read is not None
    doc, task, constraints = read
    fixture = path in FIXTURE_PROMPTS
    built = [build_repair(constraint_finding(c, doc.text), doc, task, family) for c in constraints]
    alone = [r for r in built if r is not None and not r.already_in_prompt]
    for case in CASES:
        if fixture or case["mode"] in PLACES:
            repair = build_repair(fixture_finding(case), doc, task, family, failure_mode=case["mode"])
            if repair is not None and not repair.already_in_prompt:
                built.append(repair)
                if fixture and case["mode"] == "missed_constraint":
                    alone.append(repair)
    return alone, [r for r in built if r is not None and not r.already_in_prompt]


def lost_constraints(before: set[tuple[str, str]], repaired_text: str) -> set[tuple[str, str]]:
    return before - constraint_keys(repaired_text)


@pytest.mark.parametrize("family", FAMILIES)
def test_every_constraint_is_still_read_after_any_repair_of_the_prompt(family: Family) -> None:
    """Each constraint's repair applied alone, and every repair at once ("insert all": every block, at every place
    the library inserts at)."""
    checked = 0
    for path in prompts_for(family):
        read = prompt_with_constraints(path)
        if read is None:
            continue
        doc, _, constraints = read
        before = {c.key() for c in constraints}
        alone, every = repairs_of(path, family)
        for repair in alone:
            assert not lost_constraints(before, repair.apply(doc.text)), (path.name, repair.title, repair.fragment)
            checked += 1
        combined = merge_repairs(every, doc)
        assert combined is not None
        assert not lost_constraints(before, combined.apply(doc.text)), (path.name, "insert all")
    assert checked >= 80


def test_the_grid_repairs_every_constraint_subtype_for_every_family() -> None:
    """The test above applies, for every family, a repair of every constraint subtype the library repairs, and the
    corpus's own constraints reach every subtype but the two no prompt of it states (its format constraints are
    repaired as format violations, their rules' failure mode)."""
    from_corpus: set[str] = set()
    for family in FAMILIES:
        applied: set[str] = set()
        for path in prompts_for(family):
            if prompt_with_constraints(path) is None:
                continue
            alone, _ = repairs_of(path, family)
            applied.update(r.subtype or r.failure_mode for r in alone)
            if path not in FIXTURE_PROMPTS:
                from_corpus.update(r.subtype or r.failure_mode for r in alone)
        assert set(CONSTRAINT_SUBTYPES) <= applied, family
    assert set(CONSTRAINT_SUBTYPES) - {"format", "audience"} | {"format_violation"} <= from_corpus


def test_gemini_states_a_prohibition_positively_and_keeps_the_prompts_own_sentence() -> None:
    """Gemini follows "do X" more reliably than "don't do Y" (research log 2.3): its repair is a positive
    instruction, and the user's "Do not use the word ..." stays, so Rubriq still checks the forbidden word."""
    doc = parse_prompt(DO_NOT_USE)
    (forbidden,) = [c for c in extract_constraints(doc) if c.kind == "keywords:forbidden_words"]
    repair = build_repair(constraint_finding(forbidden, DO_NOT_USE), doc, TaskType.SUMMARIZATION, Family.GEMINI)
    assert repair is not None and repair.replace is None
    applied = repair.apply(DO_NOT_USE)
    assert 'Do not use the word "groundbreaking".' in applied
    assert "Use other words in place of “groundbreaking”" in repair.fragment
    after = [c for c in extract_constraints(parse_prompt(applied)) if c.kind == "keywords:forbidden_words"]
    assert [c.params for c in after][:1] == [forbidden.params]
    assert after[0].span == forbidden.span  # the user's own sentence, not only the repair's wording
