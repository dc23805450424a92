import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confineImportFile } from './import-folder.js';

describe('confineImportFile', () => {
  let base: string;
  let imports: string;

  beforeAll(async () => {
    base = await mkdtemp(path.join(os.tmpdir(), 'ask-analyst-imports-'));
    imports = path.join(base, 'imports');
    await mkdir(path.join(imports, 'q3'), { recursive: true });
    await writeFile(path.join(imports, 'sales.csv'), 'a\n1\n');
    await writeFile(path.join(imports, 'q3', 'sales.csv'), 'a\n1\n');
    await writeFile(path.join(base, 'secret.csv'), 'a\n1\n');
    await mkdir(path.join(base, 'elsewhere'));
    await writeFile(path.join(base, 'elsewhere', 'x.csv'), 'a\n1\n');
    await symlink('/etc/passwd', path.join(imports, 'passwd.csv'));
    await symlink(path.join(base, 'secret.csv'), path.join(imports, 'relative-link.csv'));
    await symlink(path.join(base, 'elsewhere'), path.join(imports, 'linked-folder'));
    await symlink(imports, path.join(base, 'imports-link'));
  });
  afterAll(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it('accepts a regular file in the folder, by absolute path or relative to the folder', async () => {
    const inside = path.join(imports, 'q3', 'sales.csv');
    expect(await confineImportFile(imports, inside)).toBe(inside);
    expect(await confineImportFile(imports, 'q3/sales.csv')).toBe(inside);
    expect(await confineImportFile(imports, 'sales.csv')).toBe(path.join(imports, 'sales.csv'));
  });

  it('accepts a configured folder that is itself reached through a link', async () => {
    const linked = path.join(base, 'imports-link');
    expect(await confineImportFile(linked, path.join(linked, 'sales.csv'))).toBe(
      path.join(imports, 'sales.csv'),
    );
  });

  it('refuses any file outside the folder', async () => {
    for (const requested of ['/etc/passwd', path.join(base, 'secret.csv'), '../secret.csv']) {
      await expect(confineImportFile(imports, requested)).rejects.toMatchObject({
        code: 'invalid_argument',
        message: expect.stringMatching(
          /^Import refused: .* is not inside the import folder/,
        ) as unknown,
      });
    }
    await expect(confineImportFile(imports, imports)).rejects.toThrow(/not inside/);
  });

  it('refuses a symbolic link, as the file or as any folder on the way', async () => {
    for (const requested of ['passwd.csv', 'relative-link.csv', 'linked-folder/x.csv']) {
      await expect(confineImportFile(imports, requested)).rejects.toMatchObject({
        code: 'invalid_argument',
        message: expect.stringContaining('is a symbolic link') as unknown,
      });
    }
  });

  it('refuses what is not a regular file, and a missing file or folder', async () => {
    await expect(confineImportFile(imports, 'q3')).rejects.toThrow(/is not a regular file/);
    await expect(confineImportFile(imports, 'missing.csv')).rejects.toThrow(/does not exist/);
    await expect(confineImportFile(imports, 'sales.csv/x')).rejects.toThrow(/does not exist/);
    await expect(confineImportFile(path.join(base, 'no-such-folder'), 'sales.csv')).rejects.toThrow(
      /the import folder .* does not exist/,
    );
  });
});
