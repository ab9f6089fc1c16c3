"""Where a repair goes: never in front matter or inside a source, by the family's mechanism, long sources at the
edges (research log 2.7), Gemini's positive statement of a prohibition (beside the prompt's own sentence), and the
fix-all edit without repeated text."""

from __future__ import annotations

import itertools
import json
import re
from collections import Counter
from pathlib import Path

import pytest

from rubriq.core.families import Family
from rubriq.core.findings import Finding, Severity
from rubriq.core.prompt import PromptDocument, parse_prompt
from rubriq.core.repair import Repair, build_repair, merge_repairs
from rubriq.core.repair.facts import LONG_SOURCE_WORDS
from rubriq.core.tasks import TaskType

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "repair"
CASES = json.loads((FIXTURES / "findings.json").read_text(encoding="utf-8"))
EXAMPLE_BLOCK_RE = re.compile(r"^(?:<example>|### Example ###|Example|Output format \(follow exactly\))")
# Delimiters and headings repeat by design ("### Example ###", "Key passage from the source:", "End of example.").
STRUCTURAL_RE = re.compile(r"^(?:</?[\w-]+>|### .* ###|[A-Z][^.:!?\n]{0,60}:|End of (?:example|format)\.)$")
PROMPTS = {task: parse_prompt((FIXTURES / f"{task.value}.prompt").read_text(encoding="utf-8")) for task in TaskType}


def finding_of(case: dict) -> Finding:
    return Finding(code=case["code"], message=f"synthetic {case['mode']} finding", severity=Severity.WARNING,
                   start=0, end=len(case["evidence"]), evidence=case["evidence"], data=case["data"])


def repair_of(case: dict, prompt: PromptDocument, task: TaskType, family: Family) -> Repair:
    repair = build_repair(finding_of(case), prompt, task, family, failure_mode=case["mode"])
    assert repair is not None
    return repair


def case_for(mode: str, subtype: str | None = None) -> dict:
    return next(c for c in CASES if c["mode"] == mode and c.get("subtype") == subtype)


def long_source_prompt(request_first: bool = True) -> PromptDocument:
    """A meeting transcript of well over LONG_SOURCE_WORDS words, the request before it (or after it), the
    constraints after it."""
    topics = ["budget", "hiring", "security review", "office move", "customer churn", "roadmap", "on-call rota",
              "vendor contract", "training plan", "quarterly targets"]
    sentences = [f"Item {i}: the team discussed the {topics[i % len(topics)]} and agreed that owner number {i} "
                 f"reports back on it by week {i % 12 + 1}, after checking figures with finance and legal."
                 for i in range(1, 45)]
    request = "Summarize the meeting transcript for the leadership team.\n\n"
    transcript = "<transcript>\n" + "\n".join(sentences) + "\n</transcript>\n\n"
    body = request + transcript if request_first else transcript + request
    constraints = "Use at most 120 words. Mention every owner who has a deadline.\n"
    text = "---\nmodel: claude-3-opus\n---\n" + body + constraints
    prompt = parse_prompt(text)
    assert sum(len(b.text.split()) for b in prompt.sources) >= LONG_SOURCE_WORDS
    return prompt


@pytest.mark.parametrize(("task", "family"), list(itertools.product(TaskType, Family)))
def test_repairs_never_land_in_front_matter_or_inside_a_source(task, family) -> None:
    prompt = PROMPTS[task]
    for case in CASES:
        repair = repair_of(case, prompt, task, family)
        for edit in repair.edits:
            assert edit.start >= prompt.body_start
            for block in prompt.sources:
                assert not (block.span.start < edit.start < block.span.end)
                assert not (block.span.start < edit.end < block.span.end)
        applied = parse_prompt(repair.apply(prompt.text))
        assert applied.front_matter == prompt.front_matter
        assert applied.front_matter_span == prompt.front_matter_span
        for block in prompt.sources:
            assert block.text in applied.text


def test_each_family_places_the_fragment_by_its_mechanism() -> None:
    prompt, task = PROMPTS[TaskType.SUMMARIZATION], TaskType.SUMMARIZATION
    (article,) = prompt.sources
    verbosity, unfaithful = case_for("verbosity"), case_for("unfaithful_content")
    # Claude: documents first, instructions after.
    assert repair_of(verbosity, prompt, task, Family.CLAUDE).insert_at == len(prompt.text)
    # GPT: instructions first, at the end of the task they belong to (before the article, never above the request);
    # grounded repairs follow the reference text.
    task_end = prompt.text.index('"groundbreaking".') + len('"groundbreaking".')
    assert repair_of(verbosity, prompt, task, Family.GPT).insert_at == task_end < article.span.start
    gpt_grounded = repair_of(unfaithful, prompt, task, Family.GPT)
    assert gpt_grounded.insert_at == article.span.end
    assert gpt_grounded.fragment.startswith('### Reference text ###\n"""\n')
    # Gemini: after the context.
    assert repair_of(verbosity, prompt, task, Family.GEMINI).insert_at == article.span.end
    # Open weights: the very end, the constraint repeated last.
    llama = repair_of(verbosity, prompt, task, Family.LLAMA)
    assert llama.insert_at == len(prompt.text) and llama.apply(prompt.text).rstrip().endswith(
        llama.fragment.split("\n\n")[-1])


def test_inserted_fragment_stands_as_its_own_paragraph() -> None:
    prompt = PROMPTS[TaskType.OPEN_QA]
    for family in Family:
        repair = repair_of(case_for("hallucination_risk"), prompt, TaskType.OPEN_QA, family)
        applied = repair.apply(prompt.text)
        at = applied.index(repair.fragment)
        before, after = applied[:at], applied[at + len(repair.fragment):]
        assert before == prompt.text[: prompt.body_start] or before.endswith("\n\n")
        assert after in ("\n",) or after.startswith("\n\n")


def test_gemini_states_the_prompts_own_prohibition_as_a_positive_instruction_and_keeps_it() -> None:
    prompt, task = PROMPTS[TaskType.SUMMARIZATION], TaskType.SUMMARIZATION
    (article,) = prompt.sources
    repair = repair_of(case_for("missed_constraint", "keyword"), prompt, task, Family.GEMINI)
    assert repair.replace is None and repair.insert_at == article.span.end  # after the context, as every Gemini block
    applied = repair.apply(prompt.text)
    assert 'Do not use the word "groundbreaking".' in applied  # Rubriq still reads, and checks, the user's sentence
    assert "Use other words in place of “groundbreaking”" in repair.fragment
    assert 'prohibition “Do not use the word "groundbreaking".” as a positive instruction' in repair.explanation
    assert repair.title == "Insert repair prompt for gemini"


@pytest.mark.parametrize("family", list(Family))
@pytest.mark.parametrize("mode", ["unfaithful_content", "incomplete_coverage"])
@pytest.mark.parametrize("request_first", [True, False])
def test_long_source_repairs_move_key_material_to_the_edges_and_repeat_constraints(family, mode, request_first) -> None:
    prompt = long_source_prompt(request_first)
    task_line = "Summarize the meeting transcript for the leadership team."
    repair = repair_of(case_for(mode), prompt, TaskType.SUMMARIZATION, family)
    if request_first:
        assert repair.lead is None  # the request already stands at the start edge
    else:
        assert repair.lead is not None and repair.lead.start == prompt.body_start
        assert task_line in repair.lead.new_text
    assert repair.insert_at == len(prompt.text)
    tail = repair.fragment[-600:]
    assert "Use at most 120 words." in tail and "Mention every owner who has a deadline." in tail and task_line in tail
    assert "2.7 Lost in the Middle" in repair.sources
    applied = repair.apply(prompt.text)
    assert applied.startswith(prompt.text[: prompt.body_start])  # front matter untouched
    assert applied.index(task_line) < applied.index("<transcript>")
    assert applied.rindex(task_line) > applied.index("</transcript>")


@pytest.mark.parametrize("mode", ["verbosity", "hallucination_risk", "low_diversity"])
def test_other_failures_on_long_sources_do_not_restructure_the_prompt(mode) -> None:
    repair = repair_of(case_for(mode), long_source_prompt(), TaskType.SUMMARIZATION, Family.CLAUDE)
    assert repair.lead is None and "2.7 Lost in the Middle" not in repair.sources


def test_short_source_faithfulness_repair_stays_a_single_insertion() -> None:
    repair = repair_of(case_for("unfaithful_content"), PROMPTS[TaskType.SUMMARIZATION], TaskType.SUMMARIZATION,
                       Family.CLAUDE)
    assert repair.lead is None and len(repair.edits) == 1


@pytest.mark.parametrize("family", list(Family))
def test_fix_all_is_one_edit_that_writes_every_block_once(family) -> None:
    prompt, task = long_source_prompt(), TaskType.SUMMARIZATION
    repairs = [repair_of(case, prompt, task, family) for case in CASES]
    repairs.append(repair_of(case_for("unfaithful_content"), prompt, task, family))  # the same finding twice
    combined = merge_repairs(repairs, prompt)
    assert combined is not None and combined.replace is not None and len(combined.edits) == 1
    applied = combined.apply(prompt.text)
    lines = Counter(line.strip() for line in applied.split("\n"))
    for repair in repairs:
        for block in repair.blocks:
            if EXAMPLE_BLOCK_RE.match(block):
                assert applied.count(block) == 1, block
                continue
            for line in block.split("\n"):
                if len(line.split()) >= 3 and not STRUCTURAL_RE.match(line.strip()):
                    assert lines[line.strip()] == 1, line
    assert applied.startswith(prompt.text[: prompt.body_start])
    assert parse_prompt(applied).front_matter == prompt.front_matter
    assert combined.title == f"Apply all {len(repairs)} repair prompts for {family.value}"
    for repair in repairs:
        assert repair.failure_mode in combined.explanation


def test_fix_all_keeps_the_source_and_instructions_of_the_prompt() -> None:
    prompt, task = PROMPTS[TaskType.EXTRACTION], TaskType.EXTRACTION
    for family in Family:
        combined = merge_repairs([repair_of(case, prompt, task, family) for case in CASES], prompt)
        applied = combined.apply(prompt.text)
        assert prompt.sources[0].text in applied
        assert "Extract the fields name, email and start_date" in applied


def test_merge_of_nothing_is_none() -> None:
    assert merge_repairs([], PROMPTS[TaskType.GENERAL]) is None


def test_fix_all_states_a_prohibition_positively_once_even_when_two_findings_ask_for_it() -> None:
    prompt, task = PROMPTS[TaskType.SUMMARIZATION], TaskType.SUMMARIZATION
    keyword = case_for("missed_constraint", "keyword")
    repairs = [repair_of(keyword, prompt, task, Family.GEMINI), repair_of(keyword, prompt, task, Family.GEMINI),
               repair_of(case_for("verbosity"), prompt, task, Family.GEMINI)]
    applied = merge_repairs(repairs, prompt).apply(prompt.text)
    assert applied.count('Do not use the word "groundbreaking".') == 1
    assert applied.count("Use other words in place of “groundbreaking”") == 1
    assert applied.count("Keep the summary to about 150 words") == 1
    assert prompt.sources[0].text in applied
