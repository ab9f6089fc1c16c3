"""The CI examples of docs/ci.md and the pre-commit hook, run as written: the commands are read from the document
(so the document and the tests cannot drift) and run in a repository made for the test."""

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
import yaml
from junitparser import Failure, JUnitXml

REPO = Path(__file__).resolve().parents[2]
DOC = REPO / "docs" / "ci.md"
EXAMPLES = REPO / "examples"
SARIF_SCHEMA = REPO / "tests" / "schemas" / "sarif-schema-2.1.0.json"
BIN = Path(sys.executable).parent
pytestmark = [pytest.mark.models,
              pytest.mark.skipif(shutil.which("git") is None, reason="the examples run in a git repository")]


def _yaml_blocks() -> dict[str, object]:
    """The document's YAML examples, by the file they are written to (the line before each block names it)."""
    text = DOC.read_text(encoding="utf-8")
    blocks = {}
    for name, body in re.findall(r"`([^`\n]+\.ya?ml)`:\n\n```yaml\n(.*?)\n```", text, re.DOTALL):
        blocks[name] = yaml.safe_load(body)
    return blocks


def _git(folder: Path, *argv: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.org",
           "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.org"}
    return subprocess.run(["git", "-C", str(folder), *argv], capture_output=True, text=True, env=env, timeout=600)


@pytest.fixture(scope="module")
def workspace(tmp_path_factory) -> dict[str, Path]:
    """A project (the bundled examples and a pair that breaks a constraint, in a git work tree) and a home."""
    root = tmp_path_factory.mktemp("ci")
    project = root / "project"
    project.mkdir()
    for example in EXAMPLES.glob("*.*"):
        if example.suffix in (".prompt", ".out"):
            shutil.copy(example, project / example.name)
    team = project / "prompts" / "team-a"
    team.mkdir(parents=True)
    (team / "haiku.prompt").write_text("Write a haiku about rain. Your entire response must be in lowercase "
                                       "letters.", encoding="utf-8")
    (team / "haiku.out").write_text("RAIN ON THE ROOF\nthe gutters sing all night\npuddles hold the sky",
                                    encoding="utf-8")
    assert _git(project, "init", "-q").returncode == 0
    return {"root": root, "project": project, "cache": root / "xdg-cache"}


def _shell(command: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    """A step as the CI runner runs it: bash, stop at the first failing command."""
    full_env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}", **env}
    return subprocess.run(["bash", "-eo", "pipefail", "-c", command], cwd=cwd, env=full_env, capture_output=True,
                          text=True, timeout=900)


def _without_install(env: dict[str, object]) -> dict[str, str]:
    return {k: str(v) for k, v in env.items() if k != "RUBRIQ_PIP"}


def test_github_workflow_commands_produce_valid_sarif_and_annotations(workspace):
    workflow = _yaml_blocks()[".github/workflows/rubriq.yml"]
    job = workflow["jobs"]["rubriq"]
    steps = job["steps"]
    runs = [step["run"] for step in steps if "run" in step and step["run"].lstrip().startswith("rubriq ")]
    assert len(runs) == 2, "a SARIF step and an annotations step"
    upload = next(step for step in steps if step.get("uses", "").startswith("github/codeql-action/upload-sarif"))
    env = {**_without_install(job.get("env", {})), "XDG_CACHE_HOME": str(workspace["cache"])}
    env["RUBRIQ_CACHE_DIR"] = ""  # the runner sets none: the default location (under XDG_CACHE_HOME) applies

    sarif_step = _shell(runs[0], workspace["project"], env)
    assert sarif_step.returncode == 0, sarif_step.stderr
    sarif_path = workspace["project"] / upload["with"]["sarif_file"]
    log = json.loads(sarif_path.read_text(encoding="utf-8"))
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    assert list(jsonschema.Draft4Validator(schema).iter_errors(log)) == []
    results = log["runs"][0]["results"]
    assert any(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "prompts/team-a/haiku.out"
               for r in results)
    assert (workspace["cache"] / "rubriq" / "results").is_dir(), "the cache went to the user's cache folder"

    gate = _shell(runs[1], workspace["project"], env)
    annotations = [line for line in gate.stdout.splitlines() if line.startswith("::")]
    gated = [r for r in results if r["level"] in ("error", "warning")
             and r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].endswith(".out")]
    assert gate.returncode == (1 if gated else 0), gate.stderr
    assert len(annotations) == len(results)
    assert "::warning file=prompts/team-a/haiku.out,line=1,col=1" in gate.stdout


def test_gitlab_job_writes_a_junit_report_with_failures_for_gated_findings(workspace):
    job = _yaml_blocks()[".gitlab-ci.yml"]["rubriq"]
    project = workspace["project"]
    env = _without_install(job["variables"])
    env = {k: v.replace("$CI_PROJECT_DIR", str(project)) for k, v in env.items()}
    done = [_shell(line, project, {**env, "CI_PROJECT_DIR": str(project)}) for line in job["script"]]
    assert [d.returncode for d in done] == [1], done[-1].stderr  # the gate fails on the haiku's casing
    report = project / job["artifacts"]["reports"]["junit"]
    xml = JUnitXml.fromfile(str(report))
    haiku = next(suite for suite in xml if suite.name == "prompts/team-a/haiku.out")
    failed = [case for case in haiku if any(isinstance(r, Failure) for r in case.result)]
    assert [case.name for case in failed] == ["instruction_following"]
    cached = Path(env["RUBRIQ_CACHE_DIR"])
    assert any(cached.joinpath("results").rglob("*.json")), "the cache is where the job keeps it between runs"
    report.unlink()


def test_pre_commit_hook_checks_staged_pairs_in_a_new_repository(workspace):
    pytest.importorskip("pre_commit")
    config = _yaml_blocks()[".pre-commit-config.yaml"]
    head = _git(REPO, "rev-parse", "HEAD").stdout.strip()
    hooks_committed = _git(REPO, "cat-file", "-e", f"{head}:.pre-commit-hooks.yaml").returncode == 0
    if not hooks_committed:
        pytest.skip(".pre-commit-hooks.yaml is not committed yet: pre-commit reads hooks from a commit")
    repo = workspace["root"] / "precommit-repo"
    repo.mkdir()
    assert _git(repo, "init", "-q").returncode == 0
    config["repos"][0]["repo"] = str(REPO)  # the document's URL, here the clone the test runs from
    config["repos"][0]["rev"] = head
    (repo / ".pre-commit-config.yaml").write_text(yaml.safe_dump(config), encoding="utf-8")
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
           "PRE_COMMIT_HOME": str(workspace["root"] / "pre-commit-home"),
           "RUBRIQ_CACHE_DIR": str(workspace["root"] / "hook-cache"), "HF_HUB_OFFLINE": "1",
           "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.org", "GIT_COMMITTER_NAME": "Test",
           "GIT_COMMITTER_EMAIL": "test@example.org"}
    installed = subprocess.run([sys.executable, "-m", "pre_commit", "install"], cwd=repo, env=env,
                               capture_output=True, text=True, timeout=300)
    assert installed.returncode == 0, installed.stdout + installed.stderr

    def commit(*files: str) -> subprocess.CompletedProcess:
        subprocess.run(["git", "add", *files], cwd=repo, env=env, check=True, timeout=60)
        return subprocess.run(["git", "commit", "-q", "-m", "change"], cwd=repo, env=env, capture_output=True,
                              text=True, timeout=900)

    for name in ("python-helper.prompt", "python-helper.out"):
        shutil.copy(EXAMPLES / name, repo / name)
    clean = commit(".pre-commit-config.yaml", "python-helper.prompt", "python-helper.out")
    assert clean.returncode == 0, clean.stdout + clean.stderr

    for name in ("haiku.prompt", "haiku.out"):
        shutil.copy(workspace["project"] / "prompts" / "team-a" / name, repo / name)
    blocked = commit("haiku.prompt", "haiku.out")
    assert blocked.returncode != 0 and re.search(r"rubriq check\.+Failed", blocked.stdout + blocked.stderr)
    assert re.search(r"^haiku\.out:1:1: IF\d{3} ", blocked.stdout + blocked.stderr, re.MULTILINE)
    assert _git(repo, "log", "--format=%s").stdout.count("change") == 1, "the commit was stopped"

    (repo / "haiku.out").write_text("rain on the roof\nthe gutters sing all night\npuddles hold the sky",
                                    encoding="utf-8")
    (repo / "draft.prompt").write_text("Write a limerick about a cat.", encoding="utf-8")
    fixed = commit("haiku.prompt", "haiku.out", "draft.prompt")
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr
