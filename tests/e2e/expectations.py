"""What the editors should show for each fixture pair: the output-side rule codes that Rubriq's own engine finds
(`rubriq check --no-models --format json`, tier 0, the codes every editor gets first), plus the codes each
fixture was written to trigger."""

from __future__ import annotations

import json
import os
import subprocess
from functools import cache
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).parent / "fixtures" / "workspace"
PYTHON = os.environ.get("RUBRIQ_PYTHON", str(REPO / ".venv" / "bin" / "python"))

# Each fixture's deliberate defect and the code it must raise.
WRITTEN_TO_TRIGGER = {
    "fizzbuzz": ["CG001"],  # `elif i % 5 == 0` lacks its colon: the code does not parse
    "summary": ["IF001"],  # 89 words where the prompt asks for at most 40
}


@cache
def engine_report(pair: str) -> dict:
    proc = subprocess.run(
        [PYTHON, "-m", "rubriq", "check", "--no-models", "--format", "json", str(FIXTURES / f"{pair}.prompt")],
        capture_output=True, text=True, timeout=300, cwd=REPO,
    )
    return json.loads(proc.stdout)


def _output_codes(report: dict) -> list[str]:
    pairs = report.get("reports", [report])
    codes = {f["code"] for p in pairs for f in p.get("findings", []) if f.get("where", "output") == "output"}
    return sorted(codes)


@cache
def expected_output_codes(pair: str) -> list[str]:
    return sorted(set(_output_codes(engine_report(pair))) | set(WRITTEN_TO_TRIGGER[pair]))


def fix_code_for(pair: str) -> str | None:
    """The diagnostic whose "Insert repair prompt" action the tests apply: the fixture's own defect first."""
    codes = WRITTEN_TO_TRIGGER[pair] or expected_output_codes(pair)
    return codes[0] if codes else None


@cache
def repaired_prompts(pair: str) -> list[str]:
    """Every `.prompt` text that applying one finding's repair can give, computed by the engine and the repair
    library directly (all tiers, with the models the server would load): an editor's "Insert repair prompt"
    must leave the `.prompt` equal to one of them."""
    from rubriq.core.config import Config
    from rubriq.core.engine import check
    from rubriq.core.models.hub import LocalModelHub
    from rubriq.core.repair import build_repair

    prompt_text = (FIXTURES / f"{pair}.prompt").read_text(encoding="utf-8")
    output_text = (FIXTURES / f"{pair}.out").read_text(encoding="utf-8")
    config = Config()
    result = check(prompt_text, output_text, config, models=LocalModelHub(config))
    texts = []
    for finding in result.findings:
        if finding.where != "output":
            continue
        repair = build_repair(finding, result.prompt, result.task.task, result.prompt.family)
        if repair is not None:
            texts.append(repair.apply(prompt_text))
    return texts
