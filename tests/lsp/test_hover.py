"""Hover: the finding under the cursor first, then its rule in two or three lines and a link to the full page; no
raw data; fits a 20-line float. Rule codes written in the prompt get the rule's summary and link."""

from __future__ import annotations

import pytest
from lsprotocol import types

from rubriq.core.rules import get_rule
from tests.lsp.conftest import Session

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def hover(session: Session, uri: str, line: int, character: int) -> types.Hover | None:
    return await session.client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=line, character=character)))


def lines_at_80_columns(markdown: str) -> int:
    """How many lines a float of 80 columns needs for this hover (each line wrapped)."""
    return sum(max(1, -(-len(line) // 80)) for line in markdown.split("\n"))


async def test_hover_on_a_finding_puts_the_finding_first_then_the_rule_briefly_with_a_link(session: Session):
    _, out = session.copy("story", "hover_out")
    session.open(out)
    await session.diagnostics(out, lambda d: any(x.code == "LD002" for x in d))
    result = await hover(session, out, 0, 5)  # inside "Once upon a time"
    assert result is not None
    text = result.contents.value
    rule = get_rule("LD002")
    assert text.startswith("**LD002** ") and "once upon a time" in text.split("\n")[0].lower()  # the finding first
    assert f"*{rule.title}* (proxy): " in text and "Cliché density:" in text
    link = next(line for line in text.split("\n") if line.startswith("[LD002 rule page]"))
    assert "file://" in link and link.endswith("/LD002.md)")
    assert "phrase:" not in text and "`{" not in text and not text.lstrip().startswith("#")  # no raw data, no heading
    assert len(text) <= 1200 and lines_at_80_columns(text) <= 20
    assert result.range == types.Range(start=types.Position(line=0, character=0),
                                       end=types.Position(line=0, character=16))


async def test_hover_where_findings_overlap_shows_the_innermost_first_and_stays_short(session: Session):
    _, out = session.copy("brief", "hover_overlap")
    text = session.open(out)
    await session.diagnostics(out, lambda d: any(x.code == "IF007" for x in d))
    result = await hover(session, out, 0, text.index("very") + 1)
    assert result is not None
    value = result.contents.value
    assert value.startswith("**IF007** ")
    assert len(value) <= 1200 and lines_at_80_columns(value) <= 20, value


async def test_hover_after_an_astral_character_finds_the_right_span(session: Session):
    _, out = session.copy("story", "hover_astral")
    text = session.open(out)
    await session.diagnostics(out, lambda d: any(x.code == "LD002" for x in d))
    column = text.index("as quiet") + 1 + 3  # UTF-16: the cat emoji before it counts two
    result = await hover(session, out, 0, column)
    assert result is not None and "“as quiet as a mouse”" in result.contents.value


async def test_hover_on_a_rule_code_in_the_front_matter_ignore_list(session: Session):
    prompt, _ = session.copy("story", "hover_prompt")
    session.open(prompt)
    await session.settled(prompt)
    result = await hover(session, prompt, 3, 10)  # "ignore: [RS001]"
    assert result is not None
    value = result.contents.value
    assert value.startswith("**RS001**") and get_rule("RS001").title in value and "/RS001.md)" in value
    assert result.range.start == types.Position(line=3, character=9)


async def test_no_hover_away_from_findings_and_codes(session: Session):
    _, out = session.copy("story", "hover_none")
    session.open(out)
    await session.diagnostics(out, lambda d: any(x.code == "LD002" for x in d))
    assert await hover(session, out, 2, 20) is None  # "Every night Mara climbed..."
