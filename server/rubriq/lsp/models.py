"""The model tiers as the server sees them: one hub, loaded in the background, with a state clients can show.

Nothing here imports torch or sentence-transformers at module level: the hub module is imported, and its models
loaded, on the model worker thread, so the server answers tier 0 while they load. A model that cannot be loaded
(missing path, out of memory, damaged file) leaves the state `unavailable` with the reason; tier 0 keeps serving.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field
from typing import Any, Literal

from rubriq.core.config import Config

log = logging.getLogger(__name__)

ModelState = Literal["not_loaded", "loading", "ready", "unavailable"]  # "unavailable" only after a load failed
MODEL_FIELDS = ("embedding_model", "nli_model", "device", "embedding_cache_size", "nli_cache_size", "disk_cache")


def hub_settings(config: Config) -> tuple[Any, ...]:
    """The settings that decide which models load: a change to any of them means a new hub."""
    return tuple(getattr(config, name) for name in MODEL_FIELDS)


@dataclass
class ModelService:
    state: ModelState = "not_loaded"
    detail: str = "the models load after the first check"
    hub: Any = None
    model_ids: dict[str, str] = field(default_factory=dict)
    failures: dict[str, str] = field(default_factory=dict)  # kind → reason, once per kind and hub
    _settings: tuple[Any, ...] | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def needs_load(self, config: Config) -> bool:
        return self.hub is None or self._settings != hub_settings(config)

    def load(self, config: Config) -> list[str]:
        """Build the hub and load both models (model worker thread). Returns new failure reasons."""
        with self._lock:
            if not self.needs_load(config):
                return []
            self._settings = hub_settings(config)
            self.hub, self.model_ids, self.failures = None, {}, {}
            try:
                from rubriq.core.models.hub import LocalModelHub
            except ImportError as exc:
                self.state, self.detail = "unavailable", f"the model hub is not part of this build ({exc})"
                return [self.detail]
            try:
                hub = LocalModelHub(config)
            except Exception as exc:  # a broken setting must not stop tier 0
                self.state, self.detail = "unavailable", f"model hub cannot start: {exc}"
                return [self.detail]
            new_failures: list[str] = []
            for kind, getter in (("embedding", "embedder"), ("nli", "nli")):
                try:
                    model = getattr(hub, getter)()
                    self.model_ids[kind] = str(getattr(model, "model_id", kind))
                except Exception as exc:  # ModelUnavailable, OSError, MemoryError, a bad path...
                    reason = f"{kind} model unavailable: {exc}"
                    self.failures[kind] = reason
                    new_failures.append(reason)
                    log.warning("%s", reason)
            self.hub = hub
            self.release_memory()  # loading leaves freed buffers behind
            if self.model_ids:
                self.state = "ready"
                loaded = ", ".join(f"{k}: {v}" for k, v in sorted(self.model_ids.items()))
                self.detail = loaded + ("; " + "; ".join(self.failures.values()) if self.failures else "")
            else:
                self.state = "unavailable"
                self.detail = "; ".join(self.failures.values()) or "no model loaded"
            return new_failures

    def release_memory(self) -> None:
        """Return freed heap pages to the system after model work (a no-op before any model was loaded)."""
        if self.hub is None:
            return
        from rubriq.core.models.hub import release_free_memory

        release_free_memory()

    def clear_caches(self) -> list[str]:
        """Drop the in-memory sentence caches of the loaded models (the models stay loaded)."""
        cleared: list[str] = []
        for kind, getter in (("embedding", "embedder"), ("nli", "nli")):
            if kind not in self.model_ids or self.hub is None:
                continue
            memory = getattr(getattr(self.hub, getter)(), "memory", None)
            if memory is not None and hasattr(memory, "clear"):
                memory.clear()
                cleared.append(f"{kind} cache")
        return cleared

    def describe(self) -> dict[str, Any]:
        """Models resolved (id, origin, path, sha256) and cache statistics, for `rubriq.status`."""
        info: dict[str, Any] = {"state": self.state, "detail": self.detail, "models": dict(self.model_ids)}
        if self.hub is not None:
            try:
                info["resolved"] = self.hub.describe()
                info["caches"] = self.hub.stats()
            except Exception as exc:  # status must always answer
                info["resolved"] = f"describe() failed: {exc}"
        return info
