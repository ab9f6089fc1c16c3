"""SQB case files: YAML, validated with pydantic, errors reported with file and line.

A suite is a folder of `*.sqb.yaml` cases (or one case file). Paths inside a case are relative to the case file
and may not leave the suite folder.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from rubriq.core.pairing import InputError, read_text
from rubriq.core.prompt import parse_prompt

CASE_GLOB = "*.sqb.yaml"


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


class ReferenceFact(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    text: str
    multi_hop: bool = False
    supports: list[str] = Field(default_factory=list, description="ids of the source documents it draws on")


class Contender(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    file: str | None = None  # a plain output file
    prompt: str | None = None  # or a .prompt/.out pair: the .prompt's source blocks become the envelope
    out: str | None = None
    baseline: bool = False

    @model_validator(mode="after")
    def _one_output(self) -> Contender:
        if self.file is None and self.out is None:
            raise ValueError(f"contender {self.name!r} needs `file` or `out`")
        return self


class SQBCase(BaseModel):
    model_config = ConfigDict(extra="forbid")
    task: str
    source_corpus: list[SourceDocument] = Field(default_factory=list)
    reference_facts: list[ReferenceFact]
    required_topics: list[str] = Field(default_factory=list)
    forbidden_claims: list[str] = Field(default_factory=list)
    envelope: str | list[str] | None = Field(None, description="what the model was given (text or files)")
    outputs: list[Contender]

    @model_validator(mode="after")
    def _consistent(self) -> SQBCase:
        ids = [f.id for f in self.reference_facts]
        if len(set(ids)) != len(ids):
            raise ValueError("reference fact ids must be unique")
        names = [o.name for o in self.outputs]
        if len(set(names)) != len(names):
            raise ValueError("contender names must be unique")
        baselines = [o.name for o in self.outputs if o.baseline]
        if len(baselines) != 1:
            raise ValueError(f"exactly one contender must be the baseline (found {len(baselines)})")
        doc_ids = {d.id for d in self.source_corpus}
        for fact in self.reference_facts:
            unknown = [s for s in fact.supports if s not in doc_ids]
            if unknown:
                raise ValueError(f"fact {fact.id} supports unknown source ids {unknown}")
        return self


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
    sources: dict[str, str]  # id → text
    envelope: str | None
    contenders: list[LoadedContender]


class CaseError(InputError):
    """A case file problem: the message names the file and the line."""


def _line_of(node: yaml.Node | None, loc: tuple[Any, ...]) -> int | None:
    """The 1-based line of the deepest YAML node on pydantic's error path (a missing key: its parent)."""
    found = node
    for key in loc:
        if isinstance(found, yaml.MappingNode):
            child = next((v for k, v in found.value if k.value == key), None)
        elif isinstance(found, yaml.SequenceNode) and isinstance(key, int) and key < len(found.value):
            child = found.value[key]
        else:
            child = None
        if child is None:
            break
        found = child
    return found.start_mark.line + 1 if found is not None else None


def _inside(suite_root: Path, base: Path, relative: str, case_path: Path) -> Path:
    path = (base / relative).resolve()
    if not path.is_relative_to(suite_root.resolve()):
        raise CaseError(f"{case_path}: path {relative!r} leaves the suite folder")
    return path


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
        raise CaseError(f"{case_path}:1: a case must be a mapping")
    try:
        case = SQBCase.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        line = _line_of(node, tuple(err["loc"]))
        where = f":{line}" if line else ""
        loc = ".".join(str(p) for p in err["loc"]) or "case"
        raise CaseError(f"{case_path}{where}: {loc}: {err['msg']}") from exc

    base = case_path.parent
    sources = {}
    for doc in case.source_corpus:
        if doc.text is not None:
            sources[doc.id] = doc.text
        else:
            sources[doc.id] = read_text(_inside(suite_root, base, doc.file, case_path))  # type: ignore[arg-type]
    envelope = None
    if isinstance(case.envelope, str):
        envelope = case.envelope
    elif isinstance(case.envelope, list):
        envelope = "\n\n".join(read_text(_inside(suite_root, base, p, case_path)) for p in case.envelope)

    contenders = []
    for contender in case.outputs:
        own_envelope = None
        if contender.file is not None:
            out_path = _inside(suite_root, base, contender.file, case_path)
        else:
            out_path = _inside(suite_root, base, contender.out, case_path)  # type: ignore[arg-type]
            if contender.prompt is not None:
                prompt = parse_prompt(read_text(_inside(suite_root, base, contender.prompt, case_path)))
                own_envelope = prompt.source_text or None
        contenders.append(LoadedContender(name=contender.name, baseline=contender.baseline,
                                          text=read_text(out_path), envelope=own_envelope, path=str(out_path)))
    name = case_path.name.removesuffix(".sqb.yaml").removesuffix(".yaml")
    return LoadedCase(path=str(case_path), name=name, case=case, sources=sources, envelope=envelope,
                      contenders=contenders)


def load_suite(target: Path) -> list[LoadedCase]:
    """Every case of a suite folder (recursively, sorted), or the one case file given."""
    if target.is_file():
        return [load_case(target, target.parent)]
    if not target.is_dir():
        raise CaseError(f"{target}: no such suite folder or case file")
    paths = sorted(target.rglob(CASE_GLOB))
    if not paths:
        raise CaseError(f"{target}: no {CASE_GLOB} case files in this folder")
    return [load_case(p, target) for p in paths]


def case_json_schema() -> dict[str, Any]:
    return SQBCase.model_json_schema()
