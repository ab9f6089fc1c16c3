"""Lifecycle, document sync, live configuration and watched files."""

from __future__ import annotations

import logging
from typing import Any

from lsprotocol import types

from rubriq.lsp.documents import is_pair_member, pair_key
from rubriq.lsp.ignore import IGNORE_FILE
from rubriq.lsp.server import CONFIG_FILE_NAMES, WATCHED_GLOBS, RubriqServer
from rubriq.lsp.settings import SECTION

log = logging.getLogger("rubriq.lsp")


def _settings_from(raw: Any) -> Any:
    """Accept `{"rubriq": {...}}` as well as the section itself."""
    if isinstance(raw, dict) and isinstance(raw.get(SECTION), dict):
        return raw[SECTION]
    return raw


def register(server: RubriqServer) -> None:
    @server.feature(types.INITIALIZE)
    def initialize(ls: RubriqServer, params: types.InitializeParams) -> None:
        if params.initialization_options:
            ls.settings.set_client_settings(_settings_from(params.initialization_options))
        ls.reload_ignores()
        ls.choose_diagnostic_mode()
        ls.scheduler.warm_up()

    @server.feature(types.INITIALIZED)
    async def initialized(ls: RubriqServer, params: types.InitializedParams) -> None:
        ls.status_changed()
        if ls.client_supports("workspace.did_change_watched_files.dynamic_registration"):
            watchers = [types.FileSystemWatcher(glob_pattern=glob) for glob in WATCHED_GLOBS]
            registration = types.Registration(
                id="rubriq-watched-files", method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                register_options=types.DidChangeWatchedFilesRegistrationOptions(watchers=watchers))
            try:
                await ls.client_register_capability_async(types.RegistrationParams(registrations=[registration]))
            except Exception as exc:  # the server still works; only on-disk changes go unnoticed
                log.info("file watchers not registered: %s", exc)
        await ls.load_client_settings()

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: RubriqServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.document_changed(params.text_document.uri, "open")

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: RubriqServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.document_changed(params.text_document.uri, "change")

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: RubriqServer, params: types.DidSaveTextDocumentParams) -> None:
        ls.document_changed(params.text_document.uri, "save")

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: RubriqServer, params: types.DidCloseTextDocumentParams) -> None:
        ls.document_closed(params.text_document.uri)

    @server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    async def did_change_configuration(ls: RubriqServer, params: types.DidChangeConfigurationParams) -> None:
        if ls.client_supports("workspace.configuration"):
            await ls.load_client_settings()  # the notification's payload may be empty: ask for the section
            return
        ls.settings.set_client_settings(_settings_from(params.settings) or {})
        ls.settings_changed()

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def did_change_watched_files(ls: RubriqServer, params: types.DidChangeWatchedFilesParams) -> None:
        config_changed = False
        for change in params.changes:
            uri = change.uri
            name = uri.rsplit("/", 1)[-1]
            if name in CONFIG_FILE_NAMES:
                config_changed = True
            elif uri.endswith("/" + IGNORE_FILE.as_posix()):
                ls.reload_ignores()
                for key in list(ls.pairs):
                    ls.publish(key)
            elif is_pair_member(uri) and uri not in ls.workspace.text_documents:
                key = pair_key(uri)
                if key in ls.pairs:  # a partner of an open file changed on disk
                    ls.scheduler.touch(key, "change")
        if config_changed:
            ls.settings.invalidate_files()
            ls.settings_changed()

    @server.feature(types.SHUTDOWN)
    def shutdown(ls: RubriqServer, params: Any) -> None:
        log.info("shutdown requested")

