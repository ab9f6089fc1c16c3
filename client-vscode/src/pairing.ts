// Which documents Rubriq serves: every `.prompt`, and a `.out` only when `<name>.prompt` sits next to it.
import * as fs from 'node:fs';

export const PROMPT_SUFFIX = '.prompt';
export const OUTPUT_SUFFIX = '.out';

/** `/a/b/name.out` → `/a/b/name.prompt`; undefined for other files. */
export function siblingPrompt(fsPath: string): string | undefined {
  if (!fsPath.endsWith(OUTPUT_SUFFIX)) return undefined;
  return fsPath.slice(0, -OUTPUT_SUFFIX.length) + PROMPT_SUFFIX;
}

/** Served: `.prompt` files, and `.out` files that have a sibling `.prompt` on disk. */
export function isServed(fsPath: string, exists: (p: string) => boolean = fs.existsSync): boolean {
  if (fsPath.endsWith(PROMPT_SUFFIX)) return true;
  const sibling = siblingPrompt(fsPath);
  return sibling !== undefined && exists(sibling);
}
