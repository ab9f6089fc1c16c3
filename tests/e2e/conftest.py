"""End-to-end tests in real editors. They need Neovim, code-server and Chromium (tests/e2e/setup.sh installs them),
so they run only from tests/e2e/run.sh, which sets RUBRIQ_E2E=1."""

import os

if os.environ.get("RUBRIQ_E2E") != "1":
    collect_ignore_glob = ["test_*.py"]
