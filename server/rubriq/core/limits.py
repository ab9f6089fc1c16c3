"""Bounded work for any input: how much of an output is checked, and how many findings of one rule are listed.

The size policy (docs/reliability.md):

- The text metrics (tier 0) check the first `MAX_TEXT_CHARS` characters of an output, the model metrics (tiers 1
  and 2: embeddings and NLI, whose cost is per sentence) the first `MAX_MODEL_CHARS`, and so do tier 0's value
  checks against the source (the FA002 part of faithfulness, run without models). A longer output is cut at the
  last paragraph break before the limit (else a line break, a sentence end, a space), never inside a word, and one
  `RQ001` finding at the cut says what was checked. Spans of every other finding lie in the checked part. When the
  model cut applies, the text metrics with an embedding part (coherence's similarity, instruction following's
  topics) run without it, as in a text-only pass: their detail says so.
- Each rule lists at most `MAX_FINDINGS_PER_RULE` findings per file (prompt or output), the first ones in text
  order; one `RQ002` finding on the first finding left out says how many more there are. Scores and the profile's
  finding counts are computed from every finding, listed or not.

The figures: `MAX_TEXT_CHARS` matches the language server's live limit (`lsp/documents.py`, 1 million characters).
`MAX_MODEL_CHARS` keeps a check with both models within the 60-second budget for a 5 MB output on the 2-core
development machine: NLI dominates (top-k source chunks per output sentence), and 30,000 characters of news prose
(277 sentences) took 22.6 s of model time on one torch thread at a load average of 6 (`bench/large_output.py`,
docs/reliability.md), next to about 12 s for the text metrics on the first 1 MB and 6 s to load both models.
"""

from __future__ import annotations

import re

from rubriq.core.findings import Finding
from rubriq.core.text import Span

MAX_TEXT_CHARS = 1_000_000
MAX_MODEL_CHARS = 30_000
MAX_FINDINGS_PER_RULE = 200
# A cut falls no earlier than this share of the limit, so one enormous paragraph is still cut near the limit.
EARLIEST_CUT_SHARE = 0.5
_CUT_POINTS = (re.compile(r"\n[ \t]*\n"), re.compile(r"\n"), re.compile(r"[.!?]\s"), re.compile(r"\s"))


def cut_point(text: str, limit: int) -> int:
    """Where to stop checking `text`: `len(text)` when it fits, else the best boundary at or before `limit`."""
    if len(text) <= limit:
        return len(text)
    earliest = int(limit * EARLIEST_CUT_SHARE)
    window = text[earliest:limit]
    for boundary in _CUT_POINTS:
        last = None
        for last in boundary.finditer(window):  # noqa: B007 - the last match is the one wanted
            pass
        if last is not None:
            return earliest + last.end()
    return limit


def partly_checked(text: str, text_cut: int, model_cut: int | None, value_cut: int | None = None) -> Finding:
    """The one finding that says how much of an oversized output was checked (`model_cut`: None when the model
    tiers did not run; `value_cut`: where tier 0's value checks stopped, None when they did not run or were not
    cut). It sits at the end of the checked part (zero width) and quotes what follows."""
    if text_cut < len(text):
        line = text.count("\n", 0, text_cut) + 1
        parts = [f"the text metrics checked the first {text_cut:,} (to line {line:,})"]
    else:
        parts = ["the text metrics checked all of it"]
    if model_cut is not None and model_cut < len(text):
        parts.append(f"the model metrics the first {model_cut:,} (text metrics skipped their embedding parts)")
    if value_cut is not None and value_cut < len(text):
        parts.append(f"the value checks against the source the first {value_cut:,}")
    at = min(c for c in (text_cut, model_cut, value_cut) if c is not None)
    message = (f"Output is {len(text):,} characters, over the checking limit: {' and '.join(parts)}. "
               "Nothing after that is checked, and whole-output measures (length, ending, coverage) describe the "
               "checked part only.")
    return Finding.at("RQ001", Span(at, at), message, text=text, evidence=text[at : at + 120], data={
        "length": len(text), "text_chars_checked": text_cut, "model_chars_checked": model_cut,
        "value_chars_checked": value_cut,
    })


def cap_findings(findings: list[Finding], texts: dict[str, str]) -> list[Finding]:
    """At most `MAX_FINDINGS_PER_RULE` findings per (file, rule), in the given (text) order, plus one `RQ002` per
    rule that had more. `texts` maps "output"/"prompt" to the text the spans point into."""
    kept: list[Finding] = []
    seen: dict[tuple[str, str], int] = {}
    first_left_out: dict[tuple[str, str], Finding] = {}
    for finding in findings:
        key = (finding.where, finding.code)
        seen[key] = seen.get(key, 0) + 1
        if seen[key] <= MAX_FINDINGS_PER_RULE:
            kept.append(finding)
        elif key not in first_left_out:
            first_left_out[key] = finding
    for (where, code), first in first_left_out.items():
        more = seen[(where, code)] - MAX_FINDINGS_PER_RULE
        kept.append(Finding.at(
            "RQ002", first.span,
            f"{more:,} more {code} findings in this file are not listed (the first {MAX_FINDINGS_PER_RULE:,} are); "
            "scores count all of them.",
            text=texts.get(where, ""), where=where, data={"code": code, "not_listed": more,
                                                         "listed": MAX_FINDINGS_PER_RULE},
        ))
    return kept
