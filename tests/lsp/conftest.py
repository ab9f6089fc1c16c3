"""End-to-end LSP tests: the real server in a subprocess, driven by pytest-lsp.

Every test module runs twice: with VS Code's client capabilities (pull diagnostics: `textDocument/diagnostic`)
and with Neovim 0.7's (push only: `textDocument/publishDiagnostics`), so both delivery paths are proven.
One server per module and profile; each test works on its own copy of a fixture pair in a temporary workspace.
"""

from __future__ import annotations

import asyncio
import shutil
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Union

import pytest_asyncio
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "lsp"
SERVER_COMMAND = [sys.executable, "-m", "rubriq.lsp.server"]
SERVER_ENV = {"HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "PYTHONUNBUFFERED": "1"}
PROFILES = ("vscode", "neovim")
# Fast debounce, and model tiers only on demand: these tests are about the protocol, not the models.
TEST_SETTINGS: dict[str, Any] = {"debounce_ms": 50, "model_tiers": "manual"}


def capabilities(profile: str) -> types.ClientCapabilities:
    if profile == "neovim":
        return client_capabilities("neovim@v0.7.0")  # never pulls, no workspace/configuration
    caps = client_capabilities("visual-studio-code")
    # VS Code >= 1.68 announces pull diagnostics and refresh (the stored 1.65 capture predates them).
    caps.text_document.diagnostic = types.DiagnosticClientCapabilities(
        dynamic_registration=True, related_document_support=True)
    caps.workspace.diagnostics = types.DiagnosticWorkspaceClientCapabilities(refresh_support=True)
    return caps


class Session:
    """A client with its profile and workspace, and the few steps every test needs."""

    def __init__(self, client: LanguageClient, profile: str, root: Path) -> None:
        self.client = client
        self.profile = profile
        self.root = root
        self.statuses: list[dict[str, Any]] = []
        self.versions: dict[str, int] = {}

    @property
    def pulls(self) -> bool:
        return self.profile == "vscode"

    def copy(self, fixture: str, name: str) -> tuple[str, str]:
        """Copy a fixture pair under a new name; returns (prompt uri, output uri)."""
        for suffix in (".prompt", ".out"):
            source = FIXTURES / f"{fixture}{suffix}"
            if source.exists():
                shutil.copyfile(source, self.root / f"{name}{suffix}")
        return (self.root / f"{name}.prompt").as_uri(), (self.root / f"{name}.out").as_uri()

    def path(self, uri: str) -> Path:
        return Path(uri.removeprefix("file://"))

    def open(self, uri: str, text: str | None = None) -> str:
        text = self.path(uri).read_text(encoding="utf-8") if text is None else text
        self.versions[uri] = 1
        self.client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
            uri=uri, language_id="rubriq", version=1, text=text)))
        return text

    def change(self, uri: str, start: tuple[int, int], end: tuple[int, int], text: str) -> int:
        """One incremental change; positions are (line, UTF-16 character)."""
        self.versions[uri] = self.versions.get(uri, 1) + 1
        self.client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=self.versions[uri]),
            content_changes=[types.TextDocumentContentChangePartial(
                range=types.Range(start=types.Position(line=start[0], character=start[1]),
                                  end=types.Position(line=end[0], character=end[1])),
                text=text)]))
        return self.versions[uri]

    def close(self, uri: str) -> None:
        self.client.text_document_did_close(types.DidCloseTextDocumentParams(
            text_document=types.TextDocumentIdentifier(uri=uri)))

    async def current(self, uri: str) -> list[types.Diagnostic]:
        """The diagnostics the client has for `uri` now: pulled (VS Code) or as last pushed (Neovim)."""
        if self.pulls:
            report = await self.client.text_document_diagnostic_async(types.DocumentDiagnosticParams(
                text_document=types.TextDocumentIdentifier(uri=uri)))
            return list(getattr(report, "items", []) or [])
        return list(self.client.diagnostics.get(uri, []))

    async def diagnostics(self, uri: str, until: Callable[[list[types.Diagnostic]], bool] = bool,
                          timeout: float = 30.0) -> list[types.Diagnostic]:
        deadline = time.monotonic() + timeout
        while True:
            found = await self.current(uri)
            if until(found):
                return found
            if time.monotonic() > deadline:
                raise AssertionError(f"diagnostics for {uri} never matched; last: {found}")
            await asyncio.sleep(0.05)

    async def code_actions(self, uri: str, diagnostics: list[types.Diagnostic],
                           only: list[str] | None = None) -> list[types.CodeAction]:
        at = diagnostics[0].range if diagnostics else types.Range(
            start=types.Position(line=0, character=0), end=types.Position(line=0, character=0))
        result = await self.client.text_document_code_action_async(types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), range=at,
            context=types.CodeActionContext(diagnostics=diagnostics, only=only)))
        return [a for a in result or [] if isinstance(a, types.CodeAction)]

    async def settled(self, uri: str, version: int | None = None) -> dict[str, Any]:
        """Wait until the server has checked `uri` (at `version`, when given) and is idle; returns the status."""
        side = "output" if uri.endswith(".out") else "prompt"
        for _ in range(1200):
            status = await self.command("rubriq.status", uri)
            checked = ((status.get("pair") or {}).get("checked_versions") or {}).get(side)
            if checked is not None and (version is None or checked == version) and not status["status"]["busy"]:
                return status
            await asyncio.sleep(0.05)
        raise AssertionError(f"{uri} was never checked at version {version}")

    async def command(self, name: str, *arguments: Any) -> Any:
        return await self.client.workspace_execute_command_async(types.ExecuteCommandParams(
            command=name, arguments=list(arguments)))


def read_code_actions_by_spec(client: LanguageClient) -> None:
    """lsprotocol reads any result item with a `command` key as a Command, so a CodeAction that has both an edit
    and a command loses its edit in the test client. The spec tells them apart by the key's type (a Command's
    `command` is a string; a CodeAction's is a Command object): read them that way, as VS Code and Neovim do."""
    converter = client.protocol._converter

    def hook(item: Any, _: type) -> types.Command | types.CodeAction:
        if isinstance(item.get("command"), str):
            return converter.structure(item, types.Command)
        return converter.structure(item, types.CodeAction)

    converter.register_structure_hook(Union[types.Command, types.CodeAction], hook)  # noqa: UP007


@pytest_lsp.fixture(
    scope="module",
    params=PROFILES,
    config=ClientServerConfig(server_command=SERVER_COMMAND, server_env=SERVER_ENV),
)
async def lsp(request: Any, lsp_client: LanguageClient, tmp_path_factory: Any):
    profile = request.param
    root = tmp_path_factory.mktemp(f"ws-{profile}")
    read_code_actions_by_spec(lsp_client)
    lsp_client.set_configuration(dict(TEST_SETTINGS), section="rubriq")
    statuses: list[dict[str, Any]] = []
    lsp_client.rubriq = (profile, root, statuses)  # type: ignore[attr-defined]

    @lsp_client.feature("rubriq/status")
    def on_status(ls: Any, params: Any) -> None:
        statuses.append(params if isinstance(params, dict) else params._asdict())

    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def on_register(ls: Any, params: types.RegistrationParams) -> None:
        registrations.extend(params.registrations)

    registrations: list[types.Registration] = []
    lsp_client.registrations = registrations  # type: ignore[attr-defined]
    lens_refreshes: list[float] = []
    lsp_client.lens_refreshes = lens_refreshes  # type: ignore[attr-defined]

    @lsp_client.feature(types.WORKSPACE_CODE_LENS_REFRESH)
    def on_lens_refresh(ls: Any, params: Any) -> None:
        lens_refreshes.append(time.monotonic())

    applied: list[types.WorkspaceEdit] = []
    lsp_client.applied_edits = applied  # type: ignore[attr-defined]
    lsp_client.choice = None  # type: ignore[attr-defined]

    @lsp_client.feature(types.WORKSPACE_APPLY_EDIT)
    def on_apply_edit(ls: Any, params: types.ApplyWorkspaceEditParams) -> types.ApplyWorkspaceEditResult:
        applied.append(params.edit)
        return types.ApplyWorkspaceEditResult(applied=True)

    @lsp_client.feature(types.WINDOW_SHOW_MESSAGE_REQUEST)
    def on_message_request(ls: Any, params: types.ShowMessageRequestParams) -> types.MessageActionItem | None:
        wanted = lsp_client.choice  # type: ignore[attr-defined]
        return next((a for a in params.actions or [] if a.title == wanted), None)
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=capabilities(profile), root_uri=root.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name=root.name)],
        initialization_options={"rubriq": dict(TEST_SETTINGS)}))
    yield
    await lsp_client.shutdown_session()


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def session(lsp: LanguageClient) -> Session:
    profile, root, statuses = lsp.rubriq  # type: ignore[attr-defined]
    current = Session(lsp, profile, root)
    current.statuses = statuses
    return current


def utf16_offset(text: str, position: types.Position) -> int:
    """Character offset of an LSP (UTF-16) position, computed independently of the server's converter."""
    lines = text.split("\n")
    base = sum(len(line) + 1 for line in lines[: position.line])
    line = lines[position.line] if position.line < len(lines) else ""
    units = 0
    for index, ch in enumerate(line):
        if units >= position.character:
            return base + index
        units += 2 if ord(ch) > 0xFFFF else 1
    return base + len(line)


def apply_text_edits(text: str, edits: list[types.TextEdit]) -> str:
    """What a client does with TextEdits: apply them from the end so earlier offsets stay valid."""
    spans = [(utf16_offset(text, e.range.start), utf16_offset(text, e.range.end), e.new_text) for e in edits]
    for start, end, new_text in sorted(spans, reverse=True):
        text = text[:start] + new_text + text[end:]
    return text


def edits_for(edit: types.WorkspaceEdit, uri: str) -> list[types.TextEdit]:
    """The text edits a WorkspaceEdit makes to `uri`, in either of its two shapes."""
    found: list[types.TextEdit] = list((edit.changes or {}).get(uri, []))
    for change in edit.document_changes or []:
        if isinstance(change, types.TextDocumentEdit) and change.text_document.uri == uri:
            found.extend(e for e in change.edits if isinstance(e, types.TextEdit))
    return found
