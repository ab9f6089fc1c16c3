"""Lexical diversity and creative-writing proxies (LD): MTLD, cliché density, sentence rhythm."""

from rubriq.core.rules import define

_SOURCE = "Research log 1.10: MTLD (McCarthy & Jarvis 2010); creative-writing proxy bundle"
_PROXY = "\nA proxy for craft, not a judgement of it: a deliberate refrain or a list poem can trip it on purpose.\n"

define(
    "LD001", "low-lexical-diversity", "Low lexical diversity (MTLD)",
    parameter="lexical_diversity", severity="information", source=_SOURCE, failure_mode="low_diversity",
    badge="proxy",
    definition="""
MTLD (McCarthy & Jarvis 2010) is the mean length of word runs that keep a type-token ratio above 0.72, averaged
over a forward and a backward pass, with a partial factor for the unfinished run. Below 50 (for texts of at least
100 words) the writing reuses a small vocabulary. The finding sits on the 50-word window with the lowest
type-token ratio.
""" + _PROXY,
)
define(
    "LD002", "cliche", "Stock phrase (cliché)",
    parameter="cliche_density", severity="hint", source=_SOURCE, failure_mode="low_diversity", badge="proxy",
    definition="""
A phrase from Rubriq's list of stock phrases (`once upon a time`, `little did they know`, `a testament to`,
`tapestry of`, `in a world where`...). The parameter score falls with clichés per 100 words:
score = max(0, 1 − density / 2).
""" + _PROXY,
)
define(
    "LD003", "monotonous-rhythm", "Monotonous sentence rhythm",
    parameter="rhythm_variance", severity="information", source=_SOURCE, failure_mode="low_diversity",
    badge="proxy",
    definition="""
Sentence lengths barely vary: the coefficient of variation (standard deviation / mean of words per sentence) is
below 0.3, or four or more consecutive sentences have nearly the same length (each within 15% or two words of the
previous one). The finding sits on the longest such run.
""" + _PROXY,
)
