"""Which files a run checks: recursive discovery that respects `.gitignore` and exclude patterns.

`rubriq check` and `rubriq sqb` both find their inputs here, so a folder means the same thing to both:

- Folders are walked recursively, in sorted order (the result is deterministic). Symbolic links to folders are not
  followed (no cycles, nothing outside the tree), links to files are.
- `.gitignore` files are read with git's own semantics (pathspec's `GitIgnoreSpec`: `*`, `**`, anchored `/x`,
  directory-only `x/`, negation `!x`, the last matching line wins). A `.gitignore` deeper in the tree overrides a
  shallower one, and a file inside an ignored folder cannot be re-included (git does not look into it either).
  Inside a git work tree every `.gitignore` from the work tree's root down applies, and `.git/info/exclude` too;
  outside one, the `.gitignore` files at and below the folder being checked. The user's global excludes file is
  not read: it differs between machines and a run must not.
- A few folders are never entered: version-control metadata, virtual environments and tool caches
  (`DEFAULT_EXCLUDES`).
- Exclude patterns (`--exclude`, and `extend-exclude` in `rubriq.toml`) are gitignore-style globs: a pattern
  without a slash (`drafts`, `*.tmp.out`) matches a file or folder of that name anywhere; a pattern with a slash
  (`prompts/drafts/`, `legacy/**/*.out`) is anchored at its base, the working directory for `--exclude` and the
  folder of `rubriq.toml` for `extend-exclude`.
- A file named explicitly is always checked, unless `force_exclude` is set (for pre-commit, which passes files one
  by one): then the exclude patterns apply to it too. `.gitignore` never removes an explicitly named file.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pathspec import GitIgnoreSpec

from rubriq.core.pairing import OUTPUT_SUFFIX, PROMPT_SUFFIX, Pair, Skipped

DEFAULT_EXCLUDES = (
    ".git", ".hg", ".svn", ".jj", ".venv", "venv", "node_modules", "__pycache__", ".tox", ".nox",
    ".mypy_cache", ".ruff_cache", ".pytest_cache", ".eggs",
)
GITIGNORE = ".gitignore"


class DiscoveryError(Exception):
    """A path given to check cannot be walked at all; the message is one line a person can act on."""


@dataclass(frozen=True)
class ExcludePatterns:
    """Gitignore-style patterns anchored at `base`."""

    base: Path
    patterns: tuple[str, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "_spec", GitIgnoreSpec.from_lines(self.patterns))

    def matches(self, path: Path, is_dir: bool) -> bool:
        if not self.patterns:
            return False
        try:
            relative = path.relative_to(self.base).as_posix()
        except ValueError:
            # Outside the base: only the slash-free patterns (a name anywhere) can apply.
            name_only = [p for p in self.patterns if "/" not in p.rstrip("/")]
            if not name_only:
                return False
            relative = path.name
            spec = GitIgnoreSpec.from_lines(name_only)
            return bool(spec.match_file(relative + "/" if is_dir else relative))
        if relative in ("", "."):
            return False
        return bool(self._spec.match_file(relative + "/" if is_dir else relative))  # type: ignore[attr-defined]


@dataclass
class _IgnoreLayer:
    folder: Path
    spec: GitIgnoreSpec


def _read_ignore_file(path: Path) -> list[str]:
    try:
        return path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return []  # an unreadable .gitignore ignores nothing, as git does


def git_work_tree(start: Path) -> Path | None:
    """The root of the git work tree holding `start` (a folder with `.git`, a folder or a file), if any."""
    folder = start if start.is_dir() else start.parent
    for candidate in (folder, *folder.parents):
        if (candidate / ".git").exists():
            return candidate
    return None


@dataclass
class IgnoreRules:
    """Everything that removes a path from a walk: default folders, exclude patterns and `.gitignore` files."""

    excludes: list[ExcludePatterns] = field(default_factory=list)
    respect_gitignore: bool = True
    _layers: dict[Path, _IgnoreLayer | None] = field(default_factory=dict)
    _roots: dict[Path, Path | None] = field(default_factory=dict)

    def excluded(self, path: Path, is_dir: bool) -> bool:
        """By a default folder name or an exclude pattern (not by `.gitignore`)."""
        if is_dir and path.name in DEFAULT_EXCLUDES:
            return True
        return any(patterns.matches(path, is_dir) for patterns in self.excludes)

    def _layer(self, folder: Path) -> _IgnoreLayer | None:
        if folder not in self._layers:
            lines = _read_ignore_file(folder / GITIGNORE) if (folder / GITIGNORE).is_file() else []
            if (folder / ".git").is_dir():
                lines = _read_ignore_file(folder / ".git" / "info" / "exclude") + lines  # lower precedence
            self._layers[folder] = _IgnoreLayer(folder, GitIgnoreSpec.from_lines(lines)) if lines else None
        return self._layers[folder]

    def gitignored(self, path: Path, is_dir: bool, walk_root: Path) -> bool:
        """Whether git would ignore `path`: the deepest `.gitignore` with a matching line decides."""
        if not self.respect_gitignore:
            return False
        if walk_root not in self._roots:
            self._roots[walk_root] = git_work_tree(walk_root)
        top = self._roots[walk_root] or walk_root
        folders = [f for f in (path.parent, *path.parent.parents) if f == top or top in f.parents]
        for folder in folders:  # deepest first
            layer = self._layer(folder)
            if layer is None:
                continue
            relative = path.relative_to(folder).as_posix()
            verdict = layer.spec.check_file(relative + "/" if is_dir else relative).include
            if verdict is not None:
                return bool(verdict)
        return False


def _reason(exc: OSError) -> str:
    if isinstance(exc, PermissionError):
        return "permission denied"
    return exc.strerror or str(exc)


def walk_files(root: Path, suffixes: Sequence[str], rules: IgnoreRules) -> tuple[list[Path], list[Skipped]]:
    """Files under `root` whose names end with one of `suffixes`, sorted; folders that cannot be listed and
    matching names that are not regular files come back as skipped, with the reason."""
    found: list[Path] = []
    skipped: list[Skipped] = []
    pending = [root]
    while pending:
        folder = pending.pop()
        try:
            with os.scandir(folder) as listing:
                entries = sorted(listing, key=lambda e: e.name)
        except OSError as exc:
            if folder == root:
                raise DiscoveryError(f"{folder}: cannot be listed ({_reason(exc)})") from exc
            skipped.append(Skipped(Path(folder), f"folder cannot be listed ({_reason(exc)})"))
            continue
        subfolders: list[Path] = []
        for entry in entries:
            path = Path(entry.path)
            try:
                is_dir = entry.is_dir(follow_symlinks=False)
            except OSError:
                is_dir = False
            if is_dir:
                if not rules.excluded(path, True) and not rules.gitignored(path, True, root):
                    subfolders.append(path)
                continue
            if not any(entry.name.endswith(suffix) for suffix in suffixes):
                continue
            if rules.excluded(path, False) or rules.gitignored(path, False, root):
                continue
            try:
                mode = os.stat(path).st_mode
            except OSError as exc:
                skipped.append(Skipped(path, f"cannot be read ({_reason(exc)})"))
                continue
            if stat.S_ISDIR(mode):
                continue  # a link to a folder: not followed
            if not stat.S_ISREG(mode):
                skipped.append(Skipped(path, "not a regular file"))
                continue
            found.append(path)
        pending.extend(reversed(subfolders))
    return sorted(found, key=_sort_key), sorted(skipped, key=lambda s: _sort_key(s.path))


def _sort_key(path: Path) -> tuple[str, ...]:
    return path.parts


def config_excludes(start: Path) -> list[ExcludePatterns]:
    """`extend-exclude` of the `rubriq.toml` (or `[tool.rubriq]`) found upward from `start`, anchored at its folder."""
    from rubriq.core.config import load_config

    config, _, path = load_config(start.resolve())
    patterns = tuple(getattr(config, "extend_exclude", ()) or ())
    if path is None or not patterns:
        return []
    return [ExcludePatterns(path.parent, patterns)]


def discover_files(
    target: Path,
    suffixes: Sequence[str],
    exclude: Sequence[str] = (),
    *,
    use_config: bool = True,
    respect_gitignore: bool = True,
) -> tuple[list[Path], list[Skipped]]:
    """The files a folder contributes (see the module docstring), or `[target]` when it is a file.

    `exclude` patterns are anchored at the working directory; with `use_config` the `extend-exclude` patterns of
    the configuration found from `target` apply too. The SQB's suite loader calls this with `(".sqb.yaml",)`.
    """
    if not target.exists() and not target.is_symlink():
        raise DiscoveryError(f"{target}: no such file or folder")
    if not target.is_dir():
        return [target], []
    root = Path(os.path.abspath(target))
    rules = IgnoreRules(respect_gitignore=respect_gitignore)
    if exclude:
        rules.excludes.append(ExcludePatterns(Path.cwd(), tuple(exclude)))
    if use_config:
        rules.excludes.extend(config_excludes(root))
    files, skipped = walk_files(root, suffixes, rules)
    # Paths as the user wrote them: relative in, relative out.
    return [_as_given(target, root, f) for f in files], [Skipped(_as_given(target, root, s.path), s.reason)
                                                         for s in skipped]


def _as_given(target: Path, root: Path, path: Path) -> Path:
    return target / path.relative_to(root) if path != root else target


def pairs_in(files: Iterable[Path]) -> tuple[list[Pair], list[Skipped]]:
    """Pair `x.prompt` with `x.out` in the same folder; a file without its partner is skipped with the reason."""
    prompts: dict[Path, Path] = {}
    outputs: dict[Path, Path] = {}
    for path in files:
        if path.name.endswith(PROMPT_SUFFIX):
            prompts[path.with_suffix("")] = path
        elif path.name.endswith(OUTPUT_SUFFIX):
            outputs[path.with_suffix("")] = path
    pairs = [Pair(prompts[stem], outputs[stem]) for stem in outputs if stem in prompts]
    skipped = [Skipped(out, f"no {out.with_suffix(PROMPT_SUFFIX).name} beside it")
               for stem, out in outputs.items() if stem not in prompts]
    skipped += [Skipped(prompt, f"no {prompt.with_suffix(OUTPUT_SUFFIX).name} beside it")
                for stem, prompt in prompts.items() if stem not in outputs]
    return sorted(pairs, key=lambda p: _sort_key(p.output)), sorted(skipped, key=lambda s: _sort_key(s.path))


def discover_pairs(
    targets: Sequence[Path],
    exclude: Sequence[str] = (),
    *,
    force_exclude: bool = False,
    respect_gitignore: bool = True,
) -> tuple[list[Pair], list[Skipped]]:
    """Every pair the targets name: a folder contributes each pair found in it (recursively), a `.prompt` or
    `.out` file its pair. Pairs come once each, in sorted order; unpaired and unreadable entries are skipped with
    the reason. An explicitly named file whose partner is missing is skipped too: the caller decides whether
    that is an error."""
    files: list[Path] = []
    skipped: list[Skipped] = []
    for target in targets:
        if target.is_dir():
            found, unusable = discover_files(target, (PROMPT_SUFFIX, OUTPUT_SUFFIX), exclude,
                                             respect_gitignore=respect_gitignore)
            files += found
            skipped += unusable
            continue
        if not target.exists():
            skipped.append(Skipped(target, "no such file or folder"))
            continue
        if target.suffix not in (PROMPT_SUFFIX, OUTPUT_SUFFIX):
            skipped.append(Skipped(target, "not a .prompt or .out file"))
            continue
        if force_exclude and _force_excluded(target, exclude):
            continue
        partner = target.with_suffix(OUTPUT_SUFFIX if target.suffix == PROMPT_SUFFIX else PROMPT_SUFFIX)
        files.append(target)
        if partner.exists() or partner.is_symlink():
            files.append(partner)
    unique = list(dict.fromkeys(files))
    pairs, unpaired = pairs_in(unique)
    seen = {s.path for s in skipped}
    skipped += [s for s in unpaired if s.path not in seen]
    return pairs, sorted(skipped, key=lambda s: _sort_key(s.path))


def _force_excluded(path: Path, exclude: Sequence[str]) -> bool:
    absolute = Path(os.path.abspath(path))
    rules = IgnoreRules(respect_gitignore=False)
    if exclude:
        rules.excludes.append(ExcludePatterns(Path.cwd(), tuple(exclude)))
    rules.excludes.extend(config_excludes(absolute.parent))
    return any(rules.excluded(p, p != absolute) for p in (absolute, *absolute.parents))
