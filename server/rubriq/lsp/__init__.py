"""Rubriq's language server: thin glue between LSP clients and `rubriq.core`.

`server.py` builds the pygls server, `scheduler.py` debounces checks by document version and runs them off the
event loop, `convert.py` turns character offsets into LSP positions, `store.py` keeps the latest results and
publishes only what changed; `features/` holds one module per LSP feature.
"""
