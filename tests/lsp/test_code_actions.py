"""Quick fixes for the finding under the cursor: repair prompt into the sibling .prompt (then shown), another family,
ignore in this sentence, disable the rule for the pair, the rule's documentation; fix-all as a source action.
Every change is a WorkspaceEdit the client applies; the test applies it as a client would."""

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
    assert "Insert LD002 repair prompt for another model family…" in titles
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
    other = next(a for a in actions if a.title == "Insert LD002 repair prompt for another model family…")
    session.client.choice = "gpt"
    session.client.applied_edits.clear()
    shown_before = len(session.client.shown_documents)
    outcome = await session.command(other.command.command, *other.command.arguments)
    assert outcome["applied"] and outcome["family"] == "gpt"
    if session.profile == "vscode":  # the applied repair is shown; Neovim 0.7 announces no showDocument
        assert session.client.shown_documents[shown_before].uri == prompt
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
    ignore = next(a for a in actions if a.title == "Ignore LD002 in this sentence")
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


def prompt_with(session: Session, prompt: str, action: types.CodeAction) -> str:
    text = session.path(prompt).read_text(encoding="utf-8")
    return apply_text_edits(text, edits_for(action.edit, prompt))


async def actions_at(session: Session, out: str, line: int, character: int) -> list[types.CodeAction]:
    """What a client asks for with the cursor at (line, character): the diagnostics there, and that position."""
    here = types.Position(line=line, character=character)
    touching = [d for d in await session.current(out) if (d.range.start.line, d.range.start.character)
                <= (line, character) <= (d.range.end.line, d.range.end.character)]
    result = await session.client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=out), range=types.Range(start=here, end=here),
        context=types.CodeActionContext(diagnostics=touching)))
    return [a for a in result or [] if isinstance(a, types.CodeAction)]


async def test_under_a_forbidden_word_at_most_five_fixes_the_first_its_repair(session: Session):
    _, out = session.copy("brief", "ca_word")
    text = session.open(out)
    await session.diagnostics(out, lambda d: any(x.code == "IF007" for x in d))
    line = text.split("\n")[0]
    actions = await actions_at(session, out, 0, line.index("very") + 1)
    titles = [a.title for a in actions]
    assert len(titles) <= 5 and titles[0] == "Insert repair prompt for gpt (IF007)", titles
    assert all("IF007" in t for t in titles), titles  # only the finding under the cursor, never the sentence's
    assert "Show documentation for IF007" in titles and "Ignore IF007 in this sentence" in titles


async def test_show_documentation_opens_the_rule_page(session: Session):
    _, out = session.copy("brief", "ca_docs")
    text = session.open(out)
    await session.diagnostics(out, lambda d: any(x.code == "IF007" for x in d))
    actions = await actions_at(session, out, 0, text.index("very") + 1)
    docs = next(a for a in actions if a.title == "Show documentation for IF007")
    before = len(session.client.shown_documents)
    answer = await session.command(docs.command.command, *docs.command.arguments)
    assert answer["ok"] and answer["uri"].startswith("file://") and answer["uri"].endswith("/IF007.md")
    assert "https://" not in answer["uri"] and answer["markdown"].startswith("# IF007")
    if session.profile == "vscode":
        assert session.client.shown_documents[before].uri == answer["uri"]


async def test_a_repair_applied_twice_leaves_one_copy_and_is_then_shown_not_inserted(session: Session):
    prompt, out = session.copy("brief", "ca_twice")
    text = session.open(out)
    await session.diagnostics(out, lambda d: any(x.code == "IF007" for x in d))
    at = (0, text.index("very") + 1)
    first = next(a for a in await actions_at(session, out, *at) if a.title.startswith("Insert repair prompt"))
    repaired = prompt_with(session, prompt, first)
    assert first.command.command == "rubriq.revealRepair"  # the client shows the .prompt once it applied the edit
    selection = types.Range(**{k: types.Position(**v) for k, v in first.command.arguments[0]["range"].items()})
    lines = repaired.split("\n")
    selected = "\n".join(lines[selection.start.line: selection.end.line + 1])
    assert "very" in selected and selected.strip() in repaired
    if session.profile == "vscode":
        before = len(session.client.shown_documents)
        await session.command(first.command.command, *first.command.arguments)
        shown = session.client.shown_documents[before]
        assert shown.uri == prompt and shown.take_focus and shown.selection == selection
    session.open(prompt, repaired)  # the client applied the edit: the prompt is open with the repair in it
    await session.settled(out)
    await session.diagnostics(out, lambda d: any(x.code == "IF007" for x in d))
    again = [a for a in await actions_at(session, out, *at) if "IF007" in a.title]
    assert not any(a.title.startswith("Insert repair prompt for gpt") for a in again), [a.title for a in again]
    show = next(a for a in again if a.title == "Show the IF007 repair prompt, already in the prompt")
    assert show.edit is None and show.command.command == "rubriq.revealRepair"


async def test_insert_all_twice_inserts_each_repair_once(session: Session):
    prompt, out = session.copy("brief", "ca_all")
    session.open(out)
    await session.diagnostics(out, lambda d: any(x.code == "IF007" for x in d))
    (fix_all,) = await session.code_actions(out, [], only=["source.fixAll.rubriq"])
    once = prompt_with(session, prompt, fix_all)
    session.open(prompt, once)
    await session.settled(out)
    assert await session.code_actions(out, [], only=["source.fixAll.rubriq"]) == []  # nothing left to insert
    quick = await session.code_actions(out, [])
    assert not any(a.title.startswith("Insert all") for a in quick)  # fix-all is a source action, not a quick fix
