"""Effective configuration: client settings (section `rubriq`) merged over `rubriq.toml` / `[tool.rubriq]`.

Setting names are the `Config` field names of `rubriq.core.config`, so the same key works in a config file and in
the editor; a client may also send them in camelCase (`debounceMs`), as editors write their settings. One setting
is the editor's alone: `enable` (default true); false turns Rubriq off for the workspace: no checks, nothing shown.
Invalid values cost only their key (reported once); the defaults stand in.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rubriq.core.config import Config, config_from_mapping, find_config_file, load_config

SECTION = "rubriq"


ENABLE = "enable"
_CAMEL_RE = re.compile(r"(?<=[a-z0-9])([A-Z])")


def snake_case(key: str) -> str:
    """`debounceMs` → `debounce_ms`; Config names pass unchanged."""
    return _CAMEL_RE.sub(lambda m: "_" + m.group(1).lower(), key)


@dataclass
class SettingsStore:
    client_settings: dict[str, Any] = field(default_factory=dict)
    enabled: bool = True
    _file_configs: dict[str, tuple[Config, list[str], Path | None]] = field(default_factory=dict)
    _merged: dict[str, tuple[Config, list[str]]] = field(default_factory=dict)

    def set_client_settings(self, raw: Any) -> None:
        settings = {snake_case(str(k)): v for k, v in raw.items()} if isinstance(raw, dict) else {}
        enable = settings.pop(ENABLE, True)
        self.enabled = enable is not False
        self.client_settings = settings
        self._merged.clear()

    def invalidate_files(self) -> None:
        """A config file changed on disk: read them all again on next use."""
        self._file_configs.clear()
        self._merged.clear()

    def file_config(self, folder: Path) -> tuple[Config, list[str], Path | None]:
        key = str(folder)
        if key not in self._file_configs:
            self._file_configs[key] = load_config(folder)
        return self._file_configs[key]

    def config_for(self, path: Path | None) -> tuple[Config, list[str]]:
        """Config for a file: problems list every invalid key of the file and of the client settings."""
        folder = path.parent if path is not None else None
        key = str(folder)
        if key in self._merged:
            return self._merged[key]
        base, problems, _ = self.file_config(folder) if folder is not None else (Config(), [], None)
        if self.client_settings:
            raw = base.model_dump(exclude_unset=True)
            client, client_problems = config_from_mapping(self.client_settings, "editor settings")
            raw.update(client.model_dump(exclude_unset=True))
            merged = Config.model_validate(raw)
            problems = problems + client_problems
        else:
            merged = base
        self._merged[key] = (merged, problems)
        return merged, problems

    def config_file_of(self, path: Path) -> Path | None:
        return find_config_file(path)
