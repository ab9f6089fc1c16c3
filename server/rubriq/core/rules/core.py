"""Rules about the prompt file itself: front matter and pairing."""

from rubriq.core.rules import define

_FRONT_MATTER_SOURCE = "Rubriq prompt-file format (docs/architecture.md)"

define(
    "FM001", "front-matter-syntax", "Front matter is not valid YAML",
    parameter="", severity="warning", source=_FRONT_MATTER_SOURCE,
    definition="""
The block between the opening `---` and closing `---` lines of a `.prompt` must be a YAML mapping, read with
`yaml.safe_load`. When it cannot be parsed, Rubriq reports the line where parsing failed and scores the pair with
default settings (generic model family, detected task type, equal weights), so a typo never stops scoring.
""",
)
define(
    "FM002", "front-matter-unknown-key", "Unknown front matter key",
    parameter="", severity="warning", source=_FRONT_MATTER_SOURCE,
    definition="""
Front matter accepts `model`, `family`, `task`, `audience`, `weights` and `ignore`. Any other key is reported on
its line and ignored, so a misspelt key (`modle:`) is visible instead of silently doing nothing.
""",
)
define(
    "FM003", "front-matter-invalid-value", "Invalid front matter value",
    parameter="", severity="warning", source=_FRONT_MATTER_SOURCE,
    definition="""
A known front matter key has a value of the wrong type or outside its allowed set (for example `family: bard`;
families are claude, gpt, gemini, llama, mistral and generic; weights must be non-negative numbers). The key falls
back to its default and the rest of the front matter still applies.
""",
)
define(
    "FM004", "unknown-task", "Unknown task type in front matter",
    parameter="", severity="warning", source="Rubriq research log, Part 3 (task → parameter table)",
    definition="""
Front matter `task:` must name one of Rubriq's task types (summarization, grounded_qa, open_qa, code_generation,
creative_writing, extraction, reasoning, rewriting, general). An unknown name is reported and the task type is
detected from the prompt instead.
""",
)
define(
    "FM005", "unknown-parameter-weight", "Weight for an unknown parameter",
    parameter="", severity="warning", source="Rubriq research log, Part 3 (task → parameter table)",
    definition="""
Front matter `weights:` keys must be parameter names of the profile (for example `instruction_following`,
`faithfulness`). A weight for a parameter that does not exist, or is not part of this task's profile, is reported
and has no effect.
""",
)
define(
    "FM006", "unknown-rule-code", "Ignored rule code does not exist",
    parameter="", severity="warning", source=_FRONT_MATTER_SOURCE,
    definition="""
Every code listed under front matter `ignore:` must be a Rubriq rule code (`rubriq rules` lists them). An unknown
code is reported so that a typo does not silently leave a finding switched on.
""",
)
