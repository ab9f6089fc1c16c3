"""Audience and form: a reading level ("at a 5th grade reading level") and a haiku's three-line stanza.
"""

from __future__ import annotations

import re

from rubriq.core.constraints.families.grammar import (
    Extraction,
)
from rubriq.core.text import Span

READING_LEVEL_RE = re.compile(
    r"\b(?:(?P<g>\d{1,2})(?:st|nd|rd|th)?[\s-]grade(?:r?s?)?\s+(?:reading\s+)?level|"
    r"(?:reading\s+|grade\s+)?(?:level|grade)\s+(?:of\s+)?(?:grade\s+)?(?P<h>\d{1,2})\b(?:\s+or\s+(?:below|lower|less))?)",
    re.IGNORECASE)
# A haiku asked for, not talked about ("explain what a haiku is"): a verb that makes one, or "as a haiku".
WRITTEN_RE = re.compile(r"\b(?:write|compose|create|give|craft|make|produce|pen|draft|generate|turn|rewrite|as|in|into|"
                        r"with|need|want|like)\b(?:\s+\w+){0,3}\s*$", re.IGNORECASE)
HAIKU_RE = re.compile(r"\b(?:a|one|the|\d{1,2}|two|three|four|five|six|some)\s+(?:[a-z]{2,15}\s+){0,2}?haikus?\b",
                      re.IGNORECASE)


def extract_style(ex: Extraction) -> None:
    m = READING_LEVEL_RE.search(ex.view)
    # "grade 5", "reading level 6"; not a "level 3 car park" or "Level 2 support"
    if m and (re.search(r"\bread", m.group(0), re.IGNORECASE) or
              (re.search(r"grade", m.group(0), re.IGNORECASE) and re.search(r"level", m.group(0), re.IGNORECASE))):
        grade = int(m.group("g") or m.group("h"))
        if 1 <= grade <= 16:
            ex.add("rubriq:reading_level", "audience", {"grade": grade}, Span(m.start(), m.end()),
                   f"reading level of grade {grade} (Flesch-Kincaid)", 0.8)
    m = next((h for h in HAIKU_RE.finditer(ex.view) if WRITTEN_RE.search(ex.view, max(0, h.start() - 40), h.start())),
             None)
    if m and not ex.has("combination:two_responses") and not ex.has("combination:repeat_prompt"):
        ex.add("rubriq:haiku", "structure", {}, Span(m.start(), m.end()), "a haiku: a stanza of three lines", 0.6)
