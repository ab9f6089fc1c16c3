"""SQB factual recall against human SCU-presence labels (REALSumm).

For every (summary, reference fact = SCU): does Rubriq's recall machinery say the fact is present? Fact-level
accuracy, F1 and balanced accuracy against the human majority; per-summary Pearson and Kendall correlation of
Rubriq's recall with `human_litepyramid_recall`, next to the same correlations of each automatic score in the file
(ROUGE, BERTScore, ...) on the same summaries.

Calibration: documents are split in two halves by a hash of their id. The fact threshold is chosen on the
calibration half (maximising fact-level balanced accuracy) and every figure is reported on the other half.
`shipped` is the same half judged by the SQB's own decision (`Matcher.conveyed(...).holds` at the shipped
thresholds): what `rubriq sqb` would report. Each summary is checked exactly as the SQB checks an output, through
the matcher (`rubriq.core.sqb.matching`).

    python bench/sqb_realsumm.py --scu ../shared/data/realsumm/realsumm_scu_presence_dev.jsonl \
        --sources ../shared/data/realsumm/realsumm_sources_dev.jsonl --limit 200
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _stats import best_threshold, binary_metrics, kendall_tau_b, pearson, stable_sample
from rubriq.core.config import Config
from rubriq.core.models.hub import LocalModelHub
from rubriq.core.sqb.matching import MATCHERS, Document, FactQuery, make_matcher
from rubriq.core.sqb.metrics import Thresholds
from rubriq.core.sqb.topics import score_topics


def _half(doc_id: str) -> str:
    return "calibration" if int(hashlib.sha256(doc_id.encode()).hexdigest(), 16) % 2 == 0 else "evaluation"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scu", required=True, type=Path)
    parser.add_argument("--sources", required=True, type=Path)
    parser.add_argument("--limit", type=int, help="a deterministic sample of N summaries")
    parser.add_argument("--nli-model", help="local path of an NLI cross-encoder (else the usual resolution)")
    parser.add_argument("--matcher", choices=MATCHERS, default=MATCHERS[0], help="the SQB matcher to measure")
    parser.add_argument("--threshold", type=float, help="use this fact threshold instead of calibrating")
    parser.add_argument("--topics", action="store_true",
                        help="check the coverage (topic) rule instead: each SCU scored as a topic, against the same "
                             "human labels")
    args = parser.parse_args()

    started = time.perf_counter()
    rows = [json.loads(line) for line in args.scu.read_text(encoding="utf-8").splitlines() if line.strip()]
    rows = [r for r in rows if r.get("human_litepyramid_recall") is not None and r["scus"]]
    rows = stable_sample(rows, args.limit, key=lambda r: (r["doc_id"], r["system"]))
    hub = LocalModelHub(Config(nli_model=args.nli_model))
    defaults = Thresholds()
    if args.topics:
        print(json.dumps(_topic_calibration(rows, hub, started), indent=2))
        return
    nli, embedder = hub.nli(), hub.embedder()
    matcher = make_matcher(nli, embedder, defaults, hub.model_ids(), args.matcher)

    scored = []  # (row, [(score, the matcher's decision, gold)])
    for row in rows:
        facts = [FactQuery(str(scu.get("qid", i)), scu["text"]) for i, scu in enumerate(row["scus"])]
        verdicts = matcher.conveyed(facts, Document("output", row["summary"]))
        scored.append((row, [(v.score, v.holds, bool(scu["present_majority"]))
                             for v, scu in zip(verdicts, row["scus"], strict=True)]))

    calibration = [(s, g) for row, pairs in scored if _half(row["doc_id"]) == "calibration" for s, _, g in pairs]
    if args.threshold is not None:
        threshold, calibration_ba = args.threshold, None
    else:
        threshold, calibration_ba = best_threshold([s for s, _ in calibration], [g for _, g in calibration])
    evaluation = [(row, pairs) for row, pairs in scored if _half(row["doc_id"]) == "evaluation"]
    gold = [g for _, pairs in evaluation for _, _, g in pairs]
    predicted = [s >= threshold for _, pairs in evaluation for s, _, _ in pairs]

    human = [row["human_litepyramid_recall"] for row, _ in evaluation]
    rubriq_recall = [sum(s >= threshold for s, _, _ in pairs) / len(pairs) for _, pairs in evaluation]
    shipped_recall = [sum(d for _, d, _ in pairs) / len(pairs) for _, pairs in evaluation]
    result = {
        "n_summaries": len(evaluation),
        "n_facts": len(gold),
        "n_calibration_summaries": len(scored) - len(evaluation),
        "threshold": threshold,
        "calibration_balanced_accuracy": calibration_ba,
        "fact_level": binary_metrics(gold, predicted),
        "rubriq_pearson": _round(pearson(rubriq_recall, human)),
        "rubriq_kendall": _round(kendall_tau_b(rubriq_recall, human)),
        "shipped": {
            "fact_level": binary_metrics(gold, [d for _, pairs in evaluation for _, d, _ in pairs]),
            "rubriq_pearson": _round(pearson(shipped_recall, human)),
            "rubriq_kendall": _round(kendall_tau_b(shipped_recall, human)),
        },
    }
    auto_keys = sorted({k for row, _ in evaluation for k in row["auto_scores"]})
    for key in auto_keys:
        pairs = [(row["auto_scores"][key], h) for (row, _), h in zip(evaluation, human, strict=True)
                 if key in row["auto_scores"]]
        result[f"{key}_pearson"] = _round(pearson([a for a, _ in pairs], [h for _, h in pairs]))
        result[f"{key}_kendall"] = _round(kendall_tau_b([a for a, _ in pairs], [h for _, h in pairs]))
    rouge = [v for k, v in result.items() if k.startswith("rouge") and k.endswith("_kendall") and v is not None]
    result["best_rouge_kendall"] = max(rouge) if rouge else None
    result["nli_pairs"] = matcher.work().get("nli_pairs")
    result["matcher"] = matcher.id
    result["models"] = hub.model_ids()
    result["seconds"] = round(time.perf_counter() - started, 2)
    print(json.dumps(result, indent=2))


def _topic_calibration(rows: list[dict], hub: LocalModelHub, started: float) -> dict:
    """Each SCU as a "topic" scored by the SQB's topic rule (`topics.score_topics`, its shipped lexical weight)."""
    embedder = hub.embedder()
    weight = Thresholds().topic_lexical_weight
    pairs: dict[str, list[tuple[float, bool]]] = {"calibration": [], "evaluation": []}
    for row in rows:
        results = score_topics([scu["text"] for scu in row["scus"]], row["summary"], embedder, 1.0, weight)
        for result, scu in zip(results, row["scus"], strict=True):
            pairs[_half(row["doc_id"])].append((result.score, bool(scu["present_majority"])))
    threshold, calibration_ba = best_threshold([s for s, _ in pairs["calibration"]],
                                               [g for _, g in pairs["calibration"]])
    evaluation = pairs["evaluation"]
    return {
        "topic_threshold": threshold,
        "lexical_weight": weight,
        "calibration_balanced_accuracy": calibration_ba,
        "evaluation": binary_metrics([g for _, g in evaluation], [s >= threshold for s, _ in evaluation]),
        "models": hub.model_ids(),
        "seconds": round(time.perf_counter() - started, 2),
    }


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


if __name__ == "__main__":
    main()
