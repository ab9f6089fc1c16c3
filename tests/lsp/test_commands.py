"""Commands: rubriq.status, rubriq.clearCache, rubriq.rescore, rubriq.runSQB (argument errors), and the
rubriq/status notification. Model work is covered in test_models.py."""

from __future__ import annotations

import asyncio
import importlib.metadata

import pytest
from lsprotocol import types

from rubriq import __version__
from tests.lsp.conftest import Session

pytestmark = pytest.mark.asyncio(loop_scope="module")


def cliches(diagnostics: list[types.Diagnostic]) -> list[types.Diagnostic]:
    return [d for d in diagnostics if d.code == "LD002"]


async def test_the_server_announces_its_commands(session: Session):
    status = await session.command("rubriq.status")
    assert status["rubriq"] == __version__
    assert status["pygls"] == importlib.metadata.version("pygls")
    assert status["status"]["models"] in ("not_loaded", "loading", "ready", "unavailable")
    assert set(status["caches"]) >= {"pairs", "open_documents", "published_files", "ignored_findings"}
    assert status["position_encoding"] == "utf-16"


async def test_status_for_a_pair_has_its_profile(session: Session):
    _, out = session.copy("story", "cmd_status")
    session.open(out)
    status = await session.settled(out)
    pair = status["pair"]
    assert pair["profile"]["task"] == "creative_writing"
    assert pair["findings"] >= 6 and pair["model_pass"] == "none"


async def test_status_notification_reports_models_and_busy(session: Session):
    _, out = session.copy("story", "cmd_notify")
    session.open(out)
    await session.settled(out)
    assert session.statuses, "no rubriq/status notification arrived"
    assert all(set(s) == {"models", "busy", "detail", "enabled", "sqb"} for s in session.statuses)
    assert any(s["busy"] for s in session.statuses) and not session.statuses[-1]["busy"]


async def test_the_last_status_after_a_pass_says_idle(session: Session):
    _, out = session.copy("story", "cmd_idle")
    session.open(out)
    await session.settled(out)
    await asyncio.sleep(0.3)  # anything still to be sent has been sent
    last = session.statuses[-1]
    assert last["busy"] is False and (await session.command("rubriq.status"))["status"]["busy"] is False
    # Model tiers are manual here: the models are simply not loaded, which is no warning.
    assert last["models"] == "not_loaded" and "unavailable" not in last["detail"]


async def test_status_has_rows_for_a_status_view(session: Session):
    _, out = session.copy("story", "cmd_view")
    session.open(out)
    status = await session.settled(out)
    labels = [row["label"] for row in status["view"]]
    assert {"Models", "Model caches", "Results", "This pair", "Last pass"} - {"Model caches"} <= set(labels)
    assert "text checks on" in status["pair"]["last_pass"]
    assert status["markdown"].startswith("**Rubriq**:") and "{" not in status["markdown"].split("\n")[0]


async def test_clear_cache_rechecks_and_keeps_serving(session: Session):
    _, out = session.copy("story", "cmd_clear")
    session.open(out)
    await session.diagnostics(out, lambda d: len(cliches(d)) == 6)
    answer = await session.command("rubriq.clearCache")
    assert "results" in answer["cleared"]
    await session.settled(out)
    assert len(cliches(await session.current(out))) == 6


async def test_rescore_of_a_file_that_is_not_a_pair_says_why(session: Session):
    answer = await session.command("rubriq.rescore", (session.root / "notes.txt").as_uri())
    assert answer["rescoring"] == [] and "not a .prompt or .out file" in answer["reason"]


async def test_run_sqb_on_a_missing_folder_says_so(session: Session):
    answer = await session.command("rubriq.runSQB", str(session.root / "no-such-suite"))
    assert answer == {"ok": False, "reason": f"no such folder: {session.root / 'no-such-suite'}"}


async def test_cancel_sqb_without_a_run_says_nothing_was_running(session: Session):
    assert await session.command("rubriq.cancelSQB") == {"cancelled": False}


async def test_an_unknown_command_is_an_error_response_not_a_crash(session: Session):
    with pytest.raises(Exception, match="not defined"):
        await session.command("rubriq.nonsense")
    assert (await session.command("rubriq.status"))["rubriq"] == __version__
