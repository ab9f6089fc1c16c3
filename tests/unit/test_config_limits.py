"""Hostile settings files: deep nesting in `rubriq.toml` or `pyproject.toml`, FIFOs, devices and huge files. Each
becomes a problem line with the defaults standing in; none raises."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from rubriq.core import config as config_module
from rubriq.core.config import Config, find_config_file, load_config

DEEP_ARRAY = "[" * 1000 + "]" * 1000
DEEP_TABLE = "{a = " * 1000 + "1" + "}" * 1000


@pytest.mark.parametrize("value", [DEEP_ARRAY, DEEP_TABLE], ids=["arrays", "inline-tables"])
def test_deeply_nested_rubriq_toml_is_a_problem_not_a_crash(tmp_path: Path, value: str):
    (tmp_path / "rubriq.toml").write_text(f"family = \"gpt\"\nx = {value}\n", encoding="utf-8")
    config, problems, path = load_config(tmp_path / "a.prompt")
    assert path == tmp_path / "rubriq.toml"
    assert config == Config()
    assert len(problems) == 1 and "nested too deeply" in problems[0]


def test_deeply_nested_pyproject_is_skipped_while_looking_for_settings_and_never_raises(tmp_path: Path):
    (tmp_path / "pyproject.toml").write_text(f"[tool.rubriq]\nfamily = \"gpt\"\nx = {DEEP_ARRAY}\n",
                                             encoding="utf-8")
    assert find_config_file(tmp_path) is None  # it cannot be read, so it holds no rubriq settings
    config, problems, _ = load_config(tmp_path)
    assert config == Config() and problems == []


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
def test_a_fifo_named_rubriq_toml_is_reported_without_blocking(tmp_path: Path):
    os.mkfifo(tmp_path / "rubriq.toml")
    config, problems, path = load_config(tmp_path)
    assert config == Config()
    assert path == tmp_path / "rubriq.toml"
    assert len(problems) == 1 and "not a regular file" in problems[0]


def test_an_oversized_rubriq_toml_is_reported_not_read(tmp_path: Path, monkeypatch):
    monkeypatch.setattr(config_module, "MAX_CONFIG_BYTES", 1000)
    (tmp_path / "rubriq.toml").write_text("# padding\n" * 200, encoding="utf-8")
    config, problems, _ = load_config(tmp_path)
    assert config == Config()
    assert len(problems) == 1 and "limit" in problems[0]


def test_settings_are_looked_for_past_a_folder_that_cannot_be_searched(tmp_path: Path):
    import shutil
    import subprocess
    import sys

    locked = tmp_path / "locked"
    locked.mkdir()
    (tmp_path / "rubriq.toml").write_text('family = "gpt"\n', encoding="utf-8")
    locked.chmod(0)
    code = ("from pathlib import Path\nfrom rubriq.core.config import load_config\n"
            f"config, problems, path = load_config(Path({str(locked)!r}))\nprint(config.family.value, path)\n")
    command = [sys.executable, "-c", code]
    if os.geteuid() == 0:
        if shutil.which("setpriv") is None:
            pytest.skip("running as root without setpriv: file modes cannot be enforced")
        command = ["setpriv", "--bounding-set=-dac_override,-dac_read_search", *command]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    finally:
        locked.chmod(0o755)
    assert done.returncode == 0, done.stderr[-1500:]
    assert done.stdout.split() == ["gpt", str(tmp_path / "rubriq.toml")]
