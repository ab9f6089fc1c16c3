"""A client that disconnects while a check runs: the server exits by itself, without a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import time
from pathlib import Path

from tests.lsp.conftest import FIXTURES, SERVER_COMMAND, SERVER_ENV


def _message(payload: dict) -> bytes:
    body = json.dumps(payload).encode("utf-8")
    return f"Content-Length: {len(body)}\r\n\r\n".encode("ascii") + body


def test_a_client_that_disconnects_mid_check_leaves_no_process_and_no_traceback(tmp_path: Path):
    (tmp_path / "gone.prompt").write_text((FIXTURES / "story.prompt").read_text(encoding="utf-8"), encoding="utf-8")
    story = (FIXTURES / "story.out").read_text(encoding="utf-8")
    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "processId": None, "rootUri": tmp_path.as_uri(), "capabilities": {},
            "initializationOptions": {"rubriq": {"debounce_ms": 0, "model_tiers": "manual"}}}},
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": (tmp_path / "gone.out").as_uri(), "languageId": "rubriq", "version": 1,
            "text": (story + "\n") * 1500}}},  # about 1 MB less a little: a check that takes a while
    ]
    log = tmp_path / "server.log"
    with log.open("wb") as stderr:
        server = subprocess.Popen(SERVER_COMMAND, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=stderr,
                                  env={**os.environ, **SERVER_ENV})
        assert server.stdin is not None
        server.stdin.write(b"".join(_message(m) for m in messages))
        server.stdin.flush()
        time.sleep(1.0)  # the check of the big output is under way
        server.stdin.close()  # the editor is gone: no shutdown, no exit
        try:
            server.wait(timeout=60)
        finally:
            if server.poll() is None:
                server.kill()
                server.wait()
    output = log.read_text(encoding="utf-8", errors="replace")
    assert server.returncode is not None  # it exited by itself, without waiting for the check to end
    assert "Traceback" not in output, output[-2000:]
