"""Hover: the rule behind a diagnostic (definition, rubric anchors, source, badge) and how this instance measured.

Works on a finding's span in either file and on any rule code written in the `.prompt` (an `ignore:` list, a
comment), so the explanation shown is always the registry's, next to the number it explains.
"""

from __future__ import annotations

import json
import re

from lsprotocol import types

from rubriq.core.findings import Finding
from rubriq.core.rules import find_rule
from rubriq.lsp import convert
from rubriq.lsp.documents import PROMPT_SUFFIX, is_pair_member, pair_key
from rubriq.lsp.server import RubriqServer
from rubriq.lsp.store import PairView

RULE_CODE_RE = re.compile(r"\b[A-Z]{2}\d{3}\b")


def _value(value: object) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= 160 else text[:157] + "..."


def instance_markdown(finding: Finding, view: PairView) -> str:
    """How this finding was measured: its message, the values behind it, the parameter's score."""
    lines = ["**This instance**", "", finding.message]
    if finding.data:
        lines.append("")
        lines += [f"- {name}: `{_value(value)}`" for name, value in sorted(finding.data.items())]
    rule = find_rule(finding.code)
    if rule and rule.parameter:
        for param in view.profile.parameters:
            if param.name == rule.parameter:
                score = f"{param.score:.2f}" if param.score is not None else param.status.replace("_", " ")
                why = param.detail or param.reason
                lines += ["", f"Parameter **{param.title}**: {score}" + (f" ({why})" if why else "")]
    return "\n".join(lines)


def rule_markdown(code: str) -> str | None:
    rule = find_rule(code)
    return rule.markdown() if rule else None


def hover_at(server: RubriqServer, uri: str, position: types.Position) -> types.Hover | None:
    if not is_pair_member(uri):
        return None
    view = server.view(pair_key(uri))
    where = "prompt" if uri.endswith(PROMPT_SUFFIX) else "output"
    document = server.workspace.text_documents.get(uri)
    encoding = convert.encoding_name(server.workspace.position_encoding)
    if view is not None:
        text = view.result.prompt.text if where == "prompt" else view.result.output.text
    elif document is not None:
        text = document.source
    else:
        return None
    positions = convert.PositionMap(text, encoding)
    offset = positions.offset(position)
    if view is not None:
        hits = [f for f in view.findings if f.where == where and f.start <= offset <= f.end and f.end > f.start]
        if hits:
            parts = []
            for finding in hits[:3]:
                page = rule_markdown(finding.code) or f"`{finding.code}`"
                parts.append(page + "\n" + instance_markdown(finding, view))
            first = hits[0]
            return types.Hover(
                contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value="\n\n---\n\n".join(parts)),
                range=positions.range(first.start, first.end))
    if where == "prompt":
        line_start = text.rfind("\n", 0, offset) + 1
        line_end = text.find("\n", offset)
        line = text[line_start : line_end if line_end >= 0 else len(text)]
        for match in RULE_CODE_RE.finditer(line):
            if match.start() <= offset - line_start <= match.end():
                page = rule_markdown(match.group())
                if page:
                    start = line_start + match.start()
                    return types.Hover(
                        contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=page),
                        range=positions.range(start, start + len(match.group())))
    return None


def register(server: RubriqServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(ls: RubriqServer, params: types.HoverParams) -> types.Hover | None:
        return hover_at(ls, params.text_document.uri, params.position)
