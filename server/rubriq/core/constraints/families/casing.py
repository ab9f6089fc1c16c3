"""Casing: all capitals, all lowercase, and how many words are written in capitals.
"""

from __future__ import annotations

import re

from rubriq.core.constraints.families.grammar import (
    NEGATION_RE,
    Bound,
    Extraction,
    times_bounds,
    wording_for,
)
from rubriq.core.constraints.types import AT_LEAST, EXACTLY, LESS_THAN
from rubriq.core.text import Span

CAPITAL_WORDS_RE = re.compile(
    r"\b(?:words?|terms?)\s+(?:with|in|using|written\s+in|that\s+are\s+(?:in\s+)?|of)\s+(?:all\s+)?(?:capital(?:\s+letters|s)?|"
    r"caps|upper\s*-?case(?:\s+letters)?)|\b(?:all[\s-]caps|capitali[sz]ed|all[\s-]capital|uppercase|capital)\s+words\b|"
    r"\bcapitali[sz]e\s+(?:at\s+least|at\s+most|only|exactly|no\s+more\s+than|fewer\s+than|less\s+than)?\s*\d{1,4}\s+"
    r"(?:[a-z]{2,15}\s+)?words\b",
    re.IGNORECASE)
ALL_CAPITAL_RE = re.compile(
    r"\ball\s+(?:in\s+)?(?:capital(?:s|\s+letters?)|caps|upper\s*-?\s*case(?:\s+letters)?|block\s+capitals)|"
    r"\bcapital\s+letters\s+only|\bonly\s+(?:use\s+)?capital\s+letters|\bin\s+(?:only\s+)?capital\s+letters|"
    r"\b(?:using|use)\s+only\s+capital\s+letters|"
    r"\bcapitali[sz]e\s+(?:all|every|each)\s+(?:of\s+)?(?:your\s+|the\s+)?(?:words?|letters?)|"
    r"\b(?:only\s+)?upper\s*-?\s*case\s+(?:only|letters\s+only)|\bin\s+upper\s*-?\s*case\b|"
    r"\b(?:response|answer|reply|output|text|everything|letters)\s+(?:in\s+)?(?:all\s+)?(?:upper\s*-?\s*case|caps)\b|"
    r"\bnot\s+a\s+single\s+(?:word|letter)[^.\n]{0,60}lower\s*-?\s*case|"
    r"\ball\s+(?:the\s+)?(?:letters?|words?)\s+(?:in\s+(?:your\s+|the\s+)?(?:entire\s+|whole\s+)?(?:response|answer|reply)\s+)?"
    r"(?:should|must|need\s+to|have\s+to|are\s+to|will)\s+be\s+(?:capitali[sz]ed|in\s+capitals|upper\s*-?\s*case)",
    re.IGNORECASE)
ALL_LOWER_RE = re.compile(
    r"\b(?:all|in|entirely|only|completely|be|are|is|using|use|with)\s+(?:in\s+)?lower\s*-?\s*case\b"
    r"(?!\s+(?:letters\s+)?for\b)|"  # "use lowercase for the variable names" is about a part
    r"\blower\s*-?\s*case\s+(?:letters|characters|only|english|text)\b(?!\s+for\b)|"
    r"\b(?:response|answer|reply|output|text|everything|letters|words)\s+(?:in\s+)?(?:all\s+)?lower\s*-?\s*case\b|"
    r"\bno\s+capital(?:s|\s+letters?|i[sz]ations?)?\b|"
    r"\b(?:not|n't|never)\s+(?:contain|use|include|have|be\s+any)\s+(?:any\s+)?capital(?:s|\s+letters?|i[sz]ations?)?\b|"
    r"\bwithout\s+(?:using\s+|the\s+use\s+of\s+)?(?:any\s+)?capital(?:s|\s+letters?|i[sz]ations?)\b|"
    r"\b(?:no|not\s+any)\s+(?:words?|letters?)\s+(?:are|is|should\s+be|must\s+be|being)\s+capitali[sz]ed\b",
    re.IGNORECASE)


def extract_casing(ex: Extraction) -> None:
    capital_clauses: set[int] = set()
    for index, clause in enumerate(ex.clauses):
        m = CAPITAL_WORDS_RE.search(clause.text)
        if not m:
            continue
        capital_clauses.add(index)
        counts = [(b, pos) for b, pos in times_bounds(clause.text, words=True) if "sentence" not in
                  clause.text[pos[1]:pos[1] + 12].lower()]
        span = Span(clause.start + m.start(), clause.start + m.end())
        if counts:
            for bounds, pos in counts[:1]:
                for bound in bounds:
                    relation = bound.relation if bound.relation != EXACTLY else AT_LEAST
                    pairs = [(AT_LEAST, bound.value), (LESS_THAN, bound.value + 1)] if bound.relation == EXACTLY \
                        else [(relation, bound.value)]
                    for rel, value in pairs:
                        ex.add("change_case:capital_word_frequency", "casing",
                               {"capital_relation": rel, "capital_frequency": value},
                               Span(clause.start + min(m.start(), pos[0]), clause.start + max(m.end(), pos[1])),
                               wording_for(Bound(rel, value), "word in all capital letters").replace(
                                   "word in all capital letterss", "words in all capital letters"))
            second = CAPITAL_WORDS_RE.search(clause.text, m.end())
            first_bounds = counts[0][0]
            if second and re.search(r"\buse\b", clause.text[:m.start()], re.IGNORECASE) and all(
                    b.relation == LESS_THAN for b in first_bounds):  # "use capital words ..., but fewer than 10"
                ex.add("change_case:capital_word_frequency", "casing", {"capital_relation": AT_LEAST,
                       "capital_frequency": 1}, span, "at least 1 word in all capital letters", 0.8)
        elif re.search(r"\buse\b", clause.text[:m.start()], re.IGNORECASE):
            ex.add("change_case:capital_word_frequency", "casing", {"capital_relation": AT_LEAST,
                   "capital_frequency": 1}, span, "at least 1 word in all capital letters", 0.8)
    for index, clause in enumerate(ex.clauses):
        if index in capital_clauses:
            continue
        m = ALL_CAPITAL_RE.search(clause.text)
        if m and NEGATION_RE.search(clause.text[max(0, m.start() - 25):m.start()]):
            m = None  # "without using capital letters" asks for the opposite
        if m:
            if not ex.has("change_case:english_capital"):
                ex.add("change_case:english_capital", "casing", {},
                       Span(clause.start + m.start(), clause.start + m.end()), "all capital letters, in English")
            continue  # "not a single word should contain lowercase letters" is about capitals
        m = ALL_LOWER_RE.search(clause.text)
        if m and not ex.has("change_case:english_lowercase"):
            if re.search(r"\b(?:not|don'?t|never)\s+(?:use|write)\s+(?:in\s+)?(?:all\s+)?lower", clause.text,
                         re.IGNORECASE):
                continue
            ex.add("change_case:english_lowercase", "casing", {},
                   Span(clause.start + m.start(), clause.start + m.end()), "all lowercase letters, in English")
