"""What `rubriq check` shows while it works: a progress line only on a terminal and only for a run that takes a
while, nothing on a pipe, nothing with --quiet."""

import io
import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rubriq.terminal import ProgressLine

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are a POSIX facility")


def _run_with_terminal_stderr(*argv: str, delay: str) -> tuple[int, str, str]:
    """Run `rubriq` with stderr on a pseudo-terminal (as at a shell) and stdout on a pipe."""
    leader, follower = pty.openpty()
    env = {**os.environ, "RUBRIQ_PROGRESS_DELAY": delay, "HF_HUB_OFFLINE": "1", "TERM": "xterm"}
    process = subprocess.Popen([sys.executable, "-m", "rubriq", *argv], stdout=subprocess.PIPE, stderr=follower,
                               stdin=subprocess.DEVNULL, env=env)
    os.close(follower)
    chunks: list[bytes] = []
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        ready, _, _ = select.select([leader], [], [], 0.2)
        if ready:
            try:
                data = os.read(leader, 65536)
            except OSError:  # the child closed the terminal
                break
            if not data:
                break
            chunks.append(data)
        elif process.poll() is not None:
            break
    out = process.communicate(timeout=60)[0]
    os.close(leader)
    return process.returncode, out.decode("utf-8"), b"".join(chunks).decode("utf-8", "replace")


@pytest.fixture
def cache_env(tmp_path, monkeypatch):
    monkeypatch.setenv("RUBRIQ_CACHE_DIR", str(tmp_path / "cache"))


def test_a_run_past_the_delay_shows_a_progress_line_on_the_terminal(cache_env):
    code, out, terminal = _run_with_terminal_stderr("check", str(EXAMPLES), "--no-models", "--output-format",
                                                    "json", "--no-cache", delay="0")
    assert code == 0 and out.startswith("{")
    assert "rubriq: checking" in terminal and "/3" in terminal


def test_quiet_shows_no_progress_line(cache_env):
    code, _, terminal = _run_with_terminal_stderr("check", str(EXAMPLES), "--no-models", "--output-format", "json",
                                                  "--no-cache", "--quiet", delay="0")
    assert code == 0 and "rubriq: checking" not in terminal


def test_no_progress_line_when_stderr_is_not_a_terminal(cache_env):
    done = subprocess.run([sys.executable, "-m", "rubriq", "check", str(EXAMPLES), "--no-models", "--output-format",
                           "json", "--no-cache"], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "RUBRIQ_PROGRESS_DELAY": "0"})
    assert done.returncode == 0 and done.stderr == ""


class _Terminal(io.StringIO):
    """A text stream that says it is a terminal, to watch what the progress line draws."""

    def isatty(self) -> bool:
        return True


def test_the_progress_line_waits_for_its_delay_before_drawing():
    quick = _Terminal()
    with ProgressLine(3, stream=quick, delay=30) as progress:
        progress.update("a.out", 1)
    assert quick.getvalue() == ""  # finished before the delay: nothing drawn, nothing to clear
    slow = _Terminal()
    with ProgressLine(3, stream=slow, delay=0) as progress:
        progress.update("a.out", 1)
        deadline = time.monotonic() + 10
        while "a.out" not in slow.getvalue() and time.monotonic() < deadline:
            time.sleep(0.05)
    assert "rubriq: checking a.out" in slow.getvalue() and "1/3" in slow.getvalue()


def test_no_progress_line_on_a_stream_that_is_not_a_terminal():
    plain = io.StringIO()
    with ProgressLine(3, stream=plain, delay=0) as progress:
        progress.update("a.out", 1)
        time.sleep(0.3)
    assert plain.getvalue() == ""
