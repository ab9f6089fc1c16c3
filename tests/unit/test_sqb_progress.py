"""The runner's progress and cancel interface, as the editor and the CLI consume it."""

import dataclasses
from pathlib import Path

import pytest

from rubriq.core.config import Config
from rubriq.core.models.hub import LocalModelHub
from rubriq.core.sqb.runner import SuiteCancelled, SuiteProgress, run_suite

CASE = """task: Explain the outage.
source_corpus: [{id: s1, text: The API failed at noon because the pool was full.}]
reference_facts: [{id: F1, text: The API failed at noon.}]
outputs:
  - {name: A, file: a.md, baseline: true}
  - {name: B, file: b.md}
"""


@pytest.fixture(scope="module")
def hub() -> LocalModelHub:
    return LocalModelHub(Config(), probe_hub=False)


def _suite(tmp_path: Path) -> Path:
    (tmp_path / "a.md").write_text("The API failed.", encoding="utf-8")
    (tmp_path / "b.md").write_text("The API failed at noon because the pool was full.", encoding="utf-8")
    for name in ("one", "two"):
        (tmp_path / f"{name}.sqb.yaml").write_text(CASE, encoding="utf-8")
    return tmp_path


def test_suite_progress_is_a_frozen_record():
    step = SuiteProgress(case_id="c", contender="A", done=0, total=2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        step.done = 1  # type: ignore[misc]


@pytest.mark.models
def test_progress_reports_every_contender_before_it_is_scored_then_the_end(tmp_path, hub):
    steps: list[SuiteProgress] = []
    run_suite(_suite(tmp_path), hub, progress=steps.append)
    assert [(s.case_id, s.contender, s.done, s.total) for s in steps] == [
        ("one", "A", 0, 4), ("one", "B", 1, 4), ("two", "A", 2, 4), ("two", "B", 3, 4), ("", "", 4, 4)]


@pytest.mark.models
def test_should_stop_stops_between_contenders_with_suite_cancelled(tmp_path, hub):
    steps: list[SuiteProgress] = []
    with pytest.raises(SuiteCancelled):
        run_suite(_suite(tmp_path), hub, progress=steps.append, should_stop=lambda: len(steps) >= 2)
    assert [s.contender for s in steps] == ["A", "B"], "no contender starts once should_stop() is true"
