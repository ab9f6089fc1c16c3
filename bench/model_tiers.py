"""Speed of the model tiers: a one-sentence edit with warm caches, and the same pair scored cold.

The pair: a ~3,000-word source (REALSumm source articles, in doc_id order) and a ~1,500-word output (summaries of
those articles by the REALSumm systems, three sentences a paragraph). For each task type given, the engine runs
every tier, as the editor does after an edit: the text metrics and every embedding and NLI metric of the task's
profile (coherence's embedding half included):

- cold: a fresh hub with the models already loaded but empty caches, the pair scored in full;
- warm: after that, `--edits` rescorings, each with a different output sentence replaced by a new one; median.

Model loading is timed separately; wall and CPU time are both reported (on a shared machine, wall time includes
waiting for a core). Prints one JSON object.

  python bench/model_tiers.py --data ../shared/data [--nli-model PATH] [--edits N] [--tasks summarization ...]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

import torch

from rubriq.core import engine
from rubriq.core.config import Config
from rubriq.core.engine import ALL_TIERS
from rubriq.core.models import ModelUnavailable
from rubriq.core.models.hub import LocalModelHub
from rubriq.core.text import split_sentences

PROMPTS = {
    "summarization": "---\ntask: summarization\n---\nSummarize the following articles for a busy reader.\n\n"
                     "<document>\n{source}\n</document>\n",
    "grounded_qa": "---\ntask: grounded_qa\n---\nBased on the following articles, answer the questions:\n"
                   "1. What happened in each story?\n2. Who are the people involved?\n3. What happens next?\n\n"
                   "<document>\n{source}\n</document>\n",
}


def read_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def build_pair(data: Path, source_words: int, output_words: int) -> tuple[str, str, list[str]]:
    """(source, output, replacement sentences) from REALSumm, deterministic."""
    sources = sorted(read_jsonl(data / "realsumm" / "realsumm_sources_dev.jsonl"), key=lambda r: r["doc_id"])
    text_key = next(k for k in ("source", "document", "text", "article") if k in sources[0])
    chosen, words = [], 0
    for row in sources:
        if words >= source_words:
            break
        chosen.append(row)
        words += len(row[text_key].split())
    doc_ids = {row["doc_id"] for row in chosen}
    summaries = sorted((r for r in read_jsonl(data / "realsumm" / "realsumm_scu_presence_dev.jsonl")
                        if r["doc_id"] in doc_ids), key=lambda r: (r["system"], r["doc_id"]))
    sentences: list[str] = []
    seen: set[str] = set()
    for row in summaries:
        for sentence in split_sentences(row["summary"]):
            text = sentence.text.strip()
            if len(text.split()) >= 5 and text not in seen:
                seen.add(text)
                sentences.append(text)
    output_sentences, count = [], 0
    while sentences and count < output_words:
        output_sentences.append(sentences.pop(0))
        count += len(output_sentences[-1].split())
    paragraphs = [" ".join(output_sentences[i : i + 3]) for i in range(0, len(output_sentences), 3)]
    articles, total = [], 0
    for row in chosen:  # the last article is cut at a sentence so that the source is about `source_words` long
        kept = []
        for sentence in split_sentences(row[text_key]):
            if total >= source_words:
                break
            kept.append(sentence.text.strip())
            total += len(sentence.text.split())
        if kept:
            articles.append(" ".join(kept))
    return "\n\n".join(articles), "\n\n".join(paragraphs), sentences  # leftovers serve as edits


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", required=True, type=Path)
    parser.add_argument("--nli-model", help="local path of an NLI cross-encoder (else the usual resolution)")
    parser.add_argument("--edits", type=int, default=7)
    parser.add_argument("--tasks", nargs="+", default=list(PROMPTS), choices=list(PROMPTS))
    parser.add_argument("--source-words", type=int, default=3000)
    parser.add_argument("--output-words", type=int, default=1500)
    args = parser.parse_args()

    source, output, replacements = build_pair(args.data, args.source_words, args.output_words)
    config = Config(nli_model=args.nli_model)
    started = time.perf_counter()
    loader = LocalModelHub(config, probe_hub=False)
    try:
        loader.embedder(), loader.nli()
    except ModelUnavailable as exc:
        print(json.dumps({"error": str(exc)}))
        return 2
    load_s = time.perf_counter() - started
    result: dict = {"source_words": len(source.split()), "output_words": len(output.split()),
                    "torch_threads": torch.get_num_threads(),
                    "model_load_s": round(load_s, 2), "models": loader.model_ids(), "tasks": {}}
    output_sentences = [s.text for s in split_sentences(output)]
    for task in args.tasks:
        prompt = PROMPTS[task].format(source=source)
        hub = loader.with_empty_caches()
        t0, c0 = time.perf_counter(), time.process_time()
        cold = engine.check(prompt, output, config, models=hub, tiers=ALL_TIERS)
        cold_s, cold_cpu_s = time.perf_counter() - t0, time.process_time() - c0
        timings, cpu_timings = [], []
        for i in range(args.edits):
            target = output_sentences[(i * 7 + 3) % len(output_sentences)]
            edited = output.replace(target, replacements[i % len(replacements)], 1)
            t0, c0 = time.perf_counter(), time.process_time()
            engine.check(prompt, edited, config, models=hub, tiers=ALL_TIERS)
            timings.append((time.perf_counter() - t0) * 1000)
            cpu_timings.append((time.process_time() - c0) * 1000)
        result["tasks"][task] = {
            "cold_full_s": round(cold_s, 2),
            "cold_full_cpu_s": round(cold_cpu_s, 2),
            "warm_edit_median_ms": round(statistics.median(timings), 1),
            "warm_edit_median_cpu_ms": round(statistics.median(cpu_timings), 1),
            "warm_edit_ms": [round(t, 1) for t in timings],
            "parameters": {p.name: p.status for p in cold.profile.parameters},
            "work": hub.stats(),
        }
        print(f"{task}: cold {cold_s:.2f} s, warm median {statistics.median(timings):.1f} ms", file=sys.stderr)
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
