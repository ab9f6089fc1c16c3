"""Fit the claim verifier's decision weights (`rubriq.core.verify.decision`) on development halves only.

    python bench/faithfulness.py --val D1 D2 --test D1 D2 --split-val --limit N --scorer verifier \\
        --dump-features FEATURES.jsonl [--mode no-nli]
    python bench/calibrate_verifier.py FEATURES.jsonl [--without-nli]

Training rows are claims whose label is known: the single claim of a one-claim summary takes the summary's label;
every claim of a consistent multi-claim summary is supported (an inconsistent multi-claim summary does not say
which claim is wrong, so its claims are left out). Only rows of the development half (`half` 0: the half
`bench/faithfulness.py --split-val` uses to choose thresholds) are fit. Every dataset weighs the same and, inside
it, both classes weigh the same, so no benchmark's size or base rate decides the weights.

The fit is an L2-regularised logistic regression over the decision's four features (Newton's method, a fixed
number of steps: deterministic). It prints one JSON object: the weights to paste into `decision.py`, the fit's
ROC AUC per dataset on the scored half (half 1) at claim and summary level (a summary scores the mean of its
claims' probabilities, as `--scorer verifier` does), and leave-one-dataset-out weights' summary-level ROC AUC
(fit on every other dataset, scored on the one left out): a check that the few weights transfer across datasets.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from faithfulness import roc_auc

FEATURES = ("nli", "cosine", "lexical", "absent")
ABSENT_CAP = 2
L2 = 1.0


def design(rows: list[dict], columns: list[str]) -> np.ndarray:
    x = np.array([[min(float(r[c]), ABSENT_CAP) if c == "absent" else float(r[c]) for c in columns] for r in rows])
    return np.hstack([np.ones((len(rows), 1)), x.reshape(len(rows), len(columns))])


def probabilities(rows: list[dict], weights: dict[str, float]) -> np.ndarray:
    z = weights["bias"] + design(rows, list(FEATURES))[:, 1:] @ np.array([weights[c] for c in FEATURES])
    return 1 / (1 + np.exp(-z))


def fit(x: np.ndarray, y: np.ndarray, w: np.ndarray, steps: int = 30) -> np.ndarray:
    """Logistic regression: mean weighted log-loss plus L2 * |beta|^2 / (2n), the bias not penalised."""
    w = w * len(w) / w.sum()  # mean row weight 1, so L2 means the same whatever the balancing
    beta = np.zeros(x.shape[1])
    penalty = np.diag([0.0] + [L2] * (x.shape[1] - 1)) / len(w)
    for _ in range(steps):
        p = 1 / (1 + np.exp(-(x @ beta)))
        gradient = x.T @ (w * (p - y)) / w.sum() + penalty @ beta
        hessian = (x * (w * p * (1 - p))[:, None]).T @ x / w.sum() + penalty
        beta -= np.linalg.solve(hessian, gradient)
    return beta


# The sign each feature's coefficient must have for the decision to make sense: support grows with the NLI margin,
# similarity and lexical support, and falls with every absent value. A feature fit with the wrong sign carries no
# signal on these data (only noise), so it is dropped and the rest refit.
SIGNS = {"nli": 1, "cosine": 1, "lexical": 1, "absent": -1}


def fit_signed(rows: list[dict], columns: list[str]) -> dict[str, float]:
    """Fit on `rows`; drop features whose coefficient has the wrong sign and refit, until none has."""
    y = np.array([r["label"] for r in rows], dtype=float)
    w = balance(rows)
    while True:
        beta = fit(design(rows, columns), y, w)
        weights = dict(zip(["bias", *columns], (float(b) for b in beta), strict=True))
        wrong = [c for c in columns if weights[c] * SIGNS[c] < 0]
        if not wrong:
            return {**{c: 0.0 for c in FEATURES}, **weights}
        columns = [c for c in columns if c not in wrong]


def known_label_rows(rows: list[dict]) -> list[dict]:
    return [r for r in rows if r["claims"] == 1 or r["label"] == 1]


def balance(rows: list[dict]) -> np.ndarray:
    counts: dict[tuple[str, int], int] = defaultdict(int)
    for r in rows:
        counts[(r["dataset"], r["label"])] += 1
    return np.array([1.0 / counts[(r["dataset"], r["label"])] for r in rows])


def summaries(rows: list[dict]) -> dict[tuple, list[dict]]:
    grouped: dict[tuple, list[dict]] = defaultdict(list)
    for r in rows:
        grouped[(r["dataset"], r["half"], r["summary"])].append(r)
    return grouped


def summary_auc(rows: list[dict], weights: dict[str, float]) -> float | None:
    scores, labels = [], []
    for group in summaries(rows).values():
        p = probabilities(group, weights)
        p = np.where([g["verdict"] == "conflicts" for g in group], 0.0, p)
        scores.append(float(p.mean()))
        labels.append(group[0]["label"])
    auc = roc_auc(np.array(scores), np.array(labels))
    return None if auc is None else round(100 * auc, 1)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("features", type=Path, nargs="+", help="feature files (JSONL), fit together")
    parser.add_argument("--without-nli", action="store_true", help="fit the weights used when NLI does not run")
    args = parser.parse_args()
    with_nli = not args.without_nli
    rows = [json.loads(line) for path in args.features for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip()]
    if with_nli and any(r["nli"] is None for r in rows):
        raise SystemExit("these features have no NLI margin; use --without-nli")
    datasets = sorted({r["dataset"] for r in rows})
    columns = [c for c in FEATURES if with_nli or c != "nli"]
    if not with_nli:
        rows = [{**r, "nli": 0.0} for r in rows]
    train = known_label_rows([r for r in rows if r["half"] == 0])
    weights = fit_signed(train, columns)

    per_dataset = {}
    for d in datasets:
        scored = [r for r in rows if r["dataset"] == d and r["half"] == 1]
        claims = known_label_rows(scored)
        claim_auc = roc_auc(probabilities(claims, weights), np.array([r["label"] for r in claims])) if claims else None
        per_dataset[d] = {"claim_roc_auc": None if claim_auc is None else round(100 * claim_auc, 1),
                          "summary_roc_auc": summary_auc(scored, weights), "claims": len(claims)}
    lodo = {}
    for d in datasets:
        others = known_label_rows([r for r in rows if r["dataset"] != d])
        lodo[d] = summary_auc([r for r in rows if r["dataset"] == d], fit_signed(others, columns))

    def mean(values: list[float | None]) -> float | None:
        known = [v for v in values if v is not None]
        return round(float(np.mean(known)), 1) if known else None

    print(json.dumps({
        "features": [str(p) for p in args.features], "with_nli": with_nli, "training_claims": len(train),
        "weights": {k: round(v, 3) for k, v in weights.items()}, "scored_half": per_dataset,
        "mean_summary_roc_auc": mean([v["summary_roc_auc"] for v in per_dataset.values()]),
        "leave_one_dataset_out_summary_roc_auc": lodo, "mean_leave_one_dataset_out": mean(list(lodo.values())),
    }, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
