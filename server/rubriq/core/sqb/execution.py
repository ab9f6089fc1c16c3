"""Where contenders are scored: in this process, in a pool of local processes, or on a Ray cluster.

Every way runs the same function, `score_unit`, on the same JSON payload and returns the same JSON text, so a
suite's report does not depend on where it ran. A worker (process or Ray actor) resolves and loads its models once
and keeps them for every contender it scores.

Results are cached on disk per contender (`ResultCache`), keyed by a hash of everything the scores depend on: the
contender's inputs, the thresholds, the model ids (with their weights' hashes), the Rubriq version and a digest of
the scoring code (`code_digest`: a changed matcher never reuses old results). A run that is interrupted keeps what
it finished; the next run with the same inputs reads those results instead of scoring them again. Every worker
reports the models it used with each result, and a run stops if they differ from the driver's.
"""

from __future__ import annotations

import concurrent.futures
import hashlib
import json
import multiprocessing
import os
import socket
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import asdict
from pathlib import Path
from typing import Any

from rubriq import __version__
from rubriq.core.config import Config
from rubriq.core.models import Embedder, ModelHub, ModelUnavailable
from rubriq.core.sqb.matching import Document, FactQuery, make_matcher
from rubriq.core.sqb.metrics import ContenderInput, Thresholds, score_contender

RESULT_FORMAT = 1  # bump when a cached result's shape changes


class WorkerUnavailable(RuntimeError):
    """A worker cannot score: its NLI model is missing, or Ray is not installed or not reachable."""


def payload_of(item: ContenderInput, thresholds: Thresholds) -> dict[str, Any]:
    return {"input": asdict(item), "thresholds": asdict(thresholds)}


SCORING_CODE = ("sqb", "verify", "models", "text.py",  # under rubriq/core: what a contender's scores depend on
                "metrics/faithfulness.py")  # the claim-support threshold the verifier matcher reads


def _scoring_code_digest() -> str:
    core = Path(__file__).resolve().parents[1]
    digest = hashlib.sha256()
    for entry in SCORING_CODE:
        paths = sorted((core / entry).rglob("*.py")) if (core / entry).is_dir() else [core / entry]
        for path in paths:
            if path.is_file():
                digest.update(path.relative_to(core).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


CODE_DIGEST = _scoring_code_digest()  # read once, when this process loads the engine


def code_digest() -> str:
    """sha256 (first 16 hex digits) of the scoring code this process loaded (`SCORING_CODE`)."""
    return CODE_DIGEST


def unit_key(payload: dict[str, Any], models: dict[str, str]) -> str:
    """The cache key of one contender's scores."""
    keyed = {"format": RESULT_FORMAT, "rubriq": __version__, "code": code_digest(), "models": models, **payload}
    return hashlib.sha256(json.dumps(keyed, sort_keys=True, ensure_ascii=False).encode("utf-8")).hexdigest()


def _input_of(data: dict[str, Any]) -> ContenderInput:
    return ContenderInput(
        name=data["name"], baseline=data["baseline"], output=data["output"],
        facts=tuple(FactQuery(f["id"], f["text"], f["multi_hop"], tuple(f["supports"])) for f in data["facts"]),
        sources=tuple(Document(d["id"], d["text"]) for d in data["sources"]),
        topics=tuple(data["topics"]), forbidden=tuple(data["forbidden"]), envelope=data["envelope"])


def score_unit(hub: ModelHub, payload_json: str) -> str:
    """Score one contender with `hub`'s models: {"scores": ..., "models": ...} as JSON text."""
    payload = json.loads(payload_json)
    try:
        nli = hub.nli()
    except ModelUnavailable as exc:
        raise WorkerUnavailable(f"the SQB needs an NLI model: {exc}") from exc
    embedder: Embedder | None
    try:
        embedder = hub.embedder()
    except ModelUnavailable:
        embedder = None  # retrieval verifies every premise; coverage says it is lexical only
    thresholds = Thresholds(**payload["thresholds"])
    models = hub.model_ids()
    matcher = make_matcher(nli, embedder, thresholds, models)
    scores = score_contender(_input_of(payload["input"]), matcher, embedder, thresholds)
    return json.dumps({"scores": scores.to_json(), "models": models}, sort_keys=True, ensure_ascii=False)


class ResultCache:
    """One JSON file per key under `folder`, written atomically (a killed run never leaves half a file)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def _path(self, key: str) -> Path:
        return self.folder / key[:2] / f"{key}.json"

    def get(self, key: str) -> str | None:
        try:
            text = self._path(key).read_text(encoding="utf-8")
            json.loads(text)
        except (OSError, ValueError):
            return None  # missing, unreadable or damaged: score it again
        return text

    def put(self, key: str, text: str) -> None:
        path = self._path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(text)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise


# -- executors: submit(payload_json) -> Future[str]; `slots` = how many may run at once --------------------------


class InProcess:
    """Scores in this process, with the caller's hub (the editor's models stay loaded)."""

    def __init__(self, hub: ModelHub) -> None:
        self.hub, self.slots = hub, 1

    def submit(self, payload_json: str) -> concurrent.futures.Future[str]:
        future: concurrent.futures.Future[str] = concurrent.futures.Future()
        try:
            future.set_result(score_unit(self.hub, payload_json))
        except BaseException as exc:
            future.set_exception(exc)
        return future

    def close(self) -> None:
        pass


_WORKER_HUB: ModelHub | None = None


def _init_process_worker(config_json: str) -> None:
    global _WORKER_HUB
    from rubriq.core.models.hub import LocalModelHub

    _WORKER_HUB = LocalModelHub(Config.model_validate_json(config_json), probe_hub=False)


def _score_in_process_worker(payload_json: str) -> str:
    assert _WORKER_HUB is not None, "the worker was started without its initializer"
    return score_unit(_WORKER_HUB, payload_json)


class LocalProcesses:
    """`jobs` worker processes (spawned: no model or lock state is inherited), each loading its models once."""

    def __init__(self, config: Config, jobs: int) -> None:
        self.slots = jobs
        self.pool = concurrent.futures.ProcessPoolExecutor(
            max_workers=jobs, mp_context=multiprocessing.get_context("spawn"),
            initializer=_init_process_worker, initargs=(config.model_dump_json(),))

    def submit(self, payload_json: str) -> concurrent.futures.Future[str]:
        return self.pool.submit(_score_in_process_worker, payload_json)

    def close(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)


class RaySuiteWorker:
    """A Ray actor: one hub, loaded on first use, kept for every contender sent to this actor."""

    def __init__(self, config_json: str) -> None:
        from rubriq.core.models.hub import LocalModelHub

        self.hub = LocalModelHub(Config.model_validate_json(config_json), probe_hub=False)

    def score(self, payload_json: str) -> str:
        return score_unit(self.hub, payload_json)


class RayCluster:
    """Actors on an existing Ray cluster (`ray start --head` / `ray start --address ...`), one CPU each.

    Every node needs Rubriq and its models installed (the same version, for identical results).
    """

    def __init__(self, address: str, config: Config, workers: int | None) -> None:
        try:
            import ray
        except ImportError as exc:
            raise WorkerUnavailable("--ray needs Ray: pip install 'rubriq[ray]'") from exc
        self.ray = ray
        problem = _unreachable(address)
        if problem:
            raise WorkerUnavailable(f"cannot connect to the Ray cluster at {address}: {problem}")
        try:
            ray.init(address=address, log_to_driver=False, logging_level="ERROR", configure_logging=False)
        except Exception as exc:  # ConnectionError, or Ray's own errors for a bad address
            raise WorkerUnavailable(f"cannot connect to the Ray cluster at {address}: {exc}") from exc
        cpus = int(ray.cluster_resources().get("CPU", 1))
        self.slots = max(1, min(workers or cpus, cpus))
        actor = ray.remote(num_cpus=1)(RaySuiteWorker)
        self.actors = [actor.remote(config.model_dump_json()) for _ in range(self.slots)]
        self.busy: dict[concurrent.futures.Future[str], Any] = {}

    def submit(self, payload_json: str) -> concurrent.futures.Future[str]:
        self.busy = {f: a for f, a in self.busy.items() if not f.done()}
        working = [id(a) for a in self.busy.values()]
        actor = next(a for a in self.actors if id(a) not in working)  # run_units never asks for more than slots
        future = actor.score.remote(payload_json).future()
        self.busy[future] = actor
        return future

    def close(self) -> None:
        for actor in self.actors:
            self.ray.kill(actor)
        self.ray.shutdown()


def _unreachable(address: str, timeout_s: float = 5.0) -> str | None:
    """Why a HOST:PORT cluster address takes no connection, or None (Ray itself waits a long time on a dead one).
    Other forms ("auto", "ray://...") are left to Ray."""
    host, _, port = address.rpartition(":")
    if not host or not port.isdigit() or "/" in address:
        return None
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=timeout_s):
            return None
    except OSError as exc:
        return f"nothing answers there ({exc.strerror or exc})"


def run_units(executor: Any, payloads: list[str], before: Callable[[int], bool]) -> Iterator[tuple[int, str]]:
    """(index, result JSON) of each payload as it finishes, at most `executor.slots` at a time.

    `before(index)` runs just before a payload is handed to a worker; when it returns False nothing more is started,
    the ones running finish (and are yielded), and the iteration ends.
    """
    running: dict[concurrent.futures.Future[str], int] = {}
    next_index = 0
    stopped = False
    while next_index < len(payloads) or running:
        while not stopped and next_index < len(payloads) and len(running) < executor.slots:
            if not before(next_index):
                stopped = True
                break
            running[executor.submit(payloads[next_index])] = next_index
            next_index += 1
        if not running:
            break
        done, _ = concurrent.futures.wait(running, return_when=concurrent.futures.FIRST_COMPLETED)
        for future in sorted(done, key=running.__getitem__):
            index = running.pop(future)
            yield index, future.result()
