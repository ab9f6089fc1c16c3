"""The prompt's source text as evidence units: what the verifier retrieves from and quotes.

Every source block of the prompt (`PromptDocument.sources`) is cut into sentence-like units (`semantic.text_units`)
whose spans index into the whole prompt, so a finding's related information points at the prompt's own text.
`blocks[i]` is the source block unit i comes from: a neighbour window never joins two different passages.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rubriq.core.models.semantic import text_units
from rubriq.core.text import Segment

if TYPE_CHECKING:
    from rubriq.core.context import CheckContext


def source_evidence(ctx: CheckContext) -> tuple[list[Segment], list[int]]:
    def compute() -> tuple[list[Segment], list[int]]:
        units: list[Segment] = []
        blocks: list[int] = []
        for number, block in enumerate(ctx.prompt.sources):
            found = [u.stripped() for u in text_units(block.text, block.content_span.start)]
            units.extend(found)
            blocks.extend([number] * len(found))
        return units, blocks

    return ctx.memo("verify.source_evidence", compute)
