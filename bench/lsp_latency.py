"""Language server latency and memory, measured through the protocol against `rubriq serve` in a subprocess.

Prints one JSON object:
- cold_start_s: process start → first tier-0 publishDiagnostics of a pair (default settings, 200 ms debounce
  included), median of --cold-runs fresh processes. Target ≤ 1.5 s. cold_initialize_s: start → `initialize`
  answered, the part before any check.
- tier0_change_ms: didChange → published tier-0 diagnostics for a 2,000-word output, debounce 0 (the number is
  what comes after the debounce), median of --edits edits. Target ≤ 50 ms.
- model_change_ms: after a one-sentence edit of a 1,500-word output whose prompt carries a 3,000-word source,
  with warm caches: didChange → the model tier's diagnostic on the new sentence published (an unsupported claim,
  FA001, from NLI), median of --edits edits. Target ≤ 300 ms.
- rss_mb: the server's resident memory once its models are loaded. Target ≤ 800 MB.
- model_change_during_sqb_ms: the same edits while `rubriq.runSQB` scores a suite of REALSumm summaries in the same
  server, and sqb_contender_ms: the time between two SQB steps (one contender, "one batch"). Target: the first
  exceeds model_change_ms by no more than one contender (`--no-sqb` skips it).
- *_server_cpu_ms: CPU time the server process used per edit (all threads). On a shared machine wall time is
  mostly waiting for a core; CPU time is the work itself.

Texts are real news articles and system summaries from REALSumm (`--data`, default `../shared/data` beside the
repository). Usage: `.venv/bin/python bench/lsp_latency.py [--edits 30] [--cold-runs 3]`.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATA = ROOT.parent / "shared" / "data"
SERVER = [sys.executable, "-m", "rubriq", "serve"]


class Client:
    """A minimal LSP client over the server's stdio that timestamps every message it receives."""

    def __init__(self, settings: dict[str, Any]) -> None:
        self.settings = settings
        self.process: asyncio.subprocess.Process | None = None
        self.next_id = 0
        self.pending: dict[int, asyncio.Future[Any]] = {}
        self.published: list[tuple[float, str, list[Any]]] = []  # (time, uri, diagnostics)
        self.publish_event = asyncio.Event()
        self.statuses: list[tuple[float, dict[str, Any]]] = []  # (time, rubriq/status payload)

    async def start(self, root: Path) -> None:
        env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}
        self.process = await asyncio.create_subprocess_exec(
            *SERVER, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL, env=env, limit=1 << 26)
        asyncio.get_running_loop().create_task(self._read())
        capabilities = {"workspace": {"configuration": True},
                        "window": {"workDoneProgress": True},
                        "textDocument": {"publishDiagnostics": {"versionSupport": True}}}
        await self.request("initialize", {"processId": os.getpid(), "rootUri": root.as_uri(),
                                          "capabilities": capabilities,
                                          "initializationOptions": {"rubriq": self.settings}})
        self.notify("initialized", {})

    def cpu_ms(self) -> float:
        """CPU time the server process has used so far (all threads), from /proc: work, not waiting."""
        assert self.process is not None
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")

    def _send(self, payload: dict[str, Any]) -> None:
        body = json.dumps(payload).encode("utf-8")
        assert self.process is not None and self.process.stdin is not None
        self.process.stdin.write(f"Content-Length: {len(body)}\r\n\r\n".encode("ascii") + body)

    def notify(self, method: str, params: Any) -> None:
        self._send({"jsonrpc": "2.0", "method": method, "params": params})

    async def request(self, method: str, params: Any) -> Any:
        self.next_id += 1
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.pending[self.next_id] = future
        self._send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return await future

    async def _read(self) -> None:
        assert self.process is not None and self.process.stdout is not None
        stream = self.process.stdout
        while True:
            try:
                header = await stream.readuntil(b"\r\n\r\n")
            except asyncio.IncompleteReadError:
                return  # the server exited
            length = int(header.split(b"Content-Length:")[1].split(b"\r\n")[0])
            message = json.loads(await stream.readexactly(length))
            now = time.perf_counter()
            if "id" in message and "method" in message:  # a request from the server
                result = [self.settings] if message["method"] == "workspace/configuration" else None
                self._send({"jsonrpc": "2.0", "id": message["id"], "result": result})
            elif "id" in message:
                future = self.pending.pop(message["id"], None)
                if future is not None and not future.done():
                    future.set_result(message.get("result"))
            elif message.get("method") == "rubriq/status":
                self.statuses.append((now, message.get("params") or {}))
            elif message.get("method") == "textDocument/publishDiagnostics":
                params = message["params"]
                self.published.append((now, params["uri"], params["diagnostics"]))
                self.publish_event.set()

    async def wait_publish(self, uri: str, after: int, timeout: float = 120.0) -> tuple[float, list[Any]]:
        """The first publish for `uri` beyond index `after`."""
        deadline = time.perf_counter() + timeout
        while True:
            for when, published_uri, diagnostics in self.published[after:]:
                if published_uri == uri:
                    return when, diagnostics
            self.publish_event.clear()
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                raise TimeoutError(f"no publish for {uri}")
            try:
                await asyncio.wait_for(self.publish_event.wait(), remaining)
            except TimeoutError:
                raise TimeoutError(f"no publish for {uri}") from None

    async def stop(self) -> None:
        try:
            await asyncio.wait_for(self.request("shutdown", None), 30)
            self.notify("exit", None)
        except (TimeoutError, ConnectionError):
            pass
        if self.process is not None:
            try:
                await asyncio.wait_for(self.process.wait(), 30)
            except TimeoutError:
                self.process.kill()


def words(text: str, count: int) -> str:
    return " ".join(text.split()[:count])


def load_texts(data: Path) -> tuple[str, list[str]]:
    """A long source (articles joined) and a pool of summary paragraphs, from REALSumm."""
    sources = [json.loads(line)["source"] for line in (data / "realsumm" / "realsumm_sources_dev.jsonl").open()]
    summaries = [json.loads(line)["summary"] for line in (data / "realsumm" / "realsumm_scu_presence_dev.jsonl").open()]
    return "\n\n".join(sources), summaries


def paragraphs_of(summaries: list[str], total_words: int) -> str:
    """Whole summaries as paragraphs (one per line, blank lines between) until `total_words` is reached."""
    chosen, count = [], 0
    for summary in summaries:
        paragraph = words(summary, total_words - count).replace(" . ", ". ")
        chosen.append(paragraph)
        count += len(paragraph.split())
        if count >= total_words:
            break
    return "\n\n".join(chosen) + "\n"


def did_open(client: Client, uri: str, text: str) -> None:
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "rubriq", "version": 1,
                                                            "text": text}})


def did_change(client: Client, uri: str, version: int, line: int, text: str, end_character: int = 0) -> None:
    client.notify("textDocument/didChange", {
        "textDocument": {"uri": uri, "version": version},
        "contentChanges": [{"range": {"start": {"line": line, "character": 0},
                                      "end": {"line": line, "character": end_character}}, "text": text}]})


async def cold_start(root: Path, prompt: str, output: str) -> tuple[float, float]:
    """(process start → initialize answered, process start → first diagnostics of the opened pair)."""
    (root / "cold.prompt").write_text(prompt, encoding="utf-8")
    client = Client({})
    started = time.perf_counter()
    await client.start(root)
    initialized = time.perf_counter()
    did_open(client, (root / "cold.out").as_uri(), output)
    when, _ = await client.wait_publish((root / "cold.out").as_uri(), 0)
    await client.stop()
    return initialized - started, when - started


async def tier0_edits(root: Path, prompt: str, output: str, edits: int) -> tuple[list[float], list[float]]:
    """Each edit inserts a word at the start of the output: every later finding moves, so each one publishes."""
    (root / "t0.prompt").write_text(prompt, encoding="utf-8")
    uri = (root / "t0.out").as_uri()
    client = Client({"debounce_ms": 0, "model_tiers": "manual"})
    await client.start(root)
    did_open(client, uri, output)
    await client.wait_publish(uri, 0)
    timings, cpu = [], []
    for version in range(2, edits + 2):
        mark = len(client.published)
        cpu_before = client.cpu_ms()
        sent = time.perf_counter()
        did_change(client, uri, version, 0, "Indeed ")
        when, _ = await client.wait_publish(uri, mark)
        timings.append((when - sent) * 1000)
        cpu.append(client.cpu_ms() - cpu_before)
    await client.stop()
    return timings, cpu


def sqb_suite(folder: Path, source: str, summaries: list[str], contenders: int) -> Path:
    """A one-case SQB suite: a REALSumm source, its first sentences as reference facts, summaries as contenders."""
    folder.mkdir(parents=True, exist_ok=True)
    sentences = [s.strip() + "." for s in source.split(". ") if len(s.split()) >= 6][:6]
    (folder / "source.md").write_text(source + "\n", encoding="utf-8")
    outputs = []
    for index, text in enumerate(summaries[:contenders]):
        (folder / f"c{index}.md").write_text(text + "\n", encoding="utf-8")
        outputs.append(f"  - {{name: c{index}, file: c{index}.md{', baseline: true' if index == 0 else ''}}}")
    facts = [f"  - {{id: F{i}, text: {json.dumps(fact)}, supports: [source]}}" for i, fact in enumerate(sentences, 1)]
    (folder / "bench.sqb.yaml").write_text("\n".join([
        "task: Summarize the article.", "source_corpus:", "  - {id: source, file: source.md}",
        "reference_facts:", *facts, "outputs:", *outputs]) + "\n", encoding="utf-8")
    return folder


async def model_edits(root: Path, prompt: str, output: str, edits: int,
                      sqb: Path | None = None) -> tuple[list[float], list[float], dict[str, Any]]:
    """One-sentence edits with model tiers on type. Each edit adds a sentence the source does not support, so the
    model pass (NLI) publishes a new FA001 diagnostic on it: the time to that publish is the measure. With `sqb`,
    an SQB run on that suite goes on in the same server during the edits (cancelled after them)."""
    (root / "mt.prompt").write_text(prompt, encoding="utf-8")
    uri = (root / "mt.out").as_uri()
    client = Client({"debounce_ms": 0, "model_tiers": "on_type"})
    await client.start(root)
    did_open(client, uri, output)

    async def status() -> dict[str, Any]:
        return await client.request("workspace/executeCommand", {"command": "rubriq.status", "arguments": [uri]})

    while (await status()).get("pair", {}).get("model_pass") != "current":  # loads the models, fills the caches
        await asyncio.sleep(0.5)
    run = None
    if sqb is not None:
        run = asyncio.get_running_loop().create_task(client.request(
            "workspace/executeCommand", {"command": "rubriq.runSQB", "arguments": [str(sqb), {"open": False}]}))
        while not any((p.get("sqb") or {}).get("contender") for _, p in client.statuses):
            await asyncio.sleep(0.05)
    timings, cpu = [], []
    for version in range(2, edits + 2):
        marker = f"Edit number {version} says the lighthouse on the moon opened in 1802."
        mark = len(client.published)
        cpu_before = client.cpu_ms()
        sent = time.perf_counter()
        did_change(client, uri, version, 2, marker + " ")
        deadline = sent + 300
        while True:
            when, diagnostics = await client.wait_publish(uri, mark, timeout=max(1.0, deadline - time.perf_counter()))
            mark = next(i for i in range(len(client.published) - 1, -1, -1) if client.published[i][0] == when) + 1
            if any(d.get("code") == "FA001" and marker in json.dumps(d.get("data", {})) for d in diagnostics):
                break
        timings.append((when - sent) * 1000)
        cpu.append(client.cpu_ms() - cpu_before)
    final = await status()
    if run is not None:
        still_running = bool(final["status"].get("sqb"))
        await client.request("workspace/executeCommand", {"command": "rubriq.cancelSQB", "arguments": []})
        await run
        steps = [when for when, p in client.statuses if (p.get("sqb") or {}).get("contender")]
        final["sqb_contender_ms"] = [(b - a) * 1000 for a, b in itertools.pairwise(steps)]
        final["sqb_ran_through_the_edits"] = still_running
    await client.stop()
    return timings, cpu, final


def seconds(values: list[float]) -> dict[str, float]:
    return {"median": round(statistics.median(values), 3), "min": round(min(values), 3),
            "max": round(max(values), 3), "n": len(values)}


def summary(values: list[float]) -> dict[str, float]:
    return {"median": round(statistics.median(values), 1), "min": round(min(values), 1),
            "max": round(max(values), 1), "n": len(values)}


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    source, summaries = load_texts(args.data)
    story_prompt = (ROOT / "tests" / "fixtures" / "lsp" / "story.prompt").read_text(encoding="utf-8")
    output_2000 = paragraphs_of(summaries, 2000)
    source_3000 = words(source, 3000).replace(" . ", ". ")
    grounded_prompt = ("Summarize the articles below for a general reader in about 1,500 words.\n\nText:\n"
                       f"{source_3000}\n")
    output_1500 = paragraphs_of(summaries[40:], 1500)
    result: dict[str, Any] = {"benchmark": "lsp_latency", "python": platform.python_version(),
                              "cpus": os.cpu_count(), "load_average_at_start": round(os.getloadavg()[0], 2)}
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        colds = [await cold_start(root, story_prompt, output_2000) for _ in range(args.cold_runs)]
        result["cold_start_s"] = seconds([c[1] for c in colds])
        result["cold_initialize_s"] = seconds([c[0] for c in colds])
        timings, cpu = await tier0_edits(root, story_prompt, output_2000, args.edits)
        result["tier0_change_ms"] = summary(timings)
        result["tier0_change_server_cpu_ms"] = summary(cpu)
        result["tier0_output_words"] = len(output_2000.split())
        if not args.no_models:
            timings, cpu, status = await model_edits(root, grounded_prompt, output_1500, args.edits)
            result["model_change_ms"] = summary(timings)
            result["model_change_server_cpu_ms"] = summary(cpu)
            result["model_output_words"] = len(output_1500.split())
            result["model_source_words"] = len(source_3000.split())
            result["models"] = status["models"]["models"]
            result["models_detail"] = status["models"]["detail"]
            result["rss_mb"] = status["rss_mb"]
            if not args.no_sqb:
                suite = sqb_suite(root / "suite", words(source, 600).replace(" . ", ". "), summaries[80:],
                                  args.sqb_contenders)
                timings, _, status = await model_edits(root, grounded_prompt, output_1500, args.edits, sqb=suite)
                result["model_change_during_sqb_ms"] = summary(timings)
                result["sqb_contender_ms"] = summary(status["sqb_contender_ms"]) if status["sqb_contender_ms"] \
                    else None
                result["sqb_ran_through_the_edits"] = status["sqb_ran_through_the_edits"]
    result["targets"] = {"cold_start_s": 1.5, "tier0_change_ms": 50, "model_change_ms": 300, "rss_mb": 800}
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=30)
    parser.add_argument("--cold-runs", type=int, default=3)
    parser.add_argument("--data", type=Path, default=Path(os.environ.get("RUBRIQ_DATA", DEFAULT_DATA)))
    parser.add_argument("--no-models", action="store_true", help="skip the model-tier and memory measurements")
    parser.add_argument("--no-sqb", action="store_true", help="skip the model-tier edits during an SQB run")
    parser.add_argument("--sqb-contenders", type=int, default=40)
    print(json.dumps(asyncio.run(main_async(parser.parse_args())), sort_keys=True))


if __name__ == "__main__":
    main()
