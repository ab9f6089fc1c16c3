"""Rules about Rubriq's own limits: an output too large to check in full, findings too many to list."""

from rubriq.core.rules import define

_POLICY_SOURCE = "Rubriq size policy (docs/reliability.md)"

define(
    "RQ001", "output-partly-checked", "Output too large to check in full",
    parameter="", severity="warning", source=_POLICY_SOURCE,
    definition="""
Work is bounded for any input. The text metrics check the first 1,000,000 characters of an output and the model
metrics (embeddings, NLI) the first 30,000; a longer output is cut at the last paragraph break before the limit
(else a line break, a sentence end or a space); the embedding parts of text metrics (coherence's similarity,
instruction following's topics) do not run then. This finding sits at the cut and says how much was checked. Findings
after the cut are not reported, and measures of the whole output (its length, its ending, how much of the prompt it
covers) describe the checked part only, so treat them with care on an output this large.
""",
)
define(
    "RQ002", "findings-not-listed", "More findings of one rule than are listed",
    parameter="", severity="information", source=_POLICY_SOURCE,
    definition="""
Each rule lists at most 200 findings per file, the first ones in the text. When a rule finds more, this finding sits
on the first one left out and says how many more there are. The scores and the profile's finding counts include
every finding, listed or not; only the list is shortened, so that a report or an editor stays usable.
""",
)
