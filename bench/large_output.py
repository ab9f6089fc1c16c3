"""`rubriq check` on a very large output, with models: wall time, peak memory, and what the report says it checked.

    python bench/large_output.py [--mb 5] [--no-models] [--quick] [--data ../shared/data]

The output is real prose with no repeated sentence (so no cache answers twice): news articles of the SummaC and
AggreFact benchmarks (`summac_benchmark/*_val.jsonl`, `aggrefact_sota/*.jsonl`) joined until the size is reached;
the prompt asks for a summary of one of them, given as its source, so faithfulness (NLI) runs. One
`rubriq check --format json` in a fresh process.

Prints one JSON object: wall_s, cpu_s (user + system time of the check), max_rss_mb (the child's peak resident
memory), exit code, output_chars, the RQ001 finding's message (the size policy: how much was checked), findings
listed and RQ002 summaries, and the load average. Targets (docs/reliability.md): a 5 MB output within 60 s and
1.5 GB with models.
`--quick` makes a 0.3 MB output, to see that the script works; its figures mean nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATA = ROOT.parent / "shared" / "data"


def documents(data: Path) -> list[str]:
    """Every distinct document of the SummaC and AggreFact validation cuts, in file order."""
    seen: set[str] = set()
    found: list[str] = []
    paths = sorted((data / "summac_benchmark").glob("*_val.jsonl")) + sorted((data / "aggrefact_sota").glob("*.jsonl"))
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            document = json.loads(line).get("document", "").strip()
            if document and document not in seen:
                seen.add(document)
                found.append(document)
    return found


def build_pair(folder: Path, data: Path, chars: int) -> tuple[Path, int]:
    docs = documents(data)
    source = docs[0]
    prompt = (f"Summarize the article below for a general reader.\n\n<article>\n{source}\n</article>\n")
    parts: list[str] = []
    size = 0
    for document in docs[1:]:
        if size >= chars:
            break
        parts.append(document)
        size += len(document) + 2
    if size < chars:
        raise SystemExit(f"only {size} characters of distinct documents in {data}; ask for fewer")
    output = "\n\n".join(parts)[:chars]
    (folder / "large.prompt").write_text(prompt, encoding="utf-8")
    (folder / "large.out").write_text(output, encoding="utf-8")
    return folder / "large.prompt", len(output)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mb", type=float, default=5.0, help="output size in millions of characters")
    parser.add_argument("--no-models", action="store_true", help="tier 0 only")
    parser.add_argument("--quick", action="store_true", help="a 0.3 MB output: checks the script, not the target")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    args = parser.parse_args()
    chars = 300_000 if args.quick else int(args.mb * 1_000_000)
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}
    with tempfile.TemporaryDirectory() as tmp:
        prompt, length = build_pair(Path(tmp), args.data, chars)
        command = [sys.executable, "-m", "rubriq", "check", "--format", "json", str(prompt)]
        if args.no_models:
            command.append("--no-models")
        start = time.monotonic()
        done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
        wall = time.monotonic() - start
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    peak_kb = usage.ru_maxrss
    report = json.loads(done.stdout)["reports"][0] if done.stdout.strip().startswith("{") else None
    findings = report["findings"] if report else []
    policy = [f["message"] for f in findings if f["code"] == "RQ001"]
    print(json.dumps({
        "output_chars": length,
        "models": not args.no_models,
        "exit_code": done.returncode,
        "wall_s": round(wall, 1),
        "cpu_s": round(usage.ru_utime + usage.ru_stime, 1),  # what a loaded machine inflates far less than wall
        "max_rss_mb": round(peak_kb / 1024, 1),
        "size_policy_finding": policy[0] if policy else None,
        "findings_listed": len(findings),
        "rules_summarised": sorted(f["data"]["code"] for f in findings if f["code"] == "RQ002"),
        "scored_parameters": report["profile"]["scored_parameters"] if report else None,
        "stderr_tail": done.stderr[-500:],
        "load_average_1m": round(os.getloadavg()[0], 2),
        "quick": args.quick,
    }, indent=2))
    return 0 if done.returncode in (0, 1) else done.returncode


if __name__ == "__main__":
    sys.exit(main())
