"""Speed of instruction following: extraction + strict checking of a 2,000-word output against a 10-constraint prompt.

    python bench/constraints_speed.py [--runs 200]

Each run parses the prompt and segments the output afresh (no cached segmentation), extracts the constraints and
checks every one. Prints one JSON object: median and 95th percentile wall-clock milliseconds and median CPU
milliseconds of this process (the machine is shared, so wall time includes waiting for a core), with the load
average. Three prompts: the main one (its sentence limit is loose enough that no Punkt segmentation is needed), a
variant with a tight sentence count (Punkt segments the whole output) and a variant with a language check
(langdetect, the slowest checker).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))

from rubriq.core.constraints import check_constraint, extract_constraints
from rubriq.core.prompt import parse_prompt
from rubriq.core.text import TextModel

PROMPT = (
    "Write a field guide to the birds of a coastal marsh for new volunteers. Your answer must contain a title, "
    "wrapped in double angular brackets, such as <<marsh guide>>. Answer with at least 1800 words, and your response "
    "should contain less than 200 sentences. Do not use any commas. Do not include the keywords \"duck\" or "
    "\"goose\". The word heron should appear at least 5 times. Highlight at least 3 sections in your answer with "
    "markdown, i.e. *highlighted section*. Your answer must contain exactly 4 bullet points. Include at least 2 "
    "placeholders represented by square brackets, such as [address]. Finish your response with this exact phrase "
    "Is there anything else I can help with?. No other words should follow this phrase."
)
SENTENCE_PROMPT = PROMPT.replace("less than 200 sentences", "at least 120 sentences")
LANGUAGE_PROMPT = PROMPT.replace("Do not use any commas.", "Your entire response should be in English, no other "
                                 "language is allowed.")

_SENTENCES = (
    "The heron waits in the shallow water at dawn while the tide turns slowly",
    "Volunteers should walk the boardwalk quietly and note every bird they see in the log",
    "Marsh grasses hide many nests so keep to the marked paths at all times",
    "A pair of binoculars and a notebook are all that a new volunteer needs on the first day",
    "Egrets and herons look alike from far away but their bills and legs tell them apart",
    "Count birds in groups of ten when a large flock lifts from the reeds",
)


def make_output(words: int = 2000) -> str:
    """A deterministic ~2,000-word answer with a title, paragraphs, highlights, bullets and placeholders."""
    parts = ["<<A Field Guide to the Marsh>>", ""]
    count, i = 0, 0
    while count < words - 40:
        paragraph = []
        for _ in range(6):
            sentence = _SENTENCES[i % len(_SENTENCES)]
            i += 1
            paragraph.append(sentence + ".")
            count += len(sentence.split())
        if i % 30 == 0:
            paragraph.append("*Herons of the marsh* are the stars here.")
        parts.append(" ".join(paragraph))
        parts.append("")
    parts += ["* Bring water", "* Wear boots", "* Sign in at [address]", "* Call [phone] for help", ""]
    parts.append("Is there anything else I can help with?")
    return "\n".join(parts)


def measure(prompt_text: str, output_text: str, runs: int) -> dict[str, float | int]:
    timings, cpu = [], []
    n_constraints = 0
    for _ in range(runs):
        started, cpu_started = time.perf_counter(), time.process_time()
        prompt = parse_prompt(prompt_text)
        output = TextModel(output_text)
        constraints = extract_constraints(prompt)
        for constraint in constraints:
            check_constraint(output, constraint, "strict")
        timings.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - cpu_started) * 1000)
        n_constraints = len(constraints)
    timings.sort()
    return {
        "constraints": n_constraints,
        "median_ms": round(statistics.median(timings), 2),
        "p95_ms": round(timings[int(0.95 * (len(timings) - 1))], 2),
        "median_cpu_ms": round(statistics.median(cpu), 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    output = make_output()
    measure(PROMPT, output, 5)  # warm imports and compiled regexes
    result = {
        "output_words": TextModel(output).word_count,
        "runs": args.runs,
        "load_average_1min": round(os.getloadavg()[0], 2),
        "cpus": os.cpu_count(),
        "main": measure(PROMPT, output, args.runs),
        "tight_sentence_count": measure(SENTENCE_PROMPT, output, args.runs),
        "with_language_check": measure(LANGUAGE_PROMPT, output, max(20, args.runs // 4)),
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
