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
