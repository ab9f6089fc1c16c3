"""Neovim 0.11 offers UTF-8 positions first: the server takes them, and its ranges count bytes. It pulls but
cannot be asked to pull again, so the server pushes to it."""

from __future__ import annotations

import asyncio

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from tests.lsp.conftest import FIXTURES, SERVER_COMMAND, SERVER_ENV, TEST_SETTINGS

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_lsp.fixture(scope="module", config=ClientServerConfig(server_command=SERVER_COMMAND, server_env=SERVER_ENV))
async def nvim011(lsp_client: LanguageClient, tmp_path_factory):
    root = tmp_path_factory.mktemp("ws-nvim011")
    lsp_client.root = root  # type: ignore[attr-defined]
    result = await lsp_client.initialize_session(types.InitializeParams(
        capabilities=client_capabilities("neovim@v0.11.0"), root_uri=root.as_uri(),
        initialization_options={"rubriq": dict(TEST_SETTINGS)}))
    lsp_client.init_result = result  # type: ignore[attr-defined]
    yield
    await lsp_client.shutdown_session()


async def test_utf8_is_negotiated_and_ranges_count_bytes(nvim011: LanguageClient):
    assert nvim011.init_result.capabilities.position_encoding == types.PositionEncodingKind.Utf8
    root = nvim011.root  # type: ignore[attr-defined]
    (root / "enc.prompt").write_text((FIXTURES / "story.prompt").read_text(encoding="utf-8"), encoding="utf-8")
    text = (FIXTURES / "story.out").read_text(encoding="utf-8")
    uri = (root / "enc.out").as_uri()
    nvim011.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=uri, language_id="rubriq", version=1, text=text)))
    for _ in range(600):  # Neovim 0.11 pulls but cannot be asked to pull again: the server pushes to it
        if any(d.data and d.data.get("evidence") == "as quiet as a mouse" for d in nvim011.diagnostics.get(uri, [])):
            break
        await asyncio.sleep(0.05)
    mouse = next(d for d in nvim011.diagnostics[uri] if d.data["evidence"] == "as quiet as a mouse")
    offset = text.index("as quiet as a mouse")
    assert mouse.range.start.character == len(text[:offset].encode("utf-8"))  # the cat emoji is four bytes
    status = await nvim011.workspace_execute_command_async(types.ExecuteCommandParams(command="rubriq.status"))
    assert status["diagnostic_mode"] == "push"
