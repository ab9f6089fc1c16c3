"""Every segment of the text model slices back to its own text, and counts follow IFEval's conventions."""

from hypothesis import given, settings
from hypothesis import strategies as st

from rubriq.core.text import LineIndex, Span, TextModel

SAMPLE = """# Release notes

The payments API failed for 4% of requests. Dr. Lee traced it to the pool limit.

- raised the limit to 200
- added an alert
1. review capacity

```python
print("hi")
```
Last line without newline"""


def _all_segments(model: TextModel):
    yield from model.words
    yield from model.sentences
    yield from model.paragraphs
    yield from model.lines
    yield from model.list_items
    yield from model.headings
    for block in model.code_blocks:
        yield block.code


def test_every_segment_slices_back_to_its_text():
    model = TextModel(SAMPLE)
    for segment in _all_segments(model):
        if segment in model.headings:
            assert segment.text in segment.span.slice(SAMPLE)
        else:
            assert segment.span.slice(SAMPLE) == segment.text


def test_words_are_backslash_w_tokens():
    assert [w.text for w in TextModel("It's 4.5% — ok?").words] == ["It", "s", "4", "5", "ok"]


def test_punkt_keeps_abbreviations_inside_a_sentence():
    sentences = [s.text for s in TextModel("Dr. Lee left at 5 p.m. on Monday. He came back.").sentences]
    assert sentences[-1] == "He came back."
    assert sentences[0].startswith("Dr. Lee")


def test_paragraphs_split_on_blank_lines_and_trim_whitespace():
    paragraphs = TextModel("one\ntwo\n\n  \n three \n\nfour").paragraphs
    assert [p.text for p in paragraphs] == ["one\ntwo", "three", "four"]


def test_list_items_headings_and_code_blocks_are_found():
    model = TextModel(SAMPLE)
    assert [i.text.strip() for i in model.bullet_items] == ["- raised the limit to 200", "- added an alert"]
    assert [i.text.strip() for i in model.numbered_items] == ["1. review capacity"]
    assert [h.text for h in model.headings] == ["Release notes"]
    assert model.code_blocks[0].language == "python"
    assert model.code_blocks[0].code.text == 'print("hi")\n'


def test_lines_cover_the_text_including_an_empty_last_line():
    model = TextModel("a\n\nb\n")
    assert [line.text for line in model.lines] == ["a", "", "b", ""]
    assert TextModel("").lines[0].span == Span(0, 0)


def test_line_index_round_trips_offsets():
    index = LineIndex(SAMPLE)
    for offset in range(len(SAMPLE) + 1):
        line, column = index.position(offset)
        assert index.offset(line, column) == offset


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=400))
def test_segments_of_random_text_slice_back(text):
    model = TextModel(text)
    for segment in [*model.words, *model.sentences, *model.paragraphs, *model.lines, *model.list_items]:
        assert segment.span.slice(text) == segment.text
