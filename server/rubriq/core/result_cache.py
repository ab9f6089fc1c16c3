"""A persistent cache of check results, so that an unchanged pair is answered from disk without loading a model.

Key: the sha256 of everything a result depends on, all of it computable without importing torch:

- the prompt text and the output text (as read: BOM removed, line ends normalised);
- the full configuration (every `Config` field) and the tiers run;
- Rubriq itself: its version, a digest of its source files (an edited metric never reuses an old result) and the
  installed version of each dependency it declares (a new textstat can change a readability score);
- for the model tiers, each kind of model as resolved (`core.models.resolve`, which reads no weights): its id and
  a digest of every file in its folder. A model that does not resolve enters the key with its reason. A model
  downloaded at run time has no folder to digest before loading, so such a check is not cached.

File digests of the model folders are remembered by (path, size, modification time) in `model-digests.json`, so a
warm run reads no weights at all. A result in which a metric crashed is not stored: a crash is not replayed.

Where: `--cache-dir`, else `$RUBRIQ_CACHE_DIR`, else the user's cache folder (`$XDG_CACHE_HOME/rubriq`, by default
`~/.cache/rubriq`; `~/Library/Caches/rubriq` on macOS, `%LOCALAPPDATA%\\rubriq\\cache` on Windows), never the
checked repository unless asked. Entries are written atomically (a temporary file renamed into place), so
parallel runs share one cache safely; an unreadable entry is a miss and an unwritable cache only costs speed.
An entry not used for 30 days is deleted (the folder is scanned for them at most once a day).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import sys
import tempfile
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from rubriq import __version__

log = logging.getLogger("rubriq.cache")

CACHE_FORMAT = 1  # bump when the stored entry changes shape
CACHE_DIR_ENV = "RUBRIQ_CACHE_DIR"
DIGESTS_FILE = "model-digests.json"
PRUNE_MARKER = "last-prune"
PRUNE_AFTER_DAYS = 30  # an entry nobody asked for in a month is dropped (checked at most once a day)
PACKAGE_DIR = Path(__file__).resolve().parents[1]  # server/rubriq
_SOURCE_SUFFIXES = (".py", ".json", ".txt", ".yaml", ".yml", ".toml", ".md", ".csv", ".tsv")


def default_cache_dir() -> Path:
    """The user's cache folder for Rubriq (see the module docstring)."""
    configured = os.environ.get(CACHE_DIR_ENV, "").strip()
    if configured:
        return Path(configured).expanduser()
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
        return Path(base) / "rubriq" / "cache"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "rubriq"
    xdg = os.environ.get("XDG_CACHE_HOME", "").strip()
    return (Path(xdg) if xdg else Path.home() / ".cache") / "rubriq"


def _sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@lru_cache(maxsize=1)
def source_digest() -> str:
    """A digest of Rubriq's own files (code and data, not the model weights, which enter the key on their own)."""
    digest = hashlib.sha256()
    models_dir = PACKAGE_DIR / "models"
    for path in sorted(PACKAGE_DIR.rglob("*")):
        if (not path.is_file() or "__pycache__" in path.parts or models_dir in path.parents
                or path.suffix not in _SOURCE_SUFFIXES):
            continue
        digest.update(path.relative_to(PACKAGE_DIR).as_posix().encode("utf-8") + b"\0")
        digest.update(_sha256_bytes(path.read_bytes()).encode("ascii"))
    return digest.hexdigest()


@lru_cache(maxsize=1)
def dependency_versions() -> tuple[tuple[str, str], ...]:
    """(name, installed version) of every dependency Rubriq declares, sorted; "" when one is not installed."""
    from importlib import metadata

    try:
        requirements = metadata.requires("rubriq") or []
    except metadata.PackageNotFoundError:
        return ()
    names: set[str] = set()
    for requirement in requirements:
        if "extra ==" in requirement:
            continue  # test and development extras do not change results
        name = requirement.split(";")[0].strip()
        for stop in "<>=!~[ (":
            name = name.split(stop)[0]
        if name:
            names.add(name.lower())
    versions = []
    for name in sorted(names):
        try:
            versions.append((name, metadata.version(name)))
        except metadata.PackageNotFoundError:
            versions.append((name, ""))
    return tuple(versions)


class FileDigests:
    """sha256 of files, remembered by (path, size, mtime) in a JSON file so that large weights are read once."""

    def __init__(self, store: Path | None) -> None:
        self.store = store
        self._lock = threading.Lock()
        self._known: dict[str, list[Any]] = {}
        self._dirty = False
        if store is not None and store.is_file():
            try:
                loaded = json.loads(store.read_text(encoding="utf-8"))
                if isinstance(loaded, dict):
                    self._known = {k: v for k, v in loaded.items() if isinstance(v, list) and len(v) == 3}
            except (OSError, ValueError):
                self._known = {}

    def file(self, path: Path) -> str:
        stat = path.stat()
        key = str(path.resolve())
        with self._lock:
            known = self._known.get(key)
            if known and known[0] == stat.st_size and known[1] == stat.st_mtime_ns:
                return str(known[2])
        digest = hashlib.sha256()
        with path.open("rb") as fh:
            while block := fh.read(1 << 20):
                digest.update(block)
        value = digest.hexdigest()
        with self._lock:
            self._known[key] = [stat.st_size, stat.st_mtime_ns, value]
            self._dirty = True
        return value

    def tree(self, root: Path) -> str:
        """One digest over every file below `root` (or of `root` itself when it is a file)."""
        if root.is_file():
            return self.file(root)
        digest = hashlib.sha256()
        for path in sorted(p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
            digest.update(path.relative_to(root).as_posix().encode("utf-8") + b"\0")
            digest.update(self.file(path).encode("ascii"))
        return digest.hexdigest()

    def save(self) -> None:
        if self.store is None or not self._dirty:
            return
        with self._lock:
            _atomic_write(self.store, json.dumps(self._known, sort_keys=True).encode("utf-8"))
            self._dirty = False


def _atomic_write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=path.suffix)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


@dataclass(frozen=True)
class ModelFingerprint:
    """What the key knows of the models: per kind, its id and content digest, or why it is unavailable.

    `cacheable` is false when a model would be downloaded at load time (nothing on disk to digest yet)."""

    kinds: tuple[tuple[str, str, str], ...]  # (kind, id or "unavailable", digest or the reason)
    cacheable: bool = True


def model_fingerprint(hub: Any, digests: FileDigests) -> ModelFingerprint:
    """Resolve each kind of model through the hub (no weights are loaded, torch is not imported) and digest it."""
    kinds: list[tuple[str, str, str]] = []
    cacheable = True
    for kind in ("embedding", "nli"):
        resolution = hub.resolution(kind)
        if not resolution.ok:
            kinds.append((kind, "unavailable", resolution.reason))
            continue
        if not resolution.path:
            cacheable = False
            kinds.append((kind, resolution.model_id, ""))
            continue
        kinds.append((kind, resolution.model_id, digests.tree(Path(resolution.path))))
    return ModelFingerprint(tuple(kinds), cacheable)


def cache_key(
    prompt_text: str,
    output_text: str,
    config: Any,
    tiers: Iterable[int],
    models: ModelFingerprint | None,
) -> str:
    """The sha256 naming a check's result; `models` is None when only tier 0 runs (no model is involved)."""
    document = {
        "format": CACHE_FORMAT,
        "rubriq": __version__,
        "source": source_digest(),
        "dependencies": dependency_versions(),
        "prompt": _sha256_bytes(prompt_text.encode("utf-8", "surrogatepass")),
        "output": _sha256_bytes(output_text.encode("utf-8", "surrogatepass")),
        "config": config.model_dump(mode="json"),
        "tiers": sorted(tiers),
        "models": None if models is None else [list(kind) for kind in models.kinds],
    }
    return _sha256_bytes(json.dumps(document, sort_keys=True, ensure_ascii=True).encode("ascii"))


class ResultCache:
    """Stored check results, one JSON file per key under `<folder>/results/`."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.digests = FileDigests(folder / DIGESTS_FILE)
        self.hits = 0
        self.misses = 0
        self._write_failed = False

    def _path(self, key: str) -> Path:
        return self.folder / "results" / f"v{CACHE_FORMAT}" / key[:2] / f"{key}.json"

    def get(self, key: str) -> dict[str, Any] | None:
        try:
            entry = json.loads(self._path(key).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            self.misses += 1
            return None
        if not isinstance(entry, dict) or entry.get("key") != key:
            self.misses += 1
            return None
        self.hits += 1
        with contextlib.suppress(OSError):
            os.utime(self._path(key))  # recently used: kept by `prune`
        return entry

    def put(self, key: str, entry: dict[str, Any]) -> None:
        if self._write_failed:
            return
        try:
            # Keys keep their order: a finding's `data` is shown in the order its metric wrote it.
            # ASCII escapes carry any string, a lone surrogate of a hostile file included.
            _atomic_write(self._path(key), json.dumps({**entry, "key": key}).encode("ascii"))
        except OSError as exc:
            self._write_failed = True  # say it once; the run goes on without storing
            log.warning("result cache %s is not writable (%s); results are not stored", self.folder,
                        exc.strerror or exc)

    def prune(self, max_age_days: float = PRUNE_AFTER_DAYS) -> int:
        """Delete entries unused for `max_age_days` (a changed pair, an older Rubriq never asks for them again).

        Runs at most once a day per cache folder (a marker file remembers when), so a run pays for a scan rarely."""
        marker = self.folder / PRUNE_MARKER
        now = time.time()
        try:
            if marker.exists() and now - marker.stat().st_mtime < 86_400:
                return 0
            self.folder.mkdir(parents=True, exist_ok=True)
            marker.touch()
        except OSError:
            return 0
        removed = 0
        for entry in (self.folder / "results").rglob("*.json"):
            try:
                if now - entry.stat().st_mtime > max_age_days * 86_400:
                    entry.unlink()
                    removed += 1
            except OSError:
                continue
        return removed

    def close(self) -> None:
        try:
            self.digests.save()
        except OSError as exc:
            log.warning("result cache %s: model digests not saved (%s)", self.folder, exc.strerror or exc)
        if self.hits or self.misses:
            self.prune()
