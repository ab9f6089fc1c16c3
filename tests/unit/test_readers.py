"""Reading pairs from disk never blocks, never reads without bound, and says why a file or folder cannot be used.

FIFOs, devices and links to devices are refused before they are opened for a blocking read; a regular file is read
with a bound, so a file that grows while it is read cannot exhaust memory either. A folder that cannot be listed says
"permission denied" instead of "no pairs". Old Mac line ends (CR alone) end lines like LF does.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from rubriq.core import pairing
from rubriq.core.pairing import InputError, find_pairs, read_text


def _fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def _release(fifo: Path) -> None:
    """Open and close the write end, which lets a reader blocked in open() or read() go on."""
    with contextlib.suppress(OSError):  # no reader is waiting
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))


def _in_thread(call, timeout: float = 10.0, fifo: Path | None = None):
    """Run `call` in a thread and give up after `timeout`: a blocking open of a FIFO shows as a hang, not a pass."""
    outcome: dict[str, object] = {}

    def run() -> None:
        try:
            outcome["value"] = call()
        except BaseException as exc:  # handed back to the test
            outcome["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(timeout)
    if thread.is_alive():
        if fifo is not None:
            _release(fifo)
        raise AssertionError(f"reading blocked for more than {timeout:g} s")
    if "error" in outcome:
        raise outcome["error"]  # type: ignore[misc]
    return outcome.get("value")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
def test_a_fifo_output_is_refused_at_once_instead_of_blocking(tmp_path: Path):
    fifo = _fifo(tmp_path / "x.out")
    with pytest.raises(InputError, match=r"x\.out: is a FIFO .*not a regular file"):
        _in_thread(lambda: read_text(fifo), fifo=fifo)


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_dev_zero_behind_a_symlink_is_refused_as_a_device(tmp_path: Path):
    link = tmp_path / "x.out"
    link.symlink_to("/dev/zero")
    # In a child with a 1 GiB address-space limit: an unbounded read of /dev/zero ends there, not in this process.
    code = (
        "import resource, sys\n"
        "resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))\n"
        "from pathlib import Path\n"
        "from rubriq.core.pairing import InputError, read_text\n"
        "try:\n"
        f"    read_text(Path({str(link)!r}))\n"
        "except InputError as exc:\n"
        "    print('InputError:', exc)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)
    assert "InputError:" in done.stdout, done.stderr[-500:]
    assert "x.out: is a character device" in done.stdout and "not a regular file" in done.stdout, done.stdout


def test_a_regular_file_is_read_with_a_bound_not_by_its_reported_size(tmp_path: Path, monkeypatch):
    big = tmp_path / "big.out"
    big.write_bytes(b"a" * 5000)
    monkeypatch.setattr(pairing, "MAX_BYTES", 4096)
    with pytest.raises(InputError, match=r"over the 4096-byte limit"):
        read_text(big)
    # The bound holds while reading, whatever stat() said before: read_bounded stops one byte past the limit.
    assert len(pairing.read_bounded(big, 100)) == 101


def test_cr_only_line_ends_become_line_breaks(tmp_path: Path):
    old_mac = tmp_path / "x.out"
    old_mac.write_bytes(b"First line.\rSecond line.\r\rNew paragraph.\r\nWindows line.\n")
    assert read_text(old_mac) == "First line.\nSecond line.\n\nNew paragraph.\nWindows line.\n"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
def test_folder_mode_refuses_a_fifo_pair_member_instead_of_blocking(tmp_path: Path):
    (tmp_path / "x.prompt").write_text("Write a haiku.", encoding="utf-8")
    _fifo(tmp_path / "x.out")
    pairs, _ = find_pairs(tmp_path)
    for pair in pairs:
        with pytest.raises(InputError, match="not a regular file"):
            _in_thread(lambda pair=pair: read_text(pair.output), fifo=pair.output)


def _without_file_permission_override(code: str) -> subprocess.CompletedProcess[str]:
    """Run `code` in a fresh interpreter that obeys file modes. As root that means dropping the two capabilities
    that bypass them (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH); as another user nothing needs dropping."""
    command = [sys.executable, "-c", code]
    if os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("running as root without setpriv: file modes cannot be enforced")
        command = [setpriv, "--bounding-set=-dac_override,-dac_read_search", *command]
    return subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)


def test_a_folder_that_cannot_be_listed_says_permission_denied_not_no_pairs(tmp_path: Path):
    locked = tmp_path / "locked"
    locked.mkdir()
    (locked / "x.prompt").write_text("Write a haiku.", encoding="utf-8")
    (locked / "x.out").write_text("An old silent pond.", encoding="utf-8")
    locked.chmod(0)
    try:
        code = (
            "from pathlib import Path\n"
            "from rubriq.core.pairing import InputError, find_pairs\n"
            "try:\n"
            f"    print(find_pairs(Path({str(locked)!r})))\n"
            "except InputError as exc:\n"
            "    print('InputError:', exc)\n"
        )
        done = _without_file_permission_override(code)
    finally:
        locked.chmod(0o755)
    assert done.returncode == 0, done.stderr
    assert "InputError:" in done.stdout and "permission denied" in done.stdout, done.stdout


def test_an_unreadable_file_says_permission_denied(tmp_path: Path):
    secret = tmp_path / "x.out"
    secret.write_text("text", encoding="utf-8")
    secret.chmod(0)
    code = (
        "from pathlib import Path\n"
        "from rubriq.core.pairing import InputError, read_text\n"
        "try:\n"
        f"    read_text(Path({str(secret)!r}))\n"
        "except InputError as exc:\n"
        "    print('InputError:', exc)\n"
    )
    done = _without_file_permission_override(code)
    assert "InputError:" in done.stdout and "permission denied" in done.stdout.lower(), (done.stdout, done.stderr)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
def test_an_sqb_case_whose_source_is_a_fifo_is_reported_without_blocking(tmp_path: Path):
    from rubriq.core.sqb.case import load_case

    example = Path(__file__).resolve().parents[2] / "examples" / "sqb" / "k8s-db-connectivity"
    suite = tmp_path / "suite"
    shutil.copytree(example, suite)
    source = suite / "sources" / "platform-notes.md"
    source.unlink()
    _fifo(source)

    def load() -> str:
        try:
            load_case(suite / "k8s-db-connectivity.sqb.yaml")
        except Exception as exc:  # the loader reports every problem of the case in one error
            return str(exc)
        return ""

    reason = _in_thread(load, fifo=source)
    assert "platform-notes.md" in reason and ("not a file" in reason or "not a regular file" in reason), reason
