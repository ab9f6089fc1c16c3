"""The wire under the language server: framing, malformed messages and a client that is gone, handled so that the
server never goes deaf, never floods its log and never leaves a request unanswered.

pygls' own reader expects exactly `Content-Length: N\\r\\n` and loses its place for good after one bad header (a
header without Content-Length, a non-numeric or wrong length): every later message is glued to the garbage before
it and ignored. `read_messages` finds its place again: a header line is recognised wherever `Content-Length:`
starts in it, bytes that are not a message are skipped with one log line, and a body that is not JSON is searched
for the next header. Requests that cannot be read (no `jsonrpc`, parameters of the wrong shape) are answered with
the JSON-RPC error for them instead of silence. When the client stops reading (broken pipe) the server logs one
line and exits, so the editor can start a new one, instead of logging a traceback per message.

`RubriqProtocol` also drops pygls 2.1's bookkeeping future of every handled notification (it keeps one per
`didChange` in `_request_futures` for the life of the process, about 2 KB each).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import re
import sys
import threading
from concurrent.futures import Future
from typing import Any, BinaryIO

from lsprotocol.types import EXIT, ResponseErrorMessage
from pygls.exceptions import (
    JsonRpcException,
    JsonRpcInvalidParams,
    JsonRpcInvalidRequest,
    JsonRpcMethodNotFound,
    JsonRpcRequestCancelled,
)
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.json_rpc import JsonRPCNotification, JsonRPCRequestMessage, JsonRPCResponseMessage

log = logging.getLogger("rubriq.lsp")

MAX_BODY_BYTES = 256 * 1024 * 1024  # a larger Content-Length is a framing error, not an allocation
MAX_HEADER_LINE = 64 * 1024  # header lines are read in pieces of this size at most
CONTENT_LENGTH_RE = re.compile(rb"content-length[ \t]*:[ \t]*([^\r\n]*)", re.IGNORECASE)
OTHER_HEADER_RE = re.compile(rb"^[A-Za-z][A-Za-z0-9-]*[ \t]*:")
# The first few problems of each kind are logged in full, then one line per this many, so a client that sends
# garbage in a loop cannot fill the log.
LOG_FIRST, LOG_EVERY = 5, 1000


class ProblemLog:
    """Counts wire problems by kind and logs a bounded number of lines about them."""

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}

    def __call__(self, kind: str, detail: str) -> None:
        count = self.counts.get(kind, 0) + 1
        self.counts[kind] = count
        if count <= LOG_FIRST:
            log.warning("%s: %s", kind, detail)
        elif count % LOG_EVERY == 0:
            log.warning("%s: %d times so far (latest: %s)", kind, count, detail)


class FramedReader:
    """Header lines and bodies from a blocking binary stream, read on a worker thread, with bytes pushed back."""

    def __init__(self, stream: BinaryIO, executor: Any = None) -> None:
        self.stream = stream
        self.executor = executor
        self.pending = b""

    def unread(self, data: bytes) -> None:
        self.pending = data + self.pending

    async def _call(self, function: Any, *args: Any) -> bytes:
        return await asyncio.get_running_loop().run_in_executor(self.executor, function, *args)

    async def readline(self) -> bytes:
        """One line (with its b"\\n"), or a piece of at most MAX_HEADER_LINE bytes, or b"" at the end."""
        if self.pending:
            end = self.pending.find(b"\n")
            if end != -1 or len(self.pending) >= MAX_HEADER_LINE:
                cut = end + 1 if end != -1 else MAX_HEADER_LINE
                line, self.pending = self.pending[:cut], self.pending[cut:]
                return line
            head, self.pending = self.pending, b""
            return head + await self._call(self.stream.readline, MAX_HEADER_LINE - len(head))
        return await self._call(self.stream.readline, MAX_HEADER_LINE)

    async def read(self, size: int) -> bytes:
        """Exactly `size` bytes, or fewer at the end of the stream."""
        head, self.pending = self.pending[:size], self.pending[size:]
        if len(head) == size:
            return head
        return head + await self._call(self.stream.read, size - len(head))


async def read_messages(stop: threading.Event, reader: FramedReader, protocol: RubriqProtocol) -> None:
    """Read framed JSON-RPC messages until the stream ends (or `stop` is set), and hand each to `protocol`."""
    problem = protocol.problems
    length: int | None = None
    header_seen = bad_header = False
    tail = b""  # the end of a header piece cut at MAX_HEADER_LINE, in case `Content-Length:` spans two pieces
    while not stop.is_set():
        line = await reader.readline()
        if not line:
            break
        if not line.endswith(b"\n"):  # a long run of bytes without a line break: skipped, its end kept
            tail = (tail + line)[-64:]
            continue
        line, tail = tail + line, b""
        found = CONTENT_LENGTH_RE.search(line)
        if found and found.start() > 0:
            problem("framing error", f"skipped {found.start()} bytes before a Content-Length header")
        if found:
            value = found.group(1).strip()
            header_seen = True
            if value.isdigit() and int(value) <= MAX_BODY_BYTES:
                length, bad_header = int(value), False
            else:
                why = "too large" if value.isdigit() else "not a number"
                problem("framing error", f"Content-Length {value[:40]!r} is {why}; waiting for the next header")
                length, bad_header = None, True
            continue
        if line.strip() == b"":
            if length is not None:
                await _read_body(reader, protocol, length)
            elif header_seen and not bad_header:
                problem("framing error", "a message header without Content-Length; waiting for the next header")
            length, header_seen, bad_header = None, False, False
            continue
        if OTHER_HEADER_RE.match(line):
            header_seen = True
            continue
        problem("framing error", f"skipped {len(line)} bytes that are not a message header")


async def _read_body(reader: FramedReader, protocol: RubriqProtocol, length: int) -> None:
    body = await reader.read(length)
    if len(body) < length:
        protocol.problems("framing error", f"the stream ended {length - len(body)} bytes into a message")
        return
    try:
        raw = json.loads(body)
    except RecursionError:
        protocol.problems("invalid message", f"a {length}-byte message is nested too deeply to read")
        return
    except ValueError as exc:  # JSONDecodeError and UnicodeDecodeError
        resume = body.find(b"Content-Length:", 1)
        if resume != -1:  # the declared length ran into the next message: read that one again
            reader.unread(body[resume:])
        protocol.problems("invalid message", f"a {length}-byte message is not JSON ({exc})")
        return
    protocol.handle_raw(raw)


class SafeWriter:
    """stdout for the protocol: when the client has stopped reading, say so once and exit instead of raising."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream
        self.lock = threading.Lock()
        self.closed = False  # by the server itself (on `exit`): later writes are dropped quietly

    def close(self) -> None:
        with self.lock:
            self.closed = True
            with contextlib.suppress(OSError):
                self.stream.close()

    def write(self, data: bytes) -> None:
        with self.lock:
            if self.closed:
                return
            try:
                self.stream.write(data)
                self.stream.flush()
            except (BrokenPipeError, ConnectionResetError, ValueError, OSError) as exc:
                client_gone(exc)


def client_gone(exc: BaseException) -> None:
    """Nothing can reach the client any more: one log line, then exit (the editor starts a new server)."""
    log.error("the client stopped reading the server's output (%s): exiting", exc.__class__.__name__)
    logging.shutdown()
    os._exit(1)


class _Futures(dict):
    """In-flight futures. `items()` is a snapshot: pygls cancels every future while iterating (on `shutdown`), and a
    cancelled future's done-callback removes it from here."""

    def items(self):  # type: ignore[override]
        return list(super().items())


def _request_id(raw: dict[str, Any]) -> str | int | None:
    value = raw.get("id")
    return value if isinstance(value, str | int) and not isinstance(value, bool) else None


class RubriqProtocol(LanguageServerProtocol):
    """pygls' protocol with replies to unreadable requests, one-line logs for bad messages and no kept futures."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.problems = ProblemLog()
        self._request_futures = _Futures()

    # ------------------------------------------------------------------ reading
    def handle_raw(self, raw: Any) -> None:
        """One decoded JSON value from the client."""
        if not isinstance(raw, dict):
            self.problems("invalid message", f"a JSON {type(raw).__name__} instead of an object")
            return
        request_id = _request_id(raw)
        is_request = "method" in raw and "id" in raw
        if "id" in raw and request_id is None and raw["id"] is not None:  # an id must be a string or a number
            self.problems("invalid request", f"an id of type {type(raw['id']).__name__}; the message is dropped")
            return
        if raw.get("jsonrpc") != self.VERSION or ("method" in raw and not isinstance(raw["method"], str)):
            self.problems("invalid request", f"not a JSON-RPC 2.0 message (method {str(raw.get('method'))[:60]!r})")
            if is_request and request_id is not None:
                self._reply_error(request_id, JsonRpcInvalidRequest("not a JSON-RPC 2.0 request: \"jsonrpc\" must "
                                                                    "be \"2.0\" and \"method\" a string"))
            return
        try:
            message = self.structure_message(raw)
        except JsonRpcException as exc:
            self.problems("invalid params", f"{raw.get('method', 'a response')}: {exc.message}")
            if is_request and request_id is not None:
                self._reply_error(request_id, exc)
            return
        try:
            self.handle_message(message)
        except (SystemExit, KeyboardInterrupt):
            raise
        except Exception as exc:  # a bug in a handler: one line, the request still answered
            log.exception("handling %s failed", raw.get("method", "a response"))
            if is_request and request_id is not None:
                self._reply_error(request_id, JsonRpcException(f"internal error: {exc}"))

    def structure_message(self, data: dict[str, Any]) -> Any:
        """pygls' message typing, but a message that does not fit its type raises InvalidParams without logging a
        traceback (pygls logs one per bad message)."""
        if "jsonrpc" not in data:  # a nested object (pygls' TCP reader calls this as a JSON object hook)
            return data
        try:
            if "id" in data:
                if "error" in data:
                    return self._converter.structure(data, ResponseErrorMessage)
                if "method" in data:
                    request_type = self.get_message_type(data["method"]) or JsonRPCRequestMessage
                    return self._converter.structure(data, request_type)
                response_type = self._result_types.pop(data["id"], None) or JsonRPCResponseMessage
                return self._converter.structure(data, response_type)
            notification_type = self.get_message_type(data.get("method", "")) or JsonRPCNotification
            return self._converter.structure(data, notification_type)
        except Exception as exc:
            raise JsonRpcInvalidParams(f"the parameters do not fit {data.get('method', 'the message')}: "
                                       f"{_first_line(exc)}") from exc

    def handle_message(self, message: Any) -> None:
        if self._shutdown and getattr(message, "method", "") != EXIT:
            request_id = getattr(message, "id", None)
            if getattr(message, "method", None) and request_id is not None:
                self._reply_error(request_id, JsonRpcInvalidRequest("the server is shutting down"))
            return
        super().handle_message(message)

    def _reply_error(self, request_id: str | int, error: JsonRpcException) -> None:
        self._send_data(ResponseErrorMessage(id=request_id, error=error.to_response_error()))

    # ------------------------------------------------------------------ bookkeeping
    def _execute_handler(self, msg_id: Any, handler: Any, callback: Any, args: Any = None, kwargs: Any = None) -> None:
        """pygls stores a future for every asynchronous or generator handler under `msg_id` and removes only those
        of requests; a notification's (each `didChange`) stayed for good. Remove each once it is done."""

        def done(future: Future[Any]) -> None:
            if self._request_futures.get(msg_id) is future:
                del self._request_futures[msg_id]
            callback(future)

        super()._execute_handler(msg_id, handler, done, args, kwargs)


# Outcomes of a client's mistake, already answered with their error: one log line, never a traceback.
CLIENT_ERRORS = (JsonRpcInvalidParams, JsonRpcInvalidRequest, JsonRpcMethodNotFound, JsonRpcRequestCancelled)
MAX_LOG_MESSAGE = 2000  # characters: pygls puts a message's whole parameters (a document's text) in its lines


class QuietLog(logging.Filter):
    """Keeps the log readable under any input: no traceback for a client's mistake, each distinct traceback once,
    and no line longer than MAX_LOG_MESSAGE characters."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: set[tuple[str, str, int]] = set()

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if len(message) > MAX_LOG_MESSAGE:
            message = message[:MAX_LOG_MESSAGE] + f"... ({len(message) - MAX_LOG_MESSAGE} more characters)"
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            cause = error.__cause__ or error
            key = (type(cause).__name__, _origin(error), 0)
            if isinstance(error, CLIENT_ERRORS) or key in self.seen:
                message += f" ({type(cause).__name__}: {_first_line(cause)})"
                record.exc_info, record.exc_text = None, None
            else:
                self.seen.add(key)
        record.msg, record.args = message, None
        return True


def _origin(error: BaseException) -> str:
    """Where an exception was raised: the innermost frame's file and line."""
    trace = error.__traceback__
    while trace is not None and trace.tb_next is not None:
        trace = trace.tb_next
    return f"{trace.tb_frame.f_code.co_filename}:{trace.tb_lineno}" if trace is not None else ""


def quiet_logging() -> None:
    """Install QuietLog on every handler of the root logger (call after logging is configured)."""
    for handler in logging.getLogger().handlers:
        handler.addFilter(QuietLog())


def _first_line(exc: BaseException) -> str:
    causes = getattr(exc, "exceptions", None)  # cattrs groups the field errors
    if causes:
        return "; ".join(_first_line(cause) for cause in causes[:3])
    text = str(exc).strip().splitlines()
    return text[0][:200] if text else type(exc).__name__


def serve_stdio(server: Any, stdin: BinaryIO | None = None, stdout: BinaryIO | None = None) -> int:
    """Run `server` over stdin/stdout with the robust reader and writer (what pygls' `start_io` does otherwise).
    Returns the exit code: 0 after `shutdown` and `exit` or at the end of input, 1 for `exit` without `shutdown`."""
    server._stop_event = stop = threading.Event()
    reader = FramedReader(stdin or sys.stdin.buffer, server.thread_pool)
    server.protocol.set_writer(SafeWriter(stdout or sys.stdout.buffer))
    code = 0
    try:
        asyncio.run(read_messages(stop, reader, server.protocol))
    except SystemExit as exc:  # the `exit` notification
        code = exc.code if isinstance(exc.code, int) else 0
    except KeyboardInterrupt:
        pass
    finally:
        server.shutdown()
    return code
