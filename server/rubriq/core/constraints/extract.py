"""Extraction: the verifiable constraints a person stated in a prompt, each with the span that stated it.

Extraction reads `PromptDocument.instruction_view` (front matter and pasted sources blanked, offsets unchanged),
so quoted source text never yields a constraint and every span is a span of the prompt. It is pattern-based and
conservative: each family module in `families/` recognises the ways people phrase its kinds of constraint ("at
most 300 words", "under 300 words", "300 words or less", "no more than three bullet points"), with its phrasing
table at the top, and emits nothing when unsure. `families/grammar.py` holds what they share: relations and
bounds, negation, the prompt's instruction clauses, frequencies and keyword lists.

This module runs the families in order (some read what an earlier one found: casing before language, repeating
the request before the haiku form), then removes duplicates and keywords that only name a required ending.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rubriq.core.constraints.families import (
    casing,
    code,
    formats,
    keywords,
    language,
    length,
    lines,
    lists,
    multilingual,
    paragraphs,
    placeholders,
    punctuation,
    sections,
    startend,
    style,
)
from rubriq.core.constraints.families.grammar import Extraction
from rubriq.core.constraints.types import AT_LEAST, EXACTLY, LESS_THAN, Constraint
from rubriq.core.prompt import PromptDocument, parse_prompt

EXTRACTORS: tuple[Callable[[Extraction], None], ...] = (
    startend.extract_repeat, length.extract_words, length.extract_sentences, length.extract_characters,
    paragraphs.extract_paragraphs, lists.extract_bullets, sections.extract_highlights, sections.extract_sections,
    placeholders.extract_placeholders, formats.extract_formats, startend.extract_quotation,
    punctuation.extract_no_comma, casing.extract_casing, keywords.extract_keywords, language.extract_language,
    startend.extract_end, startend.extract_postscript, style.extract_style, code.extract_code,
    formats.extract_keys_and_columns, formats.extract_markup, lines.extract_lines, sections.extract_section_labels,
    startend.extract_openings_and_closings, keywords.extract_topics, multilingual.extract_multilingual,
)


# When a narrower reading of a piece of the prompt was found, a wider reading of the same words is dropped:
# (the narrower kinds, the wider kinds they replace where their spans overlap, why).
NARROWER_READINGS: tuple[tuple[frozenset[str], frozenset[str], str], ...] = (
    (frozenset({"startend:end_checker", "length_constraints:nth_paragraph_first_word"}),
     frozenset({"keywords:existence", "rubriq:required_phrase"}), "'end with the phrase X' places X, once"),
    (frozenset({"rubriq:section_labels"}), frozenset({"rubriq:headings", "detectable_format:multiple_sections"}),
     "'under the headings A, B and C' names the headings"),
    (frozenset({"rubriq:bold_answer"}), frozenset({"detectable_format:number_highlighted_sections"}),
     "'put the final number in bold' is one bold answer"),
    (frozenset({"rubriq:explanation_length", "rubriq:item_length"}),
     frozenset({"length_constraints:number_words", "length_constraints:number_sentences"}),
     "'keep the explanation under 50 words' limits a part of the response"),
    (frozenset({"change_case:capital_word_frequency"}),
     frozenset({"length_constraints:number_words", "keywords:frequency"}),
     "'at most 4 words in capitals' counts capital words"),
)


def _narrowest(found: list[Constraint]) -> list[Constraint]:
    for narrower, wider, _why in NARROWER_READINGS:
        spans = [c.span for c in found if c.kind in narrower]
        found = [c for c in found if not (c.kind in wider and any(c.span.overlaps(span) for span in spans))]
    return found


def extract_constraints(prompt: PromptDocument | str) -> list[Constraint]:
    """Every constraint the prompt states that Rubriq can check, in prompt order, duplicates removed."""
    doc = prompt if isinstance(prompt, PromptDocument) else parse_prompt(prompt)
    ex = Extraction(doc)
    for extractor in EXTRACTORS:
        extractor(ex)
    found = _narrowest(ex.found)
    counted = {c.params["keyword"].lower() for c in found if c.kind == "keywords:frequency"
               and c.params["relation"] == AT_LEAST and c.params["frequency"] >= 1}
    found = [c for c in found if not (c.kind == "keywords:existence" and len(c.params["keywords"]) == 1
                                      and c.params["keywords"][0].lower() in counted)]  # "at least 5 times" says it
    counted_letters = {c.params["letter"] for c in found if c.kind == "keywords:letter_frequency"
                       and not (c.params["let_relation"] == LESS_THAN and c.params["let_frequency"] == 1)}
    unique: dict[tuple[str, str], Constraint] = {}
    for constraint in found:
        if constraint.kind == "keywords:letter_frequency" and constraint.params["letter"] in counted_letters and \
                constraint.params["let_relation"] == LESS_THAN and constraint.params["let_frequency"] == 1:
            continue  # "avoid the letter t ... the letter t must appear 30 times": the count is the constraint
        unique.setdefault(constraint.key(), constraint)
    return sorted(unique.values(), key=lambda c: (c.span.start, c.span.end, c.kind))


def ifeval_view(constraint: Constraint) -> list[tuple[str, dict[str, Any]]]:
    """The constraint as IFEval instructions: (instruction id, kwargs); exact counts become IFEval's pair."""
    if not constraint.is_ifeval:
        return []
    params = dict(constraint.params)
    relation_key = {"length_constraints:number_words": ("relation", "num_words"),
                    "length_constraints:number_sentences": ("relation", "num_sentences")}.get(constraint.kind)
    if relation_key and params.get(relation_key[0]) == EXACTLY:
        rel, num = relation_key
        return [(constraint.kind, {rel: AT_LEAST, num: params[num]}),
                (constraint.kind, {rel: LESS_THAN, num: params[num] + 1})]
    return [(constraint.kind, params)]
