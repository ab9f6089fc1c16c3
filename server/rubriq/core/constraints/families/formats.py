"""Whole-response formats: JSON, YAML, CSV, a markdown table, headings, a <<title>>, two responses separated
by ******, the fixed answers "My answer is yes./no./maybe.".
"""

from __future__ import annotations

import re

from rubriq.core.constraints.families.grammar import (
    Extraction,
    negated_before,
)
from rubriq.core.text import Span

JSON_RE = re.compile(
    r"\b(?:in|as|into|using|with|to|is)\s+(?:a\s+|an\s+|the\s+|valid\s+|proper\s+|structured\s+)?JSON\b(?!\s+schema)|"
    r"\bJSON\s+(?:format|object|output|only)\b|\bvalid\s+JSON\b", re.IGNORECASE)
YAML_RE = re.compile(r"\b(?:in|as|into|using)\s+(?:a\s+|valid\s+)?YAML\b|\bYAML\s+(?:format|only|document)\b",
                     re.IGNORECASE)
CSV_RE = re.compile(r"\b(?:in|as|into|using)\s+(?:a\s+)?CSV\b|\bCSV\s+(?:format|only)\b", re.IGNORECASE)
TABLE_RE = re.compile(
    r"\b(?:in|as|into|using)\s+(?:a\s+)?(?:markdown\s+)?table\b|\bmarkdown\s+table\b|\btable\s+format\b|"
    r"\ba\s+table\s+(?:of|comparing|with\s+columns|that\s+(?:compares|lists|shows))\b", re.IGNORECASE)
HEADINGS_RE = re.compile(
    r"\b(?:use|using|with|include|add|under)\s+(?:markdown\s+|clear\s+|section\s+)?(?:headings|headers)\b",
    re.IGNORECASE)
TITLE_RE = re.compile(r"double\s+angul?ar\s+brackets|<<[^<>\n]{1,80}>>", re.IGNORECASE)
TWO_RESPONSES_RE = re.compile(r"\*{6}|\b(?:6|six)\s+asterisks?\b", re.IGNORECASE)
CONSTRAINED_RE = re.compile(r"my\s+answer\s+is\s+(?:yes|no|maybe)", re.IGNORECASE)


def extract_formats(ex: Extraction) -> None:
    view = ex.view
    for regex, kind, subtype, wording, conf in (
        (JSON_RE, "detectable_format:json_format", "format", "the whole response in JSON", 0.9),
        (YAML_RE, "rubriq:yaml_format", "format", "the whole response in YAML", 0.85),
        (CSV_RE, "rubriq:csv_format", "format", "the whole response as CSV", 0.8),
        (TABLE_RE, "rubriq:markdown_table", "format", "a markdown table", 0.75),
        (HEADINGS_RE, "rubriq:headings", "structure", "markdown headings", 0.75),
    ):
        m = regex.search(view)
        if m and not negated_before(view, m.start(), 25):
            ex.add(kind, subtype, {}, Span(m.start(), m.end()), wording, conf)
    m = TITLE_RE.search(view)
    if m:
        ex.add("detectable_format:title", "format", {}, Span(m.start(), m.end()),
               "a title wrapped in double angular brackets <<title>>")
    m = TWO_RESPONSES_RE.search(view)
    if m:
        ex.add("combination:two_responses", "structure", {}, Span(m.start(), m.end()),
               "two different responses separated by ******")
    m = CONSTRAINED_RE.search(view)
    if m:
        ex.add("detectable_format:constrained_response", "format", {}, Span(m.start(), m.end()),
               "answer with 'My answer is yes.', 'My answer is no.' or 'My answer is maybe.'")
