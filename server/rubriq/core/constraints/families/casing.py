"""Casing: all capitals, all lowercase, and how many words are written in capitals.

A clause asks for a number of words in capitals when the count is tied to capitals: an adjective on the counted
words ("at least 4 uppercase words"), capitals said of them ("6 words in your response should be in all caps",
"no more than 2 words that are fully capitalized"), the verb ("capitalize at least 8 words"), or words in capitals
named first and counted after ("words with all capital letters should appear less than 6 times"). Otherwise a
clause that puts the whole response in capitals or in lowercase asks for that casing; a part named before the
cue ("write the title in all caps") is not the whole response.
"""

from __future__ import annotations

import re

from rubriq.core.constraints.families.grammar import (
    ADJECTIVES,
    NEGATION_RE,
    POST,
    REL,
    Bound,
    Extraction,
    bounds_for,
    negated_before,
    times_bounds,
    wording_for,
)
from rubriq.core.constraints.numbers import NUM, parse_number
from rubriq.core.constraints.types import AT_LEAST, EXACTLY, LESS_THAN
from rubriq.core.text import Span

# ---------------------------------------------------------------------------------------------------------------
# Phrasings

# Capitals as people name them; "all caps" and "capitalized" included.
CAPS = (r"(?:all[\s-]+)?(?:capital(?:s|\s+letters?)?|caps\b|upper\s*-?\s*case(?:\s+letters?)?|"
        r"block\s+(?:capitals|letters)|capitali[sz]ed)")
LOWER = r"(?:lower\s*-?\s*case|small\s+letters)"
# A count of words: "at least 4", "no more than 2", "5-8", with up to two adjectives before "words".
CAPITAL_COUNT_RE = re.compile(
    rf"\b(?:(?P<rel>{REL})\s+)?(?:(?P<a>{NUM})\s*(?:-|–|to|or)\s*)?(?P<n>{NUM})(?P<post>{POST})?"
    rf"(?P<gap>[\s-]+{ADJECTIVES})(?P<unit>words?|terms?)\b(?P<post2>{POST})?", re.IGNORECASE)
# After the counted words: capitals said of them, within a few words and no punctuation.
CAPS_SAID_RE = re.compile(
    r"(?:\s+(?:in|of|throughout|within)\s+(?:your|the|this|my)\s+(?:entire\s+|whole\s+)?[a-z]{2,15})?,?"
    r"(?:\s+(?:that|which|who|are|is|be|being|should|must|need|needs|have|has|to|will|shall|can|may|might|could|"
    r"would|written|typed|"
    r"spelled|spelt|put|appear|appearing|entirely|fully|completely|totally|only|all|in|with|using|of|big|large)){0,5}\s+"
    + CAPS, re.IGNORECASE)
CAPITALIZE_BEFORE_COUNT_RE = re.compile(
    r"\b(?:capitali[sz]e|uppercase|write|put|use|type)\s+(?:(?:fully|completely|entirely|only)\s+)?"
    r"(?:(?:in\s+)?(?:all\s+)?caps\s+(?:for\s+)?)?$", re.IGNORECASE)
# Words in capitals named first, counted later in the clause ("... should appear at least 3 times").
CAPITAL_WORDS_RE = re.compile(
    r"\b(?:words?|terms?)\s+(?:with|in|using|written\s+in|that\s+are\s+(?:in\s+)?|of)\s+(?:all\s+)?(?:capital(?:\s+letters|s)?|"
    r"caps|upper\s*-?case(?:\s+letters)?)|\b(?:all[\s-]caps|capitali[sz]ed|all[\s-]capital|uppercase|capital)\s+words\b|"
    r"\bcapitali[sz]e\s+(?:at\s+least|at\s+most|only|exactly|no\s+more\s+than|fewer\s+than|less\s+than)?\s*\d{1,4}\s+"
    r"(?:[a-z]{2,15}\s+)?words\b",
    re.IGNORECASE)
ALL_CAPITAL_RE = re.compile(
    r"\ball\s+(?:in\s+)?(?:capital(?:s|\s+letters?)|caps|upper\s*-?\s*case(?:\s+letters)?|block\s+capitals)|"
    r"\bcapital\s+letters\s+only|\bonly\s+(?:use\s+)?capital\s+letters|\bin\s+(?:only\s+)?capital\s+letters|"
    r"\b(?:using|use)\s+only\s+capital\s+letters|\bcaps\s+lock\b|"
    r"\bcapitali[sz]e\s+(?:all|every|each)\s+(?:single\s+)?(?:of\s+)?(?:your\s+|the\s+)?(?:words?|letters?)|"
    r"\b(?:only\s+)?upper\s*-?\s*case\s+(?:only|letters\s+only)|\bin\s+upper\s*-?\s*case\b|"
    r"\b(?:response|answer|reply|output|text|everything|letters)\s+(?:in\s+)?(?:all\s+)?(?:upper\s*-?\s*case|caps)\b|"
    r"\bnot\s+a\s+single\s+(?:word|letter)[^.\n]{0,60}lower\s*-?\s*case|"
    r"\b(?:all|every|each)\s+(?:single\s+)?(?:the\s+)?(?:letters?|words?|characters?)\s+"
    r"(?:(?:in|of)\s+(?:your\s+|the\s+)?(?:entire\s+|whole\s+)?(?:response|answer|reply|output|text)\s+)?"
    r"(?:should|must|needs?\s+to|ha(?:ve|s)\s+to|are\s+to|is\s+to|will|shall)\s+be\s+"
    r"(?:capitali[sz]ed|in\s+(?:all\s+)?(?:capitals|caps|capital\s+letters)|upper\s*-?\s*case)|"
    # the whole response made so: "make the entire thing upper case", "write it all in caps", "type everything in
    # capitals"
    r"\b(?:make|write|put|type|keep|have|set|print)\s+(?:the\s+(?:entire|whole)\s+(?:thing|response|answer|text|reply|"
    r"message|post|email|letter|note|piece|poem|story)|it\s+all|all\s+of\s+it|everything|it|this|the\s+(?:response|"
    r"answer|reply|text|whole\s+thing))\s+(?:(?:in|into|using)\s+)?(?:all\s+)?(?:upper\s*-?\s*case(?:\s+letters)?|"
    r"capitals|caps|capital\s+letters|block\s+(?:capitals|letters))\b",
    re.IGNORECASE)
# No word in capitals, said of shouting: "no shouty capitals", "no all-caps words", "no words in all caps" (capitals
# at the start of a sentence or a name stay allowed, so this is no lowercase request)
NO_CAPITAL_WORDS_RE = re.compile(
    r"\b(?:no|without|avoid|never\s+use)\s+(?:any\s+)?(?:(?:shouty|shouting|screaming)\s+(?:capitals|caps|capital\s+letters)|"
    r"all[\s-]+caps(?:\s+words)?|words\s+in\s+(?:all\s+)?(?:caps|capitals|capital\s+letters)|shouting\s+in\s+"
    r"(?:caps|capitals))\b", re.IGNORECASE)
# After a casing cue, an exception makes it no whole-response casing: "all lowercase except my name".
EXCEPTION_AFTER_RE = re.compile(r"[^.;\n]{0,20}?\b(?:except|excepting|apart\s+from|other\s+than|save\s+for|besides|"
                                r"but\s+not|with\s+the\s+exception\s+of)\b", re.IGNORECASE)
# Before a capitals cue, a subject that is none of the words: "no other word should be in all caps".
NONE_OF_THE_WORDS_RE = re.compile(r"\b(?:no|none\s+of\s+the|nothing|not\s+(?:a\s+single|any|one))\s+(?:other\s+)?"
                                  r"(?:words?|letters?|terms?|parts?)\b", re.IGNORECASE)
ALL_LOWER_RE = re.compile(
    r"\b(?:all|in|entirely|only|completely|be|are|is|using|use|with)\s+(?:in\s+)?lower\s*-?\s*case\b"
    r"(?!\s+(?:letters\s+)?for\b)|"  # "use lowercase for the variable names" is about a part
    r"\blower\s*-?\s*case\s+(?:letters|characters|only|english|text)\b(?!\s+for\b)|"
    r"\b(?:response|answer|reply|output|text|everything|letters|words)\s+(?:in\s+)?(?:all\s+)?lower\s*-?\s*case\b|"
    r"\b(?:in\s+)?(?:all\s+)?small\s+letters\b|"
    # "keep every letter small"
    r"\b(?:every|each|all)\s+(?:single\s+)?letters?\s+small\b|"
    # "stay off the shift key", "don't touch shift"
    r"\b(?:stay|keep)\s+(?:right\s+)?off\s+the\s+shift\s+key\b|\b(?:don'?t|never)\s+(?:touch|use|press|hit)\s+(?:the\s+)?"
    r"shift(?:\s+key)?\b|"
    r"\b(?:no|zero)\s+(?:capital(?:s|\s+letters?|i[sz]ations?)?|upper\s*-?\s*case(?:\s+letters?)?)\b|"
    r"(?:\b(?:not|never|without|avoid|refrain\s+from)|n't)\s+(?:(?:contain|contains|containing|use|using|include|"
    r"including|have|having|be|any|the\s+use\s+of|a\s+single)\s+){0,2}"
    r"(?:capital(?:s|\s+letters?|i[sz]ations?)|upper\s*-?\s*case\s+letters?)\b|"
    r"\b(?:no|not\s+any|not\s+a\s+single|nothing|none\s+of\s+the\s+(?:words?|letters?))\s+(?:(?:single\s+)?(?:words?|letters?)\s+)?"
    r"(?:(?:in|of)\s+(?:your|the|this)\s+(?:entire\s+|whole\s+)?[a-z]{2,15}\s+)?"
    r"(?:(?:are|is|should|must|can|may|might|could|will|shall|be|being|ever|get|gets)\s+){1,3}capitali[sz]ed\b|"
    r"(?:\b(?:not|never)|n't)\s+capitali[sz]e\b",
    re.IGNORECASE)
# A part of the response named just before the casing cue: "write the title in all caps", "names in lowercase".
PART_BEFORE_RE = re.compile(
    r"\b(?:titles?|headings?|headers?|names?|first\s+(?:word|letter)s?|keywords?|acronyms?|abbreviations?|labels?|"
    r"subject\s+lines?|hashtags?|variables?|identifiers?|slugs?|urls?|file\s*names?|emails?\s+address(?:es)?)\b"
    r"[^.,;\n]{0,25}$", re.IGNORECASE)
WHOLE_RE = re.compile(r"\b(?:response|answer|reply|output|entire|whole|everything|all\s+of|every\s+(?:letter|word)|"
                      r"each\s+(?:letter|word)|letters)\b", re.IGNORECASE)


def _capital_frequency_wording(relation: str, value: int) -> str:
    return wording_for(Bound(relation, value), "word in all capital letters").replace(
        "word in all capital letterss", "words in all capital letters")


def _add_capital_counts(ex: Extraction, bounds: list[Bound], span: Span, confidence: float = 0.9) -> None:
    for bound in bounds:
        if bound.relation == "about":
            continue
        pairs = [(AT_LEAST, bound.value), (LESS_THAN, bound.value + 1)] if bound.relation == EXACTLY \
            else [(bound.relation, bound.value)]
        for relation, value in pairs:
            ex.add("change_case:capital_word_frequency", "casing",
                   {"capital_relation": relation, "capital_frequency": value}, span,
                   _capital_frequency_wording(relation, value), confidence)


def _counted_capital_words(text: str) -> tuple[list[Bound], tuple[int, int]] | None:
    """A count of words tied to capitals in one clause: its bounds and its place, or None."""
    for m in CAPITAL_COUNT_RE.finditer(text):
        n = parse_number(m.group("n"))
        if n is None:
            continue
        tied = re.search(CAPS, m.group("gap"), re.IGNORECASE) is not None
        said = CAPS_SAID_RE.match(text, m.end("unit"))
        verb = CAPITALIZE_BEFORE_COUNT_RE.search(text, max(0, m.start() - 30), m.start())
        if not (tied or said or (verb and re.search(r"capitali|upper|caps", verb.group(), re.IGNORECASE))):
            continue
        end = said.end() if said else m.end()
        if m.group("a"):
            a = parse_number(m.group("a"))
            if a is None or a >= n:
                continue
            return [Bound(AT_LEAST, a), Bound(LESS_THAN, n + 1, True)], (m.start(), end)
        post = m.group("post") or m.group("post2")
        bounds = bounds_for(m.group("rel"), post, n, negated=negated_before(text, m.start(), 30), default=AT_LEAST)
        return bounds, (m.start(), end)
    return None


def extract_casing(ex: Extraction) -> None:
    capital_clauses: set[int] = set()
    for index, clause in enumerate(ex.clauses):
        shouting = NO_CAPITAL_WORDS_RE.search(clause.text)
        if shouting:
            capital_clauses.add(index)
            _add_capital_counts(ex, [Bound(LESS_THAN, 1)],
                                Span(clause.start + shouting.start(), clause.start + shouting.end()), 0.8)
            continue
        counted = _counted_capital_words(clause.text)
        if counted:
            bounds, (start, end) = counted
            capital_clauses.add(index)
            _add_capital_counts(ex, bounds, Span(clause.start + start, clause.start + end))
            continue
        m = CAPITAL_WORDS_RE.search(clause.text)
        if not m:
            continue
        capital_clauses.add(index)
        counts = [(b, pos) for b, pos in times_bounds(clause.text, words=True) if "sentence" not in
                  clause.text[pos[1]:pos[1] + 12].lower()]
        span = Span(clause.start + m.start(), clause.start + m.end())
        if counts:
            bounds, pos = counts[0]
            _add_capital_counts(ex, bounds, Span(clause.start + min(m.start(), pos[0]),
                                                 clause.start + max(m.end(), pos[1])))
            second = CAPITAL_WORDS_RE.search(clause.text, m.end())
            if second and re.search(r"\buse\b", clause.text[:m.start()], re.IGNORECASE) and all(
                    b.relation == LESS_THAN for b in bounds):  # "use capital words ..., but fewer than 10"
                ex.add("change_case:capital_word_frequency", "casing", {"capital_relation": AT_LEAST,
                       "capital_frequency": 1}, span, "at least 1 word in all capital letters", 0.8)
        elif re.search(r"\buse\b", clause.text[:m.start()], re.IGNORECASE):
            ex.add("change_case:capital_word_frequency", "casing", {"capital_relation": AT_LEAST,
                   "capital_frequency": 1}, span, "at least 1 word in all capital letters", 0.8)
    for index, clause in enumerate(ex.clauses):
        if index in capital_clauses:
            continue
        text = clause.text
        m = ALL_CAPITAL_RE.search(text)
        if m and NEGATION_RE.search(text[max(0, m.start() - 25):m.start()]):
            m = None  # "without using capital letters" asks for the opposite
        if m and not re.search(r"lower", m.group(), re.IGNORECASE) and NONE_OF_THE_WORDS_RE.search(text[:m.start()]):
            m = None  # "no other word should be in all caps" limits capitals, it does not ask for them
        if m and EXCEPTION_AFTER_RE.match(text, m.end()):
            continue  # "all caps except the names": not the whole response
        if m and _names_a_part(text, m.start()):
            continue  # "write the title in all caps": a part, not the whole response
        if m:
            if not ex.has("change_case:english_capital"):
                ex.add("change_case:english_capital", "casing", {},
                       Span(clause.start + m.start(), clause.start + m.end()), "all capital letters, in English")
            continue  # "not a single word should contain lowercase letters" is about capitals
        m = ALL_LOWER_RE.search(text)
        if m and not ex.has("change_case:english_lowercase"):
            if re.search(r"\b(?:not|don'?t|never)\s+(?:use|write)\s+(?:in\s+)?(?:all\s+)?lower", text, re.IGNORECASE):
                continue
            if _names_a_part(text, m.start()) or EXCEPTION_AFTER_RE.match(text, m.end()):
                continue  # "names in lowercase", "all lowercase except my name"
            if _DESCRIBED_RE.search(text[max(0, m.start() - 60):m.start()]):
                continue  # "the new bank sends the reference in lowercase": how some text is, not a request
            if RETURNED_RE.search(text, max(0, *(text.rfind(stop, 0, m.start()) + 1 for stop in ".!?\n")), m.start()):
                continue
            if _MIXED_CASE_RE.search(text[max(0, m.start() - 30):m.end()]):
                continue  # "passwords should combine upper and lower case letters": both cases, mixed
            ex.add("change_case:english_lowercase", "casing", {},
                   Span(clause.start + m.start(), clause.start + m.end()), "all lowercase letters, in English")


# A verb saying what a system or a text does, in the third person or past: a description, not the reply's casing
_DESCRIBED_RE = re.compile(r"\b(?:sends|sent|comes|came|arrives|arrived|stores|stored|saves|saved|gives|returns|"
                           r"outputs|exports|exported|prints|printed)\b", re.IGNORECASE)


# A program's result described in the third person: the casing is the returned value's, not the reply's ("una
# función que devuelva el usuario ..., todo en minúsculas").
RETURNED_RE = re.compile(r"\b(?:devuelv[ae]n?|retorn[ae]n?|renvoie(?!-)|retourne(?!-)|zurückgibt|liefert|returns)\b",
                         re.IGNORECASE)
_MIXED_CASE_RE = re.compile(r"\b(?:upper|capital)\s*-?\s*(?:case\s+)?(?:letters\s+)?(?:and|&|or)\s+lower",
                            re.IGNORECASE)


def _names_a_part(text: str, cue_start: int) -> bool:
    """A part of the response ("the title", "names") named just before the casing cue, and the whole not named."""
    head = text[max(0, cue_start - 40):cue_start]
    return PART_BEFORE_RE.search(head) is not None and WHOLE_RE.search(head) is None
