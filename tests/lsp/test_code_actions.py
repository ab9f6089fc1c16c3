"""Quick fixes: repair prompt into the sibling .prompt, another family, ignore this finding, disable the rule for
the pair, fix-all. Every change is a WorkspaceEdit the client applies; the test applies it as a client would."""

from __future__ import annotations

import json

import pytest
from lsprotocol import types

from rubriq.core.engine import check
from rubriq.core.families import Family
from rubriq.core.repair import build_repair, merge_repairs
from tests.lsp.conftest import Session, apply_text_edits, edits_for

pytestmark = pytest.mark.asyncio(loop_scope="module")


def cliches(diagnostics: list[types.Diagnostic]) -> list[types.Diagnostic]:
    return [d for d in diagnostics if d.code == "LD002"]


async def first_cliche(session: Session, out: str) -> types.Diagnostic:
    found = await session.diagnostics(out, lambda d: len(cliches(d)) == 6)
    return cliches(found)[0]


async def test_repair_quick_fix_inserts_the_library_repair_into_the_sibling_prompt(session: Session):
    prompt, out = session.copy("story", "ca_repair")
    session.open(out)
    diagnostic = await first_cliche(session, out)
    actions = await session.code_actions(out, [diagnostic])
    titles = [a.title for a in actions]
    assert "Insert repair prompt for claude (LD002)" in titles  # family from `model: claude-3-5-sonnet`
    assert "Insert repair prompt for another family..." in titles
    repair_action = next(a for a in actions if a.title == "Insert repair prompt for claude (LD002)")
    assert repair_action.kind == types.CodeActionKind.QuickFix and repair_action.is_preferred
    prompt_text = session.path(prompt).read_text(encoding="utf-8")
    repaired = apply_text_edits(prompt_text, edits_for(repair_action.edit, prompt))

    out_text = session.path(out).read_text(encoding="utf-8")
    result = check(prompt_text, out_text, tiers=frozenset({0}))
    finding = next(f for f in result.findings if f.code == "LD002" and f.start == 0)
    expected = build_repair(finding, result.prompt, result.task.task, Family.CLAUDE)
    assert repaired == expected.apply(prompt_text)
    assert "<style>" in repaired and repaired != prompt_text
    assert session.path(prompt).read_text(encoding="utf-8") == prompt_text  # the server wrote nothing itself


async def test_another_family_is_chosen_by_the_user_then_applied(session: Session):
    prompt, out = session.copy("story", "ca_family")
    session.open(out)
    diagnostic = await first_cliche(session, out)
    actions = await session.code_actions(out, [diagnostic])
    other = next(a for a in actions if a.title == "Insert repair prompt for another family...")
    session.client.choice = "gpt"
    session.client.applied_edits.clear()
    outcome = await session.command(other.command.command, *other.command.arguments)
    assert outcome["applied"] and outcome["family"] == "gpt"
    (edit,) = session.client.applied_edits
    prompt_text = session.path(prompt).read_text(encoding="utf-8")
    repaired = apply_text_edits(prompt_text, edits_for(edit, prompt))
    claude = next(a for a in actions if a.title == "Insert repair prompt for claude (LD002)")
    assert repaired != apply_text_edits(prompt_text, edits_for(claude.edit, prompt))  # GPT's mechanism differs


async def test_ignore_this_finding_is_recorded_in_the_project_file_and_survives_other_edits(session: Session):
    _, out = session.copy("story", "ca_ignore")
    session.open(out)
    diagnostic = await first_cliche(session, out)
    actions = await session.code_actions(out, [diagnostic])
    ignore = next(a for a in actions if a.title == "Ignore this finding")
    ignore_file = session.root / ".rubriq" / "ignore.json"
    edits = edits_for(ignore.edit, ignore_file.as_uri())
    current = ignore_file.read_text(encoding="utf-8") if ignore_file.exists() else ""
    content = apply_text_edits(current, edits)
    ignore_file.parent.mkdir(exist_ok=True)
    ignore_file.write_text(content, encoding="utf-8")  # what the client does when it applies the edit and saves
    await session.command(ignore.command.command, *ignore.command.arguments)
    entries = json.loads(content)["ignored"]
    assert {"code": "LD002", "file": "ca_ignore.out"}.items() <= next(
        e for e in entries if e["file"] == "ca_ignore.out").items()
    # The entry is the rule in that sentence: both clichés of the first sentence go, the other four stay.
    remaining = await session.diagnostics(out, lambda d: len(cliches(d)) == 4)
    assert all(d.range.start.line != 0 for d in cliches(remaining))
    version = session.change(out, (2, 0), (2, 5), "Each")  # "Every" → "Each", another sentence
    await session.settled(out, version)
    assert len(cliches(await session.current(out))) == 4


async def test_disable_rule_for_this_pair_adds_it_to_front_matter_ignore(session: Session):
    prompt, out = session.copy("story", "ca_disable")
    session.open(out)
    diagnostic = await first_cliche(session, out)
    actions = await session.code_actions(out, [diagnostic])
    disable = next(a for a in actions if a.title == "Disable LD002 for this pair")
    prompt_text = session.path(prompt).read_text(encoding="utf-8")
    edited = apply_text_edits(prompt_text, edits_for(disable.edit, prompt))
    assert "ignore: [RS001, LD002]" in edited
    session.open(prompt, edited)  # a client opens the file it edits
    await session.diagnostics(out, lambda d: not cliches(d))


async def test_fix_all_applies_every_repair_in_one_edit(session: Session):
    prompt, out = session.copy("story", "ca_fixall")
    session.open(out)
    await first_cliche(session, out)
    actions = await session.code_actions(out, [], only=["source.fixAll.rubriq"])
    (fix_all,) = actions
    assert fix_all.kind == "source.fixAll.rubriq"
    assert fix_all.title.startswith("Insert all repair prompts for claude")
    prompt_text = session.path(prompt).read_text(encoding="utf-8")
    repaired = apply_text_edits(prompt_text, edits_for(fix_all.edit, prompt))
    result = check(prompt_text, session.path(out).read_text(encoding="utf-8"), tiers=frozenset({0}))
    repairs = [build_repair(f, result.prompt, result.task.task, Family.CLAUDE) for f in result.findings
               if f.code == "LD002"]
    assert len(repairs) == 6
    assert repaired == merge_repairs(repairs, result.prompt).apply(prompt_text)
