"""The `rubriq` command line: reports, CI gates and every error path (exit 2 with a one-line reason)."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rubriq.cli import main

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(autouse=True)
def _private_cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("RUBRIQ_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _pair(folder: Path, prompt: str = "Write a haiku about rain.", out: str = "Rain on the roof.") -> Path:
    (folder / "p.prompt").write_text(prompt, encoding="utf-8")
    (folder / "p.out").write_text(out, encoding="utf-8")
    return folder / "p.prompt"


def test_json_report_has_the_profile_task_and_findings_with_line_and_column(capsys, tmp_path):
    prompt = _pair(tmp_path, "---\nmodle: x\n---\nWrite a haiku about rain.")
    code, out, _ = _run(capsys, "check", str(prompt), "--format", "json", "--no-models")
    assert code == 0
    document = json.loads(out)
    assert document["schema_version"] == 1 and document["skipped"] == []
    report = document["reports"][0]
    assert report["profile"]["task"] == "creative_writing"
    assert report["profile"]["weighted_view_label"]
    finding = next(f for f in report["findings"] if f["code"] == "FM002")
    assert (finding["where"], finding["line"], finding["column"]) == ("prompt", 2, 1)
    assert report["rubriq_version"]


def test_json_with_repairs_gives_each_repair_prompt_and_the_finding_it_answers(capsys):
    prompt = Path(__file__).resolve().parents[2] / "examples" / "release-notes.prompt"
    code, out, _ = _run(capsys, "check", str(prompt), "--format", "json", "--no-models", "--repairs")
    assert code == 0
    report = json.loads(out)["reports"][0]
    assert report["repairs"], "the example's findings have repairs"
    prompt_text = prompt.read_text(encoding="utf-8")
    for repair in report["repairs"]:
        assert report["findings"][repair["finding"]]["code"] == repair["code"]
        assert repair["family"] == report["profile"]["family"] and repair["fragment"] in repair["new_text"]
        assert repair["insert_at"] is not None or repair["replace"] is not None
        assert 0 <= (repair["insert_at"] if repair["insert_at"] is not None else repair["replace"][0]) <= len(
            prompt_text)
    code, out, _ = _run(capsys, "check", str(prompt), "--format", "json", "--no-models")
    assert "repairs" not in json.loads(out)["reports"][0]


def test_example_pair_reports_every_parameter_scored_or_unavailable_with_reason(capsys):
    code, out, _ = _run(capsys, "check", str(EXAMPLES / "release-notes.prompt"), "--format", "json", "--no-models")
    assert code == 0
    profile = json.loads(out)["reports"][0]["profile"]
    assert profile["task"] == "summarization"
    for parameter in profile["parameters"]:
        assert (parameter["status"] == "ok" and parameter["score"] is not None) or parameter["reason"]


def test_folder_checks_every_pair_and_reports_unpaired_files(capsys, tmp_path):
    _pair(tmp_path)
    (tmp_path / "lonely.out").write_text("hi", encoding="utf-8")
    code, out, _ = _run(capsys, "check", str(tmp_path), "--format", "json", "--no-models")
    document = json.loads(out)
    assert code == 0 and len(document["reports"]) == 1
    assert document["skipped"] == [{"path": str(tmp_path / "lonely.out"), "reason": "no lonely.prompt beside it"}]


def test_table_output_names_the_task_and_the_weighted_view(capsys, tmp_path):
    code, out, _ = _run(capsys, "check", str(_pair(tmp_path)), "--no-models")
    assert code == 0 and "creative_writing" in out and "weighted view" in out


def test_fail_on_gates_on_output_findings_only(capsys, tmp_path):
    prompt = _pair(tmp_path, "---\nmodle: x\n---\nSay hello to the team.", "Hello, team!")
    # FM002 is a warning on the prompt: the gate is about the output, so it passes
    assert _run(capsys, "check", str(prompt), "--fail-on", "warning", "--no-models")[0] == 0
    prompt = _pair(tmp_path, "Write a haiku about rain. Your entire response must be in lowercase letters.",
                   "RAIN ON THE ROOF.")
    code, _, err = _run(capsys, "check", str(prompt), "--fail-on", "warning", "--no-models")
    assert code == 1 and "finding(s) at warning or above" in err


def test_fail_under_exits_1_below_the_threshold(capsys, tmp_path):
    prompt = _pair(tmp_path, "Write a haiku about rain. Respond in all capital letters.", "rain falls softly")
    code, _, err = _run(capsys, "check", str(prompt), "--fail-under", "1", "--no-models")
    assert code == 1 and "gate failed" in err and "< 1.0" in err
    assert _run(capsys, "check", str(prompt), "--fail-under", "0", "--no-models")[0] == 0


@pytest.mark.parametrize(("argv", "message"), [
    (["--fail-under", "2"], "2 is outside [0, 1]"),
    (["--fail-under", "-0.1"], "-0.1 is outside [0, 1]"),
    (["--fail-under", "nan"], "nan is outside [0, 1]"),
    (["--fail-under", "high"], "expected a number between 0 and 1, got 'high'"),
    (["--fail-on", "fatal"], "invalid choice: 'fatal'"),
    (["--output-format", "xml"], "invalid choice: 'xml'"),
])
def test_out_of_range_arguments_are_refused_with_the_reason(capsys, tmp_path, argv, message):
    with pytest.raises(SystemExit) as exit_info:
        main(["check", str(_pair(tmp_path)), *argv])
    assert exit_info.value.code == 2 and message in capsys.readouterr().err


def test_sqb_judge_runs_must_be_positive(capsys, tmp_path):
    with pytest.raises(SystemExit) as exit_info:
        main(["sqb", str(tmp_path), "--judge-runs", "0"])
    assert exit_info.value.code == 2 and "0 is below 1" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        (lambda d: d / "missing.prompt", "no such file"),
        (lambda d: (d / "only.prompt").write_text("x") and d / "only.prompt", "no only.out beside it"),
        (lambda d: d, "no .prompt/.out pairs"),
    ],
)
def test_missing_inputs_exit_2_with_one_line(capsys, tmp_path, setup, message):
    code, out, err = _run(capsys, "check", str(setup(tmp_path)))
    assert code == 2 and message in err and err.count("\n") == 1 and out == ""


def test_binary_output_exits_2(capsys, tmp_path):
    prompt = _pair(tmp_path)
    (tmp_path / "p.out").write_bytes(b"\x00\xff\x00binary")
    code, _, err = _run(capsys, "check", str(prompt))
    assert code == 2 and "binary" in err


def test_non_utf8_prompt_exits_2(capsys, tmp_path):
    prompt = _pair(tmp_path)
    prompt.write_bytes("Résumé please".encode("latin-1"))
    code, _, err = _run(capsys, "check", str(prompt))
    assert code == 2 and "not valid UTF-8" in err


def test_out_option_with_a_folder_exits_2(capsys, tmp_path):
    _pair(tmp_path)
    code, _, err = _run(capsys, "check", str(tmp_path), "--out", str(tmp_path / "p.out"))
    assert code == 2 and "cannot be given" in err


def test_out_option_scores_another_output_against_the_prompt(capsys, tmp_path):
    prompt = _pair(tmp_path, "Write a haiku about rain. Your entire response must be in lowercase letters.",
                   "rain on the roof.")
    (tmp_path / "loud.out").write_text("RAIN ON THE ROOF.", encoding="utf-8")
    (tmp_path / "loud.txt").write_text("RAIN ON THE ROOF.", encoding="utf-8")
    for argv in (["--out", str(tmp_path / "loud.out")], [str(tmp_path / "loud.txt")]):
        code, out, _ = _run(capsys, "check", str(prompt), *argv, "--format", "json", "--no-models")
        report = json.loads(out)["reports"][0]
        assert code == 0 and report["output_path"] == argv[-1]
        assert any(f["where"] == "output" and f["code"].startswith("IF") for f in report["findings"])


def test_two_pair_files_with_different_names_are_two_pairs(capsys, tmp_path):
    _pair(tmp_path)
    (tmp_path / "other.out").write_text("x", encoding="utf-8")
    code, out, _ = _run(capsys, "check", str(tmp_path / "p.prompt"), str(tmp_path / "other.out"), "--format",
                          "json", "--no-models")
    document = json.loads(out)
    assert code == 0 and [r["output_path"] for r in document["reports"]] == [str(tmp_path / "p.out")]
    assert document["skipped"] == [{"path": str(tmp_path / "other.out"), "reason": "no other.prompt beside it"}]


def test_rules_lists_the_registry_and_explain_prints_a_definition(capsys):
    code, out, _ = _run(capsys, "rules")
    assert code == 0 and "FM001" in out and "front-matter-syntax" in out
    code, out, _ = _run(capsys, "explain", "fm002")
    assert code == 0 and out.startswith("# FM002") and "Source:" in out


def test_explain_unknown_code_exits_2(capsys):
    code, _, err = _run(capsys, "explain", "NOPE42")
    assert code == 2 and "unknown rule code" in err


def test_console_script_runs_the_bundled_example(tmp_path):
    rubriq = shutil.which("rubriq", path=str(Path(sys.executable).parent))
    assert rubriq, "the rubriq console script is installed beside the interpreter"
    done = subprocess.run([rubriq, "check", str(EXAMPLES / "python-helper.prompt"), "--format", "json",
                           "--no-models"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["reports"][0]["profile"]["task"] == "code_generation"


def test_a_reader_that_closes_the_pipe_early_gets_no_traceback(tmp_path):
    for index in range(60):  # more table than a pipe buffer holds, so a write meets the closed pipe
        (tmp_path / f"p{index:02d}").mkdir()
        _pair(tmp_path / f"p{index:02d}", prompt="Write a haiku about rain. Use no commas.", out="Rain, rain, rain.")
    process = subprocess.Popen([sys.executable, "-m", "rubriq", "check", str(tmp_path), "--no-models", "--no-cache",
                                "--output-format", "table"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = process.stdout.readline()
    process.stdout.close()  # as `| head -1` does
    _, err = process.communicate(timeout=300)
    assert first.startswith(str(tmp_path).encode()) and b"Traceback" not in err and err == b""
    assert process.returncode == 141
