"""Extraction: the verifiable constraints a person stated in a prompt, each with the span that stated it.

Extraction reads `PromptDocument.reading_view` (front matter, pasted sources and the blocks of an applied repair
blanked, offsets unchanged), so quoted source text never yields a constraint, a repair never changes what is
checked, and every span is a span of the prompt. The families do not read
the view as written but its canonical reading (`reading.py`): sentences in Spanish, French or German glossed into
English, numbers in several words as digits, relations said as verbs as relations, units left out restored. Each
family module in `families/` recognises the ways people phrase its kinds of constraint ("at most 300 words",
"under 300 words", "300 words or less", "no more than three bullet points"), with its phrasing table at the top,
and emits nothing when unsure. `families/grammar.py` holds what they share: relations and bounds, negation, the
prompt's instruction clauses, frequencies and keyword lists.

This module runs the families in order (some read what an earlier one found: casing before language, repeating
the request before the haiku form), then, over what they found:

1. a narrower reading of the same words replaces a wider one (`NARROWER_READINGS`);
2. readings of one clause that state one requirement together become it ("five tips as a bulleted list" is five
   bullet points);
3. what a condition states is dropped, and what depends on it is kept only when it holds either way
   ("if you use bullet points, keep it to five at most");
4. what a question asks about is dropped ("why do people write P.S. at the end of letters?");
5. in a chat transcript, a later user turn's length or shape replaces an earlier turn's ("Too long. Cut it to about
   80 words."; "Now turn it into a limerick");
6. duplicates and keywords that only name a required ending go;
7. spans are mapped back to the prompt, parameters that quote the prompt take its words as written, and a casing
   request stated in another language becomes Rubriq's casing in any language (IFEval's kinds require English).
"""

from __future__ import annotations

import bisect
import dataclasses
import re
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
    quoted,
    references,
    sections,
    startend,
    style,
)
from rubriq.core.constraints.families.grammar import REJECTED_RE, Clause, Extraction
from rubriq.core.constraints.reading import PROTECTED_RE
from rubriq.core.constraints.types import AT_LEAST, EXACTLY, LESS_THAN, Constraint
from rubriq.core.prompt import PromptDocument, parse_prompt
from rubriq.core.requests import ASSISTANT_SPEAKERS, conversation_turns, reads_as_request
from rubriq.core.text import Span

EXTRACTORS: tuple[Callable[[Extraction], None], ...] = (
    startend.extract_repeat, length.extract_words, length.extract_sentences, length.extract_characters,
    paragraphs.extract_paragraphs, lists.extract_bullets, sections.extract_highlights, sections.extract_sections,
    placeholders.extract_placeholders, formats.extract_formats, startend.extract_quotation,
    punctuation.extract_no_comma, casing.extract_casing, keywords.extract_keywords, language.extract_language,
    startend.extract_end, startend.extract_postscript, style.extract_style, code.extract_code,
    formats.extract_keys_and_columns, formats.extract_markup, lines.extract_lines, sections.extract_section_labels,
    startend.extract_openings_and_closings, keywords.extract_topics, multilingual.extract_multilingual,
    quoted.extract_quoted, references.extract_named_values,
)


# When a narrower reading of a piece of the prompt was found, a wider reading of the same words is dropped:
# (the narrower kinds, the wider kinds they replace where their spans overlap, why).
NARROWER_READINGS: tuple[tuple[frozenset[str], frozenset[str], str], ...] = (
    (frozenset({"startend:end_checker", "length_constraints:nth_paragraph_first_word"}),
     frozenset({"keywords:existence", "rubriq:required_phrase"}), "'end with the phrase X' places X, once"),
    (frozenset({"rubriq:section_labels"}), frozenset({"rubriq:headings", "detectable_format:multiple_sections"}),
     "'under the headings A, B and C' names the headings"),
    (frozenset({"rubriq:bullets_per_section"}), frozenset({"detectable_format:number_bullet_lists",
                                                          "rubriq:bullet_count"}),
     "'two bullet points under each heading' counts per section"),
    (frozenset({"rubriq:lines_per_stanza"}), frozenset({"rubriq:number_lines"}),
     "'three stanzas, each of four lines' counts per stanza"),
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


# IFEval's casing kinds require English; the same request in a prompt written in another language is Rubriq's
# casing in any language.
ANY_LANGUAGE_CASING = {"change_case:english_capital": ("rubriq:all_uppercase", "all capital letters"),
                       "change_case:english_lowercase": ("rubriq:all_lowercase", "all lowercase letters")}


def _in_any_language(constraint: Constraint) -> Constraint:
    if constraint.kind not in ANY_LANGUAGE_CASING:
        return constraint
    kind, wording = ANY_LANGUAGE_CASING[constraint.kind]
    return dataclasses.replace(constraint, kind=kind, wording=wording)


# ---------------------------------------------------------------------------------------------------------------
# Readings of one clause that state one requirement together: "five tips as a bulleted list" is five bullet points,
# "five tips as a numbered list" a numbered list of five, "two taglines separated by ******" two responses.

def _by_clause(found: list[Constraint], clauses: list[Clause]) -> dict[int, list[Constraint]]:
    """The constraints of each clause (by where they start), found by bisection: linear in all."""
    starts = [c.start for c in clauses]
    grouped: dict[int, list[Constraint]] = {}
    for c in found:
        i = bisect.bisect_right(starts, c.span.start) - 1
        grouped.setdefault(i if i >= 0 and c.span.start < clauses[i].span.end else -1, []).append(c)
    return grouped


def _composed(found: list[Constraint], clauses: list[Clause]) -> list[Constraint]:
    removed: set[int] = set()
    added: list[Constraint] = []
    for here, group in _by_clause(found, clauses).items():
        for count in [c for c in group if c.kind == "rubriq:item_count" and c.params.get("relation") == EXACTLY]:
            if here < 0:
                break
            n = count.params["num_items"]
            partners = [c for c in group if c is not count and id(c) not in removed]
            bullet = next((c for c in partners if c.kind == "rubriq:bullet_list"), None)
            numbered = next((c for c in partners if c.kind == "rubriq:numbered_list"
                             and not c.params.get("num_items")), None)
            two = next((c for c in partners if c.kind == "combination:two_responses"), None)
            if two is not None and n == 2:
                removed.add(id(count))
            elif bullet is not None:
                removed.update((id(count), id(bullet)))
                added.append(Constraint("detectable_format:number_bullet_lists", "structure", {"num_bullets": n},
                                        Span(min(count.span.start, bullet.span.start),
                                             max(count.span.end, bullet.span.end)),
                                        f"exactly {n} bullet point{'s' if n != 1 else ''}", count.confidence))
            elif numbered is not None:
                removed.update((id(count), id(numbered)))
                added.append(Constraint("rubriq:numbered_list", "format", {"num_items": n},
                                        Span(min(count.span.start, numbered.span.start),
                                             max(count.span.end, numbered.span.end)),
                                        f"a numbered list of {n} items", numbered.confidence))
    return [c for c in found if id(c) not in removed] + added


# ---------------------------------------------------------------------------------------------------------------
# Conditions: "If your answer runs longer than 200 words, start with a TL;DR", "If you use bullet points, keep it to
# five at most". What a condition states is no requirement; what it makes depend on it is checked only when the
# check holds whether or not the condition does: a limit ("at most five bullet points" passes with none) or a
# prohibition, never something the output must contain.

CONDITION_RE = re.compile(
    r"(?:(?<!\bas\s)(?<!\beven\s)(?<!\bonly\s)\b(?:if|unless|in\s+case|whenever|should\s+you)\b(?!\s+(?:possible|needed|"
    r"necessary|applicable|you\s+(?:can|like|want|wish|prefer)|it\s+helps|(?:it'?s\s+|it\s+is\s+)?(?:really\s+|absolutely\s+|"
    r"strictly\s+)?(?:necessary|needed|unavoidable))\b)|"
    # « si tu parles du chien », « si mencionas al perro », „wenn du den Hund erwähnst“; not « si possible »
    r"\bsi\s+(?:tu|vous|il|elle|on|hay|usas|mencionas|hablas|incluyes|nombras)\b(?!\s+(?:peux|pouvez|puedes)\b)|"
    # « si le ponton n'est pas attribué », « si la fecha falta » (the article glossed "the")
    r"(?<![\w'’])(?i:si)\s+(?:the|le|la|les|l'|l’|el|los|las|un|une|una)(?=\s|(?<=['’]))|"
    r"\b(?:wenn|falls)\s+(?:du|ihr|es|man)\b(?!\s+(?:kannst|könnt|geht)\b))[^,.;:!?\n]{1,160}", re.IGNORECASE)


_LENGTH_KINDS = frozenset({"length_constraints:number_words", "length_constraints:number_sentences",
                           "rubriq:number_paragraphs", "length_constraints:number_paragraphs", "rubriq:number_lines",
                           "rubriq:number_characters", "rubriq:item_length"})
_JOIN_BEFORE_RE = re.compile(r"(?:[;:]|,\s+(?:and|but)|\bbut)\s*$", re.IGNORECASE)
# A condition on what a program does, after the verb saying it: "returns True if ...", "que devuelva True si ...".
CODE_BEHAVIOUR_RE = re.compile(r"\b(?:returns?|returning|raises?|throws?|prints?|yields?|outputs?|devuelv[ae]n?|"
                               r"retourne|renvoie|lanza|imprime|zurückgibt|liefert)\b[^,.;:!?\n]{0,40}$",
                               re.IGNORECASE)
POLITE_IF_RE = re.compile(r"\b(?:prefer|like|love|appreciate|great|nice|good|ideal|better|helpful|grateful|happy|best|"
                          r"perfect)\s+(?:it\s+)?$", re.IGNORECASE)


def _holds_without_condition(c: Constraint) -> bool:
    p = c.params
    # A ban of a format holds when the condition fails too ("if you use bullets, no emoji"); a ban of a word or a
    # topic under a condition on the content ("if you mention the dog, don't use the word "mess"") does not.
    if c.kind.startswith(("rubriq:no_", "punctuation:no_")) or c.kind in (
            "rubriq:item_length", "rubriq:explanation_length",
            "rubriq:code_forbidden_import", "rubriq:code_stdlib_only"):
        return True
    if c.kind == "rubriq:bullet_count":
        return not p.get("min")
    for key in ("relation", "capital_relation", "let_relation"):
        if key in p:
            return p[key] == LESS_THAN
    return False


def _unconditional(found: list[Constraint], clauses: list[Clause], view: str) -> list[Constraint]:
    quoted = [(m.start(), m.end()) for m in PROTECTED_RE.finditer(view)]
    quoted_starts = [q[0] for q in quoted]
    dropped: set[int] = set()
    grouped = _by_clause(found, clauses)
    for index, clause in enumerate(clauses):
        for m in CONDITION_RE.finditer(clause.text):
            condition = Span(clause.start + m.start(), clause.start + m.end())
            q = bisect.bisect_right(quoted_starts, condition.start) - 1
            near = quoted[max(0, q):q + 2]
            if any(s <= condition.start < e for s, e in near):
                continue  # 'end with "Let me know if you have questions."'
            # a quotation inside the condition ("recognises a title if it's wrapped <<like this>>") is an example,
            # not a condition on the reply, unless the condition counts the quoted words ('if "X" only turns up once')
            example_only = any(s < condition.end and condition.start < e for s, e in near)
            if POLITE_IF_RE.search(clause.text[:m.start()]):
                continue  # "I'd prefer it if the reply didn't go beyond 120 words": a request, no condition
            if CODE_BEHAVIOUR_RE.search(clause.text, max(0, m.start() - 60), m.start()):
                continue  # "a function called f that returns True if the text ...": what the code does
            # "If you use bullet points, keep it to five": the consequence follows its comma; so after a ";" or a "but"
            if m.start() <= 12 or _JOIN_BEFORE_RE.search(clause.text, 0, m.start()):
                if not clause.text.startswith(",", m.end()):
                    # "If a + b = 30 and b = 10. Is a = 20?": a premise, not a condition on the answer; but a minimum
                    # length inside "if it creeps past 180 words ..." is asked of nobody
                    dropped.update(id(c) for c in grouped.get(index, []) if condition.contains(c.span) and
                                   c.kind in _LENGTH_KINDS and c.params.get("relation") == AT_LEAST)
                    continue
                consequence = Span(condition.end, clause.span.end)
            else:  # "start with a TL;DR if your answer is long": it comes first, from the last comma or "and" on
                # ("Say her name three times, she counts, and she'll complain if it's two or four": the count stands)
                cuts = [c.end() for c in re.finditer(r",\s+|;\s+|\s+and\s+", clause.text[:m.start()])]
                consequence = Span(clause.start + (cuts[-1] if cuts else 0), condition.start)
            for c in grouped.get(index, []):
                counted_in_condition = c.kind.startswith("keywords:") and c.span.start == condition.start
                if example_only and not counted_in_condition:
                    continue
                if c.span.contains(condition) and not counted_in_condition:
                    continue  # its own words hold the "if": 'end with: Let us know if there is anything'
                if c.params.get("relation") == LESS_THAN and (REJECTED_RE.search(clause.text) or (
                        condition.contains(c.span) and c.span.start - condition.start <= 40)):
                    continue  # "if it runs past 140 words I'll lose the thread": the condition is the cap
                if c.kind.startswith("rubriq:code_") and condition.contains(c.span) and \
                        REJECTED_RE.search(view, clause.start, condition.start):
                    continue  # "the linter fails the build if any argument is missing its type": a rule of the code
                if condition.contains(c.span) or (consequence.start <= c.span.start < consequence.end
                                                  and not _holds_without_condition(c)):
                    dropped.add(id(c))
    return [c for c in found if id(c) not in dropped]


# A question asked of the model ("Why do people write P.S. at the end of letters?", "How do I add a postscript in
# Gmail?") talks about a constraint's vocabulary without asking for it; a polite request ("Could you write it in
# under 50 words?") asks. A count of items in a question is the answer's ("What are 5 tips for sleeping?").
# A chat turn's label may come first: "User: what's a decorator, in one line?".
QUESTION_RE = re.compile(r"\s*(?:[A-Za-z]{2,12}[ \t]*:[ \t]*)?[¿¡\"“'(]?\s*(?:what|what's|whats|why|how|where|when|"
                         r"which|who|whom|whose|is|are|was|were|do|does|did|should|shall|has|have|had|am|isn'?t|aren'?t|doesn'?t|don'?t)\b",
                         re.IGNORECASE)


def _not_asked_about(found: list[Constraint], clauses: list[Clause]) -> list[Constraint]:
    grouped = _by_clause(found, clauses)
    dropped: set[int] = set()
    index = 0
    while index < len(clauses):
        last = index  # a sentence Punkt cut at an abbreviation ("write P.S. at the end") goes on in lowercase
        while last + 1 < len(clauses) and clauses[last + 1].text[:1].islower():
            last += 1
        if clauses[last].text.rstrip().endswith("?") and QUESTION_RE.match(clauses[index].text):
            for i in range(index, last + 1):
                dropped.update(id(c) for c in grouped.get(i, []) if c.kind != "rubriq:item_count"
                               and c.span.end <= clauses[last].span.end)
        index = last + 1
    return [c for c in found if id(c) not in dropped]


# The format the output must take is asked for; the format of what the user has is told: "Our software only exports
# the orders as JSON. Make me a Markdown table ..." asks for a table. A format in a sentence that asks for nothing
# gives way to another format that a request names.
WHOLE_FORMATS = frozenset({"detectable_format:json_format", "rubriq:yaml_format", "rubriq:csv_format",
                           "rubriq:markdown_table"})


def _input_formats(found: list[Constraint], clauses: list[Clause]) -> list[Constraint]:
    formats = [c for c in found if c.kind in WHOLE_FORMATS]
    if len({c.kind for c in formats}) < 2:
        return found

    def asked(c: Constraint) -> bool:
        clause = next((cl for cl in clauses if cl.span.start <= c.span.start < cl.span.end), None)
        return clause is None or reads_as_request(clause.text)

    told = [c for c in formats if not asked(c)]
    if not told or not any(asked(c) for c in formats):
        return found
    return [c for c in found if all(c is not t for t in told)]


# Parameters that quote the prompt's words: read from the canonical text, they are given back as the prompt wrote
# them ("ne mentionne pas le prix du billet": the topic is "prix du billet", not its gloss "prix of the billet").
WORD_PARAMS = frozenset({"topic", "keywords", "keyword", "forbidden_words", "phrase", "end_phrase", "first_word",
                         "labels", "columns", "keys", "options", "names", "modules", "content", "field"})


def _prompt_words(constraint: Constraint, ex: Extraction) -> Constraint:
    if not ex.reading.layers:
        return constraint

    def as_written(value: str, key: str) -> str:
        lo, hi = max(0, constraint.span.start - 200), min(len(ex.view), constraint.span.end + 200)
        lowered = ex.view.lower()
        at = lowered.find(value.lower(), constraint.span.start, hi)
        at = at if at >= 0 else lowered.rfind(value.lower(), lo, constraint.span.end)
        if at < 0:
            return value
        span = ex.reading.to_source(Span(at, at + len(value)))
        written = ex.source_view[span.start:span.end].strip()
        if written.lower() == value.lower():
            return written if key != "first_word" else value  # "Name", as the prompt writes it
        if value.lower() in written.lower():
            return value  # the prompt's words, inside a piece a rewrite moved ('das Wort "X" enthalten')
        ends = value.split()
        if len(ends) >= 2:  # "Sache with the Auto" glossed inside a moved piece: the prompt's words from first to last
            m = re.search(rf"(?<!\w){re.escape(ends[0])}(?!\w).*?(?<!\w){re.escape(ends[-1])}(?!\w)", written,
                          re.IGNORECASE)
            if m:
                return m.group()
        quotes = " \t\"“”„«»‹›'‘’"
        written = written.lstrip(quotes) if value[:1] not in quotes else written  # « Bonne journée ! » was rewritten
        written = written.rstrip(quotes) if value[-1:] not in quotes else written  # whole, quotes and all
        return written or value

    params = dict(constraint.params)
    for key in WORD_PARAMS & params.keys():
        value = params[key]
        if isinstance(value, str):
            params[key] = as_written(value, key)
        elif isinstance(value, list):
            params[key] = [as_written(v, key) if isinstance(v, str) else v for v in value]
    return constraint if params == constraint.params else dataclasses.replace(constraint, params=params)


def _topic_named(constraint: Constraint) -> Constraint:
    """A topic as the prompt writes it, its framing words aside ("lo del trampolín": the trampoline)."""
    if constraint.kind != "rubriq:forbidden_topic":
        return constraint
    core = keywords.topic_core(constraint.params["topic"])
    return constraint if core == constraint.params["topic"] else \
        dataclasses.replace(constraint, params={**constraint.params, "topic": core})


# What a later chat turn restates replaces what an earlier turn said of the same aspect of the reply.
_ASPECTS: dict[str, str] = {
    **dict.fromkeys(("length_constraints:number_words", "rubriq:approximate_words", "rubriq:number_characters",
                     "length_constraints:number_sentences", "rubriq:number_lines"), "length"),
    **dict.fromkeys(("detectable_format:number_bullet_lists", "rubriq:bullet_count", "rubriq:bullet_list",
                     "rubriq:numbered_list", "rubriq:no_lists", "rubriq:number_paragraphs",
                     "length_constraints:number_paragraphs", "rubriq:item_count", "rubriq:markdown_table",
                     "detectable_format:json_format", "rubriq:yaml_format", "rubriq:csv_format", "rubriq:haiku",
                     "rubriq:number_stanzas", "rubriq:lines_per_stanza"), "shape"),
    **dict.fromkeys(("change_case:english_capital", "change_case:english_lowercase", "rubriq:all_lowercase",
                     "rubriq:all_uppercase"), "casing"),
    "language:response_language": "language",
}
# "turn it into a limerick", "as one paragraph instead": a new shape, whether or not Rubriq reads it
_SHAPES = r"(?:paragraphs?|list|bullets?|bullet\s+points|table|prose|poem|haiku|limerick|sonnet|song|story|" \
          r"e-?mail|json|yaml|csv|tweet|thread|letter|script)"
_RESHAPED_RE = re.compile(rf"\b(?:turn|make|change|convert|rewrite|redo)\s+(?:it|this|that|them|these|those)\s+"
                          rf"(?:into|as|to)\b|\b(?:make|redo)\s+(?:it|this|that)\s+(?:a|an)\s+(?!bit\b|little\b|lot\b|touch\b)|"
                          rf"\b{_SHAPES}\s+instead\b|\binstead\s+of\s+(?:a|an|the)\s+(?:[\w-]+\s+)?{_SHAPES}\b",
                          re.IGNORECASE)


def _latest_turn_wins(found: list[Constraint], view: str) -> list[Constraint]:
    """An earlier user turn's length, shape, casing or language, restated or reshaped by a later user turn."""
    users = [t.span for t in conversation_turns(view) if t.is_user]
    if len(users) < 2:
        return found

    def turn_of(c: Constraint) -> int | None:
        return next((i for i, span in enumerate(users) if span.start <= c.span.start < span.end), None)

    restated: dict[str, int] = {}  # aspect -> the last user turn that states it
    for c in found:
        turn, aspect = turn_of(c), _ASPECTS.get(c.kind)
        if turn is not None and aspect:
            restated[aspect] = max(turn, restated.get(aspect, turn))
    reshaped = max((i for i, span in enumerate(users) if _RESHAPED_RE.search(view, span.start, span.end)),
                   default=None)
    if reshaped is not None:
        restated["shape"] = max(reshaped, restated.get("shape", reshaped))
    kept = []
    for c in found:
        turn, aspect = turn_of(c), _ASPECTS.get(c.kind)
        if turn is None or aspect is None or restated.get(aspect, turn) <= turn:
            kept.append(c)
    return kept


def _not_the_assistants_words(found: list[Constraint], view: str) -> list[Constraint]:
    """An earlier assistant turn of a pasted chat is an answer, not a request: "a blind date with a book, three
    words written on the paper" in its list asks nothing of the next reply."""
    said = [t.span for t in conversation_turns(view) if t.speaker in ASSISTANT_SPEAKERS]
    return [c for c in found if not any(span.start <= c.span.start < span.end for span in said)]


def extract_constraints(prompt: PromptDocument | str) -> list[Constraint]:
    """Every constraint the prompt states that Rubriq can check, in prompt order, duplicates removed."""
    doc = prompt if isinstance(prompt, PromptDocument) else parse_prompt(prompt)
    ex = Extraction(doc)
    for extractor in EXTRACTORS:
        extractor(ex)
    found = _not_asked_about(_unconditional(_composed(_narrowest(ex.found), ex.clauses), ex.clauses, ex.view),
                             ex.clauses)
    found = _latest_turn_wins(found, ex.view)
    found = _not_the_assistants_words(found, ex.view)
    found = _input_formats(found, ex.clauses)
    # "keep pandas out of it" in a code task rules out the package, not a subject to leave unmentioned
    modules = {m.lower() for c in found if c.kind == "rubriq:code_forbidden_import" for m in c.params["modules"]}
    found = [c for c in found if not (c.kind == "rubriq:forbidden_topic" and c.params["topic"].lower() in modules)]
    found = [_in_any_language(c) if ex.reading.language_at(ex.reading.to_source(c.span)) != "en" else c
             for c in found]
    counted = {c.params["keyword"].lower() for c in found if c.kind == "keywords:frequency"
               and c.params["relation"] == AT_LEAST and c.params["frequency"] >= 1}
    found = [c for c in found if not (c.kind == "keywords:existence" and len(c.params["keywords"]) == 1
                                      and c.params["keywords"][0].lower() in counted)]  # "at least 5 times" says it
    if any(c.kind == "rubriq:numbered_list" and c.params.get("num_items") for c in found):
        # "a numbered list of four" says "a numbered list" already (two languages' readings of one request)
        found = [c for c in found if not (c.kind == "rubriq:numbered_list" and not c.params)]
    counted_letters = {c.params["letter"] for c in found if c.kind == "keywords:letter_frequency"
                       and not (c.params["let_relation"] == LESS_THAN and c.params["let_frequency"] == 1)}
    unique: dict[tuple[str, str], Constraint] = {}
    for constraint in found:
        if constraint.kind == "keywords:letter_frequency" and constraint.params["letter"] in counted_letters and \
                constraint.params["let_relation"] == LESS_THAN and constraint.params["let_frequency"] == 1:
            continue  # "avoid the letter t ... the letter t must appear 30 times": the count is the constraint
        unique.setdefault(constraint.key(), constraint)
    joined = _joined_word_lists(list(unique.values()), ex.view)
    in_prompt = [dataclasses.replace(_prompt_words(c, ex), span=ex.reading.to_source(c.span)) for c in joined]
    in_prompt = [_topic_named(c) for c in in_prompt]
    return sorted(in_prompt, key=lambda c: (c.span.start, c.span.end, c.kind))


# Words left out one after another are one request: 'no "ASAP", no "urgent"', 'avoid "synergy" and avoid "leverage"'.
_LIST_GAP_RE = re.compile(r"\s*(?:[,;]\s*)?(?:(?:and|or|nor|&)\s+)?", re.IGNORECASE)


def _joined_word_lists(found: list[Constraint], view: str) -> list[Constraint]:
    """Word lists stated one after another as one request ('no "ASAP", no "urgent"'; "mention her garden and the name
    "Rosalind""): one constraint with every word."""
    out = list(found)
    for kind, key, says in (("keywords:forbidden_words", "forbidden_words", "no "),
                            ("keywords:existence", "keywords", "include ")):
        groups: list[list[Constraint]] = []
        for c in sorted((c for c in out if c.kind == kind), key=lambda c: c.span.start):
            last = groups[-1][-1] if groups else None
            if last is not None and last.span.end <= c.span.start and \
                    _LIST_GAP_RE.fullmatch(view, last.span.end, c.span.start):
                groups[-1].append(c)
            else:
                groups.append([c])
        joined = [group for group in groups if len(group) > 1]
        members = {id(c) for group in joined for c in group}
        out = [c for c in out if id(c) not in members]
        for group in joined:
            words = list(dict.fromkeys(w for c in group for w in c.params[key]))
            out.append(dataclasses.replace(group[0], params={key: words},
                                           span=Span(group[0].span.start, group[-1].span.end),
                                           wording=says + ", ".join(repr(w) for w in words)))
    return out


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
