"""Values named by their kind: "keep our phone number exactly as written", "der Fehlercode soll drinstehen", "put the
model number in", "the refund amount stays in". The prompt asks for a value it holds without repeating it; the value
is the one the prompt itself labels that way (a "Tel." before a phone number, "Modell" before a model code, "a refund
of" before an amount). The reading is made only when exactly one value answers the description, so the finding
quotes a value a person can find in their own prompt. Dates and times are left out: a reply may rightly write them
another way ("14 May" for "May 14"), which a check for the exact words would call missing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import islice

from rubriq.core.constraints.families.grammar import MAX_MATCHES, Extraction
from rubriq.core.constraints.scope import sentence_bounds
from rubriq.core.text import Span

# A phone number: an international or trunk prefix ("+44", "0511", "(020)"), the North American 3-3-4 shape or a
# Spanish number (nine digits from 6 to 9), then groups of digits; 8 to 15 digits in all (a year pair is not one).
PHONE_RE = re.compile(
    r"(?<![\w+/.,-])(?:(?:\+\d{1,3}[ \t]?(?:\(0\)[ \t]?)?|\(0?\d{1,5}\)[ \t]?|0)\d{1,5}(?:[ \t/-]\d{2,8}){0,4}|"
    r"\d{3}[ .-]\d{3}[ .-]\d{4}|[6-9]\d{2}(?:[ .]\d{3}[ .]\d{3}|[ .]\d{2}[ .]\d{2}[ .]\d{2}))(?![\w/-]|[.,]\d)")
# A code as people label one: capitals and digits with hyphens or slashes ("DW-6040", "E-07", "7A22-0419-KX"), or
# digits alone when a label stands right before them ("Fehler 3501", "order #4471").
CODE_RE = re.compile(r"#?(?P<code>(?=[A-Z0-9/-]*\d)[A-Z0-9](?:[A-Z0-9/-]{0,30}[A-Z0-9])?)(?![\w-])")
EMAIL_RE = re.compile(r"(?<![\w.+-])[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,4}(?![\w-])")
URL_RE = re.compile(r"(?<![\w/])(?:https?://|www\.)[^\s<>\"'()]{2,200}[^\s<>\"'().,;:!?]")
# An amount of money, its currency before or after it.
AMOUNT_RE = re.compile(
    r"(?:[£$€¥]|\b(?:EUR|GBP|USD|CHF)[ \t]?)\d{1,3}(?:[,.  ]\d{3}){0,4}(?:[.,]\d{1,2})?(?![\d])|"
    r"(?<![\w.,])\d{1,3}(?:[.  ]\d{3}){0,4}(?:,\d{1,2})?[ \t ]?(?:€|EUR\b|euros?\b|Euro\b|CHF\b)")


@dataclass(frozen=True)
class ValueKind:
    """One kind of value a prompt names instead of repeating: the words that name it in a request, the words that
    label it where the prompt gives it, and what a value of the kind looks like."""

    name: str
    named: re.Pattern[str]
    label: re.Pattern[str] | None  # None: any value of the shape answers, when there is only one
    shape: re.Pattern[str]


# Words before "amount" that say nothing of which one ("the exact amount", "the same price").
_UNQUALIFYING = frozenset({"the", "our", "my", "your", "its", "this", "that", "exact", "same", "full", "right",
                           "correct", "new", "old", "final", "whole", "total", "original", "and", "with", "keep"})


def _words(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


KINDS: tuple[ValueKind, ...] = (
    ValueKind("phone number",
              _words(r"(?:tele)?phone\s+number|contact\s+number|number\s+to\s+(?:call|ring)|(?:help|hot)line\s+number|"
                     r"(?:Telefon|Ruf|Handy|Notruf|Service)nummer|num[ée]ro\s+de\s+t[ée]l[ée]phone|"
                     r"n[úu]mero\s+de\s+(?:tel[ée]fono|contacto)|tel[ée]fono"),
              None, PHONE_RE),
    ValueKind("serial number",
              _words(r"serial(?:\s+number)?|Seriennummer|Serien-?Nr\.?|num[ée]ro\s+de\s+s[ée]rie|n[úu]mero\s+de\s+serie"),
              _words(r"\b(?:serial(?:\s+(?:number|no\.?))?|S/?N|Seriennummer|Serien-?Nr\.?|num[ée]ro\s+de\s+s[ée]rie|"
                     r"n[úu]mero\s+de\s+serie)[ \t]*[:.]?[ \t]*"), CODE_RE),
    ValueKind("model number",
              _words(r"model(?:\s+(?:number|code))?|Modell(?:nummer|bezeichnung)?|Typenbezeichnung|"
                     r"num[ée]ro\s+de\s+mod[èe]le|n[úu]mero\s+de\s+modelo"),
              _words(r"\b(?:model(?:\s+(?:number|no\.?|code))?|Modell(?:nummer|bezeichnung)?|Typ(?:enbezeichnung)?|"
                     r"mod[èe]le|modelo)[ \t]*[:.]?[ \t]*"), CODE_RE),
    ValueKind("error code",
              _words(r"(?:error|fault)\s+(?:code|number)|Fehler(?:code|nummer)|code\s+d'erreur|c[óo]digo\s+de\s+error"),
              _words(r"\b(?:(?:error|fault)(?:\s+(?:code|number))?|Fehler(?:code|nummer|meldung)?|"
                     r"(?:code\s+d')?erreur|(?:c[óo]digo\s+de\s+)?error)[ \t]*[:.]?[ \t]*"), CODE_RE),
    ValueKind("reference",
              _words(r"(?:booking|order|invoice|case|ticket|policy|claim|job|tracking|customer)\s+"
                     r"(?:number|no\.?|ref(?:erence)?)|reference\s+number|"
                     r"(?:Bestell|Rechnungs|Kunden|Vorgangs|Auftrags|Buchungs|Sendungs|Akten)nummer|Aktenzeichen|"
                     r"num[ée]ro\s+de\s+(?:commande|dossier|facture|client|r[ée]servation|suivi)|"
                     r"n[úu]mero\s+de\s+(?:pedido|factura|expediente|cliente|reserva|seguimiento)"),
              _words(r"\b(?:(?:booking|order|invoice|case|ticket|policy|claim|job|tracking|customer)"
                     r"(?:\s+(?:number|no\.?|ref(?:erence)?))?|ref(?:erence)?|"
                     r"(?:Bestell|Rechnungs|Kunden|Vorgangs|Auftrags|Buchungs|Sendungs|Akten)(?:nummer|-?Nr\.?)|"
                     r"Aktenzeichen|Az\.|num[ée]ro\s+de\s+\w+|n°|nº|n[úu]mero\s+de\s+\w+)[ \t]*[:.]?[ \t]*"),
              CODE_RE),
    ValueKind("e-mail address",
              _words(r"e-?mail\s+address|E-Mail-Adresse|Mailadresse|adresse\s+(?:e-?mail|mail|[ée]lectronique)|"
                     r"courriel|(?:direcci[óo]n\s+de\s+)?correo\s+electr[óo]nico"),
              None, EMAIL_RE),
    ValueKind("link",
              _words(r"link|URL|web\s+address|lien|enlace"), None, URL_RE),
    # "the refund amount", "der Erstattungsbetrag", "le montant du remboursement": the word before (or the first part
    # of a German compound, or the noun after "du"/"del") says which amount; with no such word, the only one
    ValueKind("amount",
              re.compile(r"(?i:(?P<before>[a-z]{3,20})\s+)?(?i:amount|fee|price|sum)\b|"
                         r"(?P<compound>[A-ZÄÖÜ][a-zäöüß]{2,20}?)s?(?:betrag|preis|gebühr|summe)\b|"
                         r"\b(?i:Betrag|Preis|Gebühr|Summe)\b|"
                         r"\b(?i:montant|prix|somme|importe|precio|cantidad)(?:\s+(?i:du|de\s+la|des|del|de)\s+"
                         r"(?P<after>\w{3,20}))?"),
              None, AMOUNT_RE),
)

# The request that the named value be in the reply, said around its name in the same sentence.
PRESENT_RE = re.compile(
    r"\b(?:include|mention|cite|quote|copy|add|put|make\s+sure|stays?\s+in|"
    # "keep" as keeping in, not as holding down ("keep the price low")
    r"(?:keep|leave)\b(?=[^.,;\n]{0,40}\b(?:in|exactly|unchanged|intact|as\s+(?:it\s+is|they\s+are|written))\b)|"
    r"(?:must|should|has\s+to|have\s+to|needs?\s+to|to)\s+(?:be\s+|stay\s+|go\s+|appear)|"
    r"(?:is|are)\s+in\s+(?:there|it)|exactly\s+as\s+(?:written|it\s+is|they\s+are)|character\s+for\s+character|"
    r"drin(?:stehen|sein|bleiben|lassen)?|rein(?:schreiben|nehmen)?|übernehmen|übernimm|angeben|nenn(?:en)?|"
    r"erwähn(?:en)?|auftauchen|vorkommen|Zeichen\s+für\s+Zeichen|"
    r"(?:doit|doivent)\s+(?:appara[iî]tre|figurer|rester|[êe]tre)|garde|conserve|mentionne|indique|mets|ajoute|"
    r"reprends|n'oublie\s+pas|tel\s+quel|"
    r"incluye|menciona|pon|añade|mant[ée]n|deja|cita|indica|que\s+(?:aparezca|salga|siga|est[ée]|figure)|"
    r"tal\s+cual)\b", re.IGNORECASE)
# A request that the value be left out or stand in for something, or a sentence about it rather than the reply.
ABSENT_RE = re.compile(
    r"\b(?:not|never|without|don'?t|no|leave\s+out|drop|remove|ohne|nicht|kein\w*|weg(?:lassen)?|raus|sans|pas|"
    r"retire|enlève|sin|quita|nunca|ni)\b|n't\b|"
    # ... or put in its place: "put my phone number as [PHONE]", "replace the serial number with XXXX"
    r"\[|\b(?:as\s+a\s+)?placeholder|\breplace|\bPlatzhalter|\bersetz|\bremplace|\bsustitu|\breemplaz",
    re.IGNORECASE)
# What names the value as the prompt's own: a determiner or possessive before its name ("the", "our", "die", "le").
_DEFINITE_RE = re.compile(
    r"\b(?:the|our|my|your|its|his|her|their|this|that|die|der|den|das|dem|unsere?n?|meine?n?|ihre?n?|seine?n?|"
    r"le|la|l'|notre|mon|ma|son|sa|leur|el|nuestro|nuestra|mi|su)\s*(?:[\w-]+\s+){0,2}$", re.IGNORECASE)
_SENTENCE_STOPS = ".!?\n"
_LABEL_REACH_RE = re.compile(r"[^.!?\n]{0,50}")
_REACH = 60  # how far from the value's name the request may be


def _values_in(text: str, kind: ValueKind, skip: tuple[int, int], which: str | None = None) -> set[str]:
    """The distinct values of `kind` in the prompt outside the request itself: the ones a label introduces (or,
    for an amount, the word that says which), or every value of the shape for the kinds that need no label."""
    if which:
        stem = re.compile(rf"\b{re.escape(which[:max(4, len(which) - 3)])}", re.IGNORECASE)
        return {value.group() for m in islice(stem.finditer(text), MAX_MATCHES) if not skip[0] <= m.start() < skip[1]
                for value in islice(kind.shape.finditer(text, m.end(), m.end() + len(
                    _LABEL_REACH_RE.match(text, m.end()).group())), 1)}
    values: set[str] = set()
    if kind.label is None:
        for m in islice(kind.shape.finditer(text), MAX_MATCHES):
            if not skip[0] <= m.start() < skip[1] and _plausible(kind, m.group()):
                values.add(m.group())
        return values
    for m in islice(kind.label.finditer(text), MAX_MATCHES):
        if skip[0] <= m.start() < skip[1]:
            continue
        # the value right after its label, or a few words on in the same sentence ("Die Seriennummer steht auf dem
        # Typenschild: 7A22-0419-KX"); digits alone only right after the label ("Fehler 3501")
        reach = _LABEL_REACH_RE.match(text, m.end())
        for value in islice(kind.shape.finditer(text, m.end(), m.end() + len(reach.group())), 1):
            code = value.group("code")
            if (re.search(r"[A-Z]", code) and re.search(r"\d", code)) or (value.start() == m.end() and len(code) >= 3):
                values.add(code)
    return values


def _plausible(kind: ValueKind, value: str) -> bool:
    if kind.shape is PHONE_RE:
        return 8 <= sum(c.isdigit() for c in value) <= 15
    return True


def _which(named: re.Match[str]) -> str | None:
    """For an amount, the word that says which one (None: the only one; "": a word that names no amount)."""
    if "before" not in named.re.groupindex:
        return None
    word = named.group("before") or named.group("compound") or named.group("after")
    if word is None or word.lower() in _UNQUALIFYING:
        return None
    return word if word.lower() not in ("word", "words", "wort", "mot", "palabra") else ""


def _left_out(view: str, named: re.Match[str], lo: int, hi: int) -> bool:
    """A negation in the clause that names the value ("don't put the phone number in", "der Fehlercode soll nicht
    drinstehen"), the clause cut at commas and semicolons."""
    start = max([lo] + [view.rfind(c, lo, named.start()) + 1 for c in ",;:("])
    ends = [i for i in (view.find(c, named.end(), hi) for c in ",;:)") if i >= 0]
    return ABSENT_RE.search(view, start, min(ends, default=hi)) is not None


def extract_named_values(ex: Extraction) -> None:
    view, text = ex.source_view, ex.doc.text
    for kind in KINDS:
        for m in islice(kind.named.finditer(view), MAX_MATCHES):
            if _DEFINITE_RE.search(view, max(0, m.start() - 40), m.start()) is None:
                continue
            lo, hi = sentence_bounds(view, m.start(), m.end(), _SENTENCE_STOPS)
            asked = PRESENT_RE.search(view, max(lo, m.start() - _REACH), min(hi, m.end() + _REACH))
            if asked is None or _left_out(view, m, lo, hi):
                continue
            which = _which(m)
            if which == "":
                continue
            values = _values_in(text, kind, (lo, hi), which)
            if len(values) != 1:
                continue  # none, or several the words could mean: no reading a person could confirm
            value = values.pop()
            span = Span(min(m.start(), asked.start()), max(m.end(), asked.end()))
            if any(c.kind == "keywords:existence" and value in c.params.get("keywords", ()) for c in ex.found):
                continue
            ex.add_source("keywords:existence", "keyword", {"keywords": [value]}, span,
                          f"include the {kind.name} {value!r}", 0.8)
