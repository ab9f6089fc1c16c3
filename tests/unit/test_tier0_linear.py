"""Every tier-0 function does linear work on adversarial input: counted, not timed.

The functions and the 30 input patterns are the tables of `bench/growth.py` (which times the same calls from
100 KB to 1 MB for docs/reliability.md). Here each call's work (Python lines + C calls + characters scanned by
`str` methods, tests/unit/work_counting.py) is counted at 4,000 and 16,000 characters, and the growth exponent must
stay at or below 1.2. The whole tier-0 check covers every tier-0 metric and the prompt parsing at once (the general
task is widened to every parameter, as in bench/tier0.py); with the pattern as the prompt it covers front matter,
source blocks, task detection and constraint extraction. Work inside one regex call is not counted: see
tests/unit/test_regex_shapes.py.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from work_counting import measured_exponent

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import growth

SMALL, LARGE = 4000, 16000
LIMIT = 1.2
FUNCTIONS = growth.functions()
# The whole tier-0 check on every pattern; the prompt side and the report layers on the patterns that load them.
PROMPT_PATTERNS = ("prose", "one long line of words", "newlines only", "short lines", "unclosed fences",
                   "opening source tags", "closing source tags", "double quotes", "curly quotes",
                   "quoted words, no sentence end", "bullets",
                   "headings", "digits and spaces", "labelled sections", "front matter keys")
FOCUSED = {
    "engine.check (tier 0, pattern as prompt)": PROMPT_PATTERNS,
    "JSON report (check + line/column of every finding)": ("prose", "one long line of words", "placeholders"),
    "language server: positions of every finding": ("one long line of words", "CR-only lines", "emoji"),
}
CASES = [("engine.check (tier 0)", pattern) for pattern in growth.PATTERNS] + [
    (name, pattern) for name, patterns in FOCUSED.items() for pattern in patterns]


@pytest.fixture(scope="module", autouse=True)
def every_metric_runs():
    saved = dict(growth.tasks.TASK_PARAMETERS)
    growth.widen_general_task()
    yield
    growth.tasks.TASK_PARAMETERS.clear()
    growth.tasks.TASK_PARAMETERS.update(saved)


@pytest.mark.parametrize(("function", "pattern"), CASES, ids=[f"{f} | {p}" for f, p in CASES])
def test_work_grows_linearly(function: str, pattern: str):
    _, call = FUNCTIONS[function]
    exponent = measured_exponent(growth.PATTERNS[pattern], call, SMALL, LARGE)
    assert exponent <= LIMIT, f"{function} on {pattern}: work grows as size^{exponent:.2f}"


def test_the_tables_cover_every_tier0_metric_and_enough_patterns():
    from rubriq.core.metrics import TIER_TEXT, all_metrics

    tier0 = {f"metric {m.name}" for m in all_metrics() if m.tier == TIER_TEXT}
    assert tier0 <= set(FUNCTIONS)
    assert len(growth.PATTERNS) >= 25
