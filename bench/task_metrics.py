"""Time the code, extraction, reasoning and rewriting metrics on 2,000-word outputs of their own task types.

    python bench/task_metrics.py [--runs 30] [--words 2000]

`bench/tier0.py` times every tier-0 metric on one prose output, where these metrics mostly find nothing to check.
This script gives each metric an output it does work on: a code answer (fenced Python and JavaScript with an
explanation), an extraction answer (a JSON array of records against a source passage), a worked reasoning answer
(steps, calculations, a final answer) and a rewrite of a source passage. One run = the metric's `run` on a fresh
context (prompt parsed, output segmented afresh, so segmentation the metric needs is inside the time); each run's output
ends with a different line so that no cached readability result is reused.

Prints one JSON object: per metric the median and p90 wall milliseconds and the median CPU milliseconds, and the
words of each output.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT / "server"))

from rubriq.core.config import Config  # noqa: E402
from rubriq.core.context import CheckContext  # noqa: E402
from rubriq.core.metrics.code import CodeStaticMetric, ExplanationMetric  # noqa: E402
from rubriq.core.metrics.extraction import ExtractionMetric  # noqa: E402
from rubriq.core.metrics.reasoning import DerivationMetric, DirectnessMetric  # noqa: E402
from rubriq.core.metrics.rewriting import RegisterShiftMetric  # noqa: E402
from rubriq.core.prompt import parse_prompt  # noqa: E402
from rubriq.core.tasks import detect_task  # noqa: E402
from rubriq.core.text import TextModel  # noqa: E402

PASSAGE = (
    "The city council approved a budget of 4,200,000 dollars for the new library on March 5, 2024. "
    "Councillor Maria Lopez said construction would begin in June and take about 18 months. "
    "The building will hold 120,000 books and 40 public computers, and it will open seven days a week. "
    "Questions can be sent to library@city.gov or by phone to 555-010-2030. "
)


def words_of(text: str) -> int:
    return len(text.split())


def code_case(words: int) -> tuple[str, str]:
    prompt = ("---\ntask: code_generation\n---\nWrite a Python function called parse_record, a class RecordStore "
              "and a JavaScript function `formatRecord(`. Include docstrings and comments, and explain how it works.")
    python = [
        "import json", "from dataclasses import dataclass", "", "", "@dataclass", "class RecordStore:",
        '    """Keeps parsed records in memory."""', "", "    items: list", "",
        "    def add(self, record: dict) -> None:", '        """Store one record."""',
        "        self.items.append(record)  # keep insertion order", "", "",
        "def parse_record(line: str) -> dict:", '    """Parse one JSON line into a record."""',
        "    record = json.loads(line)", "    # normalise the name field",
        "    record['name'] = record['name'].strip()",
        "    return record",
    ]
    js = ["// Format a record for display.", "function formatRecord(record) {",
          "  const name = record.name || 'unknown';", "  return `${name} (${record.id})`;", "}"]
    explanation = ("The parser reads one line at a time, so memory stays small even for large files. Each record is "
                   "cleaned before it is stored, and the store keeps the order in which records arrive. ")
    parts, i = [], 0
    while words_of("\n".join(parts)) < words:
        parts += [f"## Part {i + 1}", "", explanation * 2, "", "```python", *python, "```", "", "```js", *js, "```", ""]
        i += 1
    return prompt, "\n".join(parts)


def extraction_case(words: int) -> tuple[str, str]:
    source = PASSAGE * 6
    prompt = ("---\ntask: extraction\n---\nExtract every person, amount, date and email address from the text below "
              'and return a JSON array in this format: [{"name": "...", "amount": "...", "date": "...", '
              f'"email": "..."}}]\n\n<text>\n{source}\n</text>\n')
    record = {"name": "Maria Lopez", "amount": "4,200,000 dollars", "date": "2024-03-05", "email": "library@city.gov"}
    records = []
    while words_of(json.dumps(records)) < words:
        records.append(dict(record, note=f"row {len(records)} of the council budget and library opening plan"))
    return prompt, "```json\n" + json.dumps(records, indent=2) + "\n```"


def reasoning_case(words: int) -> tuple[str, str]:
    prompt = ("---\ntask: reasoning\n---\nA library buys 120 shelves at 35 dollars each and 40 computers at 610 "
              "dollars each. What is the total cost? Show your reasoning step by step.")
    steps = ["First, the shelves cost 120 × 35 = 4,200 dollars.", "Then the computers cost 40 × 610 = 24,400 dollars.",
             "Next, we add the two amounts: 4,200 + 24,400 = 28,600.",
             "Since nothing else is bought, this sum is the whole cost.",
             "We can check it another way: 28,600 - 24,400 = 4,200, which matches the shelves."]
    parts, i = [], 0
    while words_of("\n".join(parts)) < words:
        parts += [f"{i + 1}. {steps[i % len(steps)]} The council wants the figure before the June meeting."]
        i += 1
    parts += ["", "The final answer is 28,600 dollars."]
    return prompt, "\n".join(parts)


def rewriting_case(words: int) -> tuple[str, str]:
    source = PASSAGE * 3
    prompt = ("---\ntask: rewriting\n---\nRewrite this so that a child can understand it.\n\n"
              f"<text>\n{source}\n</text>\n")
    simple = ("The town is building a new library. It will cost a lot of money. Work starts in June. It will have "
              "many books and computers. You can go there every day of the week. ")
    paragraphs = []
    while words_of("\n\n".join(paragraphs)) < words:
        paragraphs.append(simple * 3)
    return prompt, "\n\n".join(paragraphs)


CASES = {
    "code_static_ladder": (code_case, CodeStaticMetric()),
    "code_explanation": (code_case, ExplanationMetric()),
    "extraction": (extraction_case, ExtractionMetric()),
    "answer_directness": (reasoning_case, DirectnessMetric()),
    "derivation": (reasoning_case, DerivationMetric()),
    "register_shift": (rewriting_case, RegisterShiftMetric()),
}


def time_metric(prompt_text: str, output_text: str, metric: object, runs: int) -> dict[str, float]:
    wall, cpu = [], []
    for run in range(runs + 1):
        prompt = parse_prompt(prompt_text)
        # A different last line per run: textstat caches results by text, and a cache hit is not a measurement.
        output = TextModel(f"{output_text}\n\nRevision {run}.")
        ctx = CheckContext(prompt=prompt, output=output, task=detect_task(prompt), config=Config())
        start_wall, start_cpu = time.perf_counter(), time.process_time()
        metric.run(ctx)  # type: ignore[attr-defined]
        wall.append((time.perf_counter() - start_wall) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    wall, cpu = wall[1:], cpu[1:]  # the first run loads dictionaries once per process
    wall_sorted = sorted(wall)
    return {
        "median_ms": round(statistics.median(wall), 2),
        "p90_ms": round(wall_sorted[int(0.9 * (len(wall_sorted) - 1))], 2),
        "median_cpu_ms": round(statistics.median(cpu), 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--words", type=int, default=2000)
    args = parser.parse_args()
    started = time.perf_counter()
    results, words = {}, {}
    for name, (build, metric) in CASES.items():
        prompt, output = build(args.words)
        words[name] = words_of(output)
        results[name] = time_metric(prompt, output, metric, args.runs)
    print(json.dumps({"runs": args.runs, "output_words": words, "metrics": results,
                      "seconds": round(time.perf_counter() - started, 2)}))


if __name__ == "__main__":
    main()
