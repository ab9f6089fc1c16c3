// Which Python starts the Rubriq server. Pure: no `vscode` import, so it is unit-tested in plain node.
import * as os from 'node:os';
import * as path from 'node:path';

export type InterpreterSource = 'setting' | 'python-extension' | 'default';

export interface InterpreterChoice {
  command: string;
  source: InterpreterSource;
}

export interface InterpreterInputs {
  /** `rubriq.interpreter`, as the user wrote it. */
  setting: string | undefined;
  /** The ms-python extension's active interpreter for the workspace, when that extension is installed. */
  pythonExtensionPath: string | undefined;
  /** First workspace folder, for `${workspaceFolder}` in the setting. */
  workspaceFolder: string | undefined;
}

export const DEFAULT_INTERPRETER = 'python3';

/** Expand `~` and `${workspaceFolder}`/`${userHome}`; a relative path is taken from the workspace folder. */
export function expandPath(raw: string, workspaceFolder: string | undefined, home: string = os.homedir()): string {
  let value = raw.trim();
  if (workspaceFolder) value = value.replace(/\$\{workspaceFolder\}/g, workspaceFolder);
  value = value.replace(/\$\{userHome\}/g, home);
  if (value === '~' || value.startsWith('~/')) value = path.join(home, value.slice(1));
  // A bare command name ("python3.12") is looked up on PATH; only paths with a separator are resolved.
  if (workspaceFolder && !path.isAbsolute(value) && value.includes('/')) value = path.resolve(workspaceFolder, value);
  return value;
}

/** The setting wins, then the Python extension's choice, then `python3`. Blank values count as unset. */
export function chooseInterpreter(inputs: InterpreterInputs): InterpreterChoice {
  const setting = inputs.setting?.trim();
  if (setting) return { command: expandPath(setting, inputs.workspaceFolder), source: 'setting' };
  const fromExtension = inputs.pythonExtensionPath?.trim();
  if (fromExtension) return { command: fromExtension, source: 'python-extension' };
  return { command: DEFAULT_INTERPRETER, source: 'default' };
}

/** Human wording for the log and the status item. */
export function describeChoice(choice: InterpreterChoice): string {
  const origin = {
    setting: 'from the rubriq.interpreter setting',
    'python-extension': "the Python extension's active interpreter",
    default: 'the default; set rubriq.interpreter to choose another',
  }[choice.source];
  return `${choice.command} (${origin})`;
}

/** The command that installs Rubriq into the chosen interpreter, quoted for a POSIX or Windows shell. */
export function installCommand(choice: InterpreterChoice, platform: NodeJS.Platform = process.platform): string {
  const quoted = platform === 'win32' ? `& "${choice.command}"` : `'${choice.command.replace(/'/g, "'\\''")}'`;
  return `${quoted} -m pip install --upgrade rubriq`;
}
