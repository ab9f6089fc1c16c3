"""Code lens: the profile in one line at the top of the .out; "Rescore with models" when model tiers are manual."""

from __future__ import annotations

import pytest
from lsprotocol import types

from tests.lsp.conftest import Session

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def lenses(session: Session, uri: str) -> list[types.CodeLens]:
    return list(await session.client.text_document_code_lens_async(types.CodeLensParams(
        text_document=types.TextDocumentIdentifier(uri=uri))) or [])


async def test_profile_line_and_rescore_lens_on_the_output(session: Session):
    _, out = session.copy("story", "lens_out")
    session.open(out)
    status = await session.settled(out)
    found = await lenses(session, out)
    profile, rescore = found  # the test settings make model tiers manual
    assert profile.range.start == types.Position(line=0, character=0)
    title = profile.command.title
    assert title == status["pair"]["profile_line"]
    assert title.startswith("creative_writing · Lexical diversity ")
    assert "Cliché density" in title and "weighted view" in title and "scored)" in title
    assert rescore.command.title == "Rescore with models"
    assert rescore.command.command == "rubriq.rescore" and list(rescore.command.arguments) == [out]


async def test_no_lens_on_the_prompt(session: Session):
    prompt, _ = session.copy("story", "lens_prompt")
    session.open(prompt)
    await session.settled(prompt)
    assert await lenses(session, prompt) == []
