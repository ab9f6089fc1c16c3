"""SQB matching on Rubriq's claim verifier (`rubriq.core.verify`): the `Matcher` `rubriq sqb` uses by default.

Every question goes through the verifier (`Verifier.verify`): retrieval by embedding and word overlap, premises from
single units, the best two joined and the best with its neighbours, NLI on them, value comparison
(`verify/values.py`) and its features. What is verified against what, and how it is decided:

- **conveyed(facts, document)**: each reference fact is a claim checked against the document's units. For the
  output the units are its claims (`verify/claims.py`: headings, questions, openings, closings and lines that
  introduce what follows are left out, so a heading never conveys a fact; a short label before a colon stays with
  its sentence as evidence); other documents (the envelope) use all their sentence units. Score: **P(conveyed)**
  (`ConveyedWeights`: NLI entailment of the chosen premise, cosine, bigram and unigram support, absent values; of
  the whole fact, or of its weakest clause when every clause does better), 1 when a unit opens with the fact word
  for word (`opens_with`), and 0 when a value of the fact conflicts with the output ("within 72 hours" is conveyed
  by "within three days", never by "within five days"). In an output written to its reader (`_addresses_its_reader`)
  a person the fact names whom the output never names in full is read as "the person" first (`as_the_output_refers`,
  untitled: "Joanne must apply by 5 May" is conveyed by "You must apply by 5 May"); a news summary, which addresses
  nobody, keeps the fact's names. Conveyed when the score ≥ `THRESHOLDS.fact`. Evidence:
  the output units of the premise the verdict rests on (one or several), else the closest unit.
- **multi-hop facts** (CRP-SPEC-026 §4.2: a fact "that requires connecting two or more source facts to state
  correctly"). The connection is what the fact adds over its parts, so the output conveys it only when it states
  the connected whole *and* each part: the fact's hops (`fact_hops`: the two sides of a causal link, "because",
  "since", "so", "therefore", "as a result", "which means", else its clauses as `verify/claims.py` splits them)
  must each be conveyed, and so must the whole; the score is the least of theirs. One output sentence stating
  both parts with their link conveys it (the output made the connection), as do two sentences in a row (the
  verifier's joined premise) when they link them ("because", "so", "led to", "as a result", "X: Y" ...: a fact
  joined by "because" or "so" is not conveyed by its parts side by side); one part alone does not. A part that
  opens with a pronoun ("because it occurred in France") cannot be read alone and is left to the whole; a fact with
  no visible part is judged as a whole. This is
  the rule the spec implies rather than "the evidence spans two sentences": an output that connects the two source
  facts in one sentence conveys the multi-hop fact best of all.
- **claims(output)**: the verifier's claims of the output (`split_claims`), each with its span; framing units are
  not claims. A sentence joining independent statements stays one claim.
- **supported(claims, sources)**: each claim against every source document's units (each document a passage of its
  own, so a neighbour window never joins two documents) and every reference fact (a passage of its own). The
  verifier's decision: supported when its calibrated P(supported) ≥ `THRESHOLDS.claim` (0.5) for the whole
  or for every clause, never with a value conflict. The reason names the closest source (or the one whose value
  differs) and a failing clause.
- **asserted(forbidden, output)**: a violation needs an output clause that states the forbidden claim: its entities,
  values and polarity. The claim's `top_k` closest output sentences are read clause by clause (`clauses_of`: "X
  happened on 3 March, and Meridian learned of it on 5 March" does not assert "Meridian learned of it on 3 March"); a
  clause states the claim when every value of the claim is in it (each name, number, date, duration: `check_values`
  against that clause alone), none differently, its polarity is the claim's (a negation cue, "not", "no longer",
  "never", "without", in one and not the other, or a word `values.py` finds negated; a clause naming the claim as
  replaced, corrected or an earlier view, or reporting what a dated letter or notice said before ("The letter of 16
  June charged £178.05 a week"), states it as stale, not as true), and no word of the claim is replaced by
  another between the same neighbours (`substituted_word`: "the *readiness* probe" is not "the *liveness* probe"), nor
  is its obligation stated as a permission (`permitted_where_required`: "Kestrel *can* claim audit exemption" does not
  assert "the accounts *must* be audited"). A person the claim names whom the output never names in full is read
  as "the person" first (`as_the_output_refers`: "Joanne's compensation is £175" is stated by "Your compensation is
  £175", written to Joanne). Score: the best P(conveyed) of such a clause, 0 when there is none;
  asserted when ≥ `THRESHOLDS.forbidden`. So a correct sentence about another regulator's deadline, another entity,
  another figure or the claim's negation is no violation, and the reason says which: "asserts it: '…'", "mentions the
  subject but states a different deadline: '15 days' where the claim says '30 days'", "mentions the subject but says
  'readiness' where the claim says 'liveness'", "does not state 'FDA'", "negates it: '…'", or "not asserted".

Scores are threshold-free (a gated verdict scores 0, whatever the threshold), so `bench/sqb_realsumm.py` and
`bench/sqb_truthfulqa.py`, which choose a threshold on a calibration half and apply it to the other, calibrate
exactly these decisions. The weights and thresholds are below, each with its data and command; they were chosen
by `bench/calibrate_sqb_matching.py` on development halves only (docs/benchmarks.md, "SQB validity"). When the
verifier's features or its NLI model change, rerun that script and paste what it prints.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from rubriq.core.models import Embedder, NLIScorer
from rubriq.core.models.semantic import text_units
from rubriq.core.sqb.matching import OUTPUT, REFERENCE_PREFIX, Document, Evidence, FactQuery, Verdict, quote
from rubriq.core.text import WORD_RE, Segment, Span
from rubriq.core.verify import evidence as ev
from rubriq.core.verify.claims import Claim, split_claims
from rubriq.core.verify.decision import ABSENT_CAP
from rubriq.core.verify.engine import PartVerdict, Verifier
from rubriq.core.verify.engine import Verdict as ClaimVerdict
from rubriq.core.verify.lexical import FUNCTION_WORDS, LexicalProfile, stem, unigram_support
from rubriq.core.verify.values import ValueCheck, check_values, reportable_absent

METHOD = "verifier"


@dataclass(frozen=True)
class ConveyedWeights:
    """P(conveyed) of a statement by a text, from the verifier's evidence on it (one part: the whole or a clause):

        z = bias + entailment * P(entail) + cosine * cos + lexical * bigram support + unigram * unigram support
            - absent * min(absent, 2)
        P(conveyed) = 1 / (1 + exp(-z))

    P(entail) is the NLI model's on the premise the verifier chose (the best margin among its candidates, the best
    two joined and the best with its neighbours); cos, bigram support and absent values are the verifier's features
    (`verify/decision.py`); unigram support is the share of the statement's content stems the text uses anywhere
    (`verify/lexical.py`), a value the text states in other words counting as used ("72 hours" / "three days":
    `value_unigram_support`). The verifier's own P(supported) answers faithfulness, fit where the NLI margin added
    nothing; whether a short statement is conveyed is another question, and there the entailment and the words a
    statement shares with the text are the strongest cues (docs/benchmarks.md, "SQB validity")."""

    bias: float
    entailment: float
    cosine: float
    lexical: float
    unigram: float
    absent: float
    provenance: str

    def probability(self, part: PartVerdict, unigram: float) -> float:
        """P(conveyed) of `part`, whose unigram support in the text is `unigram` (`value_unigram_support`)."""
        f = part.features
        z = (self.bias + self.entailment * (part.entailment or 0.0) + self.cosine * (f.cosine or 0.0)
             + self.lexical * f.lexical + self.unigram * unigram - self.absent * min(f.absent, ABSENT_CAP))
        return round(1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, z)))), 6)


@dataclass(frozen=True)
class VerifierThresholds:
    """The cut-offs of the three decisions, and how many candidate units the verifier retrieves."""

    fact: float  # P(conveyed) at or above which a reference fact is conveyed
    forbidden: float  # P(conveyed) of a forbidden claim by one output clause, at or above which it is asserted
    claim: float  # P(supported), the verifier's own, at or above which an output claim is supported
    top_k: int = 3


# Fit by `python bench/calibrate_sqb_matching.py realsumm --scu ../shared/data/realsumm/realsumm_scu_presence_dev.jsonl
# --limit 800` (logistic regression, L2 1.0, both classes weighing the same) on REALSumm SCU presence (the human
# majority), the calibration half of the documents only (448 summaries, 4,587 SCUs); the feature set (the verifier's
# four and unigram support) won a 5-fold cross-validation inside that half on per-summary Kendall.
CONVEYED = ConveyedWeights(bias=-1.959, entailment=2.271, cosine=0.014, lexical=0.196, unigram=1.9, absent=0.758,
                           provenance="bench/calibrate_sqb_matching.py realsumm --limit 800, calibration half")

# fact: the same command and half: the P(conveyed) of best fact-level balanced accuracy ("fact_threshold").
# forbidden: `python bench/calibrate_sqb_matching.py truthfulqa --data
#   ../shared/data/truthfulqa/truthfulqa_generation_dev.jsonl --limit 80 --labels
#   tests/corpus/sqb-forbidden/truthfulqa_asserts.json`: the score of best balanced accuracy on the calibration half
#   of the hand-labelled questions, where an incorrect answer must be caught only when it asserts another one of its
#   question's (the held-out reading's gold counts every incorrect answer, most of them about another entity).
# claim: `python bench/sqb_hand_cases.py --split dev`: the P(supported) that agrees best (balanced accuracy 0.818,
#   against 0.784 at the calibrated probability's even-odds 0.5) with hand-counted supported claims on the development
#   half of tests/corpus/sqb-cases (265 claims of 21 contenders). A case's claims are long, joining figures from
#   several documents, and the verifier's probability, fit on single-source faithfulness pairs, runs low on them.
#   FA001 reports only below 0.25 (`metrics/faithfulness.py`, SUPPORT_THRESHOLD): a finding must be sure.
# top_k: not tuned here; three candidates per fact (faithfulness reads two, to keep the editor's NLI pairs down).
CLAIM_SUPPORTED = 0.43647
THRESHOLDS = VerifierThresholds(fact=0.520786, forbidden=0.537873, claim=CLAIM_SUPPORTED, top_k=3)
# The two sides of a causal or consequential link inside a fact: "A because B", "Because B, A", "A, so B", ...
_LINK_RE = re.compile(r",?\s+(?:because|since|so\s+that|so|therefore|thus|hence|as\s+a\s+result|which\s+means)\b,?\s+",
                      re.IGNORECASE)
_LEADING_LINK_RE = re.compile(r"^(?:because|since|as)\s+(?P<cause>[^,]+),\s+(?P<effect>.+)$", re.IGNORECASE | re.DOTALL)
# How an output states a connection: a fact linked by "because"/"so" is conveyed only where the output links its parts
# too, in any of these words ("X. Y." in a row states both parts, not that one follows from the other).
_CONNECTIVE_RE = re.compile(
    r"\b(?:because|since|so|therefore|thus|hence|as\s+a\s+result|as\s+a\s+consequence|consequently|which\s+means|"
    r"meaning|means|meant|led\s+to|leading\s+to|lead\s+to|leads\s+to|caus(?:e|ed|es|ing)|due\s+to|owing\s+to|"
    r"thanks\s+to|result(?:ed|s)?\s+in|resulting\s+in|why|the\s+reason|given\s+that|which\s+is\s+why|"
    r"that\s+is\s+why|for\s+this\s+reason|in\s+turn|triggered|triggering|prompted|forced|so\s+that|hence)\b|"
    r"(?<=\w):[ \t]+(?=\w)",  # "JCVI only advises: UKHSA and NHS England chose the date"
    re.IGNORECASE)
MIN_HOP_WORDS = 3
_PRONOUN_RE = re.compile(r"(?:it|its|they|their|them|this|these|that|those|he|she|his|her)\b", re.IGNORECASE)
_DEADLINE_GOVERNORS = ("within", "by", "before", "after", "until", "no later")


def _words(text: str) -> int:
    return len(WORD_RE.findall(text))


def fact_hops(text: str) -> list[str]:
    """The parts a multi-hop fact connects (see the module docstring); [] when it has one part only."""
    whole = text.strip().rstrip(".;")
    leading = _LEADING_LINK_RE.match(whole)
    pieces = [leading.group("cause"), leading.group("effect")] if leading else [p for p in _LINK_RE.split(whole) if p]
    if len(pieces) < 2 or any(_words(p) < MIN_HOP_WORDS for p in pieces):
        claims, _ = split_claims(whole)
        pieces = [c.text for c in claims[0].clauses] if len(claims) == 1 else []
    if len(pieces) < 2:
        return []
    hops: list[str] = []
    for piece in pieces:
        hops.extend(fact_hops(piece) or [piece.strip().rstrip(".;,")])  # a part may itself join two statements
    # A part that opens with a pronoun ("it occurred in France") cannot be read alone: the whole stands for it.
    return [h for h in hops if not _PRONOUN_RE.match(h)] if len(hops) >= 2 else []


def as_claim(text: str, base: int) -> Claim:
    """`text` as one claim (its clauses as the verifier would split them), spans shifted by `base`."""
    claims, _ = split_claims(text, base)
    whole = Span(base, base + len(text))
    if len(claims) == 1 and claims[0].span == whole:
        return claims[0]
    return Claim(whole, text)


@dataclass(frozen=True)
class _Statements:
    """Texts verified as claims: one string holding them all, so every claim's span indexes into it."""

    text: str
    claims: list[Claim]

    @classmethod
    def of(cls, texts: Sequence[str]) -> _Statements:
        claims, pieces, offset = [], [], 0
        for t in texts:
            claims.append(as_claim(t, offset))
            pieces.append(t)
            offset += len(t) + 2
        return cls("\n\n".join(pieces), claims)


@dataclass
class _Units:
    """A document's evidence units for the verifier, and which document (and span there) each one comes from."""

    text: str
    units: list[Segment]
    blocks: list[int]
    origins: list[Evidence]  # per unit: its document id and span in that document

    @cached_property
    def joined(self) -> str:
        """The units alone (no headings, no framing), one a line: the text a statement's words are looked up in."""
        return "\n".join(u.text for u in self.units)

    @cached_property
    def profile(self) -> LexicalProfile:
        return LexicalProfile.of(self.joined)


def _document_units(document: Document) -> tuple[list[Segment], list[int]]:
    """The output's claims (framing left out), or any other document's sentence units; blocks at blank lines."""
    if document.id == OUTPUT:
        claims, skipped = split_claims(document.text)
        # A label before a colon is not a claim, but as evidence it keeps its words ("No orders were lost: ...").
        labels = {n.span.end: n.span.start for n in skipped if n.reason == "label"}
        segments = []
        for c in claims:
            start = labels.get(c.span.start, c.span.start)
            segments.append(Segment(Span(start, c.span.end), document.text[start:c.span.end]))
        if not claims and not skipped and _words(document.text) and "\n" not in document.text.strip():
            # An answer of a word or two ("Harvard", "Euros") is the answer to the case's question: its one unit.
            segments = [Segment(Span(0, len(document.text)), document.text).stripped()]
    else:
        segments = [u.stripped() for u in text_units(document.text)]
    blocks, breaks = [], [m.start() for m in re.finditer(r"\n[ \t]*\n", document.text)]
    for s in segments:
        blocks.append(sum(b < s.span.start for b in breaks))
    return segments, blocks


def evidence_units(documents: Sequence[Document]) -> _Units:
    """Documents joined into one source text (two line breaks apart), one passage each, spans kept per document."""
    pieces: list[str] = []
    units: list[Segment] = []
    blocks: list[int] = []
    origins: list[Evidence] = []
    offset, block = 0, 0
    for document in documents:
        if document.id.startswith(REFERENCE_PREFIX):
            text = document.text.strip()
            found, found_blocks = ([Segment(Span(0, len(text)), text)], [0]) if _words(text) else ([], [])
        else:
            text = document.text
            found, found_blocks = _document_units(document)
        lead = document.text.find(text) if text else 0
        for unit, b in zip(found, found_blocks, strict=True):
            units.append(Segment(unit.span.shift(offset), unit.text))
            blocks.append(block + b)
            origins.append(Evidence(document.id, unit.span.start + lead, unit.span.end + lead, unit.text))
        block += (max(found_blocks) + 1) if found_blocks else 0
        pieces.append(text)
        offset += len(text) + 2
    return _Units("\n\n".join(pieces), units, blocks, origins)


@dataclass(frozen=True)
class Judgement:
    """One claim's verdict from the verifier, with what the SQB decisions read from it."""

    verdict: ClaimVerdict
    evidence: tuple[int, ...]  # unit indices the verdict rests on, in document order


class VerifierMatcher:
    """`Matcher` on the claim verifier; the rules are in the module docstring."""

    def __init__(self, nli: NLIScorer | None, embedder: Embedder | None, model_ids: dict[str, str],
                 thresholds: VerifierThresholds = THRESHOLDS, weights: ConveyedWeights = CONVEYED) -> None:
        self.nli, self.embedder, self.thresholds, self.weights = nli, embedder, thresholds, weights
        self.nli_pairs = 0
        self.verified = 0
        settings = {"method": METHOD, "models": dict(sorted(model_ids.items())), "fact": thresholds.fact,
                    "claim": thresholds.claim, "forbidden": thresholds.forbidden, "top_k": thresholds.top_k,
                    "weights": [weights.bias, weights.entailment, weights.cosine, weights.lexical, weights.unigram,
                                weights.absent]}
        digest = hashlib.sha256(json.dumps(settings, sort_keys=True).encode()).hexdigest()[:16]
        self._id = f"{METHOD}@{digest}"
        self._last: tuple[tuple[tuple[str, str], ...], _Units, Verifier] | None = None

    @property
    def id(self) -> str:
        return self._id

    def work(self) -> dict[str, int]:
        return {"nli_pairs": self.nli_pairs, "claims_verified": self.verified}

    # -- the verifier -------------------------------------------------------------------------------------------

    def _verifier(self, documents: Sequence[Document]) -> tuple[_Units, Verifier]:
        """One verifier per evidence set, reused while the same documents are asked about (facts, then forbidden)."""
        key = tuple((d.id, d.text) for d in documents)
        if self._last is None or self._last[0] != key:
            units = evidence_units(documents)
            verifier = Verifier(units.text, units.units, units.blocks, embedder=self.embedder, nli=self.nli,
                                top_k=self.thresholds.top_k,
                                threshold=self.thresholds.claim)
            self._last = (key, units, verifier)
        return self._last[1], self._last[2]

    def judge(self, texts: Sequence[str], documents: Sequence[Document]) -> tuple[_Units, list[Judgement]]:
        """The verifier's verdicts on `texts` (as claims) against `documents` (its own decision at `claim`)."""
        units, verifier = self._verifier(documents)
        statements = _Statements.of(texts)
        if not units.units or not statements.claims:
            return units, []
        before = verifier.cost.nli_pairs
        verdicts = verifier.verify(statements.claims, statements.text)
        self.nli_pairs += verifier.cost.nli_pairs - before
        self.verified += len(verdicts)
        return units, [Judgement(v, _evidence_units(v)) for v in verdicts]

    # -- the four questions -------------------------------------------------------------------------------------

    def conveyed(self, facts: Sequence[FactQuery], document: Document) -> list[Verdict]:
        threshold = self.thresholds.fact
        untitled = _addresses_its_reader(document.text)
        stated = [as_the_output_refers(f.text, document.text, untitled=untitled) for f in facts]
        hops = [fact_hops(text) if f.multi_hop else [] for f, text in zip(facts, stated, strict=True)]
        texts = stated + [h for hs in hops for h in hs]
        units, judged = self.judge(texts, [document])
        if not judged:
            return [Verdict(False, 0.0, f"the {document.id} has no sentence to compare with") for _ in facts]
        verdicts, cursor = [], len(facts)
        for n in range(len(facts)):
            parts = judged[cursor: cursor + len(hops[n])]
            cursor += len(hops[n])
            verdicts.append(_conveyed(judged[n], list(zip(hops[n], parts, strict=True)), units, threshold,
                                      document.id, self.weights, linked=bool(hops[n]) and links_parts(facts[n].text)))
        return verdicts

    def claims(self, document: Document) -> list[Evidence]:
        claims, _ = split_claims(document.text)
        return [Evidence(document.id, c.span.start, c.span.end, c.text) for c in claims]

    def supported(self, claims: Sequence[Evidence], sources: Sequence[Document]) -> list[Verdict]:
        threshold = self.thresholds.claim
        units, judged = self.judge([c.text for c in claims], sources)
        if not judged:
            return [Verdict(False, 0.0, "there is no source to support it") for _ in claims]
        verdicts = []
        for j in judged:
            v = j.verdict
            evidence = _quote_units(units, list(j.evidence))
            closest = v.whole.closest
            origin = _origin(units.origins[closest].document) if closest is not None else "the sources"
            conflict = _first_conflict(v)
            if conflict is not None:
                where = _unit_at(units, conflict.evidence.span.start) if conflict.evidence is not None else None
                said = _origin(units.origins[where].document) if where is not None else origin
                verdicts.append(Verdict(False, 0.0, f"{said} states it differently: {_conflict_words(conflict)}",
                                        _quote_units(units, [where]) if where is not None else evidence))
            elif v.probability >= threshold:
                how = " clause by clause" if v.clauses and v.whole.probability < threshold else ""
                verdicts.append(Verdict(True, v.probability, f"supported by {origin}{how}: P(supported) "
                                                             f"{v.probability:.2f} ≥ {threshold:g}", evidence))
            else:
                failing = [p for p in v.failing if p is not v.whole]
                part = f"; unsupported part: {quote(failing[0].text, 80)!r}" if failing else ""
                verdicts.append(Verdict(False, v.probability, f"not supported; closest is {origin}: P(supported) "
                                                              f"{v.probability:.2f} < {threshold:g}{part}", evidence))
        return verdicts

    def asserted(self, forbidden: Sequence[str], document: Document) -> list[Verdict]:
        threshold = self.thresholds.forbidden
        units, verifier = self._verifier([document])
        if not units.units or not forbidden:
            return [Verdict(False, 0.0, f"the {document.id} has no sentence to compare with") for _ in forbidden]
        forbidden = [as_the_output_refers(claim, document.text, untitled=True) for claim in forbidden]
        vectors = self.embedder.encode(list(forbidden)) if self.embedder is not None else None
        verdicts = []
        for n, claim in enumerate(forbidden):
            scores = ev.retrieval_scores(verifier.index, None if vectors is None else vectors[n],
                                         LexicalProfile.of(claim))
            readings = [self._read(claim, piece, i) for i in ev.candidates(scores, self.thresholds.top_k)
                        for piece in clauses_of(units.units[i].text)]
            verdicts.append(_assertion(claim, readings, units, threshold))
        return verdicts

    def _read(self, claim: str, piece: str, index: int) -> _Reading:
        """`claim` against one output clause alone: P(conveyed) and the values and polarity it states."""
        one = Verifier(piece, [Segment(Span(0, len(piece)), piece)], [0], embedder=self.embedder, nli=self.nli,
                       top_k=1, threshold=self.thresholds.claim)
        verdict = one.verify([as_claim(claim, 0)], claim)[0]
        self.nli_pairs += one.cost.nli_pairs
        self.verified += 1
        checks = check_values(claim, piece, piece)
        negation = next((f"the polarity of {c.value.text!r} differs" for c in checks if c.status == "polarity" or
                         (c.status == "conflict" and c.value.kind == "negation")), None)
        if negation is None and negated(claim) != negated(piece):
            match = _NEGATION_RE.search(claim) or _NEGATION_RE.search(piece)
            cue = match.group() if match else "not"
            negation = (f"the claim says {cue!r}, this does not" if negated(claim)
                        else f"it says {cue!r}, the claim does not")
        superseded = _SUPERSEDED_RE.search(piece)
        if negation is None and superseded and not _SUPERSEDED_RE.search(claim):
            negation = f"it reports it as superseded: {superseded.group()!r}"
        conflict = next((c for c in checks if c.status == "conflict" and c.value.kind != "negation"), None)
        absent = tuple(c for c in checks if c.status == "absent" and reportable_absent(c.value))
        other = substituted_word(claim, piece) or permitted_where_required(claim, piece)
        states_all = negation is None and conflict is None and not absent and other is None
        probability = conveyed_probability(verdict, piece, self.weights)
        return _Reading(index, piece, probability, states_all, conflict, negation, absent, other)


def clauses_of(sentence: str) -> list[str]:
    """Where an output sentence can assert a claim: each of its clauses when it joins several ("X happened on 3
    March, and Meridian learned of it on 5 March" asserts neither date of the other), else the whole sentence."""
    claim = as_claim(sentence, 0)
    return [c.text for c in claim.clauses] or [sentence]


_NEGATION_RE = re.compile(r"\b(?:not|never|no|none|nothing|nobody|neither|nor|cannot|without)\b"
                          r"(?!\s+(?:only|later|more|less|fewer|sooner|doubt)\b)|n't\b", re.IGNORECASE)


# A clause that names a statement only as replaced or wrong ("That replaced the supplier's first view that only L5269
# was affected", "the journal club's 4.0 years was an error") does not assert it: a stale claim named as stale.
_SUPERSEDED_RE = re.compile(
    r"\b(?:replac(?:ed|es|ing)|supersed(?:ed|es|ing)|overturn(?:ed|s|ing)|withdr[ae]wn?|correct(?:ed|ing)|"
    r"instead\s+of|rather\s+than|(?:was|were|is|are)\s+(?:wrong|incorrect|mistaken|an\s+error|out\s+of\s+date|"
    r"outdated|stale)|(?:first|earlier|previous|preliminary|old|original)\s+(?:view|estimates?|figures?|advice|"
    r"belief|assumption|guidance|version)|"
    # "so the £140 charge has been dropped": a charge or a rule taken back ("prices dropped" is a fall, no reversal)
    r"(?:has|have|had|was|were|is|are)\s+(?:now\s+)?(?:been\s+)?(?:dropped|waived|scrapped|rescinded|reversed|"
    r"written\s+off|struck\s+out)|"
    # what a dated paper said before, reported in the past: "The letter of 16 June 2025 charged £178.05 a week", "the
    # notice of 11 April said it would leave at 06:49" (history, which the output may go on to correct)
    r"(?:letter|notice|invoice|assessment|bill|decision|offer|quote|demand|e-?mail|statement|response|report)\s+"
    r"(?:of|dated|sent\s+on|from)\s+(?:\w+\s+)?\d{1,2}(?:st|nd|rd|th)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|"
    r"nov|dec)[a-z]*\.?(?:\s+\d{4})?,?\s+(?:had\s+)?(?:charged|said|stated|set|offered|gave|showed|quoted|put|told|"
    r"asked|announced|planned))\b", re.IGNORECASE)


def negated(text: str) -> bool:
    """Whether `text` carries a negation ("not", "no longer", "never", "cannot", "without", "n't"...; "not only",
    "no later than" and "no more than" are not negations)."""
    return _NEGATION_RE.search(text) is not None


def _assertion(claim: str, readings: list[_Reading], units: _Units, threshold: float) -> Verdict:
    """The decision on one forbidden claim from the clauses of its candidate sentences. Score: the best
    P(conveyed) of a clause that states every value of the claim with its polarity, 0 when none does (whatever the
    threshold, so the benchmark scripts calibrate exactly this decision)."""
    stating = max((r for r in readings if r.states_all), key=lambda r: r.probability, default=None)
    score = stating.probability if stating else 0.0
    if stating is not None and score >= threshold:
        return Verdict(True, score, f"asserts it: {quote(stating.piece, 160)!r} (P(conveyed) {score:.2f} ≥ "
                                    f"{threshold:g})", _quote_units(units, [stating.index]))
    closest = max(readings, key=lambda r: r.probability)  # the clause most about it, to say why it is not
    piece = quote(closest.piece, 160)
    if closest.negation is not None:
        why = f"negates it: {piece!r} ({closest.negation})"
    elif closest.conflict is not None:
        why = (f"mentions the subject but states a different {_slot_noun(closest.conflict)}: "
               f"{_conflict_words(closest.conflict)} ({piece!r})")
    elif closest.other is not None:
        why = (f"mentions the subject but says {closest.other[1]!r} where the claim says {closest.other[0]!r} "
               f"({piece!r})")
    elif closest.absent:
        missing = ", ".join(dict.fromkeys(repr(a.value.text) for a in closest.absent))
        why = f"does not state {missing}: the closest is {piece!r}"
    else:
        why = f"not asserted: the closest does not state it ({piece!r})"
    return Verdict(False, score, f"{why}; P(conveyed) {closest.probability:.2f}, threshold {threshold:g}",
                   _quote_units(units, [closest.index]))


def value_unigram_support(statement: str, text: str, profile: LexicalProfile | None = None) -> float:
    """Share of the statement's content stems that `text` uses (`lexical.unigram_support`), the words of a value
    the text states in other words left out ("within 72 hours" in "within three days": `values.check_values`).
    `profile` is the text's `LexicalProfile` when already built."""
    profile = profile or LexicalProfile.of(text)
    reworded = sorted((c.value.span for c in check_values(statement, text, text)
                       if c.status == "matched" and c.evidence is not None
                       and not set(LexicalProfile.of(c.value.text).stems) <= profile.stem_set),
                      key=lambda span: span.start)
    kept, cursor = [], 0
    for span in reworded:
        kept.append(statement[cursor:span.start])
        cursor = max(cursor, span.end)
    kept.append(statement[cursor:])
    return unigram_support(LexicalProfile.of(" ".join(kept)), profile)


def opens_with(statement: str, text: str) -> bool:
    """Whether a line of `text` opens with `statement` word for word (case and articles aside): such a line states
    it, whatever a model says (Rubriq's NLI model reads some sentences as not entailing themselves)."""
    words = _plain_words(statement)
    return len(words) >= MIN_HOP_WORDS and any(_plain_words(line)[:len(words)] == words for line in text.split("\n"))


def _plain_words(text: str) -> list[str]:
    return [w.lower() for w in WORD_RE.findall(text) if w.lower() not in _ARTICLES]


def conveyed_probability(v: ClaimVerdict, text: str, weights: ConveyedWeights = CONVEYED,
                         profile: LexicalProfile | None = None) -> float:
    """P(conveyed) of a claim by `text` (its units one a line): of the whole, or of its weakest clause when every
    clause is conveyed better (the verifier's rule: two sentences can convey one statement together); 1 when a
    line opens with it word for word (`opens_with`)."""
    def one(part: PartVerdict) -> float:
        if opens_with(part.text, text):
            return 1.0
        return weights.probability(part, value_unigram_support(part.text, text, profile))

    p = one(v.whole)
    if v.clauses:
        p = max(p, min(one(c) for c in v.clauses))
    return p


_TITLED_NAME_RE = re.compile(r"\b(?:Mr|Mrs|Ms|Miss|Mx|Dr)\.?\s+(?P<surname>[A-Z][\w-]+)(?P<possessive>['’]s\b)?")
# A person named without a title, as the owner of something ("Ellen Briar's offer", "Joanne's compensation") or as
# the subject the statement opens with ("Joanne must wait eight weeks", "Ellen Briar has 60 days")
_OWNER_NAME_RE = re.compile(r"\b(?P<name>[A-Z][a-z]+(?:[ \t]+[A-Z][a-z'-]+){0,2}?)(?P<possessive>['’]s\b)")
_SUBJECT_NAME_RE = re.compile(r"^(?P<name>[A-Z][a-z]+(?:[ \t]+[A-Z][a-z'-]+){0,2})(?P<possessive>)(?=[ \t]+"
                              # verbs of a person's own situation, not of what a body does ("Brookvale will pay")
                              r"(?:must|has|had|needs|gets|got|owes|owed|receives|received|qualifies|qualified|"
                              r"applied|applies|lives|lived|works|worked)\b)")


def as_the_output_refers(fact: str, text: str, *, untitled: bool = False) -> str:
    """`fact` with each person it names whom `text` never names put as "the person" ("the person's weekly charge"):
    an output written to the family speaks of "your mother", "her", "you", and neither the name's absence nor the
    NLI model's reading of "Mrs Hale" against "your mother" is evidence against the fact (its figures and dates
    still are). A person named by title counts as named by the surname. With `untitled` (forbidden claims), a person
    named without a title too ("Ellen Briar's offer", "Joanne must wait"), counted as named only by the whole name,
    since "her offer" after "Ellen applied" is still hers."""
    def by_title(m: re.Match[str]) -> str:
        if re.search(rf"\b{re.escape(m.group('surname'))}\b", text, re.IGNORECASE):
            return m.group()
        return "the person's" if m.group("possessive") else "the person"

    def by_name(m: re.Match[str]) -> str:
        name = m.group("name")
        if name.split()[0] in _NOT_A_PERSON or re.search(rf"\b{re.escape(name)}\b", text):
            return m.group()
        return "the person's" if m.group("possessive") else "The person"

    fact = _TITLED_NAME_RE.sub(by_title, fact)
    return _SUBJECT_NAME_RE.sub(by_name, _OWNER_NAME_RE.sub(by_name, fact)) if untitled else fact


# An output written to the person ("you must apply by ...", "your compensation") names them as "you", so a fact
# about "Joanne" is read as about "the person" there (`as_the_output_refers`, untitled); an output that never
# addresses its reader (a news summary) keeps the fact's names, "Messi scored" is not "the person scored".
_TO_THE_READER_RE = re.compile(r"\b(?:you|your|yours|yourself)\b", re.IGNORECASE)
MIN_WORDS_TO_THE_READER = 3


def _addresses_its_reader(text: str) -> bool:
    return len(_TO_THE_READER_RE.findall(text)) >= MIN_WORDS_TO_THE_READER


# Capitalised words that open a statement or name a body, not a person: "The council's", "Because Ellen ..."
_NOT_A_PERSON = frozenset({"The", "A", "An", "This", "That", "These", "Those", "Because", "If", "When", "Each",
                           "Every", "All", "Her", "His", "Their", "Its", "Our", "Your", "My", "Since", "After",
                           "Before", "Under", "From", "In", "On", "At", "By", "For", "With"})


def links_parts(fact: str) -> bool:
    """Whether a fact joins its parts by a causal or consequential link ("A because B", "Because B, A", "A, so B")."""
    whole = fact.strip().rstrip(".;")
    return bool(_LINK_RE.search(whole) or _LEADING_LINK_RE.match(whole))


def _conveyed(whole: Judgement, hops: list[tuple[str, Judgement]], units: _Units, threshold: float,
              where: str, weights: ConveyedWeights = CONVEYED, *, linked: bool = False) -> Verdict:
    """Score: the least P(conveyed) of the fact and its hops, 0 on a value conflict or, for a fact whose parts are
    `linked` by "because"/"so", when the output units it rests on link nothing (threshold-free, so the benchmark
    scripts calibrate exactly this decision)."""
    evidence = _quote_units(units, sorted({i for j in (whole, *(h for _, h in hops)) for i in j.evidence}))
    conflict = _first_conflict(whole.verdict)
    if conflict is not None:
        return Verdict(False, 0.0, f"the {where} states a different value: {_conflict_words(conflict)}", evidence)
    for hop, judged in hops:
        hop_conflict = _first_conflict(judged.verdict)
        if hop_conflict is not None:
            return Verdict(False, 0.0, f"a multi-hop fact whose part {quote(hop, 80)!r} the {where} states "
                                       f"differently: {_conflict_words(hop_conflict)}", evidence)
    p = conveyed_probability(whole.verdict, units.joined, weights, units.profile)
    scored = [(hop, conveyed_probability(j.verdict, units.joined, weights, units.profile)) for hop, j in hops]
    weakest = min(scored, key=lambda h: h[1], default=None)
    score = min(p, weakest[1]) if weakest else p
    if linked and score >= threshold and not any(_CONNECTIVE_RE.search(units.units[i].text) for i in whole.evidence):
        return Verdict(False, 0.0, "states the parts of this multi-hop fact but not how they connect (no "
                                   "\"because\", \"so\", \"led to\" ... where it states them)", evidence)
    if score >= threshold:
        span = f" across {len(evidence)} sentences" if len(evidence) > 1 else ""
        what = f"conveyed with each of its {len(hops)} parts" if hops else "conveyed"
        return Verdict(True, score, f"{what}{span}: P(conveyed) {score:.2f} ≥ {threshold:g}", evidence)
    if p < threshold or weakest is None:
        return Verdict(False, score, f"not conveyed: P(conveyed) {p:.2f} < {threshold:g}", evidence)
    return Verdict(False, score, f"a multi-hop fact whose part {quote(weakest[0], 80)!r} is not conveyed: "
                                 f"P(conveyed) {score:.2f} < {threshold:g}", evidence)


@dataclass(frozen=True)
class _Reading:
    """A forbidden claim read against one output sentence alone."""

    index: int  # the sentence's unit index
    piece: str  # the sentence, or the clause of it that was read
    probability: float  # P(conveyed) of the claim by this piece alone
    states_all: bool  # every value of the claim is stated by this piece, none differently, polarity the same
    conflict: ValueCheck | None
    negation: str | None  # how its polarity differs from the claim's, in words
    absent: tuple[ValueCheck, ...]
    other: tuple[str, str] | None = None  # (the claim's word, the sentence's): another word in the same slot


_OBLIGATION_RE = re.compile(r"\b(?:must|should|shall|ha(?:s|ve)\s+to|needs?\s+to|required|requires?|obliged|"
                            r"mandatory|compulsory|advised)\b", re.IGNORECASE)
_PERMISSION_RE = re.compile(r"\b(?:can|could|may|might|allowed|permitted|optional|free\s+to|exempt(?:ion)?|"
                            r"able\s+to)\b", re.IGNORECASE)


def permitted_where_required(claim: str, sentence: str) -> tuple[str, str] | None:
    """An obligation of the claim that the sentence states as a permission ("accounts *must* be audited" / "Kestrel
    *can* claim audit exemption"): (the claim's word, the sentence's), or None. A sentence that also states an
    obligation is left to the other checks."""
    required = _OBLIGATION_RE.search(claim)
    permitted = _PERMISSION_RE.search(sentence)
    if required is None or permitted is None or _OBLIGATION_RE.search(sentence) or _PERMISSION_RE.search(claim):
        return None
    return required.group(), permitted.group()


def substituted_word(claim: str, sentence: str) -> tuple[str, str] | None:
    """A word of the claim that the sentence replaces by another between the same neighbours ("the *liveness* probe"
    / "the *readiness* probe", "you will have good *luck*" / "... good *health*"): the sentence says something else
    in that slot. Both are content words, neither in the other text; neighbours are the words on either side
    (articles skipped; the start and the end count), compared by stem. Only one word: a paraphrase replaces runs
    ("became aware of" / "learned of"). (The claim's word, the sentence's), or None."""
    claim_words, sentence_words = _slot_words(claim), _slot_words(sentence)
    claim_stems = {stem(w) for w in claim_words[1:-1]}
    sentence_stems = {stem(w) for w in sentence_words[1:-1]}
    slots: dict[tuple[str, str], list[str]] = {}
    for left, run, right in _runs(sentence_words, claim_stems):
        slots.setdefault((stem(left), stem(right)), []).append(run)
    for left, run, right in _runs(claim_words, sentence_stems):
        for other in slots.get((stem(left), stem(right)), []):
            return run, other
    return None


def _runs(words: list[str], other_stems: set[str]) -> list[tuple[str, str, str]]:
    """(left neighbour, word, right neighbour) for every content word absent from the other text."""
    return [(words[i - 1], words[i], words[i + 1]) for i in range(1, len(words) - 1)
            if _content(words[i]) and stem(words[i]) not in other_stems]


_ARTICLES = frozenset({"a", "an", "the"})
_SLOT_SKIPPED = _ARTICLES | {"that", "which", "who"}


def _slot_words(text: str) -> list[str]:
    """The words of `text` without articles and relative pronouns ("years *that begin* on" fills the slot of "years
    *ending* on"), between a start and an end mark."""
    return ["<s>", *(w for w in WORD_RE.findall(text) if w.lower() not in _SLOT_SKIPPED), "</s>"]


def _content(word: str) -> bool:
    return word.lower() not in FUNCTION_WORDS and not word.isdigit()


def _evidence_units(v: ClaimVerdict) -> tuple[int, ...]:
    """The units a verdict rests on: the premise of the part(s) that decided it, else the closest unit."""
    parts: list[PartVerdict] = [v.whole]
    if v.clauses and v.whole.probability < v.probability:
        parts = list(v.clauses)  # supported clause by clause
    found: set[int] = set()
    for part in parts:
        if part.premise:
            found.update(part.premise)
        elif part.closest is not None:
            found.add(part.closest)
    return tuple(sorted(found))


def _unit_at(units: _Units, offset: int) -> int | None:
    """The unit whose span holds `offset` of the joined source text."""
    return next((i for i, u in enumerate(units.units) if u.span.start <= offset < u.span.end), None)


def _quote_units(units: _Units, indices: Sequence[int]) -> tuple[Evidence, ...]:
    return tuple(units.origins[i] for i in sorted(indices) if 0 <= i < len(units.origins))


def _first_conflict(v: ClaimVerdict) -> ValueCheck | None:
    return v.conflicts[0] if v.conflicts else None


def _conflict_words(c: ValueCheck) -> str:
    other = c.evidence.text if c.evidence is not None else "another value"
    return f"{other!r} where the claim says {c.value.text!r}"


def _slot_noun(c: ValueCheck) -> str:
    kind = c.value.kind
    if kind == "duration" and c.value.governor.startswith(_DEADLINE_GOVERNORS):
        return "deadline"
    return {"entity": "name", "number": "figure", "quantity": "figure", "money": "amount", "percent": "percentage",
            "date": "date", "time": "time", "duration": "duration", "age": "age", "ordinal": "rank",
            "weekday": "day", "email": "address", "url": "address", "quantifier": "quantity"}.get(kind, "value")


def _origin(document_id: str) -> str:
    if document_id.startswith(REFERENCE_PREFIX):
        return f"reference fact {document_id.removeprefix(REFERENCE_PREFIX)}"
    return f"source {document_id!r}"
