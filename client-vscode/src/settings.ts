// Mapping VS Code's `rubriq.*` settings onto the server's Config. Pure: unit-tested in plain node.
//
// The server's settings are the Config field names of server/rubriq/core/config.py. The extension's own settings
// (interpreter, serverArgs, trace) are not sent: the server would report them as unknown. Unset values (null,
// "", {} and [] where the server default is the same) are left out so the server's default applies, also
// after a user clears a setting.

/** Config fields of the server, in the order Config declares them. */
export const SERVER_SETTINGS = [
  'family', 'severity', 'ignore', 'weights', 'debounce_ms', 'model_tiers', 'diagnostic_mode', 'embedding_model',
  'nli_model', 'device', 'embedding_cache_size', 'nli_cache_size', 'disk_cache', 'top_k', 'rules_base_url',
] as const;

export type ServerSetting = (typeof SERVER_SETTINGS)[number];
export type ServerSettings = Partial<Record<ServerSetting, unknown>>;

/** Settings that are the extension's alone. */
export const CLIENT_SETTINGS = ['interpreter', 'serverArgs', 'trace'] as const;

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
  for (const key of SERVER_SETTINGS) {
    const value = reader.get(key);
    if (isUnset(value)) continue;
    settings[key] = typeof value === 'string' ? value.trim() : value;
  }
  return settings;
}

/** True when a change to these settings needs a new server process rather than a settings update. */
export function needsRestart(affects: (section: string) => boolean): boolean {
  return affects('rubriq.interpreter') || affects('rubriq.serverArgs');
}

/** The server command line: interpreter + serverArgs (default `-P -m rubriq serve`: `-P` keeps the workspace
 * folder, the server's working directory, off `sys.path`, so a hostile repository's `rubriq.py` never runs). */
export function serverArgs(raw: unknown): string[] {
  if (Array.isArray(raw) && raw.length > 0 && raw.every((a) => typeof a === 'string')) return raw as string[];
  return ['-P', '-m', 'rubriq', 'serve'];
}
