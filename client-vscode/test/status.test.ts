import assert from 'node:assert/strict';
import { test } from 'node:test';

import { INITIAL_STATUS, parseStatus, sqbOutcome, sqbStep, statusRows, statusText } from '../src/status';

const idle = { models: 'ready' as const, busy: false, detail: 'bge-small on cpu', enabled: true, sqb: null };

test('a rubriq/status payload replaces the status', () => {
  assert.deepEqual(parseStatus({ models: 'ready', busy: false, detail: 'bge-small on cpu', enabled: true, sqb: null },
    INITIAL_STATUS), idle);
});

test('malformed fields keep their previous values', () => {
  assert.deepEqual(parseStatus({ models: 'exploded', busy: 'yes' }, idle), idle);
  assert.deepEqual(parseStatus(null, idle), idle);
  assert.deepEqual(parseStatus({ busy: true }, idle), { ...idle, busy: true });
});

test('the spinner turns only while a check runs; idle is not busy', () => {
  assert.equal(statusText({ ...idle, busy: true }), '$(sync~spin) Rubriq: checking');
  assert.equal(statusText(idle), '$(check) Rubriq');
  assert.equal(statusText({ ...idle, models: 'not_loaded' }), '$(check) Rubriq (text checks)');
  assert.equal(statusText({ ...idle, models: 'unavailable' }), '$(warning) Rubriq: models unavailable');
  assert.equal(statusText({ ...idle, enabled: false }), '$(circle-slash) Rubriq off');
});

test('SQB progress names the case and the contender', () => {
  const running = parseStatus({ sqb: { case: 'library', contender: 'complete', done: 1, total: 2 } }, idle);
  assert.deepEqual(running.sqb, { case: 'library', contender: 'complete', done: 1, total: 2 });
  assert.equal(sqbStep(running.sqb!), 'library: complete (2 of 2)');
  assert.equal(parseStatus({ sqb: null }, running).sqb, null);
});

test('an SQB answer gives its summary and the HTML report, or the reason it stopped', () => {
  assert.deepEqual(sqbOutcome({ ok: true, summary: '1 case: 1 improve',
    reports: { html: '/ws/.rubriq/sqb/sqb-report.html', markdown: '/ws/.rubriq/sqb/sqb-report.md' } }),
  { ok: true, cancelled: false, message: '1 case: 1 improve', html: '/ws/.rubriq/sqb/sqb-report.html',
    markdown: '/ws/.rubriq/sqb/sqb-report.md' });
  assert.deepEqual(sqbOutcome({ ok: false, reason: 'cancelled', cancelled: true }),
    { ok: false, cancelled: true, message: 'cancelled' });
  assert.deepEqual(sqbOutcome(null), { ok: false, cancelled: false, message: 'no answer from the server' });
});

test('status rows come from the server view, never a JSON dump', () => {
  assert.deepEqual(statusRows({ view: [{ label: 'Models', value: 'ready' }, 'junk'] }),
    [{ label: 'Models', value: 'ready' }]);
  assert.deepEqual(statusRows({}), []);
});
