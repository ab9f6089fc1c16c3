// The `rubriq/status` notification and how it is shown. Pure: unit-tested in plain node.

export type ModelState = 'loading' | 'ready' | 'unavailable';

export interface RubriqStatus {
  models: ModelState;
  busy: boolean;
  detail: string;
}

export const INITIAL_STATUS: RubriqStatus = { models: 'loading', busy: true, detail: 'starting the server' };

/** Accept only well-formed payloads; anything else keeps the previous status. */
export function parseStatus(raw: unknown, previous: RubriqStatus): RubriqStatus {
  if (typeof raw !== 'object' || raw === null) return previous;
  const value = raw as Record<string, unknown>;
  const models = ['loading', 'ready', 'unavailable'].includes(value.models as string)
    ? (value.models as ModelState) : previous.models;
  const busy = typeof value.busy === 'boolean' ? value.busy : previous.busy;
  const detail = typeof value.detail === 'string' ? value.detail : previous.detail;
  return { models, busy, detail };
}

/** Text of the language status item: `$(codicon)` + words. */
export function statusText(status: RubriqStatus): string {
  const icon = { loading: '$(sync~spin)', ready: '$(check)', unavailable: '$(warning)' }[status.models];
  return `${icon} Rubriq models ${status.models}`;
}

/** The answer of `rubriq.runSQB`: {ok: true, reports: {kind: path}} or {ok: false, reason}. */
export function sqbOutcome(result: unknown): { ok: boolean; message: string } {
  if (typeof result !== 'object' || result === null) return { ok: false, message: 'no answer from the server' };
  const value = result as { ok?: unknown; reason?: unknown; reports?: unknown };
  if (value.ok === true) {
    const reports = typeof value.reports === 'object' && value.reports !== null
      ? Object.values(value.reports as Record<string, unknown>).map(String) : [];
    return { ok: true, message: reports.length ? `report written to ${reports.join(', ')}` : 'done' };
  }
  return { ok: false, message: typeof value.reason === 'string' ? value.reason : 'failed' };
}
