"""Evidence: the source units a claim is checked against, and the premises built from them.

Retrieval. Each source unit j gets, for a claim c,

    retrieval(c, j) = cos(c, j) + LEXICAL_WEIGHT * overlap(c, j)

(embedding cosine plus the share of the claim's content stems the unit contains, `lexical.overlap`): embeddings
find paraphrases, word overlap finds the sentence a claim was copied or compressed from, even when a changed value
lowers the cosine. The `top_k` best units are the candidates; the best one is the claim's **closest source unit**,
the sentence a message quotes.

Premises. A claim drawn from two source sentences is entailed by neither alone, so NLI sees, besides each
candidate on its own, the two best candidates joined in document order and the best candidate with its
neighbours (±1 unit in the same source block). Premises are de-duplicated, so the cost per claim is at most
`top_k + 2` NLI pairs, linear in the output, whatever the source length.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from rubriq.core.text import Segment, Span
from rubriq.core.verify.lexical import LexicalProfile

# Set before any tuning and not fit: word overlap counts half as much as cosine, so it reorders sentences of similar
# meaning but cannot promote an unrelated sentence that merely shares words (docs/faithfulness.md, "Evidence").
LEXICAL_WEIGHT = 0.5
JOINED_CANDIDATES = 2  # the best two joined in document order: a claim drawn from two source sentences
NEIGHBOURS = 1  # the best with one unit either side: a claim whose subject is in the sentence before


@dataclass(frozen=True)
class Premise:
    """A premise for NLI: one or more source units, joined in document order."""

    units: tuple[int, ...]  # indices into SourceIndex.units
    text: str


@dataclass
class SourceIndex:
    """The units of a source with what every claim's retrieval needs, computed once per source text.

    `blocks[i]` is the block (source passage) unit i belongs to: neighbour windows never cross blocks.
    """

    units: list[Segment]
    blocks: list[int]
    vectors: np.ndarray | None = None  # L2-normalised unit embeddings, None without an embedder
    profiles: list[LexicalProfile] = field(init=False)

    def __post_init__(self) -> None:
        self.profiles = [LexicalProfile.of(u.text) for u in self.units]

    @cached_property
    def postings(self) -> dict[str, np.ndarray]:
        """Content stem → the units that contain it: a claim's word overlap with every unit in one pass."""
        found: dict[str, list[int]] = {}
        for j, profile in enumerate(self.profiles):
            for s in profile.stem_set:
                found.setdefault(s, []).append(j)
        return {s: np.array(units, dtype=np.int64) for s, units in found.items()}

    def overlaps(self, claim: LexicalProfile) -> np.ndarray:
        """`lexical.overlap(claim, unit)` for every unit, counted through `postings` (the same shares)."""
        if not claim.stem_set or not self.units:
            return np.zeros(len(self.units), dtype=np.float64)
        hits = [self.postings[s] for s in claim.stem_set if s in self.postings]
        shared = np.bincount(np.concatenate(hits), minlength=len(self.units)) if hits else \
            np.zeros(len(self.units), dtype=np.int64)
        return shared / len(claim.stem_set)

    @cached_property
    def whole(self) -> LexicalProfile:
        stems: list[str] = []
        for profile in self.profiles:
            stems.extend(profile.stems)
        return LexicalProfile(tuple(stems))

    def span_of(self, indices: tuple[int, ...]) -> Span:
        return Span(self.units[indices[0]].span.start, self.units[indices[-1]].span.end)


def retrieval_scores(index: SourceIndex, claim_vector: np.ndarray | None, claim: LexicalProfile) -> np.ndarray:
    lexical = index.overlaps(claim)
    if claim_vector is None or index.vectors is None:
        return np.round(LEXICAL_WEIGHT * lexical, 6)
    cosine = index.vectors.astype(np.float64) @ np.asarray(claim_vector, dtype=np.float64)
    return np.round(cosine + LEXICAL_WEIGHT * lexical, 6)  # rounded so ties resolve the same everywhere


def candidates(scores: np.ndarray, top_k: int) -> list[int]:
    """The `top_k` best units, best first (ties broken by position)."""
    order = np.argsort(-scores, kind="stable")
    return [int(j) for j in order[:top_k]]


def premises(index: SourceIndex, ranked: list[int]) -> list[Premise]:
    """Single candidates, the best two joined in document order, and the best with its neighbours; no repeats."""
    built: list[Premise] = []
    seen: set[tuple[int, ...]] = set()

    def add(indices: tuple[int, ...]) -> None:
        if indices and indices not in seen:
            seen.add(indices)
            built.append(Premise(indices, " ".join(index.units[i].text.strip() for i in indices)))

    for j in ranked:
        add((j,))
    if len(ranked) >= JOINED_CANDIDATES:
        add(tuple(sorted(ranked[:JOINED_CANDIDATES])))
    if ranked:
        best = ranked[0]
        window = [i for i in range(best - NEIGHBOURS, best + NEIGHBOURS + 1)
                  if 0 <= i < len(index.units) and index.blocks[i] == index.blocks[best]]
        add(tuple(window))
    return built
