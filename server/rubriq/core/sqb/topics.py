"""Coverage completeness [CRP-SPEC-026 §2.5]: is each required topic addressed, i.e. does the output have content
about it? Reported per topic with the evidence sentence.

For a topic t and an output, the candidates are the output's sentences (headings included) and its sections (a
Markdown heading and the lines under it, up to the next heading). For each candidate c:

- cos(t, c): embedding cosine of the topic with the candidate's text;
- lex(t, c): the share of the topic's content words (stop words dropped, each cut to a 5-letter stem, so 'retries'
  matches 'retry') found in the candidate; a sentence also counts the words of its section's heading, a section
  only its heading's words (a long section would contain most words by chance).

A heading alone is not content: it is never a candidate by itself, only the context of the sentences under it.

  score(t) = max over candidates of (1 − w)·cos(t, c) + w·lex(t, c)     addressed ⇔ score(t) ≥ T

with w = `topic_lexical_weight` and T = `topic_threshold`. Without an embedding model the score is lex alone and
the decision needs every content word (lex = 1): a lexical match, reported as such. The evidence is the best
candidate's sentence (for a section, its sentence closest to the topic) with its span in the output.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from rubriq.core.models import Embedder
from rubriq.core.sqb.matching import OUTPUT, Document, Evidence, unit_evidence
from rubriq.core.text import WORD_RE

_STOPWORD_TEXT = """
a about above after again against all also an and any are as at be because been before being below between both
but by can could did do does doing down during each either few for from further had has have having how if in into
is it its itself just may might more most much must no nor not now of off on once only or other our out over own
per same should so some such than that the their them then there these they this those through to too under until
up upon very via was were what when where whether which while who whom why will with within without would
"""
_STOPWORDS = frozenset(_STOPWORD_TEXT.split())
HEADING_RE = re.compile(r"^[ \t]{0,3}#{1,6}[ \t]+\S|^[ \t]*\*\*[^*\n]+\*\*:?[ \t]*$")


def topic_stems(text: str) -> list[str]:
    """Content words of a text, each cut to a 5-letter stem, in order, without repeats."""
    return list(dict.fromkeys(w.lower()[:5] for w in WORD_RE.findall(text) if w.lower() not in _STOPWORDS))


def _lexical(topic: list[str], words: set[str]) -> float:
    return sum(w in words for w in topic) / len(topic) if topic else 0.0


@dataclass(frozen=True)
class _Candidate:
    kind: str  # "sentence" | "section"
    text: str  # what is embedded
    stems: frozenset[str]  # what the lexical overlap counts
    sentences: tuple[Evidence, ...]  # the sentences it is made of (a sentence: itself)


def _candidates(output: str) -> list[_Candidate]:
    """Sentences (with their heading's words) and sections of the output, in order."""
    sentences = unit_evidence(Document(OUTPUT, output), min_words=1)
    heading_starts = []
    offset = 0
    for line in output.split("\n"):
        if HEADING_RE.match(line):
            heading_starts.append(offset)
        offset += len(line) + 1
    sections: list[list[Evidence]] = []
    current_heading = -1
    for sentence in sentences:
        heading = max((h for h in heading_starts if h <= sentence.start), default=-1)
        if heading != current_heading or not sections:
            sections.append([])
            current_heading = heading
        sections[-1].append(sentence)
    candidates = []
    for section in sections:
        heading = section[0] if _is_heading(output, section[0]) else None
        body = section[1:] if heading is not None else section
        heading_stems = frozenset(topic_stems(heading.text)) if heading is not None else frozenset()
        for sentence in body:  # a heading alone is not content about anything
            candidates.append(_Candidate("sentence", sentence.text, frozenset(topic_stems(sentence.text))
                                         | heading_stems, (sentence,)))
        if heading is not None and body:
            candidates.append(_Candidate("section", " ".join(s.text for s in section), heading_stems,
                                         tuple(body)))
    return candidates


def _is_heading(output: str, unit: Evidence) -> bool:
    line_start = output.rfind("\n", 0, unit.start) + 1
    line_end = output.find("\n", unit.start)
    return bool(HEADING_RE.match(output[line_start : line_end if line_end >= 0 else len(output)]))


@dataclass(frozen=True)
class TopicResult:
    topic: str
    addressed: bool
    score: float  # (1 − w)·cos + w·lex of the best candidate
    similarity: float | None  # its embedding cosine; None without an embedding model
    lexical: float  # its share of the topic's content words
    match: str  # "sentence" | "section" | "none"
    evidence: Evidence | None  # the sentence that addresses it (or comes closest)
    reason: str

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["evidence"] = None if self.evidence is None else asdict(self.evidence)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TopicResult:
        evidence = None if data["evidence"] is None else Evidence(**data["evidence"])
        return cls(**{**data, "evidence": evidence})


def score_topics(topics: list[str], output: str, embedder: Embedder | None, threshold: float,
                 lexical_weight: float) -> list[TopicResult]:
    candidates = _candidates(output)
    if not topics:
        return []
    if not candidates:
        return [TopicResult(t, False, 0.0, None, 0.0, "none", None, "the output has no sentences") for t in topics]
    cosines: np.ndarray | None = None
    sentence_cos: dict[tuple[int, int], float] = {}
    if embedder is not None:
        texts = [c.text for c in candidates]
        cosines = embedder.encode(topics) @ embedder.encode(texts).T
        for c_index, c in enumerate(candidates):
            if c.kind == "sentence":
                for t_index in range(len(topics)):
                    sentence_cos[(t_index, c.sentences[0].start)] = float(cosines[t_index, c_index])
    results = []
    for t_index, topic in enumerate(topics):
        stems = topic_stems(topic)
        lex = np.array([_lexical(stems, set(c.stems)) for c in candidates])
        if cosines is None:
            combined, rule = lex, "every content word of the topic (no embedding model: lexical match only)"
            need = 1.0
        else:
            combined = (1 - lexical_weight) * cosines[t_index] + lexical_weight * lex
            rule, need = f"score ≥ {threshold:g}", threshold
        best = int(np.argmax(combined))  # first maximum: deterministic
        candidate = candidates[best]
        evidence = candidate.sentences[0]
        if candidate.kind == "section":
            evidence = max(candidate.sentences, key=lambda s: sentence_cos.get((t_index, s.start), 0.0))
        score = round(float(combined[best]), 6)
        similarity = None if cosines is None else round(float(cosines[t_index, best]), 6)
        addressed = score >= need - 1e-9
        where = "a sentence" if candidate.kind == "sentence" else "a section"
        parts = f"cosine {similarity:.2f}, " if similarity is not None else ""
        reason = (f"{'addressed' if addressed else 'not addressed'}: {where} scores {score:.2f} ({parts}"
                  f"{lex[best]:.0%} of its content words); needs {rule}")
        results.append(TopicResult(topic, addressed, score, similarity, round(float(lex[best]), 4),
                                   candidate.kind, evidence, reason))
    return results
