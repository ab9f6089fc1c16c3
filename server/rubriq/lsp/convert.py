"""Character offsets ↔ LSP positions, and findings → diagnostics.

The engine speaks Python string offsets (code points). LSP positions count code units of the negotiated
encoding: UTF-16 by default, where a character outside the Basic Multilingual Plane (an emoji, U+1F600) counts two.
`PositionMap` does that conversion for one text; building it is O(n), each lookup O(log lines + line length).
"""

from __future__ import annotations

import bisect
import hashlib
import re
from typing import Any

from lsprotocol import types

from rubriq.core.findings import Finding, Severity
from rubriq.core.rules import find_rule

UTF8, UTF16, UTF32 = "utf-8", "utf-16", "utf-32"

SEVERITY_TO_LSP: dict[Severity, types.DiagnosticSeverity] = {
    Severity.ERROR: types.DiagnosticSeverity.Error,
    Severity.WARNING: types.DiagnosticSeverity.Warning,
    Severity.INFORMATION: types.DiagnosticSeverity.Information,
    Severity.HINT: types.DiagnosticSeverity.Hint,
}
SOURCE = "rubriq"


def encoding_name(encoding: Any) -> str:
    """"utf-8" / "utf-16" / "utf-32" from a PositionEncodingKind or a string (UTF-16 when unset)."""
    value = getattr(encoding, "value", encoding)
    return str(value) if value in (UTF8, UTF16, UTF32) else UTF16


def _units(text: str, encoding: str) -> int:
    """Length of `text` in code units of `encoding`."""
    if encoding == UTF32:
        return len(text)
    if encoding == UTF8:
        return len(text.encode("utf-8", "surrogatepass"))
    # UTF-16: one unit per code point, plus one for each astral code point (a surrogate pair).
    return len(text) + sum(1 for ch in text if ord(ch) > 0xFFFF)


def _chars_for_units(line: str, units: int, encoding: str) -> int:
    """How many characters of `line` fit into `units` code units (clamped to the line)."""
    if encoding == UTF32:
        return min(units, len(line))
    count = 0
    for index, ch in enumerate(line):
        width = (2 if ord(ch) > 0xFFFF else 1) if encoding == UTF16 else len(ch.encode("utf-8", "surrogatepass"))
        if count + width > units:
            return index
        count += width
    return len(line)


# Characters that take more than one code unit: astral ones in UTF-16 (a surrogate pair), non-ASCII ones in UTF-8.
_WIDE_RE = {UTF16: re.compile("[\U00010000-\U0010ffff]"), UTF8: re.compile("[^\x00-\x7f]")}


class PositionMap:
    """Offsets into one text ↔ LSP (line, character) in one position encoding.

    Lines end at "\\n"; a "\\r" before it stays part of the line's text, which is what LSP clients count too
    for positions before the line break.
    """

    def __init__(self, text: str, encoding: str = UTF16) -> None:
        self.text = text
        self.encoding = encoding_name(encoding)
        self.line_starts = [0] + [m.end() for m in re.finditer("\n", text)]
        # Characters wider than one code unit, and the extra units up to each: a lookup is then two bisections
        # instead of a pass over the line's prefix (quadratic over the findings of one long line).
        self.wide: list[int] = []
        self.extra: list[int] = [0]
        wide_re = _WIDE_RE.get(self.encoding)
        if wide_re is not None:
            for m in wide_re.finditer(text):
                self.wide.append(m.start())
                self.extra.append(self.extra[-1] + _units(m.group(), self.encoding) - 1)

    def _units_between(self, start: int, end: int) -> int:
        if not self.wide:
            return end - start
        return end - start + self.extra[bisect.bisect_left(self.wide, end)] - self.extra[
            bisect.bisect_left(self.wide, start)]

    def position(self, offset: int) -> types.Position:
        offset = max(0, min(offset, len(self.text)))
        line = bisect.bisect_right(self.line_starts, offset) - 1
        start = self.line_starts[line]
        return types.Position(line=line, character=self._units_between(start, offset))

    def range(self, start: int, end: int) -> types.Range:
        return types.Range(start=self.position(start), end=self.position(max(start, end)))

    def offset(self, position: types.Position) -> int:
        if position.line >= len(self.line_starts):
            return len(self.text)
        start = self.line_starts[position.line]
        end = self.line_starts[position.line + 1] - 1 if position.line + 1 < len(self.line_starts) else len(self.text)
        return start + _chars_for_units(self.text[start:end], position.character, self.encoding)


def sentence_hash(sentence: str) -> str:
    """A short, stable hash of a sentence, whitespace collapsed: survives edits elsewhere in the file."""
    normalized = " ".join(sentence.split())
    # surrogatepass: a lone surrogate (legal in JSON, "\ud800") hashes like any other character instead of raising
    return hashlib.sha256(normalized.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def one_line(message: str) -> str:
    """A message on one line: quoted source keeps no hard line breaks (Problems views cut at the first)."""
    return " ".join(message.split())


def to_diagnostic(
    finding: Finding,
    positions: PositionMap,
    *,
    href: str | None,
    sentence: str,
    extra: dict[str, Any] | None = None,
    span: tuple[int, int] | None = None,
    related: list[types.DiagnosticRelatedInformation] | None = None,
) -> types.Diagnostic:
    """One finding as a diagnostic: code, link to the rule page, and the data a quick fix needs.

    `span` is where the squiggle goes when it differs from the finding's own span (a whole-output finding is
    marked at the start); `data` always keeps the finding's own offsets."""
    rule = find_rule(finding.code)
    data: dict[str, Any] = {
        "code": finding.code,
        "where": finding.where,
        "start": finding.start,
        "end": finding.end,
        "evidence": finding.evidence,
        "sentence_hash": sentence_hash(sentence),
        "failure_mode": rule.failure_mode if rule else "",
        "finding": finding.data,
    }
    if extra:
        data.update(extra)
    start, end = span or (finding.start, finding.end)
    return types.Diagnostic(
        range=positions.range(start, end),
        message=one_line(finding.message),
        severity=SEVERITY_TO_LSP[finding.severity],
        source=SOURCE,
        code=finding.code,
        code_description=types.CodeDescription(href=href) if href else None,
        related_information=related or None,
        data=data,
    )
