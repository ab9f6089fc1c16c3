"""Synthetic NLI training pairs (training/nli/synth.py): labels follow the logic of negation."""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "training" / "nli"))

import synth

ENTAILED = {"premise": "A man in a red coat is walking his two dogs along the beach at sunset.",
            "hypothesis": "A man is walking.", "label": "entailment"}
NEUTRAL = {"premise": "A woman is reading a book in the park.", "hypothesis": "The book is a novel.",
           "label": "neutral"}
CONTRADICTED = {"premise": "A child is sleeping on the sofa.", "hypothesis": "A child is running.",
                "label": "contradiction"}


def _pair(row: dict[str, str], kind: str) -> dict[str, str] | None:
    return synth.negation_scope_pair(row, kind, random.Random(0))


def test_negating_an_entailed_hypothesis_makes_a_contradiction() -> None:
    assert _pair(ENTAILED, "neg_hyp_entailed") == {
        "premise": ENTAILED["premise"], "hypothesis": "A man is not walking.", "label": "contradiction"}


def test_negating_a_neutral_hypothesis_keeps_it_neutral() -> None:
    assert _pair(NEUTRAL, "neg_hyp_neutral") == {
        "premise": NEUTRAL["premise"], "hypothesis": "The book is not a novel.", "label": "neutral"}


def test_a_negated_premise_leaves_a_generalisation_undetermined() -> None:
    negated = _pair(ENTAILED, "neg_premise")
    assert negated == {"premise": ENTAILED["premise"].replace("is walking", "is not walking"),
                       "hypothesis": "A man is walking.", "label": "neutral"}
    both = _pair(ENTAILED, "neg_both")
    assert both is not None and both["label"] == "neutral" and "not" in both["hypothesis"]


def test_contradictions_and_paraphrases_are_never_negated() -> None:
    """Negating either side of those does not give a label one can trust."""
    assert all(_pair(CONTRADICTED, kind) is None for kind in synth.NEGATION_SCOPE_KINDS)
    paraphrase = {"premise": "The man is asleep on the couch.", "hypothesis": "The man is sleeping on the couch.",
                  "label": "entailment"}
    assert _pair(paraphrase, "neg_premise") is None and _pair(paraphrase, "neg_both") is None


def test_generation_is_deterministic_and_never_repeats_a_training_pair() -> None:
    rows = [ENTAILED, NEUTRAL, CONTRADICTED]
    counts = dict.fromkeys(synth.NEGATION_SCOPE_KINDS, 5)
    first = synth.generate_negation_scope(rows, counts, seed=7)
    assert first == synth.generate_negation_scope(rows, counts, seed=7)
    assert {r["synthetic"] for r in first} == set(synth.NEGATION_SCOPE_KINDS)
    originals = {(r["premise"], r["hypothesis"]) for r in rows}
    assert not originals & {(r["premise"], r["hypothesis"]) for r in first}
