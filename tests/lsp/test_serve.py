"""`rubriq serve` starts the same server over stdio, or over TCP with --tcp HOST:PORT."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time

import pytest

from tests.lsp.conftest import SERVER_ENV


def _frame(payload: dict) -> bytes:
    body = json.dumps(payload).encode("utf-8")
    return f"Content-Length: {len(body)}\r\n\r\n".encode("ascii") + body


def _read_message(stream) -> dict:
    headers = b""
    while not headers.endswith(b"\r\n\r\n"):
        chunk = stream.read(1)
        if not chunk:
            raise AssertionError(f"connection closed after {headers!r}")
        headers += chunk
    length = int(next(line for line in headers.split(b"\r\n") if line.lower().startswith(b"content-length"))
                 .split(b":")[1])
    return json.loads(stream.read(length))


INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"processId": None, "capabilities": {}}}


def _initialize_result(stream_in, stream_out) -> dict:
    stream_in.write(_frame(INITIALIZE))
    stream_in.flush()
    while True:
        message = _read_message(stream_out)
        if message.get("id") == 1:
            return message["result"]


@pytest.mark.parametrize("extra", [[], ["--stdio"]], ids=["default", "explicit-stdio"])
def test_rubriq_serve_speaks_lsp_on_stdio(extra):
    server = subprocess.Popen([sys.executable, "-m", "rubriq", "serve", *extra], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env={**os.environ, **SERVER_ENV})
    try:
        result = _initialize_result(server.stdin, server.stdout)
        assert result["serverInfo"]["name"] == "rubriq"
        commands = result["capabilities"]["executeCommandProvider"]["commands"]
        assert {"rubriq.rescore", "rubriq.runSQB", "rubriq.clearCache", "rubriq.status"} <= set(commands)
        assert result["capabilities"]["textDocumentSync"]["change"] == 2  # incremental
    finally:
        server.kill()
        server.wait()


def test_rubriq_serve_tcp_listens_on_the_given_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "rubriq", "serve", "--tcp", f"127.0.0.1:{port}"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**os.environ, **SERVER_ENV})
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                connection = socket.create_connection(("127.0.0.1", port), timeout=30)
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise
                time.sleep(0.1)
        with connection, connection.makefile("rwb") as stream:
            assert _initialize_result(stream, stream)["serverInfo"]["name"] == "rubriq"
    finally:
        server.kill()
        server.wait()
