import assert from 'node:assert/strict';
import { test } from 'node:test';

import { INITIAL_STATUS, parseStatus, sqbOutcome, statusText } from '../src/status';

test('a rubriq/status payload replaces the status', () => {
  assert.deepEqual(parseStatus({ models: 'ready', busy: false, detail: 'bge-small on cpu' }, INITIAL_STATUS),
    { models: 'ready', busy: false, detail: 'bge-small on cpu' });
});

test('malformed fields keep their previous values', () => {
  const previous = { models: 'ready' as const, busy: false, detail: 'ok' };
  assert.deepEqual(parseStatus({ models: 'exploded', busy: 'yes' }, previous), previous);
  assert.deepEqual(parseStatus(null, previous), previous);
  assert.deepEqual(parseStatus({ busy: true }, previous), { ...previous, busy: true });
});

test('status text names the model state with a spinner while loading', () => {
  assert.equal(statusText({ models: 'loading', busy: true, detail: '' }), '$(sync~spin) Rubriq models loading');
  assert.equal(statusText({ models: 'unavailable', busy: false, detail: '' }), '$(warning) Rubriq models unavailable');
});

test('an SQB answer becomes a one-line message: report paths or the reason it could not run', () => {
  assert.deepEqual(sqbOutcome({ ok: true, reports: { markdown: '/ws/.rubriq/sqb/report.md' } }),
    { ok: true, message: 'report written to /ws/.rubriq/sqb/report.md' });
  assert.deepEqual(sqbOutcome({ ok: false, reason: 'SQB needs the models' }),
    { ok: false, message: 'SQB needs the models' });
  assert.deepEqual(sqbOutcome(null), { ok: false, message: 'no answer from the server' });
});
