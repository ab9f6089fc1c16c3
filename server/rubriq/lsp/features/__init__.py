"""One module per LSP feature; each exposes `register(server)` and reads the server's state."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rubriq.lsp.server import RubriqServer


def register_all(server: RubriqServer) -> None:
    from rubriq.lsp.features import code_actions, code_lens, commands, diagnostics, hover, sync

    for module in (sync, diagnostics, code_actions, hover, code_lens, commands):
        module.register(server)
