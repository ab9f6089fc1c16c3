"""Growth exponents of every tier-0 function on adversarial inputs: how its time grows from 100 KB to 1 MB.

    python bench/growth.py [--small 100000] [--large 1000000] [--only NAME] [--pattern P] [--repeats N] [--quick]
                           [--collector-running]

For each function and each input pattern, CPU time (`time.process_time`) at the two sizes, and the exponent
k = log(t_large / t_small) / log(large / small): 1.0 is linear, 2.0 quadratic. Target: k <= 1.2 everywhere (a bit
above 1 is what memory effects at 1 MB cost a linear function). Each call runs as Rubriq runs it, with the cyclic
garbage collector paused (`core/collector.py`: the engine's check, the CLI's report and the server's diagnostics
pause it); `--collector-running` times the calls with it on instead, to show what its full passes cost.
Functions taking an output run against a prompt with many constraints (so the instruction-following checks have
work); functions taking a prompt get the pattern as their prompt. Sizes are in characters.

Prints one JSON object: per function, per pattern, seconds at both sizes and the exponent; the largest exponent of
each function; the load average. This measures time: run it on a quiet machine (`--quick`: 10 KB -> 100 KB, to see
that it runs). The same tables are used, at small sizes and counting work instead of time, by
`tests/unit/test_tier0_linear.py`.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import math
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT / "server"))

from rubriq.core import engine, tasks  # noqa: E402
from rubriq.core.collector import collector_paused  # noqa: E402
from rubriq.core.config import Config  # noqa: E402
from rubriq.core.context import CheckContext  # noqa: E402
from rubriq.core.metrics import TIER_TEXT, all_metrics  # noqa: E402
from rubriq.core.prompt import find_source_blocks, parse_prompt  # noqa: E402
from rubriq.core.report import FindingReport  # noqa: E402
from rubriq.core.tasks import detect_task  # noqa: E402
from rubriq.core.text import TextModel  # noqa: E402

CONSTRAINT_PROMPT = (
    "Write a guide in at least 300 words and fewer than 400 sentences, with a title in <<double angular brackets>>, "
    "at least 3 highlighted sections in *markdown*, exactly 4 bullet points, 2 placeholders like [name], no commas, "
    "using the word \"lamp\" at least 3 times and not the word \"very\", with 3 paragraphs separated by ***, "
    "ending with the phrase \"Is there anything else?\" and a postscript starting with P.S.\n\n"
    "<document>\nThe food bank opened in 2009 and serves 4,200 households a month from two warehouses.\n"
    "</document>\n"
)
PROSE = (
    "Volunteers arrive at the north warehouse a little before their shift {i}. ",
    "In 2023 the team handed out {i} parcels, according to the annual report. ",
    "However, it might be that nobody is expected to know everything on day {i}. ",
    "Heavy boxes number {i} are lifted with bent knees, and two people carry anything heavy.\n\n",
)


def _prose(size: int) -> str:
    parts, total, i = [], 0, 0
    while total < size:
        piece = PROSE[i % len(PROSE)].format(i=i)
        parts.append(piece)
        total += len(piece)
        i += 1
    return "".join(parts)[:size]


def _repeat(unit: str) -> Callable[[int], str]:
    return lambda size: (unit * (size // len(unit) + 1))[:size]


# Each pattern: size -> text of that many characters, built from what some pattern or loop looks for.
PATTERNS: dict[str, Callable[[int], str]] = {
    "prose": _prose,
    "one long line of words": _repeat("word "),
    "one long word": _repeat("a"),
    "newlines only": _repeat("\n"),
    "CR-only lines": _repeat("line\r"),
    "short lines": _repeat("a\n"),
    "blank paragraphs": _repeat("x\n\n"),
    "unclosed fences": _repeat("```\n"),
    "fences with languages": _repeat("```python\nx = 1\n"),
    "opening source tags": _repeat("<document>"),
    "closing source tags": _repeat("</document>"),
    "double quotes": _repeat("\""),
    "curly quotes": _repeat("“a "),
    "quoted words, no sentence end": _repeat("\"no letter a ******"),
    "bullets": _repeat("- x\n"),
    "numbered items": _repeat("1. x\n"),
    "headings": _repeat("# h\n"),
    "digits and spaces": _repeat("1 2 "),
    "commas": _repeat(","),
    "sentence ends": _repeat("A. "),
    "combining marks": _repeat("e\u0301"),
    "emoji": _repeat("😀"),
    "brackets": _repeat("[{("),
    "placeholders": _repeat("[x] "),
    "asterisks": _repeat("*"),
    "angle titles": _repeat("<<"),
    "table rows": _repeat("| a | b |\n"),
    "labelled sections": _repeat("Text: a\n"),
    "section markers": _repeat("SECTION 1\n"),
    "front matter keys": lambda size: "---\n" + "".join(f"key{i}: {i}\n" for i in range(size // 10)) + "---\n",
}


def widen_general_task() -> None:
    """Let one general-task check run every metric: its parameter list becomes every parameter."""
    tasks.TASK_PARAMETERS[tasks.TaskType.GENERAL] = tuple(tasks.PARAMETERS)


def _context(output: str, prompt_text: str = CONSTRAINT_PROMPT) -> CheckContext:
    prompt = parse_prompt(prompt_text)
    return CheckContext(prompt=prompt, output=TextModel(output), task=detect_task(prompt), config=Config(),
                        tiers=frozenset({TIER_TEXT}))


def _segment(name: str) -> Callable[[str], Any]:
    return lambda text: getattr(TextModel(text), name)


def _report(text: str) -> None:
    result = engine.check(CONSTRAINT_PROMPT, text, tiers=frozenset({TIER_TEXT}))
    for finding in result.findings:
        FindingReport.of(finding, text if finding.where == "output" else CONSTRAINT_PROMPT)


def _lsp_positions(text: str) -> None:
    """What the server does for each finding of a check: clean the text once, map the finding's span."""
    from rubriq.lsp.convert import PositionMap, sentence_hash
    from rubriq.lsp.documents import clean_text

    cleaned = clean_text(text)
    result = engine.check(CONSTRAINT_PROMPT, cleaned, tiers=frozenset({TIER_TEXT}))
    positions = PositionMap(cleaned)
    for finding in result.on("output"):
        positions.range(finding.start, finding.end)
        sentence_hash(finding.evidence)


def functions() -> dict[str, tuple[str, Callable[[str], Any]]]:
    """name -> (what the pattern is: "output" or "prompt", the call on the pattern's text)."""
    table: dict[str, tuple[str, Callable[[str], Any]]] = {
        "parse_prompt": ("prompt", parse_prompt),
        "find_source_blocks": ("prompt", find_source_blocks),
        "detect_task": ("prompt", lambda text: detect_task(parse_prompt(text))),
        "extract_constraints": ("prompt", _extract_constraints),
        "engine.check (tier 0, pattern as prompt)": ("prompt", lambda text: engine.check(
            text, "A short answer.", tiers=frozenset({TIER_TEXT}))),
    }
    for name in ("words", "sentences", "paragraphs", "lines", "list_items", "headings", "code_blocks"):
        table[f"TextModel.{name}"] = ("output", _segment(name))
    for metric in sorted(all_metrics(), key=lambda m: m.name):
        if metric.tier == TIER_TEXT:
            table[f"metric {metric.name}"] = ("output", lambda text, metric=metric: metric.run(_context(text)))
    table["engine.check (tier 0)"] = ("output", lambda text: engine.check(CONSTRAINT_PROMPT, text,
                                                                          tiers=frozenset({TIER_TEXT})))
    table["JSON report (check + line/column of every finding)"] = ("output", _report)
    table["language server: positions of every finding"] = ("output", _lsp_positions)
    return table


def _extract_constraints(text: str) -> Any:
    from rubriq.core.constraints import extract_constraints

    return extract_constraints(parse_prompt(text))


def cpu_seconds(call: Callable[[], Any], collector_running: bool = False) -> float:
    gc.collect()  # every run starts from a collected heap: the collector's state is not part of the function's cost
    with contextlib.nullcontext() if collector_running else collector_paused():
        start = time.process_time()
        call()
        return time.process_time() - start


def least_time(call: Callable[[str], Any], make: Callable[[int], str], size: int, repeats: int,
               collector_running: bool) -> float:
    """The least CPU time of `repeats` runs, each on a new text of about `size` characters (size, size + 10, ...)."""
    times = []
    for k in range(repeats):
        text = make(size + 10 * k)
        times.append(cpu_seconds(lambda text=text: call(text), collector_running))
    return min(times)


def exponent(t_small: float, t_large: float, small: int, large: int) -> float:
    return math.log(max(t_large, 1e-6) / max(t_small, 1e-6)) / math.log(large / small)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--small", type=int, default=100_000)
    parser.add_argument("--large", type=int, default=1_000_000)
    parser.add_argument("--only", help="only functions whose name contains this")
    parser.add_argument("--pattern", help="only patterns whose name contains this")
    parser.add_argument("--quick", action="store_true", help="10 KB -> 100 KB: checks that the script runs")
    parser.add_argument("--repeats", type=int, default=1,
                        help="runs per size, the least time kept (a busy moment only ever adds time)")
    parser.add_argument("--collector-running", action="store_true",
                        help="time with the cyclic garbage collector on (Rubriq pauses it during a check)")
    args = parser.parse_args()
    small, large = (10_000, 100_000) if args.quick else (args.small, args.large)
    widen_general_task()
    results: dict[str, Any] = {}
    worst: dict[str, float] = {}
    for name, (_, call) in functions().items():
        if args.only and args.only not in name:
            continue
        call(PATTERNS["prose"](2000))  # warm-up: imports, word lists, dictionaries
        rows = {}
        for pattern, make in PATTERNS.items():
            if args.pattern and args.pattern not in pattern:
                continue
            # One run per size, each on a text never seen before: a repeated text would be answered by caches
            # (textstat's, the constraint extraction's) and make the small size look cheaper than it is.
            t_small = least_time(call, make, small, args.repeats, args.collector_running)
            t_large = least_time(call, make, large, args.repeats, args.collector_running)
            k = exponent(t_small, t_large, small, large)
            rows[pattern] = {"small_s": round(t_small, 4), "large_s": round(t_large, 3), "exponent": round(k, 2)}
        results[name] = rows
        # Below 5 ms at the small size, timer resolution and cache effects decide the ratio: not counted.
        counted = [r["exponent"] for r in rows.values() if r["small_s"] >= 0.005]
        worst[name] = max(counted) if counted else 1.0
        print(f"{name}: worst exponent {worst[name]}", file=sys.stderr, flush=True)
    print(json.dumps({
        "small_chars": small,
        "large_chars": large,
        "worst_exponent": worst,
        "max_exponent": max(worst.values()) if worst else None,
        "results": results,
        "load_average_1m": round(os.getloadavg()[0], 2),
        "quick": args.quick,
        "collector": "running" if args.collector_running else "paused, as in a check",
        "repeats": args.repeats,
    }, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
