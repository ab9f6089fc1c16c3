"""Where contenders are scored does not change the report: worker processes, the result cache, resuming a run."""

import json
from pathlib import Path

import pytest

from rubriq.core.config import Config
from rubriq.core.models.hub import LocalModelHub
from rubriq.core.sqb.execution import ResultCache
from rubriq.core.sqb.reports import report_json_text
from rubriq.core.sqb.runner import SuiteCancelled, SuiteProgress, run_suite

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "sqb"


def _hub() -> LocalModelHub:
    return LocalModelHub(Config(), probe_hub=False)


@pytest.fixture(scope="module")
def in_process_report() -> str:
    return report_json_text(run_suite(EXAMPLE, _hub(), jobs=1))


@pytest.mark.models
def test_two_worker_processes_give_the_in_process_report_byte_for_byte(in_process_report):
    steps: list[SuiteProgress] = []
    result = run_suite(EXAMPLE, _hub(), jobs=2, progress=steps.append)
    assert report_json_text(result) == in_process_report
    assert [s.contender for s in steps] == ["A-naive", "B-retrieval", "C-graph", ""]
    assert steps[-1].done == steps[-1].total == 3


@pytest.mark.models
def test_an_interrupted_run_continues_from_the_cache_and_scores_only_what_is_left(tmp_path, in_process_report):
    cache = tmp_path / "cache"
    steps: list[SuiteProgress] = []
    with pytest.raises(SuiteCancelled):
        run_suite(EXAMPLE, _hub(), jobs=1, cache_dir=cache, progress=steps.append,
                  should_stop=lambda: len(steps) == 2)
    assert len(list(cache.rglob("*.json"))) == 2, "the contenders finished before the stop are kept"

    fresh, resumed = _hub(), _hub()
    run_suite(EXAMPLE, fresh, jobs=1)
    result = run_suite(EXAMPLE, resumed, jobs=1, cache_dir=cache)
    assert report_json_text(result) == in_process_report
    assert len(list(cache.rglob("*.json"))) == 3
    assert 0 < resumed.stats()["nli"]["computed"] < fresh.stats()["nli"]["computed"], \
        "only the contender left over is verified again"


def test_a_damaged_cache_entry_is_scored_again_not_trusted(tmp_path):
    cache = ResultCache(tmp_path)
    cache.put("ab" * 32, json.dumps({"factual_f1": 1.0}))
    assert json.loads(cache.get("ab" * 32)) == {"factual_f1": 1.0}
    (tmp_path / "ab" / f"{'ab' * 32}.json").write_text('{"factual_f1": 1.', encoding="utf-8")
    assert cache.get("ab" * 32) is None
    assert cache.get("cd" * 32) is None
