"""Reasoning answers: answer presence and directness, derivation structure, internal consistency.

An *answer statement* is a sentence that states a result: strong markers ("the answer is", "final answer:",
"Answer:", `\\boxed{}`, `#### 42`) or, for presence only, a conclusion ("therefore/thus/hence/in total ... is/=")
or a bold value in the last paragraph. A *step* is a sentence (outside code blocks and answer statements) that
carries a calculation, opens with a reasoning connective (first, then, next, since, because, so, therefore...),
is a "Step N" line or a list item.

Formulas (one place):

    directness (reasoning task) = 1 when an answer statement opens the output, closes it (last paragraph or last
                                  third of the text), 0.5 when it is only in the middle (RZ002), 0 when there is
                                  none (RZ001)
    directness (other tasks)    = 1 - 0.5 * (preamble before the answer, RZ003) - 0.5 * (yes/no question whose
                                  verdict is not in the first sentence, RZ003), floored at 0
    derivation_structure        = min(1, steps / 2) * (0.5 if the first answer statement precedes every step
                                  (RZ005) else 1); steps = 0 is RZ004. Not applicable when the prompt asks for the
                                  answer only.
    internal_consistency        = 1 - failed / checked, where the checks are every written-out calculation
                                  ("12 × 4 = 48", recomputed, RZ007) plus, when two or more strong answer
                                  statements exist, their agreement (RZ006); 1 when nothing can be cross-checked.
"""

from __future__ import annotations

import ast
import bisect
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rubriq.core.findings import Finding
from rubriq.core.metrics import TIER_TEXT, MetricResult, ParameterScore
from rubriq.core.tasks import TaskType
from rubriq.core.text import Segment, Span, TextModel

if TYPE_CHECKING:
    from rubriq.core.context import CheckContext

_VALUE = r"[*_ \t]*([^\n]{1,120})"
STRONG_ANSWER_RES = (
    re.compile(r"\\boxed\{([^{}\n]{1,80})\}"),
    re.compile(r"^[ \t]*####[ \t]*(-?\$?\d[^\n]{0,40})$", re.MULTILINE),
    re.compile(r"\bfinal answer[*_]*[ \t]*(?:is|was|:|=)[ \t]*:?" + _VALUE, re.IGNORECASE),
    re.compile(r"\bthe (?:correct |right )?answer (?:is|would be|will be)[ \t]*:?" + _VALUE, re.IGNORECASE),
    re.compile(r"^[ \t>]*(?:[*_#]+[ \t]*)?(?:answer|result|solution)[*_]*[ \t]*[:=]" + _VALUE,
               re.IGNORECASE | re.MULTILINE),
)
WEAK_ANSWER_RES = (
    re.compile(r"\b(?:therefore|thus|hence|in conclusion|in total|altogether|so,? the (?:answer|result|total|"
               r"final))\b[^.\n]{0,100}?(?:\bis\b|\bare\b|=|\bequals\b|\bcomes to\b|\bwill (?:take|need|be|have)\b|"
               r"\bgets?\b|\bhas\b|\bhave\b|\bwas\b|\bwere\b)" + _VALUE, re.IGNORECASE),
)
BOLD_RE = re.compile(r"\*\*([^*\n]{1,60})\*\*")
NUMBER_RE = re.compile(r"-?\$?\d[\d,]*(?:\.\d+)?(?:/\d+)?")
SENTENCE_END_RE = re.compile(r"(?<=[^\d])\.(?:\s|$)|\.\s")  # a full stop, not a decimal point
LOWER_WORD_RE = re.compile(r"[a-z0-9]+")

STEP_RE = re.compile(
    r"\d\s*(?:[-+*/×÷^]|\sx\s)\s*\$?\d|=\s*-?\$?\d|^\W*(?:step\s*\d+|first(?:ly)?|second(?:ly)?|third(?:ly)?|then|next|"
    r"now|since|because|so\b|therefore|thus|hence|after (?:that|this)|finally|given|we (?:know|have|get|can|need)|"
    r"let(?:'s)?\b|this means|which means|subtract|add|multiply|divide)",
    re.IGNORECASE)
ANSWER_ONLY_RE = re.compile(
    r"\b(?:only|just) (?:give |state |return |output |provide |write )?(?:me )?(?:the )?(?:final )?(?:answer|result|"
    r"number)\b|\b(?:answer|result) only\b|\bno (?:explanation|working|reasoning|steps)\b|\bwithout (?:an? )?"
    r"(?:explanation|explaining|showing|working|steps|reasoning)\b|\bdo(?:n'?t| not) (?:explain|show)\b",
    re.IGNORECASE)

PREAMBLE_RE = re.compile(
    r"^\W*(?:(?:what (?:a|an) )?(?:great|good|excellent|interesting|fantastic|wonderful|fascinating) question|"
    r"(?:sure|certainly|of course|absolutely|okay|ok|alright)\b(?![ ,]+(?:not|it|they|you|this|that)\b)|"
    r"(?:i'?d|i would|i'?m|i am|i'?ll) (?:be )?(?:happy|glad|delighted) to|happy to help|glad you asked|as an ai\b|"
    r"(?:that'?s|this is|it'?s) (?:a|an) (?:great|good|interesting|excellent|important|common|fascinating) question|"
    r"thank(?:s| you) for (?:asking|your question|the question)|let me (?:explain|help|break)|"
    r"there (?:are|is) (?:many|several|a number of|a few|multiple) (?:factors|ways|things|reasons|aspects)|"
    r"(?:this|that|it) (?:is|'s) a (?:complex|nuanced|tricky|complicated) (?:question|topic|issue))",
    re.IGNORECASE)
YES_NO_QUESTION_RE = re.compile(
    r"(?:^|(?<=[.!?])[ \t]|\n)[ \t]*(?:is|are|does|do|did|can|could|should|would|will|was|were|has|have|had|"
    r"isn'?t|aren'?t|doesn'?t|don'?t|won'?t|shall|may|must)\b[^?\n]{2,200}\?", re.IGNORECASE)
VERDICT_RE = re.compile(
    r"^\W*(?:yes|no|nope|yep|yeah|correct|incorrect|true|false|absolutely|definitely|not\b|generally|usually|"
    r"mostly|rarely|never|always|it depends|in short|short answer|technically|partly|partially|only if)\b"
    r"|\b(?:the short answer is|in short,)", re.IGNORECASE)
LATE_VERDICT_RE = re.compile(r"^\W*(?:yes|no)\b", re.IGNORECASE)

ARITH_RE = re.compile(
    r"(\$?\d[\d,]*(?:\.\d+)?(?:[ \t]*(?:[-+*/×÷]|(?<=\s)x(?=\s))[ \t]*\$?\d[\d,]*(?:\.\d+)?){1,12})"
    r"[ \t]*=[ \t]*(-?\$?\d[\d,]*(?:\.\d+)?)")
OPERATOR_OR_BRACKET = set("+-*/×÷^()%[]{}")
BURIED_TAIL = 1 / 3
PREAMBLE_MAX_WORDS = 12


@dataclass(frozen=True)
class AnswerStatement:
    span: Span  # the sentence (or line) that states it
    strong: bool
    value: str  # normalised value for comparison
    raw: str


def _normalise_value(raw: str) -> str:
    """Numbers compare by value (no separators, units, trailing zeros); words by their first few words."""
    text = SENTENCE_END_RE.split(raw.strip(), maxsplit=1)[0]
    number = NUMBER_RE.search(text)
    if number:
        token = number.group().replace("$", "").replace(",", "")
        try:
            if "/" in token:
                numerator, denominator = token.split("/")
                value = float(numerator) / float(denominator)
            else:
                value = float(token)
        except (ValueError, ZeroDivisionError):
            return token
        return f"{value:.6g}"
    words = LOWER_WORD_RE.findall(text.lower())
    words = [w for w in words if w not in ("a", "an", "the", "option", "choice")]
    return " ".join(words[:6])


def _blank_code(output: TextModel) -> str:
    chars = list(output.text)
    for block in output.code_blocks:
        for i in range(block.span.start, block.span.end):
            if chars[i] != "\n":
                chars[i] = " "
    return "".join(chars)


def _containing(segments: list[Segment], starts: list[int], offset: int) -> Segment | None:
    index = bisect.bisect_right(starts, offset) - 1
    if index >= 0 and segments[index].span.start <= offset < max(segments[index].span.end, offset + 1):
        return segments[index]
    return None


def answer_statements(output: TextModel) -> list[AnswerStatement]:
    """Every answer statement, one per sentence (strong wins), in text order."""
    text = _blank_code(output)
    sentences = output.sentences
    starts = [s.span.start for s in sentences]
    line_starts = [line.span.start for line in output.lines]
    found: dict[Span, AnswerStatement] = {}

    def add(offset: int, raw: str, strong: bool) -> None:
        sentence = _containing(sentences, starts, offset)
        if sentence is None:
            line = _containing(output.lines, line_starts, offset)
            span = line.span if line is not None else Span(offset, offset + len(raw))
        else:
            span = sentence.span
        if span in found and (found[span].strong or not strong):
            return
        found[span] = AnswerStatement(span, strong, _normalise_value(raw), raw.strip())

    for pattern in STRONG_ANSWER_RES:
        for match in pattern.finditer(text):
            if match.group(1).strip(" *_"):
                add(match.start(), match.group(1), True)
    for pattern in WEAK_ANSWER_RES:
        for match in pattern.finditer(text):
            add(match.start(), match.group(1), False)
    if output.paragraphs:
        last = output.paragraphs[-1]
        for match in BOLD_RE.finditer(text, last.span.start, last.span.end):
            add(match.start(), match.group(1), False)
    return sorted(found.values(), key=lambda a: a.span.start)


def step_sentences(output: TextModel, answers: list[AnswerStatement]) -> list[Segment]:
    """Sentences that do reasoning work (see module docstring), outside code and answer statements."""
    text = _blank_code(output)
    answer_spans = sorted(a.span for a in answers)
    items = [item.span for item in output.list_items]
    steps = []
    for sentence in output.sentences:
        body = text[sentence.span.start : sentence.span.end]
        if not body.strip() or _overlaps_sorted(answer_spans, sentence.span):
            continue
        if STEP_RE.search(body) or _overlaps_sorted(items, sentence.span):
            steps.append(sentence)
    return steps


def _overlaps_sorted(spans: list[Span], span: Span) -> bool:
    """Whether `span` overlaps one of `spans` (sorted by start, not overlapping each other)."""
    index = bisect.bisect_left(spans, Span(span.end, span.end))
    return index > 0 and spans[index - 1].overlaps(span)


def answer_only_requested(ctx: CheckContext) -> re.Match[str] | None:
    return ANSWER_ONLY_RE.search(ctx.prompt.instruction_view)


def reasoning_analysis(ctx: CheckContext) -> tuple[list[AnswerStatement], list[Segment]]:
    def compute() -> tuple[list[AnswerStatement], list[Segment]]:
        answers = answer_statements(ctx.output)
        return answers, step_sentences(ctx.output, answers)

    return ctx.memo("reasoning.analysis", compute)


def _last_paragraph_span(output: TextModel) -> Span:
    if output.paragraphs:
        return output.paragraphs[-1].span
    return Span(0, len(output.text))


class DirectnessMetric:
    name = "answer_directness"
    parameters = ("directness",)
    tier = TIER_TEXT
    always_run = False

    def run(self, ctx: CheckContext) -> MetricResult:
        if not ctx.output.text.strip():
            return MetricResult(scores=[ParameterScore("directness", 0.0, detail="the output is empty")])
        if ctx.task.task == TaskType.REASONING:
            return self._reasoning(ctx)
        return self._direct_question(ctx)

    def _reasoning(self, ctx: CheckContext) -> MetricResult:
        answers, _ = reasoning_analysis(ctx)
        text = ctx.output.text
        if not answers:
            finding = Finding.at("RZ001", _last_paragraph_span(ctx.output), "No final answer is stated: no "
                                 "\"the answer is\", \"Answer:\", \"therefore ... =\" or boxed result was found.",
                                 text=text)
            return MetricResult([finding], [ParameterScore("directness", 0.0, detail="no answer statement found")])
        paragraphs = ctx.output.paragraphs
        first_paragraph = paragraphs[0].span if paragraphs else Span(0, len(text))
        last_paragraph = _last_paragraph_span(ctx.output)
        tail_start = len(text.rstrip()) * (1 - BURIED_TAIL)
        opens = any(first_paragraph.contains(a.span) or a.span.start < first_paragraph.end for a in answers[:1])
        closes = any(a.span.overlaps(last_paragraph) or a.span.end >= tail_start for a in answers)
        if opens or closes:
            where = "closes" if closes else "opens"
            return MetricResult(scores=[ParameterScore(
                "directness", 1.0, detail=f"the answer statement {where} the output ({answers[-1].raw[:40]!r})")])
        last = answers[-1]
        share = (len(text.rstrip()) - last.span.end) / max(1, len(text.rstrip()))
        finding = Finding.at(
            "RZ002", last.span, f"The answer is buried: {share:.0%} of the output follows it and it is not restated "
            "at the end.", text=text, data={"answer": last.raw, "share_after": round(share, 3)})
        return MetricResult([finding], [ParameterScore(
            "directness", 0.5, detail=f"answer statement in the middle, {share:.0%} of the text after it")])

    def _direct_question(self, ctx: CheckContext) -> MetricResult:
        sentences = [s for s in ctx.output.sentences if s.text.strip()]
        if not sentences:
            return MetricResult(scores=[ParameterScore("directness", 0.0, detail="the output has no sentences")])
        findings: list[Finding] = []
        text = ctx.output.text
        preamble = []
        for sentence in sentences[:3]:
            # A long sentence that opens with "Certainly," usually carries the answer itself.
            if not PREAMBLE_RE.search(sentence.text) or len(sentence.text.split()) > PREAMBLE_MAX_WORDS:
                break
            preamble.append(sentence)
        if preamble and len(preamble) < len(sentences):
            span = Span(preamble[0].span.start, preamble[-1].span.end)
            findings.append(Finding.at(
                "RZ003", span, f"The answer is preceded by {len(preamble)} sentence(s) of preamble.", text=text,
                data={"kind": "preamble", "sentences": len(preamble)}))
        body = sentences[len(preamble):] if len(preamble) < len(sentences) else sentences
        yes_no = YES_NO_QUESTION_RE.search(ctx.prompt.instruction_view)
        late_verdict = None
        if yes_no and body and not VERDICT_RE.search(body[0].text):
            late_verdict = next((i for i, s in enumerate(body[1:], start=2) if LATE_VERDICT_RE.search(s.text)), None)
            if late_verdict is not None:
                verdict = body[late_verdict - 1]
                findings.append(Finding.at(
                    "RZ003", verdict.span, f"The question is a yes/no question, but the verdict only comes in "
                    f"sentence {late_verdict} of the answer.", text=text,
                    data={"kind": "late_verdict", "sentence": late_verdict, "question": yes_no.group().strip()}))
        score = max(0.0, 1.0 - 0.5 * len(findings))
        parts = []
        if preamble and len(preamble) < len(sentences):
            parts.append(f"{len(preamble)} preamble sentence(s)")
        if late_verdict is not None:
            parts.append(f"yes/no verdict in sentence {late_verdict}")
        detail = "; ".join(parts) if parts else "the output opens with its answer"
        return MetricResult(findings, [ParameterScore("directness", score, detail=detail)])


class DerivationMetric:
    name = "derivation"
    parameters = ("derivation_structure", "internal_consistency")
    tier = TIER_TEXT
    always_run = False

    def run(self, ctx: CheckContext) -> MetricResult:
        answers, steps = reasoning_analysis(ctx)
        findings: list[Finding] = []
        scores = [self._structure(ctx, answers, steps, findings), self._consistency(ctx, answers, findings)]
        return MetricResult(findings, scores)

    def _structure(self, ctx: CheckContext, answers: list[AnswerStatement], steps: list[Segment],
                   findings: list[Finding]) -> ParameterScore:
        only = answer_only_requested(ctx)
        if only is not None:
            return ParameterScore.not_applicable("derivation_structure",
                                                 f"the prompt asks for the answer only ({only.group()!r})")
        text = ctx.output.text
        if not text.strip():
            return ParameterScore("derivation_structure", 0.0, detail="the output is empty")
        anchor = answers[-1].span if answers else _last_paragraph_span(ctx.output)
        if not steps:
            findings.append(Finding.at(
                "RZ004", anchor, "The answer comes without visible working: no calculation, numbered step or "
                "reasoning sentence precedes it.", text=text, data={"steps": 0}))
            return ParameterScore("derivation_structure", 0.0, detail="0 reasoning steps")
        answer_first = bool(answers) and answers[0].span.end <= steps[0].span.start
        score = min(1.0, len(steps) / 2) * (0.5 if answer_first else 1.0)
        detail = f"{len(steps)} reasoning step(s)"
        if answer_first:
            first = answers[0]
            findings.append(Finding.at(
                "RZ005", first.span, "The answer is stated before the reasoning that should lead to it.",
                text=text, data={"answer": first.raw, "steps_after": len(steps)}))
            detail += ", all after the first answer statement"
        elif answers:
            detail += " before the answer"
        return ParameterScore("derivation_structure", score, detail=detail)

    def _consistency(self, ctx: CheckContext, answers: list[AnswerStatement],
                     findings: list[Finding]) -> ParameterScore:
        text = ctx.output.text
        checked = failed = 0
        for span, expression, stated, computed in arithmetic_claims(ctx.output):
            if computed is None:
                continue
            checked += 1
            if not _holds(stated, computed):
                failed += 1
                findings.append(Finding.at(
                    "RZ007", span, f"{expression} is {_format(computed)}, not {stated}.", text=text,
                    data={"expression": expression, "stated": stated, "computed": _format(computed)}))
        strong = [a for a in answers if a.strong and a.value]
        if len(strong) >= 2:
            checked += 1
            first = strong[0]
            seen = {first.value}
            conflict = False
            for statement in strong[1:]:
                if statement.value in seen:
                    continue
                seen.add(statement.value)  # a value new to the output: it differs from the first answer
                conflict = True
                findings.append(Finding.at(
                    "RZ006", statement.span, f"This answer ({statement.raw[:40]!r}) differs from an earlier one "
                    f"({first.raw[:40]!r}).", text=text,
                    data={"value": statement.value, "earlier_value": first.value,
                          "earlier_start": first.span.start, "earlier_end": first.span.end}))
            failed += conflict
        if checked == 0:
            return ParameterScore("internal_consistency", 1.0,
                                  detail="nothing to cross-check: no written-out calculation, at most one answer")
        return ParameterScore("internal_consistency", 1.0 - failed / checked,
                              detail=f"{failed} of {checked} consistency check(s) fail")


def _format(value: float) -> str:
    return f"{value:.10g}"


def _holds(stated: str, computed: float) -> bool:
    """Equal within half a unit of the stated result's last decimal place."""
    claimed = float(stated.replace("$", "").replace(",", ""))
    decimals = len(stated.split(".")[1]) if "." in stated else 0
    return abs(claimed - computed) <= 0.5 * 10 ** (-decimals) + 1e-9


def arithmetic_claims(output: TextModel) -> list[tuple[Span, str, str, float | None]]:
    """(span, expression, stated result, computed result or None) for each written-out calculation outside code."""
    text = _blank_code(output)
    claims = []
    matches = (match for line in output.lines if "=" in line.text
               for match in ARITH_RE.finditer(text, line.span.start, line.span.end))  # most lines have no "="
    for match in matches:
        touching = text[match.start() - 1 : match.start()]  # part of a longer token: "v2", "1.5.3", "x1"
        before = text[max(0, match.start() - 3) : match.start()].rstrip()[-1:]
        after = text[match.end() : match.end() + 2].lstrip()[:1]
        if (touching and (touching.isalnum() or touching in ".,_")) or (before and before in OPERATOR_OR_BRACKET):
            continue
        if after and (after in OPERATOR_OR_BRACKET or after.isdigit()):
            continue
        expression = match.group(1).strip()
        stated = match.group(2).replace("$", "")
        claims.append((Span(match.start(), match.end()), expression, stated, evaluate(expression)))
    return claims


_ALLOWED_OPS = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b,
                ast.Div: lambda a, b: a / b}


def evaluate(expression: str) -> float | None:
    """Arithmetic on numbers and + - × * / ÷ only, read by `ast` and computed here: never `eval`."""
    source = expression.replace("$", "").replace(",", "").replace("×", "*").replace("÷", "/")
    source = re.sub(r"(?<=\s)x(?=\s)", "*", source)
    if len(source) > 200:
        return None
    try:
        tree = ast.parse(source, mode="eval")
    except SyntaxError:
        return None

    def walk(node: ast.AST) -> float:
        if isinstance(node, ast.Constant) and isinstance(node.value, int | float):
            return float(node.value)
        if isinstance(node, ast.BinOp) and type(node.op) in _ALLOWED_OPS:
            return _ALLOWED_OPS[type(node.op)](walk(node.left), walk(node.right))
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return -walk(node.operand)
        raise ValueError("not plain arithmetic")

    try:
        return walk(tree.body)
    except (ValueError, ZeroDivisionError, OverflowError, RecursionError):
        return None


METRICS = [DirectnessMetric(), DerivationMetric()]
