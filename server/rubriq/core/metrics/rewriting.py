"""Register shift of a rewrite, measured as a Flesch Reading Ease delta against the source passage (log 1.10).

Formula (one place):

    FRE(text) = 206.835 - 1.015 * (words / sentences) - 84.6 * (syllables / words)     (textstat)
    delta     = FRE(output) - FRE(source passage)
    s         = +1 when the prompt asks for easier text ("simpler", "for a child", "less technical"),
                -1 when it asks for a more formal or technical register ("more formal", "academic")
    register_shift = clip(s * delta / 10, 0, 1)

One Flesch band is 10 points wide, so a shift of a full band in the asked direction scores 1. A shift of less than
5 points in the asked direction is RW001; a shift of 5 points or more the other way is RW002. Formality is only
partly a matter of reading ease (word and sentence length); the score measures that part and says so.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rubriq.core.findings import Finding
from rubriq.core.metrics import TIER_TEXT, MetricResult, ParameterScore
from rubriq.core.metrics.readability import reading_ease as flesch_reading_ease
from rubriq.core.text import Segment, TextModel

if TYPE_CHECKING:
    from rubriq.core.context import CheckContext

PARAMETER = "register_shift"
BAND = 10.0  # width of one Flesch band: a full band in the asked direction scores 1
MIN_SHIFT = 5.0  # half a band: smaller moves are within the noise of the formula on short texts

_EASIER = (
    r"simpl(?:er|ify|ified|y put)|simple (?:english|language|terms|words)|plain(?:er)? (?:english|language|words|"
    r"terms)|easier to (?:read|understand|follow)|easy to (?:read|understand)|less (?:technical|formal|jargon|complex|"
    r"complicated|academic|dense)|(?:for|to) (?:a |an )?(?:child|children|kids?|\d+[- ]year[- ]olds?|beginners?|"
    r"laypeople|layperson|lay (?:audience|readers?)|non-?experts?|(?:the )?general (?:audience|public)|"
    r"(?:grade|middle)[- ]?school(?:ers| students)?)|(?:child|children|kids?|beginners?|laypeople|layperson|"
    r"non-?experts?|\d+[- ]year[- ]olds?) (?:can|could|would|will|should) (?:easily )?(?:understand|follow|read)|"
    r"eli5|explain (?:it )?like i'?m (?:five|5)|more (?:casual|"
    r"conversational|informal|accessible|readable|friendly)|(?:casual|informal|conversational|friendly) (?:tone|"
    r"register|style)|without jargon|no jargon|remove (?:the )?jargon"
)
_FORMAL = (
    r"more (?:formal|professional|academic|technical|sophisticated|scholarly|polished|businesslike)|formal (?:tone|"
    r"register|style|language|english|letter|email)|formali[sz]e|academic (?:tone|register|style|paper|writing|"
    r"audience)|professional (?:tone|register|style|language)|(?:for|to) (?:an? )?(?:experts?|specialists?|"
    r"clinicians?|academics?|scientific (?:audience|journal|paper))|scholarly|(?:business|legal) (?:tone|register|"
    r"language|style)"
)
EASIER_RE = re.compile(rf"\b(?:{_EASIER})\b", re.IGNORECASE)
FORMAL_RE = re.compile(rf"\b(?:{_FORMAL})\b", re.IGNORECASE)
EASIER_AUDIENCE_RE = re.compile(r"\b(?:child|children|kids?|beginners?|lay|general public|students?|novices?)\b",
                                re.IGNORECASE)
FORMAL_AUDIENCE_RE = re.compile(r"\b(?:experts?|specialists?|clinicians?|academics?|researchers?|scientists?|"
                                r"executives?|lawyers?|physicians?)\b", re.IGNORECASE)


def reading_ease(text: str) -> float | None:
    """Flesch Reading Ease through the readability metric's offline textstat; None when the text has no words."""
    if not re.search(r"[A-Za-z]", text):
        return None
    return flesch_reading_ease(text)


@dataclass(frozen=True)
class RegisterRequest:
    sign: int  # +1 easier to read, -1 more formal
    direction: str  # "simpler" | "more formal"
    cue: str


def register_request(ctx: CheckContext) -> RegisterRequest | str | None:
    """The direction the prompt asks for; a reason string when the request is ambiguous; None when there is none."""
    view = ctx.prompt.instruction_view
    easier = list(EASIER_RE.finditer(view))
    formal = list(FORMAL_RE.finditer(view))
    if not easier and not formal and ctx.audience:
        easier = list(EASIER_AUDIENCE_RE.finditer(ctx.audience))
        formal = list(FORMAL_AUDIENCE_RE.finditer(ctx.audience))
    if easier and formal and len(easier) == len(formal):
        return (f"the prompt asks both for an easier register ({easier[0].group()!r}) and a more formal one "
                f"({formal[0].group()!r})")
    if len(easier) > len(formal):
        return RegisterRequest(+1, "simpler", easier[0].group())
    if formal:
        return RegisterRequest(-1, "more formal", formal[0].group())
    return None


def _furthest_paragraph(output: TextModel, sign: int) -> tuple[Segment, float] | None:
    """The paragraph furthest from the asked direction: the hardest one when easier text was asked for."""
    scored = [(p, ease) for p in output.paragraphs if (ease := reading_ease(p.text)) is not None]
    if not scored:
        return None
    return min(scored, key=lambda item: (sign * item[1], item[0].span.start))


class RegisterShiftMetric:
    name = "register_shift"
    parameters = (PARAMETER,)
    tier = TIER_TEXT
    always_run = False

    def run(self, ctx: CheckContext) -> MetricResult:
        request = register_request(ctx)
        if request is None:
            return MetricResult(scores=[ParameterScore.not_applicable(
                PARAMETER, "the prompt asks for no change of register (simpler, more formal, for an audience)")])
        if isinstance(request, str):
            return MetricResult(scores=[ParameterScore.not_applicable(PARAMETER, request)])
        if not ctx.prompt.has_source:
            return MetricResult(scores=[ParameterScore.unavailable(
                PARAMETER, "no source passage found in the prompt to measure the shift against")])
        source_ease = reading_ease(ctx.prompt.source_text)
        output_ease = reading_ease(ctx.output.text)
        if source_ease is None or output_ease is None:
            which = "source passage" if source_ease is None else "output"
            return MetricResult(scores=[ParameterScore.unavailable(PARAMETER, f"the {which} has no words to measure")])

        delta = output_ease - source_ease
        signed = request.sign * delta
        score = min(1.0, max(0.0, signed / BAND))
        detail = (f"reading ease {source_ease:.1f} → {output_ease:.1f} ({delta:+.1f}); asked {request.direction} "
                  f"({request.cue!r})")
        findings: list[Finding] = []
        if signed < MIN_SHIFT:
            furthest = _furthest_paragraph(ctx.output, request.sign)
            if furthest is not None:
                paragraph, paragraph_ease = furthest
                data = {
                    "direction": request.direction, "cue": request.cue, "source_reading_ease": round(source_ease, 1),
                    "output_reading_ease": round(output_ease, 1), "delta": round(delta, 1),
                    "paragraph_reading_ease": round(paragraph_ease, 1), "min_shift": MIN_SHIFT,
                }
                if signed <= -MIN_SHIFT:
                    code = "RW002"
                    message = (f"Asked {request.direction}, but the rewrite moved the other way: reading ease "
                               f"{source_ease:.1f} → {output_ease:.1f} ({delta:+.1f}).")
                else:
                    code = "RW001"
                    message = (f"Asked {request.direction}, but reading ease barely changed: {source_ease:.1f} → "
                               f"{output_ease:.1f} ({delta:+.1f}; at least {MIN_SHIFT:.0f} points expected).")
                findings.append(Finding.at(code, paragraph.span, message, text=ctx.output.text, data=data))
        return MetricResult(findings, [ParameterScore(PARAMETER, score, detail=detail)])


METRICS = [RegisterShiftMetric()]
