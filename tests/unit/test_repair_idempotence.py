"""Repairs a person can apply without cleaning up after them: applied twice they leave one copy, "insert all"
writes each repair once, the user's list markers are kept, the text is for the model alone, and it lands where
the mechanism says (end of the task, the system part, the prompt's instruction tags), never above the request."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from rubriq.core.families import Family
from rubriq.core.findings import Finding, Severity
from rubriq.core.prompt import parse_prompt
from rubriq.core.repair import build_repair, merge_repairs
from rubriq.core.tasks import TaskType
from rubriq.core.text import Span

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "repair"
CASES = json.loads((FIXTURES / "findings.json").read_text(encoding="utf-8"))
SUMMARY = (FIXTURES / "summarization.prompt").read_text(encoding="utf-8")


def finding_of(case: dict) -> Finding:
    return Finding(code=case["code"], message="m", severity=Severity.WARNING, start=0, end=len(case["evidence"]),
                   evidence=case["evidence"], data=case["data"])


def repair(case: dict, text: str, family: Family, task: TaskType = TaskType.SUMMARIZATION):
    built = build_repair(finding_of(case), parse_prompt(text), task, family, failure_mode=case["mode"])
    assert built is not None
    return built


def significant_lines(text: str) -> Counter:
    """Lines of wording (delimiters such as "### Example ###", "Example:" or "End of example." repeat by design)."""
    return Counter(line.strip() for line in text.split("\n") if len(line.split()) >= 3
                   and not re.match(r"^(?:### .* ###|.*:|End of (?:example|format)\.)$", line.strip()))


@pytest.mark.parametrize("family", list(Family))
@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['mode']}-{c.get('subtype')}")
def test_a_repair_applied_twice_leaves_one_copy(case: dict, family: Family) -> None:
    once = repair(case, SUMMARY, family).apply(SUMMARY)
    again = repair(case, once, family)
    assert again.already_in_prompt and again.edits == [] and again.apply(once) == once
    assert again.present_at is not None and once[again.present_at[0]:].strip()


@pytest.mark.parametrize("family", list(Family))
def test_insert_all_twice_inserts_each_repair_once(family: Family) -> None:
    repairs = [repair(case, SUMMARY, family) for case in CASES]
    once = merge_repairs(repairs, parse_prompt(SUMMARY)).apply(SUMMARY)
    assert merge_repairs([repair(case, once, family) for case in CASES], parse_prompt(once)) is None
    added = significant_lines(once) - significant_lines(SUMMARY)
    assert all(count == 1 for count in added.values()), [line for line, n in added.items() if n > 1]


@pytest.mark.parametrize("family", list(Family))
def test_insert_all_after_one_repair_does_not_insert_that_repair_again(family: Family) -> None:
    first = repair(CASES[2], SUMMARY, family)  # the word limit
    after_one = first.apply(SUMMARY)
    combined = merge_repairs([repair(case, after_one, family) for case in CASES], parse_prompt(after_one))
    applied = combined.apply(after_one)
    for block in first.blocks:
        assert applied.count(block) == 1, block


def test_the_user_s_bullet_marker_is_kept() -> None:
    text = "Plan my week in Lisbon.\n\n* one idea per day\n* keep it short\n"
    structure = next(c for c in CASES if c["mode"] == "poor_structure")
    fragment = repair(structure, text, Family.GENERIC, TaskType.GENERAL).fragment
    assert re.search(r"^\* …$", fragment, re.MULTILINE) and not re.search(r"^- ", fragment, re.MULTILINE)
    dashes = repair(structure, "Plan my week in Lisbon.\n\n- one idea per day\n", Family.GENERIC, TaskType.GENERAL)
    assert re.search(r"^- …$", dashes.fragment, re.MULTILINE)


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['mode']}-{c.get('subtype')}")
def test_gpt_repairs_number_steps_only_when_there_are_several(case: dict) -> None:
    fragment = repair(case, SUMMARY, Family.GPT).fragment
    numbers = re.findall(r"^(\d+)\. ", fragment, re.MULTILINE)
    assert numbers == [] or (len(numbers) >= 2 and numbers[0] == "1"), fragment


@pytest.mark.parametrize("family", list(Family))
@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['mode']}-{c.get('subtype')}")
def test_inserted_text_speaks_to_the_model_not_to_the_prompt_s_author(case: dict, family: Family) -> None:
    built = repair(case, SUMMARY, family)
    assert "When you add more examples" not in built.fragment
    assert "add more examples" not in built.new_text.lower()
    if "About the example" in built.fragment:
        assert "When you add more examples" in built.explanation


@pytest.mark.parametrize("family", [Family.GPT, Family.GEMINI, Family.GENERIC, Family.CLAUDE])
def test_a_repair_never_lands_above_the_request(family: Family) -> None:
    text = "Explain how tides work, in at most 80 words.\n\nKeep it friendly.\n"
    for case in CASES:
        built = repair(case, text, family, TaskType.OPEN_QA)
        for edit in built.edits:
            assert edit.start >= text.index("in at most 80 words."), (case["mode"], family)


def test_a_role_repair_goes_into_the_prompt_s_system_part() -> None:
    text = "System: You write for the city's newsletter.\n\nUser: Summarize the article below.\n\n" \
           "<article>\nThe library stays open.\n</article>\n"
    register = next(c for c in CASES if c["mode"] == "wrong_register")
    built = repair(register, text, Family.CLAUDE)
    assert built.insert_at == text.index("newsletter.") + len("newsletter.")
    applied = built.apply(text)
    assert applied.index("<role>") < applied.index("User:")


def test_claude_repairs_go_into_the_prompt_s_own_instruction_tags() -> None:
    text = "<article>\nThe library stays open.\n</article>\n\n<instructions>\nSummarize the article.\n" \
           "</instructions>\n\nThanks!\n"
    verbosity = next(c for c in CASES if c["mode"] == "verbosity")
    built = repair(verbosity, text, Family.CLAUDE)
    applied = built.apply(text)
    assert applied.index("Summarize the article.") < applied.index("<brevity>") < applied.index("</instructions>")


OTHER_SENTENCE = "The council also promised free parking on every Sunday of the year."


def on_another_sentence(case: dict) -> dict:
    """The same finding on another sentence of the output: its repair shares the requirement line, not the rest."""
    data = {key: OTHER_SENTENCE if value == case["evidence"] or key in ("sentence", "unsupported") else value
            for key, value in case["data"].items()}
    return {**case, "evidence": OTHER_SENTENCE, "data": data}


def unrecognised_words(text: str, blocks: tuple[str, ...]) -> list[str]:
    """Words of the inserted blocks that Rubriq, reading the prompt, does not know for its own."""
    doc = parse_prompt(text)
    words = []
    for block in blocks:
        at = text.find(block)
        assert at >= 0, block
        for word in re.finditer(r"\S+", block):
            span = Span(at + word.start(), at + word.end())
            if not any(own.contains(span) for own in doc.own_blocks):
                words.append(word.group())
    return words


@pytest.mark.parametrize("family", list(Family))
def test_insert_all_keeps_every_block_recognisable_when_two_findings_share_a_requirement(family: Family) -> None:
    """Two findings of one failure mode: the second repair's requirement line is written once, by the first, and
    its block keeps its label, so Rubriq still knows the whole block for its own (not the user's source, task or
    instructions); insert all twice inserts nothing the second time."""
    repairs = [built for case in CASES for built in (repair(case, SUMMARY, family),
                                                      repair(on_another_sentence(case), SUMMARY, family))]
    combined = merge_repairs(repairs, parse_prompt(SUMMARY))
    applied = combined.apply(SUMMARY)
    assert not unrecognised_words(applied, combined.blocks)
    assert parse_prompt(applied).reading_view.split() == parse_prompt(SUMMARY).reading_view.split()
    again = [repair(case, applied, family) for case in CASES] + \
        [repair(on_another_sentence(case), applied, family) for case in CASES]
    assert merge_repairs(again, parse_prompt(applied)) is None
    added = significant_lines(applied) - significant_lines(SUMMARY)
    assert all(count == 1 for count in added.values()), [line for line, n in added.items() if n > 1]
