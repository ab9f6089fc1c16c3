"""The blind LLM-as-judge protocol of CRP-SPEC-026 §2.7, against any OpenAI-compatible chat-completions endpoint.

Optional and off by default. Outputs are stripped of identifying markers and randomly labelled "1"/"2"; each
comparison runs N times with the order shuffled (seeded, so a rerun asks the same questions); the judge scores
both on the fixed 1-5 rubric. A failed or unparseable answer is retried, then reported missing, never scored.
The API key is read from an environment variable and never logged or written.

Calls run concurrently, at most `concurrency` at once. A rate-limit reply (HTTP 429, or 503 with Retry-After)
pauses every call until the time it names (Retry-After in seconds or as an HTTP date; without one, 1, 2, 4 ...
seconds), at most `max_wait_s` a time and `rate_limit_retries` times a call, without using up the call's retries.
The key is sent only to the endpoint's own host: a redirect to another host is refused, and the key is never
copied onto a redirected request.
"""

from __future__ import annotations

import concurrent.futures
import email.utils
import json
import os
import random
import re
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

DIMENSIONS = ("completeness", "accuracy", "coherence", "organisation", "usefulness")
RUBRIC = {
    "completeness": ("Major gaps", "Some gaps", "Comprehensive"),
    "accuracy": ("Multiple errors", "Minor errors", "Fully accurate"),
    "coherence": ("Disjointed", "Mostly coherent", "Seamless"),
    "organisation": ("No structure", "Adequate", "Excellent"),
    "usefulness": ("Not useful", "Somewhat", "Highly useful"),
}


@dataclass(frozen=True)
class JudgeConfig:
    base_url: str
    model: str
    api_key_env: str = "OPENAI_API_KEY"
    runs: int = 5
    retries: int = 2
    timeout_s: float = 60.0
    seed: int = 0
    concurrency: int = 4  # calls in flight at once
    rate_limit_retries: int = 6  # rate-limit replies waited out per call before it counts as failed
    max_wait_s: float = 120.0  # the longest single wait a Retry-After may ask for

    def identity(self) -> dict[str, Any]:
        """What the judge's answers depend on (no key): the result cache's key."""
        return {"base_url": self.base_url, "model": self.model, "runs": self.runs, "retries": self.retries,
                "seed": self.seed}


def rubric_text() -> str:
    rows = [f"- {dim}: 1 = {low}; 3 = {mid}; 5 = {high}" for dim, (low, mid, high) in RUBRIC.items()]
    return "\n".join(rows)


def strip_markers(text: str, names: list[str]) -> str:
    """Remove what could identify a contender: its name, and 'Output A'/'Contender B'-style labels."""
    for name in sorted(names, key=len, reverse=True):
        text = re.sub(rf"\b{re.escape(name)}\b", "", text, flags=re.IGNORECASE)
    return re.sub(r"(?im)^\s*(?:output|contender|answer|response|version)\s+[A-Z0-9]\s*:?\s*$", "", text).strip()


def build_messages(task: str, first: str, second: str) -> list[dict[str, str]]:
    system = ("You are an impartial expert judge. Score each of two outputs for the same task on a fixed 1-5 rubric. "
              "Judge content only; ignore length unless it hurts usefulness. Answer with JSON only.")
    user = (f"Task:\n{task}\n\nRubric (1-5, integers):\n{rubric_text()}\n\nOutput 1:\n<<<\n{first}\n>>>\n\n"
            f"Output 2:\n<<<\n{second}\n>>>\n\nReply with exactly this JSON shape: "
            '{"1": {"completeness": n, "accuracy": n, "coherence": n, "organisation": n, "usefulness": n}, '
            '"2": {...the same five keys...}}')
    return [{"role": "system", "content": system}, {"role": "user", "content": user}]


def parse_scores(content: str) -> dict[str, dict[str, int]] | None:
    """The two score sets from the judge's answer, or None when it does not follow the rubric."""
    match = re.search(r"\{.*\}", content, re.DOTALL)
    if not match:
        return None
    try:
        data = json.loads(match.group())
    except json.JSONDecodeError:
        return None
    result: dict[str, dict[str, int]] = {}
    for label in ("1", "2"):
        scores = data.get(label) if isinstance(data, dict) else None
        if not isinstance(scores, dict):
            return None
        clean = {}
        for dim in DIMENSIONS:
            value = scores.get(dim)
            if isinstance(value, bool) or not isinstance(value, int | float) or not 1 <= value <= 5:
                return None
            clean[dim] = round(value)
        result[label] = clean
    return result


class RedirectRefused(urllib.error.URLError):
    """The endpoint redirected to another host: the request (and its key) is not sent there."""


class _SameHostRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req: urllib.request.Request, fp: Any, code: int, msg: str, headers: Any,
                         newurl: str) -> urllib.request.Request | None:
        old, new = urllib.parse.urlsplit(req.full_url), urllib.parse.urlsplit(newurl)
        if (old.scheme, old.hostname, old.port) != (new.scheme, new.hostname, new.port):
            raise RedirectRefused(f"the judge endpoint redirected to another host ({new.scheme}://{new.netloc}); "
                                  "refusing to follow it with the API key")
        return super().redirect_request(req, fp, code, msg, headers, newurl)


class RateLimited(urllib.error.URLError):
    """The endpoint kept answering with rate-limit replies."""


def retry_after_s(value: str | None, now: float | None = None) -> float | None:
    """Seconds to wait from a Retry-After header: delta-seconds or an HTTP date; None when absent or unreadable."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - (time.time() if now is None else now))


class JudgeClient:
    """Minimal OpenAI-compatible chat-completions client (stdlib only), safe to share between threads."""

    def __init__(self, config: JudgeConfig, sleep: Callable[[float], None] = time.sleep) -> None:
        self.config = config
        key = os.environ.get(config.api_key_env)
        if not key:
            raise ValueError(f"the judge needs an API key in the environment variable {config.api_key_env}")
        self._key = key
        self._opener = urllib.request.build_opener(_SameHostRedirects())
        self._sleep = sleep
        self._gate = threading.Lock()
        self._not_before = 0.0  # monotonic time before which no call is sent (a rate-limit reply's pause)
        self.waits: list[float] = []  # every rate-limit pause taken, in seconds

    def _wait_for_gate(self) -> None:
        with self._gate:
            delay = self._not_before - time.monotonic()
        if delay > 0:
            self._sleep(delay)

    def _pause(self, seconds: float) -> None:
        with self._gate:
            self._not_before = max(self._not_before, time.monotonic() + seconds)
            self.waits.append(round(seconds, 3))

    def complete(self, messages: list[dict[str, str]]) -> str:
        body = json.dumps({"model": self.config.model, "messages": messages, "temperature": 0}).encode()
        for attempt in range(self.config.rate_limit_retries + 1):
            request = urllib.request.Request(
                self.config.base_url.rstrip("/") + "/chat/completions", data=body, method="POST",
                headers={"Content-Type": "application/json"})
            request.add_unredirected_header("Authorization", f"Bearer {self._key}")  # never copied onto a redirect
            self._wait_for_gate()
            try:
                with self._opener.open(request, timeout=self.config.timeout_s) as response:
                    payload = json.loads(response.read().decode("utf-8"))
                return payload["choices"][0]["message"]["content"]
            except urllib.error.HTTPError as exc:
                wait = retry_after_s(exc.headers.get("Retry-After") if exc.headers else None)
                if exc.code != 429 and not (exc.code == 503 and wait is not None):
                    raise
                if attempt == self.config.rate_limit_retries:
                    raise RateLimited(f"HTTP {exc.code}: still rate-limited after {attempt} waits") from exc
                self._pause(min(self.config.max_wait_s, wait if wait is not None else 2.0 ** attempt))
        raise AssertionError("unreachable")


@dataclass
class JudgeResult:
    """A contender judged against the baseline."""

    runs: int
    missing_runs: int
    contender_mean: dict[str, float]
    baseline_mean: dict[str, float]
    contender_score: float | None  # mean over dimensions and answered runs, on the 1-5 scale
    baseline_score: float | None
    win_rate: float | None  # share of answered runs where the contender's mean beats the baseline's
    position_bias: float | None  # share of answered runs where the output labelled "1" scored higher; 0.5 = none
    errors: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return self.__dict__.copy()


def plan(pairs: int, runs: int, texts: list[str]) -> tuple[int, int]:
    """(calls, estimated tokens) before anything is sent: ~4 characters a token, plus the rubric and reply."""
    calls = pairs * runs
    average = sum(len(t) for t in texts) / max(len(texts), 1)
    return calls, int(calls * (2 * average / 4 + 400))


@dataclass(frozen=True)
class PairRequest:
    """One contender to judge against its case's baseline."""

    task: str
    contender: str
    baseline: str
    names: tuple[str, ...]  # every contender name of the case: stripped from both texts
    case_name: str  # seeds the A/B order


def _ask(client: JudgeClient, task: str, first: str, second: str, run: int) -> tuple[dict | None, list[str]]:
    errors: list[str] = []
    for _attempt in range(client.config.retries + 1):
        try:
            scores = parse_scores(client.complete(build_messages(task, first, second)))
        except (urllib.error.URLError, TimeoutError, KeyError, IndexError, ValueError, OSError) as exc:
            errors.append(f"run {run + 1}: {type(exc).__name__}: {exc}")
            if isinstance(exc, RedirectRefused):
                break  # a redirect to another host will not change on a retry
            continue
        if scores is not None:
            return scores, errors
        errors.append(f"run {run + 1}: no valid rubric scores in the answer")
    return None, errors


def judge_pairs(client: JudgeClient, requests: list[PairRequest]) -> list[JudgeResult]:
    """Judge every request, `client.config.concurrency` calls at a time; results in the order of `requests`.

    The A/B order of each run is drawn before any call, from a generator seeded by the case, so it does not depend
    on which call finishes first.
    """
    config = client.config
    jobs = []  # (request index, run, contender_first, first text, second text)
    for index, request in enumerate(requests):
        contender = strip_markers(request.contender, list(request.names))
        baseline = strip_markers(request.baseline, list(request.names))
        rng = random.Random(f"{config.seed}:{request.case_name}")
        for run in range(config.runs):
            contender_first = rng.random() < 0.5
            first, second = (contender, baseline) if contender_first else (baseline, contender)
            jobs.append((index, run, contender_first, first, second))
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, config.concurrency)) as pool:
        answers = list(pool.map(lambda job: _ask(client, requests[job[0]].task, job[3], job[4], job[1]), jobs))
    per_request: list[list[tuple[tuple[int, int, bool, str, str], dict | None, list[str]]]] = [[] for _ in requests]
    for job, (scores, errors) in zip(jobs, answers, strict=True):
        per_request[job[0]].append((job, scores, errors))
    return [_aggregate(config, rows) for rows in per_request]


def judge_pair(client: JudgeClient, task: str, contender: str, baseline: str, names: list[str],
               case_name: str) -> JudgeResult:
    return judge_pairs(client, [PairRequest(task, contender, baseline, tuple(names), case_name)])[0]


def _aggregate(config: JudgeConfig, rows: list) -> JudgeResult:
    per_run: list[tuple[dict[str, int], dict[str, int], bool]] = []  # (contender, baseline, contender_was_1)
    errors: list[str] = []
    missing = 0
    for (_index, _run, contender_first, _first, _second), scores, run_errors in rows:
        errors.extend(run_errors)
        if scores is None:
            missing += 1
            continue
        mine, theirs = (scores["1"], scores["2"]) if contender_first else (scores["2"], scores["1"])
        per_run.append((mine, theirs, contender_first))
    if not per_run:
        return JudgeResult(config.runs, missing, {}, {}, None, None, None, None, errors)

    def mean(rows: list[dict[str, int]]) -> dict[str, float]:
        return {dim: round(sum(r[dim] for r in rows) / len(rows), 4) for dim in DIMENSIONS}

    def overall(row: dict[str, int]) -> float:
        return sum(row.values()) / len(row)

    mine_mean, theirs_mean = mean([r[0] for r in per_run]), mean([r[1] for r in per_run])
    wins = sum(overall(m) > overall(t) for m, t, _ in per_run)
    first_higher = sum((overall(m) > overall(t)) == was_first for m, t, was_first in per_run
                       if overall(m) != overall(t))
    decided = sum(overall(m) != overall(t) for m, t, _ in per_run)
    return JudgeResult(
        runs=config.runs, missing_runs=missing, contender_mean=mine_mean, baseline_mean=theirs_mean,
        contender_score=round(sum(mine_mean.values()) / len(DIMENSIONS), 4),
        baseline_score=round(sum(theirs_mean.values()) / len(DIMENSIONS), 4),
        win_rate=round(wins / len(per_run), 4),
        position_bias=round(first_higher / decided, 4) if decided else None,
        errors=errors,
    )
