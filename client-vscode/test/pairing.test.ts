import assert from 'node:assert/strict';
import { test } from 'node:test';

import { isServed, siblingPrompt } from '../src/pairing';

test('a .out is served only when its sibling .prompt exists', () => {
  const disk = new Set(['/ws/summary.prompt', '/ws/summary.out', '/ws/build.out']);
  const exists = (p: string) => disk.has(p);
  assert.equal(isServed('/ws/summary.out', exists), true);
  assert.equal(isServed('/ws/build.out', exists), false);
});

test('.prompt files are always served; other files never', () => {
  assert.equal(isServed('/ws/new.prompt', () => false), true);
  assert.equal(isServed('/ws/notes.txt', () => true), false);
});

test('siblingPrompt swaps only the final .out suffix', () => {
  assert.equal(siblingPrompt('/ws/a.out.out'), '/ws/a.out.prompt');
  assert.equal(siblingPrompt('/ws/a.output'), undefined);
});
