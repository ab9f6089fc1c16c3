"""Claim-vs-evidence training pairs: the NLI model's real use in Rubriq, built from development data only.

    python training/nli/claim_pairs.py --out training/nli/runs/claim_pairs.jsonl

Rubriq asks its NLI model whether a retrieved stretch of source (one sentence, two joined in document order, or a
sentence with its neighbours) entails one claim of an output. These pairs teach that use:

- **Claims against passages** (`../shared/data/claims/`): FEVER claims against Wikipedia sentences and BEGIN
  dialogue responses against their knowledge passage. `supported` -> entailment; `not_supported` ->
  `not_entailment`, trained with a binary loss (P(neutral) + P(contradiction)), because the data does not say
  whether an unsupported claim is contradicted or merely absent.
- **FactCC-style rewrites of source sentences** (Kryscinski et al., 2020) from the documents of the SummaC and
  AggreFact val cuts that occur only in the development half (`bench/faithfulness.py`'s hash, half 0), with the
  premise built as at inference (the sentence with its neighbours, or joined with a second sentence): entity,
  number, date and negation swaps -> contradiction; a clause from another document appended -> neutral; a sentence
  of the document outside the premise -> neutral; the sentence compressed (a trailing clause or parenthesis
  dropped), two adjacent sentences fused, or the sentence verbatim -> entailment.
- A slice of the general NLI mix (`../shared/data/nli/permissive_train.jsonl`), so the model keeps MultiNLI.

Half 1 of every val cut, the NLI evaluation sets and the hand-written corpora are never read. Output is
deterministic for a seed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import synth

REPO_ROOT = Path(__file__).resolve().parents[2]
DATA = REPO_ROOT.parent / "shared" / "data"
CLAIM_FILES = ("fever_binary_dev.jsonl", "fever_binary_test.jsonl", "begin_dev_wow.jsonl", "begin_test_wow.jsonl")
# Kept out of training to choose checkpoints by (the BEGIN CMU-DoG part: the closest to a model output).
SELECTION_FILE = "begin_dev_cmu.jsonl"
TRAILING_CLAUSE_RE = re.compile(r",\s+(?:which|who|where|while|after|before|as|according to|including)\b[^,]*[.]?$")
PARENTHESIS_RE = re.compile(r"\s*\([^()]{3,80}\)")


def _hash_half(row: dict) -> int:
    return hashlib.sha256((row["document"] + "\x00" + row["claim"]).encode("utf-8")).digest()[0] % 2


def development_documents() -> list[str]:
    """Documents of the SummaC / AggreFact val cuts whose every row falls in the development half."""
    halves: dict[str, set[int]] = {}
    for folder in ("summac_benchmark", "aggrefact_sota"):
        for path in sorted((DATA / folder).glob("*_val.jsonl")):
            for line in path.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    row = json.loads(line)
                    halves.setdefault(row["document"], set()).add(_hash_half(row))
    return sorted(doc for doc, seen in halves.items() if seen == {0})


def compress(sentence: str) -> str | None:
    shorter = PARENTHESIS_RE.sub("", sentence)
    if shorter == sentence:
        shorter = TRAILING_CLAUSE_RE.sub(".", sentence)
    if shorter == sentence or len(shorter.split()) < 6:
        return None
    return shorter


def fuse(first: str, second: str) -> str | None:
    a, b = first.rstrip(" ."), second.strip()
    if not b or len((a + b).split()) > 45:
        return None
    return f"{a}, and {b[0].lower()}{b[1:]}" if b[:2] not in ("I ", "I'") else f"{a}, and {b}"


def document_pairs(documents: list[str], per_document: int, seed: int) -> list[dict[str, str]]:
    rng = random.Random(seed)
    out: list[dict[str, str]] = []
    others = [s for d in documents for s in synth.split_sentences(d)[:3] if synth._ok_len(s)]
    for doc in documents:
        sents = [s for s in synth.split_sentences(doc) if s.strip()]
        usable = [i for i, s in enumerate(sents) if synth._ok_len(s)]
        if len(sents) < 4 or not usable:
            continue
        for i in rng.sample(usable, min(per_document, len(usable))):
            window = " ".join(sents[max(0, i - 1): i + 2])
            j = rng.choice([k for k in range(len(sents)) if abs(k - i) > 2] or [i])
            joined = " ".join(sents[k] for k in sorted({i, j}))
            premise = window if rng.random() < 0.6 else joined
            s = sents[i]
            kind = rng.choice(("negation", "number", "date", "entity", "extend", "elsewhere", "compress", "fuse",
                               "verbatim"))
            hyp, label = None, ""
            if kind in synth.CORRUPTORS:
                hyp, label = synth.CORRUPTORS[kind](s, rng), "contradiction"
            elif kind == "extend":
                extra = rng.choice(others)
                hyp, label = f"{s.rstrip(' .')}, and {extra[0].lower()}{extra[1:]}", "neutral"
            elif kind == "elsewhere":
                far = [k for k in range(len(sents)) if abs(k - i) > 2 and k != j and synth._ok_len(sents[k])]
                hyp, label = (sents[rng.choice(far)], "neutral") if far else (None, "")
                premise = window
            elif kind == "compress":
                hyp, label = compress(s), "entailment"
            elif kind == "fuse" and i + 1 < len(sents):
                hyp, label = fuse(s, sents[i + 1]), "entailment"
                premise = " ".join(sents[max(0, i - 1): i + 2]) if i + 1 <= i + 1 else window
            elif kind == "verbatim":
                hyp, label = s, "entailment"
            if hyp and hyp.strip() and (label != "contradiction" or hyp != s):
                out.append({"premise": premise, "hypothesis": hyp, "label": label, "origin": f"document:{kind}"})
    return out


def claim_rows(names: tuple[str, ...]) -> list[dict[str, str]]:
    rows = []
    for name in names:
        for line in (DATA / "claims" / name).read_text(encoding="utf-8").splitlines():
            if line.strip():
                r = json.loads(line)
                label = "entailment" if r["label"] == "supported" else "not_entailment"
                rows.append({"premise": r["premise"], "hypothesis": r["hypothesis"], "label": label,
                             "origin": r["source"]})
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=REPO_ROOT / "training/nli/runs/claim_pairs.jsonl")
    parser.add_argument("--selection-out", type=Path, default=REPO_ROOT / "training/nli/runs/claim_selection.jsonl")
    parser.add_argument("--per-document", type=int, default=24)
    parser.add_argument("--general", type=int, default=15000, help="pairs taken from the general NLI mix")
    parser.add_argument("--seed", type=int, default=20261201)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    rows = claim_rows(CLAIM_FILES)
    rows += document_pairs(development_documents(), args.per_document, args.seed)
    general = [json.loads(line) for line in (DATA / "nli" / "permissive_train.jsonl").read_text(
        encoding="utf-8").splitlines() if line.strip()]
    for r in rng.sample(general, min(args.general, len(general))):
        rows.append({"premise": r["premise"], "hypothesis": r["hypothesis"], "label": r["label"], "origin": "nli"})
    rng.shuffle(rows)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    selection = claim_rows((SELECTION_FILE,))
    with args.selection_out.open("w", encoding="utf-8") as fh:
        for r in selection:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    stats = {"rows": len(rows), "labels": dict(Counter(r["label"] for r in rows)),
             "origins": dict(Counter(r["origin"].split(":")[0] for r in rows)),
             "document_kinds": dict(Counter(r["origin"] for r in rows if r["origin"].startswith("document"))),
             "selection_rows": len(selection)}
    print(json.dumps(stats, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
