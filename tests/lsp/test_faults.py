"""Every fault of the language-server fault table (tests/lsp/faults.py) against the real server over raw stdio:
afterwards the server still serves a new pair and answers requests, or, for a fault that ends the connection, it
exits by itself with one clear log line; no fault leaves a traceback in the log."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lsp.conftest import SERVER_COMMAND
from tests.lsp.faults import Fault, RawServer, build_faults, run_fault, run_own_server

FAULTS = build_faults()
SHARED = [f for f in FAULTS if not f.own_server]
OWN = [f for f in FAULTS if f.own_server]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    root = tmp_path_factory.mktemp("faults")
    running = RawServer(SERVER_COMMAND, root)
    answer = running.initialize()
    assert answer and "result" in answer
    yield running
    running.stop()


def _explain(outcome) -> str:
    return (f"{outcome.fault.name}: handled={outcome.handled} ({outcome.detail}); serving={outcome.serving_after} "
            f"({outcome.serving_detail}); tracebacks={outcome.tracebacks}")


@pytest.mark.parametrize("fault", SHARED, ids=lambda f: f.name)
def test_the_server_handles_the_fault_and_keeps_serving(server: RawServer, fault: Fault):
    outcome = run_fault(fault, server)
    assert outcome.ok, _explain(outcome) + "\n" + server.log_text()[-3000:]


@pytest.mark.parametrize("fault", OWN, ids=lambda f: f.name)
def test_the_server_handles_the_fault_in_a_workspace_of_its_own(tmp_path: Path, fault: Fault):
    outcome = run_own_server(fault, SERVER_COMMAND, tmp_path / "ws")
    assert outcome.ok, _explain(outcome) + "\n" + (tmp_path / "ws" / "server.log").read_text(errors="replace")[-3000:]


def test_the_table_covers_every_kind_of_fault():
    groups = {f.group for f in FAULTS}
    assert groups == {"framing", "message", "command", "document", "load", "startup", "disconnect"}
    assert len(FAULTS) >= 46
