"""Lexical support: how much of a claim's wording the evidence already contains.

Content words are `\\w+` tokens that are not function words, lower-cased, stripped of a possessive and of one
inflection ("-s", "-es", "-ies", "-ed", "-ing") and cut to `STEM_LENGTH` characters, so "opens" matches "open",
"raised" matches "raise", "customers" matches "customer" and "charging" matches "charged". For a claim c and a text t:

    unigram_support(c, t) = |content stems of c found in t| / |content stems of c|
    bigram_support(c, t)  = |adjacent content-stem pairs of c found in t| / |adjacent pairs of c|

(1.0 when the claim has none). Bigram support is the sharper of the two: a claim that recombines the source's
words into a new statement keeps high unigram support but loses bigrams. These are the cheap, explainable half
of the verification features (`decision.py`); the words of a claim that the source never uses are what a message
can name.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from rubriq.core.text import WORD_RE

STEM_LENGTH = 6
_FUNCTION_WORDS = """
a an the of on in for to and or nor with about its it it's their them they this that these those both all each
your you my me mine our ours us we i he she him her his hers is are was were be been being am do does did done
doing has have had having as at by from into onto over under after before while during than then so such can
could will would may might shall should must not no yes but if also very just only too there here what when
where why how which who whom whose any some much many more most other another same own up down out off again
further once per via upon within without between among across through against toward towards around
"""
FUNCTION_WORDS = frozenset(_FUNCTION_WORDS.split())


# One inflection, longest first; a stem keeps at least MIN_STEM characters ("news", "is", "bus" stay whole).
SUFFIXES = ("ies", "ing", "ed", "es", "s")
MIN_STEM = 3
KEEP_FINAL_S = ("ss", "us", "is")  # "class", "status", "analysis" are not plurals


def stem(word: str) -> str:
    word = word.lower()
    if word.endswith(("'s", "’s")):
        word = word[:-2]
    for suffix in SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= MIN_STEM and not word.endswith(KEEP_FINAL_S):
            word = word[: -len(suffix)] + ("y" if suffix == "ies" else "")
            break
    if word.endswith("e") and len(word) > MIN_STEM:  # "raise" and "raised" meet at "rais"
        word = word[:-1]
    return word[:STEM_LENGTH]


def content_stems(text: str) -> list[str]:
    """Content-word stems of `text`, in order."""
    return [stem(w) for w in WORD_RE.findall(text) if w.lower() not in FUNCTION_WORDS]


@dataclass(frozen=True)
class LexicalProfile:
    """A text's content stems and adjacent stem pairs, computed once and reused for every claim."""

    stems: tuple[str, ...]

    @classmethod
    def of(cls, text: str) -> LexicalProfile:
        return cls(tuple(content_stems(text)))

    @cached_property
    def stem_set(self) -> frozenset[str]:
        return frozenset(self.stems)

    @cached_property
    def bigram_set(self) -> frozenset[tuple[str, str]]:
        return frozenset(zip(self.stems, self.stems[1:], strict=False))


def unigram_support(claim: LexicalProfile, evidence: LexicalProfile) -> float:
    if not claim.stems:
        return 1.0
    return sum(s in evidence.stem_set for s in claim.stems) / len(claim.stems)


def bigram_support(claim: LexicalProfile, evidence: LexicalProfile) -> float:
    pairs = list(zip(claim.stems, claim.stems[1:], strict=False))
    if not pairs:
        return unigram_support(claim, evidence)
    return sum(p in evidence.bigram_set for p in pairs) / len(pairs)


def overlap(claim: LexicalProfile, unit: LexicalProfile) -> float:
    """Share of the claim's distinct content stems that `unit` contains: the lexical half of retrieval."""
    if not claim.stem_set:
        return 0.0
    return len(claim.stem_set & unit.stem_set) / len(claim.stem_set)
