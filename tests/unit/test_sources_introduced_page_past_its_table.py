"""A page introduced and pasted ("Here's their fee page:") that holds a table goes on after it: the paragraphs under
the table are the same material, up to the person's own request, which is never source."""

from __future__ import annotations

from rubriq.core.prompt import parse_prompt

TABLE = """| Item | Price |
|---|---|
| Small box | £4.00 |
| Large box | £7.50 |
| Pallet | £38.00 |"""


def _sources(prompt: str) -> list[str]:
    return [b.text for b in parse_prompt(prompt).sources]


def test_the_paragraphs_under_an_introduced_table_are_source_up_to_the_request():
    prompt = ("I'm moving flat next month. Here's the storage firm's price page:\n\n**Boxwell Storage: prices**\n\n"
              f"{TABLE}\n\nRefunds: unused months are refunded within 14 days of collection.\n\n"
              "Access: the unit can be visited Monday to Saturday, 8am to 6pm.\n\n"
              "I'll need two large boxes for three months. Can you tell me what I'd pay and when I can visit?")
    text = "\n".join(_sources(prompt))
    assert "Refunds: unused months are refunded within 14 days of collection." in text
    assert "Access: the unit can be visited Monday to Saturday, 8am to 6pm." in text
    assert "Can you tell me what I'd pay" not in text


def test_a_request_right_after_the_table_is_not_taken():
    prompt = ("Here's the storage firm's price page:\n\n**Boxwell Storage: prices**\n\n"
              f"{TABLE}\n\nCan you tell me what two large boxes cost for three months?")
    assert not any("Can you tell me" in s for s in _sources(prompt))
