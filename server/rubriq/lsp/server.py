"""The Rubriq language server (pygls 2): documents, pairs, diagnostics, and the state every feature reads.

Start it with `rubriq serve` (stdio) or `rubriq serve --tcp HOST:PORT`. Startup imports no model library:
torch and sentence-transformers load on the model worker thread after the first tier-0 diagnostics.
"""

from __future__ import annotations

import asyncio
import logging
import sys
import threading
from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from rubriq import __version__
from rubriq.core.collector import collector_paused
from rubriq.core.config import Config
from rubriq.core.engine import CheckResult
from rubriq.lsp.documents import (
    OUTPUT_SUFFIX,
    PROMPT_SUFFIX,
    Side,
    is_pair_member,
    output_uri,
    pair_key,
    path_for_uri,
    prompt_uri,
    read_side,
)
from rubriq.lsp.ignore import IGNORE_FILE, IgnoreStore
from rubriq.lsp.models import ModelService
from rubriq.lsp.scheduler import Reason, Scheduler
from rubriq.lsp.settings import SECTION, SettingsStore
from rubriq.lsp.store import DiagnosticStore, ModelPass, PairState, PairView, Snapshot, finding_key, merge
from rubriq.lsp.transport import RubriqProtocol, quiet_logging, serve_stdio

log = logging.getLogger("rubriq.lsp")

STATUS_NOTIFICATION = "rubriq/status"
CONFIG_FILE_NAMES = ("rubriq.toml", "pyproject.toml")
WATCHED_GLOBS = ("**/*.prompt", "**/*.out", "**/rubriq.toml", "**/pyproject.toml", f"**/{IGNORE_FILE.as_posix()}")


class RubriqServer(LanguageServer):
    """Holds the state; the handlers in `rubriq.lsp.features` are thin views over it."""

    def __init__(self) -> None:
        super().__init__("rubriq", __version__, text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
                         protocol_cls=RubriqProtocol)  # framing, invalid params, broken pipes: lsp/transport.py
        self.settings = SettingsStore()
        self.pairs: dict[str, PairState] = {}
        self.diagnostics = DiagnosticStore()
        self.scheduler = Scheduler(self)
        self.models = ModelService()
        self.ignores = IgnoreStore(None)
        self.pull_mode = False
        self.started_models = False
        self._shown: set[str] = set()
        self._noted: set[tuple[str, str]] = set()
        self._last_status: dict[str, Any] | None = None
        self._refresh_pending = False
        self._lens_refresh_pending = False
        self.sqb_progress: dict[str, Any] | None = None  # the SQB run in progress: case, contender, done, total
        self.sqb_stop = threading.Event()  # rubriq.cancelSQB: stop after the contender in progress
        self._model_load: asyncio.Future[Any] | None = None
        self._progress_counter = 0
        self._settings_requests = 0  # workspace/configuration requests in flight
        self.settings_settled = asyncio.Event()  # set while none is in flight
        self.settings_settled.set()

    # ----------------------------------------------------------------- capabilities and settings
    def client_supports(self, dotted: str) -> Any:
        value: Any = self.client_capabilities
        for part in dotted.split("."):
            value = getattr(value, part, None)
            if value is None:
                return None
        return value

    @property
    def root_path(self) -> Path | None:
        try:
            root = self.workspace.root_path
        except RuntimeError:
            return None
        return Path(root) if root else None

    def root_config(self) -> Config:
        root = self.root_path
        config, _ = self.settings.config_for(root / "rubriq.toml" if root else None)
        return config

    def choose_diagnostic_mode(self) -> None:
        mode = self.root_config().diagnostic_mode
        supports_pull = self.client_supports("text_document.diagnostic") is not None
        # A client that pulls but cannot be asked to pull again (Neovim 0.10/0.11) would miss results that arrive
        # after its pull (model tiers, a partner changed on disk): "auto" pushes to it.
        can_refresh = bool(self.client_supports("workspace.diagnostics.refresh_support"))
        if mode == "pull" and not supports_pull:
            log.info("diagnostic_mode = pull, but this client cannot pull: pushing instead")
        pull = supports_pull and (mode == "pull" or (mode == "auto" and can_refresh))
        if pull == self.pull_mode:
            return
        self.pull_mode = pull
        if pull:  # what was pushed would stay on screen beside the pulled set: clear it
            for uri in list(self.diagnostics.pushed):
                self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))
            self.diagnostics.pushed.clear()
            self.request_refresh()
        else:
            for uri, diagnostics in list(self.diagnostics.current.items()):
                if self.diagnostics.take_push(uri):
                    self.text_document_publish_diagnostics(
                        types.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics))

    def config_for(self, key: str) -> tuple[Config, list[str]]:
        return self.settings.config_for(path_for_uri(prompt_uri(key)))

    def debounce_seconds(self, key: str) -> float:
        return self.config_for(key)[0].debounce_ms / 1000.0

    async def load_client_settings(self) -> None:
        """Ask the client for the `rubriq` section (when it can answer), then re-check everything."""
        if self.client_supports("workspace.configuration"):
            self._settings_requests += 1
            self.settings_settled.clear()
            try:
                values = await self.workspace_configuration_async(
                    types.ConfigurationParams(items=[types.ConfigurationItem(section=SECTION)]))
                self.settings.set_client_settings(values[0] if values else {})
            except Exception as exc:  # a client that fails here keeps the previous settings
                log.warning("workspace/configuration failed: %s", exc)
            finally:
                self._settings_requests -= 1
                if not self._settings_requests:
                    self.settings_settled.set()
        self.settings_changed()

    def settings_changed(self) -> None:
        self.choose_diagnostic_mode()
        if not self.settings.enabled:  # `enable = false`: withdraw everything shown, check nothing
            for key in list(self.pairs):
                self.clear_pair(key)
            self.status_changed()
            return
        for key in list(self.pairs):
            self.scheduler.touch(key, "config")

    # ----------------------------------------------------------------- documents
    def document_changed(self, uri: str, reason: Reason) -> None:
        if not is_pair_member(uri):
            return
        key = pair_key(uri)
        self.pairs.setdefault(key, PairState(key))
        if not self.settings.enabled:
            return
        if reason in ("open", "save") and not self.watches_files:
            self.settings.invalidate_files()  # no file watcher tells us about rubriq.toml: read it again now
        self.scheduler.touch(key, reason)

    @property
    def watches_files(self) -> bool:
        return bool(self.client_supports("workspace.did_change_watched_files.dynamic_registration"))

    def document_closed(self, uri: str) -> None:
        if not is_pair_member(uri):
            return
        key = pair_key(uri)
        documents = self.workspace.text_documents
        if prompt_uri(key) in documents or output_uri(key) in documents:
            self.scheduler.touch(key, "change")  # the closed side is now read from disk
            return
        # Neither side is open any more: forget the pair and clear what it showed.
        self.pairs.pop(key, None)
        for uri_ in (prompt_uri(key), output_uri(key)):
            if uri_ in self.diagnostics.current and not self.pull_mode:
                self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri_, diagnostics=[]))
            self.diagnostics.forget(uri_)

    def note_once(self, key: str, message: str) -> None:
        """One log line per pair and situation (an .out without its .prompt, an unreadable file)."""
        if (key, message) in self._noted:
            return
        self._noted.add((key, message))
        log.info("%s", message)
        self.window_log_message(types.LogMessageParams(type=types.MessageType.Info, message=f"rubriq: {message}"))

    def show_once(self, message: str, kind: types.MessageType = types.MessageType.Warning) -> None:
        """A window/showMessage the first time only, and a log line every time."""
        log.warning("%s", message)
        if message in self._shown:
            return
        self._shown.add(message)
        self.window_show_message(types.ShowMessageParams(type=kind, message=f"Rubriq: {message}"))

    def snapshot(self, key: str) -> Snapshot | None:
        """Both sides of the pair as they are now, or None (with a log line) when it cannot be scored."""
        prompt = read_side(self.workspace, prompt_uri(key))
        output = read_side(self.workspace, output_uri(key))
        name = key.rsplit("/", 1)[-1]
        state = self.pairs.setdefault(key, PairState(key))
        if prompt.text is None:
            if prompt.problem:
                state.note = f"{name}{PROMPT_SUFFIX} cannot be scored: {prompt.problem}"
            else:
                state.note = f"{name}{OUTPUT_SUFFIX} has no {name}{PROMPT_SUFFIX} beside it: no diagnostics"
            self.note_once(key, state.note)
            self.clear_pair(key)
            return None
        if output.text is None:
            state.note = (f"{name}{OUTPUT_SUFFIX} cannot be scored: {output.problem}" if output.problem
                          else f"{name}{PROMPT_SUFFIX} has no {name}{OUTPUT_SUFFIX} yet: prompt diagnostics only")
            self.note_once(key, state.note)
        else:
            state.note = ""
        config, problems = self.config_for(key)
        for problem in problems:
            self.show_once(problem)
        return Snapshot(key, prompt, output, config, tuple(problems))

    def clear_pair(self, key: str) -> None:
        state = self.pairs.get(key)
        if state is not None:
            state.tier0, state.model_pass, state.view, state.snapshot = None, None, None, None
        for uri in (prompt_uri(key), output_uri(key)):
            self.set_diagnostics(uri, [], None)

    # ----------------------------------------------------------------- results
    def accept_tier0(self, snapshot: Snapshot, result: CheckResult) -> None:
        state = self.pairs.setdefault(snapshot.key, PairState(snapshot.key))
        state.snapshot, state.tier0 = snapshot, result
        self.publish(snapshot.key)
        if not self.started_models:
            self.started_models = True
            if snapshot.config.model_tiers != "manual":
                # Models load in the background after the first tier-0 diagnostics are out.
                asyncio.get_running_loop().create_task(self.ensure_models(snapshot.config))

    def accept_models(self, snapshot: Snapshot, result: CheckResult) -> None:
        state = self.pairs.get(snapshot.key)
        if state is None or state.snapshot is None:
            return
        tier0_keys = frozenset(finding_key(f) for f in state.tier0.findings) if state.tier0 else frozenset()
        state.model_pass = ModelPass(result, snapshot.prompt.text or "", snapshot.output.text or "", tier0_keys)
        self.publish(snapshot.key)

    def check_failed(self, snapshot: Snapshot, exc: BaseException) -> None:
        log.error("checking %s failed", snapshot.key, exc_info=exc)
        self.show_once(f"checking {snapshot.key.rsplit('/', 1)[-1]} failed: {exc}; other files are still checked",
                       types.MessageType.Error)

    def wants_models(self, snapshot: Snapshot, reasons: set[Reason]) -> bool:
        if not snapshot.output.text:
            return False
        mode = snapshot.config.model_tiers
        if "manual" in reasons:
            return True
        if mode == "on_type":
            return True
        if mode == "on_save":
            return bool(reasons & {"save", "open"})
        return False

    async def ensure_models(self, config: Config) -> None:
        """Load the models on the model worker, with work-done progress; failures are shown once."""
        while self._model_load is not None and not self._model_load.done():
            await asyncio.wait({self._model_load})  # one load at a time; never cancelled
        if not self.models.needs_load(config):
            return
        # Claimed before the first await, so a second caller waits for this load instead of starting one.
        claim: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._model_load = claim
        try:
            await self._load_models(config)
        finally:
            claim.set_result(None)

    async def _load_models(self, config: Config) -> None:
        self.models.state, self.models.detail = "loading", "loading the embedding and NLI models"
        self.status_changed()
        token = self.new_progress_token("models")
        progress = bool(self.client_supports("window.work_done_progress"))
        if progress:
            try:
                await self.work_done_progress.create_async(token)
                self.work_done_progress.begin(token, types.WorkDoneProgressBegin(
                    title="Rubriq: loading models", message="embedding and NLI models", cancellable=False))
            except Exception as exc:
                log.info("work-done progress unavailable: %s", exc)
                progress = False
        try:
            failures = await self.scheduler.model_worker.submit(lambda: self.models.load(config))
        except Exception as exc:  # MemoryError and the like: the state says why, tier 0 goes on
            self.models.state, self.models.detail = "unavailable", f"loading models failed: {exc}"
            failures = [self.models.detail]
        if progress:
            self.work_done_progress.end(token, types.WorkDoneProgressEnd(message=self.models.state))
        for failure in failures:
            self.show_once(f"{failure}. Tier-0 checks continue without it.")
        self.status_changed()

    def view(self, key: str) -> PairView | None:
        state = self.pairs.get(key)
        if state is None or state.tier0 is None or state.snapshot is None:
            return None
        if state.view is None or state.view.result is not state.tier0 or state.view.snapshot is not state.snapshot:
            state.view = merge(state.snapshot, state.tier0, state.model_pass)
        return state.view

    def refresh_view(self, key: str) -> None:
        state = self.pairs.get(key)
        if state is not None:
            state.view = None

    def publish(self, key: str) -> None:
        from rubriq.lsp.features.diagnostics import build_diagnostics

        state = self.pairs.get(key)
        if state is None:
            return
        state.view = None
        view = self.view(key)
        if view is None:
            return
        snapshot = view.snapshot
        with collector_paused():  # positions and diagnostics of every finding: as many small objects as a check
            per_uri = build_diagnostics(self, view)
        for uri, side in ((prompt_uri(key), snapshot.prompt), (output_uri(key), snapshot.output)):
            self.set_diagnostics(uri, per_uri.get(uri, []), side)
        self.request_lens_refresh()

    def set_diagnostics(self, uri: str, diagnostics: list[types.Diagnostic], side: Side | None) -> None:
        if uri not in self.diagnostics.current and not diagnostics:
            return  # nothing shown before, nothing to show now
        changed = self.diagnostics.update(uri, diagnostics, self.protocol._converter)
        if self.pull_mode:
            if changed:
                self.request_refresh()
            return
        if self.diagnostics.take_push(uri):
            version = side.version if side is not None and side.is_open else None
            self.text_document_publish_diagnostics(
                types.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics, version=version))

    def request_refresh(self) -> None:
        """Ask a pulling client to pull again (once per burst of changes)."""
        if self._refresh_pending or not self.client_supports("workspace.diagnostics.refresh_support"):
            return
        self._refresh_pending = True

        async def refresh() -> None:
            await asyncio.sleep(0)
            self._refresh_pending = False
            try:
                await self.workspace_diagnostic_refresh_async(None)
            except Exception as exc:
                log.info("workspace/diagnostic/refresh failed: %s", exc)

        asyncio.get_running_loop().create_task(refresh())

    def request_lens_refresh(self) -> None:
        """Ask the client to request code lenses again after a pass (`workspace/codeLens/refresh`, once per burst)."""
        if self._lens_refresh_pending or not self.client_supports("workspace.code_lens.refresh_support"):
            return
        self._lens_refresh_pending = True

        async def refresh() -> None:
            await asyncio.sleep(0)
            self._lens_refresh_pending = False
            try:
                await self.workspace_code_lens_refresh_async(None)
            except Exception as exc:
                log.info("workspace/codeLens/refresh failed: %s", exc)

        asyncio.get_running_loop().create_task(refresh())

    def new_progress_token(self, what: str) -> str:
        self._progress_counter += 1
        return f"rubriq-{what}-{self._progress_counter}"

    # ----------------------------------------------------------------- status
    def status_payload(self) -> dict[str, Any]:
        """The `rubriq/status` notification (docs/lsp.md): busy is true only while a check of an open pair is
        pending or running, so the last notification after a pass says idle."""
        return {"models": self.models.state, "busy": self.scheduler.busy, "detail": self.models.detail,
                "enabled": self.settings.enabled, "sqb": self.sqb_progress}

    def status_changed(self) -> None:
        payload = self.status_payload()
        if payload == self._last_status:
            return
        self._last_status = payload
        try:
            self.protocol.notify(STATUS_NOTIFICATION, payload)
        except Exception as exc:  # the client may be gone
            log.debug("status notification not sent: %s", exc)

    def report_server_error(self, error: Exception, source: Any) -> None:
        """Errors outside a request: a log line and one message, never a crash shown per keystroke."""
        if getattr(source, "__name__", "") == "FeatureRequestError":
            return  # a failed request is answered with its error; nothing more to show or log
        log.error("internal error (%s): %s", getattr(source, "__name__", source), error)
        self.show_once(f"internal error: {error}", types.MessageType.Error)

    def reload_ignores(self) -> None:
        self.ignores = IgnoreStore(self.root_path)
        self.ignores.load()
        if self.ignores.problem:
            self.show_once(self.ignores.problem)


def build_server() -> RubriqServer:
    from rubriq.lsp import features

    server = RubriqServer()
    features.register_all(server)
    return server


def main(tcp: str | None = None) -> int:
    """Entry point of `rubriq serve`. Logs go to stderr; stdout carries the protocol."""
    logging.basicConfig(stream=sys.stderr, level=logging.INFO, format="rubriq-lsp %(levelname)s: %(message)s",
                        force=True)
    logging.getLogger("pygls").setLevel(logging.WARNING)
    quiet_logging()  # no traceback per bad message, no line with a whole document in it
    server = build_server()
    if tcp:
        host, _, port = tcp.rpartition(":")
        server.start_tcp(host or "127.0.0.1", int(port))
    else:
        return serve_stdio(server)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1].removeprefix("--tcp=") if len(sys.argv) > 1 else None))
