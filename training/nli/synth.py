"""Synthetic hard NLI pairs built from training premises only.

Contradictions in the style of FactCC (Kryscinski et al. 2020): a premise sentence is copied and one
fact is corrupted (negation flipped, number, date or entity changed). Entailments: one sentence of a
multi-sentence premise, copied verbatim. Each copy keeps almost all of the premise's words, so the
model cannot use word overlap as a shortcut for entailment.

Everything is deterministic for a given seed and input order.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence

SENT_SPLIT = re.compile(r"(?<!\bMr\.)(?<!\bMs\.)(?<!\bDr\.)(?<!\bSt\.)(?<!\bMrs\.)(?<=[.!?])\s+(?=[A-Z\"'])")

AUX_NEG = {
    "is": "is not",
    "are": "are not",
    "was": "was not",
    "were": "were not",
    "can": "cannot",
    "will": "will not",
    "could": "could not",
    "would": "would not",
    "should": "should not",
    "does": "does not",
    "did": "did not",
    "do": "do not",
    "has been": "has not been",
    "have been": "have not been",
    "had been": "had not been",
    "must": "must not",
    "may": "may not",
}
NEG_REMOVE = [
    (re.compile(r"\bis not\b"), "is"),
    (re.compile(r"\bare not\b"), "are"),
    (re.compile(r"\bwas not\b"), "was"),
    (re.compile(r"\bwere not\b"), "were"),
    (re.compile(r"\bisn't\b"), "is"),
    (re.compile(r"\baren't\b"), "are"),
    (re.compile(r"\bwasn't\b"), "was"),
    (re.compile(r"\bweren't\b"), "were"),
    (re.compile(r"\bcannot\b"), "can"),
    (re.compile(r"\bcan't\b"), "can"),
    (re.compile(r"\bwon't\b"), "will"),
    (re.compile(r"\bdoesn't (\w+)"), r"\1s"),
    (re.compile(r"\bdidn't\b"), "did"),
    (re.compile(r"\bdid not\b"), "did"),
    (re.compile(r"\bnever\b(?!-)"), "always"),
]
MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
NUMBER = re.compile(r"(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?![\w,]*\d)(?!\w)")
YEAR = re.compile(r"\b(1[6-9]\d\d|20[0-2]\d)\b")
NUMBER_WORDS = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "twelve"]
ENTITY = re.compile(r"(?<!^)(?<![.!?] )\b([A-Z][a-z]+(?: [A-Z][a-z]+)*)\b")
ENTITY_STOP = set(MONTHS + DAYS) | {"I", "The", "A", "An", "It", "He", "She", "They", "We", "You", "This", "That"}


def split_sentences(text: str) -> list[str]:
    return [s.strip() for s in SENT_SPLIT.split(text.strip()) if s.strip()]


def _ok_len(sentence: str) -> bool:
    n = len(sentence.split())
    return 5 <= n <= 40


def negate(sentence: str, rng: random.Random) -> str | None:
    """Flip negation on one auxiliary: insert it where absent, remove it where present."""
    if re.search(r"\bnot only\b", sentence, re.I):
        return None
    present = [(pat, rep) for pat, rep in NEG_REMOVE if pat.search(sentence)]
    if present:
        pat, rep = present[0]
        return pat.sub(rep, sentence, count=1)
    if re.search(r"\b(no|none|nobody|nothing|neither|nor|n't)\b", sentence, re.I):
        return None
    candidates = [
        m
        for aux in AUX_NEG
        for m in re.finditer(rf"\b{aux}\b", sentence)
        if not sentence[m.end() :].lstrip().startswith("not")
    ]
    if not candidates:
        return None
    m = min(candidates, key=lambda x: x.start())
    return sentence[: m.start()] + AUX_NEG[m.group(0)] + sentence[m.end() :]


def change_number(sentence: str, rng: random.Random) -> str | None:
    matches = [m for m in NUMBER.finditer(sentence) if not YEAR.fullmatch(m.group(1))]
    if matches:
        m = rng.choice(matches)
        raw = m.group(1).replace(",", "")
        value = int(raw)
        options = [value + d for d in (1, 2, 3, 5, 10) if value + d != value]
        options += [v for v in (value * 2, value * 3, max(value // 2, 0), max(value - 1, 0)) if v != value]
        new = rng.choice(options)
        text = f"{new:,}" if "," in m.group(1) else str(new)
        return sentence[: m.start(1)] + text + sentence[m.end(1) :]
    words = [m for w in NUMBER_WORDS for m in re.finditer(rf"\b{w}\b", sentence)]
    if words:
        m = rng.choice(words)
        new = rng.choice([w for w in NUMBER_WORDS if w != m.group(0)])
        return sentence[: m.start()] + new + sentence[m.end() :]
    return None


def change_date(sentence: str, rng: random.Random) -> str | None:
    for names in (MONTHS, DAYS):
        found = [m for n in names for m in re.finditer(rf"\b{n}\b", sentence)]
        # "May" is too often a modal verb to swap safely.
        found = [m for m in found if m.group(0) != "May"]
        if found:
            m = rng.choice(found)
            new = rng.choice([n for n in names if n not in (m.group(0), "May")])
            return sentence[: m.start()] + new + sentence[m.end() :]
    years = list(YEAR.finditer(sentence))
    if years:
        m = rng.choice(years)
        new = int(m.group(1)) + rng.choice([-10, -5, -3, -2, -1, 1, 2, 3, 5, 10])
        return sentence[: m.start(1)] + str(new) + sentence[m.end(1) :]
    return None


def swap_entities(sentence: str, rng: random.Random) -> str | None:
    ents = [m for m in ENTITY.finditer(sentence) if m.group(1) not in ENTITY_STOP and m.start() > 0]
    distinct: dict[str, re.Match[str]] = {}
    for m in ents:
        distinct.setdefault(m.group(1), m)
    if len(distinct) < 2:
        return None
    a, b = rng.sample(sorted(distinct.values(), key=lambda x: x.start()), 2)
    # Only swap like with like (same number of words), never inside a possessive phrase.
    if len(a.group(1).split()) != len(b.group(1).split()):
        return None
    if any(sentence[m.end(1) : m.end(1) + 3].lstrip().startswith(("'s", "’s")) for m in (a, b)):
        return None
    if a.start() > b.start():
        a, b = b, a
    return sentence[: a.start(1)] + b.group(1) + sentence[a.end(1) : b.start(1)] + a.group(1) + sentence[b.end(1) :]


def subset_entailment(premise: str, rng: random.Random) -> str | None:
    sents = [s for s in split_sentences(premise) if _ok_len(s)]
    if len(split_sentences(premise)) < 2 or not sents:
        return None
    return rng.choice(sents)


CORRUPTORS = {
    "negation": negate,
    "number": change_number,
    "date": change_date,
    "entity": swap_entities,
}


def generate(premises: Sequence[str], counts: dict[str, int], seed: int) -> list[dict[str, str]]:
    """Build up to counts[kind] pairs per kind from the given premises (deduplicated, in order)."""
    rng = random.Random(seed)
    unique = list(dict.fromkeys(p.strip() for p in premises if p.strip()))
    out: list[dict[str, str]] = []
    seen: set[tuple[str, str]] = set()
    for kind in ("negation", "number", "date", "entity", "subset"):
        want = int(counts.get(kind, 0))
        if want <= 0:
            continue
        order = unique[:]
        rng.shuffle(order)
        made = 0
        for premise in order:
            if made >= want:
                break
            if kind == "subset":
                hyp = subset_entailment(premise, rng)
                label = "entailment"
            else:
                sents = [s for s in split_sentences(premise) if _ok_len(s)]
                if not sents:
                    continue
                hyp = CORRUPTORS[kind](rng.choice(sents), rng)
                label = "contradiction"
            if not hyp or hyp.strip() == premise.strip() or (premise, hyp) in seen:
                continue
            if label == "contradiction" and any(hyp == s for s in split_sentences(premise)):
                continue
            seen.add((premise, hyp))
            out.append({"premise": premise, "hypothesis": hyp, "label": label, "synthetic": kind})
            made += 1
    return out


def premises_of(rows: Iterable[dict[str, str]]) -> list[str]:
    return [r["premise"] for r in rows]


# Negation scope. Rules from the logic of negation, applied to labelled training pairs (P, H):
#   P entails H          => P contradicts not-H                       (valid)
#   H is neutral to P    => not-H is neutral to P                     (valid)
#   P entails H, H is a generalisation of P (clearly shorter), or H is neutral to P
#                        => not-P leaves H (and not-H) undetermined: neutral  (a heuristic; paraphrases break it,
#                           which is why H must be clearly shorter than P)
# Contradictions are not negated: NLI's "contradiction" often means "not the same scene", so not-H need not follow.
NEGATION_SCOPE_KINDS = ("neg_hyp_entailed", "neg_hyp_neutral", "neg_premise", "neg_both")


def _generalises(premise: str, hypothesis: str) -> bool:
    return len(hypothesis.split()) <= 0.7 * len(premise.split())


def negation_scope_pair(row: dict[str, str], kind: str, rng: random.Random) -> dict[str, str] | None:
    premise, hypothesis, label = row["premise"], row["hypothesis"], row["label"]
    if kind == "neg_hyp_entailed":
        if label != "entailment":
            return None
        neg_h = negate(hypothesis, rng)
        return {"premise": premise, "hypothesis": neg_h, "label": "contradiction"} if neg_h else None
    if kind == "neg_hyp_neutral":
        if label != "neutral":
            return None
        neg_h = negate(hypothesis, rng)
        return {"premise": premise, "hypothesis": neg_h, "label": "neutral"} if neg_h else None
    # Premise negation: one-sentence premises only (negating one sentence of several may leave H supported).
    if len(split_sentences(premise)) != 1:
        return None
    if not (label == "neutral" or (label == "entailment" and _generalises(premise, hypothesis))):
        return None
    neg_p = negate(premise, rng)
    if not neg_p:
        return None
    if kind == "neg_premise":
        return {"premise": neg_p, "hypothesis": hypothesis, "label": "neutral"}
    neg_h = negate(hypothesis, rng)
    return {"premise": neg_p, "hypothesis": neg_h, "label": "neutral"} if neg_h else None


def generate_negation_scope(rows: Sequence[dict[str, str]], counts: dict[str, int], seed: int) -> list[dict[str, str]]:
    """Up to counts[kind] negation-scope pairs per kind from labelled training pairs (deterministic)."""
    rng = random.Random(seed + 1)
    out: list[dict[str, str]] = []
    seen: set[tuple[str, str]] = {(r["premise"], r["hypothesis"]) for r in rows}
    for kind in NEGATION_SCOPE_KINDS:
        want = int(counts.get(kind, 0))
        order = list(range(len(rows)))
        rng.shuffle(order)
        made = 0
        for i in order:
            if made >= want:
                break
            pair = negation_scope_pair(rows[i], kind, rng)
            if pair is None or (pair["premise"], pair["hypothesis"]) in seen:
                continue
            seen.add((pair["premise"], pair["hypothesis"]))
            out.append({**pair, "synthetic": kind})
            made += 1
    return out
