"""Findings the user chose to ignore, kept in the project file `.rubriq/ignore.json`.

An entry is a rule code plus the hash of the sentence the finding sits in (`convert.sentence_hash`), and the
output file it was seen in, relative to the project root. The entry survives edits anywhere else in the file and
stops matching as soon as that sentence itself changes. The server only reads this file: adding an entry is a
WorkspaceEdit that the client applies, like any other change to the user's files.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rubriq.core.pairing import InputError, read_bounded

IGNORE_FILE = Path(".rubriq") / "ignore.json"
FORMAT_VERSION = 1
MAX_IGNORE_BYTES = 16 * 1024 * 1024  # tens of thousands of entries; a larger file is reported, not read


@dataclass(frozen=True)
class IgnoreEntry:
    code: str
    sentence_hash: str
    file: str  # output file relative to the project root, "/"-separated; "" matches every file

    def as_json(self, sentence: str = "") -> dict[str, Any]:
        entry = {"code": self.code, "sentence_hash": self.sentence_hash, "file": self.file}
        if sentence:
            entry["sentence"] = " ".join(sentence.split())[:200]  # for the reader of the file; not matched
        return entry


@dataclass
class IgnoreStore:
    root: Path | None
    entries: set[IgnoreEntry] = field(default_factory=set)
    raw: dict[str, Any] = field(default_factory=lambda: {"version": FORMAT_VERSION, "ignored": []})
    problem: str = ""

    @property
    def path(self) -> Path | None:
        return self.root / IGNORE_FILE if self.root else None

    def load(self) -> None:
        """Read the file again (it changed on disk, or the server just started)."""
        self.entries, self.problem = set(), ""
        self.raw = {"version": FORMAT_VERSION, "ignored": []}
        path = self.path
        if path is None or not path.exists() or path.is_dir():
            return
        try:
            raw = read_bounded(path, MAX_IGNORE_BYTES)
            if len(raw) > MAX_IGNORE_BYTES:
                raise ValueError(f"over the {MAX_IGNORE_BYTES}-byte limit")
            data = json.loads(raw.decode("utf-8"))
            items = data["ignored"]
            self.entries = {IgnoreEntry(str(i["code"]), str(i["sentence_hash"]), str(i.get("file", "")))
                            for i in items}
            self.raw = data
        except RecursionError:
            self.problem = (f"{IGNORE_FILE.as_posix()} cannot be used (nested too deeply to read); no finding is "
                            "ignored through it")
        except (InputError, ValueError, KeyError, TypeError, AttributeError) as exc:
            self.problem = f"{IGNORE_FILE.as_posix()} cannot be used ({exc}); no finding is ignored through it"

    def relative(self, path: Path | None) -> str:
        if path is None or self.root is None:
            return ""
        try:
            return path.resolve().relative_to(self.root.resolve()).as_posix()
        except ValueError:
            return path.as_posix()

    def is_ignored(self, code: str, sentence_hash: str, file: str) -> bool:
        return (IgnoreEntry(code, sentence_hash, file) in self.entries
                or IgnoreEntry(code, sentence_hash, "") in self.entries)

    def with_entry(self, entry: IgnoreEntry, sentence: str) -> str:
        """The file's new content with `entry` added (entries sorted, so the file diff stays small)."""
        items = [i for i in self.raw.get("ignored", []) if isinstance(i, dict)]
        if entry not in self.entries:
            items.append(entry.as_json(sentence))
        items.sort(key=lambda i: (str(i.get("file", "")), str(i.get("code", "")), str(i.get("sentence_hash", ""))))
        data = {**self.raw, "version": FORMAT_VERSION, "ignored": items}
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
