// The `rubriq/status` notification and how it is shown (docs/lsp.md). Pure: unit-tested in plain node.

export type ModelState = 'not_loaded' | 'loading' | 'ready' | 'unavailable';
const MODEL_STATES: readonly string[] = ['not_loaded', 'loading', 'ready', 'unavailable'];

export interface SqbProgress {
  case: string;
  contender: string;
  done: number;
  total: number;
}

export interface RubriqStatus {
  models: ModelState;
  busy: boolean;
  detail: string;
  enabled: boolean;
  sqb: SqbProgress | null;
}

export const INITIAL_STATUS: RubriqStatus = {
  models: 'not_loaded', busy: true, detail: 'starting the server', enabled: true, sqb: null,
};

function parseSqb(raw: unknown): SqbProgress | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const value = raw as Record<string, unknown>;
  if (typeof value.done !== 'number' || typeof value.total !== 'number') return null;
  return { case: String(value.case ?? ''), contender: String(value.contender ?? ''), done: value.done,
    total: value.total };
}

/** Accept only well-formed payloads; anything else keeps the previous status. */
export function parseStatus(raw: unknown, previous: RubriqStatus): RubriqStatus {
  if (typeof raw !== 'object' || raw === null) return previous;
  const value = raw as Record<string, unknown>;
  const models = MODEL_STATES.includes(value.models as string) ? (value.models as ModelState) : previous.models;
  const busy = typeof value.busy === 'boolean' ? value.busy : previous.busy;
  const detail = typeof value.detail === 'string' ? value.detail : previous.detail;
  const enabled = typeof value.enabled === 'boolean' ? value.enabled : previous.enabled;
  const sqb = 'sqb' in value ? parseSqb(value.sqb) : previous.sqb;
  return { models, busy, detail, enabled, sqb };
}

/** Text of the language status item: `$(codicon)` + words. A spinner only while a check runs. */
export function statusText(status: RubriqStatus): string {
  if (!status.enabled) return '$(circle-slash) Rubriq off';
  if (status.models === 'unavailable') return '$(warning) Rubriq: models unavailable';
  if (status.busy) return '$(sync~spin) Rubriq: checking';
  if (status.models === 'loading') return '$(sync~spin) Rubriq: loading models';
  return status.models === 'ready' ? '$(check) Rubriq' : '$(check) Rubriq (text checks)';
}

/** One line for the language status item's detail. */
export function statusDetail(status: RubriqStatus): string {
  const sqb = status.sqb && status.sqb.contender ? ` · SQB ${sqbStep(status.sqb)}` : '';
  return `${status.detail}${sqb}`;
}

/** "library: complete (2 of 4)" */
export function sqbStep(step: SqbProgress): string {
  return `${step.case}: ${step.contender} (${Math.min(step.done + 1, step.total)} of ${step.total})`;
}

/** The answer of `rubriq.runSQB`: {ok: true, summary, reports: {json, markdown, html}} or {ok: false, reason}. */
export interface SqbOutcome {
  ok: boolean;
  cancelled: boolean;
  message: string;
  html?: string;
  markdown?: string;
}

export function sqbOutcome(result: unknown): SqbOutcome {
  if (typeof result !== 'object' || result === null) {
    return { ok: false, cancelled: false, message: 'no answer from the server' };
  }
  const value = result as { ok?: unknown; reason?: unknown; reports?: unknown; summary?: unknown; cancelled?: unknown };
  if (value.ok === true) {
    const reports = (typeof value.reports === 'object' && value.reports !== null ? value.reports : {}) as
      Record<string, unknown>;
    return {
      ok: true, cancelled: false, message: typeof value.summary === 'string' ? value.summary : 'report written',
      html: typeof reports.html === 'string' ? reports.html : undefined,
      markdown: typeof reports.markdown === 'string' ? reports.markdown : undefined,
    };
  }
  return { ok: false, cancelled: value.cancelled === true,
    message: typeof value.reason === 'string' ? value.reason : 'failed' };
}

/** The rows of `rubriq.status`'s `view` (label, value), for the status quick pick. */
export function statusRows(result: unknown): { label: string; value: string }[] {
  const view = (typeof result === 'object' && result !== null ? (result as { view?: unknown }).view : undefined);
  if (!Array.isArray(view)) return [];
  return view.filter((row) => typeof row === 'object' && row !== null)
    .map((row) => ({ label: String((row as { label?: unknown }).label ?? ''),
      value: String((row as { value?: unknown }).value ?? '') }));
}
