"""The template contract of the improvement-prompt library (research log, Part 4), over every combination.

Every failure mode (missed_constraint once per constraint subtype) × every task type × every model family is
generated here, with one synthetic finding per failure mode (tests/fixtures/repair/findings.json, data shaped as
the rules write it) and one real prompt per task type (tests/fixtures/repair/<task>.prompt). For each repair:
(a) the failure and its evidence quote are named, (b) a ready-to-paste fragment built from the finding's data is
present, (c) the family's mechanism is used, (d) nothing generic: no two failure modes give the same repair and no
line fits every failure, (e) the gating rules of the sources hold.
"""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pytest

from rubriq.core.families import Family
from rubriq.core.findings import Finding, Severity
from rubriq.core.prompt import PromptDocument, parse_prompt
from rubriq.core.repair import CONSTRAINT_SUBTYPES, FAILURE_MODES, Repair, build_repair
from rubriq.core.repair.facts import quote
from rubriq.core.repair.labels import INSTRUCTION_LABEL, REMINDER_LABEL, REQUIREMENT_LABEL
from rubriq.core.repair.mechanisms import REGISTER_NOTE
from rubriq.core.repair.modes import is_format_repair
from rubriq.core.tasks import TaskType

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "repair"
CASES = json.loads((FIXTURES / "findings.json").read_text(encoding="utf-8"))
PROMPTS = {task: parse_prompt((FIXTURES / f"{task.value}.prompt").read_text(encoding="utf-8")) for task in TaskType}
FAMILIES = list(Family)

GENERIC_ADVICE = ("be more specific", "be clearer", "be clear", "more detail", "improve the quality", "try again",
                  "rephrase your prompt", "make it better")
COT_RE = re.compile(r"step by step|<thinking>|\breasoning\b|\bthink\b", re.IGNORECASE)
PROHIBITION_RE = re.compile(r"\b(?:do not|don't|never|avoid)\b", re.IGNORECASE)
QUOTED_RE = re.compile(r"“[^”]*”")
FEW_SHOT_RULES = ("similar to the real input", "most representative example last", "exactly the same format")


def finding_of(case: dict) -> Finding:
    return Finding(code=case["code"], message=f"synthetic {case['mode']} finding", severity=Severity.WARNING,
                   start=0, end=len(case["evidence"]), evidence=case["evidence"], data=case["data"])


def repair_of(case: dict, prompt: PromptDocument, task: TaskType, family: Family, **kwargs) -> Repair:
    repair = build_repair(finding_of(case), prompt, task, family, failure_mode=case["mode"], **kwargs)
    assert repair is not None
    return repair


def unquoted(text: str) -> str:
    """The repair's own words: quotes of the user's prompt and output removed."""
    return QUOTED_RE.sub("“”", text)


@pytest.fixture(scope="module")
def grid() -> dict[tuple[TaskType, Family], list[tuple[dict, Repair]]]:
    return {(task, family): [(case, repair_of(case, PROMPTS[task], task, family)) for case in CASES]
            for task, family in itertools.product(TaskType, FAMILIES)}


def test_fixtures_cover_every_failure_mode_and_constraint_subtype() -> None:
    assert {case["mode"] for case in CASES} == set(FAILURE_MODES)
    assert {case.get("subtype") for case in CASES if case["mode"] == "missed_constraint"} == set(CONSTRAINT_SUBTYPES)


@pytest.mark.parametrize(("task", "family"), list(itertools.product(TaskType, FAMILIES)))
def test_every_repair_names_the_failure_and_quotes_its_evidence(grid, task, family) -> None:
    for case, repair in grid[(task, family)]:
        assert repair.failure_mode == case["mode"]
        assert case["mode"] in repair.explanation
        assert quote(case["evidence"]) in repair.explanation
        assert repair.title == f"Insert repair prompt for {family.value}"
        if case["mode"] == "missed_constraint":
            assert repair.subtype == case["subtype"] and f"missed_constraint/{case['subtype']}" in repair.explanation


@pytest.mark.parametrize(("task", "family"), list(itertools.product(TaskType, FAMILIES)))
def test_every_repair_carries_a_fragment_built_from_the_finding_data(grid, task, family) -> None:
    prompt = PROMPTS[task]
    for case, repair in grid[(task, family)]:
        assert case["marker"] in repair.fragment, (case["mode"], case.get("subtype"), repair.fragment)
        assert repair.fragment in repair.new_text
        assert repair.fragment in repair.apply(prompt.text)
        assert "\n\n".join(b for b in repair.blocks if b in repair.fragment) == repair.fragment


def _xml_pair(text: str) -> bool:
    return re.search(r"<([a-z_]+)>[\s\S]*?</\1>", text) is not None


@pytest.mark.parametrize(("task", "family"), list(itertools.product(TaskType, FAMILIES)))
def test_every_repair_uses_its_family_mechanism(grid, task, family) -> None:
    prompt = PROMPTS[task]
    last_source = max((block.span.end for block in prompt.sources), default=None)
    for _case, repair in grid[(task, family)]:
        fragment, fmt = repair.fragment, is_format_repair(repair.failure_mode, repair.subtype)
        if family == Family.CLAUDE:
            assert _xml_pair(fragment), fragment
            if fmt and repair.failure_mode != "poor_structure":
                assert "Start your response with:" in fragment or "<example>" in fragment
        elif family == Family.GPT:
            assert "###" in fragment or '"""' in fragment
            assert "Requirement, stated explicitly:" in fragment
        elif family == Family.GEMINI:
            if fmt:
                assert fragment.startswith("Example"), fragment
            assert not PROHIBITION_RE.search(unquoted(fragment)), fragment
            assert repair.replace is None  # the prompt keeps its own words; the repair adds to them
            if last_source is not None:
                assert repair.insert_at == last_source  # context before the question
        elif family in (Family.LLAMA, Family.MISTRAL):
            assert fragment.startswith((INSTRUCTION_LABEL, "System:"))
            assert fragment.split("\n\n")[-1].startswith(f"{REMINDER_LABEL} ")
            assert repair.insert_at == len(prompt.text)  # the constraint repeated at the very end
        else:
            assert not _xml_pair(fragment) and "###" not in fragment
            assert REQUIREMENT_LABEL in fragment


@pytest.mark.parametrize(("task", "family"), list(itertools.product(TaskType, FAMILIES)))
def test_no_two_failure_modes_give_the_same_repair(grid, task, family) -> None:
    fragments = [repair.fragment for _, repair in grid[(task, family)]]
    assert len(set(fragments)) == len(fragments)


@pytest.mark.parametrize(("task", "family"), list(itertools.product(TaskType, FAMILIES)))
def test_no_repair_text_fits_every_failure(grid, task, family) -> None:
    lines_by_mode: dict[str, set[str]] = {}
    for case, repair in grid[(task, family)]:
        lowered = repair.fragment.lower()
        assert not any(advice in lowered for advice in GENERIC_ADVICE), repair.fragment
        lines = {line.strip() for line in repair.fragment.splitlines() if re.search(r"\w{3}", line)}
        lines_by_mode.setdefault(case["mode"], set()).update(lines)
    shared = set.intersection(*lines_by_mode.values())
    assert not shared, shared


@pytest.mark.parametrize(("task", "family"), list(itertools.product(TaskType, FAMILIES)))
def test_chain_of_thought_only_for_weak_reasoning_and_reasoning_before_answer(grid, task, family) -> None:
    for case, repair in grid[(task, family)]:
        own_words = unquoted(repair.fragment)
        if case["mode"] != "weak_reasoning":
            assert not COT_RE.search(own_words), (case["mode"], own_words)
            assert repair.escalation is None
            continue
        lowered = own_words.lower()
        reasoning_at = min(i for i in (lowered.find("step by step"), lowered.find("<thinking>")) if i >= 0)
        assert reasoning_at < lowered.rfind("answer")
        if family == Family.CLAUDE:
            assert lowered.find("<thinking>") < lowered.find("<answer>")


@pytest.mark.parametrize("family", FAMILIES)
def test_self_consistency_is_the_escalation_for_repeated_reasoning_failures(family) -> None:
    case = next(c for c in CASES if c["mode"] == "weak_reasoning")
    prompt = PROMPTS[TaskType.REASONING]
    first = repair_of(case, prompt, TaskType.REASONING, family)
    again = repair_of(case, prompt, TaskType.REASONING, family, repeated=True)
    assert first.escalation and "two different methods" in first.escalation and "compare" in first.escalation
    assert first.escalation not in first.fragment
    assert first.escalation in again.fragment
    assert "2.5 self-consistency" in first.sources


@pytest.mark.parametrize(("task", "family"), list(itertools.product(TaskType, FAMILIES)))
def test_few_shot_templates_carry_the_three_selection_rules(grid, task, family) -> None:
    with_examples = 0
    for _, repair in grid[(task, family)]:
        if re.search(r"^(?:Example|<example>|### Example ###|Output format \(follow exactly\))", repair.fragment,
                     re.MULTILINE):
            with_examples += 1
            assert all(rule in repair.fragment for rule in FEW_SHOT_RULES), repair.fragment
        else:
            assert not any(rule in repair.fragment for rule in FEW_SHOT_RULES)
    assert with_examples >= 5


@pytest.mark.parametrize(("task", "family"), list(itertools.product(TaskType, FAMILIES)))
def test_role_prompts_only_for_wrong_register_and_they_say_what_they_control(grid, task, family) -> None:
    for case, repair in grid[(task, family)]:
        own_words = unquoted(repair.fragment)
        if case["mode"] == "wrong_register":
            assert "You are " in own_words and REGISTER_NOTE in own_words
            assert "2.8 role prompting" in repair.sources
        else:
            assert "You are " not in own_words and "register, not correctness" not in own_words


def test_repairs_are_deterministic() -> None:
    for case in CASES:
        for task in (TaskType.SUMMARIZATION, TaskType.GENERAL):
            built = [repair_of(case, PROMPTS[task], task, Family.GEMINI).model_dump_json() for _ in range(2)]
            assert built[0] == built[1]
