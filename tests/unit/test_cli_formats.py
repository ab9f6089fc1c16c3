"""Output formats of `rubriq check`: SARIF 2.1.0 (schema-valid, readable by sarif-tools), JUnit XML (readable by
junitparser), GitHub workflow commands, concise lines, and a table that does not wrap when piped."""

import json
import re
import shutil
from pathlib import Path
from urllib.parse import unquote, urlparse

import jsonschema
import pytest
from junitparser import Error, Failure, JUnitXml, Skipped

from rubriq.cli import main
from rubriq.core.rules import all_rules
from rubriq.formats.github import command, escape_data, escape_property

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"
SARIF_SCHEMA = REPO / "tests" / "schemas" / "sarif-schema-2.1.0.json"
ANNOTATION = re.compile(r"^::(error|warning|notice) (?P<props>[^:]*)::(?P<message>.*)$")
CONCISE = re.compile(r"^(?P<path>.+):(?P<line>\d+):(?P<column>\d+): (?P<code>[A-Z]{2}\d{3}) (?P<message>.+)$")


@pytest.fixture(autouse=True)
def _private_cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("RUBRIQ_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))


@pytest.fixture
def project(tmp_path, monkeypatch) -> Path:
    """A repository-like folder with the bundled examples and a pair that breaks a casing constraint."""
    for example in EXAMPLES.glob("*.*"):
        if example.suffix in (".prompt", ".out"):
            shutil.copy(example, tmp_path / example.name)
    loud = tmp_path / "prompts" / "team-a"
    loud.mkdir(parents=True)
    (loud / "haiku.prompt").write_text("Write a haiku about rain. Your entire response must be in lowercase "
                                       "letters, and do not use the word \"umbrella\".", encoding="utf-8")
    (loud / "haiku.out").write_text("RAIN ON THE ROOF,\nno umbrella: 100% wet\nthe gutters sing", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["check", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _json_reports(capsys, *argv: str) -> list[dict]:
    code, out, _ = _run(capsys, *argv, "--output-format", "json")
    assert code == 0
    return json.loads(out)["reports"]


def _sarif_validator():
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    validator = jsonschema.validators.validator_for(schema)
    return validator(schema, format_checker=validator.FORMAT_CHECKER)


def test_vendored_schema_is_the_oasis_sarif_2_1_0_schema():
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    assert schema["title"] == "Static Analysis Results Format (SARIF) Version 2.1.0 JSON Schema"
    assert schema["properties"]["version"]["enum"] == ["2.1.0"]
    assert list(_sarif_validator().iter_errors({"version": "2.1.0", "runs": [{"tool": {}}]}))  # it does reject


def test_sarif_is_valid_and_locates_each_finding_in_its_file(capsys, project, tmp_path):
    code, out, _ = _run(capsys, ".", "--output-format", "sarif", "--no-models")
    assert code == 0
    log = json.loads(out)
    errors = [f"{list(e.path)}: {e.message}" for e in _sarif_validator().iter_errors(log)]
    assert errors == []
    run = log["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == [r.code for r in all_rules()]
    reports = _json_reports(capsys, ".", "--no-models")
    expected = [(r["output_path"] if f["where"] == "output" else r["prompt_path"], f) for r in reports
                for f in r["findings"]]
    assert len(run["results"]) == len(expected) > 5
    for result, (path, finding) in zip(run["results"], expected, strict=True):
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"] == finding["code"]
        location = result["locations"][0]["physicalLocation"]
        assert location["artifactLocation"] == {"uri": Path(path).as_posix(), "uriBaseId": "%SRCROOT%"}
        assert location["region"]["startLine"] == finding["line"]
        assert location["region"]["startColumn"] == finding["column"]
        assert (location["region"]["endLine"], location["region"]["endColumn"]) == (finding["end_line"],
                                                                                    finding["end_column"])
        assert result["message"]["text"] == finding["message"]
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == project.as_uri() + "/"
    assert [p["profile"] for p in run["properties"]["profiles"]] == [r["profile"] for r in reports]


def test_sarif_rules_carry_help_text_and_a_help_uri_that_resolves(capsys, project):
    log = json.loads(_run(capsys, ".", "--output-format", "sarif", "--no-models")[1])
    for rule, descriptor in zip(all_rules(), log["runs"][0]["tool"]["driver"]["rules"], strict=True):
        assert descriptor["help"]["markdown"] == rule.markdown() and descriptor["shortDescription"]["text"]
        uri = urlparse(descriptor["helpUri"])
        assert uri.scheme == "file"
        page = Path(unquote(uri.path))
        assert page.is_file() and page.read_text(encoding="utf-8") == rule.markdown()


def test_sarif_help_uri_follows_a_configured_docs_site(capsys, project):
    (project / "rubriq.toml").write_text('rules_base_url = "https://docs.example.org/rubriq/rules/"\n',
                                         encoding="utf-8")
    log = json.loads(_run(capsys, ".", "--output-format", "sarif", "--no-models")[1])
    uris = [r["helpUri"] for r in log["runs"][0]["tool"]["driver"]["rules"]]
    assert uris[0] == f"https://docs.example.org/rubriq/rules/{all_rules()[0].code}"


def test_sarif_lists_files_that_were_not_checked(capsys, project):
    (project / "lonely.out").write_text("hi", encoding="utf-8")
    (project / "broken.prompt").write_text("Say hi.", encoding="utf-8")
    (project / "broken.out").write_bytes(b"\x00\x01")
    code, out, err = _run(capsys, ".", "--output-format", "sarif", "--no-models")
    log = json.loads(out)
    assert code == 0 and list(_sarif_validator().iter_errors(log)) == []
    notes = log["runs"][0]["invocations"][0]["toolExecutionNotifications"]
    by_uri = {n["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]: n for n in notes}
    assert by_uri["lonely.out"]["level"] == "note" and by_uri["broken.out"]["level"] == "warning"
    assert "binary" in by_uri["broken.out"]["message"]["text"] and "broken.out" in err


def test_sarif_is_read_by_sarif_tools(capsys, project, tmp_path):
    from sarif import loader

    out = _run(capsys, ".", "--output-format", "sarif", "--no-models")[1]
    path = tmp_path / "rubriq.sarif"
    path.write_text(out, encoding="utf-8")
    sarif_file = loader.load_sarif_file(str(path))
    records = sarif_file.get_records()
    assert sarif_file.get_distinct_tool_names() == ["Rubriq"]
    assert sarif_file.get_result_count() == len(json.loads(out)["runs"][0]["results"]) == len(records)
    haiku = [r for r in records if r["Location"] == "prompts/team-a/haiku.out"]
    assert haiku and {r["Severity"] for r in records} <= {"error", "warning", "note"}


@pytest.mark.models
def test_sarif_with_models_points_from_an_unsupported_sentence_to_its_closest_source_sentence(capsys, project):
    log = json.loads(_run(capsys, "release-notes.prompt", "--output-format", "sarif")[1])
    assert list(_sarif_validator().iter_errors(log)) == []
    prompt_text = (project / "release-notes.prompt").read_text(encoding="utf-8")
    report = _json_reports(capsys, "release-notes.prompt")[0]  # answered from the cache
    unsupported = [(r, f) for r, f in zip(log["runs"][0]["results"], report["findings"], strict=True)
                   if "source_start" in f["data"]]
    assert unsupported, "the example has sentences its source does not support"
    lines = prompt_text.split("\n")
    for result, finding in unsupported:
        related = result["relatedLocations"][0]["physicalLocation"]
        assert related["artifactLocation"]["uri"] == "release-notes.prompt"
        region = related["region"]
        start = sum(len(line) + 1 for line in lines[: region["startLine"] - 1]) + region["startColumn"] - 1
        assert prompt_text[start:].startswith(finding["data"]["best_source"].strip()[:40])
        assert region["snippet"]["text"] == prompt_text[finding["data"]["source_start"]:
                                                         finding["data"]["source_end"]].strip()


def test_junit_has_one_case_per_pair_and_parameter_and_fails_on_gated_findings(capsys, project, tmp_path):
    reports = _json_reports(capsys, ".", "--no-models")
    code, out, _ = _run(capsys, ".", "--output-format", "junit", "--no-models", "--fail-on", "warning")
    assert code == 1
    path = tmp_path / "junit.xml"
    path.write_text(out, encoding="utf-8")
    xml = JUnitXml.fromfile(str(path))
    suites = list(xml)
    assert [s.name for s in suites] == [r["output_path"] for r in reports]
    for suite, report in zip(suites, reports, strict=True):
        cases = list(suite)
        assert [c.name for c in cases] == [p["name"] for p in report["profile"]["parameters"]]
        for case, parameter in zip(cases, report["profile"]["parameters"], strict=True):
            gated = [f for f in report["findings"] if f["where"] == "output" and f["parameter"] == parameter["name"]
                     and f["severity"] in ("warning", "error")]
            failures = [r for r in case.result if isinstance(r, Failure)]
            assert bool(failures) == bool(gated), (suite.name, case.name)
            if gated:
                assert all(f["code"] in failures[0].text for f in gated)
            elif parameter["status"] != "ok":
                assert isinstance(case.result[0], Skipped) and parameter["reason"] in case.result[0].message
    haiku = next(s for s in suites if s.name == "prompts/team-a/haiku.out")
    assert haiku.failures >= 1 and xml.failures == sum(s.failures for s in suites)
    # without --fail-on nothing fails, and the findings are still listed
    code, out, _ = _run(capsys, ".", "--output-format", "junit", "--no-models")
    path.write_text(out, encoding="utf-8")
    assert code == 0 and JUnitXml.fromfile(str(path)).failures == 0 and "IF0" in out


def test_junit_fail_under_adds_a_weighted_view_case_and_unreadable_pairs_are_errors(capsys, project, tmp_path):
    (project / "broken.prompt").write_text("Say hi.", encoding="utf-8")
    (project / "broken.out").write_bytes(b"\x00\x01")
    code, out, _ = _run(capsys, ".", "--output-format", "junit", "--no-models", "--fail-under", "0.99")
    path = tmp_path / "junit.xml"
    path.write_text(out, encoding="utf-8")
    suites = {s.name: s for s in JUnitXml.fromfile(str(path))}
    weighted = next(c for c in suites["prompts/team-a/haiku.out"] if c.name == "weighted_view")
    assert code == 1 and isinstance(weighted.result[0], Failure) and "0.99" in weighted.result[0].message
    broken = list(suites["broken.out"])
    assert len(broken) == 1 and isinstance(broken[0].result[0], Error) and "binary" in broken[0].result[0].message


def _unescape(text: str) -> str:
    return text.replace("%0D", "\r").replace("%0A", "\n").replace("%3A", ":").replace("%2C", ",").replace("%25", "%")


def test_github_commands_escape_what_the_actions_runner_would_split_on():
    assert escape_data("50% done\r\nnext: a, b") == "50%25 done%0D%0Anext: a, b"
    assert escape_property("a,b:c%\n") == "a%2Cb%3Ac%25%0A"
    line = command("warning", "limit: 3, got 4\nsee above", file="dir,x/a:b.out", line=2, col=5, title="IF001")
    assert line == "::warning file=dir%2Cx/a%3Ab.out,line=2,col=5,title=IF001::limit: 3, got 4%0Asee above"


def test_github_annotations_carry_every_finding_with_its_position(capsys, project):
    reports = _json_reports(capsys, ".", "--no-models")
    code, out, _ = _run(capsys, ".", "--output-format", "github", "--no-models")
    assert code == 0
    annotations = [ANNOTATION.match(line) for line in out.splitlines() if line.startswith("::")]
    assert all(annotations)
    parsed = []
    for match in annotations:
        props = dict(item.split("=", 1) for item in match["props"].split(","))
        parsed.append(({k: _unescape(v) for k, v in props.items()}, _unescape(match["message"]), match[1]))
    expected = [(r, f) for r in reports for f in r["findings"]]
    assert len(parsed) == len(expected)
    levels = {"error": "error", "warning": "warning", "information": "notice", "hint": "notice"}
    for (props, message, level), (report, finding) in zip(parsed, expected, strict=True):
        path = report["output_path"] if finding["where"] == "output" else report["prompt_path"]
        assert props == {"file": path, "line": str(finding["line"]), "col": str(finding["column"]),
                         "endLine": str(finding["end_line"]), "endColumn": str(finding["end_column"]),
                         "title": finding["code"]}
        assert message == finding["message"] and level == levels[finding["severity"]]
    assert "prompts/team-a/haiku.out: creative_writing, weighted view" in out


def test_concise_prints_one_line_per_finding_like_ruff(capsys, project):
    reports = _json_reports(capsys, ".", "--no-models")
    code, out, _ = _run(capsys, ".", "--output-format", "concise", "--no-models")
    lines = out.splitlines()
    total = sum(len(r["findings"]) for r in reports)
    assert code == 0 and lines[-1] == f"Found {total} findings in {len(reports)} pairs."
    rows = [CONCISE.match(line) for line in lines[:-1]]
    assert all(rows) and len(rows) == total
    expected = sorted(
        ((r["output_path"] if f["where"] == "output" else r["prompt_path"]), f["line"], f["column"], f["code"])
        for r in reports for f in r["findings"])
    assert sorted((m["path"], int(m["line"]), int(m["column"]), m["code"]) for m in rows) == expected
    assert _run(capsys, ".", "--output-format", "concise", "--no-models", "--quiet")[1] == "\n".join(lines[:-1]) + "\n"


def test_format_is_still_accepted_as_the_short_name(capsys, project):
    assert _run(capsys, ".", "--format", "concise", "--no-models")[1] == _run(
        capsys, ".", "--output-format", "concise", "--no-models")[1]


def test_piped_table_keeps_each_row_on_one_line(capsys, project, monkeypatch):
    monkeypatch.delenv("COLUMNS", raising=False)
    code, out, _ = _run(capsys, "release-notes.prompt", "--no-models")
    rows = [line for line in out.splitlines() if line.startswith("faithfulness")]
    assert code == 0 and rows and "unavailable: model tier not run in this pass" in rows[0]
    assert all(len(line) < 400 for line in out.splitlines())  # one row a line, not padded to a huge width


@pytest.mark.parametrize("output_format", ["table", "json", "sarif", "junit", "github", "concise"])
def test_every_format_prints_the_same_bytes_when_answered_from_the_cache(capsys, project, output_format):
    first = _run(capsys, ".", "--output-format", output_format, "--no-models")
    second = _run(capsys, ".", "--output-format", output_format, "--no-models")
    fresh = _run(capsys, ".", "--output-format", output_format, "--no-models", "--no-cache")
    assert first == second == fresh
