"""The language-server fault table: malformed framing and messages, odd arguments, hostile files, bursts, many
pairs and disconnects, each injected into a real `rubriq serve` over raw stdio, then a check that the server still
serves (or, for a fault that ends the connection, that it exits by itself with one clear log line).

Shared by `tests/lsp/test_faults.py` (every fault, as a test) and `bench/lsp_faults.py` (the table in
docs/reliability.md, with the server's memory over a long run of changes).
"""

from __future__ import annotations

import json
import os
import queue
import select
import shutil
import subprocess
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "lsp"
ENV = {"HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "PYTHONUNBUFFERED": "1"}
OPTIONS = {"rubriq": {"debounce_ms": 0, "model_tiers": "manual"}}
STORY_CLICHES = 6  # LD002 findings in tests/fixtures/lsp/story.out


def frame(payload: Any) -> bytes:
    body = json.dumps(payload).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class RawServer:
    """`rubriq serve` in a subprocess, spoken to over raw stdio, with every message it sends kept in order."""

    def __init__(self, command: list[str], root: Path, log_path: Path | None = None) -> None:
        self.root = root
        self.log_path = log_path or root / "server.log"
        self._log = self.log_path.open("wb")
        self.process = subprocess.Popen(command, cwd=root, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=self._log, env={**os.environ, **ENV})
        self.messages: list[dict[str, Any]] = []
        self.arrived: queue.Queue[dict[str, Any]] = queue.Queue()
        self.lock = threading.Lock()
        self.next_id = 1000
        self.pairs = 0
        self.reading_stopped = threading.Event()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    # ------------------------------------------------------------------ wire
    def _read(self) -> None:
        """Parse frames from the server's stdout; polls, so that `stop_reading` ends it without closing under it."""
        stream = self.process.stdout
        assert stream is not None
        fd = stream.fileno()
        buffer = b""
        while not self.reading_stopped.is_set():
            ready, _, _ = select.select([fd], [], [], 0.1)
            if not ready:
                continue
            try:
                chunk = os.read(fd, 1 << 16)
            except OSError:
                return
            if not chunk:
                return
            buffer += chunk
            while True:
                header_end = buffer.find(b"\r\n\r\n")
                if header_end == -1:
                    break
                length = None
                for line in buffer[:header_end].split(b"\r\n"):
                    if line.lower().startswith(b"content-length:"):
                        length = int(line.split(b":", 1)[1].strip())
                body_start = header_end + 4
                if length is None or len(buffer) < body_start + length:
                    break
                message = json.loads(buffer[body_start : body_start + length])
                buffer = buffer[body_start + length :]
                with self.lock:
                    self.messages.append(message)
                self.arrived.put(message)

    def stop_reading(self) -> None:
        """Stop reading the server's output and close our end of it, as a client that has gone away would."""
        self.reading_stopped.set()
        self.reader.join(5)
        self.process.stdout.close()  # type: ignore[union-attr]

    def send_raw(self, data: bytes) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, payload: Any) -> None:
        self.send_raw(frame(payload))

    def notify(self, method: str, params: Any) -> None:
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method: str, params: Any = None, **extra: Any) -> int:
        self.next_id += 1
        message: dict[str, Any] = {"jsonrpc": "2.0", "id": self.next_id, "method": method, **extra}
        if params is not None:
            message["params"] = params
        self.send(message)
        return self.next_id

    def wait(self, predicate: Callable[[dict[str, Any]], bool], timeout: float = 30.0) -> dict[str, Any] | None:
        """The first message (already received or arriving within `timeout`) that matches."""
        deadline = time.monotonic() + timeout
        with self.lock:
            for message in self.messages:
                if predicate(message):
                    return message
        while time.monotonic() < deadline:
            try:
                message = self.arrived.get(timeout=min(0.2, max(deadline - time.monotonic(), 0.01)))
            except queue.Empty:
                if self.process.poll() is not None and self.arrived.empty():
                    return None
                continue
            if predicate(message):
                return message
        return None

    def response(self, request_id: Any, timeout: float = 30.0) -> dict[str, Any] | None:
        return self.wait(lambda m: m.get("id") == request_id and "method" not in m, timeout)

    def call(self, method: str, params: Any = None, timeout: float = 30.0) -> dict[str, Any] | None:
        return self.response(self.request(method, params), timeout)

    # ------------------------------------------------------------------ session
    def initialize(self, options: dict[str, Any] | None = None) -> dict[str, Any] | None:
        answer = self.call("initialize", {"processId": None, "rootUri": self.root.as_uri(), "capabilities": {},
                                          "initializationOptions": options or OPTIONS}, timeout=60)
        self.notify("initialized", {})
        return answer

    def open(self, uri: str, text: str, version: int = 1) -> None:
        self.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "rubriq",
                                                              "version": version, "text": text}})

    def new_pair(self, name: str | None = None) -> tuple[str, str]:
        """A copy of the story fixture pair under a new name; returns (output uri, output text)."""
        self.pairs += 1
        name = name or f"pair{self.pairs}"
        shutil.copyfile(FIXTURES / "story.prompt", self.root / f"{name}.prompt")
        text = (FIXTURES / "story.out").read_text(encoding="utf-8")
        (self.root / f"{name}.out").write_text(text, encoding="utf-8")
        return (self.root / f"{name}.out").as_uri(), text

    def diagnostics(self, uri: str, until: Callable[[list[dict[str, Any]]], bool],
                    timeout: float = 30.0) -> list[dict[str, Any]] | None:
        found = self.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                          and m["params"]["uri"] == uri and until(m["params"]["diagnostics"]), timeout)
        return found["params"]["diagnostics"] if found else None

    def serving(self, timeout: float = 30.0) -> tuple[bool, str]:
        """A fresh pair gets its diagnostics and a request is answered: the server is alive and listening."""
        if self.process.poll() is not None:
            return False, f"the server exited with code {self.process.returncode}"
        uri, text = self.new_pair()
        self.open(uri, text)
        found = self.diagnostics(uri, lambda d: sum(x.get("code") == "LD002" for x in d) == STORY_CLICHES, timeout)
        if found is None:
            return False, "a new pair got no diagnostics"
        status = self.call("workspace/executeCommand", {"command": "rubriq.status", "arguments": [uri]}, timeout)
        if status is None or "result" not in status:
            return False, f"rubriq.status was not answered: {status}"
        return True, "serving"

    def status(self) -> dict[str, Any]:
        answer = self.call("workspace/executeCommand", {"command": "rubriq.status", "arguments": []})
        return (answer or {}).get("result") or {}

    def log_text(self) -> str:
        if not self._log.closed:
            self._log.flush()
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def stop(self, timeout: float = 30.0) -> int | None:
        """shutdown + exit when the server is still there; then make sure the process is gone."""
        if self.process.poll() is None:
            try:
                self.call("shutdown", timeout=10)
                self.notify("exit", None)
                self.process.stdin.close()  # type: ignore[union-attr]
            except OSError:
                pass
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self._log.close()
        return self.process.returncode


# ---------------------------------------------------------------------- the faults
@dataclass
class Fault:
    name: str
    group: str
    inject: Callable[[RawServer], tuple[bool, str]]  # (as expected, what was seen)
    ends_connection: bool = False  # the server is expected to exit by itself afterwards
    own_server: bool = False  # needs a server of its own (a prepared workspace, or it ends the connection)
    prepare: Callable[[Path], None] | None = None  # writes files into the workspace before the server starts
    initialize: bool = True


@dataclass
class Outcome:
    fault: Fault
    handled: bool
    detail: str
    serving_after: bool
    serving_detail: str
    tracebacks: int
    log_lines: int
    seconds: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return self.handled and self.serving_after and self.tracebacks == 0


def _error_reply(code: int | None = None) -> Callable[[dict[str, Any] | None], tuple[bool, str]]:
    def check(reply: dict[str, Any] | None) -> tuple[bool, str]:
        if reply is None:
            return False, "no reply"
        error = reply.get("error")
        if not error:
            return False, f"a result instead of an error: {str(reply.get('result'))[:80]}"
        return (code is None or error.get("code") == code), f"error {error.get('code')}: {error.get('message')[:80]}"
    return check


def _answered(reply: dict[str, Any] | None) -> tuple[bool, str]:
    if reply is None:
        return False, "no reply"
    if "error" in reply:
        return True, f"error {reply['error'].get('code')}: {str(reply['error'].get('message'))[:80]}"
    return True, "answered"


def _result_object(reply: dict[str, Any] | None) -> tuple[bool, str]:
    if reply is None:
        return False, "no reply"
    if not isinstance(reply.get("result"), dict):
        return False, f"no result object: {str(reply)[:120]}"
    return True, "answered with a result"


def _then_request(server: RawServer, data: bytes, check=_result_object) -> tuple[bool, str]:
    """Send raw bytes, then a well-formed request: it must be answered."""
    server.send_raw(data)
    return check(server.call("workspace/executeCommand", {"command": "rubriq.status", "arguments": []}))


def _body(method: str = "workspace/executeCommand", **params: Any) -> bytes:
    return json.dumps({"jsonrpc": "2.0", "id": 7, "method": method, "params": params}).encode()


def _request_reply(method: str, params: Any, check: Callable[[dict[str, Any] | None], tuple[bool, str]],
                   **extra: Any) -> Callable[[RawServer], tuple[bool, str]]:
    def inject(server: RawServer) -> tuple[bool, str]:
        return check(server.response(server.request(method, params, **extra), timeout=20))
    return inject


def _raw_request_reply(payload: dict[str, Any], check) -> Callable[[RawServer], tuple[bool, str]]:
    def inject(server: RawServer) -> tuple[bool, str]:
        server.send(payload)
        return check(server.response(payload["id"], timeout=20))
    return inject


def _hover(position: Any, uri: str | None = None) -> Callable[[RawServer], tuple[bool, str]]:
    def inject(server: RawServer) -> tuple[bool, str]:
        target = uri or server.new_pair()[0]
        params: dict[str, Any] = {"textDocument": {"uri": target}}
        if position is not None:
            params["position"] = position
        return _answered(server.response(server.request("textDocument/hover", params), timeout=20))
    return inject


def _status_with(*arguments: Any) -> Callable[[RawServer], tuple[bool, str]]:
    def inject(server: RawServer) -> tuple[bool, str]:
        reply = server.call("workspace/executeCommand", {"command": "rubriq.status", "arguments": list(arguments)})
        ok, detail = _result_object(reply)
        return ok, detail
    return inject


def _command_with(command: str, arguments: Any) -> Callable[[RawServer], tuple[bool, str]]:
    def inject(server: RawServer) -> tuple[bool, str]:
        return _answered(server.call("workspace/executeCommand", {"command": command, "arguments": arguments}))
    return inject


def _surrogate_document(server: RawServer) -> tuple[bool, str]:
    uri, text = server.new_pair("surrogate")
    broken = text.replace("Pip found", "Pip \ud800 found")  # a lone surrogate: legal JSON ("\\ud800")
    server.open(uri, broken)
    found = server.diagnostics(uri, lambda d: sum(x.get("code") == "LD002" for x in d) == STORY_CLICHES, 30)
    return found is not None, "diagnostics published" if found else "no diagnostics for the document"


def _cr_only_document(server: RawServer) -> tuple[bool, str]:
    uri, text = server.new_pair("old_mac")
    server.open(uri, text.replace("\n", "\r"))
    found = server.diagnostics(uri, lambda d: any(x.get("code") == "LD002" for x in d), 30)
    if not found:
        return False, "no diagnostics"
    blue = next((d for d in found if d["data"].get("evidence") == "out of the blue"), None)
    if blue is None:
        return False, "the cliché on line 5 was not found"
    line = blue["range"]["start"]["line"]
    return line == 4, f"'out of the blue' reported on line {line + 1} (expected 5)"


def _change_unopened(server: RawServer) -> tuple[bool, str]:
    server.notify("textDocument/didChange", {"textDocument": {"uri": (server.root / "never.out").as_uri(),
                                                              "version": 2},
                                             "contentChanges": [{"text": "x"}]})
    return True, "notification sent"


def _change_bad_range(server: RawServer) -> tuple[bool, str]:
    uri, text = server.new_pair("badrange")
    server.open(uri, text)
    server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [
        {"range": {"start": {"line": 99, "character": 5}, "end": {"line": 2, "character": 0}}, "text": "x"}]})
    server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 3}, "contentChanges": [
        {"range": {"start": {"line": -1, "character": 0}, "end": {"line": 0, "character": 0}}, "text": "x"}]})
    return True, "notifications sent"


def _burst(count: int) -> Callable[[RawServer], tuple[bool, str]]:
    def inject(server: RawServer) -> tuple[bool, str]:
        uri, text = server.new_pair(f"burst{count}")
        server.open(uri, text)
        data = b"".join(frame({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": v + 2},
            "contentChanges": [{"range": {"start": {"line": 2, "character": 0}, "end": {"line": 2, "character": 0}},
                                "text": "x"}]}}) for v in range(count))
        server.send_raw(data)
        last = count + 1
        found = server.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                            and m["params"]["uri"] == uri and m["params"].get("version") == last, 60)
        pending = server.status().get("caches", {}).get("pending_futures")
        ok = found is not None and (pending is None or pending < 50)
        return ok, f"last version {'checked' if found else 'never checked'}; futures kept: {pending}"
    return inject


def _many_pairs(count: int) -> Callable[[RawServer], tuple[bool, str]]:
    def inject(server: RawServer) -> tuple[bool, str]:
        opened = []
        for i in range(count):
            uri, text = server.new_pair(f"many{i}")
            server.open(uri, text)
            opened.append(uri)
        missing = [u for u in opened if server.diagnostics(
            u, lambda d: sum(x.get("code") == "LD002" for x in d) == STORY_CLICHES, 90) is None]
        return not missing, f"{count - len(missing)} of {count} pairs got their diagnostics"
    return inject


def _deep_json(depth: int) -> bytes:
    return ("{\"jsonrpc\": \"2.0\", \"method\": \"x\", \"params\": " + "[" * depth + "]" * depth + "}").encode()


def _prepare_deep_ignore(root: Path) -> None:
    (root / ".rubriq").mkdir(exist_ok=True)
    (root / ".rubriq" / "ignore.json").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")


def _prepare_deep_toml(root: Path) -> None:
    (root / "rubriq.toml").write_text("x = " + "[" * 1000 + "]" * 1000 + "\n", encoding="utf-8")


def _initialize_answered(server: RawServer) -> tuple[bool, str]:
    answer = server.initialize()
    ok = bool(answer and "result" in answer and answer["result"].get("capabilities"))
    return ok, "initialize answered with capabilities" if ok else f"initialize failed: {str(answer)[:200]}"


def _ignore_file_changes_to_deep(server: RawServer) -> tuple[bool, str]:
    _prepare_deep_ignore(server.root)
    server.notify("workspace/didChangeWatchedFiles", {"changes": [
        {"uri": (server.root / ".rubriq" / "ignore.json").as_uri(), "type": 2}]})
    return True, "notification sent"


def _exits(within: float, expect_line: str | None = None) -> Callable[[RawServer], tuple[bool, str]]:
    """After the fault the process must end by itself, and (optionally) say why in one line."""
    def check(server: RawServer) -> tuple[bool, str]:
        try:
            server.process.wait(timeout=within)
        except subprocess.TimeoutExpired:
            return False, f"still running after {within:g} s"
        log = server.log_text()
        if expect_line and log.count(expect_line) != 1:
            return False, f"exit code {server.process.returncode}; {log.count(expect_line)} lines '{expect_line}'"
        return True, f"exited with code {server.process.returncode}"
    return check


def _disconnect(data: bytes, within: float = 30.0) -> Callable[[RawServer], tuple[bool, str]]:
    def inject(server: RawServer) -> tuple[bool, str]:
        server.send_raw(data)
        server.process.stdin.close()  # type: ignore[union-attr]
        return _exits(within)(server)
    return inject


def _stops_reading(server: RawServer) -> tuple[bool, str]:
    """The client closes its end of the server's output, keeps writing: the server must notice and exit once."""
    server.stop_reading()
    for i in range(20):
        uri, text = server.new_pair(f"unread{i}")
        try:
            server.open(uri, text)
        except OSError:
            break
        time.sleep(0.1)
    return _exits(30, "stopped reading")(server)


def _exit_without_shutdown(server: RawServer) -> tuple[bool, str]:
    server.notify("exit", None)
    ended, how = _exits(30)(server)
    return ended and server.process.returncode == 1, how + " (LSP: 1 when exit comes without shutdown)"


def _requests_after_shutdown(server: RawServer) -> tuple[bool, str]:
    first = server.call("shutdown", timeout=20)
    if first is None:
        return False, "shutdown not answered"
    reply = server.call("textDocument/hover", {"textDocument": {"uri": (server.root / "x.out").as_uri()},
                                               "position": {"line": 0, "character": 0}}, timeout=20)
    ok, detail = _error_reply()(reply)
    server.notify("exit", None)
    ended, how = _exits(30)(server)
    return ok and ended and server.process.returncode == 0, f"{detail}; {how}"


HOVER_POSITION = {"line": 0, "character": 0}
INVALID_PARAMS, INVALID_REQUEST, METHOD_NOT_FOUND = -32602, -32600, -32601


def build_faults() -> list[Fault]:
    serving = [
        # framing
        Fault("header without Content-Length", "framing", lambda s: _then_request(
            s, b"Content-Type: application/vscode-jsonrpc\r\n\r\n" + _body(command="rubriq.status"))),
        Fault("non-numeric Content-Length", "framing",
              lambda s: _then_request(s, b"Content-Length: abc\r\n\r\n" + _body(command="rubriq.status"))),
        Fault("Content-Length shorter than the body", "framing", lambda s: _then_request(
            s, b"Content-Length: 20\r\n\r\n" + _body(command="rubriq.status"))),
        Fault("Content-Length longer than the body", "framing", lambda s: _then_request(
            s, b"Content-Length: 120\r\n\r\n" + _body(command="rubriq.status"))),
        Fault("negative Content-Length", "framing",
              lambda s: _then_request(s, b"Content-Length: -5\r\n\r\n" + _body(command="rubriq.status"))),
        Fault("Content-Length of 10^15", "framing", lambda s: _then_request(
            s, b"Content-Length: 1000000000000000\r\n\r\n" + _body(command="rubriq.status"))),
        Fault("Content-Length 0", "framing", lambda s: _then_request(s, b"Content-Length: 0\r\n\r\n")),
        Fault("lower-case header name", "framing", lambda s: _then_request(
            s, b"content-length: %d\r\n\r\n" % len(_body(command="rubriq.status")) + _body(command="rubriq.status"))),
        Fault("garbage line before a header", "framing", lambda s: _then_request(s, b"hello there\r\n")),
        Fault("1 MB of bytes without a line break", "framing", lambda s: _then_request(s, b"z" * 1_000_000 + b"\r\n")),
        Fault("body that is not JSON", "framing", lambda s: _then_request(s, b"Content-Length: 9\r\n\r\n{not json")),
        Fault("body that is not UTF-8", "framing",
              lambda s: _then_request(s, b"Content-Length: 6\r\n\r\n\xff\xfe\xfd{}\x80")),
        Fault("JSON array instead of an object", "framing", lambda s: _then_request(s, frame([1, 2, 3]))),
        Fault("JSON nested 100,000 deep", "framing",
              lambda s: _then_request(s, b"Content-Length: %d\r\n\r\n" % len(_deep_json(100_000))
                                      + _deep_json(100_000))),
        # messages
        Fault("request without jsonrpc member", "message", _raw_request_reply(
            {"id": 501, "method": "textDocument/hover", "params": {}}, _error_reply(INVALID_REQUEST))),
        Fault("request with jsonrpc 1.0", "message", _raw_request_reply(
            {"jsonrpc": "1.0", "id": 502, "method": "shutdown"}, _error_reply(INVALID_REQUEST))),
        Fault("request with a numeric method", "message", _raw_request_reply(
            {"jsonrpc": "2.0", "id": 503, "method": 5}, _error_reply(INVALID_REQUEST))),
        Fault("unknown method", "message", _request_reply("rubriq/nothing", {}, _error_reply(METHOD_NOT_FOUND))),
        Fault("hover with string params", "message",
              _request_reply("textDocument/hover", "abc", _error_reply(INVALID_PARAMS))),
        Fault("hover without a position", "message", _request_reply(
            "textDocument/hover", {"textDocument": {"uri": "file:///x.out"}}, _error_reply(INVALID_PARAMS))),
        Fault("hover at line -1", "message", _request_reply(
            "textDocument/hover", {"textDocument": {"uri": "file:///x.out"}, "position": {"line": -1, "character": 0}},
            _error_reply(INVALID_PARAMS))),
        Fault("hover beyond the end of the file", "message",
              _hover({"line": 10**9, "character": 10**9})),
        Fault("code action without a range", "message", _request_reply(
            "textDocument/codeAction", {"textDocument": {"uri": "file:///x.out"}, "context": {"diagnostics": []}},
            _error_reply(INVALID_PARAMS))),
        Fault("request with an object as id", "message", lambda s: _then_request(
            s, frame({"jsonrpc": "2.0", "id": {"a": 1}, "method": "shutdown"}))),
        Fault("response to a request never sent", "message",
              lambda s: _then_request(s, frame({"jsonrpc": "2.0", "id": "nobody-asked", "result": None}))),
        Fault("cancel of an unknown request", "message", lambda s: _then_request(
            s, frame({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 99999}}))),
        Fault("didChange of a document never opened", "message", _change_unopened),
        Fault("didChange with an inverted or negative range", "message", _change_bad_range),
        Fault("unknown command", "message", _command_with("rubriq.nothing", [])),
        Fault("rubriq.status with [5]", "command", _status_with(5)),
        Fault("rubriq.status with [{\"uri\": 5}]", "command", _status_with({"uri": 5})),
        Fault("rubriq.status with [null, [], {}]", "command", _status_with(None, [], {})),
        Fault("rubriq.status with a relative path", "command", _status_with("x.out")),
        Fault("rubriq.status with a URI of another scheme", "command", _status_with("untitled:Untitled-1.out")),
        Fault("rubriq.rescore with [{\"uri\": [1]}]", "command", _command_with("rubriq.rescore", [{"uri": [1]}])),
        Fault("rubriq.status with a string for arguments", "command",
              _command_with("rubriq.status", "file:///x.out")),
        # documents
        Fault("document with a lone surrogate", "document", _surrogate_document),
        Fault("document with CR-only line ends", "document", _cr_only_document),
        Fault(".rubriq/ignore.json changed to 100,000-deep JSON", "document", _ignore_file_changes_to_deep),
        # load
        Fault("burst of 1,000 changes", "load", _burst(1000)),
        Fault("50 pairs opened at once", "load", _many_pairs(50)),
    ]
    own = [
        Fault("100,000-deep .rubriq/ignore.json at initialize", "startup", _initialize_answered, own_server=True,
              prepare=_prepare_deep_ignore, initialize=False),
        Fault("1,000-deep rubriq.toml", "startup", _initialize_answered, own_server=True,
              prepare=_prepare_deep_toml, initialize=False),
        Fault("requests after shutdown", "disconnect", _requests_after_shutdown, ends_connection=True,
              own_server=True),
        Fault("exit without shutdown", "disconnect", _exit_without_shutdown, ends_connection=True, own_server=True),
        Fault("client closes stdin while idle", "disconnect", _disconnect(b""), ends_connection=True,
              own_server=True),
        Fault("client closes stdin inside a header", "disconnect", _disconnect(b"Content-Len"),
              ends_connection=True, own_server=True),
        Fault("client closes stdin inside a body", "disconnect", _disconnect(b"Content-Length: 500\r\n\r\n{\"js"),
              ends_connection=True, own_server=True),
        Fault("client stops reading (broken pipe)", "disconnect", _stops_reading, ends_connection=True,
              own_server=True),
    ]
    return serving + own


def run_fault(fault: Fault, server: RawServer) -> Outcome:
    """Inject one fault into a running server and see what follows."""
    before = server.log_text()
    start = time.monotonic()
    try:
        handled, detail = fault.inject(server)
    except Exception as exc:  # the harness itself must report, not crash
        handled, detail = False, f"{type(exc).__name__}: {exc}"
    if fault.ends_connection:
        serving_after, serving_detail = handled, "exited by itself" if handled else "did not exit"
    else:
        serving_after, serving_detail = server.serving()
    seconds = time.monotonic() - start
    after = server.log_text()[len(before):]
    return Outcome(fault, handled, detail, serving_after, serving_detail, after.count("Traceback"),
                   after.count("\n"), round(seconds, 2))


def run_own_server(fault: Fault, command: list[str], root: Path) -> Outcome:
    root.mkdir(parents=True, exist_ok=True)
    if fault.prepare:
        fault.prepare(root)
    server = RawServer(command, root)
    try:
        if fault.initialize:
            server.initialize()
        outcome = run_fault(fault, server)
    finally:
        server.stop()
    log = server.log_text()
    outcome.tracebacks = log.count("Traceback")
    outcome.log_lines = log.count("\n")
    return outcome
