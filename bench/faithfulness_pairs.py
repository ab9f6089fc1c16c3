"""Faithfulness findings (every FA code) against hand-labelled grounded pairs: sentence-level precision and recall.

The corpus is `tests/corpus/faithfulness/` (its README.md describes it): `<id>.prompt`, `<id>.out` and
`<id>.labels.json`, every output sentence or bullet labelled `supported`, `unsupported`, `conflict` or
`not_a_claim` by a careful reader. It is split into halves by a hash of the id, fixed before anything was tuned on it:

    split(id) = "dev" if sha256(id)[0] % 2 == 0 else "test"        (the first byte of the digest)

Each pair is checked with `rubriq.core.engine.check(prompt, output, config, models=hub)`; its output findings whose
code starts with "FA" are scored against the labels:

- a labelled sentence is *bad* when labelled `unsupported` or `conflict`, *good* otherwise;
- a finding *hits* when its span overlaps a bad sentence; a finding that overlaps only good sentences is a false
  alarm, charged to each good sentence it overlaps (a finding that overlaps no labelled sentence is charged once,
  as "unlabelled");
- found = bad sentences overlapped by at least one finding; false alarms = good sentences charged (+ unlabelled);
  precision = found / (found + false alarms), recall = found / bad sentences, F1 = their harmonic mean.
  `finding_precision` is the same per finding: hits / findings;
- FA002 value hits: of the `conflict` sentences an FA002 finding overlaps, those where an overlapping FA002
  finding's span contains the labelled output value (case and runs of spaces ignored);
- `where_source_found`: the same figures over the pairs whose source the prompt reader takes (at least 90% of every
  pasted document; `pairs_without_source_found` counts the others), which separates reading from verifying.
- `pairs_with_a_failed_metric`: the ids of pairs where a metric raised (the engine logs it and leaves the parameter
  unavailable, so the pair counts as finding nothing): a figure is only trustworthy when this list is empty.

The bundled examples (`examples/<name>.prompt/.out`, labelled in the default corpus's `examples.labels.json`) are
checked the same way, whichever corpus is scored: the target is no FA finding on a faithful sentence.

    python bench/faithfulness_pairs.py [--corpus DIR] [--split dev|test|all] [--no-models] [--nli-model DIR]
                                       [--cache DIR] [--details]

`--corpus` scores another folder in the same format with the same hash split and scoring (default
`tests/corpus/faithfulness`; `tests/corpus/faithfulness-round2` is a second set, written later, whose test half is
kept unseen).

`--no-models` runs tier 0 only (no embedding or NLI model): what the deterministic value checks find alone.
Prints one JSON object; `--details` adds every false alarm, miss and hit (id, sentence, message).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
CORPUS_DIR = REPO / "tests" / "corpus" / "faithfulness"
EXAMPLES_DIR = REPO / "examples"
EXAMPLE_LABELS = "examples.labels.json"

LABELS = ("supported", "unsupported", "conflict", "not_a_claim")
BAD_LABELS = ("unsupported", "conflict")
GOOD_LABELS = ("supported", "not_a_claim")
SPLITS = ("dev", "test")


def split_of(pair_id: str) -> str:
    """The half a pair belongs to, from the first byte of the SHA-256 of its id."""
    return "dev" if hashlib.sha256(pair_id.encode("utf-8")).digest()[0] % 2 == 0 else "test"


@dataclass(frozen=True)
class LabelledSentence:
    start: int
    end: int
    text: str
    label: str
    why: str
    conflict: dict[str, str] | None

    @property
    def bad(self) -> bool:
        return self.label in BAD_LABELS


@dataclass(frozen=True)
class Pair:
    pair_id: str
    prompt: str
    output: str
    labels: dict[str, Any]
    sentences: list[LabelledSentence]

    @property
    def split(self) -> str:
        return split_of(self.pair_id)


def locate(output: str, entries: Iterable[dict[str, Any]]) -> list[LabelledSentence]:
    """Spans of the labelled texts in `output`, each searched from the end of the previous one (they are in order)."""
    located: list[LabelledSentence] = []
    cursor = 0
    for entry in entries:
        text = entry["text"]
        start = output.find(text, cursor)
        if start < 0:
            where = "anywhere in" if output.find(text) < 0 else "in order in"
            raise ValueError(f"labelled text not found {where} the output: {text[:80]!r}")
        located.append(LabelledSentence(start, start + len(text), text, entry["label"], entry.get("why", ""),
                                        entry.get("conflict")))
        cursor = start + len(text)
    return located


def pair_ids(corpus: Path = CORPUS_DIR) -> list[str]:
    return sorted(path.name.removesuffix(".labels.json") for path in corpus.glob("*.labels.json")
                  if path.name != EXAMPLE_LABELS)


def load_pair(pair_id: str, corpus: Path = CORPUS_DIR) -> Pair:
    prompt = (corpus / f"{pair_id}.prompt").read_text(encoding="utf-8")
    output = (corpus / f"{pair_id}.out").read_text(encoding="utf-8")
    labels = json.loads((corpus / f"{pair_id}.labels.json").read_text(encoding="utf-8"))
    return Pair(pair_id, prompt, output, labels, locate(output, labels["sentences"]))


def load_examples(corpus: Path = CORPUS_DIR, examples: Path = EXAMPLES_DIR) -> list[Pair]:
    labelled = json.loads((corpus / EXAMPLE_LABELS).read_text(encoding="utf-8"))
    pairs = []
    for name in sorted(labelled):
        output = (examples / f"{name}.out").read_text(encoding="utf-8")
        prompt = (examples / f"{name}.prompt").read_text(encoding="utf-8")
        pairs.append(Pair(name, prompt, output, labelled[name], locate(output, labelled[name]["sentences"])))
    return pairs


def source_region(prompt: str, source: dict[str, Any]) -> tuple[int, int]:
    """Where a pasted document lies in the prompt: from its `starts` text to the end of its `ends` text."""
    start = prompt.find(source["starts"])
    end = prompt.find(source["ends"], max(start, 0))
    if start < 0 or end < 0:
        raise ValueError(f"source not found in the prompt: starts {source['starts']!r}, ends {source['ends']!r}")
    return start, end + len(source["ends"])


def source_coverage(prompt: str, sources: list[dict[str, Any]]) -> float:
    """The smallest share, over the pasted documents, of non-blank characters the prompt reader takes as source."""
    from rubriq.core.prompt import parse_prompt

    blocks = [block.content_span for block in parse_prompt(prompt).sources]
    shares = []
    for source in sources:
        start, end = source_region(prompt, source)
        positions = [i for i in range(start, end) if not prompt[i].isspace()]
        covered = sum(1 for i in positions if any(span.start <= i < span.end for span in blocks))
        shares.append(covered / len(positions) if positions else 0.0)
    return min(shares) if shares else 0.0


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().casefold()


def _overlaps(a_start: int, a_end: int, b_start: int, b_end: int) -> bool:
    return a_start < b_end and b_start < a_end


@dataclass
class PairScore:
    pair_id: str
    split: str
    findings: list[dict[str, Any]]  # code, start, end, message, sentence indices overlapped
    found: set[int]  # indices of bad sentences overlapped
    charged: set[int]  # indices of good sentences charged with a false alarm
    unlabelled: int
    value_hits: set[int]  # conflict sentences whose FA002 span contains the output value
    fa002_found: set[int]  # conflict sentences overlapped by an FA002 finding


def score_pair(pair: Pair, findings: list[Any]) -> PairScore:
    """Match the FA findings of one pair to its labelled sentences (see the module docstring)."""
    scored: list[dict[str, Any]] = []
    found: set[int] = set()
    charged: set[int] = set()
    unlabelled = 0
    value_hits: set[int] = set()
    fa002_found: set[int] = set()
    for finding in findings:
        touched = [i for i, s in enumerate(pair.sentences) if _overlaps(finding.start, finding.end, s.start, s.end)]
        bad = [i for i in touched if pair.sentences[i].bad]
        if bad:
            found.update(bad)
            verdict = "hit"
        elif touched:
            charged.update(touched)
            verdict = "false_alarm"
        else:
            unlabelled += 1
            verdict = "unlabelled"
        if finding.code == "FA002":
            span_text = _squash(pair.output[finding.start : finding.end])
            for i in bad:
                conflict = pair.sentences[i].conflict
                if pair.sentences[i].label == "conflict" and conflict:
                    fa002_found.add(i)
                    if _squash(conflict["output"]) in span_text:
                        value_hits.add(i)
        scored.append({"code": finding.code, "start": finding.start, "end": finding.end,
                       "message": finding.message, "sentences": touched, "verdict": verdict})
    return PairScore(pair.pair_id, pair.split, scored, found, charged, unlabelled, value_hits, fa002_found)


def _ratio(numerator: int, denominator: int) -> float | None:
    return round(numerator / denominator, 3) if denominator else None


def _f1(precision: float | None, recall: float | None) -> float | None:
    if precision is None or recall is None or precision + recall == 0:
        return None
    return round(2 * precision * recall / (precision + recall), 3)


def _block(pairs: list[Pair], scores: list[PairScore], code: str | None = None) -> dict[str, Any]:
    """Sentence-level figures over `pairs`, for every FA finding or for one code's findings."""
    counts = {label: 0 for label in LABELS}
    found = {label: 0 for label in LABELS}
    charged = {label: 0 for label in LABELS}
    unlabelled = findings = hits = 0
    for pair, score in zip(pairs, scores, strict=True):
        if code is not None:
            score = score_pair(pair, [_Finding(**f) for f in score.findings if f["code"] == code])
        findings += len(score.findings)
        hits += sum(f["verdict"] == "hit" for f in score.findings)
        unlabelled += score.unlabelled
        for i, sentence in enumerate(pair.sentences):
            counts[sentence.label] += 1
            found[sentence.label] += i in score.found
            charged[sentence.label] += i in score.charged
    bad = sum(counts[label] for label in BAD_LABELS)
    true_positives = sum(found[label] for label in BAD_LABELS)
    false_alarms = sum(charged[label] for label in GOOD_LABELS) + unlabelled
    precision = _ratio(true_positives, true_positives + false_alarms)
    recall = _ratio(true_positives, bad)
    block: dict[str, Any] = {
        "findings": findings, "hits": hits, "finding_precision": _ratio(hits, findings),
        "bad_sentences": bad, "found": true_positives, "false_alarms": false_alarms,
        "unlabelled_findings": unlabelled,
        "precision": precision, "recall": recall, "f1": _f1(precision, recall),
        "per_label": {
            **{label: {"n": counts[label], "found": found[label], "recall": _ratio(found[label], counts[label])}
               for label in BAD_LABELS},
            **{label: {"n": counts[label], "false_alarms": charged[label],
                       "false_alarm_rate": _ratio(charged[label], counts[label])} for label in GOOD_LABELS},
        },
    }
    return block


@dataclass(frozen=True)
class _Finding:
    code: str
    start: int
    end: int
    message: str
    sentences: list[int] | None = None
    verdict: str | None = None


def summarise(pairs: list[Pair], scores: list[PairScore]) -> dict[str, Any]:
    codes = sorted({f["code"] for s in scores for f in s.findings})
    conflicts = sum(1 for p in pairs for s in p.sentences if s.label == "conflict")
    block = _block(pairs, scores)
    block["pairs"] = len(pairs)
    block["per_code"] = {code: _block(pairs, scores, code) for code in codes}
    block["fa002_value_hits"] = {
        "conflict_sentences": conflicts,
        "found_by_fa002": sum(len(s.fa002_found) for s in scores),
        "value_in_span": sum(len(s.value_hits) for s in scores),
    }
    return block


def details(pairs: list[Pair], scores: list[PairScore]) -> dict[str, list[dict[str, Any]]]:
    false_alarms, misses, hits = [], [], []
    for pair, score in zip(pairs, scores, strict=True):
        for finding in score.findings:
            quoted = [pair.sentences[i] for i in finding["sentences"]]
            row = {"id": pair.pair_id, "split": pair.split, "code": finding["code"],
                   "span": pair.output[finding["start"] : finding["end"]], "message": finding["message"]}
            if finding["verdict"] == "hit":
                bad = [s for s in quoted if s.bad]
                hits.append({**row, "labels": [s.label for s in bad], "sentence": bad[0].text})
            else:
                false_alarms.append({**row, "labels": [s.label for s in quoted],
                                     "sentence": quoted[0].text if quoted else None,
                                     "why": quoted[0].why if quoted else None})
        for i, sentence in enumerate(pair.sentences):
            if sentence.bad and i not in score.found:
                miss = {"id": pair.pair_id, "split": pair.split, "label": sentence.label,
                        "sentence": sentence.text, "message": sentence.why}
                if sentence.conflict:
                    miss["conflict"] = sentence.conflict
                misses.append(miss)
    return {"false_alarms": false_alarms, "misses": misses, "hits": hits}


def fa_findings(result: Any) -> list[Any]:
    return [f for f in result.findings if f.where == "output" and f.code.startswith("FA")]


def failed_metrics(result: Any) -> list[str]:
    """The parameters whose metric raised on this pair (the engine reports them unavailable, "<metric> failed: ...")."""
    return [p.name for p in result.profile.parameters if p.status == "unavailable" and " failed: " in p.reason]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--split", choices=(*SPLITS, "all"), default="all")
    parser.add_argument("--no-models", action="store_true", help="tier 0 only: no embedding or NLI model")
    parser.add_argument("--nli-model", help="local path of an NLI cross-encoder (else the usual resolution)")
    parser.add_argument("--cache", help="folder for the on-disk model cache (speeds up reruns)")
    parser.add_argument("--corpus", type=Path, default=CORPUS_DIR, help="folder of labelled pairs")
    parser.add_argument("--details", action="store_true", help="list every false alarm, miss and hit")
    args = parser.parse_args()

    from rubriq.core.config import Config
    from rubriq.core.engine import ALL_TIERS, check
    from rubriq.core.metrics import TIER_TEXT

    config = Config(nli_model=args.nli_model, disk_cache=args.cache)
    hub = None
    tiers = frozenset({TIER_TEXT}) if args.no_models else ALL_TIERS
    if not args.no_models:
        from rubriq.core.models import ModelUnavailable
        from rubriq.core.models.hub import LocalModelHub

        hub = LocalModelHub(config, probe_hub=False)
        try:
            hub.embedder()
            hub.nli()
        except ModelUnavailable as exc:
            print(json.dumps({"error": str(exc)}))
            return 2

    wanted = SPLITS if args.split == "all" else (args.split,)
    pairs = [pair for pair in (load_pair(i, args.corpus) for i in pair_ids(args.corpus)) if pair.split in wanted]
    results = [check(p.prompt, p.output, config, models=hub, tiers=tiers) for p in pairs]
    scores = [score_pair(p, fa_findings(result)) for p, result in zip(pairs, results, strict=True)]
    missed_sources = [p.pair_id for p in pairs if source_coverage(p.prompt, p.labels["source"]) < 0.9]
    # a metric that raised is logged and left unavailable by the engine: its pair then counts as finding nothing
    failed = [p.pair_id for p, result in zip(pairs, results, strict=True) if failed_metrics(result)]

    report: dict[str, Any] = {
        "corpus": str(args.corpus.relative_to(REPO)) if args.corpus.is_relative_to(REPO) else str(args.corpus),
        "split": args.split, "tiers": sorted(tiers), "models": hub.model_ids() if hub else None,
        "pairs": len(pairs), "pairs_without_source_found": len(missed_sources),
        "pairs_with_a_failed_metric": failed, "halves": {},
    }
    halves = {half: [i for i, p in enumerate(pairs) if p.split == half] for half in wanted}
    if args.split == "all":
        halves["all"] = list(range(len(pairs)))
    for half, chosen in halves.items():
        block = summarise([pairs[i] for i in chosen], [scores[i] for i in chosen])
        # The same figures without the pairs whose source the prompt reader misses: verification alone.
        read = [i for i in chosen if pairs[i].pair_id not in missed_sources]
        alone = _block([pairs[i] for i in read], [scores[i] for i in read])
        block["where_source_found"] = {"pairs": len(read), **{key: alone[key] for key in (
            "bad_sentences", "found", "false_alarms", "precision", "recall", "f1")}}
        if half == "all":
            report["all"] = block
        else:
            report["halves"][half] = block

    # The bundled examples are labelled once, in the default corpus, whichever corpus is scored.
    examples = load_examples(CORPUS_DIR)
    example_scores = [score_pair(p, fa_findings(check(p.prompt, p.output, config, models=hub, tiers=tiers)))
                      for p in examples]
    report["examples"] = {
        "fa_findings": sum(len(s.findings) for s in example_scores),
        "faithful_sentences": sum(not s.bad for p in examples for s in p.sentences),
        "false_alarms_on_faithful_sentences": sum(len(s.charged) + s.unlabelled for s in example_scores),
        "per_example": {p.pair_id: {"fa_findings": len(s.findings), "false_alarms": len(s.charged) + s.unlabelled,
                                    "bad_found": len(s.found),
                                    "bad_sentences": sum(x.bad for x in p.sentences)}
                        for p, s in zip(examples, example_scores, strict=True)},
    }
    if args.details:
        report["details"] = details(pairs, scores)
        report["details"]["examples"] = details(examples, example_scores)
        report["details"]["pairs_without_source_found"] = [
            {"id": i, "note": next(p.labels.get("reader_note") for p in pairs if p.pair_id == i)}
            for i in missed_sources]
    print(json.dumps(report, indent=2, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
