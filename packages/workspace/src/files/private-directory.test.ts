import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensurePrivateDirectory } from './private-directory.js';

describe('ensurePrivateDirectory', () => {
  let root: string | undefined;
  afterEach(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('creates a missing folder, parents included, with mode 0700', async () => {
    root = await mkdtemp(join(tmpdir(), 'private-'));
    const dir = join(root, 'a', 'data');
    await ensurePrivateDirectory(dir);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
  });

  it('tightens an existing world-readable folder', async () => {
    root = await mkdtemp(join(tmpdir(), 'private-'));
    const dir = join(root, 'data');
    await mkdir(dir, { mode: 0o755 });
    await ensurePrivateDirectory(dir);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
  });
});
