"""`rubriq sqb --ray ADDRESS` on a local Ray cluster started by the test gives the local report byte for byte.

Needs the `ray` extra (`pip install -e ".[test,ray]"`, as .ci/run does); without Ray installed the test is skipped
and says so.
"""

import contextlib
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from rubriq.cli import main

ray = pytest.importorskip("ray", reason="the Ray path needs the ray extra: pip install -e '.[ray]'")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "sqb"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def ray_cluster():
    """A one-node Ray cluster in its own process group, stopped by that group's id (never by name)."""
    port = _free_port()
    temp_dir = tempfile.mkdtemp(prefix="rq-ray-", dir="/tmp")  # short: Ray's socket paths have a length limit
    ray_cli = Path(sys.executable).with_name("ray")
    head = subprocess.Popen(
        [str(ray_cli), "start", "--head", "--block", f"--port={port}", "--num-cpus=2", "--include-dashboard=false",
         "--disable-usage-stats", f"--temp-dir={temp_dir}", "--object-store-memory=100000000"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
        env={**os.environ, "RAY_USAGE_STATS_ENABLED": "0"})
    address = f"127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while True:
        probe = subprocess.run([str(ray_cli), "status", f"--address={address}"], capture_output=True, text=True)
        if probe.returncode == 0:
            break
        if head.poll() is not None or time.monotonic() > deadline:
            pytest.fail(f"the Ray head did not start: {probe.stdout[-500:]} {probe.stderr[-500:]}")
        time.sleep(1)
    yield address
    with contextlib.suppress(ProcessLookupError):
        os.killpg(head.pid, signal.SIGTERM)
    with contextlib.suppress(subprocess.TimeoutExpired):
        head.wait(15)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(head.pid, signal.SIGKILL)  # `ray start --block` can linger after its children are gone
    head.wait(15)


@pytest.mark.models
def test_a_ray_run_of_the_example_suite_matches_the_local_run_byte_for_byte(tmp_path, ray_cluster):
    local, on_ray = tmp_path / "local", tmp_path / "ray"
    assert main(["sqb", str(EXAMPLE), "--out", str(local), "--jobs", "1", "--no-cache"]) == 0
    assert main(["sqb", str(EXAMPLE), "--out", str(on_ray), "--ray", ray_cluster, "--no-cache"]) == 0
    expected = (local / "sqb-report.json").read_bytes()
    assert (on_ray / "sqb-report.json").read_bytes() == expected
    assert b'"C-graph"' in expected


def test_an_unreachable_cluster_is_a_clear_error(capsys):
    assert main(["sqb", str(EXAMPLE), "--out", "/dev/null/x", "--ray", f"127.0.0.1:{_free_port()}",
                 "--no-cache"]) == 2
    assert "cannot connect to the Ray cluster" in capsys.readouterr().err
