"""Model tiers in the editor: loading with work-done progress and rubriq/status, model-tier diagnostics after
tier 0, carried over an edit elsewhere, a model that fails to load, and rubriq.runSQB. The real embedding model
is loaded once for this module (per client profile)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types

from tests.lsp.conftest import TEST_SETTINGS, Session

pytestmark = [pytest.mark.asyncio(loop_scope="module"), pytest.mark.models]

MODEL_TIMEOUT = 600.0  # loading torch and the model on a shared 2-core machine
# A one-case suite small enough for a test: two reference facts, two contenders.
SQB_CASE = """\
task: Say when the orders-api pod became ready again and whether orders were lost.
source_corpus:
  - {id: notes, text: "The pod became ready at 02:41 UTC. No orders were lost."}
reference_facts:
  - {id: F1, text: The pod became ready at 02:41 UTC., supports: [notes]}
  - {id: F2, text: No orders were lost., supports: [notes]}
outputs:
  - {name: A, file: a.md, baseline: true}
  - {name: B, file: b.md}
"""


def send_settings(session: Session, settings: dict[str, Any]) -> None:
    session.client.set_configuration(settings, section="rubriq")
    session.client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
        settings={"rubriq": settings}))


def off_topic(diagnostics: list[types.Diagnostic]) -> list[types.Diagnostic]:
    return [d for d in diagnostics if d.code == "AR001"]


async def test_rescore_loads_the_models_with_progress_and_publishes_model_tier_diagnostics(session: Session):
    _, out = session.copy("tea", "mdl_tea")
    session.open(out)
    status = await session.settled(out)
    assert off_topic(await session.current(out)) == []  # tier 0 alone cannot see topic drift
    assert status["pair"]["model_pass"] == "none"
    answer = await session.command("rubriq.rescore", out)
    assert answer == {"rescoring": ["mdl_tea"]}
    found = await session.diagnostics(out, lambda d: bool(off_topic(d)), timeout=MODEL_TIMEOUT)
    (drift,) = off_topic(found)
    assert drift.range.start == types.Position(line=4, character=0)  # the football paragraph
    status = await session.settled(out)
    assert status["pair"]["model_pass"] == "current"
    assert status["models"]["state"] == "ready" and "embedding" in status["models"]["models"]
    states = [s["models"] for s in session.statuses]
    assert "loading" in states and states.index("loading") < len(states) - 1 - states[::-1].index("ready")
    loading = [reports for reports in session.client.progress_reports.values()
               if reports and getattr(reports[0], "title", "") == "Rubriq: loading models"]
    assert loading and loading[0][0].kind == "begin" and loading[0][-1].kind == "end"


async def test_model_findings_follow_their_sentence_across_an_edit_elsewhere(session: Session):
    _, out = session.copy("tea", "mdl_carry")
    session.open(out)
    await session.command("rubriq.rescore", out)
    await session.diagnostics(out, lambda d: bool(off_topic(d)), timeout=MODEL_TIMEOUT)
    version = session.change(out, (0, 0), (0, 0), "First, ")  # model tiers are manual: only tier 0 reruns
    status = await session.settled(out, version)
    assert status["pair"]["model_pass"] == "earlier"
    (drift,) = off_topic(await session.current(out))
    assert drift.range.start == types.Position(line=4, character=0)
    assert drift.data["start"] == (Path(session.path(out)).read_text(encoding="utf-8").index("The league") + 7)


async def test_on_save_runs_the_model_tiers_when_the_file_is_saved_not_while_typing(session: Session):
    _, out = session.copy("tea", "mdl_save")
    send_settings(session, {**TEST_SETTINGS, "model_tiers": "on_save"})
    try:
        session.open(out)  # opening counts as a save: what is on disk gets the model pass
        await session.diagnostics(out, lambda d: bool(off_topic(d)), timeout=MODEL_TIMEOUT)
        version = session.change(out, (4, 0), (4, 0), "Meanwhile, ")
        status = await session.settled(out, version)
        assert status["pair"]["model_pass"] == "earlier"  # typing ran tier 0 only
        session.client.text_document_did_save(types.DidSaveTextDocumentParams(
            text_document=types.TextDocumentIdentifier(uri=out)))
        for _ in range(int(MODEL_TIMEOUT * 20)):
            status = await session.settled(out, version)
            if status["pair"]["model_pass"] == "current":
                break
        assert status["pair"]["model_pass"] == "current"
    finally:
        send_settings(session, dict(TEST_SETTINGS))


async def test_a_model_that_fails_to_load_is_shown_once_and_tier_0_keeps_serving(session: Session, tmp_path: Path):
    broken = tmp_path / "broken-model"
    broken.mkdir()
    (broken / "config.json").write_text(json.dumps({"model_type": "bert"}), encoding="utf-8")
    (broken / "model.safetensors").write_bytes(b"these are not weights")
    _, out = session.copy("story", "mdl_broken")
    before = len(session.client.messages)
    send_settings(session, {**TEST_SETTINGS, "embedding_model": str(broken), "model_tiers": "on_type"})
    try:
        session.open(out)
        await session.diagnostics(out, lambda d: len([x for x in d if x.code == "LD002"]) == 6)
        for _ in range(3):  # more edits, more model passes: the failure is still shown only once
            version = session.change(out, (2, 0), (2, 0), "x")
            await session.settled(out, version)
        status = await session.command("rubriq.status", out)
        failures = [m for m in session.client.messages[before:] if "embedding model unavailable" in m.message]
        assert len(failures) == 1, [m.message for m in session.client.messages[before:]]
        assert str(broken) in json.dumps(status["models"]) or "failed to load" in failures[0].message
        assert len([x for x in await session.current(out) if x.code == "LD002"]) == 6
    finally:
        send_settings(session, dict(TEST_SETTINGS))


async def test_run_sqb_reports_progress_and_opens_the_report_or_says_why_not(session: Session, tmp_path: Path):
    suite = tmp_path / "suite"
    suite.mkdir()
    (suite / "ready.sqb.yaml").write_text(SQB_CASE, encoding="utf-8")
    (suite / "a.md").write_text("The pod became ready.\n", encoding="utf-8")
    (suite / "b.md").write_text("The pod became ready at 02:41 UTC, and no orders were lost.\n", encoding="utf-8")
    diagnostics_before = dict(session.client.diagnostics)
    answer = await session.command("rubriq.runSQB", str(suite))
    assert set(session.client.diagnostics) == set(diagnostics_before)  # no case floods the Problems panel
    if answer["ok"]:
        report = Path(answer["reports"]["html"])
        assert report.is_file() and report.parent == suite / ".rubriq" / "sqb"
        assert answer["summary"].startswith("1 case, 1 contenders against their baseline")
        if session.profile == "vscode":  # the HTML report in the browser; Neovim 0.7 cannot show documents
            shown = session.client.shown_documents[-1]
            assert shown.uri == report.as_uri() and shown.external
        sqb = [r for r in session.client.progress_reports.values()
               if r and getattr(r[0], "title", "") == "Rubriq: Semantic Quality Benchmark"]
        if session.profile == "vscode":
            begin, *steps, end = sqb[-1]
            assert begin.cancellable and end.kind == "end" and end.message == answer["summary"]
            assert [step.message for step in steps] == ["ready: A (1 of 2)", "ready: B (2 of 2)"]
        running = [s["sqb"] if isinstance(s["sqb"], dict) else s["sqb"]._asdict()
                   for s in session.statuses if s.get("sqb")]
        assert {"case": "ready", "contender": "B", "done": 1, "total": 2} in [
            {k: v for k, v in step.items() if k != "folder"} for step in running]
        assert session.statuses[-1]["sqb"] is None  # the run is over
        shown_before = len(session.client.shown_documents)
        itself = await session.command("rubriq.runSQB", str(suite), {"open": False})  # the client opens it itself
        assert itself["ok"] and len(session.client.shown_documents) == shown_before
    else:
        assert "NLI" in answer["reason"] or "model" in answer["reason"]  # the benchmark needs the NLI model


async def test_after_the_model_pass_the_lens_names_the_faithfulness_score_and_the_finding_points_at_the_source(
        session: Session):
    prompt, out = session.copy("brief", "mdl_brief")
    session.open(out)
    await session.settled(out)
    await session.command("rubriq.rescore", out)
    # the brief's first bullet says "five years" for the source's "two years": FA002, quoting the source
    found = await session.diagnostics(out, lambda d: any(x.code in ("FA001", "FA002") for x in d),
                                      timeout=MODEL_TIMEOUT)
    # FA002 is a value conflict the fast pass already reports: the model pass may still be queued behind it
    for _ in range(int(MODEL_TIMEOUT * 20)):
        status = await session.settled(out)
        if status["pair"]["model_pass"] == "current":
            break
    assert status["pair"]["model_pass"] == "current" and status["status"]["busy"] is False
    lens = (await session.client.text_document_code_lens_async(types.CodeLensParams(
        text_document=types.TextDocumentIdentifier(uri=out))))[0]
    faithfulness = next(p for p in status["pair"]["profile"]["parameters"] if p["name"] == "faithfulness")
    assert f"Faithfulness {faithfulness['score']:.2f}" in lens.command.title and len(lens.command.title) <= 80
    unsupported = next(d for d in found if d.code in ("FA001", "FA002"))
    assert "\n" not in unsupported.message
    (source,) = [r for r in unsupported.related_information or [] if r.message.startswith("source:")]
    prompt_text = session.path(prompt).read_text(encoding="utf-8")
    start, end = unsupported.data["finding"]["source_start"], unsupported.data["finding"]["source_end"]
    assert source.location.uri == prompt and prompt_text[start:end].split()[0] in source.message
