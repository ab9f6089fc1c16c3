"""The models are shared by the open pairs' model passes and an SQB run: a model pass queued while the SQB runs
waits at most for the contender in progress (counted in contenders, not timed)."""

from __future__ import annotations

import asyncio
import threading

from rubriq.lsp.scheduler import ModelGate, Worker

CONTENDERS = 6


async def test_a_model_pass_queued_during_an_sqb_run_waits_for_one_contender_at_most() -> None:
    gate = ModelGate()
    model_worker = Worker("test-models", gate=gate)
    sqb_worker = Worker("test-sqb")
    events: list[str] = []
    started = threading.Event()  # the SQB run is inside its second contender
    release = threading.Event()  # let that contender finish once the model pass is queued

    def sqb_run() -> None:
        try:
            for index in range(CONTENDERS):
                gate.sqb_turn(lambda: False)  # what the runner's progress callback does before each contender
                events.append(f"contender {index} start")
                if index == 1:
                    started.set()
                    release.wait(10)
                events.append(f"contender {index} end")
        finally:
            gate.sqb_release()

    def model_pass() -> None:
        events.append("model pass")

    run = sqb_worker.submit(sqb_run)
    await asyncio.get_running_loop().run_in_executor(None, started.wait, 10)
    queued = model_worker.submit(model_pass)
    events.append("model pass queued")
    release.set()
    await asyncio.wait_for(asyncio.gather(run, queued), 30)

    at = events.index("model pass queued")
    ran = events.index("model pass")
    between = [e for e in events[at:ran] if e.endswith("start")]
    assert between == [], events  # no contender started between the queueing and the model pass
    assert events[at - 1] == "contender 1 start" and "contender 1 end" in events[at:ran]
    assert events.count("model pass") == 1 and sum(e.endswith("end") for e in events) == CONTENDERS


async def test_without_an_sqb_run_model_jobs_run_at_once() -> None:
    gate = ModelGate()
    worker = Worker("test-models", gate=gate)
    assert await asyncio.wait_for(worker.submit(lambda: "scored"), 10) == "scored"
    assert gate.queued == 0
