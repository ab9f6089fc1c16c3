"""Evaluate an NLI cross-encoder on JSONL files of {premise, hypothesis, label}.

    python bench/nli.py --data FILE [FILE ...] [--model PATH] [--batch-size 32] [--limit N]

Prints one JSON object: one entry per file (keyed by the file's stem) with accuracy, macro_f1 and
per_class_f1, plus `pairs_per_second` (all pairs scored / time spent in predict, CPU) and `model`.
Without --model the shipped model is loaded through `load_shipped_nli` (checksums verified).
Label columns are mapped through the model's config (id2label), never assumed.
Files with only two gold labels (e.g. entailment / neutral) are still scored 3-way; macro_f1 averages
over the labels present in gold or predictions.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT / "server"))

LABELS = ("entailment", "neutral", "contradiction")


def load_pairs(path: Path, limit: int | None, seed: int) -> list[dict[str, str]]:
    with path.open(encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh if line.strip()]
    if limit is not None and limit < len(rows):
        rows = random.Random(seed).sample(rows, limit)
    return rows


def f1_scores(gold: list[str], pred: list[str]) -> dict[str, float]:
    out: dict[str, float] = {}
    for lab in LABELS:
        tp = sum(1 for g, p in zip(gold, pred, strict=True) if g == lab and p == lab)
        fp = sum(1 for g, p in zip(gold, pred, strict=True) if g != lab and p == lab)
        fn = sum(1 for g, p in zip(gold, pred, strict=True) if g == lab and p != lab)
        if tp + fp + fn == 0:
            continue
        out[lab] = 2 * tp / (2 * tp + fp + fn)
    return out


def score_file(model: Any, labels: list[str], rows: list[dict[str, str]], batch_size: int) -> tuple[dict, float]:
    pairs = [(r["premise"], r["hypothesis"]) for r in rows]
    start = time.perf_counter()
    logits = model.predict(pairs, batch_size=batch_size, show_progress_bar=False)
    elapsed = time.perf_counter() - start
    pred = [labels[int(i)] for i in logits.argmax(axis=1)]
    gold = [r["label"].lower() for r in rows]
    per_class = f1_scores(gold, pred)
    acc = sum(1 for g, p in zip(gold, pred, strict=True) if g == p) / max(len(rows), 1)
    result = {
        "n": len(rows),
        "accuracy": round(acc, 4),
        "macro_f1": round(sum(per_class.values()) / max(len(per_class), 1), 4),
        "per_class_f1": {k: round(v, 4) for k, v in per_class.items()},
        "gold_labels": sorted(set(gold)),
    }
    return result, elapsed


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", nargs="+", type=Path, required=True)
    ap.add_argument("--model", type=Path, default=None, help="model directory (default: the shipped model)")
    ap.add_argument("--batch-size", type=int, default=32)
    ap.add_argument("--limit", type=int, default=None, help="random sample of N pairs per file (quick checks)")
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--threads", type=int, default=None, help="torch CPU threads (default: torch's choice)")
    args = ap.parse_args()

    import torch

    if args.threads:
        torch.set_num_threads(args.threads)

    from rubriq.core.models.shipped import NLI_DIR, NLI_MODEL_ID, label_order, load_shipped_nli

    if args.model is None:
        model = load_shipped_nli("cpu")
        model_dir, model_name = NLI_DIR, NLI_MODEL_ID
    else:
        from sentence_transformers import CrossEncoder

        model_dir = args.model
        model = CrossEncoder(str(model_dir), device="cpu", local_files_only=True, model_kwargs={"dtype": torch.float32})
        model.model.float()
        model_name = model_dir.name
    labels = label_order(model_dir)

    report: dict[str, Any] = {}
    total_pairs = 0
    total_time = 0.0
    for path in args.data:
        rows = load_pairs(path, args.limit, args.seed)
        result, elapsed = score_file(model, labels, rows, args.batch_size)
        report[path.stem] = result
        total_pairs += len(rows)
        total_time += elapsed
        print(f"{path.stem}: {json.dumps(result)}", file=sys.stderr, flush=True)
    report["pairs_per_second"] = round(total_pairs / total_time, 1) if total_time else None
    report["batch_size"] = args.batch_size
    report["threads"] = torch.get_num_threads()
    report["limit"] = args.limit
    report["model"] = model_name
    report["labels"] = labels
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
