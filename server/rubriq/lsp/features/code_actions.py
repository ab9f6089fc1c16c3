"""Quick fixes on a diagnostic of the `.out`.

- "Insert repair prompt for <family>": the repair library's text for that finding, inserted into the sibling
  `.prompt` where the repair says; "Insert repair prompt for another family..." asks which family first.
- "Ignore this finding": adds rule code + sentence hash to `.rubriq/ignore.json` (edited by the client).
- "Disable <rule> for this pair": adds the code to the prompt's front matter `ignore`.
- Fix-all: every repair in one edit (also offered as `source.fixAll.rubriq`).

Every change to a user's file is a WorkspaceEdit that the client applies; the server writes nothing itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lsprotocol import types

from rubriq.core.families import Family
from rubriq.core.findings import Finding, Severity
from rubriq.core.rules import find_rule
from rubriq.lsp import convert, repairs
from rubriq.lsp.documents import OUTPUT_SUFFIX, output_uri, pair_key, path_for_uri, prompt_uri, read_side, uri_for_path
from rubriq.lsp.frontmatter import ignore_edit
from rubriq.lsp.ignore import IgnoreEntry
from rubriq.lsp.server import RubriqServer
from rubriq.lsp.store import PairView

FIX_ALL_KIND = f"{types.CodeActionKind.SourceFixAll.value}.rubriq"
CHOOSE_FAMILY_COMMAND = "rubriq.chooseRepairFamily"
IGNORE_COMMAND = "rubriq.ignoreFinding"


def finding_of(diagnostic: types.Diagnostic, view: PairView) -> Finding | None:
    """The finding behind a diagnostic: from the current view, else rebuilt from the diagnostic's data."""
    data = diagnostic.data if isinstance(diagnostic.data, dict) else None
    if not data or diagnostic.source != convert.SOURCE or not data.get("code"):
        return None
    for finding in view.findings:
        if (finding.code, finding.start, finding.end) == (data["code"], data.get("start"), data.get("end")):
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


def repair_action(server: RubriqServer, view: PairView, finding: Finding, family: Family,
                  diagnostics: list[types.Diagnostic]) -> types.CodeAction | None:
    edit = repairs.repair_edit(view, finding, family)
    if edit is None:
        return None
    workspace_edit = text_edits(server, prompt_uri(view.snapshot.key), edit.edits)
    if workspace_edit is None:
        return None
    # The rule code tells apart the repairs offered where several findings overlap.
    return types.CodeAction(title=f"{edit.title} ({finding.code})", kind=types.CodeActionKind.QuickFix,
                            diagnostics=diagnostics, is_preferred=True, edit=workspace_edit)


def actions_for_diagnostic(server: RubriqServer, view: PairView, diagnostic: types.Diagnostic,
                           current_prompt: bool) -> list[types.CodeAction]:
    finding = finding_of(diagnostic, view)
    if finding is None or finding.where != "output":
        return []
    actions: list[types.CodeAction] = []
    family = Family(view.profile.family)
    if current_prompt:
        action = repair_action(server, view, finding, family, [diagnostic])
        if action is not None:
            actions.append(action)
            actions.append(types.CodeAction(
                title="Insert repair prompt for another family...", kind=types.CodeActionKind.QuickFix,
                diagnostics=[diagnostic], command=types.Command(
                    title="Choose a model family", command=CHOOSE_FAMILY_COMMAND,
                    arguments=[output_uri(view.snapshot.key), finding.model_dump(mode="json")])))
    sentence = view.sentence_of(finding)
    entry = IgnoreEntry(finding.code, convert.sentence_hash(sentence),
                        server.ignores.relative(path_for_uri(output_uri(view.snapshot.key))))
    ignore_edit_ = ignore_file_edit(server, server.ignores.with_entry(entry, sentence))
    if ignore_edit_ is not None:
        actions.append(types.CodeAction(
            title="Ignore this finding", kind=types.CodeActionKind.QuickFix, diagnostics=[diagnostic],
            edit=ignore_edit_, command=types.Command(
                title="Ignore this finding", command=IGNORE_COMMAND,
                arguments=[{"code": entry.code, "sentence_hash": entry.sentence_hash, "file": entry.file}])))
    prompt_text = read_side(server.workspace, prompt_uri(view.snapshot.key)).text
    if prompt_text is not None:
        change = ignore_edit(prompt_text, finding.code)
        if change is not None:
            edit = text_edit(server, prompt_uri(view.snapshot.key), *change)
            if edit is not None:
                actions.append(types.CodeAction(
                    title=f"Disable {finding.code} for this pair", kind=types.CodeActionKind.QuickFix,
                    diagnostics=[diagnostic], edit=edit))
    return actions


def fix_all_action(server: RubriqServer, view: PairView, kind: str) -> types.CodeAction | None:
    findings = [f for f in view.findings if f.where == "output" and find_rule(f.code)
                and find_rule(f.code).failure_mode]  # type: ignore[union-attr]
    edit = repairs.combined_edit(view, findings, Family(view.profile.family))
    if edit is None:
        return None
    workspace_edit = text_edits(server, prompt_uri(view.snapshot.key), edit.edits)
    if workspace_edit is None:
        return None
    return types.CodeAction(title=edit.title, kind=kind, edit=workspace_edit)


def code_actions(server: RubriqServer, params: types.CodeActionParams) -> list[types.CodeAction]:
    uri = params.text_document.uri
    if not uri.endswith(OUTPUT_SUFFIX):
        return []
    view = server.view(pair_key(uri))
    if view is None:
        return []
    only = [str(kind) for kind in (params.context.only or [])]
    current_prompt = prompt_is_current(server, view)
    actions: list[types.CodeAction] = []
    wants_quickfix = not only or any(k.startswith(types.CodeActionKind.QuickFix.value) for k in only)
    if wants_quickfix:
        for diagnostic in params.context.diagnostics:
            actions.extend(actions_for_diagnostic(server, view, diagnostic, current_prompt))
    wants_fix_all = any(FIX_ALL_KIND.startswith(k) for k in only)
    if current_prompt and (wants_fix_all or (wants_quickfix and actions)):
        kind = FIX_ALL_KIND if wants_fix_all else types.CodeActionKind.QuickFix
        fix_all = fix_all_action(server, view, kind)
        if fix_all is not None:
            actions.append(fix_all)
    return actions


async def choose_family(server: RubriqServer, arguments: list[Any]) -> dict[str, Any]:
    """Ask which family the repair should target, then apply that repair to the prompt."""
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
    edit = repairs.repair_edit(view, finding, Family(answer.title))
    if edit is None:
        return {"applied": False, "reason": "no repair for this finding"}
    workspace_edit = text_edits(server, prompt_uri(view.snapshot.key), edit.edits)
    if workspace_edit is None:
        return {"applied": False, "reason": "the prompt cannot be read"}
    result = await server.workspace_apply_edit_async(types.ApplyWorkspaceEditParams(edit=workspace_edit,
                                                                                    label=edit.title))
    return {"applied": bool(result and result.applied), "family": answer.title}


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
