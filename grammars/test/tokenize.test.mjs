// Tokenizes sample prompts with the real VS Code TextMate engine (vscode-textmate + vscode-oniguruma) and checks
// the scopes of the spans that matter: front matter, roles, tags, variables, source blocks and constraints.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import vsctm from 'vscode-textmate';
import oniguruma from 'vscode-oniguruma';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const wasm = readFileSync(join(dirname(require.resolve('vscode-oniguruma')), 'onig.wasm'));

await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
const registry = new vsctm.Registry({
  onigLib: Promise.resolve({
    createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
    createOnigString: (s) => new oniguruma.OnigString(s),
  }),
  // Only our grammar: the embedded source.yaml is absent here, as in an editor without a YAML grammar.
  loadGrammar: async (scopeName) => (scopeName === 'source.rubriq-prompt'
    ? vsctm.parseRawGrammar(readFileSync(join(here, '..', 'prompt.tmLanguage.json'), 'utf8'), 'prompt.tmLanguage.json')
    : null),
});
const grammar = await registry.loadGrammar('source.rubriq-prompt');

/** Every token of `text` as {line, text, scopes}. */
function tokenize(text) {
  const tokens = [];
  let ruleStack = vsctm.INITIAL;
  text.split('\n').forEach((line, lineNo) => {
    const result = grammar.tokenizeLine(line, ruleStack);
    for (const token of result.tokens) {
      tokens.push({ line: lineNo, text: line.slice(token.startIndex, token.endIndex), scopes: token.scopes });
    }
    ruleStack = result.ruleStack;
  });
  return tokens;
}

/** Scopes of the token(s) covering `needle` on the first line that contains it (after `afterLine`). */
function scopesOf(tokens, needle, afterLine = -1) {
  const lineNo = tokens.find((t) => t.line > afterLine && lineText(tokens, t.line).includes(needle))?.line;
  assert.notEqual(lineNo, undefined, `no line contains ${JSON.stringify(needle)}`);
  const line = tokens.filter((t) => t.line === lineNo);
  const start = lineText(tokens, lineNo).indexOf(needle);
  const end = start + needle.length;
  let offset = 0;
  const covering = [];
  for (const token of line) {
    const tokenEnd = offset + token.text.length;
    if (tokenEnd > start && offset < end) covering.push(token);
    offset = tokenEnd;
  }
  // The scopes every covering token shares: the span as a whole has them.
  return covering.map((t) => t.scopes).reduce((common, scopes) => common.filter((s) => scopes.includes(s)));
}

function lineText(tokens, lineNo) {
  return tokens.filter((t) => t.line === lineNo).map((t) => t.text).join('');
}

const sample = (name) => readFileSync(join(here, 'samples', name), 'utf8');

test('front matter is embedded YAML and known keys are marked', () => {
  const tokens = tokenize(sample('grounded.prompt'));
  assert.ok(scopesOf(tokens, '---').includes('punctuation.definition.front-matter.begin.rubriq-prompt'));
  const model = scopesOf(tokens, 'model');
  assert.ok(model.includes('meta.embedded.block.yaml'));
  assert.ok(model.includes('support.type.property-name.front-matter.rubriq-prompt'));
  assert.ok(scopesOf(tokens, 'claude-sonnet-4').includes('meta.embedded.block.yaml'));
  // The closing fence ends the embedded block: the body after it is not YAML.
  assert.ok(!scopesOf(tokens, 'careful analyst').includes('meta.embedded.block.yaml'));
});

test('a --- line later in the file does not open front matter', () => {
  const tokens = tokenize('Intro line\n---\nmodel: gpt-4o\n---\n');
  assert.ok(!scopesOf(tokens, 'model').includes('meta.embedded.block.yaml'));
});

test('role markers are keywords', () => {
  const tokens = tokenize(sample('grounded.prompt'));
  assert.ok(scopesOf(tokens, 'System').includes('keyword.other.role.rubriq-prompt'));
  const code = tokenize(sample('code.prompt'));
  assert.ok(scopesOf(code, 'User').includes('keyword.other.role.rubriq-prompt'));
  assert.ok(scopesOf(code, '[INST]').includes('keyword.other.role.template.rubriq-prompt'));
});

test('xml tags: instruction tags are tags, source tags wrap source text', () => {
  const tokens = tokenize(sample('grounded.prompt'));
  assert.ok(scopesOf(tokens, 'instructions').includes('entity.name.tag.rubriq-prompt'));
  assert.ok(scopesOf(tokens, 'document').includes('entity.name.tag.source.rubriq-prompt'));
  const inside = scopesOf(tokens, 'Do not treat this line');
  assert.ok(inside.includes('string.unquoted.source.rubriq-prompt'));
  // Inside a source block, "Do not" is source text, not a constraint.
  assert.ok(!inside.some((s) => s.startsWith('keyword.control.constraint')));
});

test('{{variables}} are template variables, also with spaces and helpers', () => {
  const tokens = tokenize(sample('grounded.prompt'));
  assert.ok(scopesOf(tokens, 'audience').includes('variable.other.template.rubriq-prompt'));
  assert.ok(scopesOf(tokens, '{{').includes('punctuation.definition.variable.begin.rubriq-prompt'));
  const spaced = tokenize('Hello {{ user.name }} and {{#each items}}');
  assert.ok(scopesOf(spaced, 'user.name').includes('variable.other.template.rubriq-prompt'));
  assert.ok(scopesOf(spaced, '#each items').includes('variable.other.template.rubriq-prompt'));
});

test('fenced and quoted blocks are source blocks and hide constraints inside them', () => {
  const tokens = tokenize(sample('code.prompt'));
  assert.ok(scopesOf(tokens, 'python').includes('entity.name.label.fence.rubriq-prompt'));
  const body = scopesOf(tokens, 'at most 5 words here');
  assert.ok(body.includes('meta.embedded.block.source.rubriq-prompt'));
  assert.ok(!body.some((s) => s.startsWith('meta.constraint')));
  const quoted = scopesOf(tokens, 'quarterly report');
  assert.ok(quoted.includes('string.quoted.triple.source.rubriq-prompt'));
  assert.ok(scopesOf(tokens, 'Text').includes('entity.name.section.source.rubriq-prompt'));
  // After the closing fence, the grammar is back in the instruction part.
  assert.ok(!scopesOf(tokens, 'Respond in JSON').includes('meta.embedded.block.source.rubriq-prompt'));
});

test('constraint phrases: length, count, format, casing, negative', () => {
  const tokens = tokenize(sample('grounded.prompt'));
  const length = scopesOf(tokens, 'at most 50 words');
  assert.ok(length.includes('meta.constraint.length.rubriq-prompt'));
  assert.ok(scopesOf(tokens, '50').includes('constant.numeric.constraint.rubriq-prompt'));
  assert.ok(scopesOf(tokens, 'Do not', 8).includes('keyword.control.constraint.negative.rubriq-prompt'));
  assert.ok(scopesOf(tokens, 'as a bulleted list').includes('meta.constraint.format.rubriq-prompt'));
  const code = tokenize(sample('code.prompt'));
  assert.ok(scopesOf(code, 'exactly 3 bullet points').includes('meta.constraint.length.rubriq-prompt'));
  assert.ok(scopesOf(code, 'all lowercase').includes('meta.constraint.case.rubriq-prompt'));
  assert.ok(scopesOf(code, 'in JSON').includes('meta.constraint.format.rubriq-prompt'));
  assert.ok(scopesOf(tokenize('Answer in no more than three sentences.'), 'no more than three sentences')
    .includes('meta.constraint.length.rubriq-prompt'));
});

test('plain prose carries no constraint scope', () => {
  const tokens = tokenize('The weather was pleasant and the meeting went well.');
  assert.ok(tokens.every((t) => t.scopes.every((s) => !s.startsWith('meta.constraint'))));
});

test('section labels: Question is a section, not a source', () => {
  const tokens = tokenize(sample('grounded.prompt'));
  const question = scopesOf(tokens, 'Question');
  assert.ok(question.includes('entity.name.section.rubriq-prompt'));
  assert.ok(!question.includes('entity.name.section.source.rubriq-prompt'));
});
