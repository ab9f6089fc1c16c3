"""How the response starts and ends: the closing phrase, a postscript, repeating the request first.
"""

from __future__ import annotations

import re
from itertools import islice

from rubriq.core.constraints.families.grammar import (
    MATERIAL_SUBJECT_RE,
    MAX_MATCHES,
    Extraction,
)
from rubriq.core.text import Span, split_sentences

QUOTATION_RE = re.compile(r"double\s+quot(?:ation|ations|e|es)?(?:\s+marks?)?|\bquotation\s+marks\b", re.IGNORECASE)
QUOTATION_VERB_RE = re.compile(r"\b(?:wrap\w*|enclos\w*|around|inside|within|surround\w*|put|place\w*|in)\b",
                               re.IGNORECASE)


# "Write a quote and put it in quotation marks": the thing written, named by "it", is the whole response.
PUT_IT_IN_RE = re.compile(r"\b(?:put|wrap|enclose|place|write)\s+(?:it|this|them)\s+(?:all\s+)?(?:in|inside|within|"
                          r"between)\s+(?:double\s+)?quot", re.IGNORECASE)


def extract_quotation(ex: Extraction) -> None:
    """ "Wrap your entire response with double quotation marks." """
    for clause in ex.clauses:
        q = QUOTATION_RE.search(clause.text)
        if q and QUOTATION_VERB_RE.search(clause.text) and (re.search(
                r"\b(?:response|answer|reply|output|entire|whole|everything)\b", clause.text, re.IGNORECASE)
                or PUT_IT_IN_RE.search(clause.text)):
            ex.add("startend:quotation", "format", {}, Span(clause.start + q.start(), clause.start + q.end()),
                   "the whole response wrapped in double quotation marks")
            break


# ---------------------------------------------------------------------------------------------------------------
# The closing phrase. Three ways to say it: a verb ("finish your response with this exact phrase X", "conclude by
# saying 'X'", "wrap up with: X"), the last part named ("the last line should be 'X'", "its final words must be
# X") or the place ("at the very end of your response, write the phrase 'X'"). The phrase is the quoted text, or
# after a colon or a definite noun ("the phrase", "this sentence") the rest of the line up to its first sentence
# end, always without the words that introduce it ("exactly", "word for word", "the following").

_CLOSING_NOUN = r"phrase|sentence|words?|line|question|statement|text|remark"
_DET = r"(?P<det>(?:the|this|these|that|a|an)\s+)?(?P<exact>(?:exact|following|precise|same|specific|very)\s+)?"
END_RE = re.compile(
    r"\b(?:(?:end|finish|conclude|close)(?:s|es|ing|ed)?|wrap(?:s|ping|ped)?\s+(?:it\s+)?up|"
    r"sign(?:s|ing|ed)?\s+(?:it\s+|this\s+|the\s+(?:e-?mail|message|letter|note)\s+)?off|round(?:s|ing|ed)?\s+off)\s+(?P<what>(?:your|the|it|this|each|every|my)\s+)?(?:(?:entire|whole|full)\s+)?"
    r"(?:[a-z]{2,12}\s+){0,2}?(?:with\b|by\s+(?:saying|writing|stating|adding|typing|asking|using)\b)\s*"
    r"(?:(?:exactly|precisely|just)\s+(?=th))?" + _DET + rf"(?P<noun>{_CLOSING_NOUN})?(?:\s+of)?\s*(?P<colon>:)?\s*",
    re.IGNORECASE)
LAST_SENTENCE_RE = re.compile(
    rf"\b(?:very\s+)?(?:last|final|closing|ending|concluding)\s+(?P<noun>{_CLOSING_NOUN}|thing)\s+"
    r"(?:(?:of|in)\s+(?:your|the|this|my)\s+(?:entire\s+|whole\s+)?[a-z]{2,15}\s+)?"
    r"(?:(?:should|must|has\s+to|have\s+to|needs\s+to|need\s+to|will|shall|is\s+to|are\s+to|ought\s+to)\s+)?"
    r"(?:be|read|say|state)s?\b"
    r"\s*(?P<colon>:)?\s*|"
    r"\b(?:very\s+)?end\s+of\s+(?:your|the)\s+(?:entire\s+)?(?:response|answer|reply|output)\s+(?:should|must)\s+"
    r"(?:read|be)\s*(?:exactly\s*)?(?:like|as)?\s*(?P<colon2>:)?\s*",
    re.IGNORECASE)
AT_THE_END_RE = re.compile(
    r"\b(?:at|towards?)\s+the\s+(?:very\s+)?end\s+(?:of\s+(?:your|the|this|my)\s+(?:entire\s+|whole\s+)?[a-z]{2,15}\s*)?"
    r",?\s*(?:please\s+)?(?:(?:you\s+)?(?:must|should|need\s+to|have\s+to|will)\s+)?(?:(?:explicitly|also|always)\s+)?"
    r"(?:write|put|add|include|say|type|state|append|place)\s+" + _DET
    + rf"(?P<noun>{_CLOSING_NOUN})?\s*(?P<colon>:)?\s*",
    re.IGNORECASE)
# Words that introduce a phrase and are not part of it.
INTRO_RE = re.compile(
    r"[\s,:–-]{0,6}(?:(?:exactly|verbatim|word\s+for\s+word|precisely|as\s+follows|like\s+this|below|the\s+following|"
    r"following|which\s+is|that\s+is|which\s+reads|that\s+reads|reading)\b[\s,:–-]{0,6}){0,4}", re.IGNORECASE)
QUOTED_PHRASE_RE = re.compile(
    r"\"([^\"\n]{1,200})\"|“([^”\n]{1,200})”|‘((?:[^’\n]|’(?=[A-Za-z])){1,200})’|"
    r"'((?:[^'\n]|'(?=[A-Za-z])){1,200})'(?![A-Za-z])|`([^`\n]{1,200})`")
# A sentence after the phrase that is an instruction again: "... help with?. No other words should follow."
NEXT_INSTRUCTION_RE = re.compile(
    r"[.?!](?=\s+(?:No|Do|Don|Make|Please|Nothing|This|The|Your|It|Then|After|Also|And|Ensure|Be|There|Avoid|"
    r"Write|Use|Include|Keep|Remember|Note|Again|Afterwards|Finally)\b)")


# A contact detail named by its kind and then given: "the phone number, 0161 555 0142", "our website
# www.example.org", "the e-mail address bookings@example.org".
CONTACT_GIVEN_RE = re.compile(
    r"(?:the|our|my|your|their)\s+(?:(?:main|office|booking|bookings|help\s*line|contact|direct)\s+)?"
    r"(?:(?:phone|telephone|mobile|contact|helpline)\s+number|phone|telephone\s+number|number|website|web\s+address|"
    r"url|link|e-?mail(?:\s+address)?)\s*[,:(]?\s*"
    r"(?P<value>\+?\(?\d[\d ()-]{5,18}\d|(?:https?://|www\.)[\w./%?=&#-]*[\w/]|[\w.+-]+@[\w-]+(?:\.[\w-]+){1,4})"
    r"(?=\s*(?:[,.;:)!?]|$|\s+(?:because|as|so|since|and|please)\b))", re.IGNORECASE)


def _closing_phrase(text: str, pos: int, quoted_only: bool) -> tuple[str, int] | None:
    """The phrase that starts at `pos` (after the words introducing it) and where it ends; None if there is none."""
    pos = INTRO_RE.match(text, pos).end()  # type: ignore[union-attr]  # matches the empty string at worst
    quoted = QUOTED_PHRASE_RE.match(text, pos)
    if quoted:
        phrase = next(group for group in quoted.groups() if group is not None).strip()
        return (phrase, quoted.end()) if phrase else None
    if quoted_only:
        return None
    line_end = text.find("\n", pos, pos + 300)
    line_end = min(len(text), pos + 300) if line_end < 0 else line_end
    rest = text[pos:line_end]
    cut = NEXT_INSTRUCTION_RE.search(rest)
    phrase = (rest[: cut.end()] if cut else rest).strip()
    if phrase.endswith(("?.", "!.", "..")):  # "... exact phrase Any other questions?. No other words ..."
        phrase = phrase[:-1]
    if not phrase or len(phrase) > 200:
        return None
    return phrase, pos + len(rest[: cut.end()] if cut else rest)


# The last sentence's opening: "the last sentence should start with "And so"", "end with a sentence that begins
# with 'Remember'".
LAST_SENTENCE_START_RE = re.compile(
    r"\b(?:very\s+)?(?:last|final|closing|concluding)\s+sentence\s+(?:(?:of|in)\s+(?:your|the|this)\s+[a-z]{2,15}\s+)?"
    r"(?:please\s+)?(?:(?:should|must|has\s+to|needs\s+to|will|shall|is\s+to|ought\s+to)\s+)?(?:start|begin|open)s?\s+"
    r"with\s*|"
    # "start the last sentence with "Tip:"", "starting that last sentence with ..."
    r"\b(?:start|begin|open)(?:s|ing)?\s+(?:the|that|your|this)\s+(?:very\s+)?(?:last|final|closing|concluding)\s+"
    r"sentence\s+with\s*|"
    # "end with a sentence that begins with 'Remember'", "finish with a tip that starts with "Try""
    r"\b(?:end|finish|close|conclude)(?:s|ing)?\s+(?:\w+\s+){0,2}?(?:with|on)\s+(?:a|one)\s+(?:\w+\s+)?(?:sentence|tip|"
    r"thought|suggestion|reminder|recommendation|piece\s+of\s+advice)\s+(?:(?:that|which)\s+(?:starts?|begins?|opens?)|"
    r"starting|beginning|opening)\s+with\s*|"
    # "end with your recommendation, in a sentence that starts with "For my part""
    r"\b(?:end|finish|close|conclude)(?:s|ing)?\s+(?:with|on)\s+(?:[\w'-]+\s+){0,2}[\w'-]+\s*,?\s+in\s+(?:a|one)\s+"
    r"(?:single\s+)?sentence\s+(?:(?:that|which)\s+(?:starts?|begins?|opens?)|starting|beginning|opening)\s+with\s*|"
    # "make the last sentence a tip that starts with "Tip:"", « que la última frase sea un consejo que empiece por »
    r"\b(?:the|that|your)\s+(?:very\s+)?(?:last|final|closing|concluding)\s+sentence\s+(?:(?:should|must|has\s+to|"
    r"needs\s+to|will)\s+be\s+|is\s+|be\s+|sea\s+)?(?:a|an|one)\s+(?:\w+\s+){0,2}?(?:that|which)\s+"
    r"(?:starts?|begins?|opens?)\s+with\s*|"
    # "three bullets, then a sentence that starts with 'Bottom line:'": a sentence added after the rest, so last
    r"\b(?:then|followed\s+by|after\s+that|and\s+after\s+(?:that|it))\s*,?\s+(?:a|one)\s+(?:final\s+|closing\s+|"
    r"last\s+)?sentence\s+(?:that|which)\s+(?:starts?|begins?|opens?)\s+with\s*", re.IGNORECASE)


def _last_sentence_start(ex: Extraction) -> None:
    for m in islice(LAST_SENTENCE_START_RE.finditer(ex.view), MAX_MATCHES):
        found = _closing_phrase(ex.view, m.end(), quoted_only=True)
        if found:
            option, end = found
            ex.add("rubriq:last_sentence_starts_with", "startend", {"options": [option]}, Span(m.start(), end),
                   f"a last sentence starting with {option!r}", 0.85)
            return


def extract_end(ex: Extraction) -> None:
    view = ex.view
    _last_sentence_start(ex)
    matches = [m for regex in (LAST_SENTENCE_RE, AT_THE_END_RE, END_RE)
               for m in islice(regex.finditer(view), MAX_MATCHES)]
    for m in sorted(matches, key=lambda m: m.start()):
        if MATERIAL_SUBJECT_RE.search(view, max(0, m.start() - 60), m.start()):
            continue  # "The email ends with ...": what the pasted text does, not what the response must
        groups = m.groupdict()
        what = (groups.get("what") or "").strip().lower()
        if what in ("each", "every"):
            continue  # "end each paragraph with ...": not the end of the response
        contact = CONTACT_GIVEN_RE.match(view, m.start("det") if groups.get("det") else m.end()) \
            if m.re is END_RE else None
        if contact:  # "finish with the phone number, 0161 555 0142": the number itself ends the reply
            value = contact.group("value")
            ex.add("startend:end_checker", "startend", {"end_phrase": value}, Span(m.start(), contact.end()),
                   f"end with {value!r}")
            return
        colon = bool(groups.get("colon") or groups.get("colon2"))
        definite = bool(groups.get("noun")) and (bool(groups.get("exact")) or (groups.get("det") or "the ").strip()
                                                 .lower() not in ("a", "an"))
        quoted_only = m.re is not LAST_SENTENCE_RE and not colon and not definite
        found = _closing_phrase(view, m.end(), quoted_only)
        if not found:
            continue
        phrase, end = found
        if re.match(r"(?:a|an)\s+(?:postscript|p\.\s?s)|p\.\s?p?\.?\s?s\b", phrase, re.IGNORECASE) or len(phrase) < 2:
            continue
        quoted = QUOTED_PHRASE_RE.match(view, INTRO_RE.match(view, m.end()).end())  # type: ignore[union-attr]
        if not colon and not quoted and re.match(r"(?:a|an|one)\s", phrase, re.IGNORECASE):
            continue  # "the last sentence must be a question": what it is, not its words
        if STARTING_WITH_RE.search(view, m.start(), m.end()):
            # 'a one-line warning at the very end starting with "Note:"': the last line's opening, not its end
            ex.add("rubriq:last_line_starts_with", "startend", {"options": [phrase]}, Span(m.start(), end),
                   f"a last line starting with {phrase!r}", 0.85)
            return
        slot = PLACEHOLDER_SLOT_RE.search(phrase)
        if slot and slot.start() > 0:  # 'end with "Final answer: X km"': a line to fill in, known by its start
            prefix = phrase[:slot.start()].strip()
            ex.add("rubriq:last_line_starts_with", "startend", {"options": [prefix]}, Span(m.start(), end),
                   f"a last line starting with {prefix!r}", 0.85)
            return
        ex.add("startend:end_checker", "startend", {"end_phrase": phrase}, Span(m.start(), end),
               f"end with {phrase!r}")
        return
    signed = SIGN_OFF_NAME_RE.search(view)
    if signed and not MATERIAL_SUBJECT_RE.search(view, max(0, signed.start() - 60), signed.start()):
        name = signed.group("name").rstrip(".")
        ex.add("startend:end_checker", "startend", {"end_phrase": name}, Span(signed.start(), signed.start("name") +
                                                                              len(name)),
               f"end with {name!r}", 0.8)


# A name to sign with, unquoted: "Sign off with Dan from IT at the bottom.", "sign it as Maria". Only capitalised
# words (with "from", "at" or "of" between them), and only where the clause ends after them.
SIGN_OFF_NAME_RE = re.compile(
    r"\b(?i:sign)\s+(?i:off\s+|it\s+)?(?i:with|as)\s+(?P<name>[A-Z][\w'’.-]*(?:[ \t]+(?:(?:from|at|of)[ \t]+)?"
    r"[A-Z][\w'’.-]*){0,3})(?=[ \t]*(?:$|[.;!\n]|,[ \t]*(?i:please|thanks)|[ \t]+(?i:at\s+the\s+(?:bottom|end))))",
    re.MULTILINE)


STARTING_WITH_RE = re.compile(r"\b(?:starting|beginning|opening|that\s+(?:starts|begins|opens))\s+with\s*$",
                              re.IGNORECASE)
# A slot to fill in a phrase: "Answer: X", "Total: <number>", "Result: ___", "Score: [score]".
PLACEHOLDER_SLOT_RE = re.compile(r"(?<![\w'])(?:X|N|Y|#)(?![\w'])|<[^<>\n]{1,20}>|\[[^\]\n]{1,20}\]|_{2,}|\.{3}|…|"
                                 r"\{[^{}\n]{1,20}\}")
LAST_LINE_START_RE = re.compile(
    r"\b(?:the\s+|a\s+)?(?:last|final|closing|bottom)\s+line\b[^.\n\"“]{0,20}?\b(?:that\s+|which\s+)?(?:starts?|begins?|"
    r"starting|beginning|opens?|opening|kicks?\s+off|kicking\s+off|leads?(?:\s+off)?|leading(?:\s+off)?)\s+with\s+|"
    r"\b(?:end|finish|close|conclude|wrap\s+up)\w*\s+(?:(?:your|the|it|this)\s+(?:\w+\s+)?)?(?:with|on)\s+"
    r"(?:a|one|a\s+single)\s+(?:final\s+|last\s+|closing\s+)?line\s+(?:that\s+)?(?:starts?|begins?|starting|beginning|"
    r"opening)(?:\s+with)?\s+|"
    r"\b(?:the\s+)?(?:very\s+)?(?:last|final|closing|bottom)\s+line\s+(?:of\s+(?:your|the)\s+\w+\s+)?(?:should|must|"
    r"has\s+to|needs\s+to|will)?\s*(?:(?:start|begin|open)s?|(?:lead|kick)s?\s+off)\s+(?:with\s+)?|"
    # "At the very bottom, a line that starts with 'Total:'", « Ganz unten dann eine Zeile, die mit „X“ anfängt »
    # "at the very end, after the table, a separate line that starts with ..."
    r"\bat\s+the\s+(?:very\s+)?(?:bottom|end)\s*,?\s+(?:[^.,;:\n\"“]{1,30},\s+)?(?:[a-z]+\s+){0,2}?(?:a|one)\s+"
    r"(?:(?:single|separate|own|new)\s+)?line(?:\s+of\s+its\s+own)?\s*,?\s+"
    r"(?:(?:that|which|the)\s+(?:starts?|begins?|opens?)|starting|beginning|opening)\s+with\s+|"
    # 'close with a "Bottom line:" line': a labelled line last
    r"\b(?:end|finish|close|conclude|wrap\s+up)\w*\s+(?:(?:your|the|it|this)\s+(?:\w+\s+)?)?(?:with|on)\s+an?\s+"
    r"(?=[\"“][^\"”\n]{1,40}:[\"”]\s+line\b)", re.IGNORECASE)
ENDS_WITH_QUESTION_RE = re.compile(
    r"\b(?:end|finish|close|conclude|wrap\s+up)(?:s|es|ing|ed)?\s+(?P<what>(?:(?:your|the|it|this|each|every|my)\s+)?"
    r"(?:\w+\s+)?)(?:with|by\s+asking(?:\s+(?:(?:the|your|my)\s+\w+|me|us|them|him|her))?|on)\s+(?:a|one)\s+"
    r"(?:\w+\s+)?question\b|"
    r"\b(?:last|final)\s+sentence\s+(?:should|must|has\s+to)\s+be\s+a\s+question\b|"
    # "finish by asking the reader what they think" (not "end by asking them to subscribe": a request)
    r"\b(?:end|finish|close|conclude|wrap\s+up)(?:s|es|ing|ed)?\s+(?P<what2>(?:(?:your|the|it|this|my)\s+)?(?:\w+\s+)?)"
    r"by\s+asking\s+(?:(?:the|your|my)\s+)?(?:\w+\s+)?(?:what|whether|if|how|which|who|why|when|where)\b|"
    # "make the last bit a question so she has to confirm"
    r"\bmake\s+(?:the|your)\s+(?:last|final|closing)\s+(?:bit|line|sentence|part)\s+a\s+question\b|"
    # "À la fin, pose-moi une question" (at the end, ask me a question), "ask me a question at the end"
    r"\bat\s+the\s+(?:very\s+)?end\s*,?\s+ask\s+(?:me|us|them|him|her|the\s+reader)\s+(?:a|one)\s+(?:\w+\s+)?question\b|"
    r"\bask\s+(?:me|us|them|him|her|the\s+reader)\s+(?:a|one)\s+(?:\w+\s+)?question\s+at\s+the\s+(?:very\s+)?end\b|"
    # "termine en me demandant si ...", "finish by asking me whether ...": the reply ends on a question to the reader
    r"\b(?:end|finish|close)\s+(?:by\s+)?asking\s+(?:me|us|him|her|them)\s+(?:what|whether|if|how|which|si|ob)\b",
    re.IGNORECASE)
STARTS_WITH_RE = re.compile(
    r"\b(?:(?:start|begin|open|lead)(?:s|ing)?|kick(?:s|ing)?\s+off)\s+(?:(?:your|the)\s+(?:answer|response|reply|"
    r"email|letter|message|note|post|text|output|story|poem|speech)\s+|it\s+|off\s+)?with\s+(?:the\s+(?:word|words|phrase|line|greeting)\s+|"
    r"either\s+|(?:a|an)\s+(?:plain|simple|clear|straight|single|one-word)\s+)?(?=[\"“‘'`])|"
    r"\b(?:your|the)\s+(?:answer|response|reply|email|letter|message|output)\s+(?:should|must|has\s+to|needs\s+to|will)\s+"
    r"(?:start|begin|open)\s+with\s+(?:the\s+(?:word|words|phrase)\s+|either\s+)?(?=[\"“‘'`])|"
    # 'put a heading at the top that says "Trip to-do"': the reply opens with it
    r"\b(?:put|add|give\s+it|start\s+with)\s+(?:a|an)\s+(?:heading|title|header|line)\s+at\s+the\s+(?:very\s+)?"
    r"(?:top|start|beginning)\s+(?:that\s+says|saying|reading|with|:)\s*(?=[\"“‘'`])|"
    # 'The first word should be "Yes" or "No"', 'the first thing he sees should be a "Yep" or a "Nope"'
    r"\b(?:the\s+)?(?:very\s+)?first\s+(?:word|words|thing)\s+(?:(?:he|she|they|you|we|I|people|readers?|the\s+"
    r"reader)\s+(?:sees?|reads?|hears?|writes?|puts?)\s+)?(?:of\s+(?:your|the)\s+\w+\s+)?(?:should|must|has\s+to|"
    r"needs\s+to|will)\s+be\s+(?:either\s+)?(?:an?\s+)?(?=[\"“‘'`])|"
    # 'First line "Subject: …"', 'the first line of the email should read "Hi all"'
    r"\b(?:the\s+)?(?:very\s+)?first\s+line(?:\s+of\s+(?:your|the)\s+(?:answer|response|reply|email|e-mail|letter|message|"
    r"note|post|text|poem))?\s*(?:(?:should|must|has\s+to|needs\s+to|will)\s+(?:be|read|say)\s+|(?:is|reads|says)\s+|"
    r"[:=]\s*)?(?=[\"“‘'`])", re.IGNORECASE)


# The options named before where they go: 'put "Yes" or "No" at the very start', '"Yes" or "No" first, then why'; or
# the place named first: 'at the very start, "Yes" or "No"'.
_OPTS = r'"[^"\n]{1,30}"(?:\s*(?:,|or|/)\s*"[^"\n]{1,30}"){1,3}'
OPTIONS_THEN_PLACE_RE = re.compile(
    rf"\b(?:put|place|write|give)\s+(?:me\s+)?(?P<opts>{_OPTS})\s+(?:at\s+the\s+(?:very\s+)?(?:start|beginning|top)|"
    rf"first(?:\s+thing)?|up\s+front|before\s+anything\s+else)\b|"
    rf"\bat\s+the\s+(?:very\s+)?(?:start|beginning)\s*,?\s+(?:put\s+|write\s+)?(?P<opts2>{_OPTS})|"
    rf"(?:^|(?<=[.:;!?]\s))(?P<opts3>{_OPTS})\s+(?:first|up\s+front)\b", re.IGNORECASE | re.MULTILINE)


# "Answer only with "Yes" or "No"": the response is one of the options, so it starts with one.
ONLY_WITH_RE = re.compile(r"\b(?:answer|reply|respond)\s+(?:the\s+question\s+)?(?:only|just|simply|solely)\s+"
                          r"(?:with\s+)?(?:either\s+|one\s+of\s+)?(?=[\"“‘'`])|\b(?:answer|reply|respond)\s+with\s+"
                          r"(?:only|just)\s+(?:either\s+)?(?=[\"“‘'`])", re.IGNORECASE)


# "Start with yes or no", "answer yes or no first", "réponds par oui ou non d'abord": the first word is the verdict,
# unquoted. The pair is one of the four languages' yes/no words.
_ARTICLE = r"(?:(?:a|un|una|ein)\s+)?"  # "con un sí o un no", "with a yes or a no"
_YES_NO = (rf"{_ARTICLE}(?P<a>yes|no|oui|non|sí|si|ja|nein)(?:\s+(?:or|ou|o|oder)\s+{_ARTICLE}|\s*/\s*)"
           r"(?P<b>yes|no|oui|non|sí|si|ja|nein)\b")
YES_NO_FIRST_RE = re.compile(
    r"\b(?:start|begin|open|lead)(?:s|ing)?\s+(?:(?:your|the)\s+(?:answer|response|reply)\s+|it\s+|off\s+)?"
    r"(?:first\s+)?(?:with|on)\s+(?:a\s+)?(?:(?:plain|simple|clear|straight|clean)\s+)?" + _YES_NO + "|"
    r"\b(?:answer|respond|reply|say|give\s+(?:me|us))\s+(?:first\s+)?(?:with\s+)?(?:a\s+)?"
    r"(?:(?:plain|simple|clear|straight)\s+)?"
    + _YES_NO.replace("?P<a>", "?P<a2>").replace("?P<b>", "?P<b2>") +
    r"\s*,?\s*(?:first|up\s+front|at\s+the\s+(?:start|beginning)|before\s+anything\s+else)\b|"
    # "First word yes or no", "the first word: yes or no", "first word must be yes or no"
    r"\b(?:the\s+)?first\s+word\s*(?:[:=–-]\s*|(?:should|must|has\s+to|needs\s+to|will)\s+be\s+|is\s+)?(?:either\s+)?"
    + _YES_NO.replace("?P<a>", "?P<a3>").replace("?P<b>", "?P<b3>"), re.IGNORECASE)


# "Start with Yes, No or Partly": a verdict from a list of capitalised words, a yes and a no among them.
VERDICT_LIST_FIRST_RE = re.compile(
    r"\b(?i:start|begin|open|lead)(?:s|ing)?\s+(?i:(?:your|the)\s+(?:answer|response|reply)\s+|it\s+|off\s+)?"
    r"(?i:with|on)\s+(?P<list>[A-Z][\w-]{1,15}(?:,\s*[A-Z][\w-]{1,15}){1,3},?\s+(?:or|ou|o|oder)\s+[A-Z][\w-]{1,15}"
    r"(?:\s+[a-zà-ÿ][\w-]{1,15}(?=\s*[,.;:!?)]|\s*$))?)\b", re.MULTILINE)  # « En partie »
_VERDICT_YES = frozenset({"yes", "oui", "sí", "si", "ja"})
_VERDICT_NO = frozenset({"no", "non", "nein"})


def _options(view: str, pos: int, limit: int = 4) -> tuple[list[str], int]:
    """Quoted options from `pos`: "Yes" or "No", 'A', 'B' or 'C'."""
    options, end = [], pos
    for _ in range(limit):
        quoted = QUOTED_PHRASE_RE.match(view, end)
        if not quoted:
            break
        options.append(next(g for g in quoted.groups() if g is not None).strip())
        end = quoted.end()
        sep = re.match(r"\s*(?:,\s*)?(?:or|and)?\s*(?:an?\s+)?", view[end:end + 10])  # '"Yep" or a "Nope"'
        if not sep or not QUOTED_PHRASE_RE.match(view, end + sep.end()):
            break
        end += sep.end()
    return options, end


def extract_openings_and_closings(ex: Extraction) -> None:
    """The first words, the last line's start, and ending with a question."""
    view = ex.view
    only = ONLY_WITH_RE.search(view)
    if only and not re.search(r"my\s+answer\s+is", view, re.IGNORECASE):
        options, end = _options(view, only.end())
        if len(options) >= 2 and all(len(o.split()) <= 3 for o in options):
            ex.add("rubriq:starts_with", "startend", {"options": options}, Span(only.start(), end),
                   "answer with " + " or ".join(repr(o) for o in options), 0.8)
            return
    m = LAST_LINE_START_RE.search(view)
    if m and not ex.has("rubriq:last_line_starts_with"):
        quoted = QUOTED_PHRASE_RE.match(view, m.end())
        if quoted:
            option = next(g for g in quoted.groups() if g is not None).strip()
            slot = PLACEHOLDER_SLOT_RE.search(option)
            option = option[:slot.start()].strip() if slot and slot.start() > 0 else option
            ex.add("rubriq:last_line_starts_with", "startend", {"options": [option]}, Span(m.start(), quoted.end()),
                   f"a last line starting with {option!r}", 0.85)
            ex.found = [c for c in ex.found if not (c.kind in ("startend:end_checker", "rubriq:starts_with")
                                                    and c.span.overlaps(Span(m.start(), quoted.end())))]
    m = ENDS_WITH_QUESTION_RE.search(view)
    if m and (m.group("what") or m.group("what2") or "").strip().lower().split(" ")[0] not in ("each", "every"):
        ex.add("rubriq:ends_with_question", "startend", {}, Span(m.start(), m.end()), "end with a question", 0.85)
    if ex.has("combination:repeat_prompt"):
        return
    verdicts = VERDICT_LIST_FIRST_RE.search(view)
    if verdicts and not ex.has("rubriq:starts_with"):
        options = [o for o in re.split(r"\s*,\s*(?:(?:or|ou|o|oder)\s+)?|\s+(?:or|ou|o|oder)\s+",
                                       verdicts.group("list")) if o]
        if {o.lower() for o in options} & _VERDICT_YES and {o.lower() for o in options} & _VERDICT_NO:
            ex.add("rubriq:starts_with", "startend", {"options": options}, Span(verdicts.start(), verdicts.end()),
                   "start with " + " or ".join(repr(o) for o in options), 0.85)
            return
    yes_no = YES_NO_FIRST_RE.search(view)
    if yes_no and not ex.has("rubriq:starts_with"):
        options = [yes_no.group("a") or yes_no.group("a2") or yes_no.group("a3"),
                   yes_no.group("b") or yes_no.group("b2") or yes_no.group("b3")]
        if options[0].lower() != options[1].lower():
            ex.add("rubriq:starts_with", "startend", {"options": options}, Span(yes_no.start(), yes_no.end()),
                   "start with " + " or ".join(repr(o) for o in options), 0.85)
            return
    placed = OPTIONS_THEN_PLACE_RE.search(view)
    if placed:
        group = next(g for g in ("opts", "opts2", "opts3") if placed.group(g) is not None)
        options, _ = _options(view, placed.start(group))
        if len(options) >= 2:
            ex.add("rubriq:starts_with", "startend", {"options": options}, Span(placed.start(), placed.end()),
                   "start with " + " or ".join(repr(o) for o in options), 0.85)
            return
    m = STARTS_WITH_RE.search(view)
    head = view[max(0, m.start() - 30):m.start()] if m else ""
    # the part named before "start with", in the same clause ("3 sentences at most, and open with" names no part)
    head = re.split(r"[.!?;\n]|,\s*(?:and|then|but)\s", head)[-1]
    # "The article opens with ...": how the pasted text starts; "finish with a tip that starts with ...": the last
    # sentence's opening, read by the end family
    if m and not re.search(r"paragraph|section|(?<!first )line|sentence", head + m.group(), re.I) and \
            not MATERIAL_SUBJECT_RE.search(head) and not ex.has("rubriq:last_sentence_starts_with"):
        options, end = _options(view, m.end())
        if options:
            ex.add("rubriq:starts_with", "startend", {"options": options}, Span(m.start(), end),
                   "start with " + " or ".join(repr(o) for o in options), 0.85)


# A postscript: its markers as written (P.S., P.P.S, and P.D. or P.-S. of a glossed prompt) and the word itself.
# "a PS" in capitals after an article is the marker written without its dots
_MARKER = r"P\.\s?P\.\s?S\b\.?|P\.\s?-?\s?S\.|P\.\s?D\.|PS(?=:)|(?<=\b[aA]\s)(?-i:PS)\b"
POSTSCRIPT_MENTION_RE = re.compile(rf"\b(?:post\s?-?script|{_MARKER})", re.IGNORECASE)
# The marker stated after the word: "a postscript starting with P.P.S", "... marked 'Note:'".
POSTSCRIPT_MARKED_RE = re.compile(
    r"[^\n]{0,80}?\b(?:start\w*|begin\w*|indicated|marked|denoted|prefixed|introduced|labell?ed|open\w*)\s+"
    rf"(?:it\s+)?(?:with|by)\s+(?:a\s+|an\s+|the\s+)?(?P<marker>{_MARKER}|[\"“'][^\"”'\n]{{1,20}}[\"”'])",
    re.IGNORECASE)
# A postscript asked for: a verb or an article before it in its clause ("add a P.S.", "remind them in a P.S.",
# "with a postscript", "don't forget to include a postscript"), never one ruled out ("no P.S. needed") or asked about
# ("is it P.S. or PS?").
POSTSCRIPT_REQUEST_RE = re.compile(
    r"\b(?:add\w*|includ\w*|append\w*|put|writ\w*|end\w*|finish\w*|clos\w*|sign\w*\s+off|remind\w*|with|"
    r"attach\w*|tack\w*|follow\w*|conclud\w*)\b|\b(?:a|an|one)\s+(?:short\s+|brief\s+|little\s+|quick\s+)?$",
    re.IGNORECASE)
POSTSCRIPT_REFUSED_RE = re.compile(
    r"(?:\b(?:no|without|never)|\b(?:do\s+not|don'?t|doesn'?t|shouldn'?t|should\s+not|must\s+not|won'?t)\s+"
    r"(?:add|include|use|write|put|need|want|end\s+with))\s+(?:(?:a|an|any|the)\s+)?$", re.IGNORECASE)


def _marker(raw: str) -> str:
    compact = raw.strip("\"“”'").replace(" ", "").upper()
    if compact.startswith("P.P.S"):
        return "P.P.S"
    if compact in ("P.S", "P.S.", "PS"):
        return "P.S."
    if compact in ("P.D", "P.D."):
        return "P.D."
    return raw.strip("\"“”'").strip()


def extract_postscript(ex: Extraction) -> None:
    """Each postscript asked for, with its marker (P.S. unless another is named) and the words it must say."""
    markers: set[str] = set()
    consumed = 0
    for clause in ex.clauses:
        for m in POSTSCRIPT_MENTION_RE.finditer(clause.text):
            if clause.start + m.start() < consumed:
                continue
            head = clause.text[:m.start()]
            if POSTSCRIPT_REFUSED_RE.search(head[-40:]) or not POSTSCRIPT_REQUEST_RE.search(head):
                continue
            if clause.text.rstrip().endswith("?") and re.match(
                    r"\s*(?:is|are|what|how|why|where|when|which|does|do|should|can)\b", clause.text, re.IGNORECASE) \
                    and not re.search(r"\b(?:add|include|append|write)\b", head, re.IGNORECASE):
                continue  # "Where does the P.S. go in a letter?"
            end = m.end()
            marked = POSTSCRIPT_MARKED_RE.match(clause.text, m.end())
            if marked:
                marker, end = _marker(marked.group("marker")), marked.end()
            elif re.match(r"post", m.group(), re.IGNORECASE):
                marker = "P.S."
            else:
                marker = _marker(m.group())
            if marker == "P.S." and m.group() == "PS" and ex.reading.language_at(ex.reading.to_source(
                    Span(clause.start + m.start(), clause.start + m.end()))) == "de":
                marker = "PS"  # "setz noch ein PS drunter": German writes its postscript without the dots
            consumed = clause.start + end
            if marker in markers:
                continue
            markers.add(marker)
            explicit = bool(marked) or not re.match(r"post", m.group(), re.IGNORECASE)
            found = len(ex.found)
            _postscript_content(ex, marker, clause.start + m.start(), clause.start + end)
            if len(ex.found) == found:  # a postscript with given content is checked as that one, not twice
                ex.add("detectable_content:postscript", "content", {"postscript_marker": marker},
                       Span(clause.start + m.start(), clause.start + end), f"a postscript starting with {marker}",
                       0.9 if explicit else 0.7)


POSTSCRIPT_SAYS_RE = re.compile(
    r"[^.\n]{0,30}?\b(?:saying|that\s+says|which\s+says|reading|that\s+reads|stating|containing|with)"
    r"(?:\s+(?:the|a|this)\s+[\w-]{1,20})?\s*:?\s*(?=[\"“‘'])", re.IGNORECASE)


POSTSCRIPT_TELLS_RE = re.compile(
    r"[^.\n\"“]{0,30}?\b(?:saying|to\s+say|telling\s+(?:them|him|her|everyone|people)|to\s+tell\s+(?:them|him|her)|"
    r"that\s+says|mentioning)\s+(?:that\s+)?(?P<name>(?!I\b)[A-Z][a-zà-ÿ'-]+(?:\s+[A-Z][a-zà-ÿ'-]+)?)\b"
    r"(?=\s+(?:has|have|had|is|was|will|can|could|would|agreed|said|says|and|'s|’s))")


# "add a P.S. at the end saying parking is very limited": the news is about a thing, whose word the postscript cannot
# leave out (not a pronoun: "saying we'll be late" names nothing to find)
POSTSCRIPT_NEWS_RE = re.compile(
    r"[^.\n\"“]{0,30}?\b(?:saying|to\s+say|telling\s+(?:them|him|her|everyone|people)|to\s+tell\s+(?:them|him|her)|"
    r"that\s+says|mentioning)\s+(?:that\s+)?(?:the\s+|our\s+|your\s+)?"
    r"(?P<thing>(?!(?:we|you|they|it|he|she|there|this|that|these|those|everyone|everybody|people|i)\b)"
    r"[a-z][a-z'-]{2,}(?:\s+[a-z][a-z'-]{2,})?)"
    r"(?=\s+(?:is|are|was|were|will|has|have|had|starts?|opens?|closes?|runs?|needs?|costs?)\b)")


# "a P.S. about our Saturday reading mornings", "a P.S. pointing them to our careers page": what the postscript is
# about, its words to be there
POSTSCRIPT_ABOUT_RE = re.compile(
    r"(?:\s+(?:at|to)\s+the\s+(?:very\s+)?(?:bottom|end|foot))?\s+(?:about|regarding|mentioning|"
    r"reminding\s+(?:them|people|everyone|readers)\s+(?:about|of)|"
    r"(?:pointing|directing|sending)\s+(?:them|people|everyone|readers|him|her)\s+(?:to|towards)|linking\s+to)\s+"
    r"(?:(?:our|the|my|their|your|a|an)\s+)?(?P<topic>[^.,;:!?\n()\"“]{3,60}?)"
    r"(?=\s*(?:[.,;:!?\n()]|$)|\s+(?:and|but|so|because|which|that|if|instead|too|as\s+well|please|then)\b)",
    re.IGNORECASE)


def _postscript_content(ex: Extraction, marker: str, start: int, pos: int) -> None:
    """'a P.S. that says "Doors open at 7"': the postscript's given words, when the prompt quotes them; the
    constraint spans the mention from its marker (at `start`; `pos` is where the words after the marker begin)."""
    says = POSTSCRIPT_SAYS_RE.match(ex.view, pos)
    quoted = QUOTED_PHRASE_RE.match(ex.view, says.end()) if says else None
    if quoted:
        content = next(g for g in quoted.groups() if g is not None).strip()
        ex.add("rubriq:postscript_content", "content", {"postscript_marker": marker, "content": content},
               Span(start, quoted.end()), f"a postscript starting with {marker} that says {content!r}", 0.85)
        return
    # unquoted: 'a P.S. saying Jess has agreed to take it' asks for the news, in any words; the name it is about
    # ("Jess"), or the thing ("saying parking is very limited"), is what a P.S. giving that news cannot leave out
    for pattern, group in ((POSTSCRIPT_TELLS_RE, "name"), (POSTSCRIPT_NEWS_RE, "thing")):
        told = pattern.match(ex.view, pos)
        if told:
            subject = told.group(group)
            ex.add("rubriq:postscript_content", "content", {"postscript_marker": marker, "content": subject},
                   Span(start, told.end()), f"a postscript starting with {marker} that mentions {subject}", 0.7)
            return
    about = POSTSCRIPT_ABOUT_RE.match(ex.view, pos)
    if about:
        topic = about.group("topic").strip()
        ex.add("rubriq:postscript_content", "content", {"postscript_marker": marker, "content": topic},
               Span(start, about.end("topic")), f"a postscript starting with {marker} about {topic}", 0.7)


REPEAT_FIRST_RE = re.compile(
    r"\b(?:first|before|word\s+for\s+word|without\s+(?:any\s+)?chang\w*|exact\w*|verbatim|as\s+it\s+is|"
    r"beginning|start\s+(?:your|the)\s+(?:response|answer|reply))\b", re.IGNORECASE)
REPEAT_TALK_RE = re.compile(r"\brepeat\w*|\b(?:do\s+not|don'?t)\s+say\b|\bword\s+for\s+word\b", re.IGNORECASE)
REPEAT_RE = re.compile(
    r"\b(?:repeat(?:ing)?|(?:copy|copying|restate|restating|reproduce|reproducing|echo|echoing)(?=[^.\n]{0,80}?"
    r"\b(?:word\s+for\s+word|verbatim|exactly|without\s+(?:any\s+)?chang)))\s+(?:(?:the|this|my|your|all|exact|"
    r"entire|whole|above|following|same|original|user'?s?|"
    r"full|it|that|text|request|prompt|question|sentence|instructions?|input|query)\b[\s,]*){1,6}",
    re.IGNORECASE)


def extract_repeat(ex: Extraction) -> None:
    view, text = ex.view, ex.doc.text
    m = REPEAT_RE.search(view)
    if not m or not re.search(r"request|prompt|question|sentence|text|instruction|input|query|\bit\b", m.group(0),
                              re.IGNORECASE):
        return
    around = view[max(0, m.start() - 150):m.end() + 150]
    if not REPEAT_FIRST_RE.search(around):
        return  # "repeat the chorus", "repeat the following sentence in French": not the request, not first
    if not re.search(r"request|prompt|question|sentence|text|instruction|input|query", m.group(0), re.IGNORECASE) \
            and not re.search(r"request|prompt|question|instruction", around, re.IGNORECASE):
        return  # "repeat it" must refer to the request
    # The instruction to repeat sits in a block of lines; the request is the text on the other side of it.
    line_start = view.rfind("\n", 0, m.start()) + 1
    body_start = ex.doc.body_start
    before_in_line = view[line_start:m.start()]
    sentence_start = line_start
    if before_in_line.strip():
        sentences = [s for s in split_sentences(view[line_start:]) if s.span.start + line_start <= m.start()]
        if sentences:
            sentence_start = line_start + sentences[-1].span.start
    block_end = view.find("\n\n", m.end())
    block_end = len(view) if block_end < 0 else block_end
    at = ex.reading.source_offset  # the request is quoted from the prompt as written
    request = text[body_start:at(sentence_start)].strip()
    if not request:
        request = text[at(block_end):].strip()
    if not request:  # instruction and request in one paragraph: the request follows the instruction's sentences
        after = [sg for sg in split_sentences(view[m.end():]) if not REPEAT_TALK_RE.search(sg.text)]
        request = text[at(m.end() + after[0].span.start):].strip() if after else ""
        lead = re.match(r"[^:?\n]{0,60}:\s+(?=\S)", request)  # "..., then answer it: What is ...?": after the colon
        if lead:
            request = request[lead.end():].strip()
    if not request:
        return
    ex.add("combination:repeat_prompt", "startend", {"prompt_to_repeat": request}, Span(m.start(), m.end()),
           "start by repeating the request word for word")
