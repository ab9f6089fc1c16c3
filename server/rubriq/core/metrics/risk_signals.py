"""Hallucination-risk signals for prompts without a way to verify (research log 1.9, FActScore carve-out).

Without a knowledge source nothing can be verified locally, so Rubriq marks the places where an unverifiable
specific sits, worded "unverifiable here", never as a verdict. Signals (each a finding on its span):

    RS001 number      percentages, currency, decimals, magnitudes (million...), numbers ≥ 100 and years, unless
                      the same number occurs in the prompt (instruction or source); list markers are skipped
    RS002 citation    author-year, "et al.", case names (X v. Y), DOIs, URLs, ISBNs, journal names,
                      "Title" by Author; skipped when the same string occurs in the prompt
    RS003 superlative "the largest", "the most <adjective>", "the world's oldest", "of all time"... in a sentence
                      without attribution ("according to", a citation)
    RS004 confidence  "studies show", "experts agree", "undoubtedly"... in a sentence without attribution
    RS005 name        only when the prompt has source text: a capitalised name none of whose words occurs in the
                      prompt; sentence-initial single words are skipped

The parameter is a risk density:

    density = signals / (prose words / 100)          (signals per 100 words; fenced code left out)
    score   = 1 / (1 + density)                      (1 = no signal; one signal per 100 words = 0.5)
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from rubriq.core.context import CheckContext
from rubriq.core.findings import Finding
from rubriq.core.metrics import TIER_TEXT, MetricResult, ParameterScore
from rubriq.core.metrics.readability import prose_text
from rubriq.core.text import Segment, Span

CITATION_PATTERNS: tuple[tuple[str, str], ...] = (
    ("DOI", r"\b10\.\d{4,9}/[^\s\"<>]+"),
    ("URL", r"\b(?:https?://|www\.)[^\s<>\"')\]]*[^\s<>\"')\].,;:!?]"),  # trailing punctuation is not the URL's
    ("ISBN", r"\bISBN(?:-1[03])?:?[ \t]*[\dXx][\d \-Xx]{8,16}[\dXx]"),
    ("et al.", r"\b[A-Z][\w'’-]+[ \t]+et[ \t]+al\.?(?:,?[ \t]*\(?(?:19|20)\d{2}[a-z]?\)?)?"),
    ("author-year",
     r"\((?:[A-Z][\w'’-]+(?:,? (?:&|and) [A-Z][\w'’-]+)?),? (?:19|20)\d{2}[a-z]?(?:[;,][^()\n]{0,80})?\)"),
    ("author-year", r"\b[A-Z][a-z][\w'’-]* \((?:19|20)\d{2}[a-z]?\)"),
    ("case name",  # "Mata v. Avianca"; a leading preposition is not part of the name
     r"\b(?!(?:In|See|Under|From|By|As|The|And|But|Unlike|Like|After|Before|Since|Per|Cf)\b)"
     r"[A-Z][\w.'’&-]*(?: [A-Z][\w.'’&-]*){0,3} v\.? [A-Z][\w.'’&-]*(?: [A-Z][\w.'’&-]*){0,3}"),
    ("journal", r"\b(?:Journal of|Proceedings of(?: the)?|Annals of|Archives of)(?: [A-Z][\w&-]*| of| the| and){1,6}"),
    ("titled work", r"[\"“][^\"”\n]{4,200}[\"”],? (?:by|in) [A-Z][\w.'’-]+(?: [A-Z][\w.'’-]+){0,3}"),
)
_CITATION_RES = [(kind, re.compile(pattern)) for kind, pattern in CITATION_PATTERNS]

NUMBER_RE = re.compile(
    r"(?<![\w.,:/-])(?P<currency>[$€£¥][ \t]?)?(?P<number>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    r"(?P<unit>[ \t]?%|[ \t](?:percent|per cent|million|billion|trillion|thousand)\b)?(?![\w:])"
)
_PROMPT_NUMBER_RE = re.compile(r"\d[\d,]*(?:\.\d+)?")

def _wordset(words: str) -> frozenset[str]:
    return frozenset(words.split())


_EST_EXCEPTIONS = _wordset(
    "interest rest test west forest honest modest request guest chest contest protest quest nest pest vest zest "
    "crest harvest manifest suggest digest arrest invest latest midwest northwest southwest earnest conquest "
    "behest unrest bequest tempest inquest priest dearest everest attest detest infest ingest divest jest lest "
    "fest"
)
SUPERLATIVE_RE = re.compile(
    r"\b(?:the|world'?s|history'?s|nation'?s|country'?s|america'?s|europe'?s|earth'?s)[ \t]+"
    r"(?:(?:most|least)[ \t]+[a-z]{4,}|(?P<est>[a-z]{2,}est)|best|worst|biggest)\b"
    r"|\bthe first (?:\w+ ){0,3}?to\b|\bof all time\b|\bever recorded\b|\brecord-breaking\b|\bunprecedented\b",
    re.IGNORECASE,
)
SUPERLATIVE_LOWER_RE = re.compile(SUPERLATIVE_RE.pattern)
CONFIDENCE_RE = re.compile(
    r"\b(?:(?:recent |many |several |numerous )?(?:studies|research|surveys|statistics|data|evidence) "
    r"(?:has |have )?(?:shows?|showed|shown|proves?|proven|proved|confirms?|confirmed|suggests?|indicates?)"
    r"|(?:scientists|experts|researchers|doctors|historians) (?:have )?(?:agree|confirmed|proven|shown|found|say)"
    r"|it is (?:a )?(?:well[- ]known|well[- ]established|proven|established|undeniable|indisputable) (?:fact )?that"
    r"|it is well known|it has been (?:proven|shown|established)|everyone knows|without (?:a|any) doubt"
    r"|undoubtedly|unquestionably|indisputabl[ey]|undeniabl[ey]|definitely|certainly|guaranteed"
    r"|(?:scientifically|clinically) proven|100% (?:sure|certain|accurate|true)|a fact that)\b",
    re.IGNORECASE,
)
CONFIDENCE_LOWER_RE = re.compile(CONFIDENCE_RE.pattern)
ATTRIBUTION_RE = re.compile(
    r"\b(?:according to|reported by|as reported|(?:data|figures|statistics|estimates?) (?:from|by)|sources?:|"
    r"cited (?:by|in)|per the|published (?:by|in)|as of (?:19|20)\d{2})\b",
    re.IGNORECASE,
)
# Matching the lower-cased text with case-sensitive twins is about three times faster than IGNORECASE.
ATTRIBUTION_LOWER_RE = re.compile(ATTRIBUTION_RE.pattern)
NAME_RE = re.compile(r"\b[A-Z][\w'’-]*(?:[ \t]+[A-Z][\w'’-]*)*")
_NAME_TOKEN_RE = re.compile(r"[\w'’-]+")
_NAME_STOPWORDS = _wordset(
    "a an the this that these those it its i i'm i've i'll we you he she they my our your his her their in on at "
    "of for to from by with and or but if when while as also however therefore thus so then there here yes no "
    "not first second third finally next lastly overall note step example examples conclusion summary answer "
    "question table figure sure unfortunately please"
)


def _norm_number(raw: str) -> str:
    digits = raw.replace(",", "")
    if "." in digits:
        digits = digits.rstrip("0").rstrip(".")
    return digits.lstrip("0") or "0"


def _number_kind(currency: str | None, number: str, unit: str | None) -> str | None:
    """What kind of specific a number is, or None for an ordinary small count."""
    unit = (unit or "").strip().lower()
    if unit in ("%", "percent", "per cent"):
        return "statistic"
    if currency:
        return "amount"
    if unit:
        return "figure"
    if "." in number:
        return "precise figure"
    if "," in number:
        return "figure"
    if len(number) > 4:  # no int() here: a run of thousands of digits must not reach int's conversion limit
        return "figure"
    value = int(number)
    if len(number) == 4 and 1000 <= value <= 2099:
        return "year"
    if value >= 100:
        return "figure"
    return None


@dataclass(frozen=True)
class PromptVocabulary:
    """What the prompt already says: numbers, words and its lower-cased text."""

    numbers: frozenset[str]
    words: frozenset[str]
    text: str


def _prompt_vocabulary(ctx: CheckContext) -> PromptVocabulary:
    def compute() -> PromptVocabulary:
        text = ctx.prompt.text
        numbers = frozenset(_norm_number(m.group()) for m in _PROMPT_NUMBER_RE.finditer(text))
        words = frozenset(w.lower() for w in re.findall(r"\w+", text))
        return PromptVocabulary(numbers, words, re.sub(r"\s+", " ", text.lower()))

    return ctx.memo("prompt_vocabulary", compute)


class _Sentences:
    """Sentence lookup by offset, with a lazily computed 'has attribution' flag per sentence."""

    def __init__(self, text: str, sentences: list[Segment], citations: list[Span],
                 attribution: re.Pattern[str] = ATTRIBUTION_RE) -> None:
        self.text = text  # the prose, or its lower-cased twin when `attribution` is case-sensitive
        self.attribution = attribution
        self.sentences = sentences
        self.starts = [s.span.start for s in sentences]
        self.citation_starts = sorted(c.start for c in citations)
        self._attributed: dict[int, bool] = {}

    def index(self, offset: int) -> int:
        return max(0, bisect.bisect_right(self.starts, offset) - 1)

    def span(self, offset: int) -> Span:
        if not self.sentences:
            return Span(0, len(self.text))
        return self.sentences[self.index(offset)].span

    def attributed(self, offset: int) -> bool:
        i = self.index(offset)
        if i not in self._attributed:
            span = self.span(offset)
            has_citation = bisect.bisect_left(self.citation_starts, span.start) < bisect.bisect_left(
                self.citation_starts, span.end)
            self._attributed[i] = has_citation or self.attribution.search(self.text, span.start, span.end) is not None
        return self._attributed[i]


def _overlaps(span: Span, taken: list[Span]) -> bool:
    i = bisect.bisect_left(taken, Span(span.start, span.start))
    return any(other.overlaps(span) for other in taken[max(0, i - 1) : i + 1])


def _sentence_initial_offsets(text: str, sentences: list[Segment]) -> set[int]:
    """Offsets of the first word character of every sentence and every line: capitals there prove nothing."""
    starts: set[int] = set()
    first_word = re.compile(r"\w")
    for start in [s.span.start for s in sentences] + [m.end() for m in re.finditer("\n", text)] + [0]:
        m = first_word.search(text, start, min(len(text), start + 12))
        if m:
            starts.add(m.start())
    return starts


class RiskSignalMetric:
    name = "risk_signals"
    parameters = ("hallucination_risk",)
    tier = TIER_TEXT
    always_run = False

    def run(self, ctx: CheckContext) -> MetricResult:
        text = ctx.output.text
        prose = prose_text(ctx)
        words = len(re.findall(r"\w+", prose))
        if words == 0:
            return MetricResult(scores=[ParameterScore.not_applicable("hallucination_risk", "the output has no prose")])
        findings = find_signals(ctx, text, prose)
        density = 100.0 * len(findings) / words
        score = 1.0 / (1.0 + density)
        grounded = "numbers and names in the prompt's source excluded" if ctx.prompt.has_source else "no source"
        detail = (f"{len(findings)} risk signals in {words} words ({density:.2f} per 100 words; {grounded}); "
                  "each unverifiable here")
        return MetricResult(findings, [ParameterScore("hallucination_risk", score, detail=detail)])


def find_signals(ctx: CheckContext, text: str, prose: str) -> list[Finding]:
    """Every risk signal of the output, in text order (see the module docstring for the signal list)."""
    vocab = _prompt_vocabulary(ctx)
    sentences = _Sentences(prose, ctx.output.sentences, [])
    found: list[tuple[Span, str, str, dict]] = []  # (span, code, message, data)

    citations: list[Span] = []
    for kind, pattern in _CITATION_RES:
        for m in pattern.finditer(prose):
            span = Span(m.start(), m.end())
            if _overlaps(span, citations):
                continue
            quote = re.sub(r"\s+", " ", m.group().lower())
            if quote in vocab.text:
                continue
            bisect.insort(citations, span)
            found.append((span, "RS002", f"Citation-shaped {kind} “{m.group()[:80]}”: unverifiable here; the "
                          "prompt gives no source that contains it.", {"signal": "citation", "kind": kind}))
    lowered = prose.lower()
    if len(lowered) == len(prose):  # same offsets: scan the lower-cased text with the case-sensitive twins
        scan, superlative_re, confidence_re, attribution_re = (
            lowered, SUPERLATIVE_LOWER_RE, CONFIDENCE_LOWER_RE, ATTRIBUTION_LOWER_RE)
    else:
        scan, superlative_re, confidence_re, attribution_re = prose, SUPERLATIVE_RE, CONFIDENCE_RE, ATTRIBUTION_RE
    sentences = _Sentences(scan, ctx.output.sentences, citations, attribution_re)

    for m in NUMBER_RE.finditer(prose):
        span = Span(m.start(), m.end())
        kind = _number_kind(m.group("currency"), m.group("number"), m.group("unit"))
        if kind is None or _overlaps(span, citations):
            continue
        line_start = prose.rfind("\n", 0, m.start()) + 1
        if not prose[line_start : m.start()].strip() and prose[m.end() : m.end() + 1] in (".", ")"):
            continue  # a list marker such as "12." or "3)"
        if _norm_number(m.group("number")) in vocab.numbers:
            continue
        where = "the prompt's source" if ctx.prompt.has_source else "the prompt"
        found.append((span, "RS001", f"Specific {kind} “{m.group().strip()}” does not occur in {where}: "
                      "unverifiable here.", {"signal": "number", "kind": kind, "value": m.group().strip(),
                                             "attributed": sentences.attributed(m.start())}))

    for m in superlative_re.finditer(scan):
        est = m.group("est")
        if est and est.lower() in _EST_EXCEPTIONS:
            continue
        span = Span(m.start(), m.end())
        if sentences.attributed(m.start()) or _overlaps(span, citations):
            continue
        phrase = span.slice(prose)
        found.append((span, "RS003", f"Superlative “{phrase}” with no attribution: unverifiable here.",
                      {"signal": "superlative", "phrase": phrase}))

    for m in confidence_re.finditer(scan):
        if sentences.attributed(m.start()):
            continue
        phrase = prose[m.start() : m.end()]
        found.append((Span(m.start(), m.end()), "RS004", f"“{phrase}” presents the claim as settled, but no "
                      "source is named: unverifiable here.", {"signal": "confidence", "phrase": phrase}))

    if ctx.prompt.has_source:
        initial = _sentence_initial_offsets(prose, ctx.output.sentences)
        taken = sorted(s for s, *_ in found)
        for m in NAME_RE.finditer(prose):
            if m.start() in initial and " " not in m.group() and "\t" not in m.group():
                continue  # the common case: one capitalised word opening a sentence
            tokens = [(t.start(), t.group()) for t in _NAME_TOKEN_RE.finditer(m.group())]
            if tokens and m.start() in initial and tokens[0][1].lower() in _NAME_STOPWORDS:
                tokens = tokens[1:]
            elif len(tokens) == 1 and m.start() in initial:
                continue
            tokens = [(o, t) for o, t in tokens if t.lower() not in _NAME_STOPWORDS and len(t) > 1]
            if not tokens:
                continue
            if any(re.sub(r"['’]s$", "", t.lower()) in vocab.words or t.lower() in vocab.words for _, t in tokens):
                continue
            span = Span(m.start() + tokens[0][0], m.start() + tokens[-1][0] + len(tokens[-1][1]))
            if _overlaps(span, taken):
                continue
            found.append((span, "RS005", f"Name “{span.slice(prose)}” does not occur in the prompt's source: "
                          "unverifiable here.", {"signal": "name", "name": span.slice(prose)}))

    findings = []
    for span, code, message, data in sorted(found, key=lambda item: (item[0], item[1])):
        sentence = sentences.span(span.start)  # the first 300 characters only: one sentence may be the whole text
        data = {**data, "sentence": text[sentence.start : min(sentence.end, sentence.start + 300)]}
        findings.append(Finding.at(code, span, message, text=text, data=data))
    return findings


METRICS = [RiskSignalMetric()]
