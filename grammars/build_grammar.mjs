// Writes prompt.tmLanguage.json from the readable source below: regexes are kept as JS strings so each one can
// carry a comment saying why it looks the way it does. Run: node build_grammar.mjs
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const S = 'rubriq-prompt';
// Tags whose content Rubriq reads as source text (server/rubriq/core/prompt.py SOURCE_TAGS).
const SOURCE_TAGS = [
  'document', 'documents', 'source', 'sources', 'context', 'article', 'text', 'passage', 'input', 'email',
  'transcript', 'data', 'report', 'excerpt', 'content', 'reference', 'notes', 'essay', 'story', 'review',
  'paper', 'abstract', 'conversation', 'chat', 'code', 'snippet', 'table', 'record', 'records',
];
// "Text:" style labels that open a source section (prompt.py SOURCE_LABELS).
const SOURCE_LABELS = [
  'text', 'article', 'context', 'passage', 'document', 'source', 'input', 'email', 'transcript', 'excerpt',
  'report', 'content', 'background', 'data', 'story', 'review', 'abstract', 'paper', 'notes', 'reference',
];
const ROLES = ['system', 'user', 'assistant', 'human', 'ai', 'developer', 'model', 'tool'];
const NUMBER = '(?:\\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|fifty|hundred)';
const UNITS = '(?:words?|sentences?|paragraphs?|bullet(?:\\s+points?)?|bullets|items?|points?|lines?|characters?|' +
  'chars|tokens?|sections?|examples?|steps?|questions?|lists?)';

const grammar = {
  $schema: 'https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json',
  name: 'Rubriq Prompt',
  scopeName: `source.${S}`,
  fileTypes: ['prompt'],
  patterns: [
    { include: '#front-matter' },
    { include: '#fenced-block' },
    { include: '#triple-quoted' },
    { include: '#source-tag' },
    { include: '#role-marker' },
    { include: '#tag' },
    { include: '#source-label' },
    { include: '#section-label' },
    { include: '#heading' },
    { include: '#inline' },
  ],
  repository: {
    'front-matter': {
      // Only at the very start of the file, as prompt.py's FRONT_MATTER_RE reads it.
      begin: '\\A(---)[ \\t]*$',
      end: '^(---)[ \\t]*$',
      beginCaptures: { 1: { name: `punctuation.definition.front-matter.begin.${S}` } },
      endCaptures: { 1: { name: `punctuation.definition.front-matter.end.${S}` } },
      name: `meta.front-matter.${S}`,
      contentName: 'meta.embedded.block.yaml',
      patterns: [
        // Keys Rubriq knows get their own scope so a misspelt key stands out before the server says so.
        {
          match: '^[ \\t]*(model|family|task|audience|weights|ignore)(:)',
          captures: {
            1: { name: `support.type.property-name.front-matter.${S}` },
            2: { name: 'punctuation.separator.key-value.yaml' },
          },
        },
        { include: 'source.yaml' },
      ],
    },
    'fenced-block': {
      begin: '^[ \\t]*(`{3,}|~{3,})[ \\t]*([\\w#+.-]*)[^\\n]*$',
      end: '^[ \\t]*(\\1)[ \\t]*$',
      beginCaptures: {
        1: { name: `punctuation.definition.fence.begin.${S}` },
        2: { name: `entity.name.label.fence.${S}` },
      },
      endCaptures: { 1: { name: `punctuation.definition.fence.end.${S}` } },
      name: `markup.fenced_code.block.${S}`,
      contentName: `meta.embedded.block.source.${S}`,
    },
    'triple-quoted': {
      begin: '("""|\'\'\')',
      end: '(\\1)',
      beginCaptures: { 1: { name: `punctuation.definition.string.begin.${S}` } },
      endCaptures: { 1: { name: `punctuation.definition.string.end.${S}` } },
      name: `string.quoted.triple.source.${S}`,
    },
    'source-tag': {
      // <document>…</document>: content is source text; nothing inside is read as an instruction.
      begin: `(<)(${SOURCE_TAGS.join('|')})((?:\\s[^<>\\n]*)?)(>)`,
      end: '(</)(\\2)\\s*(>)',
      beginCaptures: {
        1: { name: `punctuation.definition.tag.begin.${S}` },
        2: { name: `entity.name.tag.source.${S}` },
        3: { name: `meta.attribute.${S}` },
        4: { name: `punctuation.definition.tag.end.${S}` },
      },
      endCaptures: {
        1: { name: `punctuation.definition.tag.begin.${S}` },
        2: { name: `entity.name.tag.source.${S}` },
        3: { name: `punctuation.definition.tag.end.${S}` },
      },
      name: `meta.tag.source.${S}`,
      contentName: `string.unquoted.source.${S}`,
      patterns: [{ include: '#variable' }],
    },
    'role-marker': {
      patterns: [
        {
          // "System:", "### User:", "Assistant:" at the start of a line.
          match: `(?i)^[ \\t]*(?:#{1,6}[ \\t]*)?(${ROLES.join('|')})[ \\t]*(:)`,
          captures: {
            1: { name: `keyword.other.role.${S}` },
            2: { name: `punctuation.separator.role.${S}` },
          },
        },
        // Chat-template markers: <|system|>, <|im_start|>user, [INST] … [/INST], <<SYS>>.
        { match: '<\\|[a-z_]+\\|>(?:[a-z]+)?', name: `keyword.other.role.template.${S}` },
        { match: '\\[/?INST\\]|<</?SYS>>', name: `keyword.other.role.template.${S}` },
      ],
    },
    tag: {
      // Any other XML-style tag, e.g. <instructions>, <example id="1">, </rules>.
      match: '(</?)([A-Za-z][\\w.-]*)((?:\\s[^<>\\n]*)?)(/?>)',
      captures: {
        1: { name: `punctuation.definition.tag.begin.${S}` },
        2: { name: `entity.name.tag.${S}` },
        3: { name: `meta.attribute.${S}` },
        4: { name: `punctuation.definition.tag.end.${S}` },
      },
    },
    'source-label': {
      // "Text: …" / "Article 2:" — prompt.py reads what follows as source until the next section label.
      match: `(?i)^[ \\t]*(?:#+[ \\t]*)?(${SOURCE_LABELS.join('|')})[ \\t]*(?:\\d+[ \\t]*)?(:)`,
      captures: {
        1: { name: `entity.name.section.source.${S}` },
        2: { name: `punctuation.separator.label.${S}` },
      },
    },
    'section-label': {
      match: '(?i)^[ \\t]*(?:#+[ \\t]*)?(question|questions|instructions?|task|answer|output|response|format|' +
        'summary|requirements?|rules|constraints)[ \\t]*\\d*[ \\t]*(:)',
      captures: {
        1: { name: `entity.name.section.${S}` },
        2: { name: `punctuation.separator.label.${S}` },
      },
    },
    heading: {
      match: '^[ \\t]*(#{1,6})[ \\t]+(.*)$',
      captures: {
        1: { name: `punctuation.definition.heading.${S}` },
        2: { name: `markup.heading.${S}` },
      },
    },
    inline: {
      patterns: [
        { include: '#variable' },
        { include: '#inline-code' },
        { include: '#constraint' },
      ],
    },
    variable: {
      // {{name}}, {{ user.input }}, {{#each items}} — template slots filled before sending.
      match: '(\\{\\{)[ \\t]*([#/^]?[\\w.-]+(?:[ \\t]+[^{}\\n]*?)?)[ \\t]*(\\}\\})',
      captures: {
        1: { name: `punctuation.definition.variable.begin.${S}` },
        2: { name: `variable.other.template.${S}` },
        3: { name: `punctuation.definition.variable.end.${S}` },
      },
    },
    'inline-code': {
      match: '(`)([^`\\n]+)(`)',
      name: `markup.inline.raw.${S}`,
    },
    constraint: {
      // Phrases Rubriq checks as constraints (IFEval's verifiable instruction types): counts, formats,
      // casing, required and forbidden content. Highlighted so the author sees what will be checked.
      patterns: [
        {
          // "at most 50 words", "no more than three bullet points", "exactly 2 paragraphs", "under 100 words"
          match: `(?i)\\b(at\\s+(?:most|least)|no\\s+(?:more|fewer|less)\\s+than|fewer\\s+than|less\\s+than|more\\s+than|` +
            `exactly|under|over|up\\s+to|maximum(?:\\s+of)?|minimum(?:\\s+of)?|between)\\s+(${NUMBER})` +
            `(?:\\s+(?:and|to)\\s+(${NUMBER}))?\\s+(${UNITS})\\b`,
          captures: {
            0: { name: `meta.constraint.length.${S}` },
            1: { name: `keyword.operator.constraint.${S}` },
            2: { name: `constant.numeric.constraint.${S}` },
            3: { name: `constant.numeric.constraint.${S}` },
            4: { name: `keyword.other.unit.constraint.${S}` },
          },
        },
        {
          // "in 3 sentences", "a 5-item list", "two paragraphs"
          match: `(?i)\\b(${NUMBER})(?:\\s+|-)(${UNITS})\\b`,
          captures: {
            0: { name: `meta.constraint.count.${S}` },
            1: { name: `constant.numeric.constraint.${S}` },
            2: { name: `keyword.other.unit.constraint.${S}` },
          },
        },
        {
          // Output formats: "in JSON", "as a Markdown table", "valid YAML".
          match: '(?i)\\b(?:in|as|valid|return|output|respond\\s+(?:in|with)|format(?:ted)?\\s+as)\\s+' +
            '(?:an?\\s+|the\\s+)?(json|yaml|xml|csv|markdown(?:\\s+table)?|html|bullet(?:ed)?\\s+list|' +
            'numbered\\s+list|table|plain\\s+text)\\b',
          name: `meta.constraint.format.${S}`,
          captures: { 1: { name: `support.constant.format.constraint.${S}` } },
        },
        {
          // Casing: "all lowercase", "in all capital letters", "uppercase".
          match: '(?i)\\b(?:all\\s+)?(lower\\s*case|upper\\s*case|capital\\s+letters|title\\s+case)\\b',
          name: `meta.constraint.case.${S}`,
          captures: { 1: { name: `support.constant.case.constraint.${S}` } },
        },
        {
          // Forbidden content: "do not", "don't", "never", "avoid", "without".
          match: "(?i)\\b(do\\s+not|don't|must\\s+not|never|avoid|without)\\b",
          name: `keyword.control.constraint.negative.${S}`,
        },
        {
          // Required content: "must", "include the word", "mention", "end with", "start with".
          match: '(?i)\\b(must|always|include(?:\\s+the\\s+(?:word|keyword|phrase)s?)?|mention|' +
            '(?:end|start|begin|finish)\\s+(?:your\\s+\\w+\\s+)?with|wrap\\s+(?:\\w+\\s+)*?in)\\b',
          name: `keyword.control.constraint.required.${S}`,
        },
        {
          // A quoted keyword the output must or must not contain.
          match: '"([^"\\n]{1,60})"',
          name: `string.quoted.double.keyword.${S}`,
        },
      ],
    },
  },
};

const out = join(dirname(fileURLToPath(import.meta.url)), 'prompt.tmLanguage.json');
const text = JSON.stringify(grammar, null, 2) + '\n';
if (process.argv.includes('--check')) {
  // The committed JSON must be what this file generates: edit here, never the JSON.
  if (!existsSync(out) || readFileSync(out, 'utf8') !== text) {
    console.error('prompt.tmLanguage.json is out of date: run node build_grammar.mjs');
    process.exit(1);
  }
} else {
  writeFileSync(out, text);
  console.log(`wrote ${out}`);
}
