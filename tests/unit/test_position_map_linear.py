"""The language server turns every finding's offsets into LSP positions. On one long line (a minified answer, a
1 MB line of words) a lookup that re-measures the line's prefix is quadratic in the findings; the position map
measures each text once, so converting every finding costs linear work in every encoding."""

from __future__ import annotations

import pytest
from work_counting import measured_exponent

from rubriq.lsp.convert import UTF8, UTF16, UTF32, PositionMap


def _one_line(size: int) -> str:
    return ("word é 😀 " * (size // 9 + 1))[:size]


@pytest.mark.parametrize("encoding", [UTF16, UTF8, UTF32])
def test_positions_of_many_offsets_on_one_long_line_cost_linear_work(encoding: str):
    def convert(text: str) -> None:
        positions = PositionMap(text, encoding)
        for offset in range(0, len(text), 10):
            positions.position(offset)

    exponent = measured_exponent(_one_line, convert, 4000, 16000)
    assert exponent <= 1.2, exponent


@pytest.mark.parametrize("encoding", [UTF16, UTF8, UTF32])
def test_positions_count_code_units_of_the_encoding(encoding: str):
    text = "ab😀c\né😀x\n\ud800z"
    positions = PositionMap(text, encoding)
    expected_units = {UTF16: (5, 4, 1), UTF8: (7, 7, 3), UTF32: (4, 3, 1)}[encoding]
    assert positions.position(text.index("c") + 1).character == expected_units[0]
    assert positions.position(text.index("x") + 1).character == expected_units[1]
    assert positions.position(text.index("z")).character == expected_units[2]
    assert positions.position(text.index("x")).line == 1
    for offset in range(len(text) + 1):  # round trip: position -> offset -> the same offset
        assert positions.offset(positions.position(offset)) == offset
