"""sentence-transformers backends behind the `Embedder` and `NLIScorer` interfaces, with per-sentence caches.

Only what is not cached is computed: a rescoring after a one-sentence edit embeds one sentence and verifies only
the pairs that contain it. `model_calls` (forward batches) and `computed` (rows) count the work actually done.

Determinism: a row must not depend on what happened to be cached, i.e. on which other inputs shared its batch.
On CPU, padding to the longest input of a batch, or a batch of one, gives rows that differ from other groupings in
the last float bits. So every input is padded to a fixed length of its own (its token count rounded up to a
multiple of PAD_BUCKET). Sentence embeddings are batched only with inputs of the same padded length, a lone input
running as a batch of two copies: such batches give bit-identical rows however they are composed. The
cross-encoder's rows still differ between batches of two and of four, so each NLI pair runs as a batch of its own:
one thread on CPU gains under 15% from batching, and the editor's usual work, a few pairs of different lengths
after an edit, costs half what two copies of each did (tests/unit/test_models_cache.py holds both).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Any

import numpy as np

from rubriq.core.models.cache import DiskCache, LRUStore, normalise_sentence, text_hash

NLI_COLUMNS = ("entailment", "neutral", "contradiction")


def column_order(labels: list[str]) -> list[int]:
    """Indices of entailment, neutral and contradiction in a model's output, from its config's label names."""
    lowered = [label.lower() for label in labels]
    order: list[int] = []
    for stem in ("entail", "neutral", "contradict"):
        hits = [i for i, name in enumerate(lowered) if stem in name]
        if len(hits) != 1:
            raise ValueError(f"cannot find the {stem!r} label in the model's id2label {labels}")
        order.append(hits[0])
    return order


PAD_BUCKET = 16  # tokens: coarse enough for few, large batches; fine enough to waste little on padding


def _padded(batch: list[int]) -> list[int]:
    """A batch of one runs as two copies of itself: the batch-of-one kernels round differently."""
    return batch * 2 if len(batch) == 1 else batch


def _length_buckets(lengths: list[int], max_length: int, batch_size: int) -> list[tuple[int, list[int]]]:
    """(padded length, indices) batches: inputs grouped by their token count rounded up to PAD_BUCKET."""
    groups: dict[int, list[int]] = {}
    for index, length in enumerate(lengths):
        groups.setdefault(min(max_length, -(-length // PAD_BUCKET) * PAD_BUCKET), []).append(index)
    batches: list[tuple[int, list[int]]] = []
    for padded in sorted(groups):
        members = groups[padded]
        batches.extend((padded, members[i : i + batch_size]) for i in range(0, len(members), batch_size))
    return batches


class _CachedRows:
    """Look up rows in memory, then on disk, compute the rest once, store them in both."""

    def __init__(self, namespace: str, cache_size: int, disk: DiskCache | None) -> None:
        self.namespace = namespace
        self.memory = LRUStore(cache_size)
        self.disk = disk
        self.model_calls = 0
        self.computed = 0
        self._compute_lock = threading.Lock()  # one forward pass at a time per model

    def _rows(self, keys: list[str], compute: Callable[[list[int]], np.ndarray]) -> list[np.ndarray]:
        memory_keys: list[Hashable] = [(self.namespace, key) for key in keys]
        found = {key[1]: row for key, row in self.memory.get_many(memory_keys).items()}  # type: ignore[index]
        wanted = list(dict.fromkeys(key for key in keys if key not in found))
        if wanted and self.disk is not None:
            from_disk = self.disk.get_many(self.namespace, wanted)
            found.update(from_disk)
            self.memory.put_many(((self.namespace, key), row) for key, row in from_disk.items())
            wanted = [key for key in wanted if key not in from_disk]
        if wanted:
            first_index = {}
            for index, key in enumerate(keys):
                first_index.setdefault(key, index)
            with self._compute_lock:
                rows = compute([first_index[key] for key in wanted])
            new = list(zip(wanted, rows, strict=True))
            found.update(new)
            self.memory.put_many(((self.namespace, key), row) for key, row in new)
            if self.disk is not None:
                self.disk.put_many(self.namespace, new)
        return [found[key] for key in keys]


class SentenceEmbedder(_CachedRows):
    """`Embedder` over a sentence-transformers `SentenceTransformer`; rows are L2-normalised float32."""

    def __init__(
        self, model: Any, model_id: str, model_key: str, *, cache_size: int, disk: DiskCache | None = None,
        batch_size: int = 32,
    ) -> None:
        super().__init__(f"embedding:{model_key}", cache_size, disk)
        self.model = model
        self.model_id = model_id
        self.model_key = model_key
        self.batch_size = batch_size
        get_dimension = getattr(model, "get_embedding_dimension", None) or model.get_sentence_embedding_dimension
        self.dimension = int(get_dimension())

    def encode(self, sentences: list[str]) -> np.ndarray:
        if not sentences:
            return np.zeros((0, self.dimension), dtype=np.float32)
        texts = [normalise_sentence(s) for s in sentences]
        rows = self._rows([text_hash(t) for t in texts], lambda indices: self._compute([texts[i] for i in indices]))
        return np.stack(rows).astype(np.float32, copy=False)

    def _compute(self, texts: list[str]) -> list[np.ndarray]:
        import torch

        max_length = int(self.model.max_seq_length)
        tokenizer = self.model.tokenizer
        lengths = [len(ids) for ids in tokenizer(texts, truncation=True, max_length=max_length)["input_ids"]]
        out: list[np.ndarray | None] = [None] * len(texts)
        for padded, batch in _length_buckets(lengths, max_length, self.batch_size):
            features = tokenizer([texts[i] for i in _padded(batch)], padding="max_length", truncation=True,
                                 max_length=padded, return_tensors="pt")
            with torch.inference_mode():
                pooled = self.model.forward({k: v.to(self.model.device) for k, v in features.items()})
                vectors = torch.nn.functional.normalize(pooled["sentence_embedding"], p=2, dim=1)
            self.model_calls += 1
            self.computed += len(batch)
            for i, vector in zip(batch, vectors.float().cpu().numpy(), strict=False):
                out[i] = np.asarray(vector, dtype=np.float32)
        return out  # type: ignore[return-value]


class CrossEncoderNLI(_CachedRows):
    """`NLIScorer` over a sentence-transformers `CrossEncoder` with three labels.

    Columns of `predict` are always P(entailment), P(neutral), P(contradiction); the model's own label order is
    read from its config (`id2label`) and the logits are reordered, never assumed.
    """

    def __init__(
        self, model: Any, model_id: str, model_key: str, *, cache_size: int, disk: DiskCache | None = None,
        batch_size: int = 32, labels: list[str] | None = None,
    ) -> None:
        super().__init__(f"nli:{model_key}", cache_size, disk)
        self.model = model
        self.model_id = model_id
        self.model_key = model_key
        self.batch_size = batch_size
        if labels is None:
            id2label = model.config.id2label
            labels = [str(id2label[k]) for k in sorted(id2label, key=int)]
        self.labels = labels
        self.columns = column_order(labels)

    def predict(self, pairs: list[tuple[str, str]]) -> np.ndarray:
        if not pairs:
            return np.zeros((0, 3), dtype=np.float32)
        texts = [(normalise_sentence(p), normalise_sentence(h)) for p, h in pairs]
        keys = [f"{text_hash(p)}:{text_hash(h)}" for p, h in texts]
        rows = self._rows(keys, lambda indices: self._compute([texts[i] for i in indices]))
        return np.stack(rows).astype(np.float32, copy=False)

    def _compute(self, pairs: list[tuple[str, str]]) -> list[np.ndarray]:
        import torch

        max_length = int(getattr(self.model, "max_seq_length", None) or 512)
        tokenizer = self.model.tokenizer
        premises, hypotheses = [p for p, _ in pairs], [h for _, h in pairs]
        lengths = [len(ids) for ids in tokenizer(premises, hypotheses, truncation=True,
                                                 max_length=max_length)["input_ids"]]
        out: list[np.ndarray | None] = [None] * len(pairs)
        for padded, batch in _length_buckets(lengths, max_length, 1):  # one pair a batch (module docstring)
            features = tokenizer([premises[i] for i in batch], [hypotheses[i] for i in batch], padding="max_length",
                                 truncation=True, max_length=padded, return_tensors="pt")
            with torch.inference_mode():
                logits = self.model.model(**{k: v.to(self.model.device) for k, v in features.items()}).logits
            self.model_calls += 1
            self.computed += len(batch)
            logits = logits.double().cpu().numpy()[: len(batch)]
            shifted = np.exp(logits - logits.max(axis=1, keepdims=True))
            probs = shifted / shifted.sum(axis=1, keepdims=True)
            for i, row in zip(batch, probs[:, self.columns], strict=True):
                out[i] = row.astype(np.float32)
        return out  # type: ignore[return-value]
