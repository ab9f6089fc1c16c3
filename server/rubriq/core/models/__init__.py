"""Model backends behind small interfaces, so metrics never touch sentence-transformers directly.

`ModelHub` resolves and loads models lazily (see `resolve.py`); a metric asks it for an `Embedder` or an
`NLIScorer` and gets `ModelUnavailable` (with the reason) when there is none. A missing model never produces a
number: the metric reports itself unavailable.
"""

from __future__ import annotations

from typing import Protocol

import numpy as np


class ModelUnavailable(RuntimeError):
    """No model of this kind can be used here; the message says why."""


class Embedder(Protocol):
    model_id: str

    def encode(self, sentences: list[str]) -> np.ndarray:
        """L2-normalised float32 embeddings, one row per sentence (cached per sentence)."""
        ...


class NLIScorer(Protocol):
    model_id: str

    def predict(self, pairs: list[tuple[str, str]]) -> np.ndarray:
        """(premise, hypothesis) pairs → array of shape (n, 3): P(entailment), P(neutral), P(contradiction).

        The column order is fixed here; the label order of the underlying model is read from its config.
        """
        ...


class ModelHub(Protocol):
    def embedder(self) -> Embedder: ...  # raises ModelUnavailable

    def nli(self) -> NLIScorer: ...  # raises ModelUnavailable

    def model_ids(self) -> dict[str, str]: ...  # {"embedding": id, "nli": id} for the models loaded so far
