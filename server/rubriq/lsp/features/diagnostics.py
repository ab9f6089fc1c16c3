"""Diagnostics: one per finding, on the `.out` and on the `.prompt` (its problems, and IF091 for each constraint
Rubriq understood and checks).

Pushed (`textDocument/publishDiagnostics`) for every client, or pulled (`textDocument/diagnostic`) when the client
supports it and `diagnostic_mode` allows; never both, so the Problems panel shows each finding once.
"""

from __future__ import annotations

import asyncio
import functools
import re

from lsprotocol import types

from rubriq.core.findings import Finding
from rubriq.core.overlaps import MERGED_KEY
from rubriq.lsp import convert
from rubriq.lsp.documents import output_uri, pair_key, path_for_uri, prompt_uri
from rubriq.lsp.rule_pages import rule_href
from rubriq.lsp.server import RubriqServer
from rubriq.lsp.store import PairView

MAX_DIAGNOSTICS_PER_FILE = 1000  # a pathological output cannot flood the client or the server's memory
PULL_WAIT_SECONDS = 10.0  # a pull waits this long for a pending tier-0 check of the current version


_WORD_RE = re.compile(r"\w+")
_NON_BLANK_RE = re.compile(r"\S+")


@functools.lru_cache(maxsize=8)
def _content_bounds(text: str) -> tuple[int, int]:
    """Where the text's first and last non-blank characters are (computed once per text, not per finding)."""
    return len(text) - len(text.lstrip()), len(text.rstrip())


def covers_whole(text: str, start: int, end: int) -> bool:
    """The span holds all of the text but blanks: a finding about the whole output, not a part of it."""
    first, last = _content_bounds(text)
    return first < last and start <= first and end >= last


def display_span(finding: Finding, text: str) -> tuple[int, int]:
    """Where the squiggle goes: the finding's own span, except that one about the whole text is marked on its
    first word (as linters mark a file-level problem at its start), so it does not cover every other squiggle."""
    if not covers_whole(text, finding.start, finding.end):
        return finding.start, finding.end
    line_end = text.find("\n", _content_bounds(text)[0])
    first_line = slice(finding.start, line_end if line_end >= 0 else finding.end)
    match = _WORD_RE.search(text, first_line.start, first_line.stop) or _NON_BLANK_RE.search(text, finding.start)
    return (match.start(), match.end()) if match else (finding.start, finding.end)


def _quote(text: str, start: int, end: int, limit: int = 120) -> str:
    quoted = " ".join(text[start:end].split())
    return f"“{quoted if len(quoted) <= limit else quoted[: limit - 1].rstrip() + '…'}”"


def related_information(finding: Finding, view: PairView, in_uri: str, out_uri: str,
                        maps: dict[str, convert.PositionMap]) -> list[types.DiagnosticRelatedInformation]:
    """Where else the finding points: the source sentence it was compared with, the prompt's wording of the
    constraint, and findings folded into it (rubriq.core.overlaps)."""
    prompt_text = view.result.prompt.text
    data = finding.data
    related: list[types.DiagnosticRelatedInformation] = []

    def span_of(start_key: str, end_key: str, length: int) -> tuple[int, int] | None:
        start, end = data.get(start_key), data.get(end_key)
        if isinstance(start, int) and isinstance(end, int) and 0 <= start < end <= length:
            return start, end
        return None

    source = span_of("source_start", "source_end", len(prompt_text))
    if source is not None:
        related.append(types.DiagnosticRelatedInformation(
            location=types.Location(uri=in_uri, range=maps["prompt"].range(*source)),
            message=f"source: {_quote(prompt_text, *source)}"))
    if finding.where == "output":
        asked = span_of("prompt_start", "prompt_end", len(prompt_text))
        if asked is not None:
            related.append(types.DiagnosticRelatedInformation(
                location=types.Location(uri=in_uri, range=maps["prompt"].range(*asked)),
                message=f"the prompt asks: {_quote(prompt_text, *asked)}"))
    for merged in data.get(MERGED_KEY, []) if isinstance(data.get(MERGED_KEY), list) else []:
        if not isinstance(merged, dict) or not isinstance(merged.get("start"), int):
            continue
        where = "prompt" if merged.get("where") == "prompt" else "output"
        related.append(types.DiagnosticRelatedInformation(
            location=types.Location(uri=in_uri if where == "prompt" else out_uri,
                                    range=maps[where].range(int(merged["start"]), int(merged.get("end", 0)))),
            message=f"also reported as {merged.get('code', '')}: {convert.one_line(str(merged.get('message', '')))}"))
    return related


def build_diagnostics(server: RubriqServer, view: PairView) -> dict[str, list[types.Diagnostic]]:
    """One diagnostic per finding (prompt findings such as IF091 "checked: ..." included, once)."""
    key = view.snapshot.key
    out_uri, in_uri = output_uri(key), prompt_uri(key)
    encoding = convert.encoding_name(server.workspace.position_encoding)
    result = view.result
    maps = {"output": convert.PositionMap(result.output.text, encoding),
            "prompt": convert.PositionMap(result.prompt.text, encoding)}
    texts = {"output": result.output.text, "prompt": result.prompt.text}
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
            finding, maps[finding.where], href=rule_href(finding.code, base_url), sentence=sentence,
            extra={"pair": key, "prompt_uri": in_uri, "output_uri": out_uri},
            span=display_span(finding, texts[finding.where]),
            related=related_information(finding, view, in_uri, out_uri, maps),
        ))
    output = view.snapshot.output
    if output.text is None and output.problem and output.is_open:
        # Say once, at the top of the file, why it has no findings (binary, not UTF-8, too large).
        top = types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=0))
        per_uri[out_uri].append(types.Diagnostic(
            range=top, message=f"Rubriq does not score this file: {output.problem}.",
            severity=types.DiagnosticSeverity.Information, source=convert.SOURCE, data={"kind": "not-scored"}))
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
