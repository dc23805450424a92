import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Reads a dev secret from `path`, creating it (mode 0600) on first start so restarts reuse it. */
export async function persistedSecret(path: string): Promise<string> {
  const existing = await readFile(path, 'utf8').catch(() => null);
  if (existing && existing.trim().length >= 32) return existing.trim();
  const secret = randomBytes(32).toString('base64url');
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${secret}\n`, { mode: 0o600 });
  return secret;
}
