"""Robustness: huge, binary, non-UTF-8 and empty files, a burst of 1,000 changes. After each, the server answers
the next request correctly. (A client that disconnects mid-check: test_disconnect.py.)"""

from __future__ import annotations

import asyncio

import pytest
from lsprotocol import types

from tests.lsp.conftest import FIXTURES, Session

pytestmark = pytest.mark.asyncio(loop_scope="module")


def cliches(diagnostics: list[types.Diagnostic]) -> list[types.Diagnostic]:
    return [d for d in diagnostics if d.code == "LD002"]


async def still_serving(session: Session) -> None:
    """The next request after the trouble: a normal pair still gets its diagnostics."""
    _, out = session.copy("story", f"alive_{len(session.versions)}")
    session.open(out)
    await session.diagnostics(out, lambda d: len(cliches(d)) == 6)


async def test_a_10_mb_output_is_not_scored_live_says_why_and_memory_stays_bounded(session: Session):
    _, out = session.copy("story", "rb_huge")
    story = (FIXTURES / "story.out").read_text(encoding="utf-8")
    huge = (story + "\n") * (10_000_000 // (len(story) + 1))
    session.open(out, huge)
    found = await session.diagnostics(out, lambda d: any(x.data and x.data.get("kind") == "not-scored" for x in d))
    assert "too large to check as you type" in found[0].message
    status = await session.command("rubriq.status", out)
    assert status["rss_mb"] < 800  # the text is held once; no segmentation of 10 MB was kept
    version = session.change(out, (0, 0), (0, 4), "Long")  # edits still apply to the huge document
    await session.settled(out, version)
    await still_serving(session)


async def test_binary_output_open_in_the_editor_is_not_scored(session: Session):
    _, out = session.copy("story", "rb_binary")
    session.open(out, "PK\x03\x04\x00\x00binary\x00data")
    found = await session.diagnostics(out, lambda d: bool(d))
    assert len(found) == 1 and "NUL bytes" in found[0].message
    await still_serving(session)


async def test_non_utf8_prompt_on_disk_gives_no_diagnostics_and_a_log_line(session: Session):
    prompt, out = session.copy("story", "rb_latin1")
    session.path(prompt).write_bytes("Écris une histoire très courte.\n".encode("latin-1"))
    session.open(out)
    for _ in range(200):
        if any("rb_latin1.prompt cannot be scored: not UTF-8" in m.message for m in session.client.log_messages):
            break
        await asyncio.sleep(0.05)
    assert any("not UTF-8" in m.message for m in session.client.log_messages)
    assert await session.current(out) == []
    await still_serving(session)


async def test_empty_output_and_empty_prompt(session: Session):
    prompt, out = session.copy("story", "rb_empty")
    session.open(out, "")
    await session.settled(out)
    assert cliches(await session.current(out)) == []
    session.open(prompt, "")
    await session.settled(prompt)
    assert await session.current(prompt) == []
    await still_serving(session)


async def test_a_burst_of_1000_changes_is_checked_a_few_times_and_ends_on_the_last_version(session: Session):
    _, out = session.copy("story", "rb_burst")
    session.open(out)
    await session.diagnostics(out, lambda d: len(cliches(d)) == 6)
    runs_before = (await session.command("rubriq.status"))["caches"]["tier0_runs"]
    version = 1
    for _ in range(1000):  # type "x" 1,000 times at the start of the third paragraph
        version = session.change(out, (2, 0), (2, 0), "x")
    status = await session.settled(out, version)
    runs = status["caches"]["tier0_runs"] - runs_before
    assert 1 <= runs <= 50, runs  # debounced: not one check per keystroke
    found = cliches(await session.current(out))
    assert len(found) == 6
    blue = next(d for d in found if d.data["evidence"] == "out of the blue")
    assert blue.range.start == types.Position(line=4, character=26)  # line 2 grew; line 4 unchanged
    assert found[0].data["start"] == 0
