import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

import {
  CLIENT_SETTINGS, FILE_ONLY_SETTINGS, isEnabled, needsRestart, SETTINGS, serverArgs, serverSettings,
} from '../src/settings';

const reader = (values: Record<string, unknown>) => ({ get: (key: string) => values[key] });
const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8'));
const properties: Record<string, { markdownDescription?: string; description?: string }> =
  manifest.contributes.configuration.properties;

test('readable setting names are sent to the server as its Config field names', () => {
  const mapped = serverSettings(reader({
    modelFamily: 'claude', severity: { IF001: 'error' }, ignore: ['RD001'], weights: { faithfulness: 2 },
    checkDelay: 300, modelChecks: 'on_save', diagnosticMode: 'push', embeddingModel: '/models/bge',
    device: 'cuda:1', faithfulnessTopK: 5,
  }));
  assert.deepEqual(mapped, {
    family: 'claude', severity: { IF001: 'error' }, ignore: ['RD001'], weights: { faithfulness: 2 },
    debounce_ms: 300, model_tiers: 'on_save', diagnostic_mode: 'push', embedding_model: '/models/bge',
    device: 'cuda:1', top_k: 5,
  });
});

test("the extension's own settings are never sent to the server; enable only when it turns Rubriq off", () => {
  assert.deepEqual(serverSettings(reader({ interpreter: '/p', serverArgs: ['x'], trace: { server: 'verbose' } })), {});
  assert.deepEqual(serverSettings(reader({ enable: true })), {});
  assert.deepEqual(serverSettings(reader({ enable: false })), { enable: false });
  assert.equal(isEnabled(reader({})), true);
  assert.equal(isEnabled(reader({ enable: false })), false);
});

test('unset model paths are left out so the server default applies', () => {
  const mapped = serverSettings(reader({ embeddingModel: null, nliModel: '   ', diskCache: '', modelFamily: 'gpt' }));
  assert.deepEqual(mapped, { family: 'gpt' });
});

test('every setting is contributed, with a description and a title a person reads', () => {
  const contributed = Object.keys(properties).map((k) => k.replace(/^rubriq\./, ''));
  for (const key of [...Object.keys(SETTINGS), ...CLIENT_SETTINGS]) {
    assert.ok(contributed.some((c) => c === key || c.startsWith(`${key}.`)), `rubriq.${key} is not contributed`);
  }
  for (const [key, spec] of Object.entries(properties)) {
    const last = key.split('.').pop() ?? '';
    assert.ok(!last.includes('_'), `${key}: VS Code would title it "${last}"`);
    assert.ok((spec.markdownDescription ?? spec.description ?? '').length > 20, `${key} has no description`);
  }
});

test('the settings map onto exactly the fields of the server Config', () => {
  // Guards against a setting that the server would reject as unknown, and a Config field with no editor setting.
  const config = readFileSync(join(__dirname, '..', '..', '..', 'server', 'rubriq', 'core', 'config.py'), 'utf8');
  const body = config.slice(config.indexOf('class Config('), config.indexOf('CONFIG_FILES'));
  const fields = [...body.matchAll(/^ {4}(\w+): /gm)].map((m) => m[1]).filter((f) => f !== 'model_config');
  assert.deepEqual([...Object.values(SETTINGS), ...FILE_ONLY_SETTINGS].sort(), fields.sort());
});

test('interpreter or serverArgs changes restart the server; other settings update live', () => {
  assert.equal(needsRestart((s) => s === 'rubriq.interpreter'), true);
  assert.equal(needsRestart((s) => s === 'rubriq.serverArgs'), true);
  assert.equal(needsRestart((s) => s === 'rubriq.modelFamily' || s === 'rubriq'), false);
});

test('serverArgs defaults to -m rubriq serve and keeps a valid override', () => {
  assert.deepEqual(serverArgs(undefined), ['-m', 'rubriq', 'serve']);
  assert.deepEqual(serverArgs([]), ['-m', 'rubriq', 'serve']);
  assert.deepEqual(serverArgs([1, 2]), ['-m', 'rubriq', 'serve']);
  assert.deepEqual(serverArgs(['-m', 'rubriq.lsp']), ['-m', 'rubriq.lsp']);
});
