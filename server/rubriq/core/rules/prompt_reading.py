"""Rules about Rubriq's reading of the prompt: the instructions it found and does not check."""

from rubriq.core.rules import define

UNCHECKED_CODE = "IF099"

define(
    UNCHECKED_CODE, "not-checked-instruction", "An instruction in the prompt that Rubriq does not check",
    parameter="", severity="information",
    source="Rubriq research log 1.8 (IFEval adaptation: every checked constraint is shown, so the unchecked are too)",
    definition="""
Shown on a clause of the prompt that instructs ("keep it casual and friendly", "don't quote the participants
directly", "use null for anything missing", "prioritise things I can do this week", "if the list is empty, return
None") when no constraint Rubriq extracted covers it: "not checked: ...". Tone, style, audience, emphasis, conditional
instructions and most content requirements have no deterministic check, and an instruction phrased in a way the
extractor does not read gets this finding too, so silence is never mistaken for a pass.

A clause that a checked constraint covers never gets it (that one carries `IF091` "checked: ..."), nor do the task
statement itself (unless it asks for a manner: "rewrite it in a warmer tone"), questions (also asked as commands:
"tell me who approved it"), role statements ("You are ..."), permissions ("puns are fine"), requests for a
reasoning derivation ("show your working", measured by the reasoning parameters), the blocks of a repair Rubriq
wrote into the prompt and, in a prompt with source text, requests to stay with the source ("don't guess", measured
by faithfulness). Clauses are the instruction part's sentences split at ";", dashes and
"and"/"but"/commas that start a new request; see `rubriq.core.prompt_reading`. Read it as a list of what to check by
hand, or reword the instruction into a verifiable one ("at most 3 sentences" instead of "keep it short").
""",
)
