"""A JSON field's number is checked as written: "10.00" is a span of five characters, not the "10.0" a float prints
(whose span cut the figure short, so its value was never compared), and a figure is found where it stands, not
among the digits of its key ("guests_over_12": 12)."""

from __future__ import annotations

from rubriq.core.verify.claims import data_fields

RECORD = '''```json
{
  "registered_fee_gbp": 42.00,
  "late_fee_if_after_31_jan_gbp": 10.00,
  "guests_over_12": 12,
  "colonies": 6
}
```'''


def _fields() -> dict[str, str]:
    return {c.text: RECORD[c.span.start:c.span.end] for c in data_fields(RECORD)}


def test_a_decimal_with_trailing_zeros_spans_the_figure_as_written():
    fields = _fields()
    assert fields["registered_fee_gbp: 42.00"] == "42.00"
    assert fields["late_fee_if_after_31_jan_gbp: 10.00"] == "10.00"


def test_a_number_is_found_after_its_key_not_inside_it():
    spans = {c.text: c.span for c in data_fields(RECORD)}
    guests = spans["guests_over_12: 12"]
    assert RECORD[guests.start - 18:guests.end] == '"guests_over_12": 12'
    assert RECORD[spans["colonies: 6"].start:spans["colonies: 6"].end] == "6"
