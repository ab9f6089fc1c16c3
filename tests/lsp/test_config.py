"""Live configuration: client settings over rubriq.toml, changed without a restart, invalid values reported."""

from __future__ import annotations

from typing import Any

import pytest
from lsprotocol import types

from tests.lsp.conftest import TEST_SETTINGS, Session

pytestmark = pytest.mark.asyncio(loop_scope="module")


def cliches(diagnostics: list[types.Diagnostic]) -> list[types.Diagnostic]:
    return [d for d in diagnostics if d.code == "LD002"]


def send_settings(session: Session, settings: dict[str, Any]) -> None:
    """What an editor does when the user edits settings: VS Code answers workspace/configuration, Neovim 0.7
    sends the values in the notification."""
    session.client.set_configuration(settings, section="rubriq")
    session.client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
        settings={"rubriq": settings}))


async def test_severity_map_from_editor_settings_applies_at_once(session: Session):
    _, out = session.copy("story", "cfg_severity")
    session.open(out)
    found = await session.diagnostics(out, lambda d: len(cliches(d)) == 6)
    assert {d.severity for d in cliches(found)} == {types.DiagnosticSeverity.Hint}
    send_settings(session, {**TEST_SETTINGS, "severity": {"LD002": "error"}})
    try:
        await session.diagnostics(out, lambda d: len(cliches(d)) == 6 and all(
            x.severity == types.DiagnosticSeverity.Error for x in cliches(d)))
    finally:
        send_settings(session, dict(TEST_SETTINGS))
    await session.diagnostics(out, lambda d: len(cliches(d)) == 6 and all(
        x.severity == types.DiagnosticSeverity.Hint for x in cliches(d)))


async def test_an_opened_file_is_checked_at_once_with_the_settings_just_sent(session: Session):
    """No debounce on open (it is ten minutes here), but the settings sent just before are already applied."""
    _, out = session.copy("story", "cfg_open")
    send_settings(session, {**TEST_SETTINGS, "debounce_ms": 600_000, "severity": {"LD002": "error"}})
    try:
        session.open(out)
        found = await session.diagnostics(out, lambda d: len(cliches(d)) == 6)
        assert {d.severity for d in cliches(found)} == {types.DiagnosticSeverity.Error}
    finally:
        send_settings(session, dict(TEST_SETTINGS))


async def test_rubriq_toml_changes_are_picked_up_without_restart(session: Session):
    _, out = session.copy("story", "cfg_toml")
    session.open(out)
    await session.diagnostics(out, lambda d: len(cliches(d)) == 6)
    config = session.root / "rubriq.toml"
    config.write_text('ignore = ["LD002"]\n', encoding="utf-8")
    try:
        if session.profile == "vscode":
            globs = [w["globPattern"] for r in session.client.registrations for w in r.register_options["watchers"]]
            assert "**/rubriq.toml" in globs  # the server asked the client to watch its config files
            session.client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[
                types.FileEvent(uri=config.as_uri(), type=types.FileChangeType.Created)]))
        else:  # Neovim 0.7 cannot watch files: the config is read again on save
            session.client.text_document_did_save(types.DidSaveTextDocumentParams(
                text_document=types.TextDocumentIdentifier(uri=out)))
        await session.diagnostics(out, lambda d: not cliches(d))
    finally:
        config.unlink()
        if session.profile == "vscode":
            session.client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[
                types.FileEvent(uri=config.as_uri(), type=types.FileChangeType.Deleted)]))
        else:
            session.client.text_document_did_save(types.DidSaveTextDocumentParams(
                text_document=types.TextDocumentIdentifier(uri=out)))
    await session.diagnostics(out, lambda d: len(cliches(d)) == 6)


async def test_an_invalid_setting_is_reported_once_and_the_default_used(session: Session):
    _, out = session.copy("story", "cfg_invalid")
    session.open(out)
    await session.diagnostics(out, lambda d: len(cliches(d)) == 6)
    before = len(session.client.messages)
    send_settings(session, {**TEST_SETTINGS, "debounce_ms": "soon", "colour": "blue"})
    try:
        version = session.change(out, (2, 0), (2, 5), "Each")
        await session.settled(out, version)
        shown = [m.message for m in session.client.messages[before:]]
        assert sum("invalid value for 'debounce_ms'" in m for m in shown) == 1
        assert sum("unknown setting 'colour'" in m for m in shown) == 1
        assert len(cliches(await session.current(out))) == 6
    finally:
        send_settings(session, dict(TEST_SETTINGS))


async def test_diagnostic_mode_setting_overrides_the_capability_choice(session: Session):
    _, out = session.copy("story", "cfg_mode")
    send_settings(session, {**TEST_SETTINGS, "diagnostic_mode": "push"})
    try:
        for _ in range(100):
            if (await session.command("rubriq.status"))["diagnostic_mode"] == "push":
                break
        session.open(out)
        await session.settled(out)
        for _ in range(100):
            if len(cliches(session.client.diagnostics.get(out, []))) == 6:
                break
            await session.settled(out)
        assert len(cliches(session.client.diagnostics.get(out, []))) == 6  # pushed, whatever the client is
    finally:
        send_settings(session, dict(TEST_SETTINGS))
    if session.pulls:  # back to pulling: the pushed set is withdrawn so nothing shows twice
        for _ in range(200):
            if (await session.command("rubriq.status"))["diagnostic_mode"] == "pull":
                break
        assert list(session.client.diagnostics[out]) == []
        assert len(cliches(await session.current(out))) == 6
