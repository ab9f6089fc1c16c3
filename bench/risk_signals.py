"""Measure the hallucination-risk signals on HaluEval-format data.

    python bench/risk_signals.py --data FILE [--limit N]

FILE is JSONL with {user_query, chatgpt_response, hallucination: "yes"|"no", hallucination_spans: [...]}.
Each response is checked against its query as an open question (the risk-signal metric alone, tier 0).
Prints one JSON object:
  response level  "has at least one risk signal" as the prediction of hallucination == "yes":
                  precision, recall, f1, balanced_accuracy (mean of recall on "yes" and on "no")
  span level      span_recall: share of the annotated spans (located verbatim in the response) that overlap at
                  least one risk-signal finding; spans_located / spans_total say how many could be located
  seconds         wall time of the whole run; ms_per_response its mean
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT / "server"))

from rubriq.core.config import Config  # noqa: E402
from rubriq.core.context import CheckContext  # noqa: E402
from rubriq.core.metrics.risk_signals import RiskSignalMetric  # noqa: E402
from rubriq.core.prompt import parse_prompt  # noqa: E402
from rubriq.core.tasks import TaskDetection, TaskType  # noqa: E402
from rubriq.core.text import TextModel  # noqa: E402


def _ratio(numerator: float, denominator: float) -> float:
    return round(numerator / denominator, 4) if denominator else 0.0


def evaluate(rows: list[dict]) -> dict:
    metric = RiskSignalMetric()
    config = Config()
    task = TaskDetection(TaskType.OPEN_QA, 1.0, "benchmark: open question", None)
    confusion: Counter[str] = Counter()
    signals_by_code: Counter[str] = Counter()
    spans_total = spans_located = spans_hit = 0
    started = time.perf_counter()
    for row in rows:
        response = row["chatgpt_response"]
        ctx = CheckContext(prompt=parse_prompt(row["user_query"]), output=TextModel(response), task=task,
                           config=config, models=None, tiers=frozenset({0}))
        findings = metric.run(ctx).findings
        signals_by_code.update(f.code for f in findings)
        predicted = bool(findings)
        actual = row["hallucination"] == "yes"
        confusion[("t" if predicted == actual else "f") + ("p" if predicted else "n")] += 1
        for annotated in row.get("hallucination_spans") or []:
            spans_total += 1
            needle = annotated.strip()
            start = response.find(needle) if needle else -1
            if start < 0:
                continue
            spans_located += 1
            end = start + len(needle)
            if any(f.start < end and start < f.end for f in findings):
                spans_hit += 1
    seconds = time.perf_counter() - started
    tp, fp, fn, tn = confusion["tp"], confusion["fp"], confusion["fn"], confusion["tn"]
    precision, recall = _ratio(tp, tp + fp), _ratio(tp, tp + fn)
    specificity = _ratio(tn, tn + fp)
    return {
        "responses": len(rows),
        "positives": tp + fn,
        "flagged": tp + fp,
        "precision": precision,
        "recall": recall,
        "f1": _ratio(2 * precision * recall, precision + recall),
        "balanced_accuracy": round((recall + specificity) / 2, 4),
        "specificity": specificity,
        "span_recall": _ratio(spans_hit, spans_located),
        "spans_located": spans_located,
        "spans_total": spans_total,
        "signals_by_code": dict(sorted(signals_by_code.items())),
        "seconds": round(seconds, 2),
        "ms_per_response": round(1000 * seconds / max(1, len(rows)), 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, required=True, help="HaluEval-format JSONL file")
    parser.add_argument("--limit", type=int, default=None, help="only the first N rows")
    args = parser.parse_args()
    with args.data.open(encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh if line.strip()]
    if args.limit is not None:
        rows = rows[: args.limit]
    result = {"data": args.data.name, **evaluate(rows)}
    print(json.dumps(result))


if __name__ == "__main__":
    main()
