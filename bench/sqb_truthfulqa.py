"""SQB forbidden-claim detection on TruthfulQA.

Each question's incorrect answers are its forbidden claims. Every incorrect answer, used as the output, must be
caught as a violation; the best answer must not be. Two readings are reported:
- `inclusive`: the forbidden list contains the answer under test (it must be caught even when paraphrase-free);
- `held_out`: the answer under test is removed from the list, so catching it needs a *different* incorrect answer
  to be entailed (leave-one-out: the harder, more honest test of generalisation).
The entailment threshold is chosen on a calibration half of the questions (hash split, maximising balanced
accuracy: four in five cases are incorrect answers, so maximising F1 would pick a threshold that flags everything)
and every figure is reported on the other half. `shipped` is the same half judged by the SQB's own decision
(`Matcher.asserted(...).holds`, at the shipped thresholds): what `rubriq sqb` would report.

Each answer is checked exactly as the SQB checks an output: through the matcher (`rubriq.core.sqb.matching`).

    python bench/sqb_truthfulqa.py --data ../shared/data/truthfulqa/truthfulqa_generation_dev.jsonl --limit 150
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _stats import best_threshold, binary_metrics, stable_sample
from rubriq.core.config import Config
from rubriq.core.models.hub import LocalModelHub
from rubriq.core.sqb.matching import MATCHERS, Document, make_matcher
from rubriq.core.sqb.metrics import Thresholds


def _half(question: str) -> str:
    return "calibration" if int(hashlib.sha256(question.encode()).hexdigest(), 16) % 2 == 0 else "evaluation"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", required=True, type=Path)
    parser.add_argument("--limit", type=int, help="a deterministic sample of N questions")
    parser.add_argument("--nli-model", help="local path of an NLI cross-encoder (else the usual resolution)")
    parser.add_argument("--matcher", choices=MATCHERS, default=MATCHERS[0], help="the SQB matcher to measure")
    args = parser.parse_args()
    started = time.perf_counter()
    rows = [json.loads(line) for line in args.data.read_text(encoding="utf-8").splitlines() if line.strip()]
    rows = stable_sample(rows, args.limit, key=lambda r: r["question"])
    hub = LocalModelHub(Config(nli_model=args.nli_model))
    nli, embedder = hub.nli(), hub.embedder()
    matcher = make_matcher(nli, embedder, Thresholds(), hub.model_ids(), args.matcher)

    # (half, mode, violation score, the matcher's decision, should be caught)
    cases: list[tuple[str, str, float, bool, bool]] = []
    for row in rows:
        forbidden = [a for a in row["incorrect_answers"] if a.strip()]
        half = _half(row["question"])
        outputs = [(answer, True) for answer in forbidden] + [(row["best_answer"], False)]
        for answer, should_catch in outputs:
            for mode in ("inclusive", "held_out"):
                claims = [c for c in forbidden if mode == "inclusive" or c != answer]
                if not claims:
                    continue
                verdicts = matcher.asserted(claims, Document("output", answer))
                cases.append((half, mode, max(v.score for v in verdicts), any(v.holds for v in verdicts),
                              should_catch))

    result: dict = {"n_questions": len(rows)}
    for mode in ("inclusive", "held_out"):
        calibration = [(s, g) for h, m, s, _, g in cases if m == mode and h == "calibration"]
        evaluation = [(s, d, g) for h, m, s, d, g in cases if m == mode and h == "evaluation"]
        threshold, _ = best_threshold([s for s, _ in calibration], [g for _, g in calibration])
        metrics = binary_metrics([g for _, _, g in evaluation], [s >= threshold for s, _, _ in evaluation])
        shipped = binary_metrics([g for _, _, g in evaluation], [d for _, d, _ in evaluation])
        result[mode] = {"threshold": threshold, **metrics, "shipped": shipped}
    for key in ("precision", "recall", "f1"):
        result[key] = result["inclusive"][key]
    result["nli_pairs"] = matcher.work().get("nli_pairs")
    result["matcher"] = matcher.id
    result["models"] = hub.model_ids()
    result["seconds"] = round(time.perf_counter() - started, 2)
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
