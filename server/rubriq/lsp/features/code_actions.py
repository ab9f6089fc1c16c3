"""Quick fixes for the finding under the cursor (the innermost one where several overlap), at most five, each
title naming the rule code:

- "Insert repair prompt for <family> (CODE)": the repair library's text for that finding, inserted into the sibling
  `.prompt` where the repair says, then shown (`rubriq.revealRepair`: the `.prompt` beside the output, the inserted
  text selected). A repair the prompt already holds is not inserted again: "Show the CODE repair prompt".
- "Insert CODE repair prompt for another model family…" asks which family first.
- "Ignore CODE in this sentence": adds rule code + sentence hash to `.rubriq/ignore.json` (edited by the client).
- "Disable CODE for this pair": adds the code to the prompt's front matter `ignore`.
- "Show documentation for CODE": opens the rule's page (`rubriq.showRuleDocs`).
- Fix-all, as the source action `source.fixAll.rubriq`: every repair not yet in the prompt, each once, in one edit.

Every change to a user's file is a WorkspaceEdit that the client applies; the server writes nothing itself.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from lsprotocol import types

from rubriq.core.families import Family
from rubriq.core.findings import Finding, Severity
from rubriq.core.rules import find_rule
from rubriq.lsp import convert, repairs
from rubriq.lsp.documents import (
    OUTPUT_SUFFIX,
    PROMPT_SUFFIX,
    is_pair_member,
    output_uri,
    pair_key,
    path_for_uri,
    prompt_uri,
    read_side,
    uri_for_path,
)
from rubriq.lsp.features.diagnostics import display_span
from rubriq.lsp.frontmatter import ignore_edit
from rubriq.lsp.ignore import IgnoreEntry
from rubriq.lsp.server import RubriqServer
from rubriq.lsp.store import PairView

log = logging.getLogger("rubriq.lsp")

FIX_ALL_KIND = f"{types.CodeActionKind.SourceFixAll.value}.rubriq"
CHOOSE_FAMILY_COMMAND = "rubriq.chooseRepairFamily"
IGNORE_COMMAND = "rubriq.ignoreFinding"
REVEAL_COMMAND = "rubriq.revealRepair"
DOCS_COMMAND = "rubriq.showRuleDocs"


def finding_of(diagnostic: types.Diagnostic, view: PairView,
               index: dict[tuple[Any, Any, Any], Finding] | None = None) -> Finding | None:
    """The finding behind a diagnostic: from the current view, else rebuilt from the diagnostic's data."""
    data = diagnostic.data if isinstance(diagnostic.data, dict) else None
    if not data or diagnostic.source != convert.SOURCE or not data.get("code"):
        return None
    key = (data["code"], data.get("start"), data.get("end"))
    if index is not None:
        if key in index:
            return index[key]
    else:
        for finding in view.findings:
            if (finding.code, finding.start, finding.end) == key:
                return finding
    if find_rule(str(data["code"])) is None:
        return None
    return Finding(code=str(data["code"]), message=diagnostic.message, severity=Severity.WARNING,
                   where=data.get("where", "output"), start=int(data.get("start", 0)), end=int(data.get("end", 0)),
                   evidence=str(data.get("evidence", "")), data=data.get("finding") or {})


def text_edits(server: RubriqServer, uri: str, changes: Sequence[tuple[int, int, str]]) -> types.WorkspaceEdit | None:
    """Edits of `uri` between character offsets of its current text (the editor's, else the disk's)."""
    side = read_side(server.workspace, uri)
    if side.text is None:
        return None
    positions = convert.PositionMap(side.text, convert.encoding_name(server.workspace.position_encoding))
    edits = [types.TextEdit(range=positions.range(start, end), new_text=text) for start, end, text in changes]
    if side.is_open and server.client_supports("workspace.workspace_edit.document_changes"):
        identifier = types.OptionalVersionedTextDocumentIdentifier(uri=uri, version=side.version)
        return types.WorkspaceEdit(document_changes=[types.TextDocumentEdit(text_document=identifier, edits=edits)])
    return types.WorkspaceEdit(changes={uri: edits})


def text_edit(server: RubriqServer, uri: str, start: int, end: int, new_text: str) -> types.WorkspaceEdit | None:
    return text_edits(server, uri, [(start, end, new_text)])


def ignore_file_edit(server: RubriqServer, content: str) -> types.WorkspaceEdit | None:
    path = server.ignores.path
    if path is None:
        return None
    uri = uri_for_path(path)
    side = read_side(server.workspace, uri)
    if side.text is not None:
        return text_edit(server, uri, 0, len(side.text), content)
    operations = server.client_supports("workspace.workspace_edit.resource_operations") or []
    if types.ResourceOperationKind.Create not in operations and "create" not in operations:
        return None
    identifier = types.OptionalVersionedTextDocumentIdentifier(uri=uri, version=None)
    start = types.Position(line=0, character=0)
    return types.WorkspaceEdit(document_changes=[
        types.CreateFile(uri=uri, options=types.CreateFileOptions(ignore_if_exists=True)),
        types.TextDocumentEdit(text_document=identifier, edits=[
            types.TextEdit(range=types.Range(start=start, end=start), new_text=content)]),
    ])


def prompt_is_current(server: RubriqServer, view: PairView) -> bool:
    """Repairs are placed by offsets into the prompt they were built from: only offered while it is unchanged."""
    return read_side(server.workspace, prompt_uri(view.snapshot.key)).text == view.result.prompt.text


def inserted_range(server: RubriqServer, prompt_text: str, edits: Sequence[tuple[int, int, str]]) -> types.Range:
    """Where the longest inserted text will stand once `edits` are applied (without its blank lines around)."""
    shift, best = 0, (0, 0, -1)
    after = prompt_text
    for start, end, new_text in sorted(edits):
        at = start + shift
        after = after[:at] + new_text + after[end + shift:]
        body = new_text.strip()
        if len(body) > best[2]:
            lead = len(new_text) - len(new_text.lstrip())
            best = (at + lead, at + lead + len(body), len(body))
        shift += len(new_text) - (end - start)
    positions = convert.PositionMap(after, convert.encoding_name(server.workspace.position_encoding))
    return positions.range(best[0], best[1])


def reveal_command(server: RubriqServer, uri: str, selection: types.Range, title: str) -> types.Command:
    """Runs after the edit: the client shows the `.prompt` beside the output with the repair selected."""
    return types.Command(title=title, command=REVEAL_COMMAND,
                         arguments=[{"uri": uri, "range": server.protocol._converter.unstructure(selection)}])


def repair_action(server: RubriqServer, view: PairView, finding: Finding, family: Family,
                  diagnostics: list[types.Diagnostic]) -> types.CodeAction | None:
    repair = repairs.build(view, finding, family)
    if repair is None:
        return None
    prompt = prompt_uri(view.snapshot.key)
    if repair.already_in_prompt:
        if repair.present_at is None:
            return None
        positions = convert.PositionMap(view.result.prompt.text,
                                        convert.encoding_name(server.workspace.position_encoding))
        return types.CodeAction(
            title=f"Show the {finding.code} repair prompt, already in the prompt", kind=types.CodeActionKind.QuickFix,
            diagnostics=diagnostics, command=reveal_command(server, prompt, positions.range(*repair.present_at),
                                                            "Show the repair in the prompt"))
    edit = repairs.as_edit(repair, repair.title, len(view.result.prompt.text))
    if edit is None:
        return None
    workspace_edit = text_edits(server, prompt, edit.edits)
    if workspace_edit is None:
        return None
    # The rule code tells apart the repairs offered where several findings overlap.
    return types.CodeAction(
        title=f"{edit.title} ({finding.code})", kind=types.CodeActionKind.QuickFix, diagnostics=diagnostics,
        is_preferred=True, edit=workspace_edit,
        command=reveal_command(server, prompt, inserted_range(server, view.result.prompt.text, edit.edits),
                               "Show the inserted repair"))


def docs_action(finding: Finding, diagnostics: list[types.Diagnostic]) -> types.CodeAction:
    return types.CodeAction(
        title=f"Show documentation for {finding.code}", kind=types.CodeActionKind.QuickFix, diagnostics=diagnostics,
        command=types.Command(title=f"Show documentation for {finding.code}", command=DOCS_COMMAND,
                              arguments=[finding.code]))


def disable_action(server: RubriqServer, view: PairView, finding: Finding,
                   diagnostics: list[types.Diagnostic]) -> types.CodeAction | None:
    prompt_text = read_side(server.workspace, prompt_uri(view.snapshot.key)).text
    if prompt_text is None:
        return None
    change = ignore_edit(prompt_text, finding.code)
    edit = text_edit(server, prompt_uri(view.snapshot.key), *change) if change is not None else None
    if edit is None:
        return None
    return types.CodeAction(title=f"Disable {finding.code} for this pair", kind=types.CodeActionKind.QuickFix,
                            diagnostics=diagnostics, edit=edit)


def actions_for_finding(server: RubriqServer, view: PairView, finding: Finding, diagnostics: list[types.Diagnostic],
                        current_prompt: bool) -> list[types.CodeAction]:
    """At most five, in this order: the repair, the repair for another family, ignore here, disable for the pair,
    the rule's documentation. Each title names the rule code."""
    actions: list[types.CodeAction] = []
    if finding.where == "output":
        family = Family(view.profile.family)
        if current_prompt:
            action = repair_action(server, view, finding, family, diagnostics)
            if action is not None:
                actions.append(action)
                actions.append(types.CodeAction(
                    title=f"Insert {finding.code} repair prompt for another model family…",
                    kind=types.CodeActionKind.QuickFix, diagnostics=diagnostics, command=types.Command(
                        title="Choose a model family", command=CHOOSE_FAMILY_COMMAND,
                        arguments=[output_uri(view.snapshot.key), finding.model_dump(mode="json")])))
        sentence = view.sentence_of(finding)
        entry = IgnoreEntry(finding.code, convert.sentence_hash(sentence),
                            server.ignores.relative(path_for_uri(output_uri(view.snapshot.key))))
        ignore_edit_ = ignore_file_edit(server, server.ignores.with_entry(entry, sentence))
        if ignore_edit_ is not None:
            title = f"Ignore {finding.code} in this sentence"
            actions.append(types.CodeAction(
                title=title, kind=types.CodeActionKind.QuickFix, diagnostics=diagnostics, edit=ignore_edit_,
                command=types.Command(title=title, command=IGNORE_COMMAND, arguments=[
                    {"code": entry.code, "sentence_hash": entry.sentence_hash, "file": entry.file}])))
    disable = disable_action(server, view, finding, diagnostics)
    if disable is not None:
        actions.append(disable)
    if find_rule(finding.code) is not None:
        actions.append(docs_action(finding, diagnostics))
    return actions


def findings_under_cursor(server: RubriqServer, view: PairView, params: types.CodeActionParams
                          ) -> list[tuple[Finding, list[types.Diagnostic]]]:
    """The findings whose squiggle holds the requested range, innermost first, each with its diagnostic. The
    client's context says which diagnostics it means; a finding that does not cover the cursor is left out."""
    uri = params.text_document.uri
    where = "prompt" if uri.endswith(PROMPT_SUFFIX) else "output"
    text = view.result.prompt.text if where == "prompt" else view.result.output.text
    positions = convert.PositionMap(text, convert.encoding_name(server.workspace.position_encoding))
    low, high = positions.offset(params.range.start), positions.offset(params.range.end)
    sent = [d for d in params.context.diagnostics if d.source == convert.SOURCE and isinstance(d.data, dict)]
    published = [d for d in server.diagnostics.current.get(uri, []) if isinstance(d.data, dict)]
    found: dict[tuple[str, int, int], tuple[Finding, list[types.Diagnostic]]] = {}
    index: dict[tuple[Any, Any, Any], Finding] = {}
    for finding in view.findings:
        index.setdefault((finding.code, finding.start, finding.end), finding)
    for diagnostic in sent or published:
        finding = finding_of(diagnostic, view, index)
        if finding is None or finding.where != where:
            continue
        start, end = display_span(finding, text)
        if start <= low and high <= end:
            found.setdefault((finding.code, finding.start, finding.end), (finding, [diagnostic]))
    return sorted(found.values(), key=lambda item: (display_span(item[0], text)[1] - display_span(item[0], text)[0],
                                                    item[0].start, item[0].code))


def fix_all_action(server: RubriqServer, view: PairView, kind: str) -> types.CodeAction | None:
    findings = [f for f in view.findings if f.where == "output" and find_rule(f.code)
                and find_rule(f.code).failure_mode]  # type: ignore[union-attr]
    edit = repairs.combined_edit(view, findings, Family(view.profile.family))
    if edit is None:
        return None
    prompt = prompt_uri(view.snapshot.key)
    workspace_edit = text_edits(server, prompt, edit.edits)
    if workspace_edit is None:
        return None
    return types.CodeAction(title=edit.title, kind=kind, edit=workspace_edit, command=reveal_command(
        server, prompt, inserted_range(server, view.result.prompt.text, edit.edits), "Show the inserted repairs"))


def code_actions(server: RubriqServer, params: types.CodeActionParams) -> list[types.CodeAction]:
    """Quick fixes for the innermost finding under the cursor (never for a neighbour), and "Insert all repair
    prompts" as the source action `source.fixAll.rubriq`."""
    uri = params.text_document.uri
    if not is_pair_member(uri) or not server.settings.enabled:
        return []
    view = server.view(pair_key(uri))
    if view is None:
        return []
    only = [str(kind) for kind in (params.context.only or [])]
    current_prompt = prompt_is_current(server, view)
    actions: list[types.CodeAction] = []
    wants_quickfix = not only or any(k.startswith(types.CodeActionKind.QuickFix.value) for k in only)
    if wants_quickfix:
        under = findings_under_cursor(server, view, params)
        if under:
            finding, diagnostics = under[0]
            actions.extend(actions_for_finding(server, view, finding, diagnostics, current_prompt))
    wants_fix_all = any(FIX_ALL_KIND.startswith(k) for k in only)
    if current_prompt and wants_fix_all and uri.endswith(OUTPUT_SUFFIX):
        fix_all = fix_all_action(server, view, FIX_ALL_KIND)
        if fix_all is not None:
            actions.append(fix_all)
    return actions


async def choose_family(server: RubriqServer, arguments: list[Any]) -> dict[str, Any]:
    """Ask which family the repair should target, then apply that repair to the prompt and show it."""
    uri, raw = str(arguments[0]), arguments[1]
    view = server.view(pair_key(uri))
    if view is None or not prompt_is_current(server, view):
        return {"applied": False, "reason": "the pair changed; request the fix again"}
    finding = Finding.model_validate(raw)
    choices = [types.MessageActionItem(title=family.value) for family in Family]
    answer = await server.window_show_message_request_async(types.ShowMessageRequestParams(
        type=types.MessageType.Info, message=f"Repair prompt for {finding.code}: which model family?",
        actions=choices))
    if answer is None:
        return {"applied": False, "reason": "no family chosen"}
    repair = repairs.build(view, finding, Family(answer.title))
    if repair is not None and repair.already_in_prompt:
        return {"applied": False, "reason": "that repair is already in the prompt", "family": answer.title}
    edit = repairs.as_edit(repair, repair.title, len(view.result.prompt.text)) if repair is not None else None
    if edit is None:
        return {"applied": False, "reason": "no repair for this finding"}
    prompt = prompt_uri(view.snapshot.key)
    workspace_edit = text_edits(server, prompt, edit.edits)
    if workspace_edit is None:
        return {"applied": False, "reason": "the prompt cannot be read"}
    selection = inserted_range(server, view.result.prompt.text, edit.edits)
    result = await server.workspace_apply_edit_async(types.ApplyWorkspaceEditParams(edit=workspace_edit,
                                                                                    label=edit.title))
    applied = bool(result and result.applied)
    if applied and server.client_supports("window.show_document.support"):
        try:
            await server.window_show_document_async(types.ShowDocumentParams(uri=prompt, take_focus=True,
                                                                             selection=selection))
        except Exception as exc:  # the edit is applied either way
            log.info("showDocument failed: %s", exc)
    return {"applied": applied, "family": answer.title}


def register(server: RubriqServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionOptions(
        code_action_kinds=[types.CodeActionKind.QuickFix, FIX_ALL_KIND]))
    def code_action(ls: RubriqServer, params: types.CodeActionParams) -> list[types.CodeAction]:
        return code_actions(ls, params)

    @server.command(CHOOSE_FAMILY_COMMAND)
    async def choose_family_command(ls: RubriqServer, *arguments: Any) -> dict[str, Any]:
        return await choose_family(ls, list(arguments))

    @server.command(IGNORE_COMMAND)
    def ignore_command(ls: RubriqServer, *arguments: Any) -> dict[str, Any]:
        """Runs after the client applied the ignore-file edit: take the entry at once, even before it is saved."""
        raw = arguments[0] if arguments else {}
        entry = IgnoreEntry(str(raw.get("code", "")), str(raw.get("sentence_hash", "")), str(raw.get("file", "")))
        ls.ignores.entries.add(entry)
        for key in list(ls.pairs):
            ls.publish(key)
        return {"ignored": entry.code}
