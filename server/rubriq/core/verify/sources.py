"""The prompt's source text as evidence units: what the verifier retrieves from and quotes.

Every source block of the prompt (`PromptDocument.sources`) is cut into sentence-like units (`semantic.text_units`)
whose spans index into the whole prompt, so a finding's related information points at the prompt's own text.
`blocks[i]` is the source block unit i comes from: a neighbour window never joins two different passages.

Both are kept per prompt text (the last few prompts): in the editor the prompt stays the same while the output is
typed, and the value checks run on every keystroke. They are pure functions of the prompt's text, never modified.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from cachetools import LRUCache

from rubriq.core.models.semantic import text_units
from rubriq.core.text import Segment
from rubriq.core.verify.evidence import SourceIndex

if TYPE_CHECKING:
    from rubriq.core.context import CheckContext

_INDEXED: LRUCache[str, SourceIndex] = LRUCache(maxsize=8)  # prompt text -> its units, without embeddings
_INDEXED_LOCK = threading.Lock()


def lexical_source_index(ctx: CheckContext) -> SourceIndex:
    """The source's units with their word profiles (no embeddings): retrieval by word overlap alone."""
    with _INDEXED_LOCK:
        found = _INDEXED.get(ctx.prompt.text)
    if found is not None:
        return found
    units: list[Segment] = []
    blocks: list[int] = []
    for number, block in enumerate(ctx.prompt.sources):
        pieces = [u.stripped() for u in text_units(block.text, block.content_span.start)]
        units.extend(pieces)
        blocks.extend([number] * len(pieces))
    index = SourceIndex(units, blocks)
    with _INDEXED_LOCK:
        _INDEXED[ctx.prompt.text] = index
    return index


def source_evidence(ctx: CheckContext) -> tuple[list[Segment], list[int]]:
    """The source's units and, for each, the number of its source block."""
    index = lexical_source_index(ctx)
    return index.units, index.blocks
