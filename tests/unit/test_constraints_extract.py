"""Extraction as a whole: source text is not read as instructions, spans point at the stating text, exact counts
become IFEval's pair, the result is deterministic. Each family's phrasings are tested in
`test_constraints_<family>.py`."""

from __future__ import annotations

from rubriq.core.constraints import extract_constraints, ifeval_view
from rubriq.core.prompt import parse_prompt

W, S = "length_constraints:number_words", "length_constraints:number_sentences"


def kinds(prompt: str) -> dict[str, list[dict]]:
    found: dict[str, list[dict]] = {}
    for c in extract_constraints(prompt):
        found.setdefault(c.kind, []).append(c.params)
    return found


def test_source_text_is_not_read_as_instructions() -> None:
    prompt = ("Summarize the article below in less than 50 words.\n\n<article>\nThe council said residents must "
              "not use any commas and should write at least 900 words in every complaint.\n</article>")
    found = kinds(prompt)
    assert found[W] == [{"relation": "less than", "num_words": 50}]
    assert "punctuation:no_comma" not in found


def test_spans_point_at_the_stating_text_in_the_prompt() -> None:
    prompt = "---\nmodel: gpt-4o\n---\nWrite a poem. Do not use any commas. Answer with at least 40 words."
    doc = parse_prompt(prompt)
    by_kind = {c.kind: c for c in extract_constraints(doc)}
    assert by_kind["punctuation:no_comma"].span.slice(prompt) == "not use any commas"
    assert by_kind[W].span.slice(prompt) == "at least 40 words"
    assert by_kind[W].wording == "at least 40 words"


def test_ifeval_view_states_an_exact_count_as_ifevals_pair() -> None:
    (constraint,) = [c for c in extract_constraints("Please respond in exactly 5 sentences.") if c.kind == S]
    assert ifeval_view(constraint) == [(S, {"relation": "at least", "num_sentences": 5}),
                                       (S, {"relation": "less than", "num_sentences": 6})]


def test_extraction_is_deterministic() -> None:
    prompt = "Use at least 60 sentences, but less than 600 words. Include the keywords a1, b2 and c3. No commas."
    first = [(c.kind, c.params, c.span) for c in extract_constraints(prompt)]
    assert first == [(c.kind, c.params, c.span) for c in extract_constraints(prompt)]
