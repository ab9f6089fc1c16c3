"""docs/sqb.md is in step with the code: its JSON Schema is the case model's, and its worked example runs."""

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from rubriq.core.sqb.case import case_json_schema

DOC = Path(__file__).resolve().parents[2] / "docs" / "sqb.md"
TEXT = DOC.read_text(encoding="utf-8")
FILE_BLOCK = re.compile(r"^`([^`\n]+)`:\n\n```[a-z]*\n(.*?)\n```$", re.MULTILINE | re.DOTALL)
SECTION = TEXT.split("## Your first case, step by step", 1)[1].split("\n## ", 1)[0]


def test_documented_schema_matches_the_case_model():
    blocks = re.findall(r"```json\n(.*?)\n```", TEXT, re.DOTALL)
    assert blocks, "docs/sqb.md has a JSON Schema block"
    assert json.loads(blocks[-1]) == case_json_schema()


def test_the_documented_metrics_agree_with_the_code():
    from rubriq.core.sqb.metrics import Thresholds
    from rubriq.core.sqb.verifier_matching import THRESHOLDS

    t = Thresholds()
    assert f"P(conveyed) ≥ {THRESHOLDS.fact:.3f}" in TEXT and f"P(conveyed) ≥ {THRESHOLDS.forbidden:.3f}" in TEXT
    assert f"P(supported) ≥ {THRESHOLDS.claim:g}" in TEXT
    assert f"w = {t.topic_lexical_weight} and T = {round(t.topic_threshold, 3)}" in TEXT


def _collapsed(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.models
def test_the_worked_example_runs_as_shown(tmp_path):
    files = FILE_BLOCK.findall(SECTION)
    assert [name for name, _ in files] == ["my-suite/outage.yaml", "my-suite/sources/timeline.md",
                                           "my-suite/outputs/short.md", "my-suite/outputs/full.md"]
    for name, body in files:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(body + "\n", encoding="utf-8")
    command = re.search(r"Run it:\n\n```bash\n(.*?)\n```", SECTION, re.DOTALL).group(1)
    shown = re.search(r"prints:\n\n```text\n(.*?)\n```", SECTION, re.DOTALL).group(1)
    argv = shlex.split(command)
    assert argv[0] == "rubriq"
    run = subprocess.run([str(Path(sys.executable).with_name("rubriq")), *argv[1:]], cwd=tmp_path,
                         capture_output=True, text=True, timeout=600,
                         env={**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"})
    assert run.returncode == 0, run.stderr
    assert _collapsed(shown) in _collapsed(run.stdout), run.stdout
    assert "my-suite/outage.yaml:2: unknown key 'domain' is ignored" in run.stderr
    assert (tmp_path / "my-report" / "sqb-report.html").is_file()
