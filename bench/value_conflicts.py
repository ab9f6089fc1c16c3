"""Value conflicts (`rubriq.core.verify.values`) on human-labelled factual-consistency data, and on perturbations.

Real data: SummaC benchmark and AggreFact-SOTA val cuts, rows {dataset, cut, document, claim, label} with label 1 =
consistent. Each cut is split into halves by the hash `bench/faithfulness.py` uses (sha256(document + "\\x00" +
claim)[0] % 2; half 0 = development, half 1 = test). Every claim sentence (Punkt) is checked against its evidence,
the `--top-k` document sentences with the highest lexical overlap (share of the claim sentence's content lemmas
they contain; ties by position; `--retriever` keeps this pluggable), and against the whole document. Reported per
half and dataset: conflicts on consistent claims (false alarms: the precision proxy, also per 50 consistent
claims), conflicts on inconsistent claims, the share of inconsistent claims with at least one conflict, and the
shares of consistent and inconsistent claims with a value the source never states (a reportable "absent"), and
the polarity mismatches (negations) on consistent and inconsistent claims, reported apart from conflicts.

Synthetic data, from the development half's documents (and, reported beside it, the test half's): a source sentence
with one value changed (FactCC-style: a number, a year, a month or weekday, a capitalised name) must give a conflict
on the changed span, and a negation inserted or removed a polarity mismatch there ("polarity_on_change"; negations
are never conflicts); the same value rewritten in another form ("1,200" → "1.2 thousand", "nine" → "9", "72 hours" →
"three days", "3 March 2024" → "March 3, 2024", "4%" → "4 per cent") must give none and match.

    python bench/value_conflicts.py --data ../shared/data/summac_benchmark ../shared/data/aggrefact_sota \\
      [--top-k 2] [--limit N] [--show N [--show-hits]]

`--show N` prints up to N conflicts on consistent claims of the development half to stderr (with `--show-hits`,
on its inconsistent claims too), for looking at; nothing of the test half is ever shown. Prints one JSON object.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from rubriq.core.text import Segment, split_sentences
from rubriq.core.verify.values import REPORTABLE_ABSENT_KINDS, STOPWORDS, check_values, lemma

Retriever = Callable[[list[Segment], str, int], list[int]]
_WORD_RE = re.compile(r"\w+")


def read_cut(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def hash_half(row: dict) -> int:
    """The half a row belongs to, exactly as bench/faithfulness.py splits val cuts."""
    return hashlib.sha256((row["document"] + "\x00" + row["claim"]).encode("utf-8")).digest()[0] % 2


def content_lemmas(text: str) -> set[str]:
    return {lemma(w) for w in _WORD_RE.findall(text.lower()) if w not in STOPWORDS}


_sentence_cache: dict[str, tuple[list[Segment], list[set[str]]]] = {}


def document_sentences(document: str) -> tuple[list[Segment], list[set[str]]]:
    cached = _sentence_cache.get(document)
    if cached is None:
        sentences = [s for s in split_sentences(document) if s.text.strip()]
        cached = (sentences, [content_lemmas(s.text) for s in sentences])
        if len(_sentence_cache) > 256:
            _sentence_cache.clear()
        _sentence_cache[document] = cached
    return cached


def lexical_retriever(document: str, claim: str, top_k: int) -> list[int]:
    """Indices of the top_k document sentences sharing the most of the claim's content lemmas (ties by position)."""
    sentences, lemmas = document_sentences(document)
    wanted = content_lemmas(claim)
    if not wanted:
        return list(range(min(top_k, len(sentences))))
    scored = sorted(range(len(sentences)), key=lambda j: (-len(wanted & lemmas[j]) / len(wanted), j))
    return sorted(scored[:top_k])


RETRIEVERS: dict[str, Callable[[str, str, int], list[int]]] = {"lexical": lexical_retriever}


def claim_checks(document: str, claim: str, sentence: Segment, retriever, top_k: int):
    sentences, _ = document_sentences(document)
    evidence = [sentences[j].span for j in retriever(document, sentence.text, top_k)]
    return check_values(claim, evidence, document, claim_span=sentence.span), evidence


def _empty() -> dict:
    return {"claims": 0, "consistent": 0, "inconsistent": 0, "conflicts_on_consistent": 0,
            "consistent_with_conflict": 0, "conflicts_on_inconsistent": 0, "inconsistent_with_conflict": 0,
            "claim_values": 0, "consistent_with_absent": 0, "inconsistent_with_absent": 0,
            "polarity_on_consistent": 0, "polarity_on_inconsistent": 0,
            "false_alarm_kinds": Counter(),
            "inconsistent_conflict_kinds": Counter()}


def _finish(counts: dict) -> dict:
    out = dict(counts)
    out["false_alarm_kinds"] = dict(sorted(counts["false_alarm_kinds"].items()))
    out["inconsistent_conflict_kinds"] = dict(sorted(counts["inconsistent_conflict_kinds"].items()))
    consistent, inconsistent = counts["consistent"], counts["inconsistent"]
    out["conflicts_per_50_consistent"] = round(50 * counts["conflicts_on_consistent"] / consistent, 3) \
        if consistent else None
    out["inconsistent_with_conflict_share"] = round(counts["inconsistent_with_conflict"] / inconsistent, 4) \
        if inconsistent else None
    out["consistent_with_absent_share"] = round(counts["consistent_with_absent"] / consistent, 4) \
        if consistent else None
    out["inconsistent_with_absent_share"] = round(counts["inconsistent_with_absent"] / inconsistent, 4) \
        if inconsistent else None
    return out


def run_real(rows: list[dict], retriever, top_k: int, show: int, show_hits: bool = False) -> dict:
    halves: dict[str, dict[str, dict]] = {"development": {}, "test": {}}
    shown = 0
    for row in rows:
        half = "development" if hash_half(row) == 0 else "test"
        for name in (row["dataset"], "all"):
            halves[half].setdefault(name, _empty())
        conflicts = 0
        alarms: list[tuple] = []
        values = 0
        absent = 0
        polarity = 0
        for sentence in split_sentences(row["claim"]):
            if not sentence.text.strip():
                continue
            checks, evidence = claim_checks(row["document"], row["claim"], sentence, retriever, top_k)
            values += len(checks)
            for check in checks:
                if check.status == "conflict":
                    conflicts += 1
                    alarms.append((check, evidence, sentence))
                elif check.status == "absent" and check.value.kind in REPORTABLE_ABSENT_KINDS:
                    absent += 1
                elif check.status == "polarity":
                    polarity += 1
        consistent = row["label"] == 1
        for name in (row["dataset"], "all"):
            counts = halves[half][name]
            counts["claims"] += 1
            counts["claim_values"] += values
            if consistent:
                counts["consistent"] += 1
                counts["conflicts_on_consistent"] += conflicts
                counts["consistent_with_conflict"] += conflicts > 0
                counts["consistent_with_absent"] += absent > 0
                counts["polarity_on_consistent"] += polarity
                for check, _, _ in alarms:
                    counts["false_alarm_kinds"][check.value.kind] += 1
            else:
                counts["inconsistent"] += 1
                counts["conflicts_on_inconsistent"] += conflicts
                counts["inconsistent_with_conflict"] += conflicts > 0
                counts["inconsistent_with_absent"] += absent > 0
                counts["polarity_on_inconsistent"] += polarity
                for check, _, _ in alarms:
                    counts["inconsistent_conflict_kinds"][check.value.kind] += 1
        if alarms and half == "development" and shown < show and (consistent or show_hits):
            for check, evidence, sentence in alarms:
                shown += 1
                where = " … ".join(row["document"][s.start : s.end] for s in evidence)
                label = "FALSE ALARM " if consistent else ""
                print(f"--- {label}{row['dataset']} [{check.value.kind}] {check.value.text!r} vs "
                      f"{check.evidence.text if check.evidence else None!r} ({check.reason})\n"
                      f"claim: {sentence.text}\nevidence: {where}\n", file=sys.stderr)
    return {half: {name: _finish(c) for name, c in sorted(by.items())} for half, by in halves.items()}


# --- synthetic perturbations and rewrites -----------------------------------------------------------------------

_NUMBER_RE = re.compile(r"(?<=\s)(\d{1,3}(?:,\d{3})+|\d+)(?=\s+[a-z]|%)")
_YEAR_RE = re.compile(r"(?<=\sin\s)(19\d\d|20\d\d)(?=[\s.,])")
_MONTH_NAMES = ["January", "February", "March", "April", "June", "July", "August", "September", "October",
                "November", "December"]
_MONTH_RE = re.compile(r"(?<=\s)(" + "|".join(_MONTH_NAMES) + r")(?=[\s,.])")
_WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
_WEEKDAY_RE = re.compile(r"(?<=\son\s)(" + "|".join(_WEEKDAY_NAMES) + r")(?=[\s,.])")
_AUX_RE = re.compile(r"(?<=\s)(is|was|are|were|has|have|had|will|would|could|did|does)"
                     r"(?=\s+(?!not\b|n't)[a-z]{3,})")
_NOT_RE = re.compile(r"\s(?:not|never)(?=\s)")
_NAME_RE = re.compile(r"(?<=[a-z,]\s)([A-Z][a-z]{3,})(?=[\s,.])")
_NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                 "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
                 "twenty"]
_NOT_AFTER_MONTH = "".join(f"(?<!{m})" for m in [*_MONTH_NAMES, "May"])  # "July 3 and 4": days, not counts
_WORD_NUMBER_RE = re.compile(r"(?<=\s)(" + "|".join(_NUMBER_WORDS[2:]) + r")(?=\s+[a-z]{3,})")
_DIGIT_SMALL_RE = re.compile(r"(?<=\s)" + _NOT_AFTER_MONTH.replace(")", " )") + r"([2-9]|1[0-9])(?=\s+[a-z]{3,})")
_THOUSANDS_RE = re.compile(r"(?<=\s)(\d{1,3}),(\d)00(?=\s+[a-z])")
_DURATION_RE = re.compile(r"(?<=\s)(\d+)\s+(hours|days|months)(?=[\s,.])")
_DAY_MONTH_RE = re.compile(r"(?<=\s)([1-9]|[12]\d|3[01])\s+(" + "|".join(_MONTH_NAMES) + r")\s+(\d{4})")
_MONTH_DAY_RE = re.compile(r"(?<=\s)(" + "|".join(_MONTH_NAMES) + r")\s+([1-9]|[12]\d|3[01]),\s+(\d{4})")
_PERCENT_RE = re.compile(r"(?<=\s)(\d+(?:\.\d+)?)%")


def _perturbations(sentence: str, document: str, names: list[str], rng: random.Random) -> list[tuple[str, str, int]]:
    """(kind, perturbed sentence, start of the changed text in it) for each applicable change."""
    out: list[tuple[str, str, int]] = []
    doc_numbers = set(re.findall(r"\d+", document.replace(",", "")))
    m = _NUMBER_RE.search(sentence)
    if m:
        value = int(m.group(1).replace(",", ""))
        for delta in (7, 13, 29, 31, 47):
            new = value + delta if value >= 10 else value + 2 + delta % 5
            if str(new) not in doc_numbers and abs(new - value) > 0.1 * value:
                out.append(("number", sentence[: m.start()] + f"{new:,}" + sentence[m.end() :], m.start()))
                break
    m = _YEAR_RE.search(sentence)
    if m:
        for delta in (3, -4, 5, -6):
            new = str(int(m.group(1)) + delta)
            if new not in doc_numbers:
                out.append(("year", sentence[: m.start()] + new + sentence[m.end() :], m.start()))
                break
    m = _MONTH_RE.search(sentence)
    if m:
        choices = [x for x in _MONTH_NAMES if x not in document]
        if choices:
            out.append(("month", sentence[: m.start()] + rng.choice(choices) + sentence[m.end() :], m.start()))
    m = _WEEKDAY_RE.search(sentence)
    if m:
        choices = [x for x in _WEEKDAY_NAMES if x not in document]
        if choices:
            out.append(("weekday", sentence[: m.start()] + rng.choice(choices) + sentence[m.end() :], m.start()))
    m = _NAME_RE.search(sentence)
    if m and not m.group(1).endswith("s"):
        words = set(re.findall(r"\w+", document.lower()))
        choices = [x for x in names if x.lower() not in words]
        if choices:
            out.append(("entity", sentence[: m.start()] + rng.choice(choices) + sentence[m.end() :], m.start()))
    m = _NOT_RE.search(sentence)
    if m:
        out.append(("negation removed", sentence[: m.start()] + sentence[m.end() :], m.start() + 1))
    else:
        m = _AUX_RE.search(sentence)
        if m:
            out.append(("negation added", sentence[: m.end()] + " not" + sentence[m.end() :], m.end() + 1))
    return out


def _rewrites(sentence: str) -> list[tuple[str, str, int]]:
    """(kind, rewritten sentence, start of the rewritten value) for each applicable rewrite."""
    out: list[tuple[str, str, int]] = []
    m = _THOUSANDS_RE.search(sentence)
    if m:
        text = f"{m.group(1)}.{m.group(2)} thousand" if m.group(2) != "0" else f"{m.group(1)} thousand"
        out.append(("thousands in words", sentence[: m.start()] + text + sentence[m.end() :], m.start()))
    m = _WORD_NUMBER_RE.search(sentence)
    if m:
        digits = str(_NUMBER_WORDS.index(m.group(1)))
        out.append(("number word to digits", sentence[: m.start()] + digits + sentence[m.end() :], m.start()))
    m = _DIGIT_SMALL_RE.search(sentence)
    if m:
        word = _NUMBER_WORDS[int(m.group(1))]
        out.append(("digits to number word", sentence[: m.start()] + word + sentence[m.end() :], m.start()))
    m = _DURATION_RE.search(sentence)
    if m:
        n, unit = int(m.group(1)), m.group(2)
        converted = None
        if unit == "hours" and n % 24 == 0 and n:
            converted = f"{_spell(n // 24)} day" + ("s" if n // 24 != 1 else "")
        elif unit == "days" and n % 7 == 0 and n:
            converted = f"{_spell(n // 7)} week" + ("s" if n // 7 != 1 else "")
        elif unit == "days":
            converted = f"{n * 24} hours"
        elif unit == "months" and n % 12 == 0 and n:
            converted = f"{_spell(n // 12)} year" + ("s" if n // 12 != 1 else "")
        elif unit == "months":
            converted = f"{_spell(n)} months"
        elif unit == "hours":
            converted = f"{n * 60} minutes"
        if converted:
            out.append(("duration in other units", sentence[: m.start()] + converted + sentence[m.end() :],
                        m.start()))
    m = _DAY_MONTH_RE.search(sentence)
    if m:
        text = f"{m.group(2)} {m.group(1)}, {m.group(3)}"
        out.append(("date order", sentence[: m.start()] + text + sentence[m.end() :], m.start()))
    m = _MONTH_DAY_RE.search(sentence)
    if m:
        text = f"{m.group(2)} {m.group(1)} {m.group(3)}"
        out.append(("date order", sentence[: m.start()] + text + sentence[m.end() :], m.start()))
    m = _PERCENT_RE.search(sentence)
    if m:
        out.append(("percent in words", sentence[: m.start()] + f"{m.group(1)} per cent" + sentence[m.end() :],
                    m.start()))
    return out


def _spell(n: int) -> str:
    return _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)


def run_synthetic(documents: list[str], retriever, top_k: int, per_document: int = 6) -> dict:
    rng = random.Random(13)
    names: list[str] = []
    for document in documents:
        names.extend(m.group(1) for m in _NAME_RE.finditer(document))
    names = sorted(set(names))
    perturbed: dict[str, Counter] = {}
    rewritten: dict[str, Counter] = {}
    for document in documents:
        sentences, _ = document_sentences(document)
        usable = [s for s in sentences if 8 <= len(s.text.split()) <= 60]
        for sentence in usable[:per_document * 4]:
            original = " " + sentence.text.strip()
            for kind, text, where in _perturbations(original, document, names, rng):
                counts = perturbed.setdefault(kind, Counter())
                counts["cases"] += 1
                checks = _check_synthetic(document, text, retriever, top_k)
                on_change = {c.status for c in checks if c.value.span.start <= where + 1 and where <= c.value.span.end}
                counts["conflict_on_change"] += "conflict" in on_change
                counts["polarity_on_change"] += "polarity" in on_change
                counts["any_conflict"] += any(c.status == "conflict" for c in checks)
            for kind, text, where in _rewrites(original):
                counts = rewritten.setdefault(kind, Counter())
                counts["cases"] += 1
                checks = _check_synthetic(document, text, retriever, top_k)
                counts["no_conflict"] += not any(c.status == "conflict" for c in checks)
                counts["rewritten_value_matched"] += any(
                    c.status == "matched" and c.value.span.start <= where + 1 <= c.value.span.end for c in checks)

    def rates(table: dict[str, Counter], keys: tuple[str, ...]) -> dict:
        total = Counter()
        out: dict[str, dict] = {}
        for kind in sorted(table):
            total.update(table[kind])
            out[kind] = {"cases": table[kind]["cases"], **{k: round(table[kind][k] / table[kind]["cases"], 4)
                                                           for k in keys}}
        out["all"] = {"cases": total["cases"], **{k: round(total[k] / total["cases"], 4) if total["cases"] else None
                                                  for k in keys}}
        return out

    return {"perturbations_must_conflict": rates(perturbed, ("conflict_on_change", "polarity_on_change",
                                                             "any_conflict")),
            "rewrites_must_match": rates(rewritten, ("no_conflict", "rewritten_value_matched"))}


def _check_synthetic(document: str, claim: str, retriever, top_k: int):
    sentences, _ = document_sentences(document)
    evidence = [sentences[j].span for j in retriever(document, claim, top_k)]
    return check_values(claim, evidence, document)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", nargs="+", type=Path, required=True, help="folders holding *_val.jsonl cuts")
    parser.add_argument("--top-k", type=int, default=2)
    parser.add_argument("--retriever", choices=sorted(RETRIEVERS), default="lexical")
    parser.add_argument("--limit", type=int, default=None, help="rows per cut (a deterministic sample)")
    parser.add_argument("--show", type=int, default=0, help="print up to N development false alarms to stderr")
    parser.add_argument("--show-hits", action="store_true", help="with --show: conflicts on inconsistent claims too")
    parser.add_argument("--synthetic-documents", type=int, default=300)
    args = parser.parse_args()
    rows: list[dict] = []
    for folder in args.data:
        for path in sorted(folder.glob("*_val.jsonl")):
            cut = read_cut(path)
            for row in cut:
                row["dataset"] = path.name.removesuffix("_val.jsonl")  # the cut's name, as faithfulness.py uses
            if args.limit and args.limit < len(cut):
                cut = [cut[i] for i in sorted(random.Random(0).sample(range(len(cut)), args.limit))]
            rows.extend(cut)
    if not rows:
        print(json.dumps({"error": "no *_val.jsonl cuts found in " + ", ".join(map(str, args.data))}))
        return 1
    retriever = RETRIEVERS[args.retriever]
    real = run_real(rows, retriever, args.top_k, args.show, args.show_hits)
    # documents of each half (cased ones: the perturbations need capitals), in the order of the cuts; a document
    # with claims in both halves is a development document
    documents: dict[int, list[str]] = {0: [], 1: []}
    seen: set[str] = set()
    for half in (0, 1):
        for row in rows:
            if hash_half(row) == half and row["document"] not in seen and row["document"] != row["document"].lower():
                seen.add(row["document"])
                documents[half].append(row["document"])
    synthetic = {f"synthetic_from_{name}_documents": run_synthetic(documents[half][: args.synthetic_documents],
                                                                   retriever, args.top_k)
                 for half, name in ((0, "development"), (1, "test"))}
    print(json.dumps({"top_k": args.top_k, "retriever": args.retriever, "rows": len(rows), "real": real, **synthetic},
                     indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
