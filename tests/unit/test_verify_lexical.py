"""Lexical support: inflections meet at one stem, function words do not count, bigrams see recombined words."""

from __future__ import annotations

from rubriq.core.verify.lexical import LexicalProfile, bigram_support, overlap, stem, unigram_support


def test_inflected_forms_share_a_stem_and_non_plurals_keep_their_s() -> None:
    assert stem("opens") == stem("open")
    assert stem("raised") == stem("raise") == stem("raises")
    assert stem("charging") == stem("charged")
    assert stem("companies") == stem("company")
    assert stem("Council's") == stem("council")
    assert stem("status") != stem("statu") and stem("class") == "class"


def test_support_counts_content_words_only() -> None:
    source = LexicalProfile.of("The library opens in 2026 and will hold 300,000 books.")
    assert unigram_support(LexicalProfile.of("the library opened"), source) == 1.0
    assert unigram_support(LexicalProfile.of("the museum opened"), source) == 0.5


def test_bigram_support_drops_when_the_same_words_are_recombined() -> None:
    source = LexicalProfile.of("Anna hired Ben. Ben fired Carl.")
    assert bigram_support(LexicalProfile.of("Anna hired Ben"), source) == 1.0
    assert bigram_support(LexicalProfile.of("Anna fired Carl"), source) == 0.5
    assert unigram_support(LexicalProfile.of("Anna fired Carl"), source) == 1.0


def test_overlap_is_the_share_of_the_claims_distinct_stems_in_a_unit() -> None:
    claim = LexicalProfile.of("pier repairs cost")
    assert overlap(claim, LexicalProfile.of("The repairs will cost a lot.")) == 2 / 3
    assert overlap(LexicalProfile.of("the of and"), LexicalProfile.of("anything")) == 0.0
