"""Structure of the output (research log 1.10, general/chat row of Part 3): paragraphing, lists, headings.

Checks (each a finding):
    ST001 a prose paragraph (not a list, table or code) of more than 150 words
    ST002 the instruction asks for a list / bullets / numbered or step-by-step instructions and the output has no
          bulleted or numbered item, "Step N" line or markdown table
    ST003 the instruction asks for headings or sections, or the output has more than 600 words over 5+
          paragraphs, and there is no heading (markdown `#`, a bold-only line, or a short line ending in ":")
    ST004 a markdown heading followed directly by a heading of the same or a higher level, or by the end

    score = max(0, 1 − 0.25 × structure findings)
"""

from __future__ import annotations

import re

from rubriq.core.context import CheckContext
from rubriq.core.findings import Finding
from rubriq.core.metrics import TIER_TEXT, MetricResult, ParameterScore
from rubriq.core.text import Segment, Span

LONG_PARAGRAPH_WORDS = 150
LONG_OUTPUT_WORDS = 600
LONG_OUTPUT_PARAGRAPHS = 5
FINDING_COST = 0.25

LIST_REQUEST_RE = re.compile(
    r"\b(?:(?:as |in |into |a )?(?:bullet(?:ed)?[ -]?(?:points?|list)?|bullets|numbered(?: list| steps)?|"
    r"checklist|step[- ]by[- ]step|list (?:of|the|all|some|every|each|\d+|three|five|ten|a few)|"
    r"(?:give|make|create|write|provide) (?:me )?a list|enumerate|itemi[sz]e))\b",
    re.IGNORECASE,
)
NO_LIST_RE = re.compile(
    r"\b(?:no|without|avoid|don't use|do not use|not as a|not in a)\s+(?:a\s+)?(?:bullet|list|numbered)|"
    r"\bin prose\b|\bas (?:a )?(?:single )?paragraphs?\b|\bno lists?\b",
    re.IGNORECASE,
)
HEADING_REQUEST_RE = re.compile(r"\b(?:headings?|headers?|sub-?headings?|sections?|titled parts)\b", re.IGNORECASE)
NO_HEADING_RE = re.compile(r"\b(?:no|without|avoid)\s+(?:any\s+)?(?:headings?|headers?|sections?)\b", re.IGNORECASE)
STEP_LINE_RE = re.compile(r"^[ \t]*(?:\*\*)?step[ \t]+\d+", re.IGNORECASE | re.MULTILINE)
TABLE_LINE_RE = re.compile(r"^[ \t]*\|.*\|[ \t]*$", re.MULTILINE)
PSEUDO_HEADING_RE = re.compile(r"^[ \t]*(?:\*\*[^*\n]{1,80}\*\*:?|__[^_\n]{1,80}__:?|[^\n.!?]{1,60}:)[ \t]*$",
                               re.MULTILINE)
MD_HEADING_RE = re.compile(r"^[ \t]{0,3}(#{1,6})[ \t]+\S.*$", re.MULTILINE)


def _words(text: str) -> int:
    return len(re.findall(r"\w+", text))


def _is_prose(paragraph: Segment, code: list[Span]) -> bool:
    if any(span.overlaps(paragraph.span) for span in code):
        return False
    lines = paragraph.text.split("\n")
    list_like = sum(bool(re.match(r"[ \t]*(?:[*\-+•]|\d{1,3}[.)]|\|)[ \t]", line)) for line in lines)
    return list_like * 2 < len(lines)


class StructureMetric:
    name = "structure"
    parameters = ("structure",)
    tier = TIER_TEXT
    always_run = False

    def run(self, ctx: CheckContext) -> MetricResult:
        out = ctx.output
        text = out.text
        total_words = out.word_count
        if total_words == 0:
            return MetricResult(scores=[ParameterScore.not_applicable("structure", "the output has no words")])
        view = ctx.prompt.instruction_view
        code = [block.span for block in out.code_blocks]
        findings: list[Finding] = []

        paragraphs = out.paragraphs
        for paragraph in paragraphs:
            words = _words(paragraph.text)
            if words > LONG_PARAGRAPH_WORDS and _is_prose(paragraph, code):
                findings.append(Finding.at(
                    "ST001", paragraph.span,
                    f"This paragraph runs {words} words without a break; split it where the topic turns.",
                    text=text, data={"words": words, "limit": LONG_PARAGRAPH_WORDS}))

        has_list = bool(out.list_items or STEP_LINE_RE.search(text) or TABLE_LINE_RE.search(text))
        asked_list = LIST_REQUEST_RE.search(view)
        if asked_list and not has_list and not NO_LIST_RE.search(view):
            findings.append(Finding.at(
                "ST002", Span(0, len(text.rstrip())),
                f"The prompt asks for “{asked_list.group().strip()}”, but the output has no bulleted or numbered "
                "items.", text=text, evidence=text[:120],
                data={"request": asked_list.group().strip(), "prompt_start": asked_list.start()}))

        md_headings = list(MD_HEADING_RE.finditer(text))
        has_heading = bool(md_headings or PSEUDO_HEADING_RE.search(text))
        asked_headings = HEADING_REQUEST_RE.search(view)
        wants_headings = asked_headings is not None and not NO_HEADING_RE.search(view)
        long_output = total_words > LONG_OUTPUT_WORDS and len(paragraphs) >= LONG_OUTPUT_PARAGRAPHS
        if (wants_headings or long_output) and not has_heading:
            reason = (f"the prompt asks for “{asked_headings.group()}”" if wants_headings and asked_headings
                      else f"{total_words} words over {len(paragraphs)} paragraphs")
            first = paragraphs[0].span if paragraphs else Span(0, len(text))
            findings.append(Finding.at(
                "ST003", first, f"No headings, though {reason}; headings let a reader find each part.",
                text=text, data={"words": total_words, "paragraphs": len(paragraphs), "requested": wants_headings}))

        for i, heading in enumerate(md_headings):
            level = len(heading.group(1))
            following = md_headings[i + 1] if i + 1 < len(md_headings) else None
            between = text[heading.end() : following.start() if following else len(text)]
            if between.strip() == "" and (following is None or len(following.group(1)) <= level):
                findings.append(Finding.at(
                    "ST004", Span(heading.start(), heading.end()),
                    "This heading has nothing under it.", text=text, data={"level": level}))

        score = max(0.0, 1.0 - FINDING_COST * len(findings))
        detail = (f"{len(paragraphs)} paragraphs, {len(out.list_items)} list items, {len(md_headings)} headings; "
                  f"{len(findings)} structure findings")
        findings.sort(key=lambda f: (f.start, f.code))
        return MetricResult(findings, [ParameterScore("structure", score, detail=detail)])


METRICS = [StructureMetric()]
