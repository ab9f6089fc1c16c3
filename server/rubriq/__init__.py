"""Rubriq: offline, deterministic evaluation of prompt/output pairs."""

__version__ = "0.1.0"
