import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

import { CLIENT_SETTINGS, needsRestart, SERVER_SETTINGS, serverArgs, serverSettings } from '../src/settings';

const reader = (values: Record<string, unknown>) => ({ get: (key: string) => values[key] });

test('server settings keep the Config field names and values', () => {
  const mapped = serverSettings(reader({
    family: 'claude', severity: { IF001: 'error' }, ignore: ['RD001'], weights: { faithfulness: 2 },
    debounce_ms: 300, model_tiers: 'on_save', diagnostic_mode: 'push', embedding_model: '/models/bge',
    device: 'cuda:1', top_k: 5,
  }));
  assert.deepEqual(mapped, {
    family: 'claude', severity: { IF001: 'error' }, ignore: ['RD001'], weights: { faithfulness: 2 },
    debounce_ms: 300, model_tiers: 'on_save', diagnostic_mode: 'push', embedding_model: '/models/bge',
    device: 'cuda:1', top_k: 5,
  });
});

test("the extension's own settings are never sent to the server", () => {
  const mapped = serverSettings(reader({ interpreter: '/p', serverArgs: ['x'], trace: { server: 'verbose' } }));
  assert.deepEqual(mapped, {});
});

test('unset model paths are left out so the server default applies', () => {
  const mapped = serverSettings(reader({ embedding_model: null, nli_model: '   ', disk_cache: '', family: 'gpt' }));
  assert.deepEqual(mapped, { family: 'gpt' });
});

test('every server setting has a contributed rubriq.* setting with the same name', () => {
  const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8'));
  const contributed = Object.keys(manifest.contributes.configuration.properties).map((k) => k.replace(/^rubriq\./, ''));
  for (const key of SERVER_SETTINGS) assert.ok(contributed.includes(key), `rubriq.${key} is not contributed`);
  for (const key of CLIENT_SETTINGS) {
    assert.ok(contributed.some((c) => c === key || c.startsWith(`${key}.`)), `rubriq.${key} is not contributed`);
  }
});

test('SERVER_SETTINGS lists exactly the fields of the server Config', () => {
  // Guards against a setting that the server would reject as unknown.
  const config = readFileSync(join(__dirname, '..', '..', '..', 'server', 'rubriq', 'core', 'config.py'), 'utf8');
  const body = config.slice(config.indexOf('class Config('), config.indexOf('CONFIG_FILES'));
  const fields = [...body.matchAll(/^ {4}(\w+): /gm)].map((m) => m[1]).filter((f) => f !== 'model_config');
  assert.deepEqual([...SERVER_SETTINGS].sort(), fields.sort());
});

test('interpreter or serverArgs changes restart the server; other settings update live', () => {
  assert.equal(needsRestart((s) => s === 'rubriq.interpreter'), true);
  assert.equal(needsRestart((s) => s === 'rubriq.serverArgs'), true);
  assert.equal(needsRestart((s) => s === 'rubriq.family' || s === 'rubriq'), false);
});

test('serverArgs defaults to -P -m rubriq serve and keeps a valid override', () => {
  assert.deepEqual(serverArgs(undefined), ['-P', '-m', 'rubriq', 'serve']);
  assert.deepEqual(serverArgs([]), ['-P', '-m', 'rubriq', 'serve']);
  assert.deepEqual(serverArgs([1, 2]), ['-P', '-m', 'rubriq', 'serve']);
  assert.deepEqual(serverArgs(['-m', 'rubriq.lsp']), ['-m', 'rubriq.lsp']);
});
