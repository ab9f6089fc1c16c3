"""The Rubriq engine. Nothing in this package knows about the Language Server Protocol."""
