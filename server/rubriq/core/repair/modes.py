"""The failure modes of the improvement-prompt library (research log, Part 4) and the subtypes of a missed constraint.

Every finding maps to at most one failure mode through its rule (`rules.define(..., failure_mode=...)`); a
missed constraint is further split by what kind of constraint was missed, because a word limit and a forbidden
word need different repairs.
"""

from __future__ import annotations

from typing import Any

from rubriq.core.findings import Finding
from rubriq.core.rules import find_rule

FAILURE_MODES: tuple[str, ...] = (
    "unfaithful_content",
    "hallucination_risk",
    "missed_constraint",
    "incomplete_coverage",
    "off_topic_drift",
    "poor_structure",
    "wrong_register",
    "verbosity",
    "weak_reasoning",
    "format_violation",
    "low_diversity",
    "invalid_code",
    "invented_fields",
)

CONSTRAINT_SUBTYPES: tuple[str, ...] = (
    "length",  # word / sentence / character counts
    "format",  # JSON, title in <<>>, highlighted sections, fixed answer options
    "keyword",  # words to include, forbidden words, letter or word frequency
    "casing",  # all lowercase, all capitals, capitalised-word frequency
    "structure",  # number of bullets, sections, paragraphs
    "language",  # respond in a given language
    "start_end",  # start or end with a phrase, wrap in quotes
    "punctuation",  # no commas and the like
    "content",  # postscript, placeholders, required phrases, anything else the prompt demands
    "audience",  # a reading level the prompt sets
)

# Failure modes whose repair is about the shape of the output: these get a few-shot example (Gemini leads with
# it, research log 2.3) and, where the start of the answer is predictable, a prefill line (Claude, 2.1).
FORMAT_MODES = frozenset({"format_violation", "poor_structure", "invented_fields"})
FORMAT_SUBTYPES = frozenset({"format", "casing", "structure", "start_end", "punctuation"})

# Faithfulness and completeness failures: on a long source these move key material to the edges (2.7).
EDGE_MODES = frozenset({"unfaithful_content", "incomplete_coverage"})

# Ordered: the first cue found in a constraint's kind/subtype/id names its subtype (IFEval ids such as
# "length_constraints:number_paragraphs" or "detectable_format:number_bullet_lists" are read as written).
_SUBTYPE_CUES: tuple[tuple[str, str], ...] = (
    ("language", "language"),
    ("highlight", "format"),
    ("reading_level", "audience"),
    ("audience", "audience"),
    ("haiku", "structure"),
    ("two_responses", "structure"),
    ("no_lists", "structure"),
    ("numbered", "structure"),
    ("markdown_table", "format"),
    ("yaml", "format"),
    ("csv", "format"),
    ("repeat_prompt", "start_end"),
    ("required_phrase", "content"),
    ("paragraph", "structure"),
    ("bullet", "structure"),
    ("section", "structure"),
    ("list", "structure"),
    ("heading", "structure"),
    ("structure", "structure"),
    ("case", "casing"),
    ("capital", "casing"),
    ("lowercase", "casing"),
    ("uppercase", "casing"),
    ("comma", "punctuation"),
    ("punctuation", "punctuation"),
    ("quotation", "start_end"),
    ("startend", "start_end"),
    ("start_end", "start_end"),
    ("end_checker", "start_end"),
    ("first_word", "start_end"),
    ("start", "start_end"),
    ("end", "start_end"),
    ("forbidden", "keyword"),
    ("keyword", "keyword"),
    ("frequency", "keyword"),
    ("existence", "keyword"),
    ("word", "length"),
    ("sentence", "length"),
    ("length", "length"),
    ("char", "length"),
    ("json", "format"),
    ("title", "format"),
    ("highlight", "format"),
    ("format", "format"),
    ("constrained", "format"),
    ("postscript", "content"),
    ("placeholder", "content"),
)


def failure_mode_for(finding: Finding) -> str | None:
    """The failure mode of a finding's rule, or None when the rule names none (or an unknown one)."""
    rule = find_rule(finding.code)
    if rule is None or rule.failure_mode not in FAILURE_MODES:
        return None
    return rule.failure_mode


def constraint_subtype(finding: Finding) -> str:
    """The subtype of a missed constraint, read from the finding's data, then its rule's name; else "content"."""
    data: dict[str, Any] = finding.data or {}
    declared = data.get("subtype")
    if isinstance(declared, str) and declared in CONSTRAINT_SUBTYPES:
        return declared
    rule = find_rule(finding.code)
    clues = [data.get(key) for key in ("subtype", "kind", "instruction_id", "id", "type")]
    clues.append(rule.name if rule else None)
    for clue in clues:
        if not isinstance(clue, str) or not clue:
            continue
        lowered = clue.lower().replace("-", "_")
        if lowered in CONSTRAINT_SUBTYPES:
            return lowered
        # The specific id after the colon ("number_bullet_lists") decides before its family ("detectable_format").
        for part in (lowered.rsplit(":", 1)[-1], lowered):
            for cue, subtype in _SUBTYPE_CUES:
                if cue in part:
                    return subtype
    return "content"


def is_format_repair(failure_mode: str, subtype: str | None) -> bool:
    return failure_mode in FORMAT_MODES or (failure_mode == "missed_constraint" and subtype in FORMAT_SUBTYPES)
