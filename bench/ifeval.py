"""IFEval benchmark for instruction following: constraint extraction against the gold instruction list, and
verdict agreement against the official checker's verdicts.

    python bench/ifeval.py --data ifeval_gpt4_labels_dev.jsonl [--errors]
    python bench/ifeval.py --data tests/corpus/ifeval_paraphrases/paraphrases.jsonl --split dev
    python bench/ifeval.py --data tests/corpus/ifeval_paraphrases/rubriq_kinds.jsonl --split dev --all-kinds

Prints one JSON object. An extracted constraint matches a gold instruction when its IFEval id and its parameters
agree (strings compared case-insensitively with whitespace collapsed, keyword lists as sets); each gold
instruction matches at most one extracted constraint. Rubriq-only kinds (`rubriq:...`) have no IFEval counterpart
and are left out of precision, unless `--all-kinds` (a labels file that labels Rubriq's kinds too) counts them.
Verdict agreement is measured over the gold instructions that were extracted, leaving out those flagged
`*_unstable`; `checker_agreement_*` checks every stable gold instruction with its gold
parameters, so checking is measured apart from extraction. Rows without a `response` (Rubriq's own paraphrase
set) measure extraction only. `--split dev|test` keeps the rows whose key hashes to that half:
`sha256(key)[0] % 2 == 0` is the development half.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import re
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))

from rubriq.core.constraints import Constraint, check_constraint, extract_constraints, ifeval_view
from rubriq.core.prompt import parse_prompt
from rubriq.core.text import Span, TextModel


def normalise(value: Any) -> Any:
    if isinstance(value, str):
        return re.sub(r"\s+", " ", value.strip().lower())
    if isinstance(value, list):
        return sorted(normalise(v) for v in value)
    if isinstance(value, dict):
        return {k: normalise(v) for k, v in value.items() if v is not None}
    return value


def _ratio(a: int, b: int) -> float | None:
    return round(a / b, 4) if b else None


def _f1(p: float | None, r: float | None) -> float | None:
    if p is None or r is None or p + r == 0:
        return None if p is None or r is None else 0.0
    return round(2 * p * r / (p + r), 4)


def split_of(key: object) -> str:
    """The half a row belongs to: "dev" when the first byte of sha256(key) is even, else "test"."""
    return "dev" if hashlib.sha256(str(key).encode("utf-8")).digest()[0] % 2 == 0 else "test"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", required=True, type=Path, help="IFEval labels file (JSON lines)")
    parser.add_argument("--errors", action="store_true", help="also list extraction misses and verdict disagreements")
    parser.add_argument("--split", choices=("dev", "test", "all"), default="all",
                        help="only the rows of one half (sha256 of the key)")
    parser.add_argument("--all-kinds", action="store_true", help="score Rubriq's own kinds as well as IFEval's")
    args = parser.parse_args()

    started = time.perf_counter()
    rows = [json.loads(line) for line in args.data.read_text(encoding="utf-8").splitlines() if line.strip()]
    if args.split != "all":
        rows = [row for row in rows if split_of(row["key"]) == args.split]
    counts: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    errors: list[dict[str, Any]] = []
    n_instructions = 0
    for row in rows:
        doc = parse_prompt(row["prompt"])
        extracted = extract_constraints(doc)
        predicted: list[tuple[str, dict[str, Any], Constraint]] = []
        for constraint in extracted:
            views = ifeval_view(constraint) or ([(constraint.kind, constraint.params)] if args.all_kinds else [])
            for kind, params in views:
                predicted.append((kind, params, dataclasses.replace(constraint, params=params)))
        has_response = "response" in row
        output = TextModel(row.get("response", ""))
        used = [False] * len(predicted)
        for index, (gold_id, gold_kwargs) in enumerate(zip(row["instruction_id_list"], row["kwargs"], strict=True)):
            n_instructions += 1
            stats = counts[gold_id]
            stats["gold"] += 1
            stable = has_response and not row["strict_unstable"][index] and not row["loose_unstable"][index]
            gold_constraint = Constraint(gold_id, "", gold_kwargs, Span(0, 0), "")
            if stable:
                for mode in ("strict", "loose"):
                    agree = check_constraint(output, gold_constraint, mode).passed == row[mode][index]
                    stats[f"checker_{mode}_n"] += 1
                    stats[f"checker_{mode}_agree"] += agree
                    if not agree and args.errors:
                        errors.append({"key": row["key"], "type": "checker", "mode": mode, "id": gold_id,
                                       "kwargs": gold_kwargs, "official": row[mode][index]})
            want = normalise(gold_kwargs)
            match = next((i for i, (kind, params, _) in enumerate(predicted)
                          if not used[i] and kind == gold_id and normalise(params) == want), None)
            if match is None:
                stats["fn"] += 1
                if args.errors:
                    got = [(k, p) for k, p, _ in predicted if k == gold_id]
                    errors.append({"key": row["key"], "type": "missed", "id": gold_id, "kwargs": gold_kwargs,
                                   "extracted_same_id": got})
                continue
            used[match] = True
            stats["tp"] += 1
            if not stable:
                continue
            for mode in ("strict", "loose"):
                agree = check_constraint(output, predicted[match][2], mode).passed == row[mode][index]
                stats[f"{mode}_n"] += 1
                stats[f"{mode}_agree"] += agree
        for i, (kind, params, _) in enumerate(predicted):
            if not used[i]:
                counts[kind]["fp"] += 1
                if args.errors:
                    errors.append({"key": row["key"], "type": "spurious", "id": kind, "kwargs": params})

    def summary(stats: dict[str, int]) -> dict[str, Any]:
        precision = _ratio(stats["tp"], stats["tp"] + stats["fp"])
        recall = _ratio(stats["tp"], stats["tp"] + stats["fn"])
        return {
            "gold": stats["gold"], "tp": stats["tp"], "fp": stats["fp"], "fn": stats["fn"],
            "precision": precision, "recall": recall, "f1": _f1(precision, recall),
            "verdict_agreement_strict": _ratio(stats["strict_agree"], stats["strict_n"]),
            "verdict_agreement_loose": _ratio(stats["loose_agree"], stats["loose_n"]),
            "checker_agreement_strict": _ratio(stats["checker_strict_agree"], stats["checker_strict_n"]),
            "checker_agreement_loose": _ratio(stats["checker_loose_agree"], stats["checker_loose_n"]),
        }

    total: dict[str, int] = defaultdict(int)
    for stats in counts.values():
        for key, value in stats.items():
            total[key] += value
    overall = summary(total)
    result: dict[str, Any] = {
        "data": args.data.name,
        "split": args.split,
        "n_prompts": len(rows),
        "n_instructions": n_instructions,
        "extraction_precision": overall["precision"],
        "extraction_recall": overall["recall"],
        "extraction_f1": overall["f1"],
        "verdict_agreement_strict": overall["verdict_agreement_strict"],
        "verdict_agreement_loose": overall["verdict_agreement_loose"],
        "verdicts_compared": total["strict_n"],
        "checker_agreement_strict": overall["checker_agreement_strict"],
        "checker_agreement_loose": overall["checker_agreement_loose"],
        "min_type_f1": min((s["f1"] for s in map(summary, counts.values()) if s["f1"] is not None), default=None),
        "per_type": {kind: summary(stats) for kind, stats in sorted(counts.items())},
        "seconds": round(time.perf_counter() - started, 2),
    }
    if args.errors:
        result["errors"] = errors
    print(json.dumps(result, ensure_ascii=False))


if __name__ == "__main__":
    main()
