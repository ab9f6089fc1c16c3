"""Time every tier-0 metric together on a 2,000-word output.

    python bench/tier0.py [--runs 30] [--words 2000] [--source-words 3000 [--data ../shared/data]]

One run = `engine.check(prompt, output, tiers=frozenset({0}))` from raw text (prompt parsing, segmentation and
every tier-0 metric, nothing cached between runs). So that one check runs every tier-0 metric, the bench widens
the general task's parameter list to every parameter in the table for the duration of the script; the embedding
part of the coherence proxy (tier 1) is not part of tier 0 and does not run.

Each run checks a text that differs in its last line, as in typing, so no cache (textstat memoises by text)
answers for it. Prints one JSON object: median_ms and p90_ms (wall) and median_cpu_ms (process CPU time, which a
busy shared machine inflates far less) of the whole check, the metrics that ran, per_metric_median_ms and
per_metric_median_cpu_ms (each metric's own run on a prepared context with segmentation already cached, so they
show the metric's own share), and the 1-minute load average.

`--source-words N` pastes N words of news articles (the REALSumm sources under `--data`) into the prompt as its
source text, so the value checks (FA002 at tier 0: every claim's values against its source sentences) have a long
source to search; the output is the same guide, so the FA002 count it prints is also a count of false alarms on an
unrelated source.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT / "server"))

from rubriq.core import engine, tasks  # noqa: E402
from rubriq.core.config import Config  # noqa: E402
from rubriq.core.context import CheckContext  # noqa: E402
from rubriq.core.metrics import TIER_TEXT, all_metrics  # noqa: E402
from rubriq.core.prompt import parse_prompt  # noqa: E402
from rubriq.core.tasks import detect_task  # noqa: E402
from rubriq.core.text import TextModel  # noqa: E402

PROMPT = """---
task: general
---
Write a detailed guide for new volunteers at a city food bank, for a general audience, in about 1,800 words.
Use headings for each section and give a list of the first-day steps. Mention safety and cite any figures.

Notes: The food bank opened in 2009 and serves 4,200 households a month from two warehouses.
"""

SENTENCES = (
    "Volunteers arrive at the north warehouse a little before their shift so that the team lead can walk them "
    "through the day.",
    "Every new volunteer signs in at the front desk, collects a badge and reads the short safety card.",
    "The food bank serves about 4,200 households a month, which means each shift matters.",
    "However, nobody is expected to know everything on the first day, and questions are always welcome.",
    "Sorting is the most common first task: donated tins and packets are checked for dates and damage.",
    "Anything past its date goes into the grey crates, because it cannot be handed out.",
    "Then the sorted food is packed into family boxes according to the printed list on each table.",
    "Heavy boxes are lifted with bent knees, and two people carry anything above twenty kilograms.",
    "The cold room is kept at four degrees, so volunteers wear the jackets hanging by its door.",
    "In 2023 the team handed out 61,000 parcels, according to the annual report.",
    "Drivers load the vans from the east door while the packing team keeps the aisle clear.",
    "If a client asks for something the box does not contain, volunteers note it on the request sheet.",
    "Respect matters more than speed: clients are greeted by name when they offer it.",
    "Meanwhile, the kitchen team prepares a simple lunch for everyone on a full-day shift.",
    "Allergens are labelled in red, and volunteers never repack food that has been opened.",
    "At the end of the shift, tables are wiped, crates are stacked and the floor is swept.",
    "Finally, volunteers sign out, return their badges and tell the lead about anything that went wrong.",
    "Many people come back every week, and some have volunteered here for over ten years.",
)


def build_output(words: int) -> str:
    """About `words` words of varied prose in paragraphs, with headings and one numbered list."""
    parts: list[str] = ["# Volunteer guide", ""]
    count, i, section = 0, 0, 1
    while count < words:
        if i % 24 == 0:
            parts += [f"## Part {section}", ""]
            section += 1
        if i % 40 == 5:
            steps = ["Sign in at the front desk.", "Read the safety card.", "Meet your team lead."]
            parts += [f"{n}. {s}" for n, s in enumerate(steps, 1)] + [""]
        paragraph = " ".join(SENTENCES[(i + k) % len(SENTENCES)] for k in range(4))
        parts += [paragraph, ""]
        count += len(paragraph.split())
        i += 4
    return "\n".join(parts)


def news_source(data: Path, words: int) -> str:
    """The first `words` words of the REALSumm source articles, joined."""
    path = data / "realsumm" / "realsumm_sources_dev.jsonl"
    articles = [json.loads(line)["source"] for line in path.open(encoding="utf-8")]
    return " ".join(" ".join(articles).split()[:words]).replace(" . ", ". ")


def widen_general_task() -> None:
    """Let one general-task check run every metric: its parameter list becomes every parameter."""
    tasks.TASK_PARAMETERS[tasks.TaskType.GENERAL] = tuple(tasks.PARAMETERS)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--words", type=int, default=2000)
    parser.add_argument("--source-words", type=int, default=0, help="words of pasted source text in the prompt")
    parser.add_argument("--data", type=Path, default=REPO_ROOT.parent / "shared" / "data")
    args = parser.parse_args()
    widen_general_task()
    output = build_output(args.words)
    tier0 = frozenset({TIER_TEXT})
    prompt_text = PROMPT + (f"\nText:\n{news_source(args.data, args.source_words)}\n" if args.source_words else "")

    engine.check(prompt_text, output, tiers=tier0)  # warm-up: imports, dictionaries, compiled patterns
    timings, cpu_timings = [], []
    for run in range(args.runs):
        text = f"{output}\n\nRevision {run + 1}."  # a new text each run, as in typing: no cache can answer
        started, cpu_started = time.perf_counter(), time.process_time()
        result = engine.check(prompt_text, text, tiers=tier0)
        timings.append(1000 * (time.perf_counter() - started))
        cpu_timings.append(1000 * (time.process_time() - cpu_started))
    ran = sorted({p.metric for p in result.profile.parameters if p.metric})

    per_metric: dict[str, float] = {}
    per_metric_cpu: dict[str, float] = {}
    prompt = parse_prompt(prompt_text)
    for metric in sorted(all_metrics(), key=lambda m: m.name):
        if metric.tier != TIER_TEXT:
            continue
        samples, cpu_samples = [], []
        for run in range(max(5, args.runs // 3)):
            model = TextModel(f"{output}\n\nMetric run {run + 1}.")
            _ = (model.sentences, model.paragraphs, model.words, model.code_blocks, model.list_items, model.headings)
            ctx = CheckContext(prompt=prompt, output=model, task=detect_task(prompt), config=Config(),
                               tiers=tier0)
            started, cpu_started = time.perf_counter(), time.process_time()
            metric.run(ctx)
            samples.append(1000 * (time.perf_counter() - started))
            cpu_samples.append(1000 * (time.process_time() - cpu_started))
        per_metric[metric.name] = round(statistics.median(samples), 3)
        per_metric_cpu[metric.name] = round(statistics.median(cpu_samples), 3)

    timings.sort()
    print(json.dumps({
        "words": len(output.split()),
        "runs": args.runs,
        "median_ms": round(statistics.median(timings), 2),
        "p90_ms": round(timings[int(0.9 * (len(timings) - 1))], 2),
        "median_cpu_ms": round(statistics.median(cpu_timings), 2),
        "source_words": len(prompt_text.split()) - len(PROMPT.split()) if args.source_words else 0,
        "value_conflicts_found": sum(f.code == "FA002" for f in result.findings),
        "metrics_run": ran,
        "per_metric_median_ms": per_metric,
        "per_metric_median_cpu_ms": per_metric_cpu,
        "load_average_1m": round(os.getloadavg()[0], 2),
        "cpus": os.cpu_count(),
    }))


if __name__ == "__main__":
    main()
