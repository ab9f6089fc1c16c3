"""Completeness against the request's parts, and coverage of the source's salient sentences.

Part extraction is pure text; the scoring tests run the real all-MiniLM-L6-v2, loaded once for the module.
"""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from rubriq.core import engine
from rubriq.core.config import Config
from rubriq.core.metrics.completeness import request_parts, salient_indices
from rubriq.core.models.hub import LocalModelHub

SOURCE = (
    "The city council of Springfield voted on Tuesday to build a new public library downtown. "
    "The library will cost 12 million dollars and is expected to open in 2026. "
    "Critics argued that the money should instead repair the city's aging roads."
)


def _texts(view: str) -> list[tuple[str, str]]:
    return [(part.kind, part.text) for part in request_parts(view)]


def test_enumerated_questions_are_parts_with_their_spans() -> None:
    view = "Answer these:\n1. How much will the library cost?\n2. When will it open?\n"
    parts = request_parts(view)
    assert [(p.kind, p.text) for p in parts] == [("item", "How much will the library cost?"),
                                                 ("item", "When will it open?")]
    assert all(view[p.span.start:p.span.end] == p.text for p in parts)


def test_constraint_bullets_are_not_parts() -> None:
    view = "Explain photosynthesis.\n- Use at most 100 words.\n- Do not use jargon.\n"
    assert _texts(view) == []


def test_and_list_after_a_request_verb_is_split_into_parts() -> None:
    assert _texts("Explain the causes, effects and remedies of inflation.") == [
        ("and-list", "causes"), ("and-list", "effects"), ("and-list", "remedies of inflation")]


def test_required_sections_are_parts() -> None:
    assert _texts("Write a project update with sections: Progress, Risks and Next steps.") == [
        ("section", "Progress"), ("section", "Risks"), ("section", "Next steps")]


def test_several_questions_in_a_row_are_parts_and_one_question_is_not_split() -> None:
    assert [k for k, _ in _texts("Why is the sky blue? Why are sunsets red?")] == ["question", "question"]
    assert _texts("Why is the sky blue?") == []


@pytest.fixture(scope="module")
def hub() -> LocalModelHub:
    return LocalModelHub(Config(), probe_hub=False)


def _param(result: engine.CheckResult, name: str):
    return next(p for p in result.profile.parameters if p.name == name)


@pytest.mark.models
def test_unaddressed_part_is_a_finding_on_the_prompt_part(hub: LocalModelHub) -> None:
    prompt = (f"---\ntask: grounded_qa\n---\n<article>\n{SOURCE}\n</article>\n\n"
              "1. How much will the library cost?\n2. What did critics argue?\n3. Who designed the building?\n")
    output = ("The library will cost 12 million dollars.\n\n"
              "Critics argued that the money should go to repairing the city's roads instead.")
    result = engine.check(prompt, output, models=hub)
    missing = [f for f in result.findings if f.code == "CP001"]
    assert [prompt[f.start:f.end] for f in missing] == ["Who designed the building?"]
    assert missing[0].where == "prompt" and missing[0].data["part"] == "Who designed the building?"
    score = _param(result, "completeness")
    assert score.score == pytest.approx(2 / 3, abs=1e-4) and score.detail == "2 of 3 parts of the request addressed"


@pytest.mark.models
def test_a_required_section_is_addressed_by_its_heading(hub: LocalModelHub) -> None:
    prompt = "---\ntask: grounded_qa\n---\nWrite a project update with sections: Progress, Risks and Next steps."
    output = "## Progress\n\nWe shipped the parser.\n\n## Risks\n\nThe vendor may be late.\n"
    result = engine.check(prompt, output, models=hub)
    missing = [f.data["part"] for f in result.findings if f.code == "CP001"]
    assert missing == ["Next steps"]


@pytest.mark.models
def test_single_request_leaves_completeness_not_applicable(hub: LocalModelHub) -> None:
    prompt = f"---\ntask: grounded_qa\n---\n<article>\n{SOURCE}\n</article>\n\nWhat did critics argue?"
    score = _param(engine.check(prompt, "They wanted road repairs.", models=hub), "completeness")
    assert score.status == "not_applicable"


LONG_SOURCE = (
    "The city council of Springfield voted on Tuesday to build a new public library downtown. "
    "The new downtown library will cost the city 12 million dollars. "
    "The council expects the library to open to the public in 2026. "
    "Critics of the library plan argued that the money should repair the city's aging roads. "
    "The council approved the library plan by a vote of 7 to 2. "
    "The weather on Tuesday was mild and sunny, with a light breeze from the west. "
    "The library will hold about 300,000 books and include a large children's section. "
    "Local bakeries reported strong sales of pumpkin bread during the autumn festival. "
    "Construction of the library will start next spring. "
    "A public hearing on the library design is planned for next month."
)


@pytest.mark.models
def test_salient_source_sentences_are_the_central_ones(hub: LocalModelHub) -> None:
    from rubriq.core.models.semantic import text_units

    units = text_units(LONG_SOURCE)
    salient = [units[i].text for i in salient_indices(hub.embedder().encode([u.text for u in units]))]
    assert len(salient) == 3
    assert not any("bakeries" in s or "weather" in s for s in salient)


@pytest.mark.models
def test_uncovered_salient_sentence_is_a_finding_in_the_source(hub: LocalModelHub) -> None:
    prompt = f"---\ntask: summarization\n---\nSummarize this article.\n\n<article>\n{LONG_SOURCE}\n</article>\n"
    covering = ("Springfield's council voted 7 to 2 to build a 12 million dollar downtown library. "
                "Critics said the money should fix roads. The library opens in 2026 with 300,000 books.")
    full = engine.check(prompt, covering, models=hub)
    partial = engine.check(prompt, "The weather was sunny and bakeries sold pumpkin bread.", models=hub)
    assert _param(full, "coverage").score > _param(partial, "coverage").score
    gaps = [f for f in partial.findings if f.code == "CP002"]
    assert gaps and all(f.where == "prompt" for f in gaps)
    assert all(prompt[f.start:f.end] == f.data["source_sentence"] and f.data["source_sentence"] in LONG_SOURCE
               for f in gaps)
    assert _param(partial, "coverage").detail.endswith("salient source sentences conveyed")


def test_coverage_without_a_source_is_not_applicable() -> None:
    result = engine.check("---\ntask: summarization\n---\nSummarize the history of Rome.", "Rome grew.")
    assert _param(result, "coverage").status == "not_applicable"
