"""MTLD equals the lexicalrichness reference values; cliché and rhythm proxies find what they claim to."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from rubriq.core import engine
from rubriq.core.metrics.diversity import flat_runs, mtld, mtld_tokens, mtld_words
from rubriq.core.report import ParameterResult

REPO = Path(__file__).resolve().parents[2]
DATA = Path(os.environ.get("RUBRIQ_DATA", REPO.parent / "shared" / "data"))
REFERENCE = DATA / "readability" / "reference_values.json"

# lexicalrichness README example: LexicalRichness(text).mtld(threshold=0.72) == 46.79226361031519 (published).
LR_README_TEXT = (
    "Measure of textual lexical diversity, computed as the mean length of sequential words in\n"
    "            \t\ta text that maintains a minimum threshold TTR score.\n\n"
    "            \t\tIterates over words until TTR scores falls below a threshold, then increase factor\n"
    "            \t\tcounter by 1 and start over. McCarthy and Jarvis (2010, pg. 385) recommends a factor\n"
    "            \t\tthreshold in the range of [0.660, 0.750].\n"
    "            \t\t(McCarthy 2005, McCarthy and Jarvis 2010)"
)


def _words(text: str) -> list[str]:
    return mtld_words(text)


def test_mtld_equals_published_lexicalrichness_value() -> None:
    assert mtld(_words(LR_README_TEXT)) == 46.79226361031519


def test_mtld_partial_factor_on_a_six_word_sentence() -> None:
    # forward: TTR never reaches 0.72 -> partial factor (1 - 5/6) / 0.28; backward the same: 6 / 0.5952...
    assert mtld(_words("The cat sat on the mat.")) == pytest.approx(10.08)


def test_mtld_equals_reference_file_exactly() -> None:
    if not REFERENCE.is_file():
        pytest.skip(f"reference values not found at {REFERENCE} (set RUBRIQ_DATA to the data folder)")
    data = json.loads(REFERENCE.read_text(encoding="utf-8"))
    for key, text in data["texts"].items():
        expected = data["values"][key]["computed_here"]
        words = _words(text)
        assert len(words) == expected["lexicalrichness.words"], key
        assert mtld(words) == expected["lexicalrichness.mtld(0.72)"], key


@pytest.mark.parametrize("text", [LR_README_TEXT, "Singer-songwriter, 2024: WON! — it's 3rd—place; x_y", "İstanbul 42"])
def test_tokens_with_spans_equal_the_fast_tokenization(text: str) -> None:
    assert [t[0] for t in mtld_tokens(text)] == mtld_words(text)


def test_mtld_tokens_keep_spans_into_the_original_text() -> None:
    text = "Singer-songwriter, 2024: WON!"
    tokens = mtld_tokens(text)
    assert [t[0] for t in tokens] == ["singersongwriter", "won"]
    assert [text[s:e] for _, s, e in tokens] == ["Singer-songwriter", "WON"]


def _check(output: str) -> engine.CheckResult:
    return engine.check("---\ntask: creative_writing\n---\nWrite a short story.", output, tiers=frozenset({0}))


def _param(result: engine.CheckResult, name: str) -> ParameterResult:
    return next(p for p in result.profile.parameters if p.name == name)


VARIED = (
    "Rain fell on the harbour. Mira, who had waited three winters for her brother's ship, walked the length of "
    "the pier and counted gulls instead of hours. Nothing came. By dusk the lamplighter had finished his round, "
    "humming a tune she half remembered from childhood, something about copper kettles and a fox. She laughed. "
    "Then, far out past the breakwater, a single green light blinked twice, paused, and blinked again, exactly "
    "as he had promised in the letter she kept folded inside her glove. Her hands shook while she answered it "
    "with the old brass lantern borrowed from the ferryman."
)


def test_repetitive_text_has_low_mtld_and_a_located_finding() -> None:
    output = " ".join(["The dog saw the dog and the dog saw the cat."] * 15)
    result = _check(output)
    found = [f for f in result.findings if f.code == "LD001"]
    assert len(found) == 1
    assert found[0].data["mtld"] < 50
    assert _param(result, "lexical_diversity").score < 0.5


def test_varied_prose_has_no_diversity_finding() -> None:
    result = _check(VARIED)
    assert not [f for f in result.findings if f.code == "LD001"]
    assert _param(result, "lexical_diversity").score > 0.8


def test_short_text_is_not_applicable_for_mtld() -> None:
    assert _param(_check("A tiny tale."), "lexical_diversity").status == "not_applicable"


def test_cliches_are_found_with_their_spans() -> None:
    output = "Once upon a time, in a world where dragons slept, little did they know the end was near."
    result = _check(output)
    found = [f for f in result.findings if f.code == "LD002"]
    assert [f.evidence for f in found] == ["Once upon a time", "in a world where", "little did they know"]
    assert _param(result, "cliche_density").score < 1.0


def test_fresh_prose_has_no_cliches() -> None:
    result = _check(VARIED)
    assert not [f for f in result.findings if f.code == "LD002"]
    assert _param(result, "cliche_density").score == 1.0


def test_flat_runs_group_sentences_of_similar_length() -> None:
    assert flat_runs([10, 10, 11, 10, 30, 4]) == [(0, 3)]
    assert flat_runs([3, 20, 5, 30]) == []


def test_monotonous_rhythm_is_flagged_on_the_run() -> None:
    output = ("The sun rose over the hill. The birds sang in the trees. The farmer walked to the barn. "
              "The cows waited by the gate. The milk went into the pail. The day had begun once more.")
    result = _check(output)
    found = [f for f in result.findings if f.code == "LD003"]
    assert len(found) == 1 and found[0].start == 0
    assert _param(result, "rhythm_variance").score < 0.5


def test_varied_rhythm_is_not_flagged() -> None:
    result = _check(VARIED)
    assert not [f for f in result.findings if f.code == "LD003"]
    assert _param(result, "rhythm_variance").score > 0.9


def test_low_variation_without_a_flat_run_is_flagged_on_the_whole_text() -> None:
    short = "The old boat rocked on the grey water near the pier."  # 11 words
    long = "The fisherman tied a rope to the post and waited there for the tide."  # 14 words
    output = " ".join([short, long] * 4)  # neighbours differ by 3 words: no flat run, CV 0.12
    found = [f for f in _check(output).findings if f.code == "LD003"]
    assert len(found) == 1
    assert found[0].start == 0 and found[0].end == len(output)
    assert "vary little" in found[0].message
