"""The blind LLM-as-judge protocol of CRP-SPEC-026 §2.7, against any OpenAI-compatible chat-completions endpoint.

Optional and off by default. Outputs are stripped of identifying markers and randomly labelled "1"/"2"; each
comparison runs N times with the order shuffled (seeded, so a rerun asks the same questions); the judge scores
both on the fixed 1-5 rubric. A failed or unparseable answer is retried, then reported missing, never scored.
The API key is read from an environment variable and never logged or written.
"""

from __future__ import annotations

import json
import os
import random
import re
import urllib.error
import urllib.request
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


class JudgeClient:
    """Minimal OpenAI-compatible chat-completions client (stdlib only)."""

    def __init__(self, config: JudgeConfig) -> None:
        self.config = config
        key = os.environ.get(config.api_key_env)
        if not key:
            raise ValueError(f"the judge needs an API key in the environment variable {config.api_key_env}")
        self._key = key

    def complete(self, messages: list[dict[str, str]]) -> str:
        body = json.dumps({"model": self.config.model, "messages": messages, "temperature": 0}).encode()
        request = urllib.request.Request(
            self.config.base_url.rstrip("/") + "/chat/completions", data=body, method="POST",
            headers={"Content-Type": "application/json", "Authorization": f"Bearer {self._key}"},
        )
        with urllib.request.urlopen(request, timeout=self.config.timeout_s) as response:
            payload = json.loads(response.read().decode("utf-8"))
        return payload["choices"][0]["message"]["content"]


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


def judge_pair(client: JudgeClient, task: str, contender: str, baseline: str, names: list[str],
               case_name: str) -> JudgeResult:
    config = client.config
    contender, baseline = strip_markers(contender, names), strip_markers(baseline, names)
    rng = random.Random(f"{config.seed}:{case_name}")
    per_run: list[tuple[dict[str, int], dict[str, int], bool]] = []  # (contender, baseline, contender_was_1)
    errors: list[str] = []
    missing = 0
    for run in range(config.runs):
        contender_first = rng.random() < 0.5
        first, second = (contender, baseline) if contender_first else (baseline, contender)
        scores = None
        for _attempt in range(config.retries + 1):
            try:
                scores = parse_scores(client.complete(build_messages(task, first, second)))
            except (urllib.error.URLError, TimeoutError, KeyError, IndexError, ValueError, OSError) as exc:
                errors.append(f"run {run + 1}: {type(exc).__name__}: {exc}")
                scores = None
            if scores is not None:
                break
            errors.append(f"run {run + 1}: no valid rubric scores in the answer")
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
