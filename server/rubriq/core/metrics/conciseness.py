"""Conciseness: MT-Bench's verbosity bias (research log 1.6) inverted into a check on the output's length.

    words     = \\w+ words of the output outside fenced code
    warranted = the first that applies:
                1. a length stated in the prompt (in words if one is, else the first stated): N words (upper
                   bound of a range); N sentences × 20;
                   N paragraphs × 100; N bullets/items × 20; N lines × 12; "one sentence" = 20;
                   a brevity cue alone ("briefly", "concise", "short", "tl;dr") = 100
                2. summarization: max(60, 0.25 × source words) (capped at 100 by a brevity cue);
                   rewriting: max(50, 1.3 × source words)
                3. the task's norm + 4 × the instruction's words (a bigger request warrants more);
                   × 3 when the prompt asks for detail ("detailed", "in depth", "comprehensive")
    ratio     = words / warranted
    score     = 1 if ratio ≤ 1.5; 0 if ratio ≥ 4; linear in between; minus 0.05 per filler phrase; floor 0
A ratio above 1.5 is a finding (CN001) on the part of the output past the warranted length; each filler phrase
is a finding (CN002).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rubriq.core.context import CheckContext
from rubriq.core.findings import Finding
from rubriq.core.metrics import TIER_TEXT, MetricResult, ParameterScore
from rubriq.core.metrics.diversity import compile_phrases, find_phrases
from rubriq.core.metrics.readability import prose_text
from rubriq.core.tasks import TaskType
from rubriq.core.text import Span

RATIO_OK = 1.5
RATIO_ZERO = 4.0
FILLER_COST = 0.05
WORDS_PER_UNIT = {"word": 1, "sentence": 20, "paragraph": 100, "bullet": 20, "item": 20, "point": 20, "line": 12}
TASK_NORMS: dict[TaskType, int] = {
    TaskType.SUMMARIZATION: 150, TaskType.GROUNDED_QA: 150, TaskType.OPEN_QA: 200, TaskType.CODE_GENERATION: 250,
    TaskType.CREATIVE_WRITING: 500, TaskType.EXTRACTION: 120, TaskType.REASONING: 300, TaskType.REWRITING: 200,
    TaskType.GENERAL: 250,
}
BREVITY_WORDS = 100
NUMBER_WORDS = {
    "one": 1, "a single": 1, "single": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "a few": 3, "few": 3, "a couple of": 2, "couple of": 2,
}
STATED_LENGTH_RE = re.compile(
    r"\b(?P<n>\d{1,5}|one|a single|single|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of)"
    r"(?:[ \t]*(?:-|–|to|or)[ \t]*(?P<m>\d{1,5}|two|three|four|five|six|seven|eight|nine|ten))?"
    r"[ \t]+(?:short[ \t]+|brief[ \t]+|concise[ \t]+)?(?P<unit>words?|sentences?|paragraphs?|bullet(?:[ \t]+point)?s?|"
    r"items?|points?|lines?)\b",
    re.IGNORECASE,
)
BREVITY_RE = re.compile(
    r"\b(?:briefly|brief|short|shorter|concise(?:ly)?|succinct(?:ly)?|in a nutshell|tl;?dr|one-liner|quick(?:ly)?|"
    r"keep it (?:short|brief|tight))\b",
    re.IGNORECASE,
)
DETAIL_RE = re.compile(
    r"\b(?:detailed|in[- ]depth|comprehensive|thorough(?:ly)?|elaborate|exhaustive|long-form|essay)\b", re.IGNORECASE)
FILLERS: tuple[str, ...] = (
    "it is important to note that", "it's important to note that", "it is worth noting that",
    "it's worth noting that", "it should be noted that", "it is worth mentioning that", "needless to say",
    "in conclusion", "in summary", "to summarize", "all in all", "at the end of the day",
    "i hope this helps", "hope this helps", "let me know if you have any other questions",
    "let me know if you have any questions", "feel free to ask", "if you have any further questions",
    "as an ai language model", "as an ai", "great question", "that's a great question", "good question",
    "certainly here is", "sure here is", "i'd be happy to help", "i would be happy to help",
    "without further ado", "in today's fast paced world", "when it comes to",
)
_FILLER_TABLE = compile_phrases(FILLERS)


def _count(token: str) -> int:
    token = token.lower()
    return int(token) if token.isdigit() else NUMBER_WORDS.get(token, 1)


@dataclass(frozen=True)
class Warranted:
    words: int
    basis: str  # what decided it, for the message and the detail


def warranted_length(ctx: CheckContext) -> Warranted:
    """The length the task warrants, from the prompt (see the module docstring for the order)."""
    view = ctx.prompt.instruction_view
    brevity = BREVITY_RE.search(view)
    stated = []
    for m in STATED_LENGTH_RE.finditer(view):
        unit = m.group("unit").lower().split()[0].rstrip("s")
        n = _count(m.group("m") or m.group("n"))
        if n > 0:
            stated.append((unit != "word", m.start(), n * WORDS_PER_UNIT[unit], m.group().strip()))
    if stated:  # a length in words says it most directly; otherwise the first length stated
        _, _, words, phrase = min(stated)
        return Warranted(max(1, words), f"stated length “{phrase}”")
    task = ctx.task.task
    source_words = len(re.findall(r"\w+", ctx.prompt.source_text)) if ctx.prompt.has_source else 0
    if task is TaskType.SUMMARIZATION and source_words:
        words = max(60, round(0.25 * source_words))
        if brevity:
            return Warranted(min(words, BREVITY_WORDS), f"a quarter of the source, brief (“{brevity.group()}”)")
        return Warranted(words, f"a quarter of the {source_words}-word source")
    if task is TaskType.REWRITING and source_words:
        return Warranted(max(50, round(1.3 * source_words)), f"1.3 × the {source_words}-word source")
    if brevity:
        return Warranted(BREVITY_WORDS, f"brevity cue “{brevity.group()}”")
    instruction_words = len(re.findall(r"\w+", ctx.prompt.instruction_text))
    words = TASK_NORMS[task] + 4 * instruction_words
    basis = f"{task.value} norm for a {instruction_words}-word request"
    if DETAIL_RE.search(view):
        words *= 3
        basis += ", detail requested"
    return Warranted(words, basis)


class ConcisenessMetric:
    name = "conciseness"
    parameters = ("conciseness",)
    tier = TIER_TEXT
    always_run = False

    def run(self, ctx: CheckContext) -> MetricResult:
        text = ctx.output.text
        prose = prose_text(ctx)
        word_matches = list(re.finditer(r"\w+", prose))
        if not word_matches:
            return MetricResult(scores=[ParameterScore.not_applicable("conciseness", "the output has no prose")])
        words = len(word_matches)
        warranted = warranted_length(ctx)
        ratio = words / warranted.words
        length_score = 1.0 if ratio <= RATIO_OK else max(0.0, 1.0 - (ratio - RATIO_OK) / (RATIO_ZERO - RATIO_OK))
        findings: list[Finding] = []
        if ratio > RATIO_OK:
            findings.append(self._overlong(ctx, text, word_matches, warranted, ratio))
        lowered = [(w.text.lower(), w.span) for w in ctx.output.words]
        fillers = find_phrases(lowered, _FILLER_TABLE)
        for span, phrase in fillers:
            findings.append(Finding.at(
                "CN002", span, f"Filler “{span.slice(text)}” adds length, not content.", text=text,
                data={"phrase": phrase}))
        score = max(0.0, length_score - FILLER_COST * len(fillers))
        detail = (f"{words} words against {warranted.words} warranted ({warranted.basis}), ratio {ratio:.2f}; "
                  f"{len(fillers)} filler phrases")
        findings.sort(key=lambda f: (f.start, f.code))
        return MetricResult(findings, [ParameterScore("conciseness", score, detail=detail)])

    def _overlong(self, ctx: CheckContext, text: str, word_matches: list[re.Match[str]], warranted: Warranted,
                  ratio: float) -> Finding:
        cut = word_matches[min(warranted.words, len(word_matches) - 1)].start()
        start = cut
        for sentence in ctx.output.sentences:  # begin at the first sentence that starts past the warranted length
            if sentence.span.start >= cut:
                start = sentence.span.start
                break
        else:
            start = ctx.output.sentences[-1].span.start if ctx.output.sentences else cut
        end = len(text.rstrip())
        return Finding.at(
            "CN001", Span(min(start, end), end),
            f"The output has {len(word_matches)} words where about {warranted.words} are warranted "
            f"({warranted.basis}): {ratio:.1f}× as long. Everything from here on is past that length.",
            text=text,
            data={"words": len(word_matches), "warranted": warranted.words, "ratio": round(ratio, 3),
                  "basis": warranted.basis},
        )


METRICS = [ConcisenessMetric()]
