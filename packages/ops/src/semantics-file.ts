import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/** Largest semantic layer file read (a layer of a very wide worksheet stays far below). */
export const MAX_SEMANTICS_FILE_BYTES = 512 * 1024;

/**
 * Reads the JSON semantic layer given to `pnpm ops import --semantics <file>` on the operator's
 * machine; its content travels in the command, so the stack never opens a second path. Only the
 * JSON is checked here; the import checks the layer against the imported columns.
 */
export async function readSemanticsFile(file: string): Promise<unknown> {
  const resolved = path.resolve(file);
  const fail = (why: string) =>
    new Error(`Cannot use the semantic layer file ${JSON.stringify(file)}: ${why}`);
  let text: string;
  try {
    const info = await stat(resolved);
    if (!info.isFile()) throw fail('not a file');
    if (info.size > MAX_SEMANTICS_FILE_BYTES)
      throw fail(`${info.size} bytes, over the ${MAX_SEMANTICS_FILE_BYTES} accepted`);
    text = await readFile(resolved, 'utf8');
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('Cannot use')) throw error;
    throw fail((error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : 'unreadable');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw fail(`not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}
