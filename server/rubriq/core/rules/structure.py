"""Structure (ST): paragraphing, lists and headings that fit the request."""

from rubriq.core.rules import define

_SOURCE = "Research log 1.10 and Part 3 (general/chat: structure)"

define(
    "ST001", "wall-of-text", "Paragraph too long to scan",
    parameter="structure", severity="information", source=_SOURCE, failure_mode="poor_structure",
    definition="""
A prose paragraph (not a list, table or code) of more than 150 words. Long unbroken blocks are hard to scan;
split them where the topic turns. Score of the parameter: max(0, 1 − 0.25 × structure findings).
""",
)
define(
    "ST002", "list-expected", "The prompt asks for a list or steps; the output has none",
    parameter="structure", severity="warning", source=_SOURCE, failure_mode="poor_structure",
    definition="""
The instruction asks for a list, bullet points, numbered or step-by-step instructions, but the output has no
bulleted or numbered items, "Step N" lines or markdown table.
""",
)
define(
    "ST003", "headings-expected", "Headings or sections requested or needed, none present",
    parameter="structure", severity="information", source=_SOURCE, failure_mode="poor_structure",
    definition="""
The instruction asks for headings or sections, or the output runs past 600 words over five or more paragraphs,
and no markdown heading (`#`) or heading-like line (a short line ending in `:` or in bold) appears.
""",
)
define(
    "ST004", "empty-section", "Heading with nothing under it",
    parameter="structure", severity="information", source=_SOURCE, failure_mode="poor_structure",
    definition="A heading followed directly by another heading of the same or a higher level, or by the end.",
)
