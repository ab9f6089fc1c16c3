"""A paragraph written on the line right after a Markdown heading is read: as sentence units (faithfulness, sources,
the SQB's evidence) and as claims. It used to be dropped with its heading, so a summary written "## Section" then
text lost every sentence under its headings."""

from __future__ import annotations

from rubriq.core.models.semantic import text_units
from rubriq.core.verify.claims import split_claims

SUMMARY = ("# Bus plan: what changed\n\n## The consultation\nThe consultation ran for six weeks and received 4,812 "
           "responses. Most respondents opposed the fare rise.\n\n## Fares\n- The cap rises to £2.30 in January.\n"
           "## Next steps\nDecisions can be called in until 11 June.")


def test_a_paragraph_right_after_a_heading_is_read_with_its_spans():
    units = text_units(SUMMARY)
    assert [u.text for u in units] == [
        "The consultation ran for six weeks and received 4,812 responses.",
        "Most respondents opposed the fare rise.",
        "The cap rises to £2.30 in January.",
        "Decisions can be called in until 11 June.",
    ]
    assert all(SUMMARY[u.span.start:u.span.end] == u.text for u in units)


def test_source_units_keep_their_prompt_offsets_after_a_heading():
    source = "## Fees\nThe fee is £20 a month."
    (unit,) = text_units(source, base=100)
    assert (unit.text, unit.span.start) == ("The fee is £20 a month.", 100 + source.index("The fee"))


def test_the_claims_under_a_heading_are_claims_and_the_heading_is_not():
    claims, _ = split_claims(SUMMARY)
    texts = [c.text for c in claims]
    assert "The consultation ran for six weeks and received 4,812 responses." in texts
    assert "Decisions can be called in until 11 June." in texts
    assert not any(t.startswith("#") or t in ("The consultation", "Next steps") for t in texts)


def test_a_heading_followed_by_a_blank_line_or_a_list_reads_as_before():
    assert [u.text for u in text_units("## Notice\n\nTwo weeks' notice is needed.\n## Items\n- Bring the form.")] \
        == ["Two weeks' notice is needed.", "Bring the form."]


def test_comment_lines_above_csv_rows_do_not_split_the_rows_off_as_a_paragraph():
    csv = ("# Pool timetable, summer term\n# Prices are for the whole course.\ncode,day,start,end\n"
           "AS1,Tuesday,19:15,20:00")
    assert not any(u.text.startswith(("code,", "AS1")) for u in text_units(csv))
