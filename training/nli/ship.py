"""Copy a trained checkpoint into the package and write checksums.json.

    python training/nli/ship.py --run training/nli/runs/minilm_l6_nli_v1/best
    python training/nli/ship.py --checksums-only      # after editing MODEL_CARD.md

Weights are stored as fp16 safetensors (half the size); config.json keeps dtype float32 so loaders
upcast to fp32 for inference. The label order is written to config.json as id2label / label2id.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
from pathlib import Path

import torch
from safetensors.torch import load_file, save_file

REPO_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_OUT = REPO_ROOT / "server" / "rubriq" / "models" / "nli_minilm"
SHIP_FILES = ("config.json", "tokenizer.json", "tokenizer_config.json", "special_tokens_map.json", "vocab.txt")
KEEP = {"MODEL_CARD.md", "training_meta.json"}


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def write_checksums(out: Path) -> dict[str, str]:
    files = {
        p.relative_to(out).as_posix(): sha256(p)
        for p in sorted(out.rglob("*"))
        if p.is_file() and p.name != "checksums.json"
    }
    doc = {"algorithm": "sha256", "files": files}
    (out / "checksums.json").write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    return files


def ship(run_dir: Path, out: Path, fp16: bool) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for p in out.iterdir():
        if p.is_file() and p.name not in KEEP:
            p.unlink()
    for name in SHIP_FILES:
        if (run_dir / name).is_file():
            shutil.copy2(run_dir / name, out / name)
    meta = run_dir / "training_meta.json"
    if meta.is_file():
        shutil.copy2(meta, out / "training_meta.json")

    tensors = load_file(str(run_dir / "model.safetensors"))
    if fp16:
        tensors = {k: (v.half() if v.is_floating_point() else v).contiguous() for k, v in tensors.items()}
    save_file(tensors, str(out / "model.safetensors"), metadata={"format": "pt"})
    (out / "model.safetensors").chmod(0o644)

    config = json.loads((out / "config.json").read_text(encoding="utf-8"))
    labels = [config["id2label"][k] for k in sorted(config["id2label"], key=int)]
    config["id2label"] = {str(i): lab for i, lab in enumerate(labels)}
    config["label2id"] = {lab: i for i, lab in enumerate(labels)}
    config["dtype"] = "float32"
    config.pop("torch_dtype", None)
    (out / "config.json").write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--run", type=Path, help="exported checkpoint directory (…/best)")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--fp32", action="store_true", help="keep fp32 weights instead of fp16")
    ap.add_argument("--checksums-only", action="store_true")
    args = ap.parse_args()
    if not args.checksums_only:
        if args.run is None:
            ap.error("--run is required unless --checksums-only")
        ship(args.run, args.out, fp16=not args.fp32)
    files = write_checksums(args.out)
    size = sum((args.out / f).stat().st_size for f in files)
    print(json.dumps({"out": args.out.name, "files": len(files), "bytes": size, "torch": torch.__version__}))


if __name__ == "__main__":
    main()
