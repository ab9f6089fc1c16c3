"""Small, dependency-free statistics shared by the benchmark scripts."""

from __future__ import annotations

import hashlib
import itertools
import math
from collections.abc import Sequence


def stable_sample(items: list, limit: int | None, key) -> list:
    """A deterministic sample of `limit` items: those with the smallest hash of their key."""
    if limit is None or limit >= len(items):
        return items
    return sorted(items, key=lambda item: hashlib.sha256(str(key(item)).encode()).hexdigest())[:limit]


def pearson(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    n = len(xs)
    if n < 3:
        return None
    mx, my = sum(xs) / n, sum(ys) / n
    sx = math.sqrt(sum((x - mx) ** 2 for x in xs))
    sy = math.sqrt(sum((y - my) ** 2 for y in ys))
    if sx == 0 or sy == 0:
        return None
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / (sx * sy)


def kendall_tau_b(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    """Kendall's tau-b (ties in either variable corrected), O(n²): fine for a few thousand points."""
    n = len(xs)
    concordant = discordant = ties_x = ties_y = 0
    for i in range(n):
        for j in range(i + 1, n):
            dx, dy = xs[i] - xs[j], ys[i] - ys[j]
            if dx == 0 and dy == 0:
                continue
            if dx == 0:
                ties_x += 1
            elif dy == 0:
                ties_y += 1
            elif (dx > 0) == (dy > 0):
                concordant += 1
            else:
                discordant += 1
    denominator = math.sqrt((concordant + discordant + ties_x) * (concordant + discordant + ties_y))
    return None if denominator == 0 else (concordant - discordant) / denominator


def binary_metrics(gold: Sequence[bool], predicted: Sequence[bool]) -> dict[str, float]:
    tp = sum(g and p for g, p in zip(gold, predicted, strict=True))
    tn = sum(not g and not p for g, p in zip(gold, predicted, strict=True))
    fp = sum(not g and p for g, p in zip(gold, predicted, strict=True))
    fn = sum(g and not p for g, p in zip(gold, predicted, strict=True))
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    specificity = tn / (tn + fp) if tn + fp else 0.0
    return {
        "accuracy": round((tp + tn) / len(gold), 4) if gold else 0.0,
        "precision": round(precision, 4),
        "recall": round(recall, 4),
        "f1": round(2 * precision * recall / (precision + recall), 4) if precision + recall else 0.0,
        "balanced_accuracy": round((recall + specificity) / 2, 4),
        "n": len(gold),
        "positives": tp + fn,
    }


def best_threshold(scores: Sequence[float], gold: Sequence[bool]) -> tuple[float, float]:
    """The threshold (midpoint between distinct scores) that maximises balanced accuracy: (threshold, value)."""
    values = sorted(set(scores))
    candidates = [values[0] - 1e-6] + [(a + b) / 2 for a, b in itertools.pairwise(values)]
    best = (0.5, -1.0)
    for threshold in candidates:
        value = binary_metrics(gold, [s >= threshold for s in scores])["balanced_accuracy"]
        if value > best[1]:
            best = (round(threshold, 6), value)
    return best
