"""Conciseness (CN): the verbosity bias of LLM judges (MT-Bench) turned into a check."""

from rubriq.core.rules import define

_SOURCE = "Research log 1.6: MT-Bench / LLM-as-judge verbosity bias (Zheng et al., NeurIPS 2023), inverted"

define(
    "CN001", "longer-than-warranted", "Output much longer than the task warrants",
    parameter="conciseness", severity="warning", source=_SOURCE, failure_mode="verbosity",
    definition="""
The warranted length comes from, in order: a length stated in the prompt (`in 100 words`, `three sentences`,
`briefly`), the source length for summaries (a quarter of the source, at least 60 words) and rewrites, or the
task's norm scaled by the size of the request. Ratio = output words / warranted words; above 1.5 is a finding
on the part of the output past the warranted length. Score = 1 up to a ratio of 1.5, falling linearly to 0 at 4.
Readers (and LLM judges) over-trust long answers; length is not quality.
""",
)
define(
    "CN002", "filler-phrase", "Filler phrase that adds length, not content",
    parameter="conciseness", severity="hint", source=_SOURCE, failure_mode="verbosity",
    definition="""
Stock padding: `It is important to note that`, `In conclusion`, `I hope this helps`, `As an AI language model`,
`Let me know if you have any other questions`, `Great question`. Each one costs 0.05 of the conciseness score.
""",
)
