"""Rules of reasoning answers: a findable final answer, a derivation before it, no self-contradiction."""

from rubriq.core.rules import define

_DIRECTNESS = "Rubriq research log 1.6 (MT-Bench: structure and directness) and Part 3 (answer presence/directness)"
_COT = ("Rubriq research log 2.4: chain-of-thought (Wei et al., NeurIPS 2022; Kojima et al., NeurIPS 2022), "
        "reasoning before the answer")
_CONSISTENCY = "Rubriq research log 1.9 and Part 3: internal consistency signals (risk signal, no source needed)"

define(
    "RZ001", "no-final-answer", "No final answer is stated",
    parameter="directness", severity="warning", source=_DIRECTNESS, failure_mode="poor_structure",
    definition="""
A reasoning task needs an answer a reader can find. Rubriq looks for an answer statement: "the answer is ...",
"final answer: ...", "therefore/thus/so/hence ... is/=", `\\boxed{...}`, `#### ...`, an "Answer:" line, a bold
result on the last line. When none is found the whole output is reported (on its last paragraph).
""",
)
define(
    "RZ002", "answer-buried", "The final answer is buried in the middle",
    parameter="directness", severity="information", source=_DIRECTNESS, failure_mode="poor_structure",
    definition="""
The last answer statement sits in the middle of the output and more than a third of the text follows it, without a
restatement at the end. Readers (and graders) look for a result at the end of a derivation or at the very start;
an answer between the two is easily missed. Reported on the answer statement.
""",
)
define(
    "RZ003", "preamble-before-answer", "Preamble before the answer",
    parameter="directness", severity="information", source=_DIRECTNESS, failure_mode="poor_structure",
    definition="""
For a direct question, the output opens with filler instead of the answer: praise of the question ("Great
question!"), acknowledgements ("Sure!", "Certainly,"), self-description ("As an AI language model"), or a
restatement of the question. For a yes/no question, the first sentence gives no yes/no verdict while a later one
does. Reported on the opening sentence(s).
""",
)
define(
    "RZ004", "no-derivation", "The answer comes without working",
    parameter="derivation_structure", severity="warning", source=_COT, failure_mode="weak_reasoning",
    definition="""
A reasoning task's answer should follow visible steps (2.4). Rubriq counts the steps of the output (answer
statements excluded): sentences in numbered or bulleted items, "Step N" lines, sentences carrying a calculation (`=`,
an operator between numbers) and sentences opening with a reasoning connective (first, then, next, since, because,
so, therefore). An output with no step at all is reported on its final answer (or its last paragraph when it has
none); `derivation_structure = min(1, steps / 2)`, halved when the answer comes before every step (RZ005). Not checked
when the prompt asks for the answer only.
""",
)
define(
    "RZ005", "answer-before-reasoning", "The answer precedes its reasoning",
    parameter="derivation_structure", severity="information", source=_COT, failure_mode="weak_reasoning",
    definition="""
The first answer statement opens the output and the steps come only after it. Chain-of-thought helps when the
reasoning comes first; an answer given first is not derived from the steps that follow it (2.4: answer-first
negates the benefit). Reported on the leading answer statement.
""",
)
define(
    "RZ006", "conflicting-final-answers", "The output states different final answers",
    parameter="internal_consistency", severity="warning", source=_CONSISTENCY, failure_mode="weak_reasoning",
    badge="risk-signal",
    definition="""
Two answer statements in the same output give different values (numbers compared after removing thousands
separators, units and trailing zeros; words compared case-insensitively). At least one of them is wrong; which one
cannot be decided here. Reported on the later statement, with the earlier value in the data.
""",
)
define(
    "RZ007", "arithmetic-does-not-hold", "A stated calculation does not hold",
    parameter="internal_consistency", severity="warning", source=_CONSISTENCY, failure_mode="weak_reasoning",
    badge="risk-signal",
    definition="""
A calculation written out in the output, such as `12 × 4 = 46`, is recomputed with ordinary operator precedence
(`+ - × x * / ÷`, numbers with thousands separators or decimals). It is reported when the stated result differs from
the computed one by more than the rounding its written precision allows (half a unit in its last decimal place).
The expression is read by a small arithmetic parser, never evaluated as code.
""",
)
