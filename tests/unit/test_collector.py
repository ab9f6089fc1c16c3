"""The cyclic collector is paused for the length of a check and restored after it, also when checks overlap."""

from __future__ import annotations

import gc
import threading

from rubriq.core import engine
from rubriq.core.collector import collector_paused
from rubriq.core.metrics import TIER_TEXT

PROMPT = "Summarise the notes in at most 80 words."
OUTPUT = "The team met on Monday. " * 400


def _collections_during(call) -> int:
    started = []

    def callback(phase: str, info: dict) -> None:
        if phase == "start":
            started.append(info["generation"])

    gc.callbacks.append(callback)
    try:
        call()
    finally:
        gc.callbacks.remove(callback)
    return len(started)


def test_a_check_runs_without_collections_and_leaves_the_collector_on() -> None:
    assert gc.isenabled()
    # The same allocation-heavy work outside a check does trigger collections, so zero below means paused.
    assert _collections_during(lambda: [[i] for i in range(50_000)]) > 0
    # At most one: the collection the allocations of the check set off when the collector resumes at its end.
    assert _collections_during(lambda: engine.check(PROMPT, OUTPUT, tiers=frozenset({TIER_TEXT}))) <= 1
    assert gc.isenabled()


def test_a_collector_that_was_off_stays_off() -> None:
    gc.disable()
    try:
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_overlapping_pauses_resume_only_when_the_last_one_ends() -> None:
    first_in, second_done, release = threading.Event(), threading.Event(), threading.Event()
    seen: list[bool] = []

    def long_check() -> None:
        with collector_paused():
            first_in.set()
            release.wait(10)

    def short_check() -> None:
        first_in.wait(10)
        with collector_paused():
            pass
        seen.append(gc.isenabled())  # the long check is still running: still paused
        second_done.set()

    threads = [threading.Thread(target=long_check), threading.Thread(target=short_check)]
    for thread in threads:
        thread.start()
    second_done.wait(10)
    release.set()
    for thread in threads:
        thread.join(10)
    assert seen == [False]
    assert gc.isenabled()


def test_an_exception_inside_a_pause_still_resumes_the_collector() -> None:
    try:
        with collector_paused():
            raise ValueError("boom")
    except ValueError:
        pass
    assert gc.isenabled()
