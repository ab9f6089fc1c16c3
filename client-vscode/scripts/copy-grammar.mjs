// The grammar lives in grammars/ (tested there); the VSIX can only carry files under this folder.
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
mkdirSync(join(root, 'syntaxes'), { recursive: true });
copyFileSync(join(root, '..', 'grammars', 'prompt.tmLanguage.json'), join(root, 'syntaxes', 'prompt.tmLanguage.json'));
