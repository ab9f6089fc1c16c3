"""`LocalModelHub`: the one place models are resolved, loaded (lazily, once) and cached.

One hub is meant to live as long as the process (the CLI run, the language server), so that its sentence caches
make rescoring after an edit cheap. Loading is guarded by a lock: two threads asking for the embedder at once
load it once. A model that cannot be resolved or loaded makes `embedder()` / `nli()` raise `ModelUnavailable`
with the reason, every time, without retrying the load.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
import os
import sys
import threading
from pathlib import Path
from typing import Any

from rubriq.core.config import Config
from rubriq.core.models import ModelUnavailable
from rubriq.core.models.backends import CrossEncoderNLI, SentenceEmbedder
from rubriq.core.models.cache import DiskCache
from rubriq.core.models.resolve import Kind, Resolution, resolve, sha256_file, weights_file

log = logging.getLogger("rubriq.models")


THREADS_ENV = "RUBRIQ_TORCH_THREADS"


def _limit_cpu_threads(device: str) -> None:
    """One intra-op thread on CPU unless RUBRIQ_TORCH_THREADS says otherwise (process-wide, set once).

    Rubriq's batches are small (an edit is one sentence and k pairs). On a shared, busy CPU, torch's worker
    threads wait on each other whenever one is descheduled: a warm one-sentence rescoring of a small pair measured
    5.5 s with two threads and 0.49 s with one at a load average of 8 on two cores (docs/performance.md).

    NumPy's BLAS gets the same limit on every device: the metrics' similarity matrices are small (a few hundred
    rows), and OpenBLAS's own threads made each product 30x slower on a busy two-core machine (12 ms, not 0.4 ms).
    """
    import torch  # first: the limit applies only to BLAS libraries already loaded
    from threadpoolctl import threadpool_limits

    wanted = os.environ.get(THREADS_ENV, "1").strip()
    threads = int(wanted) if wanted.isdigit() and int(wanted) > 0 else 1
    threadpool_limits(limits=threads, user_api="blas")
    if not device.startswith("cuda") and torch.get_num_threads() != threads:
        torch.set_num_threads(threads)


def release_free_memory() -> None:
    """Hand freed heap pages back to the operating system (glibc only; elsewhere a no-op).

    Model inference frees its activations, but glibc keeps the pages for reuse; a long-lived process (the language
    server) then holds 60-90 MB it does not use. `malloc_trim(0)` returns them. Call it off any latency path.
    """
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        trim = getattr(libc, "malloc_trim", None)  # absent on musl
        if trim is not None:
            trim(0)
    except OSError:
        pass


def _device_problem(device: str) -> str | None:
    if not device.startswith("cuda"):
        return None
    import torch

    if not torch.cuda.is_available():
        return f"device {device!r} was configured but CUDA is not available here"
    return None


class LocalModelHub:
    """Resolves and loads the embedding and NLI models on first use; implements `ModelHub`."""

    def __init__(self, config: Config | None = None, *, probe_hub: bool = True) -> None:
        self.config = config or Config()
        self.probe_hub = probe_hub
        self._lock = threading.RLock()
        self._resolutions: dict[Kind, Resolution] = {}
        self._backends: dict[Kind, SentenceEmbedder | CrossEncoderNLI] = {}
        self._errors: dict[Kind, str] = {}
        self._sha256: dict[Kind, str] = {}
        self._disk: DiskCache | None = None

    # -- resolution -------------------------------------------------------------------------------------------
    def resolution(self, kind: Kind) -> Resolution:
        with self._lock:
            if kind not in self._resolutions:
                self._resolutions[kind] = resolve(kind, self.config, probe_hub=self.probe_hub)
            return self._resolutions[kind]

    def _weights_sha256(self, kind: Kind, path: str) -> str:
        if kind not in self._sha256:
            weights = weights_file(Path(path)) if path else None
            self._sha256[kind] = sha256_file(weights) if weights is not None else ""
        return self._sha256[kind]

    def _disk_cache(self) -> DiskCache | None:
        if self.config.disk_cache and self._disk is None:
            self._disk = DiskCache(self.config.disk_cache)
        return self._disk

    def _backend(self, kind: Kind) -> SentenceEmbedder | CrossEncoderNLI:
        with self._lock:
            if kind in self._backends:
                return self._backends[kind]
            if kind in self._errors:
                raise ModelUnavailable(self._errors[kind])
            try:
                self._backends[kind] = self._load(kind)
            except ModelUnavailable as exc:
                self._errors[kind] = str(exc)
                raise
            except Exception as exc:  # a model that fails to load is unavailable, with the loader's reason
                log.exception("%s model failed to load", kind)
                self._errors[kind] = f"{kind} model failed to load: {exc}"
                raise ModelUnavailable(self._errors[kind]) from exc
            return self._backends[kind]

    def _load(self, kind: Kind) -> SentenceEmbedder | CrossEncoderNLI:
        resolution = self.resolution(kind)
        if not resolution.ok or resolution.load is None:
            raise ModelUnavailable(resolution.reason)
        problem = _device_problem(self.config.device)
        if problem:
            raise ModelUnavailable(problem)
        _limit_cpu_threads(self.config.device)
        model = resolution.load(self.config.device)
        _limit_cpu_threads(self.config.device)  # again: loading may bring BLAS libraries of its own (SciPy's)
        digest = self._weights_sha256(kind, resolution.path)  # "" for a hub download (no local path known)
        # The cache key names the weights, not just the model name: a retrained model never reuses old rows.
        model_key = f"{resolution.model_id}@{digest[:16]}" if digest else resolution.model_id
        log.info("%s model loaded: %s on %s", kind, model_key, self.config.device)
        if kind == "embedding":
            return SentenceEmbedder(model, resolution.model_id, model_key,
                                    cache_size=self.config.embedding_cache_size, disk=self._disk_cache())
        try:
            return CrossEncoderNLI(model, resolution.model_id, model_key,
                                   cache_size=self.config.nli_cache_size, disk=self._disk_cache())
        except ValueError as exc:  # the label order cannot be read from the model's config
            raise ModelUnavailable(f"NLI model {resolution.model_id}: {exc}") from exc

    # -- ModelHub ---------------------------------------------------------------------------------------------
    def embedder(self) -> SentenceEmbedder:
        return self._backend("embedding")  # type: ignore[return-value]

    def nli(self) -> CrossEncoderNLI:
        return self._backend("nli")  # type: ignore[return-value]

    def model_ids(self) -> dict[str, str]:
        """{"embedding": id, "nli": id} for the models loaded so far, each with its weights' sha256 prefix."""
        with self._lock:
            return {kind: backend.model_key for kind, backend in sorted(self._backends.items())}

    def stats(self) -> dict[str, dict[str, int]]:
        """Work done per loaded model: forward batches, rows computed, cache hits and misses."""
        with self._lock:
            return {
                kind: {"model_calls": b.model_calls, "computed": b.computed, "cache_hits": b.memory.hits,
                       "cache_misses": b.memory.misses}
                for kind, b in sorted(self._backends.items())
            }

    def describe(self, *, load: bool = False) -> list[dict[str, Any]]:
        """What resolved for each kind, from where, with the weights' sha256: what `rubriq models` prints.

        With `load=True` each resolved model is also loaded, so a model that resolves but cannot be used
        (damaged files, unreadable label order) shows up as unavailable with the reason.
        """
        rows: list[dict[str, Any]] = []
        for kind in ("embedding", "nli"):
            res = self.resolution(kind)  # type: ignore[arg-type]
            row: dict[str, Any] = {"kind": kind, "id": res.model_id, "origin": res.origin, "path": res.path,
                                   "sha256": "", "status": res.status, "reason": res.reason, "tried": res.tried}
            if res.ok and res.path:
                row["sha256"] = self._weights_sha256(kind, res.path)  # type: ignore[arg-type]
            if res.ok and load:
                try:
                    backend = self._backend(kind)  # type: ignore[arg-type]
                    row["status"] = "loaded"
                    if isinstance(backend, CrossEncoderNLI):
                        row["labels"] = backend.labels
                except ModelUnavailable as exc:
                    row["status"], row["reason"] = "unavailable", str(exc)
            rows.append(row)
        return rows

    def with_empty_caches(self) -> LocalModelHub:
        """A hub sharing this one's loaded models, with empty in-memory caches (cold-cache measurements)."""
        with self._lock:
            other = LocalModelHub(self.config, probe_hub=self.probe_hub)
            other._resolutions = dict(self._resolutions)
            other._errors = dict(self._errors)
            other._sha256 = dict(self._sha256)
            for kind, backend in self._backends.items():
                sizes = {"embedding": self.config.embedding_cache_size, "nli": self.config.nli_cache_size}
                other._backends[kind] = type(backend)(backend.model, backend.model_id, backend.model_key,
                                                      cache_size=sizes[kind])
            return other

    def close(self) -> None:
        with self._lock:
            if self._disk is not None:
                self._disk.close()
                self._disk = None
