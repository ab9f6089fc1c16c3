"""`rubriq sqb` on the bundled example suite, with the shipped NLI model and the packaged embedding model."""

import json
from pathlib import Path

import pytest

from rubriq.cli import main

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "sqb"


@pytest.mark.models
def test_example_suite_writes_every_report_and_ranks_the_contenders(tmp_path, capsys):
    assert main(["sqb", str(EXAMPLE), "--out", str(tmp_path)]) == 0
    assert "C-graph" in capsys.readouterr().out
    report = json.loads((tmp_path / "sqb-report.json").read_text(encoding="utf-8"))
    case = report["cases"][0]
    f1 = {c["name"]: c["factual_f1"] for c in case["contenders"]}
    assert f1["C-graph"] > f1["B-retrieval"] > f1["A-naive"]
    assert report["models"]["nli"].startswith("rubriq/nli-minilm")
    # no judge run: the decisive rule cannot establish a quality claim
    assert all(d["improves"] is not True for d in case["decisions"])
    assert case["disclosure"]["C-graph"][0].startswith("CRP-Quality-Factual-F1: ")
    html = (tmp_path / "sqb-report.html").read_text(encoding="utf-8")
    assert "<svg" in html and "Which facts each contender conveyed" in html
    assert len(list((tmp_path / "cache").rglob("*.json"))) == 3, "each contender's scores are cached by default"
    assert "Decisive rule" in (tmp_path / "sqb-report.md").read_text(encoding="utf-8")


def test_require_improvement_fails_without_a_judge(tmp_path):
    assert main(["sqb", str(EXAMPLE), "--out", str(tmp_path), "--require-improvement", "--jobs", "1"]) == 1


def test_missing_suite_exits_2(tmp_path, capsys):
    assert main(["sqb", str(tmp_path / "nope")]) == 2
    assert "no such suite" in capsys.readouterr().err
