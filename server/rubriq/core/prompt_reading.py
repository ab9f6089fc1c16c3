"""What Rubriq did not understand in a prompt: instruction clauses that no extracted constraint checks.

    unchecked_instructions(prompt, constraints) -> list[UncheckedInstruction]
    unchecked_findings(prompt, constraints) -> list[Finding]   (rule IF099, information)

A person reading Rubriq's findings should see the limits of its reading instead of trusting silence. Each clause of
the instruction part (sentences split at ";", dashes and at "and/but/so" or commas that start a new request) is an
unchecked instruction when all of these hold (precision first: a clause that is checked never gets one):

- it reads as a request (`rubriq.core.requests.reads_as_request`) and is not a question, a role statement ("You
  are a ...") or a salutation;
- no extracted constraint's span overlaps it;
- it asks for a manner no program measures (tone, style, register, voice, person, emphasis: "keep it casual and
  friendly", "make it punchy", "con un tono más formal"), or it is a prohibition or a "keep/make/be" requirement that
  is not the task statement itself ("don't quote the participants", "keine Panikmache").

The task statement ("Summarize the article", "Write a haiku about rain") is the task, measured by the task's
parameters, and is never reported. Linear: one pass over the clauses, each tested by bounded regexes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from rubriq.core.constraints.types import Constraint
from rubriq.core.findings import Finding
from rubriq.core.prompt import PromptDocument
from rubriq.core.requests import (
    conversation_turns,
    is_question,
    reads_as_request,
    sentence_spans,
    states_requirement,
)
from rubriq.core.rules.prompt_reading import UNCHECKED_CODE
from rubriq.core.text import Span

# Manner words: tone, style, register, voice, person and emphasis, in the four languages.
MANNER_RE = re.compile(
    r"\b(?:tone|style|voice|register|friendly|friendlier|formal|informal|casual|professional|polite|warm|warmer|"
    r"firm|punchy|punchier|engaging|catchy|fun|funny|humou?rous|witty|serious|neutral|positive|upbeat|cheerful|"
    r"apologetic|empathetic|respectful|honest|persuasive|confident|enthusiastic|gentle|kind|playful|clean|sad|"
    r"happy ending|generic|sales pitch|jargon|acronyms?|technical|plain english|plain language|simple words|"
    r"short sentences|rhyme|rhymes|rhythm|second person|third person|first person|point of view|perspective|"
    r"active voice|passive voice|dialogue|directly|as if you were|sounds?|intense|politely|formally|informally|"
    r"casually|warmly|firmly|briefly|concisely|clearly|simply|gently|kindly|honestly|professionally|"
    r"technical terms|tecnicismos|simplemente|sencillo|claramente|simplement|clairement|einfach|verständlich|"
    r"tono|formal|cariñoso|cariñosa|amable|cercano|sencillo|divertido|ton|chaleureux|drôle|formel|ton plus|"
    r"freundlich|freundlicher|locker|förmlich|panikmache|lustig|sachlich)\b", re.IGNORECASE)
# A prohibition or a standing requirement at the start of a clause.
_LEAD = r"^[ \t]*(?:[-*•]|\d{1,2}[.)])?[ \t]*(?:(?:please|also|and|bitte|por favor|s'il te plaît|svp)[ \t,]+)?"
# A prohibition or restriction at the start of a clause is an instruction by itself: "Nothing else.", "Keine
# Panikmache", "No intro or outro".
PROHIBITION_START_RE = re.compile(
    _LEAD + r"(?:don'?t|do not|never|avoid|no|nothing|without|only|no uses|no menciones|no incluyas|evita|sin|"
    r"nada|n'utilise|n'ajoute|ne|pas de|sans|rien|évite|keine|kein|nicht|nichts|vermeide|ohne|nur)\b|"
    + _LEAD + r"\w+[ \t]+only\b", re.IGNORECASE)
# A standing requirement that starts with a verb; it counts when the clause reads as a request.
REQUIREMENT_START_RE = re.compile(
    _LEAD + r"(?:keep|make sure|make it|make them|be|stay|stick to|focus on|assume|add|include|give|mention|use|show|"
    r"put|quote|cite|combine|number|write|end|start|finish|return|output|explain|que sea|sé|incluye|añade|sois|"
    r"garde|ajoute|bleib|füge)\b",
    re.IGNORECASE)
# A format asked for in words, with no constraint kind to check it: "in the format DD/MM/YYYY".
FORMAT_REQUEST_RE = re.compile(
    r"\bin (?:the )?format\b|\bformat(?:ted)? (?:as|like)\b|\bas (?:a |an )?(?:fraction|percentage|decimal)\b|"
    r"\bone per line\b", re.IGNORECASE)
# Measured elsewhere: the derivation of a reasoning answer (derivation_structure) and staying with the source
# (faithfulness) when the prompt has one.
MEASURED_RE = re.compile(
    r"\b(?:show (?:your|the) (?:work|working|steps|reasoning)|step[- ]by[- ]step|think it through|"
    r"explain your reasoning|paso a paso|schritt für schritt|étape par étape)\b", re.IGNORECASE)
GROUNDING_RE = re.compile(
    r"\b(?:make (?:anything|things|something) up|invent|guess|speculat\w*|add (?:new )?(?:facts|information)|"
    r"(?:doesn'?t|does not|don'?t|do not|isn'?t|is not) (?:say|mention|state|appear|in (?:the|it))|"
    r"only (?:from|use|what)|stick to the (?:text|source|document|facts))", re.IGNORECASE)
# Permissions are not instructions: "sin rima obligatoria", "no need to rhyme", "feel free to ...".
PERMISSION_RE = re.compile(
    r"\b(?:(?:no|without (?:any |the )?)need (?:to|for)|needn'?t|doesn'?t have to|does not have to|"
    r"don'?t have to|optional|feel free|if you like|"
    r"obligatori[oa]s?|no hace falta|no es necesario|pas besoin|facultati(?:f|ve)|pas obligatoire|muss nicht|"
    r"nicht nötig|nicht notwendig|optional)\b", re.IGNORECASE)
_ROLE_RE = re.compile(r"^[ \t]*(?:you are|you're|act as|pretend|imagine you|eres|tu es|du bist)\b", re.IGNORECASE)
# Where a sentence holds a second request: "Fifty words or fewer, and make it punchy".
_SPLIT_RE = re.compile(
    r";[ \t]*|[ \t]+[—–][ \t]+|,?[ \t]+(?:and|but|or|then|and then|so (?:it|that|they)|pero|y|luego|mais|et|puis|"
    r"aber|und|dann)[ \t]+|,[ \t]+")
_HARD_SPLITS = (";", "—", "–")
_MARKER_RE = re.compile(r"[ \t,]*(?:(?:[-*•+]|\d{1,2}[.)])[ \t]+)?")
# Items of a list under "Requirements:", "Rules:" ...: every item is an instruction, even without a verb.
_REQUIREMENTS_LABEL_RE = re.compile(
    r"^[ \t]*(?:#+[ \t]*|\*\*)?(?:requirements?|rules|constraints|instructions?|guidelines|notes?|requisitos|"
    r"reglas|instrucciones|consignes|règles|exigences|anforderungen|regeln|vorgaben|hinweise)(?:\*\*)?[ \t]*:"
    r"[ \t]*$", re.IGNORECASE | re.MULTILINE)
_LIST_ITEM_RE = re.compile(r"^[ \t]*(?:[-*•+]|\d{1,2}[.)])[ \t]+\S", re.MULTILINE)


@dataclass(frozen=True)
class UncheckedInstruction:
    span: Span  # the clause in the prompt
    text: str
    reason: str  # "manner" or "requirement"


def _clauses(text: str, span: Span) -> list[Span]:
    """The sentence split where a new request starts (or at ";" and dashes), each piece trimmed."""
    pieces, start = [], span.start
    for m in _SPLIT_RE.finditer(text, span.start, span.end):
        rest = text[m.end() : span.end]
        hard = any(mark in m.group() for mark in _HARD_SPLITS)
        comma_only = m.group().strip() == ","  # "three paragraphs, simple words": a list of requirements
        if hard or reads_as_request(rest) or (not comma_only and PROHIBITION_START_RE.match(rest)) \
                or (comma_only and (MANNER_RE.match(rest) or FORMAT_REQUEST_RE.match(rest))) \
                or m.group().strip().startswith("so"):
            pieces.append(Span(start, m.start()))
            start = m.start() if m.group().strip().startswith("so") else m.end()
    pieces.append(Span(start, span.end))
    out = []
    for piece in pieces:
        chunk = text[piece.start : piece.end]
        marker = _MARKER_RE.match(chunk)
        lead = marker.end() if marker else 0
        trimmed = Span(piece.start + lead, piece.start + len(chunk.rstrip()))
        if trimmed.end > trimmed.start:
            out.append(trimmed)
    return out


def unchecked_instructions(prompt: PromptDocument, constraints: Sequence[Constraint]) -> list[UncheckedInstruction]:
    """Instruction clauses of the prompt that no extracted constraint covers and no task parameter measures."""
    view = prompt.reading_view
    from rubriq.core.tasks import detect_task  # tasks imports prompt; imported here to keep this module light

    task_cue = detect_task(prompt).cue_span
    constraint_spans = sorted(c.span for c in constraints)
    task_clause: Span | None = None  # the first request of the (last user turn's) request states the task
    listed = _requirement_items(view, prompt.body_start)
    users = [t for t in conversation_turns(view, prompt.body_start) if t.is_user]
    request_start = users[-1].span.start if users else prompt.body_start
    found: list[UncheckedInstruction] = []
    for sentence in sentence_spans(view, prompt.body_start):
        sentence_text = sentence.slice(view)
        in_list = any(item.overlaps(sentence) for item in listed)
        clauses = _clauses(view, sentence)
        if _ROLE_RE.match(sentence_text) or not (in_list or any(_asks(c.slice(view)) for c in clauses)):
            continue
        for clause in clauses:
            text = clause.slice(view)
            if task_clause is None and clause.start >= request_start and reads_as_request(text) \
                    and not PROHIBITION_START_RE.match(text) and not MANNER_RE.search(text):
                task_clause = clause
                continue
            if is_question(text) or any(clause.overlaps(s) for s in constraint_spans) or MEASURED_RE.search(text) \
                    or PERMISSION_RE.search(text):
                continue
            if prompt.has_source and GROUNDING_RE.search(text):
                continue
            is_task = task_cue is not None and clause.overlaps(task_cue)
            if MANNER_RE.search(text):
                found.append(UncheckedInstruction(clause, text, "manner"))
            elif not is_task and (in_list or states_requirement(text) or PROHIBITION_START_RE.match(text)
                                  or FORMAT_REQUEST_RE.search(text)
                                  or (REQUIREMENT_START_RE.match(text) and reads_as_request(text))):
                found.append(UncheckedInstruction(clause, text, "requirement"))
    return found


def _asks(clause: str) -> bool:
    return reads_as_request(clause) or PROHIBITION_START_RE.match(clause) is not None or states_requirement(clause)


def _requirement_items(view: str, start: int) -> list[Span]:
    """List items in the block under each "Requirements:"-like label line."""
    items: list[Span] = []
    for label in _REQUIREMENTS_LABEL_RE.finditer(view, start):
        block_end = view.find("\n\n", label.end())
        block_end = len(view) if block_end == -1 else block_end
        for item in _LIST_ITEM_RE.finditer(view, label.end(), block_end):
            line_end = view.find("\n", item.start())
            items.append(Span(item.start(), block_end if line_end == -1 or line_end > block_end else line_end))
    return items


@lru_cache(maxsize=32)
def _unchecked_for(prompt_text: str, constraint_spans: tuple[Span, ...]) -> tuple[UncheckedInstruction, ...]:
    from rubriq.core.prompt import parse_prompt

    spans = [Constraint("", "", {}, span, "") for span in constraint_spans]
    return tuple(unchecked_instructions(parse_prompt(prompt_text), spans))


def unchecked_findings(prompt: PromptDocument, constraints: Sequence[Constraint]) -> list[Finding]:
    """An information finding ("not checked: ...") on each unchecked instruction; cached per prompt text, so an edit
    of the output does not read the prompt again."""
    found = _unchecked_for(prompt.text, tuple(sorted(c.span for c in constraints)))
    return [Finding.at(UNCHECKED_CODE, item.span, f"not checked: {item.text}", text=prompt.text, where="prompt",
                       data={"reason": item.reason, "instruction": item.text})
            for item in found]
