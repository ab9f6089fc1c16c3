"""Calibrate the embedding thresholds of answer relevance, completeness / context relevance and coverage.

Each threshold is chosen on one half of a development sample to maximise balanced accuracy and then measured on
the other half. Prints one JSON object. Data (see the data folder's README):

- AR001 paragraph relevance (relevance.PARAGRAPH_THRESHOLD): HaluEval general. A query against the paragraphs of
  its own response (on topic) and of the response to another, randomly paired query (off topic).
- CP001 part addressed / AR002 context covers the question (completeness.PART_THRESHOLD,
  relevance.CONTEXT_THRESHOLD): TruthfulQA. A question against the sentences of its own reference answers (they
  address it) and of another question's answers (they do not); the score is the max over sentences.
- CP002 coverage (completeness.COVERAGE_THRESHOLD): REALSumm. A content unit verified against a summary by the
  claim verifier without NLI (as coverage runs it: the summary's sentences are the evidence); the label is the
  annotators' majority vote on whether the unit is present; the score is P(the summary conveys the unit), 0 when a
  value of the unit conflicts with the summary.

Usage: python bench/calibrate_semantic.py --data ../shared/data [--limit N] [--seed S]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

import numpy as np

# Run as a script from bench/, so its sibling module is importable; one definition of the metric for both.
from faithfulness import balanced_accuracy
from rubriq.core.config import Config
from rubriq.core.models.hub import LocalModelHub
from rubriq.core.models.semantic import mean_direction, text_units
from rubriq.core.text import Span, split_paragraphs
from rubriq.core.verify.claims import Claim
from rubriq.core.verify.engine import Verifier


def choose_threshold(scores: np.ndarray, labels: np.ndarray) -> float:
    """The threshold on a 0.01 grid with the best balanced accuracy (the lowest such on ties)."""
    grid = np.round(np.arange(-1.0, 1.0001, 0.01), 2)
    accuracies = [balanced_accuracy(scores, labels, float(t)) for t in grid]
    return float(grid[int(np.argmax(accuracies))])


def calibrate(scores: list[float], labels: list[int], groups: list[int], seed: int) -> dict[str, float | int]:
    """Choose on a random half of the groups (queries, questions, summaries), measure on the other half."""
    unique = sorted(set(groups))
    random.Random(seed).shuffle(unique)
    dev = set(unique[: len(unique) // 2])
    s, y, g = np.array(scores), np.array(labels), np.array(groups)
    on_dev = np.array([x in dev for x in g])
    threshold = choose_threshold(s[on_dev], y[on_dev])
    return {"threshold": threshold, "dev_balanced_accuracy": round(balanced_accuracy(s[on_dev], y[on_dev],
                                                                                      threshold), 4),
            "held_out_balanced_accuracy": round(balanced_accuracy(s[~on_dev], y[~on_dev], threshold), 4),
            "n_dev": int(on_dev.sum()), "n_held_out": int((~on_dev).sum()),
            "positives": int(y.sum()), "negatives": int((1 - y).sum())}


def read_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def sample(rows: list, limit: int, seed: int) -> list:
    rows = list(rows)
    random.Random(seed).shuffle(rows)
    return rows[:limit]


def derangement(n: int, seed: int) -> list[int]:
    """Each item paired with another one, never itself."""
    shift = random.Random(seed).randrange(1, n)
    return [(i + shift) % n for i in range(n)]


def paragraph_relevance(data: Path, embedder, limit: int, seed: int) -> dict:
    rows = sample(read_jsonl(data / "halueval" / "halueval_general_dev.jsonl"), limit, seed)
    other = derangement(len(rows), seed)
    embedder.encode([u.text for row in rows for text in (row["user_query"], row["chatgpt_response"])
                     for u in text_units(text, min_words=2)])  # one batched pass; the loop below reads the cache
    scores, labels, groups = [], [], []
    for i, row in enumerate(rows):
        query_units = text_units(row["user_query"], min_words=2)
        if not query_units:
            continue
        request = mean_direction(embedder.encode([u.text for u in query_units]))
        for label, response in ((1, row["chatgpt_response"]), (0, rows[other[i]]["chatgpt_response"])):
            for paragraph in split_paragraphs(response):
                units = text_units(paragraph.text)
                if len(paragraph.text.split()) < 4 or not units:
                    continue
                vector = mean_direction(embedder.encode([u.text for u in units]))
                scores.append(float(request @ vector))
                labels.append(label)
                groups.append(i)
    return calibrate(scores, labels, groups, seed)


def question_addressed(data: Path, embedder, limit: int, seed: int) -> dict:
    rows = sample(read_jsonl(data / "truthfulqa" / "truthfulqa_generation_dev.jsonl"), limit, seed)
    other = derangement(len(rows), seed)
    embedder.encode([text for row in rows for text in (row["question"], row["best_answer"], *row["correct_answers"])])
    scores, labels, groups = [], [], []
    for i, row in enumerate(rows):
        question = embedder.encode([row["question"]])[0]
        for label, answers_of in ((1, row), (0, rows[other[i]])):
            answers = list(dict.fromkeys([answers_of["best_answer"], *answers_of["correct_answers"]]))
            vectors = embedder.encode(answers)
            scores.append(float((vectors @ question).max()))
            labels.append(label)
            groups.append(i)
    return calibrate(scores, labels, groups, seed)


def content_coverage(data: Path, embedder, limit: int, seed: int) -> dict:
    rows = sample(read_jsonl(data / "realsumm" / "realsumm_scu_presence_dev.jsonl"), limit, seed)
    embedder.encode([u.text for row in rows for u in text_units(row["summary"])]
                    + [scu["text"] for row in rows for scu in row["scus"] if scu["text"].strip()])
    scores, labels, groups = [], [], []
    for i, row in enumerate(rows):
        units = text_units(row["summary"])
        if not units:
            continue
        verifier = Verifier(row["summary"], units, [0] * len(units), embedder=embedder)
        scus = [scu for scu in row["scus"] if scu["text"].strip()]
        text = "\n".join(scu["text"] for scu in scus)
        claims, offset = [], 0
        for scu in scus:
            claims.append(Claim(Span(offset, offset + len(scu["text"])), scu["text"]))
            offset += len(scu["text"]) + 1
        for scu, verdict in zip(scus, verifier.verify(claims, text), strict=True):
            scores.append(0.0 if verdict.verdict == "conflicts" else verdict.probability)
            labels.append(1 if scu["present_majority"] else 0)
            groups.append(i)
    return calibrate(scores, labels, groups, seed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", required=True, help="the outside data folder (halueval, truthfulqa, realsumm)")
    parser.add_argument("--limit", type=int, default=200, help="items sampled per data set (default: 200)")
    parser.add_argument("--seed", type=int, default=20261130)
    parser.add_argument("--only", choices=("paragraph_relevance_halueval", "question_addressed_truthfulqa",
                                           "content_coverage_realsumm"), help="calibrate one threshold only")
    args = parser.parse_args()
    data = Path(args.data)
    started = time.perf_counter()
    hub = LocalModelHub(Config(), probe_hub=False)
    embedder = hub.embedder()
    result: dict = {"embedding_model": hub.model_ids()["embedding"], "limit": args.limit, "seed": args.seed}
    for name, run, limit in (("paragraph_relevance_halueval", paragraph_relevance, args.limit),
                             ("question_addressed_truthfulqa", question_addressed, args.limit),
                             ("content_coverage_realsumm", content_coverage, args.limit // 2)):
        if args.only and name != args.only:
            continue
        result[name] = run(data, embedder, limit, args.seed)
        print(f"{name}: {result[name]}", file=sys.stderr, flush=True)
    result["seconds"] = round(time.perf_counter() - started, 1)
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
