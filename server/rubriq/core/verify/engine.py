"""The verifier: claims in, one verdict per claim out, with the evidence it rests on.

For each claim (`claims.py`) against a source (its units and their spans in `source_text`):

1. **Retrieve** the source units closest to the claim (`evidence.py`: embedding cosine plus word overlap).
2. **Verify** with NLI the premises built from them (each candidate, the best two joined, the best with its
   neighbours): the claim's NLI feature is the best margin P(entail) − P(contradict) over its premises.
3. **Compare values** (`values.py`): a number, date, name... that the source states differently in the same slot
   is a conflict; one the source nowhere states is absent. For an output's claims, a conflict needs the source
   sentence holding the other value to share `MIN_SHARED_WORDS` content words with the claim; otherwise the value
   counts as absent (the two most often speak of different things).
4. **Decide** (`decision.py`): P(supported) from NLI margin, embedding similarity, lexical support and absent
   values. The verdict is `conflicts` when a value conflicts, else `supported` when P ≥ `threshold`, else
   `not_supported`.

A claim with clauses (a sentence joining independent statements) is also verified clause by clause: it is
supported when the whole is, or when every clause is (two source sentences can support one output sentence);
otherwise the clauses that fail are named, so a finding can point at the part that is wrong.

Cost: at most `top_k + 2` NLI pairs per claim and clause; `Cost` counts them beside what the full SummaC matrix
(every claim against every source unit) would need.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Literal

import numpy as np

from rubriq.core.models import Embedder, NLIScorer
from rubriq.core.text import Segment, Span
from rubriq.core.verify import evidence as ev
from rubriq.core.verify.claims import Claim
from rubriq.core.verify.decision import Features, Weights, weights_for
from rubriq.core.verify.lexical import LexicalProfile, bigram_support, content_stems
from rubriq.core.verify.values import (
    Value,
    ValueCheck,
    check_values,
    family,
    figure_identity,
    reportable_absent,
    split_rate,
    stated_number,
)

VerdictName = Literal["supported", "not_supported", "conflicts"]


# A claim about what the source leaves out ("The quote doesn't mention VAT", "the fee isn't stated"): the
# values it names are not expected in the source, so their absence is no evidence against it.
SILENCE_RE = re.compile(
    r"\b(?:doesn['’]t|does\s+not|don['’]t|do\s+not|didn['’]t|did\s+not|never)\s+(?:mention|say|state|specify)\b|"
    r"\bno\s+mention\s+of\b|\bsilent\s+(?:on|about)\b|"
    r"\b(?:isn['’]t|is\s+not|aren['’]t|are\s+not|wasn['’]t|was\s+not)\s+(?:mentioned|stated|specified)\b",
    re.IGNORECASE)


# Kinds of figure a claim works out from others (a total, a difference, a rate, a share). A figure of these kinds
# that the source nowhere states, in a claim or clause that also states one the source does, is most often worked
# from it ("27.5 hours × £12.60 = £346.50", "so 9 cm of ease"): unverifiable here, not evidence against the claim.
# Dates, weekdays and times are left out: a weekday beside a stated date is as often the wrong day as a derived
# one. Chosen on the development halves of the hand-written grounded sets (bench/faithfulness_pairs.py, all ten
# folders): false alarms 37 -> 30 for 148 -> 145 sentences found; with dates, weekdays and times too, 22 for 139.
WORKED_KINDS = frozenset({"number", "quantity", "percent", "money", "duration", "age"})


# A conflict says the source states the claim's value differently *for the same thing*; a reader sees that only
# when the source sentence holding the other value speaks of what the claim speaks of. When it shares fewer than this
# many content words with the claim (figures and the two values' own words, "million", "weeks", left out), the two
# values are most often about different things (a table cell against a worked total, a row's date against one
# counted from it), and the claim's value is reported as absent instead: information, not a warning. Chosen on the
# development halves of the thirteen hand-written grounded sets (bench/faithfulness_pairs.py, every FA finding):
# 171 sentences found / 50 false alarms before; 1 word 171 / 44 (FA002 precision 0.80 -> 0.86); 2 words 166 / 41.
MIN_SHARED_WORDS = 1


def _word_stems(text: str) -> frozenset[str]:
    """Content stems without figures: the words a claim and a source sentence share about the same thing."""
    return frozenset(s for s in content_stems(text) if not any(ch.isdigit() for ch in s))


# A sum of money this many times larger (or smaller) than the source's amount it is compared with is another
# quantity, not that amount restated wrongly: "£2,400" against a day rate of "£64.95", "£980" against a "£25" fee
# are totals and shares the output worked out, which the verifier could not follow. Such a figure is reported as
# one the source does not state, never as "the source says £64.95". Chosen on the development halves of the
# twenty-eight hand-written grounded sets (bench/faithfulness_pairs.py): FA002 conflicts on money at a ratio of 4 or
# more were 8 of 41 hits and 25 of 48 false alarms.
MAX_RESTATED_MONEY_RATIO = 4.0
_SCALE_WORD_RE = re.compile(r"\b(?:thousand|million|billion|trillion|bn)\b|\d\s?(?:k|m|bn)\b", re.IGNORECASE)


def _another_sum_of_money(check: ValueCheck) -> bool:
    value, evidence = check.value, check.evidence
    if evidence is None or family(value) != "money" or family(evidence) != "money" or value.low is None or \
            evidence.low is None or split_rate(value.unit)[0] != split_rate(evidence.unit)[0]:
        return False  # a sum in another currency is compared by its figure elsewhere
    if _SCALE_WORD_RE.search(value.text) or _SCALE_WORD_RE.search(evidence.text):
        return False  # "90 million dollars" for "12 million": a headline figure changed, never a worked total
    mine, theirs = stated_number(value), stated_number(evidence)
    if not (math.isfinite(mine) and math.isfinite(theirs)) or mine <= 0 or theirs <= 0:
        return False
    return max(mine, theirs) / min(mine, theirs) >= MAX_RESTATED_MONEY_RATIO


def _demote_unrelated_conflicts(checks: list[ValueCheck], claim_words: frozenset[str],
                                units: list[Segment]) -> list[ValueCheck]:
    """Conflicts whose source value sits in a unit sharing fewer than MIN_SHARED_WORDS words with the claim, or is a
    sum of money of another size (MAX_RESTATED_MONEY_RATIO), become absent values."""
    out: list[ValueCheck] = []
    for check in checks:
        if check.status == "conflict" and check.evidence is not None and not check.working:
            start = check.evidence.span.start
            unit = next((u for u in units if u.span.start <= start < u.span.end), None)
            own = _word_stems(check.value.text) | _word_stems(check.evidence.text)  # "million", "euros", "weeks"
            if unit is not None and len((claim_words & _word_stems(unit.text)) - own) < MIN_SHARED_WORDS:
                check = ValueCheck(check.value, "absent", None, False,
                                   "stated differently only where the source speaks of something else")
            elif _another_sum_of_money(check):
                check = ValueCheck(check.value, "absent", None, False,
                                   "a sum of another size than the source's: another quantity, not the same one")
        out.append(check)
    return out


def _worked_figures(checks: list[list[ValueCheck]]) -> frozenset[tuple[str, str, float]]:
    """The figures the output works out from the source's (matched with no single source value behind them): stated
    again elsewhere in the output ("Cheapest: carnets, at about £1,113.60 a year" after the table row that works it
    out), such a figure is the output's own result, checked where it was worked, not a figure the source lacks."""
    return frozenset(f for part in checks for c in part
                     if c.status == "matched" and c.evidence is None and (f := figure_identity(c.value)) is not None)


def _beside_stated_figures(absent: tuple[Value, ...], checks: list[ValueCheck]) -> tuple[Value, ...]:
    """The absent values that count against a claim: not a figure beside a figure the source states."""
    if not any(c.status == "matched" and c.value.kind in WORKED_KINDS for c in checks):
        return absent
    return tuple(v for v in absent if v.kind not in WORKED_KINDS)


@dataclass(frozen=True)
class PartVerdict:
    """The verdict on one claim or clause."""

    span: Span
    text: str
    probability: float
    features: Features
    closest: int | None  # index of the closest source unit (retrieval), quoted in messages
    premise: tuple[int, ...]  # source units of the premise the NLI margin came from (empty without NLI)
    entailment: float | None
    contradiction: float | None
    conflicts: tuple[ValueCheck, ...]
    absent: tuple[Value, ...]


@dataclass(frozen=True)
class Verdict:
    claim: Claim
    verdict: VerdictName
    probability: float  # calibrated P(supported) of the claim
    whole: PartVerdict  # the claim as one statement
    clauses: tuple[PartVerdict, ...] = ()
    failing: tuple[PartVerdict, ...] = ()  # the parts a finding should point at (the whole claim or some clauses)

    @property
    def conflicts(self) -> tuple[ValueCheck, ...]:
        seen: dict[tuple[int, int], ValueCheck] = {}
        for part in (self.whole, *self.clauses):
            for c in part.conflicts:
                seen.setdefault((c.value.span.start, c.value.span.end), c)
        return tuple(seen[k] for k in sorted(seen))


@dataclass
class Cost:
    nli_pairs: int = 0
    full_matrix_pairs: int = 0


@dataclass
class Verifier:
    """Verifies claims against one source.

    `units` are the source's evidence units with spans into `source_text`; `blocks[i]` says which passage unit i
    belongs to (neighbour windows stay inside one passage). Without `nli` the decision uses the no-NLI weights;
    without `embedder` retrieval is lexical only.
    """

    source_text: str
    units: list[Segment]
    blocks: list[int]
    embedder: Embedder | None = None
    nli: NLIScorer | None = None
    top_k: int = 2
    threshold: float = 0.5
    weights: Weights | None = None
    cost: Cost = field(default_factory=Cost)
    lexical_index: ev.SourceIndex | None = None  # the units' index already built, used when there is no embedder
    # Check a change the claim states against its own "from A to B" (values.compare): for an output's claims,
    # not for a source's sentences checked against an output (coverage) or a reference fact (the SQB).
    claim_changes: bool = False

    def __post_init__(self) -> None:
        vectors = self.embedder.encode([u.text for u in self.units]) if self.embedder and self.units else None
        if vectors is None and self.lexical_index is not None:
            self.index = self.lexical_index
        else:
            self.index = ev.SourceIndex(self.units, self.blocks, vectors)
        self._weights = self.weights or weights_for(self.nli is not None)
        self._source_spans = tuple(u.span for u in self.units)  # the source proper, without the prompt's instructions

    def verify(self, claims: list[Claim], claim_text: str, claim_vectors: np.ndarray | None = None) -> list[Verdict]:
        """Verdicts for `claims`, whose spans index into `claim_text` (the output, say).

        `claim_vectors` may carry the claims' embeddings already computed (one row per claim, in order).
        """
        if not claims:
            return []
        parts: list[Segment] = []
        owners: list[tuple[int, int]] = []  # (claim index, clause index or -1 for the whole)
        contexts: list[Span | None] = []  # a clause's figures may be worked from the rest of its sentence
        for i, claim in enumerate(claims):
            parts.append(Segment(claim.span, claim.text))
            owners.append((i, -1))
            contexts.append(None)
            for k, clause in enumerate(claim.clauses):
                parts.append(clause)
                owners.append((i, k))
                contexts.append(claim.span)
        vectors = self._vectors(parts, claims, claim_vectors)
        judged = self._judge(parts, vectors, claim_text, contexts)
        self.cost.full_matrix_pairs += len(claims) * len(self.units)

        verdicts: list[Verdict] = []
        cursor = 0
        for claim in claims:
            whole = judged[cursor]
            clauses = tuple(judged[cursor + 1: cursor + 1 + len(claim.clauses)])
            cursor += 1 + len(claim.clauses)
            verdicts.append(self._combine(claim, whole, clauses))
        return verdicts

    def _vectors(self, parts: list[Segment], claims: list[Claim], given: np.ndarray | None) -> np.ndarray | None:
        if self.embedder is None or self.index.vectors is None:
            return None
        if given is not None and all(not c.clauses for c in claims) and len(given) == len(parts):
            return given
        return self.embedder.encode([p.text for p in parts])

    def _judge(self, parts: list[Segment], vectors: np.ndarray | None, claim_text: str,
               contexts: list[Span | None] | None = None) -> list[PartVerdict]:
        profiles = [LexicalProfile.of(p.text) for p in parts]
        ranked: list[list[int]] = []
        cosines: list[float | None] = []
        for n in range(len(parts)):
            vector = None if vectors is None else vectors[n]
            if not self.units:
                ranked.append([])
                cosines.append(None)
                continue
            scores = ev.retrieval_scores(self.index, vector, profiles[n])
            ranked.append(ev.candidates(scores, self.top_k))
            if vector is not None and self.index.vectors is not None:
                cosines.append(round(float(np.max(self.index.vectors.astype(np.float64) @ vector.astype(np.float64))),
                                     6))
            else:
                cosines.append(None)

        premises = [ev.premises(self.index, r) for r in ranked]
        margins: list[tuple[float, tuple[int, ...], float, float] | None] = [None] * len(parts)
        if self.nli is not None and self.units:
            pairs = [(p.text, part.text) for part, ps in zip(parts, premises, strict=True) for p in ps]
            probs = self.nli.predict(pairs).astype(np.float64) if pairs else np.zeros((0, 3))
            self.cost.nli_pairs += len(set(pairs))
            cursor = 0
            for n, ps in enumerate(premises):
                block = probs[cursor: cursor + len(ps)]
                cursor += len(ps)
                if not len(ps):
                    continue
                m = np.round(block[:, 0] - block[:, 2], 6)
                best = int(np.argmax(m))
                margins[n] = (float(m[best]), ps[best].units, float(block[best, 0]), float(block[best, 2]))

        all_checks: list[list[ValueCheck]] = []
        for n, part in enumerate(parts):
            all_checks.append(self._checks(part, ranked[n], profiles[n], vectors is not None, claim_text,
                                           contexts[n] if contexts else None))
        worked = _worked_figures(all_checks)

        out: list[PartVerdict] = []
        for n, part in enumerate(parts):
            closest = ranked[n][0] if ranked[n] else None
            checks = all_checks[n]
            conflicts = tuple(c for c in checks if c.status == "conflict")
            absent = tuple(c.value for c in checks if c.status == "absent" and reportable_absent(c.value)
                           and figure_identity(c.value) not in worked) if not SILENCE_RE.search(part.text) else ()
            absent = _beside_stated_figures(absent, checks)
            lexical = round(bigram_support(profiles[n], self.index.whole), 6)
            nli = margins[n]
            features = Features(nli=None if nli is None else nli[0], cosine=cosines[n], lexical=lexical,
                                absent=len(absent))
            out.append(PartVerdict(
                span=part.span, text=part.text, probability=self._weights.probability(features), features=features,
                closest=closest, premise=() if nli is None else nli[1],
                entailment=None if nli is None else nli[2], contradiction=None if nli is None else nli[3],
                conflicts=conflicts, absent=absent))
        return out

    def _checks(self, part: Segment, ranked: list[int], profile: LexicalProfile, embedded: bool, claim_text: str,
                context_span: Span | None) -> list[ValueCheck]:
        """The value checks of one claim or clause against its evidence."""
        if not self.units:
            return []
        # Values are compared with the retrieved units and with the units sharing most of the part's words (the
        # tier-0 evidence): a changed figure keeps its sentence's words, not always its meaning's neighbours, and
        # the model pass then finds every conflict the text pass showed.
        chosen = list(ranked[:2])
        if embedded:
            chosen += [j for j in ev.candidates(ev.retrieval_scores(self.index, None, profile), self.top_k)
                       if j not in chosen]
        evidence_spans = [self.units[j].span for j in chosen]
        checks = check_values(claim_text, evidence_spans, self.source_text, claim_span=part.span,
                              source_spans=self._source_spans, changes=self.claim_changes,
                              context_span=context_span)
        if self.claim_changes:  # an output's claims against the source, not a reference fact (the SQB)
            context = context_span if context_span is not None else part.span
            claim_words = _word_stems(claim_text[context.start:context.end])
            checks = _demote_unrelated_conflicts(checks, claim_words, self.units)
        return checks

    def _combine(self, claim: Claim, whole: PartVerdict, clauses: tuple[PartVerdict, ...]) -> Verdict:
        if claim.values_only:  # judged on its values alone (see Claim.values_only)
            if whole.conflicts:
                return Verdict(claim, "conflicts", whole.probability, whole, (), (whole,))
            return Verdict(claim, "supported", max(whole.probability, self.threshold), whole)
        probability = whole.probability
        if clauses:
            probability = max(probability, min(c.probability for c in clauses))
        conflicts = [p for p in (whole, *clauses) if p.conflicts]
        if conflicts:
            failing = tuple(p for p in clauses if p.conflicts) or (whole,)
            return Verdict(claim, "conflicts", probability, whole, clauses, failing)
        if probability >= self.threshold:
            return Verdict(claim, "supported", probability, whole, clauses)
        failing_clauses = tuple(c for c in clauses if c.probability < self.threshold)
        if clauses and len(failing_clauses) < len(clauses):
            return Verdict(claim, "not_supported", probability, whole, clauses, failing_clauses)
        return Verdict(claim, "not_supported", probability, whole, clauses, (whole,))
