"""The language-server fault table, and the server's memory over a long run of changes.

    python bench/lsp_faults.py [--changes 20000] [--server "python -m rubriq serve"] [--skip-memory]

Every fault of `tests/lsp/faults.py` (framing, malformed messages, odd command arguments, hostile documents and
workspace files, bursts, 50 open pairs, disconnects) is injected into a real `rubriq serve` over raw stdio; after
each, a new pair must get its diagnostics and a request must be answered, or, for a fault that ends the connection,
the process must exit by itself. The log is checked for tracebacks.

Then the memory run: one pair open, `--changes` one-character didChange notifications, and the server's resident
memory (`rubriq.status` `rss_mb`) and kept futures (`pending_futures`) before and after: KB per change. That part
measures memory; record it on a quiet machine. `--skip-memory` runs the table alone.

Prints one JSON object: every fault with its group, whether it was handled, what was seen, whether the server
served afterwards, tracebacks and log lines; the totals; and the memory figures.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import tempfile
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from tests.lsp.faults import RawServer, build_faults, frame, run_fault, run_own_server  # noqa: E402


def fault_table(command: list[str], work: Path) -> list[dict]:
    rows = []
    faults = build_faults()
    shared_root = work / "shared"
    shared_root.mkdir()
    server = RawServer(command, shared_root)
    server.initialize()
    for fault in faults:
        if fault.own_server:
            outcome = run_own_server(fault, command, work / f"own{len(rows)}")
        else:
            outcome = run_fault(fault, server)
            if not outcome.serving_after:  # later faults need a server: start a fresh one
                server.stop()
                server = RawServer(command, work / f"shared{len(rows)}")
                server.root.mkdir(exist_ok=True)
                server.initialize()
        rows.append({
            "fault": fault.name, "group": fault.group, "ok": outcome.ok, "handled": outcome.handled,
            "seen": outcome.detail, "after": outcome.serving_detail, "tracebacks": outcome.tracebacks,
            "log_lines": outcome.log_lines, "seconds": outcome.seconds,
        })
        print(f"{'ok  ' if outcome.ok else 'FAIL'} {fault.name}: {outcome.detail}; {outcome.serving_detail}",
              file=sys.stderr, flush=True)
    server.stop()
    return rows


def memory_run(command: list[str], work: Path, changes: int) -> dict:
    root = work / "memory"
    root.mkdir()
    server = RawServer(command, root)
    server.initialize()
    uri, text = server.new_pair("typed")
    server.open(uri, text)
    server.diagnostics(uri, bool, 60)
    before = server.status()
    batch = 500
    start = time.monotonic()
    for first in range(0, changes, batch):
        server.send_raw(b"".join(frame({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": v + 2}, "contentChanges": [
                {"range": {"start": {"line": 2, "character": 0}, "end": {"line": 2, "character": 1}},
                 "text": "x"}]}}) for v in range(first, min(first + batch, changes))))
        last = min(first + batch, changes) + 1
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:  # the server has checked the last version sent
            answer = server.call("workspace/executeCommand", {"command": "rubriq.status", "arguments": [uri]})
            pair = ((answer or {}).get("result") or {}).get("pair") or {}
            if (pair.get("checked_versions") or {}).get("output") == last:
                break
            time.sleep(0.05)
    after = server.status()
    seconds = time.monotonic() - start
    server.stop()
    grown = (after.get("rss_mb", 0) - before.get("rss_mb", 0)) * 1024
    return {
        "changes": changes,
        "rss_mb_before": before.get("rss_mb"),
        "rss_mb_after": after.get("rss_mb"),
        "kb_per_change": round(grown / changes, 3) if changes else None,
        "pending_futures_after": after.get("caches", {}).get("pending_futures"),
        "tier0_runs": after.get("caches", {}).get("tier0_runs"),
        "seconds": round(seconds, 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--server", default=f"{sys.executable} -m rubriq serve", help="the server command")
    parser.add_argument("--changes", type=int, default=20_000)
    parser.add_argument("--skip-memory", action="store_true")
    args = parser.parse_args()
    command = shlex.split(args.server)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        rows = fault_table(command, work)
        memory = None if args.skip_memory else memory_run(command, work, args.changes)
    print(json.dumps({
        "server": args.server,
        "faults": len(rows),
        "ok": sum(r["ok"] for r in rows),
        "tracebacks": sum(r["tracebacks"] for r in rows),
        "rows": rows,
        "memory": memory,
    }, indent=2))
    return 0 if all(r["ok"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
