"""The words that mark a block as a repair's, written once: `mechanisms.py` writes them, `facts.py` recognises them.

A prompt the user has applied repairs to holds Rubriq's blocks beside the user's own paragraphs, and Rubriq must tell
them apart without guessing (a user's own "Requirement: ..." paragraph is the user's). Every repair therefore holds
at least one *marked* block, marked by text meant for the model, which reads as part of the instruction:

- the requirement of every family except GPT opens with "Requirement (checked):" (open weights: "Instruction
  (checked):", and the constraint repeated last as "Remember (checked):"): the model learns the answer is checked
  against it, and no person writes that label by hand;
- GPT's requirement line is "Requirement, stated explicitly:" under a `### ... ###` heading (its mechanism, 2.2);
- the few-shot rules every example carries (2.6), the role's register note (2.8) and the self-consistency
  escalation (2.5) are sentences of Rubriq's own.

The other blocks a repair writes (an example, a prefill line, the reference text, the restated task and
constraints) have shapes a person may write too; they are Rubriq's only in the place the library puts them, next to
a marked block (`facts.own_blocks_blanked` says which neighbour each needs).
"""

REQUIREMENT_LABEL = "Requirement (checked):"
INSTRUCTION_LABEL = "Instruction (checked):"
REMINDER_LABEL = "Remember (checked):"
GPT_REQUIREMENT_LABEL = "Requirement, stated explicitly:"
# A block's first line may lose its wording in a fix-all (written once, by an earlier block); the label stays.
MARKED_LABELS = (REQUIREMENT_LABEL, INSTRUCTION_LABEL, GPT_REQUIREMENT_LABEL)

REGISTER_NOTE = "This controls register, not correctness."
FEW_SHOT_RULES_OPENING = "About the example: it is similar to the real input"
ESCALATION_MARK = "solve it twice, independently, by two different methods"

# Examples outside XML tags and `### Example ###` fences end with a line of their own, so where an example stops
# (it may hold blank lines, lists and labels) is written in the prompt, not guessed.
EXAMPLE_END = "End of example."
FORMAT_END = "End of format."
