"""Offsets ↔ LSP positions in each encoding, checked against Python's own encoders."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from lsprotocol import types

from rubriq.lsp.convert import UTF8, UTF16, UTF32, PositionMap, encoding_name, sentence_hash

TEXTS = st.text(alphabet=st.sampled_from(["a", "é", "€", "🐈", "𝔸", "\n", "\r", " ", "中"]), max_size=60)


def reference_position(text: str, offset: int, encoding: str) -> types.Position:
    before = text[:offset]
    line = before.count("\n")
    column_text = before[before.rfind("\n") + 1 :]
    codec = {UTF8: "utf-8", UTF16: "utf-16-le", UTF32: "utf-32-le"}[encoding]
    unit = {UTF8: 1, UTF16: 2, UTF32: 4}[encoding]
    return types.Position(line=line, character=len(column_text.encode(codec)) // unit)


@settings(max_examples=200, deadline=None)
@given(TEXTS, st.data())
def test_positions_match_the_encoders_and_round_trip(text: str, data: st.DataObject):
    offset = data.draw(st.integers(min_value=0, max_value=len(text)))
    for encoding in (UTF8, UTF16, UTF32):
        positions = PositionMap(text, encoding)
        position = positions.position(offset)
        assert position == reference_position(text, offset, encoding)
        assert positions.offset(position) == offset


def test_an_emoji_counts_two_utf16_units_and_four_utf8_bytes():
    text = "a🐈b"
    assert PositionMap(text, UTF16).position(2) == types.Position(line=0, character=3)
    assert PositionMap(text, UTF8).position(2) == types.Position(line=0, character=5)
    assert PositionMap(text, UTF32).position(2) == types.Position(line=0, character=2)


def test_a_position_inside_a_surrogate_pair_or_past_the_line_end_is_clamped():
    positions = PositionMap("a🐈b\nxy", UTF16)
    assert positions.offset(types.Position(line=0, character=2)) == 1  # middle of the emoji: before it
    assert positions.offset(types.Position(line=0, character=99)) == 3  # end of line 0, not into line 1
    assert positions.offset(types.Position(line=9, character=0)) == len("a🐈b\nxy")


def test_encoding_names_from_the_negotiated_kind():
    assert encoding_name(types.PositionEncodingKind.Utf8) == UTF8
    assert encoding_name(None) == UTF16
    assert encoding_name("utf-32") == UTF32


def test_sentence_hash_ignores_whitespace_only():
    assert sentence_hash("The cat  sat.\n") == sentence_hash("The cat sat.")
    assert sentence_hash("The cat sat.") != sentence_hash("The dog sat.")
