"""Diagnostics: findings on the .out, problems on the .prompt, UTF-16 ranges, versions, publish-on-change."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types

from rubriq.core.rules import find_rule
from tests.lsp.conftest import TEST_SETTINGS, Session

pytestmark = pytest.mark.asyncio(loop_scope="module")


def codes(diagnostics: list[types.Diagnostic]) -> list[str]:
    return [str(d.code) for d in diagnostics]


def send_settings(session: Session, settings: dict[str, Any]) -> None:
    session.client.set_configuration(settings, section="rubriq")
    session.client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
        settings={"rubriq": settings}))


async def test_output_findings_become_diagnostics_with_code_link_and_data(session: Session):
    _, out = session.copy("story", "diag_basic")
    session.open(out)  # the .prompt is not open: it is read from disk
    found = await session.diagnostics(out, lambda d: codes(d).count("LD002") >= 6)
    assert codes(found).count("LD002") == 6
    first = next(d for d in found if d.code == "LD002")
    assert first.source == "rubriq"
    assert first.severity == types.DiagnosticSeverity.Hint  # LD002's default severity
    page = first.code_description.href
    assert page.startswith("file://") and page.endswith("/LD002.md")  # a page that exists, never a dead link
    assert Path(page.removeprefix("file://")).read_text(encoding="utf-8") == find_rule("LD002").markdown()
    assert first.data["code"] == "LD002" and first.data["evidence"] == "Once upon a time"
    assert len(first.data["sentence_hash"]) == 16
    assert first.range.start == types.Position(line=0, character=0)
    assert first.range.end == types.Position(line=0, character=16)


async def test_astral_character_before_a_span_counts_two_utf16_units(session: Session):
    _, out = session.copy("story", "diag_astral")
    text = session.open(out)
    found = await session.diagnostics(out, lambda d: codes(d).count("LD002") >= 6)
    mouse = next(d for d in found if d.data["evidence"] == "as quiet as a mouse")
    python_offset = text.index("as quiet as a mouse")
    assert "🐈" in text[:python_offset]  # one code point, two UTF-16 code units
    assert mouse.range.start == types.Position(line=0, character=python_offset + 1)
    assert mouse.range.end.character == python_offset + 1 + len("as quiet as a mouse")


async def test_broken_front_matter_is_a_warning_on_the_prompt_and_the_output_is_still_scored(session: Session):
    prompt, out = session.copy("broken", "diag_broken")
    session.open(prompt)
    prompt_diags = await session.diagnostics(prompt, lambda d: "FM001" in codes(d))
    fm001 = next(d for d in prompt_diags if d.code == "FM001")
    assert fm001.severity == types.DiagnosticSeverity.Warning
    assert "not valid YAML" in fm001.message
    session.open(out)
    out_diags = await session.diagnostics(out, lambda d: "LD002" in codes(d))
    assert all(d.code != "FM001" for d in out_diags)


async def test_an_out_without_its_prompt_gets_no_diagnostics_and_one_log_line(session: Session):
    out = (session.root / "lonely.out")
    out.write_text("An output whose prompt is missing. Once upon a time.\n", encoding="utf-8")
    session.open(out.as_uri())
    for _ in range(200):
        if any("no lonely.prompt" in m.message for m in session.client.log_messages):
            break
        await asyncio.sleep(0.05)
    lines = [m for m in session.client.log_messages if "no lonely.prompt" in m.message]
    assert len(lines) == 1
    assert await session.current(out.as_uri()) == []


async def test_an_edit_moves_and_removes_diagnostics(session: Session):
    _, out = session.copy("story", "diag_edit")
    session.open(out)
    await session.diagnostics(out, lambda d: codes(d).count("LD002") == 6)
    version = session.change(out, (0, 0), (0, 18), "")  # delete "Once upon a time, "
    await session.settled(out, version)
    found = await session.diagnostics(out, lambda d: codes(d).count("LD002") == 5)
    mouse = next(d for d in found if d.data["evidence"] == "as quiet as a mouse")
    assert mouse.range.start.character == 90 - 18


async def test_an_edit_that_changes_no_finding_publishes_nothing_new(session: Session):
    _, out = session.copy("story", "diag_same")
    text = session.open(out)
    await session.diagnostics(out, lambda d: codes(d).count("LD002") == 6)
    last_line = text.count("\n")
    if session.pulls:
        first = await session.client.text_document_diagnostic_async(types.DocumentDiagnosticParams(
            text_document=types.TextDocumentIdentifier(uri=out)))
        version = session.change(out, (last_line, 0), (last_line, 0), "\n")
        await session.settled(out, version)
        again = await session.client.text_document_diagnostic_async(types.DocumentDiagnosticParams(
            text_document=types.TextDocumentIdentifier(uri=out), previous_result_id=first.result_id))
        assert again.kind == "unchanged" and again.result_id == first.result_id
    else:
        before = session.client.diagnostics[out]
        version = session.change(out, (last_line, 0), (last_line, 0), "\n")
        await session.settled(out, version)
        assert session.client.diagnostics[out] is before  # no second publishDiagnostics


async def test_delivery_matches_the_client(session: Session):
    status = await session.command("rubriq.status")
    assert status["diagnostic_mode"] == ("pull" if session.pulls else "push")
    if session.pulls:
        assert session.client.diagnostics == {}  # VS Code pulls: nothing was pushed twice


async def test_the_prompt_shows_what_rubriq_understood_once_per_constraint(session: Session):
    prompt, _ = session.copy("story", "diag_understood")
    session.open(prompt)
    found = await session.diagnostics(prompt, lambda d: "IF091" in codes(d))
    (info,) = [d for d in found if d.range.start.line == 5]  # "... Keep it under 200 words." in the prompt body
    assert info.code == "IF091" and info.message == "checked: fewer than 200 words"
    assert info.severity == types.DiagnosticSeverity.Information
    assert not any("Rubriq will check" in d.message for d in found)


async def test_one_diagnostic_per_problem_on_a_pair_with_three_broken_constraints(session: Session):
    prompt, out = session.copy("brief", "diag_brief")
    session.open(out)
    found = await session.diagnostics(out, lambda d: {"IF001", "IF007", "IF024"} <= set(codes(d)))
    spans = [(d.code, d.range.start.line, d.range.start.character, d.range.end.character) for d in found]
    assert len(spans) == len(set(spans))  # nothing reported twice
    assert codes(found).count("IF001") == 1 and "CN001" not in codes(found)  # the limit wins over conciseness
    assert all("\n" not in d.message for d in found)
    very = next(d for d in found if d.code == "IF007")
    text = session.path(out).read_text(encoding="utf-8")
    assert very.range.end.character - very.range.start.character == len("very")  # the word, not the line
    bullets = next(d for d in found if d.code == "IF024")  # about the whole output: marked on its first word
    assert (bullets.range.start.line, bullets.range.end.line) == (0, 0)
    assert bullets.range.end.character - bullets.range.start.character == len(text.split()[1])
    assert bullets.data["start"] == 0 and bullets.data["end"] >= len(text.rstrip())  # the finding keeps its span
    (asked,) = very.related_information
    assert asked.location.uri == prompt and "very" in asked.message


async def test_rubriq_enable_false_withdraws_everything_and_checks_nothing(session: Session):
    _, out = session.copy("brief", "diag_disabled")
    session.open(out)
    await session.diagnostics(out, lambda d: "IF007" in codes(d))
    send_settings(session, {**TEST_SETTINGS, "enable": False})
    try:
        await session.diagnostics(out, lambda d: d == [])
        session.change(out, (0, 0), (0, 0), "- Very ")
        await asyncio.sleep(0.5)
        assert await session.current(out) == []
        status = await session.command("rubriq.status")
        assert status["status"]["enabled"] is False
    finally:
        send_settings(session, dict(TEST_SETTINGS))
    await session.diagnostics(out, lambda d: "IF007" in codes(d))


async def test_a_change_of_the_partner_on_disk_is_picked_up(session: Session):
    prompt, out = session.copy("story", "diag_partner")
    session.open(out)
    await session.diagnostics(out, lambda d: codes(d).count("LD002") == 6)
    path = session.path(prompt)
    path.write_text(path.read_text(encoding="utf-8").replace("ignore: [RS001]", "ignore: [RS001, LD002]"),
                    encoding="utf-8")
    if session.profile == "vscode":  # the client watches *.prompt for the server
        session.client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[
            types.FileEvent(uri=prompt, type=types.FileChangeType.Changed)]))
    else:  # Neovim 0.7 does not watch files: the partner is read again at the next check (here, a save)
        session.client.text_document_did_save(types.DidSaveTextDocumentParams(
            text_document=types.TextDocumentIdentifier(uri=out)))
    await session.diagnostics(out, lambda d: "LD002" not in codes(d))


async def test_a_changed_value_gets_fa002_at_tier_0_with_the_source_sentence_as_related_information(
        session: Session):
    source = "Last year the clinic hired 530 staff, most of them nurses. It opened in March 2019."
    prompt_path, out_path = session.root / "diag_value.prompt", session.root / "diag_value.out"
    prompt_path.write_text(f"Summarise the report below.\n\n<report>\n{source}\n</report>\n", encoding="utf-8")
    out_path.write_text("The clinic hired 350 staff last year. It opened in March 2019.\n", encoding="utf-8")
    prompt_uri, out_uri = prompt_path.as_uri(), out_path.as_uri()
    session.open(out_uri)  # models are not run here: this is tier 0 alone
    found = await session.diagnostics(out_uri, lambda d: "FA002" in codes(d))
    conflict = next(d for d in found if d.code == "FA002")
    assert conflict.message.startswith("350 — the source says 530: “Last year the clinic hired 530 staff")
    assert conflict.range.start == types.Position(line=0, character=len("The clinic hired "))
    assert conflict.severity == types.DiagnosticSeverity.Warning
    related = conflict.related_information or []
    assert [r.location.uri for r in related] == [prompt_uri]
    assert related[0].message.startswith("source: “Last year the clinic hired 530 staff")
