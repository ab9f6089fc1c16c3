"""SQB throughput: cases (and contenders) scored per minute, in this process, in N worker processes, or on Ray.

Builds a suite of distinct, realistic cases from REALSumm (one case per article: the article as the source, its
SCUs as reference facts, the first `--contenders` system summaries as contenders), then times one `run_suite`
over it without the result cache. Distinct cases matter: copies of one case would be answered from the models'
in-memory caches. Prints JSON; run it on a quiet machine for figures worth recording (docs/performance.md).

    python bench/sqb_throughput.py --scu ../shared/data/realsumm/realsumm_scu_presence_dev.jsonl \
        --sources ../shared/data/realsumm/realsumm_sources_dev.jsonl --cases 24 --jobs 1
    ... --jobs 2
    ... --ray 127.0.0.1:6379           # a running cluster (`ray start --head --port 6379`)
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from collections import defaultdict
from pathlib import Path

import yaml

from rubriq.core.config import Config
from rubriq.core.models.hub import LocalModelHub
from rubriq.core.sqb.runner import run_suite


def build_suite(scu_path: Path, sources_path: Path, cases: int, contenders: int, folder: Path) -> int:
    """Write up to `cases` case files into `folder`; returns how many contenders they hold."""
    sources = {}
    for line in sources_path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            sources[row["doc_id"]] = row["source"]
    by_doc: dict[str, list[dict]] = defaultdict(list)
    for line in scu_path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            if row["doc_id"] in sources and row["scus"]:
                by_doc[row["doc_id"]].append(row)
    written = 0
    for doc_id in sorted(by_doc)[:cases]:
        rows = sorted(by_doc[doc_id], key=lambda r: r["system"])[:contenders]
        case = {
            "task": "Summarise the news article.",
            "source_corpus": [{"id": "article", "text": sources[doc_id]}],
            "reference_facts": [{"id": f"S{i}", "text": scu["text"]} for i, scu in enumerate(rows[0]["scus"])],
            "baseline": rows[0]["system"],
            "outputs": {},
        }
        for row in rows:
            (folder / f"{doc_id}-{row['system']}.txt").write_text(row["summary"], encoding="utf-8")
            case["outputs"][row["system"]] = f"{doc_id}-{row['system']}.txt"
        (folder / f"{doc_id}.sqb.yaml").write_text(yaml.safe_dump(case, sort_keys=False), encoding="utf-8")
        written += len(rows)
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scu", required=True, type=Path)
    parser.add_argument("--sources", required=True, type=Path)
    parser.add_argument("--cases", type=int, default=24)
    parser.add_argument("--contenders", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=1, help="1: this process; N: N worker processes")
    parser.add_argument("--ray", metavar="ADDRESS", help="a running Ray cluster (then --jobs counts actors)")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="sqb-throughput-") as tmp:
        folder = Path(tmp)
        contenders = build_suite(args.scu, args.sources, args.cases, args.contenders, folder)
        cases = len(list(folder.glob("*.sqb.yaml")))
        hub = LocalModelHub(Config())
        started = time.perf_counter()
        run_suite(folder, hub, jobs=args.jobs, ray_address=args.ray)
        seconds = time.perf_counter() - started
    print(json.dumps({
        "cases": cases, "contenders": contenders, "jobs": args.jobs, "ray": args.ray,
        "cpus": os.cpu_count(), "seconds": round(seconds, 2),
        "cases_per_minute": round(60 * cases / seconds, 2),
        "contenders_per_minute": round(60 * contenders / seconds, 2),
        "note": "includes starting the workers and loading their models (once per worker)",
    }, indent=2))


if __name__ == "__main__":
    main()
