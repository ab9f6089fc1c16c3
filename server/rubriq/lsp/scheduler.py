"""When checks run: debounce by version, tier 0 on every change, model tiers on type / on save / on demand.

The flow for one pair (the vale-ls / LTeX pattern):
1. A change bumps the pair's generation and records why (change, save, open, manual).
2. One debounce task per pair sleeps `debounce_ms` (not when the only news is a file being opened, or a manual
   rescore; an open waits only for settings the client is still sending, SETTINGS_WAIT_S at most); if the
   generation moved meanwhile it sleeps again.
3. Tier 0 runs on the tier-0 worker thread; when it returns, the generation is checked again and a stale result
   is dropped (the loop goes round once more), else it is stored and published.
4. When the configured frequency asks for it, a model pass (every tier) is queued on the model worker thread.
   Only the newest request per pair is kept; it is skipped if superseded before it starts, and dropped if
   superseded before it is published.

Nothing here cancels an asyncio task: superseded work notices and returns (cancelling a task that waits on the
client crashes pygls handlers, pygls issue #621). Worker threads are daemons, so a client that disconnects
mid-check never keeps the process alive.

Every job a worker finishes tells the server (`on_settle`), so the `rubriq/status` it sends last is the state after
the last job: idle means not busy. The models are shared by the model worker and an SQB run (its own thread):
`ModelGate` lets the SQB take them only between two contenders and only while no model work of an open pair is
queued, so a model pass waits at most for the contender in progress.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal

from rubriq.core.engine import ALL_TIERS, CheckResult, check, warm_up
from rubriq.core.metrics import TIER_TEXT
from rubriq.lsp.store import Snapshot

if TYPE_CHECKING:
    from rubriq.lsp.server import RubriqServer

log = logging.getLogger(__name__)

Reason = Literal["open", "change", "save", "manual", "config"]
TIER0 = frozenset({TIER_TEXT})
SETTINGS_WAIT_S = 1.0  # the longest an opened file waits for settings the client has not sent yet


class Superseded(Exception):
    """The work was overtaken by a newer change before it started."""


class ModelGate:
    """Who uses the models now: the model worker (open pairs) always goes first; an SQB run takes them for one
    contender at a time, when no model job is queued."""

    def __init__(self) -> None:
        self._lock = threading.Lock()  # held while a job or one SQB contender uses the models
        self._count_lock = threading.Lock()
        self.queued = 0  # model-worker jobs submitted and not finished
        self._sqb_holds = False

    def enqueue(self, delta: int) -> None:
        with self._count_lock:
            self.queued += delta

    @contextlib.contextmanager
    def for_editor(self) -> Any:
        with self._lock:
            yield

    def sqb_turn(self, stop: Callable[[], bool]) -> None:
        """Between two contenders: give the models back, wait while open pairs need them, take them again."""
        self.sqb_release()
        while self.queued > 0 and not stop():
            time.sleep(0.01)
        self._lock.acquire()
        self._sqb_holds = True

    def sqb_release(self) -> None:
        if self._sqb_holds:
            self._sqb_holds = False
            self._lock.release()


class Worker:
    """One daemon thread that runs jobs in order and hands results back to the event loop as futures."""

    def __init__(self, name: str, gate: ModelGate | None = None,
                 on_settle: Callable[[], None] | None = None) -> None:
        self.name = name
        self._jobs: queue.SimpleQueue[tuple[Callable[[], Any], asyncio.Future[Any]] | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self.running = 0
        self._started = False
        self.gate = gate
        self.on_settle = on_settle  # on the event loop, after each job: the status may have changed

    def submit(self, job: Callable[[], Any]) -> asyncio.Future[Any]:
        if not self._started:
            self._thread.start()
            self._started = True
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.running += 1
        if self.gate is not None:
            self.gate.enqueue(1)
        self._jobs.put((job, future))
        return future

    def _run(self) -> None:
        while (item := self._jobs.get()) is not None:
            job, future = item
            loop = future.get_loop()
            try:
                with self.gate.for_editor() if self.gate is not None else contextlib.nullcontext():
                    result, error = job(), None
            except BaseException as exc:  # handed to the awaiting coroutine, never lost
                result, error = None, exc
            if self.gate is not None:
                self.gate.enqueue(-1)
            try:
                loop.call_soon_threadsafe(self._settle, future, result, error)
            except RuntimeError:  # the loop is closed: the client went away
                return

    def _settle(self, future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
        self.running -= 1
        if not future.done():
            if error is not None:
                future.set_exception(error)
            else:
                future.set_result(result)
        if self.on_settle is not None:
            self.on_settle()


class Scheduler:
    def __init__(self, server: RubriqServer) -> None:
        self.server = server
        self.generation: dict[str, int] = {}
        self.reasons: dict[str, set[Reason]] = {}
        self.debouncing: dict[str, asyncio.Task[None]] = {}
        self.model_wanted: dict[str, int] = {}
        self.gate = ModelGate()
        self.tier0_worker = Worker("rubriq-tier0", on_settle=server.status_changed)
        self.model_worker = Worker("rubriq-models", gate=self.gate, on_settle=server.status_changed)
        self.sqb_worker = Worker("rubriq-sqb", on_settle=server.status_changed)
        self.stale_dropped = 0  # results computed for a version that was already superseded
        self.tier0_runs = 0
        self.model_runs = 0

    def warm_up(self) -> None:
        """Import the tier-0 metrics and load what they read on first use, on the worker, while the client starts."""
        def done(future: asyncio.Future[Any]) -> None:
            if future.exception() is not None:
                log.warning("warm-up failed: %s", future.exception())
            self.server.status_changed()

        self.tier0_worker.submit(warm_up).add_done_callback(done)

    @property
    def busy(self) -> bool:
        return bool(self.debouncing) or self.tier0_worker.running > 0 or self.model_worker.running > 0

    def touch(self, key: str, reason: Reason) -> None:
        """Something in the pair changed: check it again after the debounce (nothing while Rubriq is disabled)."""
        if not self.server.settings.enabled:
            return
        self.generation[key] = self.generation.get(key, 0) + 1
        self.reasons.setdefault(key, set()).add(reason)
        task = self.debouncing.get(key)
        if task is None or task.done():
            self.debouncing[key] = asyncio.get_running_loop().create_task(self._debounce(key))
            self.server.status_changed()

    def pending(self, key: str) -> asyncio.Task[None] | None:
        task = self.debouncing.get(key)
        return task if task is not None and not task.done() else None

    async def _debounce(self, key: str) -> None:
        try:
            while True:
                generation = self.generation[key]
                reasons = self.reasons.get(key, set())
                if reasons and reasons <= {"open"}:
                    # Opening a file is not typing: check at once, once the client's settings (asked for at
                    # start-up or after a change) have arrived, so the first result already follows them.
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(self.server.settings_settled.wait(), SETTINGS_WAIT_S)
                elif "manual" not in reasons:
                    await asyncio.sleep(self.server.debounce_seconds(key))
                if self.generation[key] != generation:
                    continue  # superseded while waiting: wait again from the newest change
                snapshot = self.server.snapshot(key)
                reasons = self.reasons.pop(key, set())
                if snapshot is None:
                    break
                try:
                    result = await self.tier0_worker.submit(lambda s=snapshot, g=generation: self._tier0(key, g, s))
                except Superseded:
                    self.reasons.setdefault(key, set()).update(reasons)
                    continue
                except Exception as exc:
                    self.server.check_failed(snapshot, exc)
                    break
                if self.generation[key] != generation:
                    self.stale_dropped += 1
                    self.reasons.setdefault(key, set()).update(reasons)
                    continue  # a newer change arrived while scoring: never publish the stale result
                self.server.accept_tier0(snapshot, result)
                if self.server.wants_models(snapshot, reasons):
                    self.queue_models(key, generation, snapshot)
                break
        except Exception:  # a bug here must not take the server down; the next change tries again
            log.exception("scheduling %s failed", key)
        finally:
            if self.debouncing.get(key) is asyncio.current_task():
                del self.debouncing[key]
            self.server.status_changed()

    def _tier0(self, key: str, generation: int, snapshot: Snapshot) -> CheckResult:
        if self.generation.get(key) != generation:
            raise Superseded()
        self.tier0_runs += 1
        return check(snapshot.prompt.text or "", snapshot.output.text or "", snapshot.config, tiers=TIER0)

    def queue_models(self, key: str, generation: int, snapshot: Snapshot) -> None:
        self.model_wanted[key] = generation
        asyncio.get_running_loop().create_task(self._model_pass(key, generation, snapshot))

    async def _model_pass(self, key: str, generation: int, snapshot: Snapshot) -> None:
        try:
            await self.server.ensure_models(snapshot.config)
            hub = self.server.models.hub
            if hub is None:
                return
            self.server.status_changed()
            try:
                result = await self.model_worker.submit(
                    lambda: self._models(key, generation, snapshot, hub))
            except Superseded:
                return
            except Exception as exc:
                self.server.check_failed(snapshot, exc)
                return
            if self.generation.get(key) != generation:
                self.stale_dropped += 1
                return
            self.server.accept_models(snapshot, result)
            self.model_worker.submit(self.server.models.release_memory)  # after publishing, off the latency path
        except Exception:
            log.exception("model pass for %s failed", key)
        finally:
            self.server.status_changed()

    def _models(self, key: str, generation: int, snapshot: Snapshot, hub: Any) -> CheckResult:
        if self.model_wanted.get(key) != generation or self.generation.get(key) != generation:
            raise Superseded()
        self.model_runs += 1
        # Every tier: metrics such as coherence add their embedding part when tier 1 is in the pass.
        return check(snapshot.prompt.text or "", snapshot.output.text or "", snapshot.config, models=hub,
                     tiers=ALL_TIERS)
