"""Fine-tune Rubriq's 3-way NLI cross-encoder on CPU.

    python training/nli/train.py --config training/nli/config.yaml

A plain PyTorch loop over a transformers sequence-classification model: length-bucketed batches
with dynamic padding, AdamW with linear warm-up and decay, a checkpoint every `save_every_steps`
(model, optimiser, scheduler, RNG state, position in the epoch). Run the same command again after
an interruption and it resumes from the last checkpoint. The best checkpoint on the held-out dev
slice (taken from the training file, never from the evaluation sets) is exported to
`<runs_dir>/<run_name>/best/`, a directory that `sentence_transformers.CrossEncoder` loads.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

import torch
import yaml
from transformers import (
    AutoModelForSequenceClassification,
    AutoTokenizer,
    get_linear_schedule_with_warmup,
)

sys.path.insert(0, str(Path(__file__).resolve().parent))
import synth

REPO_ROOT = Path(__file__).resolve().parents[2]


def pick_threads() -> int:
    """Two intra-op threads on an idle 2-core machine; one when it is busy (a second thread would wait)."""
    cores = os.cpu_count() or 1
    return min(2, cores) if os.getloadavg()[0] < cores + 0.5 else 1


def log(msg: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", flush=True)


def resolve(path: str) -> Path:
    p = Path(path)
    return p if p.is_absolute() else (REPO_ROOT / p).resolve()


def base_model_dir(package: str) -> Path:
    module = __import__(package)
    if hasattr(module, "get_model_path"):
        return Path(module.get_model_path())
    return Path(module.__file__).resolve().parent / "model"


def load_rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def build_data(cfg: dict[str, Any], seed: int) -> tuple[list[dict[str, str]], list[dict[str, str]], dict]:
    rows = load_rows(resolve(cfg["data"]["train_file"]))
    rng = random.Random(seed)
    order = list(range(len(rows)))
    rng.shuffle(order)
    dev_size = int(cfg["data"].get("dev_size", 0))
    dev = [rows[i] for i in order[:dev_size]]
    train = [rows[i] for i in order[dev_size:]]
    if cfg["data"].get("dev_file"):  # a selection set of its own instead of a slice of the training file
        dev = load_rows(resolve(cfg["data"]["dev_file"]))
    stats: dict[str, Any] = {"train_file_rows": len(rows), "dev_rows": len(dev)}
    syn_cfg = cfg["data"].get("synthetic", {})
    if syn_cfg.get("enabled"):
        counts = {k: v for k, v in syn_cfg.items() if k != "enabled"}
        # Synthetic pairs come from training premises only; dev premises are excluded.
        dev_premises = {r["premise"] for r in dev}
        premises = [r["premise"] for r in train if r["premise"] not in dev_premises]
        fact_counts = {k: v for k, v in counts.items() if k not in synth.NEGATION_SCOPE_KINDS}
        scope_counts = {k: v for k, v in counts.items() if k in synth.NEGATION_SCOPE_KINDS}
        extra = synth.generate(premises, fact_counts, seed)
        # Negation-scope pairs come from labelled training pairs (never dev pairs).
        extra += synth.generate_negation_scope(train, scope_counts, seed)
        stats["synthetic"] = dict(Counter(r["synthetic"] for r in extra))
        train = train + [{k: r[k] for k in ("premise", "hypothesis", "label")} for r in extra]
    stats["train_rows"] = len(train)
    stats["train_labels"] = dict(Counter(r["label"] for r in train))
    return train, dev, stats


def encode(tokenizer: Any, rows: list[dict[str, str]], label2id: dict[str, int], max_len: int) -> list[dict]:
    out: list[dict] = []
    step = 2048
    for i in range(0, len(rows), step):
        chunk = rows[i : i + step]
        enc = tokenizer(
            [r["premise"] for r in chunk],
            [r["hypothesis"] for r in chunk],
            truncation=True,
            max_length=max_len,
        )
        for j, r in enumerate(chunk):
            out.append(
                {
                    "input_ids": enc["input_ids"][j],
                    "token_type_ids": enc["token_type_ids"][j],
                    # "not_entailment" (claims data: unsupported, contradicted or absent) has no single class.
                    "label": NOT_ENTAILMENT if r["label"] == "not_entailment" else label2id[r["label"]],
                }
            )
    return out


NOT_ENTAILMENT = -1


def pair_loss(logits: torch.Tensor, labels: torch.Tensor) -> torch.Tensor:
    """Cross-entropy for 3-way labels; for NOT_ENTAILMENT, -log(P(neutral) + P(contradiction)).

    Entailment is column 0 (`labels` in the config starts with it).
    """
    logp = torch.log_softmax(logits.float(), dim=-1)
    binary = labels == NOT_ENTAILMENT
    three_way = -logp.gather(1, labels.clamp(min=0).unsqueeze(1)).squeeze(1)
    not_entailed = -torch.logsumexp(logp[:, 1:], dim=-1)
    return torch.where(binary, not_entailed, three_way).mean()


def correct_predictions(logits: torch.Tensor, labels: torch.Tensor) -> int:
    predicted = logits.argmax(-1)
    binary = labels == NOT_ENTAILMENT
    return int(torch.where(binary, predicted != 0, predicted == labels).sum())


def epoch_batches(n_items: int, lengths: list[int], batch_size: int, bucket: int, seed: int) -> list[list[int]]:
    """Shuffle, sort within windows of `bucket` batches by length, then shuffle the batches."""
    rng = random.Random(seed)
    idx = list(range(n_items))
    rng.shuffle(idx)
    window = batch_size * bucket
    batches: list[list[int]] = []
    for w in range(0, n_items, window):
        chunk = sorted(idx[w : w + window], key=lambda i: lengths[i])
        batches.extend(chunk[b : b + batch_size] for b in range(0, len(chunk), batch_size))
    rng.shuffle(batches)
    return batches


def collate(items: list[dict], pad_id: int) -> dict[str, torch.Tensor]:
    width = max(len(it["input_ids"]) for it in items)
    ids = torch.full((len(items), width), pad_id, dtype=torch.long)
    tt = torch.zeros((len(items), width), dtype=torch.long)
    mask = torch.zeros((len(items), width), dtype=torch.long)
    for k, it in enumerate(items):
        n = len(it["input_ids"])
        ids[k, :n] = torch.tensor(it["input_ids"])
        tt[k, :n] = torch.tensor(it["token_type_ids"])
        mask[k, :n] = 1
    return {
        "input_ids": ids,
        "token_type_ids": tt,
        "attention_mask": mask,
        "labels": torch.tensor([it["label"] for it in items], dtype=torch.long),
    }


@torch.no_grad()
def evaluate(model: Any, data: list[dict], pad_id: int, batch_size: int = 64) -> dict[str, float]:
    model.eval()
    order = sorted(range(len(data)), key=lambda i: len(data[i]["input_ids"]))
    correct = 0
    loss_sum = 0.0
    for b in range(0, len(order), batch_size):
        batch = collate([data[i] for i in order[b : b + batch_size]], pad_id)
        labels = batch.pop("labels")
        logits = model(**batch).logits
        loss_sum += float(pair_loss(logits, labels)) * len(labels)
        correct += correct_predictions(logits, labels)
    model.train()
    return {"accuracy": correct / max(len(data), 1), "loss": loss_sum / max(len(data), 1)}


def export(model: Any, tokenizer: Any, out_dir: Path, meta: dict[str, Any]) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(out_dir, safe_serialization=True)
    tokenizer.save_pretrained(out_dir)
    (out_dir / "training_meta.json").write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--config", default="training/nli/config.yaml")
    parser.add_argument("--max-steps", type=int, default=None, help="override train.max_steps (throughput probe)")
    parser.add_argument("--run-name", default=None)
    parser.add_argument("--epochs", type=float, default=None, help="override train.epochs (resumes extend a run)")
    args = parser.parse_args()

    cfg = yaml.safe_load(resolve(args.config).read_text(encoding="utf-8"))
    tcfg = cfg["train"]
    if args.epochs is not None:
        tcfg["epochs"] = args.epochs
    seed = int(cfg["seed"])
    run_name = args.run_name or cfg["run_name"]
    run_dir = resolve(cfg["output"]["runs_dir"]) / run_name
    run_dir.mkdir(parents=True, exist_ok=True)
    ckpt_path = run_dir / "checkpoint-last.pt"
    max_steps_cap = args.max_steps if args.max_steps is not None else int(tcfg.get("max_steps", 0))

    threads_cfg = str(tcfg.get("num_threads", "auto"))
    torch.set_num_threads(2 if threads_cfg == "auto" else int(threads_cfg))
    random.seed(seed)
    torch.manual_seed(seed)

    labels: list[str] = list(cfg["labels"])
    label2id = {lab: i for i, lab in enumerate(labels)}
    id2label = dict(enumerate(labels))

    base_dir = base_model_dir(cfg["base_package"])
    log(f"base model: {cfg['base_package']} ({base_dir.name})")
    tokenizer = AutoTokenizer.from_pretrained(base_dir)
    # A second stage starts from an earlier run's exported weights (classification head included).
    init_dir = resolve(cfg["init_from"]) if cfg.get("init_from") else base_dir
    if init_dir != base_dir:
        if not (init_dir / "config.json").exists():
            sys.exit(f"init_from: {init_dir} is not an exported model; run the earlier stage first")
        log(f"initial weights: {init_dir}")
    model = AutoModelForSequenceClassification.from_pretrained(
        init_dir, num_labels=len(labels), id2label=id2label, label2id=label2id
    )
    model.train()
    pad_id = tokenizer.pad_token_id

    t0 = time.time()
    train_rows, dev_rows, stats = build_data(cfg, seed)
    log(f"data: {json.dumps(stats)}")
    max_len = int(tcfg["max_seq_len"])
    train = encode(tokenizer, train_rows, label2id, max_len)
    dev = encode(tokenizer, dev_rows, label2id, max_len)
    lengths = [len(x["input_ids"]) for x in train]
    log(f"tokenised in {time.time() - t0:.1f}s; mean length {sum(lengths) / len(lengths):.1f}")

    bs = int(tcfg["batch_size"])
    steps_per_epoch = math.ceil(len(train) / bs)
    epochs = float(tcfg["epochs"])
    total_steps = math.ceil(steps_per_epoch * epochs)

    no_decay = ("bias", "LayerNorm.weight", "layernorm", "norm.weight")
    groups = [
        {
            "params": [p for n, p in model.named_parameters() if not any(k in n for k in no_decay)],
            "weight_decay": float(tcfg["weight_decay"]),
        },
        {
            "params": [p for n, p in model.named_parameters() if any(k in n for k in no_decay)],
            "weight_decay": 0.0,
        },
    ]
    optim = torch.optim.AdamW(groups, lr=float(tcfg["learning_rate"]))
    sched = get_linear_schedule_with_warmup(optim, int(total_steps * float(tcfg["warmup_ratio"])), total_steps)

    step = 0
    best_acc = -1.0
    history: list[dict[str, Any]] = []
    elapsed_before = 0.0
    if ckpt_path.exists():
        state = torch.load(ckpt_path, map_location="cpu", weights_only=False)
        model.load_state_dict(state["model"])
        optim.load_state_dict(state["optim"])
        sched.load_state_dict(state["sched"])
        step = int(state["step"])
        best_acc = float(state["best_acc"])
        history = list(state.get("history", []))
        elapsed_before = float(state.get("elapsed_s", 0.0))
        torch.set_rng_state(state["torch_rng"])
        log(f"resumed from step {step} (best dev acc {best_acc:.4f}, {elapsed_before / 60:.1f} min done)")

    meta_base = {
        "base_model": "sentence-transformers/all-MiniLM-L6-v2",
        "base_package": cfg["base_package"],
        "init_from": cfg.get("init_from"),
        "config": cfg,
        "data_stats": stats,
        "steps_per_epoch": steps_per_epoch,
        "total_steps": total_steps,
        "torch": torch.__version__,
        "threads": torch.get_num_threads(),
    }

    def save_ckpt() -> None:
        tmp = ckpt_path.with_suffix(".tmp")
        torch.save(
            {
                "model": model.state_dict(),
                "optim": optim.state_dict(),
                "sched": sched.state_dict(),
                "step": step,
                "best_acc": best_acc,
                "history": history,
                "elapsed_s": elapsed_before + (time.time() - seg_start),
                "torch_rng": torch.get_rng_state(),
            },
            tmp,
        )
        tmp.replace(ckpt_path)

    seg_start = time.time()
    last_save = seg_start
    loss_acc = 0.0
    n_acc = 0
    tick = time.time()
    pairs_since = 0
    done = False
    while step < total_steps and not done:
        epoch = step // steps_per_epoch
        batches = epoch_batches(len(train), lengths, bs, int(tcfg["bucket_batches"]), seed + epoch)
        for bi in range(step - epoch * steps_per_epoch, len(batches)):
            batch = collate([train[i] for i in batches[bi]], pad_id)
            labels = batch.pop("labels")
            loss = pair_loss(model(**batch).logits, labels)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), float(tcfg["max_grad_norm"]))
            optim.step()
            sched.step()
            optim.zero_grad(set_to_none=True)
            step += 1
            loss_acc += loss.item()
            n_acc += 1
            pairs_since += len(labels)

            if threads_cfg == "auto" and step % 5 == 0:
                torch.set_num_threads(pick_threads())
            if step % int(tcfg["log_every_steps"]) == 0:
                dt = time.time() - tick
                log(
                    f"step {step}/{total_steps} epoch {epoch} loss {loss_acc / n_acc:.4f} "
                    f"lr {sched.get_last_lr()[0]:.2e} {pairs_since / dt:.1f} pairs/s "
                    f"threads {torch.get_num_threads()} load {os.getloadavg()[0]:.1f}"
                )
                loss_acc, n_acc, tick, pairs_since = 0.0, 0, time.time(), 0
            last = step == total_steps or (max_steps_cap and step >= max_steps_cap)
            if step % int(tcfg["eval_every_steps"]) == 0 or last:
                res = evaluate(model, dev, pad_id)
                res.update({"step": step, "epoch": round(step / steps_per_epoch, 3)})
                history.append(res)
                log(f"dev {json.dumps(res)}")
                snapshot_every = int(tcfg.get("snapshot_every_steps", 0))
                if snapshot_every and (step % snapshot_every == 0 or last):
                    # Kept for selection on downstream data (dev-slice accuracy alone has picked badly before).
                    export(model, tokenizer, run_dir / "snapshots" / f"step{step}", dict(meta_base, dev=res))
                if res["accuracy"] > best_acc:
                    best_acc = res["accuracy"]
                    meta = dict(
                        meta_base, best=res, history=history, train_seconds=elapsed_before + (time.time() - seg_start)
                    )
                    export(model, tokenizer, run_dir / "best", meta)
                    log(f"new best -> {run_dir.name}/best")
                tick = time.time()
                pairs_since = 0
            due = time.time() - last_save > 60 * float(tcfg.get("save_every_minutes", 10))
            if step % int(tcfg["save_every_steps"]) == 0 or last or due:
                save_ckpt()
                last_save = time.time()
            if last:
                done = True
                break

    total = elapsed_before + (time.time() - seg_start)
    meta = dict(meta_base, history=history, train_seconds=total, final_step=step)
    (run_dir / "final_meta.json").write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")
    log(f"finished at step {step}; training time {total / 60:.1f} min; best dev acc {best_acc:.4f}")


if __name__ == "__main__":
    main()
