"""Rules of the model-based metrics: faithfulness (FA), answer relevance (AR) and completeness / coverage (CP)."""

from rubriq.core.rules import define

define(
    "FA001", "unsupported-claim", "Output claim not supported by the source",
    parameter="faithfulness", severity="information", failure_mode="unfaithful_content",
    source="Research log 1.2 SummaC (Laban et al., TACL 2022), adapted; 1.3 RAGAS statement-level faithfulness; "
           "1.4 TruLens groundedness",
    definition="""
Each claim of the output (a sentence or list item; a sentence that joins independent statements also clause by
clause) is verified against the source text pasted in the prompt. Openings such as "Here is a summary of …",
headings, questions and closing offers are not claims.

The verifier retrieves the source sentences closest to the claim (embedding similarity plus shared words), asks a
natural-language-inference (NLI) model whether they entail it (each sentence alone, the best two joined in document
order, and the best with its neighbours, so a claim drawn from two source sentences is supported), compares the
claim's values with the source, and combines four measurements into one probability that the claim is supported: the
NLI margin P(entailment) − P(contradiction), embedding similarity, how much of the claim's wording the source
contains, and the values (numbers, dates, names) the source nowhere states.

A claim whose probability is below the threshold is reported when it states a value or name (a number, date, place,
person, organisation ...) that the source nowhere states: the message names it and quotes the closest source
sentence, so a reader can check both at a glance. A count or a rank alone ("two follow-ups", "the third fall in a
row") is not enough: an output counts listed items and works figures out from the source. Nor is a calendar date
(with the weekday written beside it): a date an answer states and the source does not is most often a deadline
worked out from the source's own dates and rules. Nor is a value the claim says the source leaves out ("the quote
doesn't mention VAT"). A weekday, clock time or duration the source nowhere
states is reported up to even odds (probability below 0.5), since a sentence otherwise copied from the source keeps
a high probability around one invented "Sunday" or "45 minutes". A claim the model doubts with nothing missing to
point at is not reported (it still lowers the faithfulness score); on hand-written pairs such findings were right
only about half the time. The setting `model_only_unsupported = true` reports them too. It is a small model's
reading, not a proof, so it is information by default. The formula, its weights and how the threshold was chosen are
in docs/benchmarks.md.
""",
    rubric=((1, "Most sentences contradict or are absent from the source."),
            (3, "The gist is supported, but several details are not in the source."),
            (5, "Every sentence is supported by the source.")),
)
define(
    "FA002", "conflicting-value", "Value that conflicts with the source",
    parameter="faithfulness", severity="warning", failure_mode="unfaithful_content",
    source="FactCC (Kryscinski et al., EMNLP 2020) and FRANK (Pagnoni et al., NAACL 2021) error types: entity, "
           "number and date errors; research log 1.2, deterministic value comparison",
    definition="""
A value of the output — a number or amount (with its unit, currency or counted noun), a percentage, a date, a
weekday, a time, a duration, a person, place or organisation, an e-mail address or URL, or a negation — that the
source states differently for the same thing. The output's value and the source's value are compared after
normalisation ("1,200" = "1200", "nine days" = "9 days", "four percent" = "4%", "within 72 hours" = "within three
days"); an approximate value ("about 4%") is an interval. It is a conflict only when the source sentence the claim
comes from states a different value in the same slot (the same counted noun or unit, the same governing words), or,
for a value the source nowhere states, another source sentence states one in surely the same slot (its unit, its
governing word and its context), and the source states no compatible value for it anywhere: a value computed from
the source's numbers, a rounding, a figure the prompt itself gives, a scaling the prompt asks for ("double this
recipe"), or a different fact of the same kind is never a conflict. A change the sentence itself works out wrongly
is one too: "from £18.40 to £19.70, a rise of £1.50" gets "£1.50 — from £18.40 to £19.70 is £1.30".

The finding sits on the output's value and quotes the source's value and sentence, which is also given as related
information. Deterministic: no model is involved in the comparison. It runs wherever faithfulness does and on
rewrites (which must keep the facts of the text they rewrite), at tier 0, on every keystroke and with models off,
taking as the claim's source sentences those that share most of its content words; when the models run,
faithfulness finds them by meaning and word overlap together and reports the conflict instead.
""",
)
define(
    "AR001", "off-topic-paragraph", "Paragraph drifts away from the request",
    parameter="answer_relevance", severity="information", failure_mode="off_topic_drift",
    source="Research log 1.3 RAGAS answer relevancy (Es et al., EACL 2024); 1.4 TruLens answer relevance",
    definition="""
The prompt's core request (the instruction part, without the pasted source) and each output paragraph are
embedded; a paragraph is the normalised mean of its sentences' embeddings. A paragraph whose cosine similarity to
the request is below the calibrated threshold is reported as drifting off topic. Paragraphs of fewer than four
words and code blocks are not judged. The parameter's score is the share of the output's words that lie in
on-topic paragraphs. Thresholds and how they were chosen are in docs/benchmarks.md.
""",
)
define(
    "AR002", "context-does-not-cover-question", "The prompt's source does not cover its question",
    parameter="", severity="warning",
    source="Research log 1.4 TruLens RAG triad: context relevance (as a diagnostic of the prompt)",
    definition="""
Context relevance, as a diagnostic of the prompt itself: each question of the instruction part is compared with
every sentence of the pasted source. When no source sentence comes close (cosine similarity of embeddings below the
calibrated threshold), the source cannot answer the question and no answer can be both faithful and complete.
**Fix the context, not the instructions**: paste the passage that answers the question, or ask a question the
source answers.
""",
)
define(
    "CP001", "unaddressed-part", "A part of the request is not addressed",
    parameter="completeness", severity="warning", failure_mode="incomplete_coverage",
    source="Research log Part 3, grounded Q&A: completeness against the question's parts (1.8 adaptation)",
    definition="""
A multi-part request is split into its parts: enumerated questions or list items, several questions in a row,
an "and" list after a request verb ("explain the causes, effects and remedies") and required sections. A part is
addressed when a sentence or heading of the output is close to it (embedding cosine at or above the calibrated
threshold) or, for a short part of at most three words, when all its words occur in the output. A required
section is addressed only when its name occurs: short generic names are close to almost anything in embedding
space. Each unaddressed
part is reported on the prompt, where the part is written. The score is the share of addressed parts.
""",
)
define(
    "CP002", "uncovered-source-content", "Salient source content missing from the output",
    parameter="coverage", severity="information", failure_mode="incomplete_coverage",
    source="Research log 1.1 SummEval relevance and 1.3 RAGAS; threshold from REALSumm content units",
    definition="""
The salient sentences of the source are those most central to it: the 30% (at least three) with the highest mean
embedding similarity to the other source sentences. A salient sentence is covered when some output sentence is
close to it (cosine at or above the threshold calibrated on REALSumm's human judgements of whether a content unit
is present in a summary). Uncovered salient sentences are reported on the prompt, in the source; the score is the
share that is covered.
""",
)
