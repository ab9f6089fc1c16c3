"""Hover: the finding under the cursor first, then its rule in two or three lines and a link to the full page.

Works on a finding's squiggle in either file and on any rule code written in the `.prompt` (an `ignore:` list, a
comment). Sized for a 20-line float: the innermost finding in full, at most two others as one line each, no raw
data. The rule's full page (definition, rubric anchors, source) is one click away, through the link.
"""

from __future__ import annotations

import re

from lsprotocol import types

from rubriq.core.findings import Finding
from rubriq.core.overlaps import MERGED_KEY
from rubriq.core.rules import find_rule
from rubriq.lsp import convert
from rubriq.lsp.documents import PROMPT_SUFFIX, is_pair_member, pair_key
from rubriq.lsp.features.diagnostics import display_span
from rubriq.lsp.rule_pages import rule_href, rule_summary
from rubriq.lsp.server import RubriqServer
from rubriq.lsp.store import PairView

RULE_CODE_RE = re.compile(r"\b[A-Z]{2}\d{3}\b")
MAX_MESSAGE = 300  # characters of the finding's own message
MAX_OTHER = 110  # characters of each other finding's line
MAX_OTHERS = 2


def _cut(text: str, limit: int) -> str:
    text = convert.one_line(text)
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _rule_lines(code: str, base_url: str) -> list[str]:
    """The rule in two or three lines and the link to its page."""
    rule = find_rule(code)
    if rule is None:
        return []
    lines = [f"*{rule.title}*" + (f" ({rule.badge})" if rule.badge else "") + f": {rule_summary(code, 200)}"]
    href = rule_href(code, base_url)
    if href:
        lines += ["", f"[{rule.code} rule page]({href})"]
    return lines


def _parameter_line(finding: Finding, view: PairView) -> str | None:
    rule = find_rule(finding.code)
    if not rule or not rule.parameter:
        return None
    for param in view.profile.parameters:
        if param.name == rule.parameter:
            score = f"{param.score:.2f}" if param.score is not None else param.status.replace("_", " ")
            why = _cut(param.detail or param.reason or "", 90)
            return f"{param.title}: {score}" + (f" — {why}" if why else "")
    return None


def finding_markdown(finding: Finding, view: PairView, others: list[Finding]) -> str:
    """The hover for `finding`, with one line for each other finding at the same place."""
    lines = [f"**{finding.code}** {_cut(finding.message, MAX_MESSAGE)}"]
    merged = [m for m in finding.data.get(MERGED_KEY, []) if isinstance(m, dict)]
    if merged:
        lines += ["", "Also reported as " + ", ".join(f"{m.get('code')}" for m in merged) + " (the same problem)."]
    parameter = _parameter_line(finding, view)
    if parameter:
        lines += ["", parameter]
    rule = _rule_lines(finding.code, view.snapshot.config.rules_base_url)
    if rule:
        lines += ["", "---", "", *rule]
    if others:
        lines.append("")
        lines += [f"Also here: **{o.code}** {_cut(o.message, MAX_OTHER)}  " for o in others[:MAX_OTHERS]]
        if len(others) > MAX_OTHERS:
            lines.append(f"and {len(others) - MAX_OTHERS} more (Problems view)")
    return "\n".join(lines)


def findings_at(view: PairView, where: str, offset: int) -> list[Finding]:
    """Findings whose squiggle holds `offset`, innermost (shortest) first."""
    text = view.result.prompt.text if where == "prompt" else view.result.output.text
    hits = []
    for finding in view.findings:
        if finding.where != where:
            continue
        start, end = display_span(finding, text)
        if start <= offset <= end and end > start:
            hits.append((end - start, start, finding.code, finding))
    return [hit[-1] for hit in sorted(hits, key=lambda h: h[:3])]


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
        hits = findings_at(view, where, offset)
        if hits:
            first = hits[0]
            return types.Hover(
                contents=types.MarkupContent(kind=types.MarkupKind.Markdown,
                                             value=finding_markdown(first, view, hits[1:])),
                range=positions.range(*display_span(first, text)))
    if where == "prompt":
        line_start = text.rfind("\n", 0, offset) + 1
        line_end = text.find("\n", offset)
        line = text[line_start : line_end if line_end >= 0 else len(text)]
        for match in RULE_CODE_RE.finditer(line):
            if match.start() <= offset - line_start <= match.end() and find_rule(match.group()):
                base_url = view.snapshot.config.rules_base_url if view else ""
                start = line_start + match.start()
                value = "\n".join([f"**{match.group()}**", "", *_rule_lines(match.group(), base_url)])
                return types.Hover(
                    contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=value),
                    range=positions.range(start, start + len(match.group())))
    return None


def register(server: RubriqServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(ls: RubriqServer, params: types.HoverParams) -> types.Hover | None:
        return hover_at(ls, params.text_document.uri, params.position)
