import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { persistedSecret } from './secrets.js';

describe('persistedSecret', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mcp-secret-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('creates the file once (owner-only) and reads it back after a restart', async () => {
    const path = join(dir, 'data', 'cursor-secret');
    const first = await persistedSecret(path);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await persistedSecret(path)).toBe(first);
    expect((await readFile(path, 'utf8')).trim()).toBe(first);
  });

  it('replaces a secret too short to use', async () => {
    const path = join(dir, 'short-secret');
    await writeFile(path, 'short\n');
    const secret = await persistedSecret(path);
    expect(secret).not.toBe('short');
    expect(secret.length).toBeGreaterThanOrEqual(32);
  });
});
