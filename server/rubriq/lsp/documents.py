"""Pairs of documents: `name.prompt` and `name.out` side by side.

The text of each side comes from the editor when the file is open there, otherwise from disk. A file that is not
text (NUL bytes, or bytes that are not UTF-8) is reported as unreadable instead of being scored as garbage.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from pygls.uris import from_fs_path, to_fs_path
from pygls.workspace import Workspace

from rubriq.core.pairing import InputError, read_bounded

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


LONE_SURROGATE_RE = re.compile("[\ud800-\udfff]")  # in a str every surrogate is unpaired (JSON allows "\ud800")
LONE_CR_RE = re.compile(r"\r(?!\n)")


def clean_text(text: str) -> str:
    """What the engine reads, same length as `text` so that every offset and position stays as the editor has it:
    a lone surrogate becomes U+FFFD (both one UTF-16 unit) and a CR alone becomes LF (LSP ends a line at either)."""
    if "\r" in text:
        text = LONE_CR_RE.sub("\n", text)
    return LONE_SURROGATE_RE.sub("\ufffd", text)


def read_side(workspace: Workspace, uri: str) -> Side:
    """The text of `uri`: the editor's buffer when open, else the file on disk."""
    document = workspace.text_documents.get(uri)
    if document is not None:
        text = document.source
        if looks_binary(text):
            return Side(uri, None, document.version or 0, "the file contains NUL bytes: not text")
        return _sized(Side(uri, clean_text(text), document.version or 0))
    path_str = to_fs_path(uri)
    if path_str is None:
        return Side(uri, None, None, "not a file URI")
    path = Path(path_str)
    if not path.exists():
        return Side(uri, None, None)
    try:  # bounded, and a FIFO or device is refused instead of blocking the server
        raw = read_bounded(path, MAX_DISK_BYTES)
    except InputError as exc:
        return Side(uri, None, None, str(exc).removeprefix(f"{path}: "))
    if len(raw) > MAX_DISK_BYTES:
        return Side(uri, None, None, f"larger than {MAX_DISK_BYTES // (1024 * 1024)} MB")
    if b"\x00" in raw[:8192]:
        return Side(uri, None, None, "the file contains NUL bytes: not text")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return Side(uri, None, None, f"not UTF-8 (byte {exc.start})")
    return _sized(Side(uri, clean_text(text), None))


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
