"""Code lens: the profile in at most 80 columns at the top of the .out, refreshed after every pass, opening the
whole profile when clicked; "Rescore with models" when model tiers are manual."""

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
    assert title.startswith("creative_writing · Lexical diversity ") and len(title) <= 80
    assert title.endswith(f"weighted view {status['pair']['profile']['weighted_view']:.2f}")
    assert profile.command.command == "rubriq.showProfile" and list(profile.command.arguments) == [out]
    assert rescore.command.title == "Rescore with models"
    assert rescore.command.command == "rubriq.rescore" and list(rescore.command.arguments) == [out]


async def test_no_lens_on_the_prompt(session: Session):
    prompt, _ = session.copy("story", "lens_prompt")
    session.open(prompt)
    await session.settled(prompt)
    assert await lenses(session, prompt) == []


async def test_clicking_the_lens_answers_the_whole_profile(session: Session):
    _, out = session.copy("story", "lens_click")
    session.open(out)
    status = await session.settled(out)
    (profile, _) = await lenses(session, out)
    answer = await session.command(profile.command.command, *profile.command.arguments)
    assert answer["ok"] and answer["title"] == "Rubriq profile: lens_click"
    for param in status["pair"]["profile"]["parameters"]:
        assert param["title"] in answer["markdown"] and param["title"] in answer["html"]
    assert answer["html"].startswith("<!DOCTYPE html>") and "<script" not in answer["html"]


async def test_lenses_are_refreshed_after_every_pass_where_the_client_can_be_asked(session: Session):
    _, out = session.copy("story", "lens_refresh")
    before = len(session.client.lens_refreshes)
    text = session.open(out)
    await session.settled(out)
    version = session.change(out, (text.count("\n"), 0), (text.count("\n"), 0), "The end. ")
    await session.settled(out, version)
    if session.profile == "vscode":  # VS Code announces workspace/codeLens/refresh; Neovim 0.7 does not
        assert len(session.client.lens_refreshes) >= before + 2
    else:
        assert len(session.client.lens_refreshes) == before
