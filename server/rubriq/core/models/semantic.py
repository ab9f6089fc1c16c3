"""What the model-based metrics share: the text units they embed and verify, and memoised embeddings.

Units are sentence-like pieces with spans: a text is cut into blocks at blank lines and before list items and
headings (so a bullet list without full stops is not one long "sentence"), markers are stripped, code blocks are
skipped, and each block is split into Punkt sentences. Embeddings are per unit and cached in the hub, so a
paragraph or a whole output is the normalised mean of its units' vectors: an edit re-embeds one sentence only.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import numpy as np

from rubriq.core.models import Embedder, ModelUnavailable, NLIScorer
from rubriq.core.text import Segment, Span, TextModel, split_sentences

if TYPE_CHECKING:
    from rubriq.core.context import CheckContext

BLOCK_BREAK_RE = re.compile(r"\n[ \t]*\n\s*|\n(?=[ \t]*(?:[*\-+•>]|\d{1,3}[.)]|#{1,6})[ \t]+\S)")
MARKER_RE = re.compile(r"[ \t]*(?:[*\-+•>]|\d{1,3}[.)]|#{1,6})[ \t]+")
HEADING_LINE_RE = re.compile(r"[ \t]{0,3}#{1,6}[ \t]+\S")
WORD_RE = re.compile(r"\w+")
MIN_UNIT_WORDS = 3


# The end of a heading line: a paragraph written on the very next line is a block of its own, not part of the heading.
HEADING_END_RE = re.compile(r"^[ \t]{0,3}#{1,6}[ \t]+\S[^\n]*(?=\n)", re.MULTILINE)


# "# comment" lines above CSV rows are no Markdown headings: the rows stay with them, as before.
_COMMENTED_DATA_RE = re.compile(r"[ \t]{0,3}#|[^\n,]*,[^ \n][^\n,]*,[^ \n][^\n,]*,")


def _block_breaks(text: str) -> list[tuple[int, int]]:
    """(start, end) of every break between blocks: blank lines, list items and headings, and the end of a heading line
    ("## Fees\nThe fee is £20." is a heading and a paragraph), then the end of the text."""
    found = sorted([(m.start(), m.end()) for m in BLOCK_BREAK_RE.finditer(text)] +
                   [(m.end(), m.end() + 1) for m in HEADING_END_RE.finditer(text)
                    if not _COMMENTED_DATA_RE.match(text, m.end() + 1)])
    breaks: list[tuple[int, int]] = []
    for start, end in found:
        if breaks and start < breaks[-1][1]:  # the same newline found twice: keep the wider break
            breaks[-1] = (breaks[-1][0], max(end, breaks[-1][1]))
            continue
        breaks.append((start, end))
    return [*breaks, (len(text), len(text))]


def text_units(text: str, base: int = 0, *, headings: bool = False, min_words: int = MIN_UNIT_WORDS) -> list[Segment]:
    """Sentence-like units of `text` with spans shifted by `base` (so prompt sources keep prompt offsets)."""
    code_spans = [block.span for block in TextModel(text).code_blocks]
    units: list[Segment] = []
    start = 0
    breaks = _block_breaks(text)
    for brk_start, brk_end in breaks:
        block_start, block_end = start, brk_start
        start = brk_end
        if block_end <= block_start or any(Span(block_start, block_end).overlaps(c) for c in code_spans):
            continue
        block = text[block_start:block_end]
        is_heading = bool(HEADING_LINE_RE.match(block))
        if is_heading and not headings:
            continue
        marker = MARKER_RE.match(block)
        offset = block_start + (marker.end() if marker else 0)
        for sentence in split_sentences(text[offset:block_end]):
            if len(WORD_RE.findall(sentence.text)) < min_words:
                continue
            span = sentence.span.shift(offset + base)
            units.append(Segment(span, sentence.text))
    return units


def source_units(ctx: CheckContext) -> list[Segment]:
    """Units of every source block of the prompt, with spans into the prompt."""

    def compute() -> list[Segment]:
        units: list[Segment] = []
        for block in ctx.prompt.sources:
            units.extend(text_units(block.text, block.content_span.start))
        return units

    return ctx.memo("semantic.source_units", compute)


def output_units(ctx: CheckContext) -> list[Segment]:
    return ctx.memo("semantic.output_units", lambda: text_units(ctx.output.text))


def get_embedder(ctx: CheckContext) -> Embedder:
    if ctx.models is None:
        raise ModelUnavailable("model tiers are off: no model hub was given to this check")
    return ctx.models.embedder()


def get_nli(ctx: CheckContext) -> NLIScorer:
    if ctx.models is None:
        raise ModelUnavailable("model tiers are off: no model hub was given to this check")
    return ctx.models.nli()


def embed_units(ctx: CheckContext, key: str, units: list[Segment]) -> np.ndarray:
    """Embeddings of `units`, memoised for this check under `key` (and cached per sentence in the hub)."""
    return ctx.memo(f"semantic.embeddings.{key}", lambda: get_embedder(ctx).encode([u.text for u in units]))


def mean_direction(rows: np.ndarray) -> np.ndarray:
    """The normalised mean of unit vectors: the embedding of a text made of those units."""
    if rows.shape[0] == 0:
        return np.zeros(rows.shape[1], dtype=np.float32)
    mean = rows.astype(np.float64).mean(axis=0)
    norm = float(np.linalg.norm(mean))
    return (mean / norm).astype(np.float32) if norm > 0 else mean.astype(np.float32)


def cosine(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Cosine similarities of normalised rows (matrix or vector), computed in float64 for stable rounding."""
    return np.asarray(a, dtype=np.float64) @ np.asarray(b, dtype=np.float64).T


def units_within(units: list[Segment], span: Span) -> list[int]:
    return [i for i, unit in enumerate(units) if span.contains(unit.span)]
