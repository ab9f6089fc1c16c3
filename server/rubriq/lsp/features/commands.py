"""`workspace/executeCommand`: rubriq.rescore, rubriq.runSQB, rubriq.clearCache, rubriq.status.

The ids are a stable interface for editor clients (docs/lsp.md). Each command answers with a JSON object, and
failures are reported in it (and once as a message), never as a crash of the request.
"""

from __future__ import annotations

import asyncio
import importlib.metadata
import logging
import os
from pathlib import Path
from typing import Any

from lsprotocol import types

from rubriq import __version__
from rubriq.lsp import convert, repairs
from rubriq.lsp.documents import is_pair_member, pair_key, path_for_uri
from rubriq.lsp.features.code_lens import profile_line
from rubriq.lsp.server import RubriqServer
from rubriq.lsp.store import PairState

log = logging.getLogger("rubriq.lsp")

RESCORE, RUN_SQB, CLEAR_CACHE, STATUS = "rubriq.rescore", "rubriq.runSQB", "rubriq.clearCache", "rubriq.status"
SQB_REPORT_DIR = Path(".rubriq") / "sqb"


def _version(package: str) -> str:
    try:
        return importlib.metadata.version(package)
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


def resident_mb() -> float:
    """The server's resident memory now (Linux /proc), else its peak (getrusage)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
        return round(pages * os.sysconf("SC_PAGE_SIZE") / 1_048_576, 1)
    except (OSError, ValueError, IndexError):
        import resource

        return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def _target_uri(argument: Any) -> str | None:
    if isinstance(argument, str):
        return argument
    if isinstance(argument, dict):
        return argument.get("uri") or argument.get("external")
    return None


def rescore(server: RubriqServer, arguments: list[Any]) -> dict[str, Any]:
    """Check again now, model tiers included, whatever `model_tiers` says."""
    uri = _target_uri(arguments[0]) if arguments else None
    if uri is not None and not is_pair_member(uri):
        return {"rescoring": [], "reason": f"{uri} is not a .prompt or .out file"}
    keys = [pair_key(uri)] if uri else list(server.pairs)
    for key in keys:
        server.pairs.setdefault(key, PairState(key))
        server.scheduler.touch(key, "manual")
    return {"rescoring": [key.rsplit("/", 1)[-1] for key in keys]}


def clear_cache(server: RubriqServer) -> dict[str, Any]:
    cleared = ["results", "config files", "ignore file"]
    for state in server.pairs.values():
        state.tier0, state.model_pass, state.view = None, None, None
    server.settings.invalidate_files()
    server.reload_ignores()
    cleared += server.models.clear_caches()
    for key in list(server.pairs):
        server.scheduler.touch(key, "config")
    return {"cleared": cleared}


def status(server: RubriqServer, arguments: list[Any]) -> dict[str, Any]:
    repair_ok, repair_reason = repairs.available()
    sqb_ok, sqb_reason = sqb_available()
    info: dict[str, Any] = {
        "rubriq": __version__,
        "pygls": _version("pygls"),
        "lsprotocol": _version("lsprotocol"),
        "status": server.status_payload(),
        "models": server.models.describe(),
        "diagnostic_mode": "pull" if server.pull_mode else "push",
        "position_encoding": convert.encoding_name(server.workspace.position_encoding),
        "caches": {
            "pairs": len(server.pairs),
            "open_documents": len(server.workspace.text_documents),
            "published_files": len(server.diagnostics.current),
            "ignored_findings": len(server.ignores.entries),
            "stale_results_dropped": server.scheduler.stale_dropped,
            "tier0_runs": server.scheduler.tier0_runs,
            "model_runs": server.scheduler.model_runs,
        },
        "rss_mb": resident_mb(),
        "repairs": "available" if repair_ok else repair_reason,
        "sqb": "available" if sqb_ok else sqb_reason,
    }
    uri = _target_uri(arguments[0]) if arguments else None
    if uri and is_pair_member(uri):
        key = pair_key(uri)
        view = server.view(key)
        state = server.pairs.get(key)
        config_file = server.settings.config_file_of(path_for_uri(uri) or Path("."))
        info["pair"] = {
            "profile_line": profile_line(view.profile) if view else None,
            "profile": view.profile.model_dump(mode="json") if view else None,
            "findings": len(view.findings) if view else 0,
            "note": state.note if state else "",
            "checked_versions": {
                "prompt": view.snapshot.prompt.version if view else None,
                "output": view.snapshot.output.version if view else None,
            },
            "model_pass": "current" if view and view.models_current else ("earlier" if view and state
                                                                          and state.model_pass else "none"),
            "config_file": str(config_file) if config_file else None,
        }
    return info


def sqb_available() -> tuple[bool, str]:
    try:
        from rubriq.core.sqb.reports import write_reports  # noqa: F401
        from rubriq.core.sqb.runner import run_suite  # noqa: F401
    except ImportError as exc:
        return False, f"the Semantic Quality Benchmark is not available yet in this build ({exc})"
    return True, ""


async def run_sqb(server: RubriqServer, arguments: list[Any]) -> dict[str, Any]:
    """Run the SQB over a folder on the model worker, with cancellable progress; open the report when done.

    The cases are not published as diagnostics: the Problems panel stays about the files being edited.
    """
    ok, reason = sqb_available()
    if not ok:
        server.window_show_message(types.ShowMessageParams(type=types.MessageType.Info, message=f"Rubriq: {reason}"))
        return {"ok": False, "reason": reason}
    from rubriq.core.sqb.reports import write_reports
    from rubriq.core.sqb.runner import SQBUnavailable, SuiteCancelled, SuiteProgress, run_suite

    raw = _target_uri(arguments[0]) if arguments else None
    folder = (path_for_uri(raw) if raw and raw.startswith("file:") else Path(raw)) if raw else server.root_path
    if folder is None or not folder.exists():
        return {"ok": False, "reason": f"no such folder: {raw or 'no workspace folder'}"}
    config = server.root_config()
    await server.ensure_models(config)
    hub = server.models.hub
    if hub is None:
        message = f"SQB needs the models: {server.models.detail}"
        server.show_once(message)
        return {"ok": False, "reason": message}

    token = server.new_progress_token("sqb")
    progress = bool(server.client_supports("window.work_done_progress"))
    loop = asyncio.get_running_loop()
    if progress:
        await server.work_done_progress.create_async(token)
        server.work_done_progress.begin(token, types.WorkDoneProgressBegin(
            title="Rubriq: Semantic Quality Benchmark", message=folder.name, percentage=0, cancellable=True))

    def cancelled() -> bool:
        future = server.work_done_progress.tokens.get(token)
        return bool(future is not None and future.cancelled())

    def report(step: SuiteProgress) -> None:
        if progress:
            percentage = int(100 * step.done / step.total) if step.total else 100
            message = f"{step.case_id}: {step.contender}" if step.contender else "done"
            loop.call_soon_threadsafe(server.work_done_progress.report, token,
                                      types.WorkDoneProgressReport(message=message, percentage=percentage))

    def job() -> dict[str, Path]:
        result = run_suite(folder, hub, progress=report, should_stop=cancelled)
        return write_reports(result, folder / SQB_REPORT_DIR)

    outcome: dict[str, Any]
    try:
        paths = await server.scheduler.model_worker.submit(job)
        outcome = {"ok": True, "reports": {kind: str(path) for kind, path in paths.items()}}
    except SuiteCancelled:
        outcome = {"ok": False, "reason": "cancelled"}
    except (SQBUnavailable, Exception) as exc:
        log.exception("SQB run failed")
        outcome = {"ok": False, "reason": str(exc)}
        server.show_once(f"SQB run failed: {exc}", types.MessageType.Error)
    if progress:
        server.work_done_progress.end(token, types.WorkDoneProgressEnd(
            message="report written" if outcome["ok"] else outcome["reason"]))
    if outcome["ok"] and server.client_supports("window.show_document.support"):
        report_path = Path(outcome["reports"].get("markdown") or next(iter(outcome["reports"].values())))
        try:
            await server.window_show_document_async(types.ShowDocumentParams(uri=report_path.as_uri(), take_focus=True))
        except Exception as exc:
            log.info("showDocument failed: %s", exc)
    return outcome


def register(server: RubriqServer) -> None:
    @server.command(RESCORE)
    def rescore_command(ls: RubriqServer, *arguments: Any) -> dict[str, Any]:
        return rescore(ls, list(arguments))

    @server.command(RUN_SQB)
    async def run_sqb_command(ls: RubriqServer, *arguments: Any) -> dict[str, Any]:
        return await run_sqb(ls, list(arguments))

    @server.command(CLEAR_CACHE)
    def clear_cache_command(ls: RubriqServer, *arguments: Any) -> dict[str, Any]:
        return clear_cache(ls)

    @server.command(STATUS)
    def status_command(ls: RubriqServer, *arguments: Any) -> dict[str, Any]:
        return status(ls, list(arguments))
