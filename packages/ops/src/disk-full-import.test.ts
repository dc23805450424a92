import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { listAudit, WorksheetEngine } from '@ask-analyst/workspace';
import {
  createSmallWorld,
  openTestDatabase,
  type TestDatabase,
} from '@ask-analyst/workspace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `pnpm ops import` on a full disk (docs/reliability.md): the worksheets folder is a small tmpfs,
 * so the worksheet file's write gets a real ENOSPC from the kernel. Mounting needs no privilege in
 * a user namespace (`unshare -rm`), but only the processes inside see the mount, so the CLI runs
 * there as a child (`node dist/cli.js` with DATABASE_URL, as an operator would run it) and reports
 * what the folder holds afterwards; the database is a Postgres server it reaches over loopback.
 */
const CLI = path.join(import.meta.dirname, '..', 'dist', 'cli.js');
/** The tmpfs: room for a small worksheet, not for a large one. */
const TMPFS_BYTES = 256 * 1024;

function whySkipped(): string | undefined {
  if (!process.env.TEST_DATABASE_URL) {
    return 'the CLI runs in a child process, which needs a Postgres server (the Postgres pass of npm test)';
  }
  const probe = spawnSync(
    'unshare',
    ['-rm', 'sh', '-c', 'mount -t tmpfs -o size=64k tmpfs "$(mktemp -d)"'],
    { encoding: 'utf8', timeout: 10_000 },
  );
  if (probe.status !== 0) {
    return `no unprivileged mount namespace for a small tmpfs (unshare -rm: ${(probe.stderr || String(probe.error)).trim()})`;
  }
  return undefined;
}
const skipped = whySkipped();

describe.skipIf(skipped !== undefined)(
  `import on a full disk${skipped ? ` (skipped: ${skipped})` : ''}`,
  () => {
    let db: TestDatabase;
    let dir: string;

    beforeAll(async () => {
      db = await openTestDatabase();
      await createSmallWorld(db);
      dir = await mkdtemp(path.join(os.tmpdir(), 'ask-analyst-disk-full-'));
      await mkdir(path.join(dir, 'data', 'worksheets'), { recursive: true });
      await mkdir(path.join(dir, 'out'));
      await writeFile(path.join(dir, 'small.csv'), 'city,visits\nOslo,3\nLima,5\n');
      // Random text compresses badly: a Parquet file of several megabytes.
      const rows = Array.from(
        { length: 60_000 },
        (_, i) =>
          `${i},${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`,
      );
      await writeFile(path.join(dir, 'big.csv'), `id,token\n${rows.join('\n')}\n`);
    });
    afterAll(async () => {
      await db?.close();
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    /** Mounts the tmpfs, imports the small file then the big one, and reports the folder. */
    function runInNamespace(): Promise<number | null> {
      const script = `
        set -u
        mount -t tmpfs -o size=${TMPFS_BYTES} tmpfs "$DIR/data/worksheets" || exit 90
        import() { node "$CLI" import "$DIR/$1.csv" --workspace Operations --workbook Disk --worksheet "$1" --json; }
        import small > "$DIR/out/small.json" 2> "$DIR/out/small.err"; echo $? > "$DIR/out/small.status"
        import big > "$DIR/out/big.json" 2> "$DIR/out/big.err"; echo $? > "$DIR/out/big.status"
        ls -A "$DIR/data/worksheets" > "$DIR/out/listing"
        mkdir "$DIR/out/files" && cp "$DIR"/data/worksheets/*.parquet "$DIR/out/files/"
      `;
      return new Promise((resolve, reject) => {
        const child = spawn('unshare', ['-rm', 'sh', '-c', script], {
          env: {
            PATH: process.env.PATH,
            DIR: dir,
            CLI,
            DATABASE_URL: db.url,
            DATA_DIR: path.join(dir, 'data'),
            IMPORT_DIR: dir,
          },
          stdio: 'inherit',
        });
        const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
        child.on('error', reject);
        child.on('exit', (status) => {
          clearTimeout(timer);
          resolve(status);
        });
      });
    }

    const read = (name: string) => readFile(path.join(dir, 'out', name), 'utf8');

    it('ENOSPC: a clear error with a stable code, no row, no partial file, the earlier worksheet intact', async () => {
      expect(await runInNamespace()).toBe(0);
      expect((await read('small.status')).trim()).toBe('0');
      const small = JSON.parse(await read('small.json')) as {
        worksheet: { id: string; dataPath: string; rowCount: number };
      };
      expect(small.worksheet.rowCount).toBe(2);

      expect((await read('big.status')).trim()).toBe('1');
      const failure = JSON.parse(await read('big.err')) as {
        error: { code: string; message: string };
      };
      expect(failure.error.code).toBe('storage_full');
      expect(failure.error.message).toMatch(/no space left/i);

      // Only the first worksheet's file is in the folder: the partial one was removed.
      expect((await read('listing')).trim().split('\n')).toEqual([
        path.basename(small.worksheet.dataPath),
      ]);
      const { rows } = await db.query<{ name: string; data_path: string }>(
        "select s.name, s.data_path from worksheets s join workbooks b on b.id = s.workbook_id where b.name = 'Disk'",
      );
      expect(rows).toEqual([{ name: 'small', data_path: small.worksheet.dataPath }]);
      expect((await listAudit(db, { limit: 10 })).map((a) => a.action)).toEqual([
        'worksheet.import',
      ]);

      // The earlier worksheet's file, as it stood on the full disk, still reads.
      const dataDir = path.join(dir, 'copy');
      await mkdir(path.join(dataDir, 'worksheets'), { recursive: true });
      for (const name of await readdir(path.join(dir, 'out', 'files'))) {
        await writeFile(
          path.join(dataDir, 'worksheets', name),
          await readFile(path.join(dir, 'out', 'files', name)),
        );
      }
      const engine = await WorksheetEngine.open({ dataDir, cursorSecret: 'x'.repeat(32) });
      try {
        const page = await engine.read({
          id: small.worksheet.id,
          dataPath: small.worksheet.dataPath,
          columns: [
            { name: 'city', type: 'string' },
            { name: 'visits', type: 'integer' },
          ],
        });
        expect(page.rows).toEqual([
          ['Oslo', 3],
          ['Lima', 5],
        ]);
      } finally {
        await engine.close();
      }
    });
  },
);
