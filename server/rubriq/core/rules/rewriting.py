"""Rules of rewriting tasks: the register change the prompt asks for, measured as a readability delta (1.10)."""

from rubriq.core.rules import define

_DELTA = ("Rubriq research log 1.10: Flesch Reading Ease (Flesch 1948) via textstat, used as a readability delta "
          "against the source passage")

define(
    "RW001", "register-not-shifted", "The rewrite does not shift the register as asked",
    parameter="register_shift", severity="warning", source=_DELTA, failure_mode="wrong_register",
    definition="""
The prompt asks for a change of register with a direction ("simpler", "plain English", "for a child", "less
technical" raise reading ease; "more formal", "academic", "more technical" lower it). Rubriq computes Flesch Reading
Ease, `206.835 - 1.015 * (words / sentences) - 84.6 * (syllables / words)`, on the source passage and on the output,
and reports when the delta in the asked direction is below 5 points (half a Flesch band), on the output paragraph
furthest from the asked direction. The measured values are in the finding's data.
""",
)
define(
    "RW002", "register-shift-reversed", "The rewrite moved the register the wrong way",
    parameter="register_shift", severity="warning", source=_DELTA, failure_mode="wrong_register",
    definition="""
The readability delta between source and output points the opposite way from the prompt's request by 5 points or
more: asked for simpler text, the output is harder to read than the source (lower Flesch Reading Ease), or asked for
a more formal register, it reads easier. Reported on the output paragraph furthest from the asked direction.
""",
)
