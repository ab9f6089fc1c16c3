"""Prompt/output pairs on disk: `x.prompt` ↔ `x.out` in the same folder, and safe reading of both."""

from __future__ import annotations

import errno
import os
import stat
from dataclasses import dataclass
from pathlib import Path

PROMPT_SUFFIX = ".prompt"
OUTPUT_SUFFIX = ".out"
MAX_BYTES = 50 * 1024 * 1024  # a larger file is refused with a reason instead of exhausting memory


class InputError(Exception):
    """A file Rubriq cannot score; the message is one line a person can act on."""


@dataclass(frozen=True)
class Pair:
    prompt: Path
    output: Path


@dataclass(frozen=True)
class Skipped:
    path: Path
    reason: str


_FILE_KINDS = (
    (stat.S_ISDIR, "is a directory, expected a file"),
    (stat.S_ISFIFO, "is a FIFO (named pipe)"),
    (stat.S_ISCHR, "is a character device"),
    (stat.S_ISBLK, "is a block device"),
    (stat.S_ISSOCK, "is a socket"),
)


def _not_regular(mode: int) -> str:
    for test, wording in _FILE_KINDS:
        if test(mode):
            return wording if test is stat.S_ISDIR else f"{wording}, not a regular file"
    return "is not a regular file"


def _os_reason(exc: OSError) -> str:
    if exc.errno in (errno.EACCES, errno.EPERM):
        return "permission denied"
    return exc.strerror or str(exc)


def read_bounded(path: Path, limit: int) -> bytes:
    """At most `limit + 1` bytes of a regular file (one more than allowed shows the file is too large).

    The file is opened without blocking and checked with fstat on the open descriptor, so a FIFO, a device or a
    link to one is refused before anything waits on it or reads from it, and a file swapped after the check
    cannot slip through. The bound holds while reading: `st_size` says 0 for devices and can change.
    """
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError as exc:
        raise InputError(f"{path}: no such file") from exc
    except IsADirectoryError as exc:
        raise InputError(f"{path}: is a directory, expected a file") from exc
    except OSError as exc:
        raise InputError(f"{path}: cannot be read ({_os_reason(exc)})") from exc
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise InputError(f"{path}: {_not_regular(mode)}")
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    except OSError as exc:
        raise InputError(f"{path}: cannot be read ({_os_reason(exc)})") from exc
    finally:
        os.close(fd)


def normalise_line_ends(text: str) -> str:
    """CRLF and a lone CR (old Mac files) both become LF, so lines, paragraphs and line numbers come out right."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def read_text(path: Path) -> str:
    """Read a UTF-8 text file, or raise InputError saying exactly why not."""
    data = read_bounded(path, MAX_BYTES)
    if len(data) > MAX_BYTES:
        raise InputError(f"{path}: over the {MAX_BYTES}-byte limit")
    if b"\x00" in data[:8192]:
        raise InputError(f"{path}: looks like a binary file (NUL bytes), expected UTF-8 text")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"{path}: is not valid UTF-8 (byte {exc.start}: {exc.reason})") from exc
    return normalise_line_ends(text.removeprefix("\ufeff"))


def partner_of(path: Path) -> Path:
    """The other half of a pair: `x.prompt` → `x.out` and back."""
    if path.suffix == PROMPT_SUFFIX:
        return path.with_suffix(OUTPUT_SUFFIX)
    if path.suffix == OUTPUT_SUFFIX:
        return path.with_suffix(PROMPT_SUFFIX)
    raise InputError(f"{path}: expected a .prompt or .out file")


def resolve_pair(first: Path, second: Path | None = None) -> Pair:
    """A pair from a .prompt (output defaults to its sibling .out), or from a .out with a sibling .prompt."""
    if second is not None:
        prompt, output = first, second
    elif first.suffix == OUTPUT_SUFFIX:
        prompt, output = partner_of(first), first
    else:
        prompt, output = first, partner_of(first)
    if not prompt.exists():
        raise InputError(f"{prompt}: no such file (every .out is scored against the .prompt beside it)")
    if not output.exists():
        raise InputError(f"{output}: no such file (the output to score; pass it as the second argument)")
    return Pair(prompt, output)


def _listing(folder: Path) -> list[Path]:
    """The folder's entries, or InputError when it cannot be listed (a mode-000 folder is not an empty one)."""
    try:
        with os.scandir(folder) as entries:
            return sorted(Path(entry.path) for entry in entries)
    except NotADirectoryError as exc:
        raise InputError(f"{folder}: not a directory") from exc
    except FileNotFoundError as exc:
        raise InputError(f"{folder}: no such folder") from exc
    except OSError as exc:
        raise InputError(f"{folder}: cannot be listed ({_os_reason(exc)})") from exc


def find_pairs(folder: Path) -> tuple[list[Pair], list[Skipped]]:
    """Every pair directly in `folder`, sorted by name; unpaired files are returned with the reason."""
    if not folder.is_dir():
        raise InputError(f"{folder}: not a directory")
    entries = _listing(folder)
    names = {entry.name for entry in entries}
    pairs: list[Pair] = []
    skipped: list[Skipped] = []
    for output in (e for e in entries if e.suffix == OUTPUT_SUFFIX):
        prompt = output.with_suffix(PROMPT_SUFFIX)
        if prompt.is_file():
            pairs.append(Pair(prompt, output))
        else:
            skipped.append(Skipped(output, f"no {prompt.name} beside it"))
    for prompt in (e for e in entries if e.suffix == PROMPT_SUFFIX):
        if prompt.with_suffix(OUTPUT_SUFFIX).name not in names:
            skipped.append(Skipped(prompt, f"no {prompt.with_suffix(OUTPUT_SUFFIX).name} beside it"))
    return pairs, skipped
