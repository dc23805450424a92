import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Shortest secret accepted from the file (as CURSOR_SECRET). */
const MIN_LENGTH = 32;

/**
 * A development secret kept in `path`: read when present, else created (32 random bytes, mode
 * 0600) so restarts keep honouring the cursors already handed out. Production sets it in config.
 */
export async function persistedSecret(path: string): Promise<string> {
  const existing = (await readFile(path, 'utf8').catch(() => '')).trim();
  if (existing.length >= MIN_LENGTH) return existing;
  const secret = randomBytes(32).toString('base64url');
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${secret}\n`, { mode: 0o600 });
  return secret;
}
