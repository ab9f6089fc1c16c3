"""Pairs of documents: `name.prompt` and `name.out` side by side.

The text of each side comes from the editor when the file is open there, otherwise from disk. A file that is not
text (NUL bytes, or bytes that are not UTF-8) is reported as unreadable instead of being scored as garbage.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pygls.uris import from_fs_path, to_fs_path
from pygls.workspace import Workspace

PROMPT_SUFFIX = ".prompt"
OUTPUT_SUFFIX = ".out"
MAX_DISK_BYTES = 64 * 1024 * 1024  # a partner larger than this is not read: memory stays bounded
# Checking as you type stops here: tier 0 takes about 20 s per MB on one core, and an editor needs answers in
# milliseconds. `rubriq check` has no such limit.
MAX_LIVE_CHARS = 1_000_000


def is_pair_member(uri: str) -> bool:
    return uri.endswith(PROMPT_SUFFIX) or uri.endswith(OUTPUT_SUFFIX)


def pair_key(uri: str) -> str:
    """The pair a document belongs to: its URI without the suffix."""
    for suffix in (PROMPT_SUFFIX, OUTPUT_SUFFIX):
        if uri.endswith(suffix):
            return uri[: -len(suffix)]
    return uri


def prompt_uri(key: str) -> str:
    return key + PROMPT_SUFFIX


def output_uri(key: str) -> str:
    return key + OUTPUT_SUFFIX


@dataclass(frozen=True)
class Side:
    """One side of a pair as it will be scored."""

    uri: str
    text: str | None  # None when missing or unreadable
    version: int | None  # the editor's version; None when read from disk
    problem: str = ""  # why `text` is None ("" when the file simply does not exist)

    @property
    def is_open(self) -> bool:
        return self.version is not None


def looks_binary(text: str) -> bool:
    return "\x00" in text[:8192]


def read_side(workspace: Workspace, uri: str) -> Side:
    """The text of `uri`: the editor's buffer when open, else the file on disk."""
    document = workspace.text_documents.get(uri)
    if document is not None:
        text = document.source
        if looks_binary(text):
            return Side(uri, None, document.version or 0, "the file contains NUL bytes: not text")
        return _sized(Side(uri, text, document.version or 0))
    path_str = to_fs_path(uri)
    if path_str is None:
        return Side(uri, None, None, "not a file URI")
    path = Path(path_str)
    try:
        if not path.is_file():
            return Side(uri, None, None)
        if path.stat().st_size > MAX_DISK_BYTES:
            return Side(uri, None, None, f"larger than {MAX_DISK_BYTES // (1024 * 1024)} MB")
        raw = path.read_bytes()
    except OSError as exc:
        return Side(uri, None, None, f"cannot be read: {exc.strerror or exc}")
    if b"\x00" in raw[:8192]:
        return Side(uri, None, None, "the file contains NUL bytes: not text")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return Side(uri, None, None, f"not UTF-8 (byte {exc.start})")
    return _sized(Side(uri, text, None))


def _sized(side: Side) -> Side:
    if side.text is not None and len(side.text) > MAX_LIVE_CHARS:
        size = f"{len(side.text) / 1_000_000:.1f} million characters"
        return Side(side.uri, None, side.version, f"too large to check as you type ({size}; the limit is "
                    f"{MAX_LIVE_CHARS / 1_000_000:g} million): run `rubriq check` on it")
    return side


def uri_for_path(path: Path) -> str:
    return from_fs_path(str(path)) or path.as_uri()


def path_for_uri(uri: str) -> Path | None:
    path = to_fs_path(uri)
    return Path(path) if path else None
