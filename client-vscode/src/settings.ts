// Mapping VS Code's `rubriq.*` settings onto the server's Config. Pure: unit-tested in plain node.
//
// VS Code titles a setting after its key ("rubriq.checkDelay" → "Check Delay"), so the extension's keys are
// camelCase words a person reads; the server receives the Config field names of server/rubriq/core/config.py
// (the same keys as in rubriq.toml). The extension's own settings (interpreter, serverArgs, trace) are not sent.
// Unset values (null, "") are left out so the server's default applies, also after a user clears a setting.

/** VS Code setting (under `rubriq.`) → server Config field, in the order the Settings editor lists them. */
export const SETTINGS = {
  modelFamily: 'family',
  modelChecks: 'model_tiers',
  checkDelay: 'debounce_ms',
  ignore: 'ignore',
  severity: 'severity',
  weights: 'weights',
  diagnosticMode: 'diagnostic_mode',
  faithfulnessTopK: 'top_k',
  faithfulnessModelOnlyFindings: 'model_only_unsupported',
  embeddingModel: 'embedding_model',
  nliModel: 'nli_model',
  device: 'device',
  embeddingCacheSize: 'embedding_cache_size',
  nliCacheSize: 'nli_cache_size',
  diskCache: 'disk_cache',
  rulesBaseUrl: 'rules_base_url',
} as const;

export type ClientSetting = keyof typeof SETTINGS;
export type ServerSetting = (typeof SETTINGS)[ClientSetting];
export type ServerSettings = Partial<Record<ServerSetting | 'enable', unknown>>;

/** Config fields that only `rubriq check` / `rubriq sqb` read (no editor setting). */
export const FILE_ONLY_SETTINGS = ['extend_exclude'] as const;

/** Settings that are the extension's alone; `enable` is also sent, so the server stops checking too. */
export const CLIENT_SETTINGS = ['enable', 'interpreter', 'serverArgs', 'trace'] as const;

/** A minimal view of vscode.WorkspaceConfiguration: `get` of a key under `rubriq`. */
export interface SettingsReader {
  get(key: string): unknown;
}

function isUnset(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  return false;
}

/** The `rubriq` settings object the server receives (initializationOptions, workspace/configuration, didChange). */
export function serverSettings(reader: SettingsReader): ServerSettings {
  const settings: ServerSettings = {};
  for (const [client, server] of Object.entries(SETTINGS) as [ClientSetting, ServerSetting][]) {
    const value = reader.get(client);
    if (isUnset(value)) continue;
    settings[server] = typeof value === 'string' ? value.trim() : value;
  }
  if (reader.get('enable') === false) settings.enable = false;
  return settings;
}

/** `rubriq.enable`: true unless set to false. */
export function isEnabled(reader: SettingsReader): boolean {
  return reader.get('enable') !== false;
}

/** True when a change to these settings needs a new server process rather than a settings update. */
export function needsRestart(affects: (section: string) => boolean): boolean {
  return affects('rubriq.interpreter') || affects('rubriq.serverArgs');
}

/** The server command line: interpreter + serverArgs (default `-m rubriq serve`). */
export function serverArgs(raw: unknown): string[] {
  if (Array.isArray(raw) && raw.length > 0 && raw.every((a) => typeof a === 'string')) return raw as string[];
  return ['-m', 'rubriq', 'serve'];
}
