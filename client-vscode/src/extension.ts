// Rubriq for VS Code: starts `python -m rubriq serve` (stdio) for `.prompt` files and their `.out` siblings.
import { execFile } from 'node:child_process';
import * as vscode from 'vscode';
import {
  DidChangeConfigurationNotification,
  ExecuteCommandRequest,
  LanguageClient,
  LanguageClientOptions,
  Middleware,
  ServerOptions,
  State,
  vsdiag,
} from 'vscode-languageclient/node';

import * as fs from 'node:fs';

import { chooseInterpreter, describeChoice, installCommand, InterpreterChoice } from './interpreter';
import { isServed, PROMPT_SUFFIX } from './pairing';
import { isEnabled, serverArgs, serverSettings, needsRestart } from './settings';
import {
  INITIAL_STATUS, parseStatus, RubriqStatus, SqbProgress, sqbOutcome, sqbStep, statusDetail, statusRows, statusText,
} from './status';

const LANGUAGE_ID = 'rubriq-prompt';
const DOCUMENT_SELECTOR = [
  { scheme: 'file', language: LANGUAGE_ID },
  { scheme: 'file', pattern: '**/*.prompt' },
  { scheme: 'file', pattern: '**/*.out' },
];

let client: LanguageClient | undefined;
let log: vscode.LogOutputChannel;
let statusItem: vscode.LanguageStatusItem;
let status: RubriqStatus = INITIAL_STATUS;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  log = vscode.window.createOutputChannel('Rubriq', { log: true });
  statusItem = vscode.languages.createLanguageStatusItem('rubriq.status', DOCUMENT_SELECTOR);
  statusItem.name = 'Rubriq';
  statusItem.command = { title: 'Show status', command: 'rubriq.editor.showStatus' };
  showStatus(INITIAL_STATUS);
  context.subscriptions.push(log, statusItem);

  const register = (id: string, run: (...args: unknown[]) => unknown) =>
    context.subscriptions.push(vscode.commands.registerCommand(id, run));
  register('rubriq.editor.runSqb', (folder?: unknown) => runSqb(folder));
  register('rubriq.editor.cancelSqb', () => executeServerCommand('rubriq.cancelSQB'));
  register('rubriq.editor.rescore', () => executeServerCommand('rubriq.rescore', currentDocumentUri()));
  register('rubriq.editor.insertAllRepairs', () => vscode.commands.executeCommand('editor.action.sourceAction',
    { kind: 'source.fixAll.rubriq', apply: 'first' }));
  register('rubriq.editor.showProfile', async () => {
    const uri = currentDocumentUri();
    if (uri) showProfile(await executeServerCommand('rubriq.showProfile', uri));
  });
  register('rubriq.editor.clearCache', async () => {
    await executeServerCommand('rubriq.clearCache');
    void vscode.window.showInformationMessage('Rubriq: cache cleared.');
  });
  register('rubriq.editor.showStatus', showServerStatus);
  register('rubriq.editor.restartServer', () => restart(context));
  register('rubriq.editor.showLogs', () => log.show(true));
  register('rubriq.editor.installRubriq', async () => installRubriq(await resolveInterpreter()));

  context.subscriptions.push(vscode.workspace.onDidChangeConfiguration(async (event) => {
    if (event.affectsConfiguration('rubriq.enable')) {
      if (isEnabled(vscode.workspace.getConfiguration('rubriq'))) await restart(context);
      else await stopForWorkspace();
    } else if (needsRestart((section) => event.affectsConfiguration(section))) {
      await restart(context);
    } else if (event.affectsConfiguration('rubriq') && client?.state === State.Running) {
      // Live update: the server re-reads its settings; no restart, models stay loaded.
      await client.sendNotification(DidChangeConfigurationNotification.type, { settings: { rubriq: currentSettings() } });
    }
  }));

  await start(context);
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}

function currentSettings() {
  return serverSettings(vscode.workspace.getConfiguration('rubriq'));
}

async function pythonExtensionInterpreter(): Promise<string | undefined> {
  const extension = vscode.extensions.getExtension('ms-python.python');
  if (!extension) return undefined;
  try {
    // The Python extension's environments API (2023+); older releases expose settings.getExecutionDetails.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const api: any = extension.isActive ? extension.exports : await extension.activate();
    const resource = vscode.workspace.workspaceFolders?.[0]?.uri;
    const active = api?.environments?.getActiveEnvironmentPath?.(resource);
    if (active?.path) {
      const resolved = await api.environments.resolveEnvironment?.(active);
      return resolved?.executable?.uri?.fsPath ?? active.path;
    }
    const details = api?.settings?.getExecutionDetails?.(resource);
    return details?.execCommand?.[0];
  } catch (error) {
    log.warn(`Python extension present but its interpreter could not be read: ${String(error)}`);
    return undefined;
  }
}

async function resolveInterpreter(): Promise<InterpreterChoice> {
  return chooseInterpreter({
    setting: vscode.workspace.getConfiguration('rubriq').get<string>('interpreter'),
    pythonExtensionPath: await pythonExtensionInterpreter(),
    workspaceFolder: vscode.workspace.workspaceFolders?.[0]?.uri.fsPath,
  });
}

/** `python -c "import rubriq"`: undefined when it works, else the error text. */
function importProblem(python: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    // -P: the check must not import a `rubriq.py` from whatever folder the extension host runs in.
    execFile(python, ['-P', '-c', 'import rubriq'], { timeout: 60_000 }, (error, _stdout, stderr) => {
      resolve(error ? (stderr.trim().split('\n').pop() || error.message) : undefined);
    });
  });
}

function installRubriq(choice: InterpreterChoice): void {
  const terminal = vscode.window.createTerminal({ name: 'Install Rubriq' });
  terminal.show();
  terminal.sendText(installCommand(choice));
  void vscode.window.showInformationMessage('When the install finishes, run "Rubriq: Restart server".');
}

async function start(context: vscode.ExtensionContext): Promise<void> {
  if (!isEnabled(vscode.workspace.getConfiguration('rubriq'))) {
    log.info('rubriq.enable is false for this workspace: the server is not started');
    showStatus({ ...INITIAL_STATUS, busy: false, enabled: false, detail: 'turned off for this workspace (rubriq.enable)' });
    return;
  }
  const choice = await resolveInterpreter();
  log.info(`Python: ${describeChoice(choice)}`);
  const problem = await importProblem(choice.command);
  if (problem) {
    log.error(`Rubriq is not importable in ${choice.command}: ${problem}`);
    showStatus({ ...INITIAL_STATUS, models: 'unavailable', busy: false, detail: `rubriq not importable in ${choice.command}` });
    const install = 'Install Rubriq in this interpreter';
    const pick = 'Choose interpreter';
    const answer = await vscode.window.showErrorMessage(
      `Rubriq is not installed in ${choice.command} (${problem}).`, install, pick);
    if (answer === install) installRubriq(choice);
    if (answer === pick) await vscode.commands.executeCommand('workbench.action.openSettings', 'rubriq.interpreter');
    return;
  }

  const args = serverArgs(vscode.workspace.getConfiguration('rubriq').get('serverArgs'));
  // No `transport`: the client would append `--stdio`, which `rubriq serve` does not take; stdio is the default.
  const serverOptions: ServerOptions = { command: choice.command, args };
  const clientOptions: LanguageClientOptions = {
    documentSelector: DOCUMENT_SELECTOR,
    initializationOptions: { rubriq: currentSettings() },
    outputChannel: log,
    traceOutputChannel: log,
    markdown: { isTrusted: false, supportHtml: false },
    middleware: { ...pairingMiddleware(), ...viewMiddleware() },
  };
  client = new LanguageClient('rubriq', 'Rubriq', serverOptions, clientOptions);
  client.onNotification('rubriq/status', (raw: unknown) => showStatus(parseStatus(raw, status)));
  log.info(`starting: ${choice.command} ${args.join(' ')}`);
  try {
    await client.start();
  } catch (error) {
    log.error(`the server did not start: ${String(error)}`);
    showStatus({ ...INITIAL_STATUS, models: 'unavailable', busy: false,
      detail: 'the server did not start; see Rubriq: Show logs' });
  }
  context.subscriptions.push({ dispose: () => void client?.stop() });
}

async function stopForWorkspace(): Promise<void> {
  log.info('rubriq.enable is now false: stopping the server');
  await client?.stop().catch((error: unknown) => log.warn(`stop: ${String(error)}`));
  client = undefined;
  showStatus({ ...INITIAL_STATUS, busy: false, enabled: false, detail: 'turned off for this workspace (rubriq.enable)' });
}

async function restart(context: vscode.ExtensionContext): Promise<void> {
  log.info('restarting the server');
  await client?.stop().catch((error: unknown) => log.warn(`stop: ${String(error)}`));
  client = undefined;
  showStatus(INITIAL_STATUS);
  await start(context);
}

/** `.out` files without a sibling `.prompt` match the selector's pattern but are never sent to the server. */
function pairingMiddleware(): Middleware {
  const served = (document: vscode.TextDocument) => document.uri.scheme !== 'file' || isServed(document.uri.fsPath);
  return {
    didOpen: (document, next) => (served(document) ? next(document) : Promise.resolve()),
    didChange: (event, next) => (served(event.document) ? next(event) : Promise.resolve()),
    didSave: (document, next) => (served(document) ? next(document) : Promise.resolve()),
    didClose: (document, next) => (served(document) ? next(document) : Promise.resolve()),
    provideHover: (document, position, token, next) => (served(document) ? next(document, position, token) : null),
    provideCodeActions: (document, range, context, token, next) =>
      (served(document) ? next(document, range, context, token) : []),
    provideCodeLenses: (document, token, next) => (served(document) ? next(document, token) : []),
    provideDiagnostics: (document, previousResultId, token, next) => {
      const uri = document instanceof vscode.Uri ? document : document.uri;
      return uri.scheme !== 'file' || isServed(uri.fsPath) ? next(document, previousResultId, token)
        : { kind: vsdiag.DocumentDiagnosticReportKind.full, items: [] };
    },
    workspace: {
      // The server asks for the `rubriq` section: answer with the mapped server settings only.
      configuration: async (params, token, next) => {
        const answered = await next(params, token);
        if (!Array.isArray(answered)) return answered;
        return params.items.map((item, i) => (item.section === 'rubriq' ? currentSettings() : answered[i]));
      },
    },
  };
}

let sqbListener: ((step: SqbProgress) => void) | undefined;

function showStatus(next: RubriqStatus): void {
  status = next;
  statusItem.text = statusText(next);
  statusItem.detail = statusDetail(next);
  statusItem.busy = next.busy;
  statusItem.severity = next.models === 'unavailable'
    ? vscode.LanguageStatusSeverity.Warning : vscode.LanguageStatusSeverity.Information;
  if (next.sqb && next.sqb.contender) sqbListener?.(next.sqb);
}

/** How the client shows what the server asks it to show: the .prompt beside the output with the repair selected,
 * rule pages as a rendered markdown preview, the profile in a webview. */
function viewMiddleware(): Middleware {
  return {
    window: {
      showDocument: async (params, next) => {
        const uri = vscode.Uri.parse(params.uri);
        if (!params.external && uri.fsPath.endsWith(PROMPT_SUFFIX)) return showBeside(uri, params.selection);
        if (!params.external && uri.scheme === 'file' && /\/rules\/[^/]+\/[A-Z]{2}\d{3}\.md$/.test(uri.path)) {
          await vscode.commands.executeCommand('markdown.showPreviewToSide', uri);
          return { success: true };
        }
        const answer = await next(params, new vscode.CancellationTokenSource().token);
        return 'success' in answer ? answer : { success: false };
      },
    },
    executeCommand: async (command, args, next) => {
      const result = await next(command, args);
      if (command === 'rubriq.showProfile') showProfile(result);
      return result;
    },
    // The SQB's progress is shown by the Run SQB command itself, with its own cancel button.
    handleWorkDoneProgress: (token, params, next) => {
      if (!String(token).startsWith('rubriq-sqb')) next(token, params);
    },
  };
}

/** The .prompt in the editor group beside the .out (the one it is already visible in, if any), selection shown. */
async function showBeside(uri: vscode.Uri, selection?: { start: { line: number; character: number };
  end: { line: number; character: number } }) {
  const visible = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === uri.toString());
  const range = selection ? new vscode.Range(selection.start.line, selection.start.character,
    selection.end.line, selection.end.character) : undefined;
  const editor = await vscode.window.showTextDocument(uri, {
    viewColumn: visible?.viewColumn ?? vscode.ViewColumn.Beside, preserveFocus: false, selection: range,
  });
  if (range) editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  return { success: true };
}

let profilePanel: vscode.WebviewPanel | undefined;

function showProfile(result: unknown): void {
  const answer = (typeof result === 'object' && result !== null ? result : {}) as
    { ok?: boolean; title?: string; html?: string; reason?: string };
  if (answer.ok !== true || typeof answer.html !== 'string') {
    void vscode.window.showInformationMessage(`Rubriq: no profile yet (${answer.reason ?? 'not checked'}).`);
    return;
  }
  if (!profilePanel) {
    profilePanel = vscode.window.createWebviewPanel('rubriq.profile', answer.title ?? 'Rubriq profile',
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, { enableScripts: false });
    profilePanel.onDidDispose(() => { profilePanel = undefined; });
  }
  profilePanel.title = answer.title ?? 'Rubriq profile';
  profilePanel.webview.html = answer.html;
  profilePanel.reveal(vscode.ViewColumn.Beside, true);
}

let reportPanel: vscode.WebviewPanel | undefined;

/** The SQB's HTML report in a webview (no scripts), beside the editor. */
function showSqbReport(htmlPath: string): void {
  let html: string;
  try {
    html = fs.readFileSync(htmlPath, 'utf8');
  } catch (error) {
    void vscode.window.showWarningMessage(`Rubriq: the SQB report cannot be read (${String(error)}).`);
    return;
  }
  if (!reportPanel) {
    reportPanel = vscode.window.createWebviewPanel('rubriq.sqbReport', 'Rubriq SQB report',
      { viewColumn: vscode.ViewColumn.Active, preserveFocus: false }, { enableScripts: false });
    reportPanel.onDidDispose(() => { reportPanel = undefined; });
  }
  reportPanel.webview.html = html;
  reportPanel.reveal();
}

function currentDocumentUri(): string | undefined {
  return vscode.window.activeTextEditor?.document.uri.toString();
}

async function executeServerCommand(command: string, ...args: unknown[]): Promise<unknown> {
  if (!client || client.state !== State.Running) {
    void vscode.window.showWarningMessage('Rubriq: the server is not running (see Rubriq: Show logs).');
    return undefined;
  }
  return client.sendRequest(ExecuteCommandRequest.type, { command, arguments: args.filter((a) => a !== undefined) });
}

/** The folder to benchmark: the Explorer's folder, else a pick among workspace folders or any folder. */
async function pickSqbFolder(folder?: unknown): Promise<vscode.Uri | undefined> {
  if (folder instanceof vscode.Uri) return folder;
  const other = '$(folder-opened) Choose another folder…';
  const folders = vscode.workspace.workspaceFolders ?? [];
  // Folders that hold SQB cases come first, then the workspace folders themselves.
  const cases = await vscode.workspace.findFiles('**/*.sqb.yaml', '**/node_modules/**', 200);
  const suites = [...new Set(cases.map((c) => vscode.Uri.joinPath(c, '..').fsPath))].sort();
  const candidates = [...new Set([...suites, ...folders.map((f) => f.uri.fsPath)])];
  const picked = candidates.length === 0 ? other : await vscode.window.showQuickPick(
    [...candidates, other], { title: 'Rubriq: Run SQB on folder', placeHolder: 'Suite folder (*.sqb.yaml cases)' });
  if (picked === undefined) return undefined;
  if (picked !== other) return vscode.Uri.file(picked);
  const chosen = await vscode.window.showOpenDialog({
    canSelectFolders: true, canSelectFiles: false, canSelectMany: false,
    defaultUri: folders[0]?.uri, openLabel: 'Run SQB',
  });
  return chosen?.[0];
}

async function runSqb(folder?: unknown): Promise<void> {
  const target = await pickSqbFolder(folder);
  if (!target) return;
  const result = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: 'Rubriq SQB', cancellable: true },
    async (progress, token) => {
      progress.report({ message: `starting on ${target.fsPath}` });
      token.onCancellationRequested(() => { void executeServerCommand('rubriq.cancelSQB'); });
      let shown = 0;
      sqbListener = (step) => {
        const percent = step.total ? Math.floor((100 * step.done) / step.total) : 0;
        progress.report({ message: sqbStep(step), increment: Math.max(0, percent - shown) });
        shown = Math.max(shown, percent);
      };
      try {
        return await executeServerCommand('rubriq.runSQB', target.fsPath, { open: false });
      } finally {
        sqbListener = undefined;
      }
    },
  );
  if (result === undefined) return;
  log.info(`SQB on ${target.fsPath}: ${JSON.stringify(result, null, 2)}`);
  const outcome = sqbOutcome(result);
  if (!outcome.ok) {
    if (outcome.cancelled) void vscode.window.showInformationMessage('Rubriq SQB: cancelled.');
    else void vscode.window.showWarningMessage(`Rubriq SQB: ${outcome.message}`, 'Show logs')
      .then((answer) => { if (answer) log.show(true); });
    return;
  }
  if (outcome.html) showSqbReport(outcome.html);
  const again = 'Open report';
  const browser = 'Open in browser';
  const markdown = 'Open Markdown';
  const answer = await vscode.window.showInformationMessage(`Rubriq SQB: ${outcome.message}`,
    ...(outcome.html ? [again, browser] : []), ...(outcome.markdown ? [markdown] : []));
  if (answer === again && outcome.html) showSqbReport(outcome.html);
  if (answer === browser && outcome.html) void vscode.env.openExternal(vscode.Uri.file(outcome.html));
  if (answer === markdown && outcome.markdown) {
    void vscode.commands.executeCommand('markdown.showPreview', vscode.Uri.file(outcome.markdown));
  }
}

/** A status view: what runs, the models and their caches, the last pass of this pair; then the actions. */
async function showServerStatus(): Promise<void> {
  const result = client?.state === State.Running ? await executeServerCommand('rubriq.status', currentDocumentUri())
    : undefined;
  const rows = statusRows(result);
  type Item = vscode.QuickPickItem & { run?: () => unknown };
  const items: Item[] = rows.length ? rows.map((row) => ({ label: row.label, description: row.value }))
    : [{ label: statusText(status).replace(/\$\([^)]*\)\s*/, ''), description: status.detail }];
  items.push({ label: 'Actions', kind: vscode.QuickPickItemKind.Separator });
  const enabled = isEnabled(vscode.workspace.getConfiguration('rubriq'));
  items.push(
    { label: '$(refresh) Rescore this pair', run: () => vscode.commands.executeCommand('rubriq.editor.rescore') },
    { label: '$(trash) Clear cache', run: () => vscode.commands.executeCommand('rubriq.editor.clearCache') },
    { label: '$(debug-restart) Restart server', run: () => vscode.commands.executeCommand('rubriq.editor.restartServer') },
    { label: '$(output) Show logs', run: () => log.show(true) },
    { label: enabled ? '$(circle-slash) Turn Rubriq off for this workspace' : '$(check) Turn Rubriq on for this workspace',
      run: () => vscode.workspace.getConfiguration('rubriq').update('enable', !enabled,
        vscode.ConfigurationTarget.Workspace) },
  );
  log.info(`status: ${rows.map((r) => `${r.label}: ${r.value}`).join('; ') || statusDetail(status)}`);
  const picked = await vscode.window.showQuickPick(items, { title: 'Rubriq status', matchOnDescription: true });
  await picked?.run?.();
}
