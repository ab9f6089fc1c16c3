"""`workspace/executeCommand`: rescore, runSQB / cancelSQB, clearCache, status, showProfile, showRuleDocs and
revealRepair (the command a repair quick fix runs after its edit).

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
from rubriq.core.rules import find_rule
from rubriq.lsp import convert, repairs
from rubriq.lsp.documents import is_pair_member, pair_key, path_for_uri
from rubriq.lsp.features.code_lens import profile_line
from rubriq.lsp.rule_pages import rule_href
from rubriq.lsp.server import RubriqServer
from rubriq.lsp.store import PairState
from rubriq.lsp.views import profile_html, profile_markdown, status_lines, status_markdown

log = logging.getLogger("rubriq.lsp")

RESCORE, RUN_SQB, CANCEL_SQB = "rubriq.rescore", "rubriq.runSQB", "rubriq.cancelSQB"
CLEAR_CACHE, STATUS = "rubriq.clearCache", "rubriq.status"
SHOW_PROFILE, SHOW_RULE_DOCS, REVEAL_REPAIR = "rubriq.showProfile", "rubriq.showRuleDocs", "rubriq.revealRepair"
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
    """The URI a command argument names: a string, or an object's `uri`/`external` string; anything else is none."""
    if isinstance(argument, dict):
        argument = argument.get("uri") or argument.get("external")
    return argument if isinstance(argument, str) and argument else None


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
            "pending_futures": len(server.protocol._request_futures),  # stays small: see lsp/transport.py
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
        info["pair"]["last_pass"] = last_pass(info["pair"], view)
    # What a status view shows (VS Code quick pick, Neovim float): labelled rows, and the same as markdown.
    info["view"] = [{"label": label, "value": value} for label, value in status_lines(info)]
    info["markdown"] = status_markdown(info)
    return info


def last_pass(pair: dict[str, Any], view: Any) -> str:
    if view is None:
        return "not checked yet"
    versions = pair["checked_versions"]
    def version(side: str) -> str:
        return f"{side} v{versions[side]}" if versions[side] is not None else f"{side} from disk"

    checked = f"text checks on {version('prompt')}, {version('output')}"
    models = {"current": f"model pass on these texts ({view.model_findings} model findings)",
              "earlier": "model pass from before the last edit", "none": "no model pass yet"}[pair["model_pass"]]
    return f"{checked}; {models}"


def sqb_available() -> tuple[bool, str]:
    try:
        from rubriq.core.sqb.reports import write_reports  # noqa: F401
        from rubriq.core.sqb.runner import run_suite  # noqa: F401
    except ImportError as exc:
        return False, f"the Semantic Quality Benchmark is not available yet in this build ({exc})"
    return True, ""


def sqb_summary(result: Any) -> str:
    """One line about a suite's outcome: cases, and how many contenders improve on their baseline."""
    decisions = [d for case in result.cases for d in case.decisions]
    improve = sum(d.improves is True for d in decisions)
    worse = sum(d.improves is False for d in decisions)
    open_ = sum(d.improves is None for d in decisions)
    parts = [f"{improve} improve"] + ([f"{worse} do not"] if worse else []) + \
        ([f"{open_} not established (no judge)"] if open_ else [])
    cases = len(result.cases)
    return f"{cases} case{'s' if cases != 1 else ''}, {len(decisions)} contenders against their baseline: " + \
        ", ".join(parts)


async def run_sqb(server: RubriqServer, arguments: list[Any]) -> dict[str, Any]:
    """Run the SQB over a folder on its own thread, with progress (case and contender) and cancel; the report opens
    when it is written, unless the client asked to open it itself (`{"open": false}`, the Rubriq clients).

    The models are shared with the open pairs through the scheduler's gate: between two contenders the run waits
    while a model pass of an open pair is queued. The cases are not published as diagnostics: the Problems panel
    stays about the files being edited.
    """
    ok, reason = sqb_available()
    if not ok:
        server.window_show_message(types.ShowMessageParams(type=types.MessageType.Info, message=f"Rubriq: {reason}"))
        return {"ok": False, "reason": reason}
    if server.sqb_progress is not None:
        return {"ok": False, "reason": "an SQB run is already in progress (rubriq.cancelSQB stops it)"}
    from rubriq.core.sqb.reports import write_reports
    from rubriq.core.sqb.runner import SQBUnavailable, SuiteCancelled, SuiteProgress, run_suite

    raw = _target_uri(arguments[0]) if arguments else None
    options = next((a for a in arguments[1:] if isinstance(a, dict)), {})
    folder = (path_for_uri(raw) if raw and raw.startswith("file:") else Path(raw)) if raw else server.root_path
    if folder is None or not folder.exists():
        return {"ok": False, "reason": f"no such folder: {raw or 'no workspace folder'}"}
    server.sqb_progress = {"case": "", "contender": "", "done": 0, "total": 0, "folder": str(folder)}
    server.status_changed()
    try:
        return await _run_sqb(server, folder, bool(options.get("open", True)), write_reports, SQBUnavailable,
                              SuiteCancelled, SuiteProgress, run_suite)
    finally:
        server.sqb_progress = None
        server.sqb_stop.clear()
        server.status_changed()


async def _run_sqb(server: RubriqServer, folder: Path, open_report: bool, write_reports: Any, unavailable: Any,
                   cancelled_error: Any, progress_type: Any, run_suite: Any) -> dict[str, Any]:
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
        try:
            await server.work_done_progress.create_async(token)
            server.work_done_progress.begin(token, types.WorkDoneProgressBegin(
                title="Rubriq: Semantic Quality Benchmark", message=folder.name, percentage=0, cancellable=True))
        except Exception as exc:
            log.info("work-done progress unavailable: %s", exc)
            progress = False
    gate = server.scheduler.gate

    def should_stop() -> bool:
        future = server.work_done_progress.tokens.get(token)
        return server.sqb_stop.is_set() or bool(future is not None and future.cancelled())

    def shown(step: Any) -> None:  # on the event loop
        server.sqb_progress = {"case": step.case_id, "contender": step.contender, "done": step.done,
                               "total": step.total, "folder": str(folder)}
        server.status_changed()
        if progress and step.contender:
            percentage = int(100 * step.done / step.total) if step.total else 100
            server.work_done_progress.report(token, types.WorkDoneProgressReport(
                message=f"{step.case_id}: {step.contender} ({step.done + 1} of {step.total})",
                percentage=percentage))

    def report(step: Any) -> None:  # on the SQB thread, just before a contender is scored
        if step.contender:
            gate.sqb_turn(should_stop)  # open pairs' model passes first: at most one contender of delay
        else:
            gate.sqb_release()
        loop.call_soon_threadsafe(shown, step)

    def job() -> tuple[Any, dict[str, Path]]:
        try:
            result = run_suite(folder, hub, progress=report, should_stop=should_stop)
        finally:
            gate.sqb_release()
        return result, write_reports(result, folder / SQB_REPORT_DIR)

    outcome: dict[str, Any]
    try:
        result, paths = await server.scheduler.sqb_worker.submit(job)
        outcome = {"ok": True, "reports": {kind: str(path) for kind, path in paths.items()},
                   "summary": sqb_summary(result)}
    except cancelled_error:
        outcome = {"ok": False, "reason": "cancelled", "cancelled": True}
    except (unavailable, Exception) as exc:
        log.exception("SQB run failed")
        outcome = {"ok": False, "reason": str(exc)}
        server.show_once(f"SQB run failed: {exc}", types.MessageType.Error)
    if progress:
        server.work_done_progress.end(token, types.WorkDoneProgressEnd(
            message=outcome.get("summary") or outcome["reason"]))
    report_path = outcome.get("reports", {}).get("html") or outcome.get("reports", {}).get("markdown")
    if outcome["ok"] and open_report and report_path and server.client_supports("window.show_document.support"):
        try:  # the HTML report in the system browser; an editor without one shows the file
            await server.window_show_document_async(types.ShowDocumentParams(
                uri=Path(report_path).as_uri(), external=report_path.endswith(".html"), take_focus=True))
        except Exception as exc:
            log.info("showDocument failed: %s", exc)
    return outcome


def cancel_sqb(server: RubriqServer) -> dict[str, Any]:
    """Stop the SQB run after the contender in progress."""
    running = server.sqb_progress is not None
    if running:
        server.sqb_stop.set()
    return {"cancelled": running}


def show_profile(server: RubriqServer, arguments: list[Any]) -> dict[str, Any]:
    """The whole profile of a pair (what the code lens summarises), for a webview or a float."""
    uri = _target_uri(arguments[0]) if arguments else None
    if not uri or not is_pair_member(uri):
        return {"ok": False, "reason": "rubriq.showProfile needs the URI of a .prompt or .out"}
    key = pair_key(uri)
    view = server.view(key)
    state = server.pairs.get(key)
    if view is None:
        return {"ok": False, "reason": (state.note if state and state.note else "not checked yet")}
    name = key.rsplit("/", 1)[-1]
    note = "" if view.models_current else "Model-tier scores are from the last model pass (before the last edit)." \
        if state and state.model_pass else ""
    return {"ok": True, "title": f"Rubriq profile: {name}", "uri": uri,
            "markdown": profile_markdown(name, view.profile, len(view.findings), note),
            "html": profile_html(name, view.profile, len(view.findings), note),
            "profile": view.profile.model_dump(mode="json")}


async def show_rule_docs(server: RubriqServer, arguments: list[Any]) -> dict[str, Any]:
    """Open a rule's page (the registry's markdown as a local file, or the configured docs site)."""
    raw = arguments[0] if arguments else None
    code = str(raw.get("code", "") if isinstance(raw, dict) else raw or "").strip().upper()
    rule = find_rule(code)
    if rule is None:
        return {"ok": False, "reason": f"unknown rule code {code!r}"}
    options = next((a for a in arguments[1:] if isinstance(a, dict)), raw if isinstance(raw, dict) else {})
    href = rule_href(rule.code, server.root_config().rules_base_url)
    answer: dict[str, Any] = {"ok": True, "code": rule.code, "title": f"{rule.code} {rule.name}: {rule.title}",
                              "uri": href, "markdown": rule.markdown(), "shown": False}
    if href and options.get("open", True) and server.client_supports("window.show_document.support"):
        try:
            shown = await server.window_show_document_async(types.ShowDocumentParams(
                uri=href, external=not href.startswith("file:"), take_focus=True))
            answer["shown"] = bool(shown and shown.success)
        except Exception as exc:
            log.info("showDocument failed: %s", exc)
    return answer


async def reveal_repair(server: RubriqServer, arguments: list[Any]) -> dict[str, Any]:
    """After a repair was applied: show the `.prompt` with the inserted text selected (`window/showDocument`)."""
    raw = arguments[0] if arguments and isinstance(arguments[0], dict) else {}
    uri, selection = raw.get("uri"), raw.get("range")
    if not isinstance(uri, str) or not server.client_supports("window.show_document.support"):
        return {"shown": False}
    try:
        span = server.protocol._converter.structure(selection, types.Range) if selection else None
        shown = await server.window_show_document_async(types.ShowDocumentParams(
            uri=uri, take_focus=True, selection=span))
    except Exception as exc:
        log.info("showDocument failed: %s", exc)
        return {"shown": False}
    return {"shown": bool(shown and shown.success)}


def register(server: RubriqServer) -> None:
    @server.command(RESCORE)
    def rescore_command(ls: RubriqServer, *arguments: Any) -> dict[str, Any]:
        return rescore(ls, list(arguments))

    @server.command(RUN_SQB)
    async def run_sqb_command(ls: RubriqServer, *arguments: Any) -> dict[str, Any]:
        return await run_sqb(ls, list(arguments))

    @server.command(CANCEL_SQB)
    def cancel_sqb_command(ls: RubriqServer, *arguments: Any) -> dict[str, Any]:
        return cancel_sqb(ls)

    @server.command(CLEAR_CACHE)
    def clear_cache_command(ls: RubriqServer, *arguments: Any) -> dict[str, Any]:
        return clear_cache(ls)

    @server.command(STATUS)
    def status_command(ls: RubriqServer, *arguments: Any) -> dict[str, Any]:
        return status(ls, list(arguments))

    @server.command(SHOW_PROFILE)
    def show_profile_command(ls: RubriqServer, *arguments: Any) -> dict[str, Any]:
        return show_profile(ls, list(arguments))

    @server.command(SHOW_RULE_DOCS)
    async def show_rule_docs_command(ls: RubriqServer, *arguments: Any) -> dict[str, Any]:
        return await show_rule_docs(ls, list(arguments))

    @server.command(REVEAL_REPAIR)
    async def reveal_repair_command(ls: RubriqServer, *arguments: Any) -> dict[str, Any]:
        return await reveal_repair(ls, list(arguments))
