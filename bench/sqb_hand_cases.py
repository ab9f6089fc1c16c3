"""SQB against hand-counted cases: does `rubriq sqb` give each contender the figures a careful reader counts?

The corpus (`tests/corpus/sqb-cases/`, format in its README) is a folder per case: the case file, its sources and
outputs, and `labels.json` with what a person counted for each contender: the facts it conveys, its text cut into
units (each a claim, supported or not, or no claim), the topics it addresses and the forbidden claims it states.
Cases are split into development and test halves by the first byte of sha256(case id).

    python bench/sqb_hand_cases.py [--corpus tests/corpus/sqb-cases] [--split dev|test|all] [--details]

Prints JSON: per contender the hand and Rubriq figures, and over the half the share of contenders within 0.10 of
the hand figure per metric, the mean absolute difference, forbidden violations exactly as by hand, the fact, topic,
claim and forbidden decisions' agreement with the hand labels, the claim and fact thresholds that would agree best
with the hand on the half (balanced accuracy), and how often the contenders' order (strong > medium > weak on factual
F1, strong > medium >= weak on multi-hop recall) is the hand order.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _stats import best_threshold

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "corpus" / "sqb-cases"
CONTENDERS = ("weak", "medium", "strong")
METRICS = ("factual_recall", "factual_precision", "factual_f1", "coverage_completeness", "multi_hop_recall")
TOLERANCE = 0.10


def split_of(case_id: str) -> str:
    return "dev" if hashlib.sha256(case_id.encode("utf-8")).digest()[0] % 2 == 0 else "test"


def case_ids(corpus: Path) -> list[str]:
    return sorted(p.name for p in corpus.iterdir() if p.is_dir() and (p / "labels.json").exists())


def case_file(corpus: Path, case_id: str) -> Path:
    return corpus / case_id / f"{case_id}.sqb.yaml"


@dataclass(frozen=True)
class HandFigures:
    factual_recall: float
    factual_precision: float
    factual_f1: float
    coverage_completeness: float | None
    multi_hop_recall: float | None
    facts: frozenset[str]
    topics: frozenset[int]
    forbidden: frozenset[int]


def _f1(recall: float, precision: float) -> float:
    return 2 * recall * precision / (recall + precision) if recall + precision else 0.0


def hand_figures(labels: dict[str, Any], fact_ids: list[str], multi_hop: set[str], n_topics: int) -> HandFigures:
    """The metrics of CRP-SPEC-026 computed from one contender's hand labels."""
    conveyed = frozenset(labels["facts_conveyed"])
    claims = [u for u in labels["units"] if u["kind"] == "claim"]
    recall = len(conveyed) / len(fact_ids)
    precision = sum(bool(c["supported"]) for c in claims) / len(claims) if claims else 0.0
    topics = frozenset(labels["topics_addressed"])
    return HandFigures(
        factual_recall=round(recall, 4), factual_precision=round(precision, 4),
        factual_f1=round(_f1(recall, precision), 4),
        coverage_completeness=round(len(topics) / n_topics, 4) if n_topics else None,
        multi_hop_recall=round(len(conveyed & multi_hop) / len(multi_hop), 4) if multi_hop else None,
        facts=conveyed, topics=topics, forbidden=frozenset(labels["forbidden_stated"]))


def _agreement(pairs: list[tuple[bool, bool]]) -> dict[str, Any]:
    """Precision/recall of Rubriq's yes against the hand's yes, and plain agreement."""
    tp = sum(g and r for g, r in pairs)
    fp = sum(r and not g for g, r in pairs)
    fn = sum(g and not r for g, r in pairs)
    return {"n": len(pairs), "agree": round(sum(g == r for g, r in pairs) / len(pairs), 3) if pairs else None,
            "precision": round(tp / (tp + fp), 3) if tp + fp else None,
            "recall": round(tp / (tp + fn), 3) if tp + fn else None, "tp": tp, "fp": fp, "fn": fn}


def hand_claim_gold(output: str, units: list[dict[str, Any]], start: int, end: int) -> bool | None:
    """Whether the hand calls the output text [start, end) supported: every hand claim unit it overlaps is supported
    (None when it overlaps none: the hand reads no claim there)."""
    cursor, verdicts = 0, []
    for unit in units:
        at = output.find(unit["text"], cursor)
        if at < 0:
            continue
        cursor = at + len(unit["text"])
        if unit["kind"] == "claim" and at < end and start < cursor:
            verdicts.append(bool(unit["supported"]))
    return all(verdicts) if verdicts else None


def _ordered(values: dict[str, float | None], strict_low: bool) -> bool | None:
    weak, medium, strong = (values.get(n) for n in CONTENDERS)
    if weak is None or medium is None or strong is None:
        return None
    return strong > medium and (medium > weak if strict_low else medium >= weak)


def evaluate(corpus: Path, split: str, details: bool) -> dict[str, Any]:
    from rubriq.core.config import Config
    from rubriq.core.models.hub import LocalModelHub
    from rubriq.core.sqb.case import load_case
    from rubriq.core.sqb.runner import run_suite
    from rubriq.core.sqb.verifier_matching import THRESHOLDS

    ids = [i for i in case_ids(corpus) if split == "all" or split_of(i) == split]
    if not ids:
        return {"split": split, "cases": 0}
    suite = run_suite([case_file(corpus, i) for i in ids], LocalModelHub(Config()), jobs=1)
    case_outputs = {i: load_case(case_file(corpus, i), corpus / i).contenders for i in ids}
    rows: list[dict[str, Any]] = []
    facts: list[tuple[bool, bool]] = []
    topics: list[tuple[bool, bool]] = []
    forbidden: list[tuple[bool, bool]] = []
    claim_scores: list[tuple[float, bool]] = []  # (Rubriq's P(supported), the hand's supported) per Rubriq claim
    fact_scores: list[tuple[float, bool]] = []  # (Rubriq's P(conveyed), the hand's conveyed) per reference fact
    order_f1: list[bool] = []
    order_hops: list[bool] = []
    for case_id, result in zip(ids, suite.cases, strict=True):
        labels = json.loads((corpus / case_id / "labels.json").read_text(encoding="utf-8"))
        scores = {c.name: c for c in result.contenders}
        any_scores = next(iter(scores.values()))
        fact_ids = [f.id for f in any_scores.facts]
        hops = {f.id for f in any_scores.facts if f.multi_hop}
        by_hand: dict[str, dict[str, float | None]] = {}
        by_rubriq: dict[str, dict[str, float | None]] = {}
        for name, own in labels["contenders"].items():
            hand = hand_figures(own, fact_ids, hops, len(any_scores.topics))
            got = scores[name]
            by_hand[name] = {m: getattr(hand, m) for m in METRICS}
            by_rubriq[name] = {m: getattr(got, m) for m in METRICS}
            facts += [(f.id in hand.facts, f.present) for f in got.facts]
            fact_scores += [(f.score, f.id in hand.facts) for f in got.facts]
            topics += [(i + 1 in hand.topics, t.addressed) for i, t in enumerate(got.topics)]
            forbidden += [(i + 1 in hand.forbidden, f.violated) for i, f in enumerate(got.forbidden)]
            output = next(c.text for c in case_outputs[case_id] if c.name == name)
            for claim in got.claims:
                gold = hand_claim_gold(output, own["units"], claim.claim.start, claim.claim.end)
                if gold is not None:
                    claim_scores.append((claim.score, gold))
            row: dict[str, Any] = {"case": case_id, "contender": name,
                                   "hand": by_hand[name], "rubriq": by_rubriq[name],
                                   "forbidden_hand": sorted(hand.forbidden),
                                   "forbidden_rubriq": [i + 1 for i, f in enumerate(got.forbidden) if f.violated]}
            if details:
                row["facts_missed"] = [f.id for f in got.facts if f.id in hand.facts and not f.present]
                row["facts_extra"] = [f.id for f in got.facts if f.id not in hand.facts and f.present]
                row["topics_missed"] = [i + 1 for i, t in enumerate(got.topics) if i + 1 in hand.topics
                                        and not t.addressed]
                row["topics_extra"] = [i + 1 for i, t in enumerate(got.topics) if i + 1 not in hand.topics
                                       and t.addressed]
                row["unsupported_claims"] = [c.claim.text for c in got.claims if not c.supported]
            rows.append(row)
        for key, store, strict_low in (("factual_f1", order_f1, True), ("multi_hop_recall", order_hops, False)):
            if _ordered({n: by_hand[n][key] for n in by_hand}, strict_low):  # only where the hand order holds
                got_order = _ordered({n: by_rubriq[n][key] for n in by_rubriq}, strict_low)
                if got_order is not None:
                    store.append(got_order)

    within: dict[str, Any] = {}
    for metric in METRICS:
        diffs = [abs(r["hand"][metric] - r["rubriq"][metric]) for r in rows
                 if r["hand"][metric] is not None and r["rubriq"][metric] is not None]
        within[metric] = {"within_0.10": f"{sum(d <= TOLERANCE + 1e-9 for d in diffs)}/{len(diffs)}",
                          "mean_abs_diff": round(sum(diffs) / len(diffs), 3) if diffs else None}
    return {
        "split": split, "cases": len(ids), "contenders": len(rows),
        "metrics": within,
        "forbidden_exact": f"{sum(r['forbidden_hand'] == r['forbidden_rubriq'] for r in rows)}/{len(rows)}",
        "fact_decisions": _agreement(facts), "topic_decisions": _agreement(topics),
        "forbidden_decisions": _agreement(forbidden),
        # Rubriq's claims read against the hand's units: supported at the shipped threshold, and the threshold on
        # P(supported) that would agree best with the hand on this half (balanced accuracy)
        "claim_decisions": _agreement([(g, s >= THRESHOLDS.claim) for s, g in claim_scores]),
        "claim_threshold_best_on_this_half": best_threshold([s for s, _ in claim_scores],
                                                             [g for _, g in claim_scores]) if claim_scores else None,
        # the same for the facts: the P(conveyed) that would agree best with the hand's conveyed facts on this half
        "fact_threshold_best_on_this_half": best_threshold([s for s, _ in fact_scores],
                                                            [g for _, g in fact_scores]) if fact_scores else None,
        "f1_order_as_by_hand": f"{sum(order_f1)}/{len(order_f1)}",
        "multi_hop_order_as_by_hand": f"{sum(order_hops)}/{len(order_hops)}",
        "models": suite.models, "matcher": suite.matcher,
        "per_contender": rows,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--split", choices=("dev", "test", "all"), default="dev")
    parser.add_argument("--details", action="store_true", help="per contender: which decisions differ from the hand")
    args = parser.parse_args()
    print(json.dumps(evaluate(args.corpus, args.split, args.details), indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
