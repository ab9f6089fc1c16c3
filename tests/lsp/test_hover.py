"""Hover: the rule's page and this instance's measured value on a diagnostic span; rule codes in the prompt."""

from __future__ import annotations

import pytest
from lsprotocol import types

from rubriq.core.rules import get_rule
from tests.lsp.conftest import Session

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def hover(session: Session, uri: str, line: int, character: int) -> types.Hover | None:
    return await session.client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=line, character=character)))


async def test_hover_on_a_diagnostic_shows_rule_badge_source_and_the_measured_value(session: Session):
    _, out = session.copy("story", "hover_out")
    session.open(out)
    await session.diagnostics(out, lambda d: any(x.code == "LD002" for x in d))
    result = await hover(session, out, 0, 5)  # inside "Once upon a time"
    assert result is not None
    text = result.contents.value
    rule = get_rule("LD002")
    assert text.startswith(f"# LD002 `{rule.name}`")
    assert "**Badge:** proxy" in text and f"Source: {rule.source}" in text
    assert "**This instance**" in text and "phrase: `once upon a time`" in text
    assert "Parameter **Cliché density**:" in text  # the parameter's score next to the explanation
    assert result.range == types.Range(start=types.Position(line=0, character=0),
                                       end=types.Position(line=0, character=16))


async def test_hover_after_an_astral_character_finds_the_right_span(session: Session):
    _, out = session.copy("story", "hover_astral")
    text = session.open(out)
    await session.diagnostics(out, lambda d: any(x.code == "LD002" for x in d))
    column = text.index("as quiet") + 1 + 3  # UTF-16: the cat emoji before it counts two
    result = await hover(session, out, 0, column)
    assert result is not None and "phrase: `as quiet as a mouse`" in result.contents.value


async def test_hover_on_a_rule_code_in_the_front_matter_ignore_list(session: Session):
    prompt, _ = session.copy("story", "hover_prompt")
    session.open(prompt)
    await session.settled(prompt)
    result = await hover(session, prompt, 3, 10)  # "ignore: [RS001]"
    assert result is not None
    assert result.contents.value == get_rule("RS001").markdown()
    assert result.range.start == types.Position(line=3, character=9)


async def test_hover_shows_rubric_anchors_when_the_rule_has_them(session: Session):
    prompt, _ = session.copy("story", "hover_rubric")
    session.open(prompt, "---\nignore: [FA001]\n---\nSummarise the text.\n")
    await session.settled(prompt)
    result = await hover(session, prompt, 1, 11)
    assert result is not None and "**Rubric anchors**" in result.contents.value


async def test_no_hover_away_from_findings_and_codes(session: Session):
    _, out = session.copy("story", "hover_none")
    session.open(out)
    await session.diagnostics(out, lambda d: any(x.code == "LD002" for x in d))
    assert await hover(session, out, 2, 20) is None  # "Every night Mara climbed..."
