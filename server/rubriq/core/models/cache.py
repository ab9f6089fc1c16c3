"""Caches for model results: sentence embeddings and NLI probabilities.

Keys never contain raw text: an embedding is keyed by (model key, hash of the normalised sentence), an NLI result
by (model key, premise hash, hypothesis hash). The model key includes the weights' checksum, so results of one
model are never served for another. The in-memory caches are bounded LRUs (sizes from `Config`), safe to share
between threads; the optional on-disk cache is one SQLite file that survives restarts (batch runs, benchmarks).
"""

from __future__ import annotations

import hashlib
import re
import sqlite3
import threading
import unicodedata
from collections.abc import Hashable, Iterable
from pathlib import Path

import numpy as np
from cachetools import LRUCache

_SPACE_RE = re.compile(r"\s+")
DISK_CACHE_FILE = "rubriq-model-cache.sqlite3"


def normalise_sentence(text: str) -> str:
    """NFC, whitespace collapsed, stripped: the form a sentence is embedded and hashed in."""
    return _SPACE_RE.sub(" ", unicodedata.normalize("NFC", text)).strip()


def text_hash(text: str) -> str:
    """sha256 of the normalised text, hex, truncated to 128 bits (collisions are not a practical concern)."""
    return hashlib.sha256(normalise_sentence(text).encode("utf-8")).hexdigest()[:32]


class LRUStore:
    """A thread-safe bounded LRU of numpy rows with hit/miss counters. Size 0 disables it."""

    def __init__(self, maxsize: int) -> None:
        self.maxsize = maxsize
        self._cache: LRUCache[Hashable, np.ndarray] | None = LRUCache(maxsize) if maxsize > 0 else None
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get_many(self, keys: Iterable[Hashable]) -> dict[Hashable, np.ndarray]:
        found: dict[Hashable, np.ndarray] = {}
        with self._lock:
            for key in keys:
                value = self._cache.get(key) if self._cache is not None else None
                if value is None:
                    self.misses += 1
                else:
                    self.hits += 1
                    found[key] = value
        return found

    def put_many(self, items: Iterable[tuple[Hashable, np.ndarray]]) -> None:
        if self._cache is None:
            return
        with self._lock:
            for key, value in items:
                self._cache[key] = value

    def __len__(self) -> int:
        with self._lock:
            return len(self._cache) if self._cache is not None else 0

    def clear(self) -> None:
        with self._lock:
            if self._cache is not None:
                self._cache.clear()


class DiskCache:
    """float32 rows in one SQLite file, keyed by (namespace, key). Safe to share between threads of a process."""

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder).expanduser()
        self.folder.mkdir(parents=True, exist_ok=True)
        self.path = self.folder / DISK_CACHE_FILE
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, timeout=30)
        with self._db:
            self._db.execute(
                "CREATE TABLE IF NOT EXISTS rows (namespace TEXT, key TEXT, value BLOB, PRIMARY KEY (namespace, key))"
            )
        self.hits = 0

    def get_many(self, namespace: str, keys: list[str]) -> dict[str, np.ndarray]:
        found: dict[str, np.ndarray] = {}
        with self._lock:
            for start in range(0, len(keys), 500):  # SQLite limits the number of bound parameters
                chunk = keys[start : start + 500]
                marks = ",".join("?" * len(chunk))
                rows = self._db.execute(
                    f"SELECT key, value FROM rows WHERE namespace = ? AND key IN ({marks})", [namespace, *chunk]
                ).fetchall()
                for key, blob in rows:
                    found[key] = np.frombuffer(blob, dtype=np.float32).copy()
            self.hits += len(found)
        return found

    def put_many(self, namespace: str, items: Iterable[tuple[str, np.ndarray]]) -> None:
        rows = [(namespace, key, np.asarray(value, dtype=np.float32).tobytes()) for key, value in items]
        if not rows:
            return
        with self._lock, self._db:
            self._db.executemany("INSERT OR REPLACE INTO rows VALUES (?, ?, ?)", rows)

    def count(self, namespace: str | None = None) -> int:
        with self._lock:
            if namespace is None:
                return int(self._db.execute("SELECT COUNT(*) FROM rows").fetchone()[0])
            return int(self._db.execute("SELECT COUNT(*) FROM rows WHERE namespace = ?", [namespace]).fetchone()[0])

    def close(self) -> None:
        with self._lock:
            self._db.close()
