"""Forbidden topics at the model tier: how well the embedding similarity between a topic the prompt rules out ("do
not mention the budget") and an output sentence tells a sentence that talks about the topic without naming it
from one of the same text that does not.

    python bench/forbidden_topics.py [--data tests/corpus/forbidden_topics/topics.jsonl]

Prints one JSON object. Rows are split by topic: a topic belongs to the development half when the first byte of
sha256(topic) is even. The threshold is chosen on the development half only, precision first: the lowest
cosine at which development precision is at least 0.9 (the highest when none reaches it); both halves are
reported at that threshold. The topic is embedded as "talking about {topic}", the sentence as it is.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))

from rubriq.core.config import Config
from rubriq.core.models.hub import LocalModelHub
from rubriq.core.models.semantic import cosine

DEFAULT = Path(__file__).resolve().parents[1] / "tests" / "corpus" / "forbidden_topics" / "topics.jsonl"
TARGET_PRECISION = 0.9


def split_of(topic: str) -> str:
    return "dev" if hashlib.sha256(topic.encode("utf-8")).digest()[0] % 2 == 0 else "test"


def scores(rows: list[dict], threshold: float) -> dict:
    tp = sum(1 for r in rows if r["similarity"] >= threshold and r["mentions"])
    fp = sum(1 for r in rows if r["similarity"] >= threshold and not r["mentions"])
    positives = sum(1 for r in rows if r["mentions"])
    precision = round(tp / (tp + fp), 4) if tp + fp else None
    recall = round(tp / positives, 4) if positives else None
    return {"rows": len(rows), "topics": len({r["topic"] for r in rows}), "flagged": tp + fp, "precision": precision,
            "recall": recall}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT)
    args = parser.parse_args()
    rows = [json.loads(line) for line in args.data.read_text(encoding="utf-8").splitlines() if line.strip()]
    hub = LocalModelHub(Config(), probe_hub=False)
    embedder = hub.embedder()
    topics = sorted({r["topic"] for r in rows})
    topic_vectors = dict(zip(topics, embedder.encode([f"talking about {t}" for t in topics]), strict=True))
    sentence_vectors = embedder.encode([r["sentence"] for r in rows])
    for row, vector in zip(rows, sentence_vectors, strict=True):
        row["similarity"] = float(cosine(topic_vectors[row["topic"]], vector))
    dev = [r for r in rows if split_of(r["topic"]) == "dev"]
    test = [r for r in rows if split_of(r["topic"]) == "test"]
    candidates = sorted({round(r["similarity"], 3) for r in dev})
    reaching = [t for t in candidates if (scores(dev, t)["precision"] or 0) >= TARGET_PRECISION]
    threshold = min(reaching) if reaching else max(candidates)
    print(json.dumps({"embedding_model": hub.model_ids()["embedding"], "threshold": threshold,
                      "target_precision": TARGET_PRECISION, "dev": scores(dev, threshold),
                      "test": scores(test, threshold)}))


if __name__ == "__main__":
    main()
