"""Coherence proxy in the Coh-Metrix tradition (research log 1.10; Graesser et al. 2004). A proxy, labelled so.

Units: prose sentences (Punkt, outside fenced code, at least 3 words) and prose paragraphs.

    connective incidence = connectives (list below; plain "and"/"or" excluded) per 1,000 words
    C (connectives)      = min(1, incidence / 40); computed on 6+ sentences; < 20 is a finding (CO003) on the
                           longest run of sentences without a connective
    overlap(a, b)        = Jaccard overlap of the content-word sets of two adjacent units (words of 4+ letters,
                           not function words, a final "s" dropped); ≥ 0.8 with 4+ content words each = repetitive
    similarity(a, b)     = cosine of the units' embeddings (a paragraph's vector is the normalised mean of its
                           sentences' vectors), only when tier 1 runs in this pass and an embedding model is
                           available: ≥ 0.95 = repetitive; below half the median of this text's adjacent
                           similarities (5+ pairs, median ≥ 0.2) with no connective in the second unit = disjointed;
                           low on both sides flags the unit in the middle once
    P (pairs)            = 1 − flagged adjacent pairs / adjacent pairs (sentence pairs and paragraph pairs)
    score                = mean of the parts that apply (C, P); the detail says whether the similarity part ran.
"""

from __future__ import annotations

import bisect
import re
import statistics

import numpy as np

from rubriq.core.context import CheckContext
from rubriq.core.findings import Finding
from rubriq.core.metrics import TIER_EMBEDDING, TIER_TEXT, MetricResult, ParameterScore
from rubriq.core.metrics.diversity import compile_phrases, find_phrases
from rubriq.core.models import Embedder, ModelUnavailable
from rubriq.core.models.semantic import mean_direction
from rubriq.core.text import Segment, Span

CONNECTIVES: tuple[str, ...] = (
    "because", "since", "so that", "therefore", "thus", "hence", "consequently", "as a result", "accordingly",
    "due to", "owing to", "in order to", "however", "but", "although", "though", "even though", "yet",
    "nevertheless", "nonetheless", "whereas", "in contrast", "by contrast", "on the other hand", "instead",
    "otherwise", "despite", "moreover", "furthermore", "in addition", "additionally", "also", "besides",
    "for example", "for instance", "such as", "in particular", "specifically", "namely", "that is",
    "first", "firstly", "second", "secondly", "third", "thirdly", "then", "next", "finally", "lastly",
    "afterwards", "afterward", "later", "meanwhile", "before", "after", "until", "while", "when", "once",
    "if", "unless", "so", "in short", "in summary", "to sum up", "overall", "similarly", "likewise",
    "in fact", "indeed", "as well as", "in other words", "this means", "which means",
)
_CONNECTIVE_TABLE = compile_phrases(CONNECTIVES)
_FUNCTION_WORDS = frozenset(re.findall(r"\w+", (
    "that this these those there their they them then than with from have has had were will would could should "
    "about which what when where while your into also been being more most some such only other very just each "
    "over under after before because however does doing done make made many much both between through"
)))
FULL_INCIDENCE = 40.0  # connectives per 1,000 words for full marks
LOW_INCIDENCE = 20.0
MIN_SENTENCES_FOR_CONNECTIVES = 6
REPETITIVE_JACCARD = 0.8
REPETITIVE_COSINE = 0.95
MIN_PAIRS_FOR_OUTLIERS = 5
MIN_MEDIAN_FOR_OUTLIERS = 0.2
LOW_FRACTION_OF_MEDIAN = 0.5


_CONTENT_RE = re.compile(r"[a-z]{4,}")


def content_words(text: str) -> frozenset[str]:
    """Words of 4+ letters that are not function words, lower-cased, a final "s" dropped."""
    words = set(_CONTENT_RE.findall(text.lower())) - _FUNCTION_WORDS
    return frozenset(w[:-1] if w[-1] == "s" else w for w in words)


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    return len(a & b) / len(a | b) if a or b else 0.0


def _prose_units(ctx: CheckContext) -> tuple[list[Segment], list[Segment]]:
    """Sentences and paragraphs of the output outside fenced code."""
    code = [block.span for block in ctx.output.code_blocks]

    def outside(segment: Segment) -> bool:
        return not any(span.overlaps(segment.span) for span in code)

    word_starts = [w.span.start for w in ctx.output.words]

    def words_in(segment: Segment) -> int:
        return _count_in(word_starts, segment.span)

    sentences = [s for s in ctx.output.sentences if outside(s) and words_in(s) >= 3]
    paragraphs = [p for p in ctx.output.paragraphs if outside(p) and words_in(p) >= 3]
    return sentences, paragraphs


def _paragraph_vectors(embedder: Embedder, paragraphs: list[Segment], sentences: list[Segment],
                       sentence_vectors: np.ndarray) -> np.ndarray:
    """A paragraph's vector is the normalised mean of its sentences' vectors (cached per sentence), so an edit
    re-embeds the edited sentence, not its whole paragraph; a paragraph with no such sentence is embedded whole."""
    starts = [s.span.start for s in sentences]
    rows: list[np.ndarray] = []
    whole: dict[int, str] = {}
    for index, paragraph in enumerate(paragraphs):
        first = bisect.bisect_left(starts, paragraph.span.start)
        last = bisect.bisect_left(starts, paragraph.span.end)
        inside = [i for i in range(first, last) if paragraph.span.contains(sentences[i].span)]
        if inside:
            rows.append(mean_direction(sentence_vectors[inside]).astype(np.float64))
        else:
            whole[index] = paragraph.text
            rows.append(np.zeros(sentence_vectors.shape[1] if sentence_vectors.size else 0))
    if whole:
        encoded = np.asarray(embedder.encode(list(whole.values())), dtype=np.float64)
        for index, vector in zip(whole, encoded, strict=True):
            rows[index] = vector
    return np.stack(rows)


def _count_in(starts: list[int], span: Span) -> int:
    return bisect.bisect_left(starts, span.end) - bisect.bisect_left(starts, span.start)


class CoherenceMetric:
    name = "coherence"
    parameters = ("coherence",)
    tier = TIER_TEXT  # the embedding part runs only when tier 1 is part of the pass
    always_run = False

    def run(self, ctx: CheckContext) -> MetricResult:
        text = ctx.output.text
        sentences, paragraphs = _prose_units(ctx)
        if len(sentences) < 2 and len(paragraphs) < 2:
            return MetricResult(scores=[ParameterScore.not_applicable("coherence", "fewer than two sentences")])
        findings: list[Finding] = []
        parts: list[float] = []
        notes: list[str] = []

        words = [(w.text.lower(), w.span) for w in ctx.output.words]
        connective_starts = [span.start for span, _ in find_phrases(words, _CONNECTIVE_TABLE)]
        word_starts = [w.span.start for w in ctx.output.words]
        prose_words = sum(_count_in(word_starts, s.span) for s in sentences)
        connected = [_count_in(connective_starts, s.span) > 0 for s in sentences]
        if len(sentences) >= MIN_SENTENCES_FOR_CONNECTIVES and prose_words:
            in_prose = sum(_count_in(connective_starts, s.span) for s in sentences)
            incidence = 1000.0 * in_prose / prose_words
            parts.append(min(1.0, incidence / FULL_INCIDENCE))
            notes.append(f"connectives {incidence:.1f} per 1,000 words")
            if incidence < LOW_INCIDENCE:
                findings.append(self._few_connectives(text, sentences, connected, incidence))

        flagged_pairs = 0
        total_pairs = max(0, len(sentences) - 1) + max(0, len(paragraphs) - 1)
        flagged: dict[Span, Finding] = {}
        for units, kind in ((sentences, "sentence"), (paragraphs, "paragraph")):
            bags = [content_words(u.text) for u in units]
            for i in range(1, len(units)):
                a, b = bags[i - 1], bags[i]
                overlap = jaccard(a, b)
                if len(a) >= 4 and len(b) >= 4 and overlap >= REPETITIVE_JACCARD:
                    flagged[units[i].span] = Finding.at(
                        "CO002", units[i].span,
                        f"This {kind} repeats the previous one (content-word overlap {overlap:.2f}).",
                        text=text, data={"unit": kind, "overlap": round(overlap, 3), "measure": "jaccard",
                                         "previous": units[i - 1].text[:300]})

        similarity_note = self._similarity(ctx, text, sentences, paragraphs, connected, flagged)
        notes.append(similarity_note)
        flagged_pairs = len(flagged)
        findings.extend(flagged.values())
        if total_pairs:
            parts.append(1.0 - min(flagged_pairs, total_pairs) / total_pairs)
            notes.insert(len(notes) - 1, f"{flagged_pairs} of {total_pairs} adjacent pairs flagged")
        if not parts:
            return MetricResult(findings, [ParameterScore.not_applicable("coherence", "too little prose to measure")])
        score = sum(parts) / len(parts)
        findings.sort(key=lambda f: (f.start, f.code))
        return MetricResult(findings, [ParameterScore("coherence", score, detail="; ".join(notes))])

    def _few_connectives(self, text: str, sentences: list[Segment], connected: list[bool],
                         incidence: float) -> Finding:
        best_start, best_len, run_start = 0, 0, 0
        for i, has in enumerate([*connected, True]):
            if has:
                if i - run_start > best_len:
                    best_start, best_len = run_start, i - run_start
                run_start = i + 1
        last = best_start + max(best_len, 1) - 1
        span = Span(sentences[best_start].span.start, sentences[last].span.end)
        return Finding.at(
            "CO003", span,
            f"Connective incidence is {incidence:.1f} per 1,000 words (below {LOW_INCIDENCE:g}); these {best_len} "
            "sentences follow each other with no connective linking them.",
            text=text, data={"incidence_per_1000": round(incidence, 2), "run_sentences": best_len})

    def _similarity(self, ctx: CheckContext, text: str, sentences: list[Segment], paragraphs: list[Segment],
                    connected: list[bool], flagged: dict[Span, Finding]) -> str:
        """Embedding part; returns the note for the detail saying whether it ran."""
        if TIER_EMBEDDING not in ctx.tiers or ctx.models is None:
            return "embedding similarity not run (model tier not in this pass)"
        try:
            embedder = ctx.models.embedder()
        except ModelUnavailable as exc:
            return f"embedding similarity not run ({exc})"
        sentence_vectors = np.asarray(embedder.encode([u.text for u in sentences]), dtype=np.float64)
        for units, kind in ((sentences, "sentence"), (paragraphs, "paragraph")):
            if len(units) < 2:
                continue
            vectors = sentence_vectors if kind == "sentence" else _paragraph_vectors(
                embedder, paragraphs, sentences, sentence_vectors)
            sims = [float(np.dot(vectors[i - 1], vectors[i])) for i in range(1, len(units))]
            low = None
            if len(sims) >= MIN_PAIRS_FOR_OUTLIERS:
                median = statistics.median(sims)
                if median >= MIN_MEDIAN_FOR_OUTLIERS:  # a loosely related text (a list of tips) has no outliers
                    low = LOW_FRACTION_OF_MEDIAN * median
            previous_low = False
            for i, sim in enumerate(sims, start=1):
                span = units[i].span
                is_low = low is not None and sim < low and not (kind == "sentence" and connected[i])
                if sim >= REPETITIVE_COSINE and span not in flagged:
                    flagged[span] = Finding.at(
                        "CO002", span, f"This {kind} repeats the previous one (embedding similarity {sim:.2f}).",
                        text=text, data={"unit": kind, "similarity": round(sim, 4), "measure": "cosine",
                                         "previous": units[i - 1].text[:300]})
                elif is_low and not previous_low and span not in flagged:
                    # Low on both sides means this unit is the odd one out; flag it once, not its successor too.
                    next_low = i < len(sims) and sims[i] < low  # type: ignore[operator]
                    where = "either neighbour" if next_low else "the previous one"
                    flagged[span] = Finding.at(
                        "CO001", span,
                        f"This {kind} has little to do with {where} (embedding similarity {sim:.2f}, median here "
                        f"{statistics.median(sims):.2f}) and no connective bridges them.",
                        text=text, data={"unit": kind, "similarity": round(sim, 4), "threshold": round(low, 4),
                                         "odd_one_out": next_low, "previous": units[i - 1].text[:300]})
                previous_low = is_low
        return f"embedding similarity ran ({embedder.model_id})"


METRICS = [CoherenceMetric()]
