"""Diagnostics: findings on the `.out`, prompt problems and what Rubriq understood on the `.prompt`.

Pushed (`textDocument/publishDiagnostics`) for every client, or pulled (`textDocument/diagnostic`) when the client
supports it and `diagnostic_mode` allows; never both, so the Problems panel shows each finding once.
"""

from __future__ import annotations

import asyncio
from typing import Any

from lsprotocol import types

from rubriq.lsp import convert
from rubriq.lsp.documents import output_uri, pair_key, path_for_uri, prompt_uri
from rubriq.lsp.server import RubriqServer
from rubriq.lsp.store import PairView

MAX_DIAGNOSTICS_PER_FILE = 1000  # a pathological output cannot flood the client or the server's memory
PULL_WAIT_SECONDS = 10.0  # a pull waits this long for a pending tier-0 check of the current version


_CONSTRAINT_CACHE: dict[str, list[tuple[int, int, str, dict[str, Any]]]] = {}
_CONSTRAINT_CACHE_SIZE = 64


def constraint_information(view: PairView) -> list[tuple[int, int, str, dict[str, Any]]]:
    """What Rubriq understood from the prompt: each extracted constraint, as (start, end, message, data)."""
    prompt_text = view.result.prompt.text
    cached = _CONSTRAINT_CACHE.get(prompt_text)
    if cached is not None:
        return cached
    try:
        from rubriq.core.constraints import extract_constraints
    except ImportError:
        return []
    try:
        constraints = extract_constraints(view.result.prompt)
    except Exception:  # the extractor is only informative here; the findings still show
        return []
    items = [(c.span.start, c.span.end, f"Rubriq will check: {c.wording}", {"constraint": c.kind})
             for c in constraints]
    if len(_CONSTRAINT_CACHE) >= _CONSTRAINT_CACHE_SIZE:
        _CONSTRAINT_CACHE.pop(next(iter(_CONSTRAINT_CACHE)))
    _CONSTRAINT_CACHE[prompt_text] = items
    return items


def build_diagnostics(server: RubriqServer, view: PairView) -> dict[str, list[types.Diagnostic]]:
    key = view.snapshot.key
    out_uri, in_uri = output_uri(key), prompt_uri(key)
    encoding = convert.encoding_name(server.workspace.position_encoding)
    result = view.result
    maps = {"output": convert.PositionMap(result.output.text, encoding),
            "prompt": convert.PositionMap(result.prompt.text, encoding)}
    base_url = view.snapshot.config.rules_base_url
    relative_output = server.ignores.relative(path_for_uri(out_uri))
    per_uri: dict[str, list[types.Diagnostic]] = {out_uri: [], in_uri: []}
    has_output = view.snapshot.output.text is not None
    for finding in view.findings:
        if finding.where == "output" and not has_output:
            continue
        uri = out_uri if finding.where == "output" else in_uri
        if len(per_uri[uri]) >= MAX_DIAGNOSTICS_PER_FILE:
            continue
        sentence = view.sentence_of(finding)
        digest = convert.sentence_hash(sentence)
        if finding.where == "output" and server.ignores.is_ignored(finding.code, digest, relative_output):
            continue
        per_uri[uri].append(convert.to_diagnostic(
            finding, maps[finding.where], rules_base_url=base_url, sentence=sentence,
            extra={"pair": key, "prompt_uri": in_uri, "output_uri": out_uri},
        ))
    output = view.snapshot.output
    if output.text is None and output.problem and output.is_open:
        # Say once, at the top of the file, why it has no findings (binary, not UTF-8, too large).
        top = types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=0))
        per_uri[out_uri].append(types.Diagnostic(
            range=top, message=f"Rubriq does not score this file: {output.problem}.",
            severity=types.DiagnosticSeverity.Information, source=convert.SOURCE, data={"kind": "not-scored"}))
    for start, end, message, data in constraint_information(view):
        per_uri[in_uri].append(types.Diagnostic(
            range=maps["prompt"].range(start, end), message=message,
            severity=types.DiagnosticSeverity.Information, source=convert.SOURCE, data={"kind": "constraint", **data},
        ))
    return per_uri


def register(server: RubriqServer) -> None:
    @server.feature(
        types.TEXT_DOCUMENT_DIAGNOSTIC,
        types.DiagnosticOptions(identifier="rubriq", inter_file_dependencies=True, workspace_diagnostics=False),
    )
    async def pull(ls: RubriqServer, params: types.DocumentDiagnosticParams) -> types.DocumentDiagnosticReport:
        uri = params.text_document.uri
        if not ls.pull_mode:
            return types.RelatedFullDocumentDiagnosticReport(items=[])  # diagnostics are pushed to this client
        pending = ls.scheduler.pending(pair_key(uri))
        if pending is not None:
            # Wait for the check of the current version; asyncio.wait never cancels the task it waits on.
            await asyncio.wait({pending}, timeout=PULL_WAIT_SECONDS)
        result_id = ls.diagnostics.result_ids.get(uri)
        if result_id is not None and params.previous_result_id == result_id:
            return types.RelatedUnchangedDocumentDiagnosticReport(result_id=result_id)
        return types.RelatedFullDocumentDiagnosticReport(
            items=list(ls.diagnostics.current.get(uri, [])), result_id=result_id)
