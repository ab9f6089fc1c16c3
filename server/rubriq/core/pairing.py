"""Prompt/output pairs on disk: `x.prompt` ↔ `x.out` in the same folder, and safe reading of both."""

from __future__ import annotations

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


def read_text(path: Path) -> str:
    """Read a UTF-8 text file, or raise InputError saying exactly why not."""
    if not path.exists():
        raise InputError(f"{path}: no such file")
    if path.is_dir():
        raise InputError(f"{path}: is a directory, expected a file")
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise InputError(f"{path}: {size} bytes is over the {MAX_BYTES}-byte limit")
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(f"{path}: cannot be read ({exc.strerror or exc})") from exc
    if b"\x00" in data[:8192]:
        raise InputError(f"{path}: looks like a binary file (NUL bytes), expected UTF-8 text")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"{path}: is not valid UTF-8 (byte {exc.start}: {exc.reason})") from exc
    return text.removeprefix("\ufeff").replace("\r\n", "\n")


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


def find_pairs(folder: Path) -> tuple[list[Pair], list[Skipped]]:
    """Every pair directly in `folder`, sorted by name; unpaired files are returned with the reason."""
    if not folder.is_dir():
        raise InputError(f"{folder}: not a directory")
    pairs: list[Pair] = []
    skipped: list[Skipped] = []
    for output in sorted(folder.glob(f"*{OUTPUT_SUFFIX}")):
        prompt = output.with_suffix(PROMPT_SUFFIX)
        if prompt.is_file():
            pairs.append(Pair(prompt, output))
        else:
            skipped.append(Skipped(output, f"no {prompt.name} beside it"))
    for prompt in sorted(folder.glob(f"*{PROMPT_SUFFIX}")):
        if not prompt.with_suffix(OUTPUT_SUFFIX).exists():
            skipped.append(Skipped(prompt, f"no {prompt.with_suffix(OUTPUT_SUFFIX).name} beside it"))
    return pairs, skipped
