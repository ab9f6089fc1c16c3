"""The persistent result cache: an unchanged pair is answered from disk without loading a model (torch is not even
imported), anything that could change a result misses, and models load once per run however many pairs."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rubriq.cli import main
from rubriq.core.result_cache import CACHE_DIR_ENV, default_cache_dir

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"
QUIETING_VARIABLES = ("HF_HUB_DISABLE_PROGRESS_BARS", "TRANSFORMERS_VERBOSITY", "TRANSFORMERS_NO_ADVISORY_WARNINGS")


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv(CACHE_DIR_ENV, str(folder))
    return folder


@pytest.fixture
def project(tmp_path) -> Path:
    folder = tmp_path / "project"
    folder.mkdir()
    for example in EXAMPLES.glob("*.*"):
        if example.suffix in (".prompt", ".out"):
            shutil.copy(example, folder / example.name)
    return folder


def _entries(cache: Path) -> list[Path]:
    return sorted((cache / "results").rglob("*.json")) if cache.exists() else []


def _check(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["check", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _rubriq(*argv: str, env: dict[str, str], probe: bool = False) -> subprocess.CompletedProcess:
    """`rubriq` in a fresh interpreter; with `probe`, stderr ends with which model libraries were imported."""
    code = ("import sys; from rubriq.cli import main; status = main(sys.argv[1:]); sys.stdout.flush(); "
            "print('IMPORTED', sorted(m for m in ('torch', 'transformers', 'sentence_transformers') "
            "if m in sys.modules), file=sys.stderr); sys.exit(status)") if probe else (
        "import sys; from rubriq.cli import main; sys.exit(main(sys.argv[1:]))")
    # A fresh environment as a shell gives it: without the switches an in-process run of this test session set.
    inherited = {k: v for k, v in os.environ.items() if k not in QUIETING_VARIABLES}
    return subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True, timeout=600,
                          env={**inherited, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", **env})


def _source_digest() -> str:
    done = subprocess.run([sys.executable, "-c", "from rubriq.core.result_cache import source_digest; "
                           "print(source_digest())"], capture_output=True, text=True, timeout=120, check=True)
    return done.stdout.strip()


def test_the_cache_key_is_computed_without_importing_torch(tmp_path):
    code = (
        "import sys; from pathlib import Path\n"
        "from rubriq.core.config import Config\n"
        "from rubriq.core.models.hub import LocalModelHub\n"
        "from rubriq.core.result_cache import ResultCache, cache_key, model_fingerprint\n"
        f"cache = ResultCache(Path({str(tmp_path)!r}))\n"
        "models = model_fingerprint(LocalModelHub(Config()), cache.digests)\n"
        "key = cache_key('Summarize this.', 'A summary.', Config(), {0, 1, 2}, models)\n"
        "print(len(key), [k for k, i, d in models.kinds if len(d) == 64], models.cacheable)\n"
        "print(any(m in sys.modules for m in ('torch', 'transformers', 'sentence_transformers')))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "HF_HUB_OFFLINE": "1"})
    assert done.returncode == 0, done.stderr
    digest_line, imported = done.stdout.splitlines()
    assert digest_line == "64 ['embedding', 'nli'] True" and imported == "False"


@pytest.mark.models
def test_an_unchanged_pair_is_answered_from_disk_without_loading_a_model(project, tmp_path):
    env = {CACHE_DIR_ENV: str(tmp_path / "cache")}
    source_before = _source_digest()
    cold = _rubriq("check", str(project), "--output-format", "json", env=env)
    assert cold.returncode == 0 and cold.stderr == ""  # quiet by default: no "Loading weights" bars, no warnings
    models = {kind for report in json.loads(cold.stdout)["reports"] for kind in report["models"]}
    assert models == {"embedding", "nli"}, "the examples use both kinds of model"
    warm = _rubriq("check", str(project), "--output-format", "json", env=env, probe=True)
    if _source_digest() != source_before:
        pytest.skip("Rubriq's own files changed while the test ran, so the cache rightly missed")
    assert warm.returncode == 0 and warm.stdout == cold.stdout
    assert warm.stderr.strip() == "IMPORTED []"
    # -v: models load once for all three pairs, and the libraries' own output is let through
    verbose = _rubriq("check", str(project), "--output-format", "json", "--no-cache", "-v", env=env)
    assert verbose.stdout == cold.stdout
    assert verbose.stderr.count("embedding model loaded") == 1 and verbose.stderr.count("nli model loaded") == 1
    assert "Loading weights" in verbose.stderr


def test_anything_that_can_change_a_result_misses(capsys, cache, project):
    assert _check(capsys, str(project), "--no-models", "--output-format", "json")[0] == 0
    assert len(_entries(cache)) == 3
    _check(capsys, str(project), "--no-models", "--output-format", "json")
    assert len(_entries(cache)) == 3, "nothing changed: answered from the cache"
    (project / "release-notes.out").write_text("A new answer.", encoding="utf-8")
    _check(capsys, str(project), "--no-models", "--output-format", "json")
    assert len(_entries(cache)) == 4
    (project / "rubriq.toml").write_text('ignore = ["RS001"]\n', encoding="utf-8")
    _check(capsys, str(project), "--no-models", "--output-format", "json")
    assert len(_entries(cache)) == 7, "a new configuration applies to every pair"
    _check(capsys, str(project), "--output-format", "json", "--repairs", "--no-models")
    assert len(_entries(cache)) == 7, "repairs are derived from the cached result"


def test_repairs_from_a_cached_result_equal_the_computed_ones(capsys, cache, project):
    argv = (str(project / "release-notes.prompt"), "--no-models", "--output-format", "json", "--repairs")
    computed = _check(capsys, *argv)
    cached = _check(capsys, *argv)
    assert computed == cached and json.loads(cached[1])["reports"][0]["repairs"]


def test_no_cache_checks_again_and_stores_nothing(capsys, cache, project):
    code, out, _ = _check(capsys, str(project), "--no-models", "--output-format", "json", "--no-cache")
    assert code == 0 and json.loads(out)["reports"] and not cache.exists()


def test_cache_dir_option_chooses_the_folder(capsys, cache, project, tmp_path):
    chosen = tmp_path / "chosen"
    _check(capsys, str(project), "--no-models", "--cache-dir", str(chosen), "--output-format", "json")
    assert len(_entries(chosen)) == 3 and not cache.exists()


def test_default_location_is_the_users_cache_folder_not_the_repository(capsys, project, tmp_path, monkeypatch):
    monkeypatch.delenv(CACHE_DIR_ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    if sys.platform in ("win32", "darwin"):
        pytest.skip("the XDG location applies to Linux and other Unix systems")
    assert default_cache_dir() == tmp_path / "xdg" / "rubriq"
    before = sorted(project.rglob("*"))
    monkeypatch.chdir(project)
    assert _check(capsys, ".", "--no-models", "--output-format", "json")[0] == 0
    assert sorted(project.rglob("*")) == before and len(_entries(tmp_path / "xdg" / "rubriq")) == 3


def test_an_unwritable_cache_costs_only_speed(capsys, project, tmp_path):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("x", encoding="utf-8")
    code, out, _ = _check(capsys, str(project), "--no-models", "--cache-dir", str(blocked), "--output-format",
                            "json")
    assert code == 0 and len(json.loads(out)["reports"]) == 3


def test_a_damaged_entry_is_a_miss_not_an_error(capsys, cache, project):
    first = _check(capsys, str(project), "--no-models", "--output-format", "json")
    for entry in _entries(cache):
        entry.write_text("{not json", encoding="utf-8")
    assert _check(capsys, str(project), "--no-models", "--output-format", "json") == first
    assert all(json.loads(e.read_text(encoding="utf-8"))["key"] == e.stem for e in _entries(cache))


def test_entries_unused_for_a_month_are_pruned_and_used_ones_kept(capsys, cache, project):
    import time

    from rubriq.core.result_cache import PRUNE_MARKER, ResultCache

    _check(capsys, str(project), "--no-models", "--output-format", "json")
    entries = _entries(cache)
    old = time.time() - 40 * 86_400
    for entry in entries:
        os.utime(entry, (old, old))
    (cache / PRUNE_MARKER).unlink()
    (project / "python-helper.out").write_text("def f():\n    return 1\n", encoding="utf-8")
    _check(capsys, str(project), "--no-models", "--output-format", "json")  # two hits refresh, one miss adds
    assert len(_entries(cache)) == 3 and (cache / PRUNE_MARKER).is_file()
    assert ResultCache(cache).prune() == 0, "at most one scan a day"
