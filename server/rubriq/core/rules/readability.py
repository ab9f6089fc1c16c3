"""Readability and audience fit (RD): Flesch Reading Ease and Flesch-Kincaid grade against the audience's band."""

from rubriq.core.rules import define

_SOURCE = "Research log 1.10: Flesch (1948) Reading Ease; Kincaid et al. (1975) grade level; computed with textstat"
_HOW = """
Grade = 0.39 × words/sentences + 11.8 × syllables/words − 15.59 (Flesch-Kincaid); Reading Ease = 206.835 −
1.015 × words/sentences − 84.6 × syllables/words (Flesch), both through `textstat` with the CMU pronouncing
dictionary. Fenced code is left out. The band comes from front matter `audience:` or from phrases in the prompt
("explain to a child", "for clinicians", "for executives"); without either, the general-adult band applies.
The finding sits on the paragraph whose own grade is furthest outside the band. These statistics measure
sentence and word length, not quality: they are an audience-fit signal.
"""

define(
    "RD001", "reading-level-out-of-band", "Reading level outside the band for the reader",
    parameter="readability", severity="information", source=_SOURCE, failure_mode="wrong_register",
    definition="The Flesch-Kincaid grade of the output lies outside the band for its reader." + _HOW,
)
define(
    "RD002", "audience-mismatch", "Reading level does not fit the stated audience",
    parameter="audience_fit", severity="warning", source=_SOURCE, failure_mode="wrong_register",
    definition="The Flesch-Kincaid grade of the output does not fit the audience the prompt names." + _HOW,
)
