"""Lexical diversity and the creative-writing proxy bundle (research log 1.10). All three are proxies.

MTLD (McCarthy & Jarvis 2010), the lexicalrichness convention, threshold t = 0.72:
    tokens   = the text lower-cased, digits and dashes removed, ASCII punctuation turned into spaces, split on
               whitespace
    pass     = walk the tokens keeping a running type-token ratio (TTR); each time TTR ≤ t, count one factor
               and start a new run; at the end add the partial factor (1 − TTR_run) / (1 − t); if no factor was
               counted at all, use (1 − TTR_text) / (1 − t), or 1 when every token is distinct
    MTLD     = mean(tokens / factors of the forward pass, tokens / factors of the backward pass)
    score    = clamp((MTLD − 30) / (80 − 30), 0, 1); below 50 on ≥ 100 tokens is a finding on the 50-token window
               with the lowest TTR. Fewer than 50 tokens: not applicable (MTLD is unstable on short texts).

Cliché density:
    density  = stock phrases (Rubriq's list below, matched on lower-cased \\w+ words) per 100 words
    score    = max(0, 1 − density / 2)

Sentence rhythm:
    lengths  = words per sentence (Punkt sentences, \\w+ words), at least 5 sentences
    CV       = population standard deviation / mean of the lengths
    score    = min(1, CV / 0.45); CV < 0.3, or a run of ≥ 4 sentences each within max(2, 15%) words of the
               previous one, is a finding on the longest such run (or the whole text when there is none).
"""

from __future__ import annotations

import math
import re
import string
from collections import Counter

from rubriq.core.context import CheckContext
from rubriq.core.findings import Finding
from rubriq.core.metrics import TIER_TEXT, MetricResult, ParameterScore
from rubriq.core.text import Span

MTLD_THRESHOLD = 0.72
MTLD_MIN_TOKENS = 50
MTLD_FINDING_MIN_TOKENS = 100
MTLD_LOW = 50.0
WINDOW_TOKENS = 50
CLICHE_DENSITY_ZERO = 2.0  # clichés per 100 words at which the score reaches 0
RHYTHM_MIN_SENTENCES = 5
RHYTHM_CV_FULL = 0.45
RHYTHM_CV_LOW = 0.3
FLAT_RUN_MIN = 4

# A token is a run of characters that are neither whitespace nor ASCII punctuation, where digits and dashes are
# transparent: lexicalrichness deletes them before splitting, so "singer-songwriter" is one token.
_TOKEN_RUN_RE = re.compile(r"[^\s" + re.escape(string.punctuation.replace("-", "")) + r"]+")
_TRANSPARENT_RE = re.compile(r"[0-9\-–—]+")
_EDGE_TRANSPARENT = "0123456789-–—"


_DASHES_AND_DIGITS = str.maketrans({**{c: None for c in "0123456789-–—"}, **{p: " " for p in string.punctuation
                                                                              if p != "-"}})


def mtld_words(text: str) -> list[str]:
    """lexicalrichness tokenization (lower-case, delete digits and dashes, punctuation to spaces, split); fast."""
    return text.lower().translate(_DASHES_AND_DIGITS).split()


def mtld_tokens(text: str) -> list[tuple[str, int, int]]:
    """lexicalrichness tokens of `text` (lower-cased, digits and dashes removed, split at whitespace and
    punctuation), each with its (start, end) span in the original text, from its first to its last kept character.
    """
    tokens = []
    for m in _TOKEN_RUN_RE.finditer(text):
        run = m.group()
        word = _TRANSPARENT_RE.sub("", run)
        if not word:
            continue
        lead = len(run) - len(run.lstrip(_EDGE_TRANSPARENT))
        trail = len(run) - len(run.rstrip(_EDGE_TRANSPARENT))
        tokens.append((word.lower(), m.start() + lead, m.end() - trail))
    return tokens


def _mtld_pass(words: list[str], threshold: float) -> float:
    terms: set[str] = set()
    run_length = 0
    factors = 0.0
    ttr = 1.0
    for word in words:
        run_length += 1
        terms.add(word)
        ttr = len(terms) / run_length
        if ttr <= threshold:
            factors += 1
            run_length = 0
            terms = set()
    if run_length > 0:
        factors += (1 - ttr) / (1 - threshold)
    if factors == 0:
        whole_ttr = len(set(words)) / len(words)
        factors = 1.0 if whole_ttr == 1 else (1 - whole_ttr) / (1 - threshold)
    return len(words) / factors


def mtld(words: list[str], threshold: float = MTLD_THRESHOLD) -> float:
    """Bidirectional MTLD of a token list (see the module docstring); 0 for an empty list."""
    if not words:
        return 0.0
    return (_mtld_pass(words, threshold) + _mtld_pass(words[::-1], threshold)) / 2


def lowest_ttr_window(tokens: list[tuple[str, int, int]], size: int = WINDOW_TOKENS) -> tuple[int, float]:
    """Start index and TTR of the `size`-token window with the fewest distinct tokens (first on ties); O(n)."""
    counts: Counter[str] = Counter(t[0] for t in tokens[:size])
    best_start, best_types = 0, len(counts)
    for start in range(1, len(tokens) - size + 1):
        out, into = tokens[start - 1][0], tokens[start + size - 1][0]
        counts[out] -= 1
        if counts[out] == 0:
            del counts[out]
        counts[into] += 1
        if len(counts) < best_types:
            best_start, best_types = start, len(counts)
    return best_start, best_types / min(size, len(tokens))


# Stock phrases of fiction and of machine-written prose; matched as whole lower-cased \w+ word sequences.
CLICHES: tuple[str, ...] = (
    "once upon a time", "happily ever after", "little did they know", "little did he know", "little did she know",
    "it was a dark and stormy night", "in a world where", "in a land far away", "in a galaxy far far away",
    "all of a sudden", "suddenly out of nowhere", "out of the blue", "time stood still", "time seemed to stop",
    "heart skipped a beat", "her heart skipped a beat", "his heart skipped a beat", "heart pounding",
    "heart pounded in", "blood ran cold", "shiver down her spine", "shiver down his spine", "shivers down",
    "a chill ran down", "eyes sparkled", "eyes twinkled", "piercing blue eyes", "orbs", "let out a breath",
    "a breath she didn t know she was holding", "a breath he didn t know he was holding",
    "a testament to", "stands as a testament", "tapestry of", "rich tapestry", "a symphony of", "a dance of",
    "the dance of", "delve into", "delved into", "navigate the complexities", "the complexities of",
    "in the realm of", "the realm of", "embark on a journey", "embarked on a journey", "journey of self discovery",
    "unleash the power", "unlock the secrets", "unlock the potential", "a beacon of hope", "beacon of light",
    "ever evolving", "ever changing landscape", "fast paced world", "in today s fast paced world",
    "in today s world", "at the end of the day", "only time will tell", "when all is said and done",
    "the calm before the storm", "a perfect storm", "calm before the storm", "light at the end of the tunnel",
    "every cloud has a silver lining", "silver lining", "against all odds", "beat the odds", "in the nick of time",
    "as luck would have it", "like a moth to a flame", "as old as time", "as cold as ice", "as busy as a bee",
    "as quiet as a mouse", "as light as a feather", "as white as snow", "crystal clear", "dead as a doornail",
    "fit as a fiddle", "avoid it like the plague", "the writing on the wall", "the tip of the iceberg",
    "a rollercoaster of emotions", "roller coaster of emotions", "whirlwind of emotions", "a sea of faces",
    "the rest is history", "love at first sight", "a match made in heaven", "head over heels",
    "the world was their oyster", "the world is your oyster", "think outside the box", "a game changer",
    "game changer", "the sky is the limit", "paint a picture", "paints a vivid picture", "stood the test of time",
    "stand the test of time", "since the dawn of time", "since time immemorial", "a whisper of", "whispered secrets",
    "the wind whispered", "the air was thick with", "hung heavy in the air", "the sun dipped below the horizon",
    "sun sank below the horizon", "bathed in golden light", "golden hues", "hues of orange and pink",
    "a kaleidoscope of", "a cacophony of", "an eerie silence", "deafening silence", "the silence was deafening",
    "a sense of wonder", "a sense of belonging", "filled with wonder", "the power of friendship", "true meaning of",
    "the journey not the destination", "it s not the destination", "in the grand scheme of things",
    "nestled in", "bustling city", "bustling streets", "vibrant tapestry", "intricate dance",
    "a myriad of", "myriad of", "plethora of", "it s worth noting", "needless to say", "last but not least",
)


PhraseTable = dict[str, list[tuple[str, ...]]]


def compile_phrases(phrases: tuple[str, ...]) -> PhraseTable:
    """Phrases as \\w+ word tuples, grouped by first word, longest first: a linear-time matcher's table."""
    by_first: PhraseTable = {}
    for phrase in phrases:
        words = tuple(re.findall(r"\w+", phrase.lower()))
        by_first.setdefault(words[0], []).append(words)
    for candidates in by_first.values():
        candidates.sort(key=len, reverse=True)  # longest match first
    return by_first


def find_phrases(words: list[tuple[str, Span]], table: PhraseTable) -> list[tuple[Span, str]]:
    """(span, phrase) of each phrase of `table` in a list of (lower-cased word, span); non-overlapping, in order."""
    found: list[tuple[Span, str]] = []
    lowered = [w for w, _ in words]
    i, n = 0, len(lowered)
    while i < n:
        candidates = table.get(lowered[i])
        matched = 0
        if candidates:
            for phrase in candidates:
                k = len(phrase)
                if tuple(lowered[i : i + k]) == phrase:
                    found.append((Span(words[i][1].start, words[i + k - 1][1].end), " ".join(phrase)))
                    matched = k
                    break
        i += matched or 1
    return found


_CLICHE_TABLE = compile_phrases(CLICHES)


def find_cliches(words: list[tuple[str, Span]]) -> list[tuple[Span, str]]:
    """Stock phrases of `CLICHES` in a list of (lower-cased word, span)."""
    return find_phrases(words, _CLICHE_TABLE)


def flat_runs(lengths: list[int]) -> list[tuple[int, int]]:
    """Maximal runs [first, last] of sentences each within max(2, 15%) words of the previous one."""
    runs, start = [], 0
    for i in range(1, len(lengths) + 1):
        if i < len(lengths) and abs(lengths[i] - lengths[i - 1]) <= max(2.0, 0.15 * lengths[i - 1]):
            continue
        if i - start >= 2:
            runs.append((start, i - 1))
        start = i
    return runs


class DiversityMetric:
    name = "diversity"
    parameters = ("lexical_diversity", "cliche_density", "rhythm_variance")
    tier = TIER_TEXT
    always_run = False

    def run(self, ctx: CheckContext) -> MetricResult:
        result = MetricResult()
        self._lexical(ctx, result)
        self._cliches(ctx, result)
        self._rhythm(ctx, result)
        return result

    def _lexical(self, ctx: CheckContext, result: MetricResult) -> None:
        text = ctx.output.text
        words = mtld_words(text)
        if len(words) < MTLD_MIN_TOKENS:
            result.scores.append(ParameterScore.not_applicable(
                "lexical_diversity", f"{len(words)} words; MTLD needs at least {MTLD_MIN_TOKENS}"))
            return
        value = mtld(words)
        score = min(1.0, max(0.0, (value - 30.0) / (80.0 - 30.0)))
        result.scores.append(ParameterScore(
            "lexical_diversity", score, detail=f"MTLD {value:.1f} over {len(words)} words (threshold 0.72)"))
        if value < MTLD_LOW and len(words) >= MTLD_FINDING_MIN_TOKENS:
            tokens = mtld_tokens(text)  # the same tokens with their spans, only needed to place the finding
            start, ttr = lowest_ttr_window(tokens)
            last = min(start + WINDOW_TOKENS, len(tokens)) - 1
            span = Span(tokens[start][1], tokens[last][2])
            result.findings.append(Finding.at(
                "LD001", span,
                f"Lexical diversity is low (MTLD {value:.1f}, below {MTLD_LOW:g}); this stretch repeats the most "
                f"(type-token ratio {ttr:.2f} over {last - start + 1} words).",
                text=text, data={"mtld": round(value, 2), "window_ttr": round(ttr, 3), "threshold": MTLD_LOW},
            ))

    def _cliches(self, ctx: CheckContext, result: MetricResult) -> None:
        text = ctx.output.text
        words = [(w.text.lower(), w.span) for w in ctx.output.words]
        if not words:
            result.scores.append(ParameterScore.not_applicable("cliche_density", "the output has no words"))
            return
        found = find_cliches(words)
        density = 100.0 * len(found) / len(words)
        score = max(0.0, 1.0 - density / CLICHE_DENSITY_ZERO)
        result.scores.append(ParameterScore(
            "cliche_density", score,
            detail=f"{len(found)} stock phrases in {len(words)} words ({density:.2f} per 100)"))
        for span, phrase in found:
            result.findings.append(Finding.at(
                "LD002", span, f"Stock phrase “{phrase}”: a fresher image would carry more.",
                text=text, data={"phrase": phrase, "density_per_100_words": round(density, 3)},
            ))

    def _rhythm(self, ctx: CheckContext, result: MetricResult) -> None:
        text = ctx.output.text
        sentences = [s for s in ctx.output.sentences if re.search(r"\w", s.text)]
        if len(sentences) < RHYTHM_MIN_SENTENCES:
            result.scores.append(ParameterScore.not_applicable(
                "rhythm_variance", f"{len(sentences)} sentences; rhythm needs at least {RHYTHM_MIN_SENTENCES}"))
            return
        lengths = [len(re.findall(r"\w+", s.text)) for s in sentences]
        mean = sum(lengths) / len(lengths)
        cv = math.sqrt(sum((x - mean) ** 2 for x in lengths) / len(lengths)) / mean
        score = min(1.0, cv / RHYTHM_CV_FULL)
        result.scores.append(ParameterScore(
            "rhythm_variance", score,
            detail=f"sentence length {mean:.1f} ± {cv * mean:.1f} words (CV {cv:.2f}) over {len(lengths)} sentences"))
        runs = flat_runs(lengths)
        longest = max(runs, key=lambda r: (r[1] - r[0], -r[0]), default=None)
        long_run = longest is not None and longest[1] - longest[0] + 1 >= FLAT_RUN_MIN
        if cv < RHYTHM_CV_LOW or long_run:
            if long_run:
                first, last = longest  # type: ignore[misc]
            else:
                first, last = 0, len(sentences) - 1
            span = Span(sentences[first].span.start, sentences[last].span.end)
            run_lengths = lengths[first : last + 1]
            if long_run:
                what = (f"{last - first + 1} sentences in a row of nearly equal length "
                        f"({', '.join(map(str, run_lengths))} words); overall variation CV {cv:.2f}.")
            else:
                what = (f"Sentence lengths vary little ({mean:.1f} ± {cv * mean:.1f} words, CV {cv:.2f}, below "
                        f"{RHYTHM_CV_LOW:g}).")
            result.findings.append(Finding.at(
                "LD003", span, f"{what} Vary sentence length to give the prose rhythm.",
                text=text, data={"cv": round(cv, 3), "run_lengths": run_lengths, "threshold_cv": RHYTHM_CV_LOW},
            ))


METRICS = [DiversityMetric()]
