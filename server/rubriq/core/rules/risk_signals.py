"""Hallucination-risk signals (RS): specifics that cannot be verified without a source. Risk, never a verdict."""

from rubriq.core.rules import define

_SOURCE = "Research log 1.9: FActScore (Min et al., EMNLP 2023) verification carve-out; fabricated-citation literature"
_CARVE_OUT = """
Rubriq has no knowledge source to check facts against: a flagged span is **unverifiable here**, and Rubriq makes
no claim about its truth. When the prompt carries source text, a number or name that occurs in the source is not
flagged.
"""

define(
    "RS001", "unsourced-number", "Specific number or statistic with no source in the prompt",
    parameter="hallucination_risk", severity="information", source=_SOURCE,
    failure_mode="hallucination_risk", badge="risk-signal",
    definition="""
Flags specific figures: percentages, currency amounts, decimals, numbers with a magnitude word (million, billion),
numbers of four or more digits and years, when the same number does not occur anywhere in the prompt (its
instruction or its source text). List numbering and small counts below 100 are not flagged.
""" + _CARVE_OUT,
)
define(
    "RS002", "citation-shaped", "Citation-shaped string that cannot be checked here",
    parameter="hallucination_risk", severity="warning", source=_SOURCE,
    failure_mode="hallucination_risk", badge="risk-signal",
    definition="""
Flags strings shaped like references: author-year citations (`(Smith, 2019)`, `Smith (2019)`), `et al.`, case
names (`Mata v. Avianca`), DOIs, URLs, ISBNs, journal names and quoted titles attributed to an author
(`"Title" by Name`). Invented references are a documented failure of language models (Mata v. Avianca, 2023);
a reference that does not occur in the prompt's source cannot be confirmed here.
""" + _CARVE_OUT,
)
define(
    "RS003", "unattributed-superlative", "Superlative claim without attribution",
    parameter="hallucination_risk", severity="hint", source=_SOURCE,
    failure_mode="hallucination_risk", badge="risk-signal",
    definition="""
Flags superlatives (`the largest`, `the most widely used`, `the world's oldest`, `of all time`, `ever recorded`)
in a sentence with no attribution (`according to`, `reported by`, a citation). Superlatives are precise claims
about the whole world and are a common place for confident errors.
""" + _CARVE_OUT,
)
define(
    "RS004", "confidence-marker", "Confidence marker wrapping an unverifiable claim",
    parameter="hallucination_risk", severity="information", source=_SOURCE,
    failure_mode="hallucination_risk", badge="risk-signal",
    definition="""
Flags phrases that assert certainty or unnamed authority (`studies show`, `experts agree`, `it is a well-known
fact`, `undoubtedly`, `scientifically proven`) in a sentence that names no source. The phrase makes the claim
sound checked when nothing in the prompt lets anyone check it.
""" + _CARVE_OUT,
)
define(
    "RS005", "name-not-in-source", "Name that does not occur in the prompt's source",
    parameter="hallucination_risk", severity="information", source=_SOURCE,
    failure_mode="hallucination_risk", badge="risk-signal",
    definition="""
Only when the prompt carries source text: a capitalised name (a person, place, organisation, title) in the
output that occurs neither in the source nor in the instruction. Sentence-initial single words are skipped,
since capitalisation there says nothing.
""" + _CARVE_OUT,
)
