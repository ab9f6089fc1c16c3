"""The blind judge protocol, run against a real OpenAI-compatible HTTP server started by the test."""

import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import ClassVar

import pytest

from rubriq.core.sqb.judge import (
    DIMENSIONS,
    JudgeClient,
    JudgeConfig,
    judge_pair,
    parse_scores,
    plan,
    retry_after_s,
    strip_markers,
)

GOOD = "Detailed answer: the pool was full, so the API failed at noon; raising the limit fixed it."
WEAK = "Something went wrong."


class _Judge(BaseHTTPRequestHandler):
    """Scores the output containing 'Detailed' 5 and the other 2; can answer garbage first."""

    requests: ClassVar[list[dict]] = []
    garbage_first: ClassVar[set[int]] = set()
    always_garbage = False

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        type(self).requests.append({"body": body, "auth": self.headers.get("Authorization")})
        number = len(type(self).requests)
        user = body["messages"][1]["content"]
        first = re.search(r"Output 1:\n<<<\n(.*?)\n>>>", user, re.DOTALL).group(1)
        one, two = (5, 2) if "Detailed" in first else (2, 5)
        content = "{not json" if self.always_garbage or number in self.garbage_first else json.dumps(
            {"1": dict.fromkeys(DIMENSIONS, one), "2": dict.fromkeys(DIMENSIONS, two)})
        payload = json.dumps({"choices": [{"message": {"role": "assistant", "content": content}}]}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, *args):
        pass


@pytest.fixture
def judge_server(monkeypatch):
    _Judge.requests, _Judge.garbage_first, _Judge.always_garbage = [], set(), False
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Judge)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    monkeypatch.setenv("RUBRIQ_TEST_JUDGE_KEY", "sk-test-secret")
    yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    server.shutdown()


def _client(url: str, runs: int = 6) -> JudgeClient:
    return JudgeClient(JudgeConfig(base_url=url, model="judge-x", api_key_env="RUBRIQ_TEST_JUDGE_KEY", runs=runs))


def test_better_output_wins_every_run_whatever_its_position(judge_server):
    result = judge_pair(_client(judge_server), "Explain the outage.", GOOD, WEAK, ["C-graph", "A-naive"], "case")
    assert result.missing_runs == 0 and result.win_rate == 1.0
    assert result.contender_score == 5.0 and result.baseline_score == 2.0
    firsts = [r["body"]["messages"][1]["content"].split("Output 1:\n<<<\n")[1][:8] for r in _Judge.requests]
    assert {"Detailed", "Somethin"} <= set(firsts), "the A/B order is shuffled across runs"
    assert result.position_bias is not None and 0 < result.position_bias < 1


def test_the_key_is_sent_as_a_bearer_token_and_never_reported(judge_server):
    result = judge_pair(_client(judge_server, runs=2), "t", GOOD, WEAK, [], "case")
    assert all(r["auth"] == "Bearer sk-test-secret" for r in _Judge.requests)
    assert "sk-test-secret" not in json.dumps(result.to_json())


def test_unparseable_answers_are_retried_then_reported_missing_never_scored(judge_server):
    _Judge.garbage_first = {1}
    result = judge_pair(_client(judge_server, runs=2), "t", GOOD, WEAK, [], "case")
    assert len(_Judge.requests) == 3 and result.missing_runs == 0
    _Judge.requests, _Judge.always_garbage = [], True
    result = judge_pair(_client(judge_server, runs=2), "t", GOOD, WEAK, [], "case")
    assert result.missing_runs == 2 and result.contender_score is None and result.win_rate is None
    assert len(_Judge.requests) == 2 * 3  # each run: one call and two retries


def test_unreachable_endpoint_gives_missing_runs_with_errors(monkeypatch):
    monkeypatch.setenv("RUBRIQ_TEST_JUDGE_KEY", "k")
    client = JudgeClient(JudgeConfig(base_url="http://127.0.0.1:9/v1", model="m",
                                     api_key_env="RUBRIQ_TEST_JUDGE_KEY", runs=1, retries=0, timeout_s=2))
    result = judge_pair(client, "t", GOOD, WEAK, [], "case")
    assert result.missing_runs == 1 and result.errors


def test_missing_key_is_a_clear_error(monkeypatch):
    monkeypatch.delenv("NO_SUCH_KEY_VAR", raising=False)
    with pytest.raises(ValueError, match="NO_SUCH_KEY_VAR"):
        JudgeClient(JudgeConfig(base_url="http://127.0.0.1:9", model="m", api_key_env="NO_SUCH_KEY_VAR"))


def test_identifying_markers_are_stripped():
    text = "Output C\nC-graph found that the pool was full.\nVersion B:\nmore"
    stripped = strip_markers(text, ["C-graph", "B-retrieval"])
    assert "C-graph" not in stripped and "Output C" not in stripped and "Version B" not in stripped


def test_scores_must_follow_the_rubric():
    assert parse_scores('{"1": {"completeness": 4}, "2": {}}') is None
    full = {d: 3 for d in DIMENSIONS}
    assert parse_scores(json.dumps({"1": full, "2": {**full, "accuracy": 9}})) is None
    assert parse_scores("Sure! " + json.dumps({"1": full, "2": full}))["2"]["accuracy"] == 3


def test_plan_counts_calls_and_estimates_tokens():
    calls, tokens = plan(pairs=2, runs=5, texts=["x" * 400, "y" * 400])
    assert calls == 10 and tokens == 10 * (200 + 400)


def _answer(handler: BaseHTTPRequestHandler, status: int, payload: bytes, headers: dict[str, str] | None = None):
    handler.send_response(status)
    for name, value in (headers or {}).items():
        handler.send_header(name, value)
    handler.send_header("Content-Length", str(len(payload)))
    handler.end_headers()
    handler.wfile.write(payload)


def _scores_payload() -> bytes:
    content = json.dumps({"1": dict.fromkeys(DIMENSIONS, 4), "2": dict.fromkeys(DIMENSIONS, 3)})
    return json.dumps({"choices": [{"message": {"role": "assistant", "content": content}}]}).encode()


def _serve(handler_class) -> tuple[ThreadingHTTPServer, int]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler_class)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, server.server_address[1]


def test_calls_run_concurrently_up_to_the_configured_limit(monkeypatch):
    limit = 3
    barrier = threading.Barrier(limit, timeout=10)  # passes only when `limit` calls are in flight together
    state = {"in_flight": 0, "most": 0}
    lock = threading.Lock()

    class Concurrent(BaseHTTPRequestHandler):
        def do_POST(self):
            self.rfile.read(int(self.headers["Content-Length"]))
            with lock:
                state["in_flight"] += 1
                state["most"] = max(state["most"], state["in_flight"])
            try:
                barrier.wait()
                _answer(self, 200, _scores_payload())
            except threading.BrokenBarrierError:
                _answer(self, 500, b"{}")
            finally:
                with lock:
                    state["in_flight"] -= 1

        def log_message(self, *args):
            pass

    server, port = _serve(Concurrent)
    monkeypatch.setenv("RUBRIQ_TEST_JUDGE_KEY", "k")
    try:
        client = JudgeClient(JudgeConfig(base_url=f"http://127.0.0.1:{port}/v1", model="m",
                                         api_key_env="RUBRIQ_TEST_JUDGE_KEY", runs=6, retries=0, concurrency=limit))
        result = judge_pair(client, "t", GOOD, WEAK, [], "case")
    finally:
        server.shutdown()
    assert result.missing_runs == 0, result.errors
    assert state["most"] == limit


def test_rate_limit_replies_are_waited_out_for_the_time_they_name(monkeypatch):
    replies = {"count": 0}

    class Limited(BaseHTTPRequestHandler):
        def do_POST(self):
            self.rfile.read(int(self.headers["Content-Length"]))
            replies["count"] += 1
            if replies["count"] <= 2:
                _answer(self, 429, b'{"error": "slow down"}', {"Retry-After": "7"})
            else:
                _answer(self, 200, _scores_payload())

        def log_message(self, *args):
            pass

    server, port = _serve(Limited)
    monkeypatch.setenv("RUBRIQ_TEST_JUDGE_KEY", "k")
    slept: list[float] = []
    try:
        client = JudgeClient(JudgeConfig(base_url=f"http://127.0.0.1:{port}/v1", model="m",
                                         api_key_env="RUBRIQ_TEST_JUDGE_KEY", runs=1, retries=0),
                             sleep=slept.append)
        result = judge_pair(client, "t", GOOD, WEAK, [], "case")
    finally:
        server.shutdown()
    assert result.missing_runs == 0 and not result.errors, "a rate-limit reply does not use up the retries"
    assert client.waits == [7.0, 7.0] and len(slept) == 2 and all(6.0 < s <= 7.0 for s in slept)


def test_retry_after_is_read_as_seconds_or_an_http_date():
    assert retry_after_s("12") == 12.0
    assert retry_after_s("Wed, 21 Oct 2015 07:28:10 GMT", now=1445412480.0) == 10.0
    assert retry_after_s("soon") is None and retry_after_s(None) is None


def test_a_redirect_to_another_host_is_refused_and_the_key_never_leaves(monkeypatch):
    other_host = {"requests": []}

    class Elsewhere(BaseHTTPRequestHandler):
        def do_GET(self):
            other_host["requests"].append(dict(self.headers))
            _answer(self, 200, _scores_payload())

        do_POST = do_GET

        def log_message(self, *args):
            pass

    elsewhere, elsewhere_port = _serve(Elsewhere)

    class Redirecting(BaseHTTPRequestHandler):
        def do_POST(self):
            self.rfile.read(int(self.headers["Content-Length"]))
            _answer(self, 302, b"", {"Location": f"http://localhost:{elsewhere_port}/v1/chat/completions"})

        def log_message(self, *args):
            pass

    server, port = _serve(Redirecting)
    monkeypatch.setenv("RUBRIQ_TEST_JUDGE_KEY", "sk-must-not-leak")
    try:
        client = JudgeClient(JudgeConfig(base_url=f"http://127.0.0.1:{port}/v1", model="m",
                                         api_key_env="RUBRIQ_TEST_JUDGE_KEY", runs=1, retries=2))
        result = judge_pair(client, "t", GOOD, WEAK, [], "case")
    finally:
        server.shutdown()
        elsewhere.shutdown()
    assert other_host["requests"] == []
    assert result.missing_runs == 1 and len(result.errors) == 1, "a refused redirect is not retried"
    assert "redirected to another host" in result.errors[0] and "sk-must-not-leak" not in result.errors[0]
