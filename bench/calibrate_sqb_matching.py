"""Choose the SQB matcher's weights and thresholds (`rubriq.core.sqb.verifier_matching`) on development halves only.

    python bench/calibrate_sqb_matching.py realsumm --scu ../shared/data/realsumm/realsumm_scu_presence_dev.jsonl \\
        --limit 800 [--features F.json]
    python bench/calibrate_sqb_matching.py truthfulqa \\
        --data ../shared/data/truthfulqa/truthfulqa_generation_dev.jsonl --limit 80 \\
        --labels tests/corpus/sqb-forbidden/truthfulqa_asserts.json [--weights '{"bias": ...}']

`realsumm`: every (summary, SCU) is verified as the matcher verifies a reference fact against an output
(`VerifierMatcher.judge`). The P(conveyed) weights are a logistic regression over the verifier's features of the
whole SCU (NLI entailment of its chosen premise, cosine, bigram support, absent values) and its unigram support in
the summary (`value_unigram_support`; the feature set was chosen by 5-fold cross-validation inside the calibration half,
per-summary Kendall: docs/benchmarks.md), L2 1.0, Newton's method,
both classes weighing the same: deterministic) fit on the calibration half of the documents (the split of
`bench/sqb_realsumm.py`); the fact threshold is the P(conveyed) of best balanced accuracy on that half, scored as
`conveyed` scores (a value conflict is 0). Reported on both halves: fact-level balanced accuracy, per-summary Pearson
and Kendall of the recall with human LitePyramid recall (and the file's ROUGE and BERTScore on the same summaries).

`truthfulqa`: every answer is checked as `VerifierMatcher.asserted` checks an output (its score is the best
P(conveyed) of a clause stating the claim's values with its polarity, 0 otherwise). Two readings, both on the
question halves of `bench/sqb_truthfulqa.py`:
- `held_out`: that script's reading: an incorrect answer against the question's other incorrect answers must be
  caught, the best answer against all of them must not;
- `labelled` (with `--labels`): the same outputs on the hand-labelled questions, but an incorrect answer must be
  caught only when it asserts one of the others (`tests/corpus/sqb-forbidden/`): paraphrase recall, with near
  misses (another entity, value or polarity) as negatives.
The forbidden threshold is the score of best balanced accuracy on the calibration half of the `labelled` reading
(the one whose gold follows the SQB's rule); both readings are reported on both halves at that threshold.

Prints one JSON object: the weights and thresholds to paste into `verifier_matching.py`, with every figure.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _stats import best_threshold, binary_metrics, kendall_tau_b, pearson, stable_sample
from rubriq.core.config import Config
from rubriq.core.models.hub import LocalModelHub
from rubriq.core.sqb.matching import OUTPUT, Document
from rubriq.core.sqb.verifier_matching import (
    CONVEYED,
    THRESHOLDS,
    ConveyedWeights,
    VerifierMatcher,
    as_claim,
    evidence_units,
    opens_with,
    value_unigram_support,
)
from rubriq.core.verify.decision import ABSENT_CAP

FEATURES = ("entailment", "cosine", "lexical", "unigram", "absent")
L2 = 1.0


def _half(key: str) -> str:
    return "calibration" if int(hashlib.sha256(key.encode()).hexdigest(), 16) % 2 == 0 else "evaluation"


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


def fit(x: np.ndarray, y: np.ndarray, steps: int = 40) -> np.ndarray:
    """Logistic regression, both classes weighing the same, L2 on the weights (not the bias); Newton's method."""
    x = np.hstack([np.ones((len(x), 1)), x])
    positives = y.sum()
    w_row = np.where(y > 0, len(y) / (2 * positives), len(y) / (2 * (len(y) - positives)))
    beta = np.zeros(x.shape[1])
    penalty = np.diag(np.r_[0.0, np.full(x.shape[1] - 1, L2)]) / len(y)
    for _ in range(steps):
        p = 1 / (1 + np.exp(-(x @ beta)))
        gradient = x.T @ (w_row * (p - y)) / len(y) + penalty @ beta
        hessian = (x.T * (w_row * p * (1 - p))) @ x / len(y) + penalty
        beta -= np.linalg.solve(hessian, gradient)
    return beta


def _feature_row(part) -> list[float]:
    f = part.features
    return [part.entailment or 0.0, f.cosine or 0.0, f.lexical, float(min(f.absent, ABSENT_CAP))]


def realsumm(args: argparse.Namespace, hub: LocalModelHub) -> dict:
    rows = [json.loads(line) for line in args.scu.read_text(encoding="utf-8").splitlines() if line.strip()]
    rows = [r for r in rows if r.get("human_litepyramid_recall") is not None and r["scus"]]
    rows = stable_sample(rows, args.limit, key=lambda r: (r["doc_id"], r["system"]))
    cached = json.loads(args.features.read_text()) if args.features and args.features.exists() else None
    if cached is None:
        matcher = VerifierMatcher(hub.nli(), hub.embedder(), hub.model_ids())
        facts = []  # per summary: [(whole features, [clause features], conflict, gold)]
        for row in rows:
            _, judged = matcher.judge([s["text"] for s in row["scus"]], [Document("output", row["summary"])])
            facts.append([{"whole": _feature_row(j.verdict.whole),
                           "clauses": [_feature_row(c) for c in j.verdict.clauses],
                           "conflict": bool(j.verdict.conflicts), "gold": bool(s["present_majority"])}
                          for s, j in zip(row["scus"], judged, strict=True)])
        if args.features:
            args.features.write_text(json.dumps(facts))
    else:
        facts = cached

    for row, fs in zip(rows, facts, strict=True):  # unigram support: from the texts alone, as the matcher reads it
        output = evidence_units([Document(OUTPUT, row["summary"])])
        for scu, f in zip(row["scus"], fs, strict=True):
            claim = as_claim(scu["text"], 0)
            f["whole"] = [*f["whole"][:3], value_unigram_support(claim.text, output.joined, output.profile),
                          f["whole"][-1]]
            f["clauses"] = [[*c[:3], value_unigram_support(part.text, output.joined, output.profile), c[-1]]
                            for c, part in zip(f["clauses"], claim.clauses, strict=True)]
            f["verbatim"] = [opens_with(part.text, output.joined) for part in (claim, *claim.clauses)]
    halves = [_half(r["doc_id"]) for r in rows]
    train = [f for fs, h in zip(facts, halves, strict=True) if h == "calibration" for f in fs]
    beta = fit(np.array([f["whole"] for f in train]), np.array([f["gold"] for f in train], dtype=float))
    # the feature row holds the absent count itself; ConveyedWeights subtracts its weight
    weights = ConveyedWeights(*(round(float(b), 3) for b in beta[:5]), absent=round(-float(beta[5]), 3), provenance="")

    def probability(row: list[float]) -> float:
        z = weights.bias + sum(w * v for w, v in zip([weights.entailment, weights.cosine, weights.lexical,
                                                      weights.unigram, -weights.absent], row, strict=True))
        return 1 / (1 + np.exp(-max(-60.0, min(60.0, z))))

    def score(f: dict) -> float:  # as `conveyed` scores a fact without hops
        if f["conflict"]:
            return 0.0
        parts = [1.0 if verbatim else probability(row)
                 for row, verbatim in zip([f["whole"], *f["clauses"]], f["verbatim"], strict=True)]
        p = max(parts[0], min(parts[1:])) if len(parts) > 1 else parts[0]
        return round(float(p), 6)

    threshold, calibration_ba = best_threshold([score(f) for f in train], [f["gold"] for f in train])
    result: dict = {"weights": {"bias": weights.bias, "entailment": weights.entailment, "cosine": weights.cosine,
                                "lexical": weights.lexical, "unigram": weights.unigram, "absent": weights.absent},
                    "fact_threshold": threshold, "calibration_balanced_accuracy": calibration_ba,
                    "n_summaries": len(rows)}
    for half in ("calibration", "evaluation"):
        chosen = [(r, fs) for r, fs, h in zip(rows, facts, halves, strict=True) if h == half]
        gold = [f["gold"] for _, fs in chosen for f in fs]
        predicted = [score(f) >= threshold for _, fs in chosen for f in fs]
        recall = [sum(score(f) >= threshold for f in fs) / len(fs) for _, fs in chosen]
        human = [r["human_litepyramid_recall"] for r, _ in chosen]
        block = {"n_summaries": len(chosen), "fact_level": binary_metrics(gold, predicted),
                 "rubriq_pearson": _round(pearson(recall, human)),
                 "rubriq_kendall": _round(kendall_tau_b(recall, human))}
        for key in sorted({k for r, _ in chosen for k in r["auto_scores"]}):
            if key.startswith(("rouge", "bert")):
                pairs = [(r["auto_scores"][key], h) for (r, _), h in zip(chosen, human, strict=True)
                         if key in r["auto_scores"]]
                block[f"{key}_pearson"] = _round(pearson([a for a, _ in pairs], [h for _, h in pairs]))
                block[f"{key}_kendall"] = _round(kendall_tau_b([a for a, _ in pairs], [h for _, h in pairs]))
        result[half] = block
    return result


def truthfulqa(args: argparse.Namespace, hub: LocalModelHub) -> dict:
    weights = ConveyedWeights(**json.loads(args.weights), provenance="") if args.weights else CONVEYED
    matcher = VerifierMatcher(hub.nli(), hub.embedder(), hub.model_ids(), THRESHOLDS, weights)
    rows = [json.loads(line) for line in args.data.read_text(encoding="utf-8").splitlines() if line.strip()]
    labels = {}
    if args.labels:
        for item in json.loads(args.labels.read_text(encoding="utf-8"))["items"]:
            labels[item["question"]] = {a["text"]: bool(a["asserts"]) for a in item["answers"]}
    if args.limit:
        rows = stable_sample(rows, args.limit, key=lambda r: r["question"])
    # (half, question labelled?, score, held-out gold, labelled gold or None)
    cases: list[tuple[str, float, bool, bool | None]] = []
    for row in rows:
        forbidden = [a for a in row["incorrect_answers"] if a.strip()]
        asserts = labels.get(row["question"])
        for answer, incorrect in [(a, True) for a in forbidden] + [(row["best_answer"], False)]:
            claims = [c for c in forbidden if c != answer]
            if not claims:
                continue
            verdicts = matcher.asserted(claims, Document("output", answer))
            labelled = None if asserts is None else (asserts[answer] if incorrect else False)
            cases.append((_half(row["question"]), max(v.score for v in verdicts), incorrect, labelled))

    def metrics(half: str, labelled: bool, threshold: float) -> dict:
        chosen = [(s, lab if labelled else g) for h, s, g, lab in cases
                  if h == half and (not labelled or lab is not None)]
        return binary_metrics([g for _, g in chosen], [s >= threshold for s, _ in chosen])

    result: dict = {"n_questions": len(rows), "weights": json.loads(args.weights) if args.weights else "shipped"}
    if labels:
        calibration = [(s, lab) for h, s, _, lab in cases if h == "calibration" and lab is not None]
        threshold, calibration_ba = best_threshold([s for s, _ in calibration], [g for _, g in calibration])
        result["forbidden_threshold"] = threshold
        result["calibration_balanced_accuracy"] = calibration_ba
    else:
        threshold = THRESHOLDS.forbidden
        result["forbidden_threshold"] = f"shipped {threshold}"
    for reading, labelled in (("held_out", False), ("labelled", True)):
        if labelled and not labels:
            continue
        result[reading] = {half: metrics(half, labelled, threshold) for half in ("calibration", "evaluation")}
    # held-out reading, everything flagged: the F1 a detector gets for nothing when four in five outputs are positive
    everything = [g for h, _, g, _ in cases if h == "evaluation"]
    result["held_out_flag_everything_f1_evaluation"] = binary_metrics(everything, [True] * len(everything))["f1"]
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="data_set", required=True)
    rs = sub.add_parser("realsumm")
    rs.add_argument("--scu", required=True, type=Path)
    rs.add_argument("--limit", type=int, help="a deterministic sample of N summaries")
    rs.add_argument("--features", type=Path, help="cache the verifier's features here (reused when present)")
    tq = sub.add_parser("truthfulqa")
    tq.add_argument("--data", required=True, type=Path)
    tq.add_argument("--labels", type=Path, help="tests/corpus/sqb-forbidden/truthfulqa_asserts.json")
    tq.add_argument("--limit", type=int, help="a deterministic sample of N questions")
    tq.add_argument("--weights", help="P(conveyed) weights as JSON (bias, entailment, cosine, lexical, absent); "
                                      "default: the shipped ones")
    for p in (rs, tq):
        p.add_argument("--nli-model", help="local path of an NLI cross-encoder (else the usual resolution)")
    args = parser.parse_args()
    started = time.perf_counter()
    hub = LocalModelHub(Config(nli_model=args.nli_model))
    result = realsumm(args, hub) if args.data_set == "realsumm" else truthfulqa(args, hub)
    result["models"] = hub.model_ids()
    result["seconds"] = round(time.perf_counter() - started, 1)
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
