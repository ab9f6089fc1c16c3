"""Per-claim features of the claim verifier on labelled claims, for `bench/calibrate_verifier.py`.

    python bench/verifier_features.py --pairs tests/corpus/faithfulness --out FEATURES.jsonl
    python bench/verifier_features.py --claims ../shared/data/claims/begin_dev_cmu.jsonl --out FEATURES.jsonl

Two kinds of labelled data, scored the way Rubriq scores them:

- `--pairs DIR`: hand-written prompt/output pairs (`bench/faithfulness_pairs.py` reads the same corpus). Each pair
  is checked as the faithfulness metric checks it (`faithfulness.run_verifier` on the engine's context); a claim
  is labelled 0 when it overlaps a sentence labelled `unsupported` or `conflict`, 1 when it overlaps only
  `supported` sentences, and left out when it overlaps only `not_a_claim` ones. `half` is 0 for the corpus's dev
  half and 1 for its test half.
- `--claims FILE`: claim-vs-passage rows `{premise, hypothesis, label}` (`supported` / `not_supported`); the passage
  is the source, the hypothesis the claim. `half` comes from a hash of (premise, hypothesis), as
  `bench/faithfulness.py --split-val` splits its cuts.

One JSON object a line: the decision's features, `probability`, `verdict`, `label`, `dataset`, `half`, `claims`
(1) and `summary` (a claim is its own summary here). `--nli-model DIR` and `--cache DIR` as in the other benches.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import faithfulness_pairs as corpus
from rubriq.core.config import Config
from rubriq.core.context import CheckContext
from rubriq.core.metrics.faithfulness import run_verifier
from rubriq.core.models.hub import LocalModelHub
from rubriq.core.prompt import parse_prompt
from rubriq.core.tasks import detect_task
from rubriq.core.text import Segment, Span, TextModel, split_sentences
from rubriq.core.verify.claims import split_claims
from rubriq.core.verify.engine import Verdict, Verifier


def _row(verdict: Verdict, **fields: object) -> dict:
    # `claims`: how many claims share the row's label (1: the label is the claim's own)
    return {**verdict.whole.features.as_dict(), "probability": verdict.probability, "verdict": verdict.verdict,
            "claims": 1, "text": verdict.claim.text, **fields}


def pair_rows(folder: Path, hub: LocalModelHub, config: Config) -> list[dict]:
    rows: list[dict] = []
    for pair_id in corpus.pair_ids(folder):
        pair = corpus.load_pair(pair_id, folder)
        prompt = parse_prompt(pair.prompt)
        if not prompt.has_source:
            continue
        ctx = CheckContext(prompt=prompt, output=TextModel(pair.output), task=detect_task(prompt), config=config,
                           models=hub)
        verdicts, _ = run_verifier(ctx, with_nli=True)
        for n, verdict in enumerate(verdicts):
            span = verdict.claim.span
            touched = [s for s in pair.sentences if s.start < span.end and span.start < s.end]
            if any(s.bad for s in touched):
                label = 0
            elif any(s.label == "supported" for s in touched):
                label = 1
            else:
                continue
            rows.append(_row(verdict, label=label, dataset="handwritten", half=0 if pair.split == "dev" else 1,
                             summary=f"{pair_id}:{n}"))
    return rows


def claim_rows(path: Path, hub: LocalModelHub, config: Config) -> list[dict]:
    rows: list[dict] = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines()):
        if not line.strip():
            continue
        item = json.loads(line)
        premise, hypothesis = item["premise"], item["hypothesis"]
        units = [s for s in split_sentences(premise) if s.text.strip()] or [Segment(Span(0, len(premise)), premise)]
        claims, _ = split_claims(hypothesis)
        if not claims:
            continue
        verifier = Verifier(premise, units, [0] * len(units), embedder=hub.embedder(), nli=hub.nli(),
                            top_k=config.top_k)
        half = hashlib.sha256((premise + "\x00" + hypothesis).encode("utf-8")).digest()[0] % 2
        label = 1 if item["label"] == "supported" else 0
        for verdict in verifier.verify(claims, hypothesis):
            rows.append(_row(verdict, label=label, dataset=path.stem, half=half, summary=str(n), claims=len(claims)))
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pairs", type=Path, help="a folder of hand-labelled prompt/output pairs")
    parser.add_argument("--claims", type=Path, help="a JSONL file of claim-vs-passage rows")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--nli-model")
    parser.add_argument("--cache")
    args = parser.parse_args()
    config = Config(nli_model=args.nli_model, disk_cache=args.cache)
    hub = LocalModelHub(config, probe_hub=False)
    rows: list[dict] = []
    if args.pairs:
        rows += pair_rows(args.pairs, hub, config)
    if args.claims:
        rows += claim_rows(args.claims, hub, config)
    args.out.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    print(json.dumps({"rows": len(rows), "positives": sum(r["label"] for r in rows), "models": hub.model_ids()}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
