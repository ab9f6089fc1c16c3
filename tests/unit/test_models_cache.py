"""Sentence caches: keys, LRU bounds, thread safety, the on-disk cache, and incremental work with the real model."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import numpy as np
import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from rubriq.core.config import Config
from rubriq.core.models.backends import CrossEncoderNLI, SentenceEmbedder
from rubriq.core.models.cache import DISK_CACHE_FILE, DiskCache, LRUStore, normalise_sentence, text_hash
from rubriq.core.models.hub import LocalModelHub

pytestmark = pytest.mark.models


@pytest.fixture(scope="module")
def hub() -> LocalModelHub:
    return LocalModelHub(Config(), probe_hub=False)


def test_normalisation_ignores_whitespace_but_not_wording() -> None:
    assert normalise_sentence("  The cat\n sat. ") == "The cat sat."
    assert text_hash("The  cat sat.") == text_hash("The cat sat.")
    assert text_hash("The cat sat.") != text_hash("The cat sat!")


def test_lru_store_keeps_the_most_recent_entries_within_its_size() -> None:
    store = LRUStore(2)
    store.put_many([("a", np.ones(2)), ("b", np.ones(2))])
    store.get_many(["a"])  # a is now more recent than b
    store.put_many([("c", np.ones(2))])
    assert set(store.get_many(["a", "b", "c"])) == {"a", "c"}
    assert len(store) == 2


def test_lru_store_of_size_zero_caches_nothing() -> None:
    store = LRUStore(0)
    store.put_many([("a", np.ones(2))])
    assert store.get_many(["a"]) == {}


def test_lru_store_survives_concurrent_writers_and_readers() -> None:
    store = LRUStore(100)
    errors: list[BaseException] = []

    def work(offset: int) -> None:
        try:
            for i in range(500):
                store.put_many([(f"k{(offset + i) % 300}", np.full(4, i, dtype=np.float32))])
                store.get_many([f"k{i % 300}", f"k{(i * 7) % 300}"])
        except BaseException as exc:  # collected: an exception in a thread would otherwise be lost
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(n * 37,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert len(store) == 100


def test_disk_cache_survives_reopening(tmp_path: Path) -> None:
    first = DiskCache(tmp_path)
    first.put_many("ns", [("k1", np.arange(3, dtype=np.float32))])
    first.close()
    again = DiskCache(tmp_path)
    found = again.get_many("ns", ["k1", "missing"])
    assert list(found) == ["k1"]
    assert found["k1"].tolist() == [0.0, 1.0, 2.0]
    assert again.get_many("other", ["k1"]) == {}


def test_embeddings_are_normalised_and_cached_per_sentence(hub: LocalModelHub) -> None:
    embedder = hub.embedder()
    before = embedder.computed
    vectors = embedder.encode(["The river flooded the valley.", "The  river flooded the valley.", "Bees make honey."])
    assert vectors.shape == (3, 384)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert np.array_equal(vectors[0], vectors[1])  # same normalised sentence, one computation
    assert embedder.computed - before == 2
    embedder.encode(["Bees make honey.", "The river flooded the valley."])
    assert embedder.computed - before == 2


def test_an_edit_embeds_only_the_changed_sentence(hub: LocalModelHub) -> None:
    embedder = hub.embedder()
    text = [f"Sentence number {i} talks about topic {i * 3} in some detail." for i in range(20)]
    embedder.encode(text)
    before_rows, before_calls = embedder.computed, embedder.model_calls
    edited = list(text)
    edited[7] = "This sentence was rewritten by the author a moment ago."
    embedder.encode(edited)
    assert embedder.computed - before_rows == 1
    assert embedder.model_calls - before_calls == 1


def _uncached(hub: LocalModelHub, disk: DiskCache | None = None, cache_size: int = 0) -> SentenceEmbedder:
    """A second embedder over the already loaded model, with its own (empty) caches."""
    loaded = hub.embedder()
    return SentenceEmbedder(loaded.model, loaded.model_id, loaded.model_key, cache_size=cache_size, disk=disk)


def test_batch_composition_does_not_change_a_sentence_embedding(hub: LocalModelHub) -> None:
    """Byte-identical rows whether a sentence is embedded alone or among others (no padding in a batch)."""
    sentences = ["A short one.", "A considerably longer sentence about the economy of France in 1990.",
                 "Medium length sentence here.", "Another medium sentence here."]
    embedder = _uncached(hub)
    together = embedder.encode(sentences)
    alone = np.stack([embedder.encode([s])[0] for s in sentences])
    assert together.tobytes() == alone.tobytes()
    assert embedder.computed == 2 * len(sentences)  # size-0 cache: everything was computed twice


def test_batch_composition_does_not_change_an_nli_row(hub: LocalModelHub) -> None:
    """Byte-identical NLI rows whether a pair is scored alone or among pairs of the same and other lengths."""
    loaded = hub.nli()
    nli = CrossEncoderNLI(loaded.model, loaded.model_id, loaded.model_key, cache_size=0, labels=loaded.labels)
    premise = "The council voted on Tuesday to keep the Eastside library branch open for another two years."
    # four pairs of one padded length: before, they shared a batch of four, which rounds unlike a pair alone
    pairs = [(premise, "The branch stays open."), (premise, "The branch will close."),
             (premise, "The council met on Tuesday."), (premise, "The vote was on Friday.")]
    together = nli.predict(pairs)
    alone = np.stack([nli.predict([pair])[0] for pair in pairs])
    assert together.tobytes() == alone.tobytes()


def test_disk_cache_spares_a_restarted_process_the_work(hub: LocalModelHub, tmp_path: Path) -> None:
    sentences = ["Disk caches outlive the process.", "A second sentence for the disk."]
    first_disk = DiskCache(tmp_path)
    first_vectors = _uncached(hub, first_disk, cache_size=100).encode(sentences)
    first_disk.close()
    second = _uncached(hub, DiskCache(tmp_path), cache_size=100)
    second_vectors = second.encode(sentences)
    assert second.computed == 0
    assert second_vectors.tobytes() == first_vectors.tobytes()


def test_hub_uses_the_configured_disk_cache(tmp_path: Path) -> None:
    disk_hub = LocalModelHub(Config(disk_cache=str(tmp_path / "cache")), probe_hub=False)
    assert disk_hub._disk_cache() is not None
    assert (tmp_path / "cache" / DISK_CACHE_FILE).is_file()
    disk_hub.close()


def test_model_ids_name_the_weights(hub: LocalModelHub) -> None:
    hub.embedder()
    model_id = hub.model_ids()["embedding"]
    digest = hub.describe()[0]["sha256"]
    assert model_id == f"sentence-transformers/all-MiniLM-L6-v2@{digest[:16]}"


def test_cpu_inference_uses_one_thread_unless_told_otherwise(hub: LocalModelHub,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    import torch
    from threadpoolctl import threadpool_info

    from rubriq.core.models.hub import THREADS_ENV, _limit_cpu_threads

    def blas_threads() -> set[int]:
        return {pool["num_threads"] for pool in threadpool_info() if pool["user_api"] == "blas"}

    hub.embedder()
    assert torch.get_num_threads() == 1
    assert blas_threads() == {1}
    monkeypatch.setenv(THREADS_ENV, "2")
    _limit_cpu_threads("cpu")
    assert torch.get_num_threads() == 2
    assert blas_threads() == {2}
    monkeypatch.delenv(THREADS_ENV)
    _limit_cpu_threads("cpu")
    assert torch.get_num_threads() == 1
    assert blas_threads() == {1}
