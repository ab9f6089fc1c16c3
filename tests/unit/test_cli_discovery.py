"""Which pairs `rubriq check` finds: recursive folders, .gitignore with git's semantics, exclude patterns, bad
entries listed with their reason while every good pair is still checked."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rubriq.cli import main
from rubriq.core.discovery import discover_files, discover_pairs

PAIR = ("Write a haiku about rain.", "Rain on the roof.")


@pytest.fixture(autouse=True)
def _private_cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("RUBRIQ_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))


def _pair(folder: Path, name: str = "p", prompt: str = PAIR[0], out: str = PAIR[1]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.prompt").write_text(prompt, encoding="utf-8")
    (folder / f"{name}.out").write_text(out, encoding="utf-8")
    return folder / f"{name}.prompt"


def _outputs(root: Path, *args: str, **kwargs) -> list[str]:
    pairs, _ = discover_pairs([root], *args, **kwargs)
    return [p.output.relative_to(root).as_posix() for p in pairs]


def _check_json(capsys, *argv: str) -> tuple[int, dict, str]:
    code = main(["check", *argv, "--output-format", "json", "--no-models"])
    captured = capsys.readouterr()
    return code, json.loads(captured.out) if captured.out else {}, captured.err


def test_folders_are_searched_recursively_in_sorted_order(tmp_path):
    for folder in ("prompts/team-b", "prompts/team-a/deep", "."):
        _pair(tmp_path / folder)
    assert _outputs(tmp_path) == ["p.out", "prompts/team-a/deep/p.out", "prompts/team-b/p.out"]


def test_check_on_a_folder_reports_pairs_in_subfolders(capsys, tmp_path):
    _pair(tmp_path / "prompts" / "team-a")
    _pair(tmp_path / "prompts" / "team-b", "q")
    code, document, _ = _check_json(capsys, str(tmp_path))
    assert code == 0
    assert [Path(r["output_path"]).relative_to(tmp_path).as_posix() for r in document["reports"]] == [
        "prompts/team-a/p.out", "prompts/team-b/q.out"]


def test_gitignore_patterns_directories_and_negation_follow_git(tmp_path):
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    (tmp_path / ".gitignore").write_text("# generated\n*.tmp.out\n*.tmp.prompt\nbuild/\n/top-only/\nlogs/*\n"
                                         "!logs/keep/\n", encoding="utf-8")
    for folder in ("build", "src/build", "top-only", "src/top-only", "logs/drop", "logs/keep", "ok"):
        _pair(tmp_path / folder)
    _pair(tmp_path / "ok", "scratch.tmp")
    nested = tmp_path / "nested"
    _pair(nested, "a")
    _pair(nested, "b")
    (nested / ".gitignore").write_text("a.*\n", encoding="utf-8")
    (tmp_path / "ok" / ".gitignore").write_text("!scratch.tmp.*\n", encoding="utf-8")  # a deeper file re-includes
    assert _outputs(tmp_path) == ["logs/keep/p.out", "nested/b.out", "ok/p.out", "ok/scratch.tmp.out",
                                  "src/top-only/p.out"]
    # git agrees on every path it is asked about
    listed = subprocess.run(["git", "-C", str(tmp_path), "ls-files", "--others", "--exclude-standard", "*.out"],
                            capture_output=True, text=True, check=True).stdout.split()
    assert sorted(listed) == _outputs(tmp_path)


def test_a_gitignore_above_the_checked_folder_applies_inside_a_work_tree(tmp_path):
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    (tmp_path / ".gitignore").write_text("prompts/drafts/\n", encoding="utf-8")
    _pair(tmp_path / "prompts" / "drafts")
    _pair(tmp_path / "prompts" / "final")
    pairs, _ = discover_pairs([tmp_path / "prompts"])
    assert [p.output.parent.name for p in pairs] == ["final"]


def test_a_file_inside_an_ignored_folder_cannot_be_re_included(tmp_path):
    (tmp_path / ".gitignore").write_text("drafts/\n!drafts/keep.out\n", encoding="utf-8")
    _pair(tmp_path / "drafts", "keep")
    assert _outputs(tmp_path) == []


def test_tool_folders_are_never_entered(tmp_path):
    for folder in (".git/x", ".venv/lib", "node_modules/pkg", "real"):
        _pair(tmp_path / folder)
    assert _outputs(tmp_path) == ["real/p.out"]


def test_exclude_globs_match_names_anywhere_or_paths_from_the_working_directory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for folder in ("prompts/drafts", "prompts/final", "legacy/a/b", "other/drafts"):
        _pair(tmp_path / folder)
    _pair(tmp_path / "prompts/final", "wip")
    root = Path(".")
    assert _outputs(root, ["drafts"]) == ["legacy/a/b/p.out", "prompts/final/p.out", "prompts/final/wip.out"]
    assert _outputs(root, ["prompts/drafts/", "legacy/**/p.out", "wip.*"]) == ["other/drafts/p.out",
                                                                               "prompts/final/p.out"]


def test_extend_exclude_in_rubriq_toml_is_anchored_at_its_folder(capsys, tmp_path):
    (tmp_path / "rubriq.toml").write_text('extend-exclude = ["fixtures/", "*.draft.out"]\n', encoding="utf-8")
    _pair(tmp_path / "fixtures")
    _pair(tmp_path / "real")
    _pair(tmp_path / "real", "x.draft")
    code, document, err = _check_json(capsys, str(tmp_path))
    assert code == 0 and "unknown setting" not in err
    assert [Path(r["output_path"]).relative_to(tmp_path).as_posix() for r in document["reports"]] == ["real/p.out"]
    assert document["reports"][0]["config_problems"] == []


def test_named_files_are_checked_even_when_excluded_unless_forced(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _pair(tmp_path / "drafts")
    named = [Path("drafts/p.prompt")]
    assert [p.output.as_posix() for p in discover_pairs(named, ["drafts"])[0]] == ["drafts/p.out"]
    assert discover_pairs(named, ["drafts"], force_exclude=True)[0] == []


def test_files_named_one_by_one_make_each_pair_once(capsys, tmp_path):
    _pair(tmp_path, "a")
    _pair(tmp_path, "b")
    (tmp_path / "lonely.prompt").write_text("Say hi.", encoding="utf-8")
    files = [str(tmp_path / n) for n in ("a.out", "a.prompt", "b.out", "lonely.prompt")]
    code, document, _ = _check_json(capsys, *files)
    assert code == 0 and [Path(r["output_path"]).name for r in document["reports"]] == ["a.out", "b.out"]
    assert document["skipped"] == [{"path": str(tmp_path / "lonely.prompt"), "reason": "no lonely.out beside it"}]


def test_only_unpaired_files_exit_2_unless_allowed(capsys, tmp_path):
    (tmp_path / "new.prompt").write_text("Say hi.", encoding="utf-8")
    code, _, err = _check_json(capsys, str(tmp_path / "new.prompt"))
    assert code == 2 and "no new.out beside it" in err and err.count("\n") == 1
    code, document, _ = _check_json(capsys, str(tmp_path / "new.prompt"), "--allow-no-pairs")
    assert code == 0 and document["reports"] == [] and document["skipped"][0]["reason"] == "no new.out beside it"


def test_folder_mode_reports_every_good_pair_and_lists_unreadable_ones(capsys, tmp_path):
    _pair(tmp_path, "good")
    _pair(tmp_path, "binary")
    (tmp_path / "binary.out").write_bytes(b"\x00\xff\x00binary")
    _pair(tmp_path, "latin")
    (tmp_path / "latin.prompt").write_bytes("Résumé please".encode("latin-1"))
    code, document, err = _check_json(capsys, str(tmp_path))
    assert code == 0
    assert [Path(r["output_path"]).name for r in document["reports"]] == ["good.out"]
    reasons = {Path(s["path"]).name: s["reason"] for s in document["skipped"]}
    assert "binary file" in reasons["binary.out"] and "not valid UTF-8" in reasons["latin.prompt"]
    assert "not checked" in err and "binary.out" in err


def test_folder_where_nothing_can_be_read_exits_2(capsys, tmp_path):
    _pair(tmp_path, "a")
    _pair(tmp_path, "b")
    for name in ("a.out", "b.out"):
        (tmp_path / name).write_bytes(b"\x00\x00")
    code, _, err = _check_json(capsys, str(tmp_path))
    assert code == 2 and "none of the 2 pairs could be checked" in err and err.count("not checked") == 2


@pytest.mark.skipif(os.geteuid() == 0 if hasattr(os, "geteuid") else True,
                    reason="permission bits do not stop root from reading")
def test_unreadable_subfolder_is_listed_with_permission_denied(tmp_path):  # pragma: no cover - needs non-root
    _pair(tmp_path / "ok")
    locked = tmp_path / "locked"
    _pair(locked)
    locked.chmod(0)
    try:
        pairs, skipped = discover_pairs([tmp_path])
    finally:
        locked.chmod(0o755)
    assert [p.output.parent.name for p in pairs] == ["ok"]
    assert skipped[0].path == locked and "permission denied" in skipped[0].reason


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_named_like_an_output_is_skipped_without_blocking(tmp_path):
    _pair(tmp_path, "good")
    (tmp_path / "pipe.prompt").write_text("Say hi.", encoding="utf-8")
    os.mkfifo(tmp_path / "pipe.out")
    pairs, skipped = discover_pairs([tmp_path])
    assert [p.output.name for p in pairs] == ["good.out"]
    assert {(s.path.name, s.reason) for s in skipped} == {("pipe.out", "not a regular file"),
                                                          ("pipe.prompt", "no pipe.out beside it")}


def test_suite_discovery_finds_case_files_with_the_same_rules(tmp_path):
    (tmp_path / ".gitignore").write_text("old/\n", encoding="utf-8")
    for name in ("a.sqb.yaml", "sub/b.sqb.yaml", "old/c.sqb.yaml", "notes.yaml"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("task: summarization\n", encoding="utf-8")
    files, _ = discover_files(tmp_path, (".sqb.yaml",))
    assert [f.relative_to(tmp_path).as_posix() for f in files] == ["a.sqb.yaml", "sub/b.sqb.yaml"]


def test_a_symlinked_folder_is_not_followed(tmp_path):
    _pair(tmp_path / "real")
    (tmp_path / "loop").symlink_to(tmp_path, target_is_directory=True)
    assert _outputs(tmp_path) == ["real/p.out"]


def test_discovery_imports_no_model_library():
    code = ("import sys; from pathlib import Path; from rubriq.core.discovery import discover_pairs; "
            "discover_pairs([Path('.')]); print(any(m in sys.modules for m in ('torch', 'transformers')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          cwd=Path(__file__).resolve().parents[2] / "examples")
    assert done.stdout.strip() == "False", done.stderr


def test_sqb_suites_leave_out_what_gitignore_ignores(tmp_path):
    from rubriq.core.sqb.case import CaseError, load_suite

    suite = tmp_path / "suite"
    shutil.copytree(Path(__file__).resolve().parents[2] / "examples" / "sqb", suite)
    (suite / "scratch").mkdir()
    (suite / "scratch" / "half-written.sqb.yaml").write_text("task: [\n", encoding="utf-8")
    with pytest.raises(CaseError, match="half-written"):
        load_suite(suite)
    (suite / ".gitignore").write_text("scratch/\n", encoding="utf-8")
    assert [case.name for case in load_suite(suite)]
