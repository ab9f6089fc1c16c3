"""Rubriq's settings: `rubriq.toml` or `[tool.rubriq]` in `pyproject.toml`, found upward from the checked file.

Every setting has a default. An invalid value is reported and replaced by its default; the rest still applies.
"""

from __future__ import annotations

import stat
import tomllib
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rubriq.core.families import Family
from rubriq.core.findings import Severity
from rubriq.core.pairing import InputError, read_bounded


class Config(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    family: Family = Field(Family.GENERIC, description="Model family when the prompt names none.")
    severity: dict[str, Severity] = Field(default_factory=dict, description="Rule code → severity override.")
    ignore: list[str] = Field(default_factory=list, description="Rule codes never reported.")
    weights: dict[str, float] = Field(default_factory=dict, description="Parameter → weight in the weighted view.")
    debounce_ms: int = Field(200, ge=0, le=5000, description="Editor: wait after a keystroke before tier 0.")
    model_tiers: Literal["on_type", "on_save", "manual"] = Field(
        "on_type", description="Editor: when embedding/NLI metrics run.")
    diagnostic_mode: Literal["auto", "push", "pull"] = Field(
        "auto", description="Editor: push or pull diagnostics; auto chooses from client capabilities.")
    embedding_model: str | None = Field(None, description="Local path of a sentence-transformers embedding model.")
    nli_model: str | None = Field(None, description="Local path of a sentence-transformers CrossEncoder NLI model.")
    device: str = Field("cpu", description="torch device for models: cpu, cuda, cuda:1 ...")
    embedding_cache_size: int = Field(20_000, ge=0, description="Sentence embeddings kept in memory (LRU).")
    nli_cache_size: int = Field(50_000, ge=0, description="NLI results kept in memory (LRU).")
    disk_cache: str | None = Field(None, description="Folder for an on-disk model cache (batch runs).")
    # 2: the NLI pairs stay under a fifth of the full SummaC matrix at the same accuracy as 3 (docs/benchmarks.md).
    top_k: int = Field(2, ge=1, le=50, description="Faithfulness: source sentences verified by NLI per claim, "
                       "besides the best two joined and the best with its neighbours.")
    # Off: on the hand-written grounded pairs' development halves, FA001 without a missing value or name to point at
    # was right 7 times in 15, against 13 in 15 with one (docs/benchmarks.md, "A third grounded set").
    model_only_unsupported: bool = Field(
        False, description="Faithfulness: also report FA001 when the model finds a claim unsupported but no value or "
                           "name of it is missing from the source (nothing a reader can check at a glance).")
    rules_base_url: str = Field("", description="Where rule pages are linked (a docs site: URL + /CODE); empty: "
                                "the pages Rubriq writes from its rule registry into its cache folder.")
    extend_exclude: list[str] = Field(default_factory=list, description="`rubriq check`/`sqb`: gitignore-style "
                                      "patterns of files and folders not checked, relative to this file's folder.")


CONFIG_FILES = ("rubriq.toml", "pyproject.toml")
MAX_CONFIG_BYTES = 1024 * 1024  # settings are a few lines; a larger file is reported instead of read


class ConfigReadError(Exception):
    """A settings file that cannot be read; the message says why in a few words."""


def read_toml(path: Path) -> dict[str, Any]:
    """A TOML file as a table: bounded, regular files only, and never a RecursionError (deep nesting)."""
    try:
        data = read_bounded(path, MAX_CONFIG_BYTES)
    except InputError as exc:
        raise ConfigReadError(str(exc).removeprefix(f"{path}: ")) from exc
    if len(data) > MAX_CONFIG_BYTES:
        raise ConfigReadError(f"over the {MAX_CONFIG_BYTES}-byte limit")
    try:
        return tomllib.loads(data.decode("utf-8"))
    except RecursionError as exc:
        raise ConfigReadError("nested too deeply to read") from exc
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigReadError(str(exc)) from exc


def _kind(path: Path) -> str | None:
    """"file", "dir" or "other" (FIFO, device...), or None when absent or in a folder that cannot be searched."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return None
    return "file" if stat.S_ISREG(mode) else "dir" if stat.S_ISDIR(mode) else "other"


def _is_dir(path: Path) -> bool:
    return _kind(path) == "dir"


def find_config_file(start: Path) -> Path | None:
    """The nearest `rubriq.toml`, or `pyproject.toml` with a `[tool.rubriq]` table, from `start` upward."""
    folder = start if _is_dir(start) else start.parent
    for candidate_dir in (folder, *folder.parents):
        rubriq_toml = candidate_dir / "rubriq.toml"
        kind = _kind(rubriq_toml)
        if kind not in (None, "dir"):  # a FIFO or device is reported when it is read
            return rubriq_toml
        pyproject = candidate_dir / "pyproject.toml"
        if _kind(pyproject) == "file":
            try:
                tool = read_toml(pyproject).get("tool", {})
            except ConfigReadError:
                continue
            if isinstance(tool, dict) and "rubriq" in tool:
                return pyproject
    return None


def config_from_mapping(raw: dict[str, Any], origin: str = "settings") -> tuple[Config, list[str]]:
    """Validate key by key: a bad value costs only that key, and says so."""
    problems: list[str] = []
    valid: dict[str, Any] = {}
    for raw_key, value in raw.items():
        key = str(raw_key).replace("-", "_")  # `extend-exclude` and `extend_exclude` name one setting
        if key not in Config.model_fields:
            problems.append(f"{origin}: unknown setting {raw_key!r} ignored")
            continue
        try:
            Config.model_validate({key: value})
        except ValidationError as exc:
            reason = "; ".join(err["msg"] for err in exc.errors())
            default = Config.model_fields[key].get_default(call_default_factory=True)
            problems.append(f"{origin}: invalid value for {key!r} ({reason}); using the default {default!r}")
            continue
        valid[key] = value
    return Config.model_validate(valid), problems


def load_config(start: Path | None) -> tuple[Config, list[str], Path | None]:
    """Config for a file or folder: (config, problems, the file it came from)."""
    path = find_config_file(start) if start else None
    if path is None:
        return Config(), [], None
    try:
        data = read_toml(path)
    except ConfigReadError as exc:
        return Config(), [f"{path.name}: cannot be read ({exc}); using defaults"], path
    tool = data.get("tool", {}) if path.name == "pyproject.toml" else None
    table = (tool.get("rubriq", {}) if isinstance(tool, dict) else tool) if path.name == "pyproject.toml" else data
    if not isinstance(table, dict):
        return Config(), [f"{path.name}: the rubriq settings must be a table; using defaults"], path
    config, problems = config_from_mapping(table, path.name)
    return config, problems, path
