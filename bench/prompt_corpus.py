"""Hand-written prompt corpus: how well Rubriq reads a prompt (task type, source text, constraints, verdicts and
the instructions it says it does not check) against the labels of `tests/corpus/prompts/`.

    python bench/prompt_corpus.py [--split dev|test|all] [--details] [--corpus tests/corpus/prompts]
    python bench/prompt_corpus.py --corpus tests/corpus/prompts-round2 --split dev

Prints one JSON object. Each corpus is split by id: `dev` when the first byte of sha256(id) is even, else `test`.
A corpus whose labels carry no `constraints` (tests/corpus/prompts-round2 labels `checkable` quotes instead: the
prompt's constraints a program can check, without parameters) is scored on task type, sources and "not checked".

- Task type: accuracy of `detect_task` against the labelled type, overall, per type and per language.
- Sources: an expected source is found when one detected block's content covers at least 90% of its characters;
  a detected block is spurious when less than half of its (stripped) content lies inside expected sources. A
  prompt's sources are right when every expected source is found and no block is spurious.
- Constraints: an extracted constraint matches a labelled one when the kind is the same and the parameters are
  equal after normalising (strings case-insensitive with whitespace collapsed, lists compared as sets, keys whose
  value is null dropped, a parameter the label leaves to the checker's default filled with it:
  `CHECKER_DEFAULTS`; a forbidden topic's words in any of the forms its checker accepts, both ways:
  `FORM_INSENSITIVE`; an exact keyword count matches the pair of bounds IFEval states it as: `EXACT_AS_PAIR`);
  each label matches at most one extracted constraint (or one such pair), first come first served. Every
  extracted constraint counts for precision (the labels cover Rubriq kinds too). `same_kind_other_params` counts
  labels missed although a constraint of their kind was extracted (a partial reading). `span_on_quote` is the
  share of matches whose span overlaps the labelled quote.
- Verdicts: on matched constraints, the strict verdict of the extracted constraint against the label;
  `checker_agreement` checks each label with its own parameters, so checking is measured apart from extraction.
  A kind with no checker is counted under `verdicts_unavailable`.
- Unchecked: a "not checked" span is right when it overlaps a labelled unchecked sentence, or the quote of a
  labelled constraint that no extracted constraint matched (Rubriq truly does not check it); recall is over the
  labelled unchecked sentences; `on_checked_constraint` counts spans that overlap an extracted constraint's span
  (a sentence that is checked must never get one). Where the labels give `checkable` quotes instead of
  constraints, a span on one of them is right too (a checkable constraint nothing extracted is indeed unchecked).
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import re
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))

from rubriq.core.constraints import CHECKERS, Constraint, check_constraint, extract_constraints
from rubriq.core.constraints.checks_shape import word_forms
from rubriq.core.prompt import PromptDocument, parse_prompt
from rubriq.core.tasks import detect_task
from rubriq.core.text import Span

DEFAULT_CORPUS = Path(__file__).resolve().parents[1] / "tests" / "corpus" / "prompts"
SOURCE_COVERAGE = 0.9  # an expected source is found when a block covers this share of it
SPURIOUS_INSIDE = 0.5  # a detected block with less than this share inside expected sources is spurious


def split_of(pair_id: str) -> str:
    return "dev" if hashlib.sha256(pair_id.encode("utf-8")).digest()[0] % 2 == 0 else "test"


def normalise(value: Any) -> Any:
    if isinstance(value, str):
        return re.sub(r"\s+", " ", value.strip().lower())
    if isinstance(value, list | tuple):
        return sorted({json.dumps(normalise(v), sort_keys=True) for v in value})
    if isinstance(value, dict):
        return {k: normalise(v) for k, v in value.items() if v is not None}
    return value


# Parameters a label may leave out because the checker assumes them: a paragraph count with no relation is exact.
CHECKER_DEFAULTS: dict[str, dict[str, Any]] = {"rubriq:number_paragraphs": {"relation": "exactly"}}


# Parameters the checker reads in any of a word's forms: "taxi" and "taxis" name the same forbidden topic.
FORM_INSENSITIVE = {"rubriq:forbidden_topic": "topic"}


def same_words(a: str, b: str) -> bool:
    """Whether each phrase's words match the other's in the forms the checker accepts, word by word."""
    x, y = re.findall(r"\w+", a), re.findall(r"\w+", b)
    return len(x) == len(y) and all(re.fullmatch(word_forms(u), v, re.IGNORECASE) and
                                    re.fullmatch(word_forms(v), u, re.IGNORECASE) for u, v in zip(x, y, strict=True))


def same_params(kind: str, extracted: dict[str, Any], want: Any) -> bool:
    if normalise(extracted) == want:
        return True
    key = FORM_INSENSITIVE.get(kind)
    if key is None or not isinstance(extracted.get(key), str) or not isinstance(want.get(key), str):
        return False
    rest = {k: v for k, v in normalise(extracted).items() if k != key}
    return rest == {k: v for k, v in want.items() if k != key} and same_words(extracted[key], want[key])


# Kinds whose exact counts Rubriq states as IFEval does, a pair of bounds: "at least N" and "less than N+1".
EXACT_AS_PAIR = {"keywords:frequency": ("relation", "frequency")}


def _exact_as_pair(gold: dict[str, Any], extracted: list[Any], used: list[bool]) -> tuple[int, int] | None:
    """The two unused extracted constraints that state a label's exact count as a pair, if there are both."""
    if gold["kind"] not in EXACT_AS_PAIR or gold["params"].get("relation") != "exactly":
        return None
    relation, count = EXACT_AS_PAIR[gold["kind"]]
    n = gold["params"][count]
    rest = {k: v for k, v in gold["params"].items() if k not in (relation, count)}

    def find(rel: str, value: int) -> int | None:
        want = normalise({**rest, relation: rel, count: value})
        return next((i for i, c in enumerate(extracted)
                     if not used[i] and c.kind == gold["kind"] and normalise(c.params) == want), None)

    low, high = find("at least", n), find("less than", n + 1)
    return (low, high) if low is not None and high is not None else None


def _ratio(a: int, b: int) -> float | None:
    return round(a / b, 4) if b else None


def _f1(p: float | None, r: float | None) -> float | None:
    if p is None or r is None:
        return None
    return round(2 * p * r / (p + r), 4) if p + r else 0.0


def _occurrences(text: str, needle: str) -> list[Span]:
    spans, start = [], text.find(needle)
    while needle and start != -1:
        spans.append(Span(start, start + len(needle)))
        start = text.find(needle, start + 1)
    return spans


def _intersection(a: Span, b: Span) -> int:
    return max(0, min(a.end, b.end) - max(a.start, b.start))


def _unchecked_reader() -> Any:
    """The "not checked" reading of the prompt, or None when this version of Rubriq has none."""
    try:
        from rubriq.core.prompt_reading import unchecked_instructions
    except ImportError:
        return None
    return unchecked_instructions


@dataclasses.dataclass
class Pair:
    pair_id: str
    prompt: str
    output: str
    expected: dict[str, Any]

    @property
    def language(self) -> str:
        parts = self.pair_id.split("-")
        return parts[1] if len(parts) > 2 else "en"


def load(corpus: Path, split: str) -> list[Pair]:
    pairs = []
    for path in sorted(corpus.glob("*.expected.json")):
        pair_id = path.name[: -len(".expected.json")]
        if split != "all" and split_of(pair_id) != split:
            continue
        pairs.append(Pair(pair_id, (corpus / f"{pair_id}.prompt").read_text(encoding="utf-8"),
                          (corpus / f"{pair_id}.out").read_text(encoding="utf-8"),
                          json.loads(path.read_text(encoding="utf-8"))))
    return pairs


def score_sources(pair: Pair, doc: PromptDocument) -> dict[str, Any]:
    expected = []
    for text in pair.expected["sources"]:
        found = _occurrences(pair.prompt, text)
        if not found:
            raise ValueError(f"{pair.pair_id}: labelled source not in the prompt: {text[:60]!r}")
        expected.append(found[0])
    blocks = [b.content_span for b in doc.sources if b.text.strip()]
    found = [any(_intersection(e, b) >= SOURCE_COVERAGE * len(e) for b in blocks) for e in expected]
    spurious = []
    for block in blocks:
        content = block.slice(pair.prompt)
        lead = len(content) - len(content.lstrip())
        stripped = Span(block.start + lead, block.start + len(content.rstrip()))
        inside = sum(_intersection(stripped, e) for e in expected)
        if inside < SPURIOUS_INSIDE * max(len(stripped), 1):
            spurious.append(stripped)
    return {
        "expected": len(expected), "found": sum(found), "spurious": len(spurious),
        "right": all(found) and not spurious,
        "missed_text": [pair.expected["sources"][i][:80] for i, ok in enumerate(found) if not ok],
        "spurious_text": [s.slice(pair.prompt)[:80] for s in spurious],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--split", choices=("dev", "test", "all"), default="dev")
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--details", action="store_true", help="also list every pair's misreadings")
    args = parser.parse_args()

    pairs = load(args.corpus, args.split)
    read_unchecked = _unchecked_reader()
    per_task: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    per_language: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    per_kind: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    confusion: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    totals: dict[str, int] = defaultdict(int)
    details: list[dict[str, Any]] = []

    for pair in pairs:
        exp = pair.expected
        doc = parse_prompt(pair.prompt)
        detection = detect_task(doc)
        task_ok = detection.task.value == exp["task"]
        per_task[exp["task"]]["n"] += 1
        per_task[exp["task"]]["correct"] += task_ok
        per_language[pair.language]["n"] += 1
        per_language[pair.language]["task_correct"] += task_ok
        confusion[exp["task"]][detection.task.value] += 1
        totals["family_correct"] += doc.family.value == exp["family"]

        sources = score_sources(pair, doc)
        totals["sources_expected"] += sources["expected"]
        totals["sources_found"] += sources["found"]
        totals["sources_spurious"] += sources["spurious"]
        totals["source_prompts_right"] += sources["right"]
        if not exp["sources"]:
            totals["sourceless_prompts"] += 1
            totals["sourceless_with_block"] += bool(doc.sources)

        extracted = extract_constraints(doc)
        labelled = "constraints" in exp
        totals["constraint_labelled_pairs"] += labelled
        golds = exp.get("constraints", [])
        used = [False] * len(extracted)
        missed, disagreements, matched_gold = [], [], [False] * len(golds)
        for index, gold in enumerate(golds):
            kind, stats = gold["kind"], per_kind[gold["kind"]]
            stats["gold"] += 1
            per_language[pair.language]["gold"] += 1
            if kind in CHECKERS:
                label = Constraint(kind, "", gold["params"], Span(0, 0), "")
                stats["checker_n"] += 1
                stats["checker_agree"] += (check_constraint(pair.output, label).passed == (gold["verdict"] == "pass"))
            want = normalise({**CHECKER_DEFAULTS.get(kind, {}), **gold["params"]})
            match = next((i for i, c in enumerate(extracted)
                          if not used[i] and c.kind == kind and same_params(kind, c.params, want)), None)
            pair_match = _exact_as_pair(gold, extracted, used) if match is None else None
            partner = None
            if pair_match is not None:  # "exactly 3 times" read as IFEval states it: at least 3 and fewer than 4
                match, partner = pair_match
                used[partner] = True
            if match is None:
                stats["fn"] += 1
                same_kind = [c.params for c in extracted if c.kind == kind]
                stats["same_kind_other_params"] += bool(same_kind)
                missed.append({"kind": kind, "params": gold["params"], "quote": gold["quote"],
                               "extracted_same_kind": same_kind})
                continue
            used[match] = True
            matched_gold[index] = True
            stats["tp"] += 1
            per_language[pair.language]["tp"] += 1
            constraint = extracted[match]
            stats["span_on_quote"] += any(constraint.span.overlaps(q) for q in _occurrences(pair.prompt, gold["quote"]))
            if kind not in CHECKERS:
                stats["verdicts_unavailable"] += 1
                continue
            passed = check_constraint(pair.output, constraint).passed and (
                partner is None or check_constraint(pair.output, extracted[partner]).passed)  # a pair passes as one
            agree = passed == (gold["verdict"] == "pass")
            stats["verdict_n"] += 1
            stats["verdict_agree"] += agree
            if not agree:
                disagreements.append({"kind": kind, "params": constraint.params, "label": gold["verdict"]})
        spurious = []
        for i, constraint in enumerate(extracted):
            if labelled and not used[i]:
                per_kind[constraint.kind]["fp"] += 1
                per_language[pair.language]["fp"] += 1
                spurious.append({"kind": constraint.kind, "params": constraint.params,
                                 "prompt_text": constraint.span.slice(pair.prompt)})

        unchecked_info: dict[str, Any] = {}
        if read_unchecked is not None:
            found = [u.span for u in read_unchecked(doc, extracted)]
            gold_spans = [_occurrences(pair.prompt, u)[0] for u in exp["unchecked"]]
            unmatched_quotes = [q for g, ok in zip(golds, matched_gold, strict=True) if not ok
                                for q in _occurrences(pair.prompt, g["quote"])[:1]]
            unmatched_quotes += [q for quote in exp.get("checkable", []) for q in _occurrences(pair.prompt, quote)[:1]]
            hits = [any(s.overlaps(g) for g in gold_spans + unmatched_quotes) for s in found]
            totals["unchecked_gold"] += len(gold_spans)
            totals["unchecked_found"] += sum(any(s.overlaps(g) for s in found) for g in gold_spans)
            totals["unchecked_predicted"] += len(found)
            totals["unchecked_right"] += sum(hits)
            totals["unchecked_on_checked"] += sum(any(s.overlaps(c.span) for c in extracted) for s in found)
            unchecked_info = {
                "unchecked_missed": [u for u, g in zip(exp["unchecked"], gold_spans, strict=True)
                                     if not any(s.overlaps(g) for s in found)],
                "unchecked_spurious": [s.slice(pair.prompt) for s, ok in zip(found, hits, strict=True) if not ok],
            }

        if args.details:
            entry: dict[str, Any] = {"id": pair.pair_id, "split": split_of(pair.pair_id)}
            if not task_ok:
                entry["task"] = {"expected": exp["task"], "detected": detection.task.value, "cue": detection.cue,
                                 "confidence": detection.confidence}
            if not sources["right"]:
                entry["sources"] = {"missed": sources["missed_text"], "spurious": sources["spurious_text"]}
            if missed:
                entry["constraints_missed"] = missed
            if spurious:
                entry["constraints_spurious"] = spurious
            if disagreements:
                entry["verdict_disagreements"] = disagreements
            entry.update({k: v for k, v in unchecked_info.items() if v})
            if len(entry) > 2:
                details.append(entry)

    kind_total: dict[str, int] = defaultdict(int)
    for stats in per_kind.values():
        for key, value in stats.items():
            kind_total[key] += value

    def kind_summary(stats: dict[str, int]) -> dict[str, Any]:
        precision = _ratio(stats["tp"], stats["tp"] + stats["fp"])
        recall = _ratio(stats["tp"], stats["tp"] + stats["fn"])
        return {"gold": stats["gold"], "tp": stats["tp"], "fp": stats["fp"], "fn": stats["fn"],
                "precision": precision, "recall": recall, "f1": _f1(precision, recall),
                "verdict_agreement": _ratio(stats["verdict_agree"], stats["verdict_n"])}

    overall = kind_summary(kind_total)
    n = len(pairs)
    task_correct = sum(s["correct"] for s in per_task.values())
    result: dict[str, Any] = {
        "corpus": args.corpus.name,
        "split": args.split,
        "n_pairs": n,
        "task_accuracy": _ratio(task_correct, n),
        "task_correct": task_correct,
        "family_accuracy": _ratio(totals["family_correct"], n),
        "per_task": {task: {"n": s["n"], "correct": s["correct"], "accuracy": _ratio(s["correct"], s["n"])}
                     for task, s in sorted(per_task.items())},
        "task_confusion": {task: dict(sorted(row.items())) for task, row in sorted(confusion.items())},
        "sources": {
            "expected": totals["sources_expected"],
            "recall": _ratio(totals["sources_found"], totals["sources_expected"]),
            "spurious_blocks": totals["sources_spurious"],
            "prompts_right": _ratio(totals["source_prompts_right"], n),
            "sourceless_prompts_with_a_block": f"{totals['sourceless_with_block']} of {totals['sourceless_prompts']}",
        },
        "constraints": {"status": "unavailable", "reason": "this corpus labels no constraint parameters"}
        if not totals["constraint_labelled_pairs"] else {
            "gold": overall["gold"], "tp": overall["tp"], "fp": overall["fp"], "fn": overall["fn"],
            "precision": overall["precision"], "recall": overall["recall"], "f1": overall["f1"],
            "same_kind_other_params": kind_total["same_kind_other_params"],
            "span_on_quote": _ratio(kind_total["span_on_quote"], overall["tp"]),
        },
        "verdicts": {"status": "unavailable", "reason": "this corpus labels no constraint parameters"}
        if not totals["constraint_labelled_pairs"] else {
            "agreement": _ratio(kind_total["verdict_agree"], kind_total["verdict_n"]),
            "compared": kind_total["verdict_n"],
            "verdicts_unavailable": kind_total["verdicts_unavailable"],
            "checker_agreement": _ratio(kind_total["checker_agree"], kind_total["checker_n"]),
            "checker_compared": kind_total["checker_n"],
        },
        "unchecked": (
            {"gold": totals["unchecked_gold"], "predicted": totals["unchecked_predicted"],
             "recall": _ratio(totals["unchecked_found"], totals["unchecked_gold"]),
             "precision": _ratio(totals["unchecked_right"], totals["unchecked_predicted"]),
             "on_checked_constraint": totals["unchecked_on_checked"]}
            if read_unchecked is not None else
            {"status": "unavailable", "reason": "this version of Rubriq has no 'not checked' reading of prompts"}
        ),
        "per_language": {
            lang: {"n": s["n"], "task_accuracy": _ratio(s["task_correct"], s["n"]),
                   "constraint_recall": _ratio(s["tp"], s["gold"]),
                   "constraint_precision": _ratio(s["tp"], s["tp"] + s["fp"])}
            for lang, s in sorted(per_language.items())
        },
        "per_kind": {kind: kind_summary(stats) for kind, stats in sorted(per_kind.items())},
    }
    if args.details:
        result["details"] = details
    print(json.dumps(result, ensure_ascii=False))


if __name__ == "__main__":
    main()
