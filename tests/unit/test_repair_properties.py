"""Properties of repairs over generated prompts: whatever the prompt's layout, a repair lands outside its front
matter and sources, keeps them intact, and is the same every time."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from rubriq.core.families import Family
from rubriq.core.findings import Finding, Severity
from rubriq.core.prompt import parse_prompt
from rubriq.core.repair import build_repair, merge_repairs
from rubriq.core.tasks import TaskType
from rubriq.core.text import Span

CASES = json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "repair" / "findings.json").read_text("utf-8"))

FRONT_MATTER = st.sampled_from(["", "---\nmodel: claude-3-haiku\n---\n", "---\nfamily: gemini\ntask: extraction\n---\n",
                                "---\n---\n", "---\nmodle: typo\n---\n"])
INSTRUCTIONS = st.sampled_from([
    "Summarize the text in at most 50 words.", "Do not use the word \"synergy\".", "Answer in Spanish.",
    "What does the report say about costs?", "Return the fields name and date as JSON.",
    "Write a limerick about a cat.", "Explain it to a ten-year-old.", "Never mention competitors.",
])
SOURCES = st.sampled_from([
    "<document>\nThe plant opened in 2019. It employs 240 people and exports to nine countries.\n</document>",
    "```\nERROR 42 at line 7: connection refused\n```",
    '"""\nDear Sam, the meeting moved to Friday at 10am in room B.\n"""',
    "Text: Ocean temperatures rose by 0.6 degrees over the decade, according to the agency.",
    "",
])


@st.composite
def prompts(draw: st.DrawFn) -> str:
    parts = draw(st.lists(st.one_of(INSTRUCTIONS, SOURCES), min_size=1, max_size=5))
    separator = draw(st.sampled_from(["\n\n", "\n", " "]))
    return draw(FRONT_MATTER) + separator.join(p for p in parts if p) + draw(st.sampled_from(["", "\n", "\n\n"]))


def finding_of(case: dict) -> Finding:
    return Finding(code=case["code"], message="m", severity=Severity.WARNING, start=0, end=len(case["evidence"]),
                   evidence=case["evidence"], data=case["data"])


@settings(max_examples=120, deadline=None)
@given(text=prompts(), case=st.sampled_from(CASES), task=st.sampled_from(list(TaskType)),
       family=st.sampled_from(list(Family)))
def test_a_repair_never_touches_front_matter_or_sources(text, case, task, family) -> None:
    prompt = parse_prompt(text)
    repair = build_repair(finding_of(case), prompt, task, family, failure_mode=case["mode"])
    assert repair is not None and repair.fragment.strip()
    for edit in repair.edits:
        assert prompt.body_start <= edit.start <= edit.end <= len(text)
        for block in prompt.sources:
            assert not block.span.overlaps(Span(edit.start, edit.end))
            assert not (block.span.start < edit.start < block.span.end)
    applied = repair.apply(text)
    assert applied.startswith(text[: prompt.body_start])
    assert all(block.text in applied for block in prompt.sources)
    assert repair == build_repair(finding_of(case), prompt, task, family, failure_mode=case["mode"])


@settings(max_examples=40, deadline=None)
@given(text=prompts(), family=st.sampled_from(list(Family)), picked=st.lists(st.sampled_from(CASES), min_size=1,
                                                                              max_size=6))
def test_fix_all_keeps_front_matter_and_sources(text, family, picked) -> None:
    prompt = parse_prompt(text)
    repairs = [build_repair(finding_of(c), prompt, TaskType.GENERAL, family, failure_mode=c["mode"]) for c in picked]
    combined = merge_repairs([r for r in repairs if r is not None], prompt)
    assert combined is not None and len(combined.edits) == 1
    applied = combined.apply(text)
    assert applied.startswith(text[: prompt.body_start])
    assert all(block.text in applied for block in prompt.sources)
