"""The language of the whole response: "respond in Spanish", "your entire response should be in Kannada".
"""

from __future__ import annotations

import re
from itertools import islice

from rubriq.core.constraints.families.grammar import (
    MAX_MATCHES,
    Extraction,
)
from rubriq.core.text import Span

LANGUAGES = {
    "english": "en", "spanish": "es", "portuguese": "pt", "arabic": "ar", "hindi": "hi", "french": "fr",
    "russian": "ru", "german": "de", "japanese": "ja", "italian": "it", "bengali": "bn", "bangla": "bn",
    "ukrainian": "uk", "thai": "th", "urdu": "ur", "tamil": "ta", "telugu": "te", "bulgarian": "bg", "korean": "ko",
    "polish": "pl", "hebrew": "he", "persian": "fa", "farsi": "fa", "vietnamese": "vi", "nepali": "ne",
    "swahili": "sw", "kannada": "kn", "marathi": "mr", "gujarati": "gu", "punjabi": "pa", "malayalam": "ml",
    "finnish": "fi", "dutch": "nl", "swedish": "sv", "turkish": "tr", "greek": "el", "czech": "cs",
    "romanian": "ro", "hungarian": "hu", "danish": "da", "norwegian": "no", "indonesian": "id", "tagalog": "tl",
    "croatian": "hr", "slovak": "sk", "slovenian": "sl", "lithuanian": "lt", "latvian": "lv", "estonian": "et",
    "catalan": "ca", "welsh": "cy", "somali": "so", "afrikaans": "af", "albanian": "sq", "macedonian": "mk",
}
LANGUAGE_RE = re.compile(r"\b(" + "|".join(sorted(LANGUAGES, key=len, reverse=True)) + r")\b", re.IGNORECASE)
EXCLUSIVE_RE = re.compile(
    r"\b(?:only|entirely|entire|exclusively|solely|completely|whole|wholly|purely|no\s+other\s+languages?|"
    r"any\s+other\s+languages?|nothing\s+but|all\s+of\s+your|throughout)\b", re.IGNORECASE)


# "Respond in Spanish": the reply itself is to be in that language (not "explain in French why ...").
RESPOND_IN_RE = re.compile(r"\b(?:respond|reply|answer)\s+(?:me\s+|only\s+)?in\s+(?:the\s+)?$|"
                           r"\b(?:respond|reply|answer)\s+(?:me\s+|only\s+)?in\b", re.IGNORECASE)
SUBJECT_RE = re.compile(r"\b(?:response|answer|reply|output|everything|it)\s+(?:should|must|has|needs|will|shall|is)\b",
                        re.IGNORECASE)
# "The response must be in the Hindi language", "your answer should be written in German": the response named.
SUBJECT_IN_RE = re.compile(
    r"\b(?:response|answer|reply|output|everything|it)\s+(?:should|must|has\s+to|needs\s+to|will|shall|is\s+to|is)\s+"
    r"(?:be\s+)?(?:(?:written|given|provided|composed|entirely|completely|all|only|fully)\s+){0,2}in\s+(?:the\s+)?$",
    re.IGNORECASE)


# In a prompt written in another language, the language the task is to be done in: "Fasse ... auf Englisch
# zusammen" (glossed "summarize ... in English"), "traduce al inglés".
TASK_IN_RE = re.compile(
    r"\b(?:write|summari[sz]e|translate|respond|answer|reply|explain|describe|give|tell|list|draft|rewrite)\b"
    r"[^.;:\n]{0,80}?\b(?:in|into|to|al|ins)\s+(?:the\s+)?$|"
    # "die Zusammenfassung bitte in englischer Sprache" (glossed "the Zusammenfassung please in English")
    r"\b(?:summary|zusammenfassung|antwort|answer|reply|response|resumen|respuesta|résumé|réponse)\s+"
    r"(?:please\s+)?in\s+(?:the\s+)?$", re.IGNORECASE)


# "respond in German, not in English like last time": the language named after "not" is the one not wanted.
NOT_IN_BEFORE_RE = re.compile(r"\b(?:not|never|rather\s+than|instead\s+of)\s+(?:(?:in|into|using)\s+)?(?:the\s+)?$",
                              re.IGNORECASE)


def _language_of_the_task(ex: Extraction) -> bool:
    for clause in ex.clauses:
        clause_language = ex.reading.language_at(ex.reading.to_source(clause.span))
        if clause_language == "en":
            continue
        for m in islice(LANGUAGE_RE.finditer(clause.text), MAX_MATCHES):
            code = LANGUAGES[m.group(1).lower()]
            asked = TASK_IN_RE.search(clause.text[:m.start()]) and not NOT_IN_BEFORE_RE.search(clause.text[:m.start()])
            if code == clause_language and asked:
                # "Contéstame en español (el programa lo exporta en inglés)", "Réponds en français, pas en anglais":
                # the reply is asked for in the prompt's own language first; a language named after it is not
                # the one asked for (the plain reading below takes the first)
                return False
            if code != clause_language and asked:
                ex.add("language:response_language", "language", {"language": code},
                       Span(clause.start + m.start(), clause.start + m.end()),
                       f"the whole response in {m.group(1).title()}")
                return True
    return False


# "Write it in Spanish", "write the whole thing in German": the response written in that language.
WRITE_IT_IN_RE = re.compile(r"\b(?:write|put|do|give|say)\s+(?:it|this|that|everything|the\s+whole\s+thing|"
                            r"the\s+(?:answer|response|reply|text|whole\s+(?:answer|response|reply|text))|"
                            r"your\s+(?:answer|response|reply))\s+(?:all\s+|only\s+|entirely\s+)?in\s+$", re.IGNORECASE)


def extract_language(ex: Extraction) -> None:
    if ex.reading.foreign and _language_of_the_task(ex):
        return
    for clause in ex.clauses:
        for m in islice(LANGUAGE_RE.finditer(clause.text), MAX_MATCHES):
            if WRITE_IT_IN_RE.search(clause.text[max(0, m.start() - 60):m.start()]):
                ex.add("language:response_language", "language", {"language": LANGUAGES[m.group(1).lower()]},
                       Span(clause.start + m.start(), clause.start + m.end()),
                       f"the whole response in {m.group(1).title()}")
                return
    casing = ex.has("change_case:english_capital") or ex.has("change_case:english_lowercase")
    for clause in ex.clauses:
        exclusive = EXCLUSIVE_RE.search(clause.text) is not None
        subject = SUBJECT_RE.search(clause.text) is not None
        if not exclusive and not subject and not RESPOND_IN_RE.search(clause.text):
            continue
        for m in islice(LANGUAGE_RE.finditer(clause.text), MAX_MATCHES):
            code = LANGUAGES[m.group(1).lower()]
            before = clause.text[max(0, m.start() - 40):m.start()].lower()
            after = clause.text[m.end():m.end() + 12].lower()
            if not re.search(r"\b(?:in|using|use|into)\s+(?:\w+\s+){0,2}$", before) and not re.match(
                    r"\s+(?:language\s+)?only\b", after):
                continue
            if not exclusive and not RESPOND_IN_RE.search(before) and not SUBJECT_IN_RE.search(before):
                continue
            if re.search(r"\btranslat\w*\s+(?:\w+\s+){0,4}$", before) or NOT_IN_BEFORE_RE.search(before):
                continue
            if code == "en" and casing:
                continue
            ex.add("language:response_language", "language", {"language": code},
                   Span(clause.start + m.start(), clause.start + m.end()),
                   f"the whole response in {m.group(1).title()}")
            return
