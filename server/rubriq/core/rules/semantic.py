"""Rules of the model-based metrics: faithfulness (FA), answer relevance (AR) and completeness / coverage (CP)."""

from rubriq.core.rules import define

define(
    "FA001", "unsupported-sentence", "Output sentence not supported by the source",
    parameter="faithfulness", severity="warning", failure_mode="unfaithful_content",
    source="Research log 1.2 SummaC (Laban et al., TACL 2022), SummaC-ZS; 1.4 TruLens groundedness",
    definition="""
Each output sentence is checked against the source text pasted in the prompt with a natural-language-inference
(NLI) cross-encoder. Its **support** is the largest value of P(entailment) − P(contradiction) over the source
sentences verified for it (SummaC-ZS). The source sentences are first ranked by embedding similarity to the output
sentence and only the top k (`top_k`, default 3) are verified.

A sentence whose support is below the calibrated threshold is reported, quoting the source sentence that supports
it best. With P(contradiction) > P(entailment) the message says the model *leans towards contradiction*; otherwise
that nothing in the source appears to state the sentence. Both are a small model's reading, not a proof: check the
quoted source sentence. The threshold and how it was chosen are in docs/benchmarks.md.
""",
    rubric=((1, "Most sentences contradict or are absent from the source."),
            (3, "The gist is supported, but several details are not in the source."),
            (5, "Every sentence is supported by the source.")),
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
