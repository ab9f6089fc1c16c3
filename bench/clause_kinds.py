"""How far the kind of a constraint can be told from its wording alone: nearest neighbours over sentence embeddings
of the labelled constraint quotes of the hand-written prompt corpora (`tests/corpus/prompts*`).

    python bench/clause_kinds.py [--k 3]

Prints one JSON object. Each quote (the words of the prompt a label quotes) is embedded with the shipped embedding
model; its kind is predicted by a vote of its k nearest labelled quotes (cosine). Two readings:

- `development_to_test`: quotes of every development half predict the quotes of every test half (split by the
  corpus hash, as `bench/prompt_corpus.py` splits), per set and pooled, beside the rule reader's recall of the same
  test halves' constraints by kind alone;
- `leave_one_set_out`: each set's quotes predicted from all the other sets' (a new writer's wording).

This measures the kind only, on spans a person has already cut out: an upper bound for a learned reader's first
step, not a reader. No threshold is tuned; nothing here is used by Rubriq.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "server"))

from rubriq.core.config import Config  # noqa: E402
from rubriq.core.constraints import extract_constraints  # noqa: E402
from rubriq.core.models.hub import LocalModelHub  # noqa: E402

CORPORA = ROOT / "tests" / "corpus"


def split_of(pair_id: str) -> str:
    return "dev" if hashlib.sha256(pair_id.encode("utf-8")).digest()[0] % 2 == 0 else "test"


def load() -> list[dict]:
    rows = []
    for folder in sorted(CORPORA.glob("prompts*")):
        for path in sorted(folder.glob("*.expected.json")):
            pair_id = path.name[: -len(".expected.json")]
            labels = json.loads(path.read_text(encoding="utf-8")).get("constraints") or []
            prompt = (folder / f"{pair_id}.prompt").read_text(encoding="utf-8")
            for label in labels:
                rows.append({"set": folder.name, "id": pair_id, "split": split_of(pair_id), "kind": label["kind"],
                             "quote": label["quote"], "prompt": prompt})
    return rows


def knn(train: np.ndarray, train_kinds: list[str], test: np.ndarray, k: int) -> list[str]:
    sims = test @ train.T
    predictions = []
    for row in sims:
        nearest = np.argsort(-row, kind="stable")[:k]
        votes = Counter(train_kinds[i] for i in nearest)
        best = max(votes.values())
        predictions.append(next(train_kinds[i] for i in nearest if votes[train_kinds[i]] == best))
    return predictions


def accuracy(predicted: list[str], gold: list[str]) -> float | None:
    return round(sum(p == g for p, g in zip(predicted, gold, strict=True)) / len(gold), 4) if gold else None


def rule_kind_recall(rows: list[dict]) -> float | None:
    """The share of labels whose kind the rule reader extracts from the same prompt (parameters aside)."""
    found, cache = 0, {}
    for row in rows:
        if row["prompt"] not in cache:
            cache[row["prompt"]] = Counter(c.kind for c in extract_constraints(row["prompt"]))
        kinds = cache[row["prompt"]]
        if kinds[row["kind"]] > 0:
            kinds[row["kind"]] -= 1
            found += 1
    return round(found / len(rows), 4) if rows else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--k", type=int, default=3)
    args = parser.parse_args()
    rows = load()
    hub = LocalModelHub(Config())
    vectors = np.asarray(hub.embedder().encode([r["quote"] for r in rows]), dtype=np.float64)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True) + 1e-12
    kinds = [r["kind"] for r in rows]

    dev = [i for i, r in enumerate(rows) if r["split"] == "dev"]
    test = [i for i, r in enumerate(rows) if r["split"] == "test"]
    predicted = knn(vectors[dev], [kinds[i] for i in dev], vectors[test], args.k)
    per_set: dict[str, dict] = {}
    for name in sorted({rows[i]["set"] for i in test}):
        idx = [n for n, i in enumerate(test) if rows[i]["set"] == name]
        per_set[name] = {"quotes": len(idx),
                         "knn_kind_accuracy": accuracy([predicted[n] for n in idx], [kinds[test[n]] for n in idx]),
                         "rule_reader_kind_recall": rule_kind_recall([rows[test[n]] for n in idx])}
    pooled = {"quotes": len(test), "knn_kind_accuracy": accuracy(predicted, [kinds[i] for i in test]),
              "rule_reader_kind_recall": rule_kind_recall([rows[i] for i in test])}

    loso: dict[str, dict] = {}
    for name in sorted({r["set"] for r in rows}):
        inside = [i for i, r in enumerate(rows) if r["set"] == name]
        outside = [i for i, r in enumerate(rows) if r["set"] != name]
        guess = knn(vectors[outside], [kinds[i] for i in outside], vectors[inside], args.k)
        loso[name] = {"quotes": len(inside), "knn_kind_accuracy": accuracy(guess, [kinds[i] for i in inside])}
    print(json.dumps({"quotes": len(rows), "kinds": len(set(kinds)), "k": args.k,
                      "development_to_test": {"pooled": pooled, "per_set": per_set},
                      "leave_one_set_out": loso, "models": hub.model_ids()}, indent=2))


if __name__ == "__main__":
    main()
