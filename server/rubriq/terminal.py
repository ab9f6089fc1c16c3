"""What the CLI shows while it works: nothing by default, a progress line on a terminal once a run takes a while.

- Third-party progress bars and advisories (transformers' and huggingface_hub's "Loading weights" bars, their
  warnings) are switched off before any model loads, so stderr holds only Rubriq's own messages and `2>&1 | jq`
  still reads JSON. `-v` lets them through and logs what Rubriq resolves and loads.
- `ProgressLine` draws a transient bar on stderr, only when stderr is a terminal and only once the run has taken
  `PROGRESS_DELAY_S` (2 s; `RUBRIQ_PROGRESS_DELAY` overrides it): a quick check never flickers, a slow one (model
  loading, a large output, a folder of pairs) says what it is doing. `--quiet` turns it off.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TextIO

PROGRESS_DELAY_S = 2.0
PROGRESS_DELAY_ENV = "RUBRIQ_PROGRESS_DELAY"
_THIRD_PARTY_LOGGERS = ("transformers", "sentence_transformers", "huggingface_hub", "torch")


def quiet_third_party(verbose: bool) -> None:
    """Silence other libraries' progress bars and advisories (unless `verbose`); call before models load."""
    if verbose:
        return
    os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
    os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
    os.environ.setdefault("TRANSFORMERS_NO_ADVISORY_WARNINGS", "1")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")  # else a fork warning after tokenizers ran
    for name in _THIRD_PARTY_LOGGERS:
        logging.getLogger(name).setLevel(logging.ERROR)
    for module in ("transformers", "sentence_transformers", "torch", "huggingface_hub"):
        warnings.filterwarnings("ignore", module=rf"{module}(\.|$)")
    # Already imported (a long-lived process, tests): the environment is read at import time, so tell them too.
    if "huggingface_hub" in sys.modules:
        try:
            from huggingface_hub.utils import disable_progress_bars

            disable_progress_bars()
        except ImportError:
            pass
    if "transformers" in sys.modules:
        try:
            from transformers.utils import logging as transformers_logging

            transformers_logging.disable_progress_bar()
            transformers_logging.set_verbosity_error()
        except ImportError:
            pass


def progress_delay() -> float:
    raw = os.environ.get(PROGRESS_DELAY_ENV, "").strip()
    try:
        return max(0.0, float(raw)) if raw else PROGRESS_DELAY_S
    except ValueError:
        return PROGRESS_DELAY_S


class ProgressLine:
    """A transient progress bar on a terminal's stderr that appears only after `delay` seconds.

    `update(label, done)` may be called at any rate; the bar is drawn by rich's refresh thread. `paused()` takes it
    off the screen while something else is printed to the same terminal.
    """

    def __init__(self, total: int, *, enabled: bool = True, stream: TextIO | None = None,
                 delay: float | None = None, what: str = "checking") -> None:
        self.total = total
        self.what = what
        self.delay = progress_delay() if delay is None else delay
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = enabled and _is_terminal(self.stream)
        self._lock = threading.Lock()
        self._progress: Any = None
        self._task: Any = None
        self._timer: threading.Timer | None = None
        self._label = ""
        self._done = 0
        self._closed = False

    def __enter__(self) -> ProgressLine:
        if self.enabled:
            self._timer = threading.Timer(self.delay, self._show)
            self._timer.daemon = True
            self._timer.start()
        return self

    def __exit__(self, *exc: object) -> None:
        with self._lock:
            self._closed = True
            if self._timer is not None:
                self._timer.cancel()
            if self._progress is not None:
                self._progress.stop()
                self._progress = None

    def _show(self) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

        with self._lock:
            if self._closed or self._progress is not None:
                return
            console = Console(file=self.stream, highlight=False)
            self._progress = Progress(
                TextColumn("rubriq: {task.description}"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
                TimeElapsedColumn(), console=console, transient=True, redirect_stdout=False, redirect_stderr=False,
            )
            self._task = self._progress.add_task(self._description(), total=self.total, completed=self._done)
            self._progress.start()

    def _description(self) -> str:
        from rich.markup import escape

        return escape(f"{self.what} {self._label}".strip())

    def update(self, label: str, done: int) -> None:
        with self._lock:
            self._label, self._done = label, done
            if self._progress is not None:
                self._progress.update(self._task, description=self._description(), completed=done)

    def set_total(self, total: int) -> None:
        with self._lock:
            self.total = total
            if self._progress is not None:
                self._progress.update(self._task, total=total)

    @contextmanager
    def paused(self) -> Iterator[None]:
        """Take the bar off the screen while the caller prints to the same terminal."""
        with self._lock:
            progress = self._progress
            if progress is not None:
                progress.stop()
        try:
            yield
        finally:
            with self._lock:
                if progress is not None and self._progress is progress and not self._closed:
                    progress.start()


def _is_terminal(stream: TextIO) -> bool:
    if os.environ.get("TERM") == "dumb":
        return False
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False
