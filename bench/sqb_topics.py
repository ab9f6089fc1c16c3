"""SQB coverage (required topics): does Rubriq's topic rule agree with hand labels of "the output addresses it"?

The corpus (`tests/corpus/sqb-topics/topics.yaml`) is split into development and test halves by a hash of each
item's id. For each lexical weight w on a grid, the threshold T maximising balanced accuracy on the development
half is found; the (w, T) with the best development balanced accuracy is chosen (ties: the smaller w), and every
figure is also reported on the test half, with the rule used before (w = 0, T = 0.504) beside it.

    python bench/sqb_topics.py [--corpus tests/corpus/sqb-topics/topics.yaml]

With `--realsumm FILE` the chosen rule is also checked on REALSumm SCU presence (each SCU as a "topic"; an SCU
counts as addressed when the human majority found it in the summary), development documents only.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _stats import best_threshold, binary_metrics, stable_sample
from rubriq.core.config import Config
from rubriq.core.models.hub import LocalModelHub
from rubriq.core.sqb.topics import score_topics

ROOT = Path(__file__).resolve().parents[1]
WEIGHTS = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7)
PREVIOUS = (0.0, 0.504)


def half(key: str) -> str:
    return "development" if int(hashlib.sha256(key.encode()).hexdigest(), 16) % 2 == 0 else "test"


def _scores(items: list[dict], embedder, weight: float) -> list[tuple[str, float, bool]]:
    """(half, score, gold) per labelled topic."""
    rows = []
    for item in items:
        topics = [t["topic"] for t in item["topics"]]
        results = score_topics(topics, item["output"], embedder, threshold=1.0, lexical_weight=weight)
        rows += [(half(item["id"]), r.score, bool(t["addressed"])) for r, t in zip(results, item["topics"],
                                                                                     strict=True)]
    return rows


def _evaluate(rows: list[tuple[str, float, bool]], which: str, threshold: float) -> dict:
    part = [(s, g) for h, s, g in rows if h == which]
    return binary_metrics([g for _, g in part], [s >= threshold for s, _ in part])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", type=Path, default=ROOT / "tests" / "corpus" / "sqb-topics" / "topics.yaml")
    parser.add_argument("--realsumm", type=Path, help="realsumm_scu_presence_dev.jsonl (optional check)")
    parser.add_argument("--limit", type=int, default=200, help="REALSumm summaries to sample (default 200)")
    args = parser.parse_args()

    items = yaml.safe_load(args.corpus.read_text(encoding="utf-8"))["items"]
    hub = LocalModelHub(Config())
    embedder = hub.embedder()
    grid = []
    for weight in WEIGHTS:
        rows = _scores(items, embedder, weight)
        dev = [(s, g) for h, s, g in rows if h == "development"]
        threshold, dev_ba = best_threshold([s for s, _ in dev], [g for _, g in dev])
        grid.append({"lexical_weight": weight, "threshold": threshold, "development_balanced_accuracy": dev_ba,
                     "rows": rows})
    chosen = max(grid, key=lambda g: (g["development_balanced_accuracy"], -g["lexical_weight"]))
    previous_rows = next(g["rows"] for g in grid if g["lexical_weight"] == PREVIOUS[0])
    lexical_only = _scores(items, None, 0.0)
    result = {
        "corpus": str(args.corpus.relative_to(ROOT)) if args.corpus.is_relative_to(ROOT) else str(args.corpus),
        "items": {h: sum(half(i["id"]) == h for i in items) for h in ("development", "test")},
        "labels": {h: sum(len(i["topics"]) for i in items if half(i["id"]) == h) for h in ("development", "test")},
        "grid": [{k: v for k, v in g.items() if k != "rows"} for g in grid],
        "chosen": {"lexical_weight": chosen["lexical_weight"], "threshold": chosen["threshold"]},
        "development": _evaluate(chosen["rows"], "development", chosen["threshold"]),
        "test": _evaluate(chosen["rows"], "test", chosen["threshold"]),
        "previous_rule_test": _evaluate(previous_rows, "test", PREVIOUS[1]),
        "lexical_only_test": _evaluate(lexical_only, "test", 1.0),
        "models": hub.model_ids(),
    }
    if args.realsumm:
        result["realsumm_development_docs"] = _realsumm(args.realsumm, args.limit, embedder, chosen)
    print(json.dumps(result, indent=2))


def _realsumm(path: Path, limit: int, embedder, chosen: dict) -> dict:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    rows = [r for r in rows if r["scus"] and half(r["doc_id"]) == "development"]
    rows = stable_sample(rows, limit, key=lambda r: (r["doc_id"], r["system"]))
    gold, predicted = [], []
    for row in rows:
        results = score_topics([s["text"] for s in row["scus"]], row["summary"], embedder, chosen["threshold"],
                               chosen["lexical_weight"])
        gold += [bool(s["present_majority"]) for s in row["scus"]]
        predicted += [r.addressed for r in results]
    return {"summaries": len(rows), **binary_metrics(gold, predicted)}


if __name__ == "__main__":
    main()
