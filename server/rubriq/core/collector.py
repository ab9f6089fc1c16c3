"""Python's cyclic garbage collector, paused while a check runs.

A check builds hundreds of thousands of small objects (segments, spans, matches, findings) that stay alive until
it ends and form no reference cycles: `gc.collect()` after a tier-0 check of 1 MB of prose finds no unreachable
object. The collector's full passes during a check therefore find nothing, yet each walks every live object, and
they come more often the more a check allocates: on 1 MB of prose they were about 80% of tier 0's CPU time (2.8 s
against 0.5 s paused), and they made its time grow faster than its work between 100 KB and 1 MB
(docs/reliability.md, "Linear work"). Reference counting frees everything as usual while the collector is paused;
the collector resumes when the last check running in the process ends, and a collector that was already off stays
off.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_active = 0  # checks running now, in any thread (the language server runs tier 0 and the model pass side by side)
_resume = False  # whether the collector was on when the first of them began


@contextmanager
def collector_paused() -> Iterator[None]:
    """Run the block with the cyclic collector off; nested and concurrent blocks share one pause."""
    global _active, _resume
    with _lock:
        if _active == 0:
            _resume = gc.isenabled()
            gc.disable()
        _active += 1
    try:
        yield
    finally:
        with _lock:
            _active -= 1
            if _active == 0 and _resume:
                gc.enable()
