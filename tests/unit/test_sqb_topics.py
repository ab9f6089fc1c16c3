"""Required topics: addressed when the output has content about them, reported per topic with the evidence."""

import pytest

from rubriq.core.config import Config
from rubriq.core.models.hub import LocalModelHub
from rubriq.core.sqb.metrics import Thresholds
from rubriq.core.sqb.topics import score_topics, topic_stems

OUTPUT = """# Outage report

## Prevention
- CoreDNS replicas get a pod anti-affinity rule so that they never share a node.

## Impact
The orders Service returned HTTP 503 to the checkout frontend for 29 minutes; no orders were lost.
"""


@pytest.fixture(scope="module")
def embedder():
    return LocalModelHub(Config(), probe_hub=False).embedder()


def _score(topics, output, embedder):
    t = Thresholds()
    return score_topics(topics, output, embedder, t.topic_threshold, t.topic_lexical_weight)


def test_topic_stems_drop_stop_words_and_cut_words_to_a_stem():
    assert topic_stems("Retries and the retry backoff during recovery") == ["retri", "retry", "backo", "recov"]


@pytest.mark.models
def test_each_topic_is_reported_with_the_sentence_that_addresses_it_and_its_span(embedder):
    impact, = _score(["Customer impact on checkout"], OUTPUT, embedder)
    assert impact.addressed
    assert impact.evidence is not None and OUTPUT[impact.evidence.start : impact.evidence.end] == impact.evidence.text
    assert "checkout frontend" in impact.evidence.text
    assert impact.reason.startswith("addressed: ")


@pytest.mark.models
def test_a_topic_the_output_says_nothing_about_is_not_addressed(embedder):
    fines, = _score(["Regulatory fines for late breach notification"], OUTPUT, embedder)
    assert not fines.addressed and fines.reason.startswith("not addressed: ")


@pytest.mark.models
def test_a_heading_alone_is_not_content(embedder):
    (topic,) = _score(["Prevention"], "# Report\n\n## Prevention\n\n## Impact\nCheckout was down for an hour.",
                      embedder)
    assert topic.evidence is None or topic.evidence.text != "Prevention"


def test_without_an_embedding_model_every_content_word_must_appear():
    found, missing = score_topics(["pool exhaustion", "DNS failure"], "The pool suffered exhaustion at noon.",
                                  None, 0.5, 0.6)
    assert found.addressed and found.lexical == 1.0 and found.similarity is None
    assert not missing.addressed
