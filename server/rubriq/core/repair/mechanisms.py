"""Each model family's own prompting mechanism (research log, Part 2), applied to a repair's `Parts`.

- claude (2.1): XML tags around each instruction, quotes first for grounded tasks, a "start your response with"
  prefill line for format failures, <thinking> before <answer> for reasoning, a role in the system prompt.
  Instructions go after the documents, at the end of the prompt.
- gpt (2.2): ### delimited blocks and triple-quoted reference text, the requirement stated explicitly (newer GPT
  models follow instructions literally), numbered steps, a system message for roles. Instructions go first;
  for grounded failures the reference text comes first and the block follows it.
- gemini (2.3): a few-shot example leads any format repair, instructions are positive (no prohibitions: a
  prompt's own "don't" sentence is restated as a positive instruction, and stays, so Rubriq still checks it), and
  the block comes after the context, so the question follows its material.
- llama / mistral (Part 4, open weights): short, an explicit output format, the constraint repeated at the end.
- generic: provider-agnostic labelled sections.

The gated techniques hold for every family: few-shot examples carry the three rules of 2.6, chain-of-thought
only for weak_reasoning with the reasoning before the answer (2.4), self-consistency as its escalation (2.5),
roles only for wrong_register and marked "this controls register, not correctness" (2.8), and on long sources
faithfulness/completeness repairs put the task at the start and key material and constraints at the end (2.7).

Every repair holds a block marked as Rubriq's by words meant for the model (`labels.py`), so that once applied it
is known for Rubriq's and the user's own paragraphs stay the user's.
"""

from __future__ import annotations

from dataclasses import dataclass

from rubriq.core.families import Family
from rubriq.core.repair.facts import PromptFacts, quote
from rubriq.core.repair.labels import (
    EXAMPLE_END,
    FEW_SHOT_RULES_OPENING,
    FORMAT_END,
    GPT_REQUIREMENT_LABEL,
    INSTRUCTION_LABEL,
    REGISTER_NOTE,
    REMINDER_LABEL,
    REQUIREMENT_LABEL,
)
from rubriq.core.repair.modes import EDGE_MODES
from rubriq.core.repair.parts import GROUNDED_TASKS, Parts

OPEN_WEIGHTS = frozenset({Family.LLAMA, Family.MISTRAL})
FAMILY_SOURCE = {
    Family.CLAUDE: "2.1 Anthropic prompt engineering documentation",
    Family.GPT: "2.2 OpenAI prompt engineering guide",
    Family.GEMINI: "2.3 Google Gemini prompting guidance",
    Family.LLAMA: "Part 4 open-weights profile",
    Family.MISTRAL: "Part 4 open-weights profile",
    Family.GENERIC: "Part 4 provider-agnostic fallback",
}


def few_shot_rules(deliverable: str) -> str:
    """The three rules of research log 2.6, carried inline by every template with an example, worded for the model
    (how to read the examples); the same rules for the prompt's author are in the repair's explanation."""
    return (f"{FEW_SHOT_RULES_OPENING}, and where there are several, the most representative example last. Write "
            f"the {deliverable} in exactly the same format.")


FEW_SHOT_ADVICE = ("When you add more examples: pick ones similar to the real input, put the most representative "
                   "last, and keep them all in one format (research log 2.6).")


@dataclass
class Rendered:
    blocks: list[str]  # the fragment, block by block (a combined repair drops repeated blocks)
    lead_blocks: list[str]  # long sources: what goes at the start of the prompt (2.7)
    escalation: str | None
    sources: list[str]
    mechanism: str  # one sentence for the explanation: which mechanism the fragment uses
    edges: bool = False  # long source: the fragment goes at the end, key material and constraints last (2.7)


def _long_source_edges(parts: Parts, p: PromptFacts) -> bool:
    return parts.failure_mode in EDGE_MODES and p.has_source and p.long_source


def render(parts: Parts, p: PromptFacts, family: Family, *, repeated: bool = False) -> Rendered:
    renderer = {Family.CLAUDE: _claude, Family.GPT: _gpt, Family.GEMINI: _gemini}.get(
        family, _open_weights if family in OPEN_WEIGHTS else _generic)
    blocks, mechanism = renderer(parts, p)
    sources = [FAMILY_SOURCE[family]]
    if parts.example:
        sources.append("2.6 few-shot selection and ordering")
    if parts.reasoning:
        sources.append("2.4 chain-of-thought")
    if parts.role:
        sources.append("2.8 role prompting")
    lead: list[str] = []
    if _long_source_edges(parts, p):
        lead_block, end_blocks = _edges(parts, p, family)
        lead, blocks = ([] if p.request_leads else [lead_block]), blocks + end_blocks
        sources.append("2.7 Lost in the Middle")
    escalation = None
    if parts.escalation:
        escalation = _wrap(family, "if_still_wrong", "If the answer is still wrong", parts.escalation)
        sources.append("2.5 self-consistency")
        if repeated:
            blocks.append(escalation)
    return Rendered(blocks, lead, escalation, sources, mechanism, edges=_long_source_edges(parts, p))


def _wrap(family: Family, tag: str, heading: str, body: str) -> str:
    """One self-contained block in the family's delimiters."""
    if family == Family.CLAUDE:
        return f"<{tag}>\n{body}\n</{tag}>"
    if family == Family.GPT:
        return f"### {heading} ###\n{body}"
    return f"{heading}:\n{body}"


def _heading(tag: str) -> str:
    return tag.replace("_", " ").capitalize().replace("Json", "JSON")


def _role_text(parts: Parts, p: PromptFacts) -> str:
    return (f"You are an experienced writer who writes {p.deliverable}s for {parts.role}, in the words and at the "
            f"level {parts.role} expect. {REGISTER_NOTE}")


def _claude(parts: Parts, p: PromptFacts) -> tuple[list[str], str]:
    blocks: list[str] = []
    used = ["XML tags"]
    if parts.role:
        blocks.append(f"<role>\nSystem prompt: {_role_text(parts, p)}\n</role>")
        used.append("a role for the system prompt")
    lines = [f"{REQUIREMENT_LABEL} {parts.requirement}", *([parts.prohibition] if parts.prohibition else []),
             *parts.steps]
    if parts.reasoning:
        lines.append("Write your reasoning inside <thinking> tags first, then the final answer inside <answer> tags.")
        used.append("room to think in <thinking> before <answer>")
    blocks.append(f"<{parts.tag}>\n" + "\n".join(lines) + f"\n</{parts.tag}>")
    if parts.grounded and p.has_source and p.task in GROUNDED_TASKS and not parts.prefill:
        # Quotes first only when the answer need not start with a fixed format (a prefill would skip the quotes).
        blocks.append(f"<quote_extraction>\nFirst copy, word for word, the sentences of {p.source_ref} that bear on "
                      f"the request into <quotes> tags. Then write the {p.deliverable} inside <answer> tags, using "
                      f"only what those quotes support.\n</quote_extraction>")
        used.append("quotes first")
    if parts.example:
        blocks.append(f"<example>\n{parts.example}\n</example>")
        blocks.append(f"<example_rules>\n{few_shot_rules(p.deliverable)}\n</example_rules>")
        used.append("an <example>")
    if parts.prefill:
        blocks.append(f"Start your response with: {parts.prefill}")
        used.append(f"a prefill (put `{parts.prefill}` as the start of the assistant turn, or keep the line)")
    return blocks, "It uses Claude's mechanisms: " + ", ".join(used) + "."


def _gpt(parts: Parts, p: PromptFacts) -> tuple[list[str], str]:
    blocks: list[str] = []
    used = ["### delimiters", "the requirement stated explicitly rather than implied"]
    if parts.role:
        blocks.append(f"### System message ###\n{_role_text(parts, p)}")
        used.append("a system message")
    if parts.grounded and parts.reference:
        blocks.append(f'### Reference text ###\n"""\n{parts.reference}\n"""')
        used.append("reference text first, in triple quotes")
    lines = [f"{GPT_REQUIREMENT_LABEL} {parts.requirement}"]
    if parts.prohibition:
        lines.append(parts.prohibition)
    steps = list(parts.steps)
    if parts.reasoning:
        steps.append("Write the reasoning under “Reasoning:” before the final “Answer:” line.")
        used.append("numbered steps with the reasoning before the answer")
    lines += p.numbered(steps)
    if parts.prefill:
        lines.append(f"Begin the output with {parts.prefill}")
    blocks.append(f"### {_heading(parts.tag)} ###\n" + "\n".join(lines))
    if parts.example:
        blocks.append(f"### Example ###\n{parts.example}\n### End of example ###")
        blocks.append(few_shot_rules(p.deliverable))
        used.append("a delimited example")
    return blocks, "It uses GPT's mechanisms: " + ", ".join(used) + "."


def _gemini(parts: Parts, p: PromptFacts) -> tuple[list[str], str]:
    blocks: list[str] = []
    used = []
    if parts.example and parts.format_repair:
        blocks.append(f"Example of the expected {p.deliverable}:\n{parts.example}\n{EXAMPLE_END}")
        blocks.append(few_shot_rules(p.deliverable))
        used.append("a few-shot example first")
    if parts.role:
        blocks.append(f"System instruction: {_role_text(parts, p)}")
        used.append("a system instruction for the role")
    # Positive instructions only: Gemini follows "do X" more reliably than "don't do Y" (2.3).
    lines = [parts.requirement, *parts.steps]
    if parts.reasoning:
        lines.append("Give the reasoning first and the final answer last, on a line starting “Answer:”.")
    # Marked, so that Rubriq knows its own paragraph once applied (facts.own_blocks_blanked): it is no source.
    blocks.append(f"{REQUIREMENT_LABEL} " + "\n".join(lines))
    if parts.example and not parts.format_repair:
        blocks.append(f"Example:\n{parts.example}\n{EXAMPLE_END}")
        blocks.append(few_shot_rules(p.deliverable))
    used.append("positive instructions, no prohibitions")
    return blocks, "It uses Gemini's mechanisms: " + ", ".join(used) + "."


def _open_weights(parts: Parts, p: PromptFacts) -> tuple[list[str], str]:
    blocks: list[str] = []
    if parts.role:
        blocks.append(f"System: {_role_text(parts, p)}")
    lines = [f"{INSTRUCTION_LABEL} {parts.requirement}"]
    if parts.prohibition:
        lines.append(parts.prohibition)
    # Shorter instructions for smaller instruction-following headroom: one step unless the repair is reasoning.
    lines += parts.steps if parts.reasoning else parts.steps[:1]
    blocks.append("\n".join(lines))
    if parts.example:
        blocks.append(f"Output format (follow exactly):\n{parts.example}\n{FORMAT_END}")
        blocks.append(few_shot_rules(p.deliverable))
    blocks.append(f"{REMINDER_LABEL} {parts.reminder}")
    return blocks, ("It uses the open-weights mechanisms: short explicit instructions"
                    + (", an explicit output format" if parts.example else "")
                    + " and the constraint repeated at the end.")


def _generic(parts: Parts, p: PromptFacts) -> tuple[list[str], str]:
    blocks: list[str] = []
    if parts.role:
        blocks.append(f"Role: {_role_text(parts, p)}")
    lines = [f"{REQUIREMENT_LABEL} {parts.requirement}"]
    if parts.prohibition:
        lines.append(parts.prohibition)
    steps = [*parts.steps, *(["Write the reasoning first and the final answer last."] if parts.reasoning else [])]
    lines += p.bullets(steps)
    blocks.append("\n".join(lines))
    if parts.example:
        blocks.append(f"Example:\n{parts.example}\n{EXAMPLE_END}")
        blocks.append(few_shot_rules(p.deliverable))
    if parts.prefill:
        blocks.append(f"Start the answer with: {parts.prefill}")
    return blocks, "It is provider-agnostic: labelled plain-text sections that any model reads."


def _edges(parts: Parts, p: PromptFacts, family: Family) -> tuple[str, list[str]]:
    """Lost in the Middle (2.7): the task at the start, key material and the constraints repeated at the end.

    The start block is used only when the prompt's request does not already stand before its source; the end
    always restates the task, so it sits at both edges either way."""
    lead = _wrap(family, "task", "Task (read first)", p.core_request)
    end: list[str] = [_wrap(family, "task_repeated", "Task, repeated", quote(p.core_request, 300))]
    key = parts.reference or (parts.steps[0] if parts.steps else None)
    if parts.reference:
        body = f'"""\n{parts.reference}\n"""' if family == Family.GPT else quote(parts.reference, 400)
        end.append(_wrap(family, "key_passage", "Key passage from the source", body))
    elif key:
        end.append(_wrap(family, "key_passage", "Key point from the source", key))
    constraints = [quote(sentence, 240) for sentence in p.constraint_sentences] or [parts.reminder]
    end.append(_wrap(family, "constraints_repeated", "Constraints, repeated",
                     "\n".join(p.bullets(constraints))))
    return lead, end
