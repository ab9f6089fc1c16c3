"""Forbidden topics: the topic's words in any form at tier 0 (IF077), and at the model tier an information finding
(IF092) on a sentence that talks about the topic without naming it. Uses the real embedding model."""

from __future__ import annotations

import pytest

from rubriq.core.config import Config
from rubriq.core.engine import check
from rubriq.core.models.hub import LocalModelHub

pytestmark = pytest.mark.models

PROMPT = "Write a short update for the team about the product launch. Do not mention the budget."
NAMES_IT = "The launch is on track. The budgets for the launch were approved last week."
TALKS_ABOUT_IT = ("The launch moves to the second week of May. Finance approved an extra ten thousand euros for the "
                  "launch party.")
STAYS_CLEAR = "The launch moves to the second week of May. Three new designers join the team on Monday."


@pytest.fixture(scope="module")
def hub() -> LocalModelHub:
    return LocalModelHub(Config(), probe_hub=False)


def test_the_topic_named_in_another_form_is_a_violation_at_tier_0() -> None:
    result = check(PROMPT, NAMES_IT, tiers=frozenset({0}))
    assert [f.evidence for f in result.findings if f.code == "IF077"] == ["budgets"]


def test_a_sentence_about_the_topic_without_its_word_is_shown_at_the_model_tier(hub: LocalModelHub) -> None:
    result = check(PROMPT, TALKS_ABOUT_IT, models=hub)
    shown = [f for f in result.findings if f.code == "IF092"]
    assert [f.evidence for f in shown] == ["Finance approved an extra ten thousand euros for the launch party."]
    assert shown[0].severity.value == "information"
    assert "budget" in shown[0].message
    assert not [f for f in result.findings if f.code == "IF077"]


def test_an_output_that_stays_clear_of_the_topic_gets_no_topic_finding(hub: LocalModelHub) -> None:
    result = check(PROMPT, STAYS_CLEAR, models=hub)
    assert not [f for f in result.findings if f.code in ("IF077", "IF092")]


def test_without_the_model_tier_there_is_no_meaning_finding() -> None:
    result = check(PROMPT, TALKS_ABOUT_IT, tiers=frozenset({0}))
    assert not [f for f in result.findings if f.code == "IF092"]
