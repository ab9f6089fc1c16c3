"""Counting work instead of timing it: how much a call does, measured the same way on any machine.

`count_work(call)` runs `call()` under `sys.settrace` and `sys.setprofile` and returns the number of Python lines
executed, plus one per call into a C function, plus the length of the string a scanning `str` method runs over
(`text.split(...)`, `text.lower()`, `text.encode()`...). A quadratic Python loop shows up in the line count; a
`str` method that rescans the whole text once per item shows up in the characters. `growth_exponent` compares two
sizes. What it cannot see: the characters a compiled regex scans inside one call (the structural regex tests and
`bench/growth.py` cover those).

Nothing here reads a clock, so a loaded machine cannot make a linear function look quadratic or the other way round.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from typing import Any

# `str` methods that always run over the whole string they are called on (none takes start/end bounds).
SCANNING_STR_METHODS = frozenset({
    "split", "rsplit", "splitlines", "replace", "lower", "upper", "casefold", "swapcase", "title", "translate",
    "encode", "expandtabs",
})


def count_work(call: Callable[[], Any]) -> int:
    """Python lines executed, C calls made and characters scanned by `str` methods while `call()` runs."""
    counter = [0]

    def tracer(frame: Any, event: str, arg: Any) -> Any:
        if event == "line":
            counter[0] += 1
        return tracer

    def profiler(frame: Any, event: str, arg: Any) -> None:
        if event == "c_call":
            counter[0] += 1
            receiver = getattr(arg, "__self__", None)
            if isinstance(receiver, str) and arg.__name__ in SCANNING_STR_METHODS:
                counter[0] += len(receiver)

    previous_trace, previous_profile = sys.gettrace(), sys.getprofile()
    sys.settrace(tracer)
    sys.setprofile(profiler)
    try:
        call()
    finally:
        sys.settrace(previous_trace)
        sys.setprofile(previous_profile)
    return counter[0]


def growth_exponent(work_small: int, work_large: int, size_small: int, size_large: int) -> float:
    """k in work ∝ size^k from two measurements."""
    return math.log(max(work_large, 1) / max(work_small, 1)) / math.log(size_large / size_small)


def measured_exponent(make: Callable[[int], Any], run: Callable[[Any], Any], small: int, large: int) -> float:
    """Growth exponent of `run(make(size))` between two sizes; one warm-up run first (lazy loads, caches)."""
    run(make(max(small // 4, 1)))
    inputs = make(small), make(large)
    work = [count_work(lambda value=value: run(value)) for value in inputs]
    return growth_exponent(work[0], work[1], small, large)
