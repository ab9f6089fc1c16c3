"""SQB case files: YAML, validated with pydantic; every error of a case is reported at once, each with file:line.

A suite is a folder of `*.sqb.yaml` cases (searched recursively, hidden folders skipped) or case files given
explicitly (any name). Paths inside a case are relative to the case file and may not leave the suite folder.

Written forms accepted (the JSON Schema, `case_json_schema()`, describes exactly these):

- `source_corpus`: a plain path (its id is the file name without its extension), `{id, file}` or `{id, text}`;
- `outputs`: a list (`{name, file}`, `{name, prompt, out}`, or a plain path named after its file) or a mapping
  `name: path` / `name: {file | prompt + out, baseline}`;
- the baseline: `baseline: NAME` at the top level, or `baseline: true` on one contender (both, if they agree);
- unknown top-level keys (`id`, `domain`, ...) are warnings, not errors; unknown keys inside an entry are errors.
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath
from typing import Annotated, Any

import yaml
from pydantic import BaseModel, ConfigDict, Discriminator, Field, Tag, ValidationError, model_validator

from rubriq.core.pairing import InputError, read_text
from rubriq.core.prompt import parse_prompt

CASE_GLOB = "*.sqb.yaml"


def _entry_kind(value: Any) -> str:
    return "~entry" if isinstance(value, dict) else "~path"


class SourceDocument(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    text: str | None = None
    file: str | None = None

    @model_validator(mode="after")
    def _text_or_file(self) -> SourceDocument:
        if (self.text is None) == (self.file is None):
            raise ValueError("a source document needs exactly one of `text` or `file`")
        return self


SourceEntry = Annotated[
    Annotated[str, Tag("~path")] | Annotated[SourceDocument, Tag("~entry")], Discriminator(_entry_kind)]


class ReferenceFact(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    text: str
    multi_hop: bool = False
    supports: list[str] = Field(default_factory=list, description="ids of the source documents it draws on")


class ContenderSpec(BaseModel):
    """A contender in the `outputs` mapping (its name is the key)."""

    model_config = ConfigDict(extra="forbid")
    file: str | None = Field(None, description="a plain output file")
    prompt: str | None = Field(None, description="with `out`: a .prompt/.out pair; the .prompt's source blocks "
                                                 "are this contender's envelope")
    out: str | None = None
    baseline: bool = False

    @model_validator(mode="after")
    def _one_output(self) -> ContenderSpec:
        if (self.file is None) == (self.out is None):
            raise ValueError("a contender needs exactly one of `file` or `out`")
        if self.prompt is not None and self.out is None:
            raise ValueError("`prompt` goes with `out` (a .prompt/.out pair)")
        return self


class Contender(ContenderSpec):
    """A contender in the `outputs` list."""

    name: str


ContenderEntry = Annotated[
    Annotated[str, Tag("~path")] | Annotated[Contender, Tag("~entry")], Discriminator(_entry_kind)]
ContenderValue = Annotated[
    Annotated[str, Tag("~path")] | Annotated[ContenderSpec, Tag("~entry")], Discriminator(_entry_kind)]
Outputs = Annotated[
    Annotated[list[ContenderEntry], Tag("~list")] | Annotated[dict[str, ContenderValue], Tag("~mapping")],
    Discriminator(lambda v: "~mapping" if isinstance(v, dict) else "~list")]


class SQBCase(BaseModel):
    """A case as written. Unknown top-level keys are allowed here and reported as warnings by `load_case`."""

    model_config = ConfigDict(extra="ignore")
    task: str
    source_corpus: list[SourceEntry] = Field(default_factory=list)
    reference_facts: list[ReferenceFact]
    required_topics: list[str] = Field(default_factory=list)
    forbidden_claims: list[str] = Field(default_factory=list)
    envelope: str | list[str] | None = Field(None, description="what the model was given: text, or a list of files")
    outputs: Outputs
    baseline: str | None = Field(None, description="the baseline contender's name (or `baseline: true` on it)")


KNOWN_KEYS = tuple(SQBCase.model_fields)


class LoadedContender(BaseModel):
    name: str
    baseline: bool
    text: str
    envelope: str | None  # the contender's own envelope (from its .prompt), if any
    path: str


class LoadedCase(BaseModel):
    """A validated case with every file read."""

    path: str
    name: str
    case: SQBCase
    sources: dict[str, str]  # id → text, in the order written
    envelope: str | None
    contenders: list[LoadedContender]
    warnings: list[str] = Field(default_factory=list)

    @property
    def baseline(self) -> str:
        return next(c.name for c in self.contenders if c.baseline)


class CaseError(InputError):
    """A case file problem: one line per error, each naming the file and the line."""

    def __init__(self, problems: list[str] | str) -> None:
        self.problems = [problems] if isinstance(problems, str) else problems
        super().__init__("\n".join(self.problems))


def _line_of(node: yaml.Node | None, loc: tuple[Any, ...]) -> int | None:
    """The 1-based line of the deepest YAML node on the path (a missing key: its parent)."""
    found = node
    for key in loc:
        if isinstance(found, yaml.MappingNode):
            child = next((v for k, v in found.value if str(k.value) == str(key)), None)
        elif isinstance(found, yaml.SequenceNode) and isinstance(key, int) and key < len(found.value):
            child = found.value[key]
        else:
            child = None
        if child is None:
            break
        found = child
    return found.start_mark.line + 1 if found is not None else None


def _key_line(node: yaml.Node | None, key: str) -> int | None:
    if isinstance(node, yaml.MappingNode):
        for k, _ in node.value:
            if str(k.value) == key:
                return k.start_mark.line + 1
    return None


class _Problems:
    """Errors of one case, collected, each with file:line."""

    def __init__(self, path: Path, node: yaml.Node | None) -> None:
        self.path, self.node = path, node
        self.errors: list[str] = []

    def add(self, loc: tuple[Any, ...], message: str) -> None:
        line = _line_of(self.node, loc)
        where = f"{self.path}:{line}" if line else str(self.path)
        field_path = ".".join(str(p) for p in loc)
        self.errors.append(f"{where}: {field_path}: {message}" if field_path else f"{where}: {message}")


def _stem(path: str) -> str:
    name = PurePosixPath(path.replace("\\", "/")).name
    return name.split(".", 1)[0] or name


def _inside(suite_root: Path, base: Path, relative: str) -> Path | str:
    """The resolved path, or the reason it cannot be used."""
    path = (base / relative).resolve()
    if not path.is_relative_to(suite_root.resolve()):
        return f"path {relative!r} leaves the suite folder"
    return path


def _read(problems: _Problems, loc: tuple[Any, ...], suite_root: Path, base: Path, relative: str) -> tuple[str, str]:
    """(text, resolved path) of a file named in the case; ("", "") after recording why it cannot be read."""
    path = _inside(suite_root, base, relative)
    if isinstance(path, str):
        problems.add(loc, path)
        return "", ""
    if not path.is_file():
        problems.add(loc, f"no such file: {relative}" if not path.exists() else f"not a file: {relative}")
        return "", ""
    try:
        return read_text(path), str(path)
    except (InputError, OSError) as exc:
        problems.add(loc, str(exc))
    return "", ""


def load_case(case_path: Path, suite_root: Path | None = None) -> LoadedCase:
    suite_root = suite_root or case_path.parent
    text = read_text(case_path)
    try:
        node = yaml.compose(text)
        raw = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f":{mark.line + 1}" if mark else ""
        raise CaseError(f"{case_path}{where}: invalid YAML ({getattr(exc, 'problem', exc)})") from exc
    if not isinstance(raw, dict):
        raise CaseError(f"{case_path}:1: a case must be a mapping (task, source_corpus, reference_facts, outputs, ...)")
    problems = _Problems(case_path, node)
    warnings = [f"{case_path}:{_key_line(node, str(key)) or 1}: unknown key {key!r} is ignored (known keys: "
                f"{', '.join(KNOWN_KEYS)})" for key in raw if str(key) not in KNOWN_KEYS]
    try:
        case = SQBCase.model_validate(raw)
    except ValidationError as exc:
        for err in exc.errors():
            loc = tuple(p for p in err["loc"] if not (isinstance(p, str) and p.startswith("~")))
            problems.add(loc, err["msg"].removeprefix("Value error, "))
        raise CaseError(problems.errors) from exc

    base = case_path.parent
    sources: dict[str, str] = {}
    for index, entry in enumerate(case.source_corpus):
        doc_id = _stem(entry) if isinstance(entry, str) else entry.id
        if doc_id in sources:
            problems.add(("source_corpus", index), f"source id {doc_id!r} is used twice"
                         + (" (a plain path's id is its file name; write {id, file} to choose one)"
                            if isinstance(entry, str) else ""))
            continue
        if isinstance(entry, SourceDocument) and entry.text is not None:
            sources[doc_id] = entry.text
        else:
            sources[doc_id] = _read(problems, ("source_corpus", index), suite_root, base,
                                    entry if isinstance(entry, str) else entry.file)[0]  # type: ignore[arg-type]

    ids = [f.id for f in case.reference_facts]
    for index, fact in enumerate(case.reference_facts):
        if fact.id in ids[:index]:
            problems.add(("reference_facts", index, "id"), f"reference fact id {fact.id!r} is used twice")
        unknown = [s for s in fact.supports if s not in sources]
        if unknown:
            problems.add(("reference_facts", index, "supports"),
                         f"unknown source id(s) {unknown}; the sources are {sorted(sources)}")

    envelope = None
    if isinstance(case.envelope, str):
        envelope = case.envelope
    elif isinstance(case.envelope, list):
        envelope = "\n\n".join(_read(problems, ("envelope", i), suite_root, base, p)[0]
                               for i, p in enumerate(case.envelope))

    entries: list[tuple[tuple[Any, ...], str, ContenderSpec]] = []  # (loc, name, spec)
    if isinstance(case.outputs, dict):
        for name, value in case.outputs.items():
            spec = ContenderSpec(file=value) if isinstance(value, str) else value
            entries.append((("outputs", name), name, spec))
    else:
        for index, item in enumerate(case.outputs):
            if isinstance(item, str):
                entries.append((("outputs", index), _stem(item), ContenderSpec(file=item)))
            else:
                entries.append((("outputs", index), item.name, item))
    if not entries:
        problems.add(("outputs",), "a case needs at least one contender")
    names = [name for _, name, _ in entries]
    for index, (loc, name, _) in enumerate(entries):
        if name in names[:index]:
            problems.add(loc, f"contender name {name!r} is used twice")
    flagged = [name for _, name, spec in entries if spec.baseline]
    baseline = case.baseline
    if baseline is not None and baseline not in names:
        problems.add(("baseline",), f"baseline {baseline!r} is not a contender (contenders: {', '.join(names)})")
    elif baseline is not None and any(name != baseline for name in flagged):
        problems.add(("baseline",), f"`baseline: {baseline}` disagrees with `baseline: true` on {flagged}")
    elif baseline is None and len(flagged) > 1:
        problems.add(("outputs",), f"exactly one contender may be the baseline (marked: {', '.join(flagged)})")
    elif baseline is None and not flagged and entries:
        problems.add(("outputs",), "no baseline: write `baseline: NAME` at the top level or `baseline: true` on one "
                                   "contender")
    baseline = baseline or (flagged[0] if flagged else None)

    contenders = []
    for loc, name, spec in entries:
        own_envelope = None
        out_file = spec.file if spec.file is not None else spec.out
        output, out_path = _read(problems, loc, suite_root, base, out_file)  # type: ignore[arg-type]
        if spec.prompt is not None:
            prompt_text = _read(problems, loc, suite_root, base, spec.prompt)[0]
            own_envelope = parse_prompt(prompt_text).source_text or None if prompt_text else None
        contenders.append(LoadedContender(name=name, baseline=name == baseline, text=output, envelope=own_envelope,
                                          path=out_path))
    if problems.errors:
        raise CaseError(problems.errors)
    name = case_path.name.removesuffix(".sqb.yaml").removesuffix(".yaml").removesuffix(".yml")
    return LoadedCase(path=str(case_path), name=name, case=case, sources=sources, envelope=envelope,
                      contenders=contenders, warnings=warnings)


def _case_files(folder: Path) -> list[Path]:
    from rubriq.core.discovery import discover_files  # `rubriq check`'s discovery: .gitignore, extend-exclude

    files, _ = discover_files(folder, (CASE_GLOB.removeprefix("*"),))
    return [p for p in files if not any(part.startswith(".") for part in p.relative_to(folder).parts[:-1])]


def load_suite(targets: Path | list[Path]) -> list[LoadedCase]:
    """Every case of the suite folders (recursively, sorted) and case files given, in the order given.

    All cases are read before any error is raised, so one run reports every broken case at once.
    """
    targets = [targets] if isinstance(targets, Path) else list(targets)
    cases: list[LoadedCase] = []
    problems: list[str] = []
    for target in targets:
        if target.is_file():
            paths, root = [target], target.parent
        elif target.is_dir():
            paths, root = _case_files(target), target
            if not paths:
                other = sorted(p.name for p in target.rglob("*.y*ml"))[:3]
                hint = f"; pass a case file itself to use another name ({', '.join(other)})" if other else ""
                problems.append(f"{target}: no {CASE_GLOB} case files in this folder{hint}")
        else:
            problems.append(f"{target}: no such suite folder or case file")
            continue
        for path in paths:
            try:
                cases.append(load_case(path, root))
            except CaseError as exc:
                problems.extend(exc.problems)
            except InputError as exc:
                problems.append(str(exc))
    if problems:
        raise CaseError(problems)
    seen: dict[str, str] = {}
    for case in cases:
        if case.name in seen:
            problems.append(f"{case.path}: case name {case.name!r} is also {seen[case.name]}'s: rename one file")
        seen[case.name] = case.path
    if problems:
        raise CaseError(problems)
    return cases


def case_json_schema() -> dict[str, Any]:
    return SQBCase.model_json_schema()
