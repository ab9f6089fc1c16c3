"""Coherence proxy (CO), in the Coh-Metrix tradition: connectives and adjacent-sentence/paragraph similarity."""

from rubriq.core.rules import define

_SOURCE = "Research log 1.10: Coh-Metrix (Graesser et al. 2004): connective incidence, referential cohesion"
_PROXY = "\nLabelled a proxy: cohesion statistics correlate with coherence but do not establish it.\n"

define(
    "CO001", "disjointed-transition", "Disjointed transition between adjacent sentences or paragraphs",
    parameter="coherence", severity="information", source=_SOURCE, failure_mode="poor_structure", badge="proxy",
    definition="""
With an embedding model available: the cosine similarity of two adjacent sentences (or paragraphs) is below half
the median adjacent similarity of this text (at least five pairs, median at least 0.2) and no connective bridges
them. Flagged on the second of the pair; a unit unlike both its neighbours is flagged once, as the odd one out.
""" + _PROXY,
)
define(
    "CO002", "repetitive-adjacent", "Adjacent sentences or paragraphs repeat each other",
    parameter="coherence", severity="warning", source=_SOURCE, failure_mode="poor_structure", badge="proxy",
    definition="""
Two adjacent sentences (or paragraphs) say nearly the same thing: content-word Jaccard overlap of at least 0.8
(always checked), or embedding cosine similarity of at least 0.95 when an embedding model is available.
Flagged on the second of the pair.
""" + _PROXY,
)
define(
    "CO003", "few-connectives", "Few connectives: ideas are listed, not linked",
    parameter="coherence", severity="hint", source=_SOURCE, failure_mode="poor_structure", badge="proxy",
    definition="""
Connective incidence (Coh-Metrix CNCAll: connectives such as `because`, `however`, `therefore`, `for example`,
`then` per 1,000 words) is below 20 in prose of at least six sentences. Flagged on the longest run of sentences
with no connective.
""" + _PROXY,
)
