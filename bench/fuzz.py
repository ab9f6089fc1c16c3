"""The long fuzzing run: hostile prompt/output pairs through the engine, the JSON report and the repairs.

    nice -n 10 python bench/fuzz.py [--cases 10000] [--seed 20260601] [--long-line 20000]

The pairs come from the strategies of the test suite (`tests/fuzz/strategies.py`: hostile unicode and lone
surrogates, front matter with nesting and tags YAML cannot construct, every kind of constraint with hostile numbers,
unclosed source blocks and fences, lines up to `--long-line` characters) and are checked against the invariants of
`tests/fuzz/invariants.py`: no exception escapes the engine, every finding's span lies in its text, every score is
in [0, 1], the JSON report and the repairs are built; every tenth pair is checked twice for identical results.

Prints one JSON object: cases run, violations by kind (with the first examples of each), and the seed. This is not
a timing benchmark; `seconds` only says how long the run took.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))
sys.path.insert(0, str(REPO_ROOT / "server"))

from hypothesis import HealthCheck, Phase, given, seed, settings  # noqa: E402
from tests.fuzz.invariants import Violations, check_pair  # noqa: E402
from tests.fuzz.strategies import pairs  # noqa: E402


def run(cases: int, seed_value: int, long_line: int) -> dict:
    found = Violations()
    count = [0]

    @seed(seed_value)
    @settings(max_examples=cases, deadline=None, database=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(pairs(long_line))
    def one(pair: tuple[str, str]) -> None:
        count[0] += 1
        check_pair(*pair, found, determinism=count[0] % 10 == 0)

    start = time.monotonic()
    one()
    return {
        "cases": count[0],
        "seed": seed_value,
        "long_line": long_line,
        "violations": found.summary(),
        "total_violations": found.total(),
        "examples": {name: items[:3] for name, items in vars(found).items() if items},
        "seconds": round(time.monotonic() - start, 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cases", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=20260601)
    parser.add_argument("--long-line", type=int, default=20_000, help="longest generated line, in characters")
    args = parser.parse_args()
    result = run(args.cases, args.seed, args.long_line)
    print(json.dumps(result, indent=2, ensure_ascii=True))
    return 0 if result["total_violations"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
