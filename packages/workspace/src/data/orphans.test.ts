import { readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDataFile } from './demo-data.js';
import type { WorksheetEngine } from './engine.js';
import { openTestEngine } from '../testing/data.js';

let engine: WorksheetEngine;
let dataDir: string;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ engine, dataDir, dispose } = await openTestEngine());
});

afterAll(async () => {
  await dispose();
});

describe('removeOrphans', () => {
  it('removes worksheet files not kept and stray temporary files, and nothing else', async () => {
    const kept = await engine.ingest(demoDataFile('stocks.csv'));
    const orphan = await engine.ingest(demoDataFile('stocks.csv'));
    const folder = path.join(dataDir, 'worksheets');
    await writeFile(path.join(folder, '.tmp-ws_crashed-0a1b2c.parquet'), 'partial');
    await writeFile(path.join(folder, 'README.txt'), 'not a worksheet');

    const young = await engine.removeOrphans(new Set([kept.dataPath]), { minAgeMs: 60_000 });
    expect(young).toEqual([]);

    const removed = await engine.removeOrphans(new Set([kept.dataPath]));
    expect(removed.sort()).toEqual(
      ['worksheets/.tmp-ws_crashed-0a1b2c.parquet', orphan.dataPath].sort(),
    );
    expect((await readdir(folder)).sort()).toEqual(
      ['README.txt', path.basename(kept.dataPath)].sort(),
    );
    const page = await engine.read({ id: 'ws_kept', ...kept }, { limit: 1 });
    expect(page.rows).toHaveLength(1);
  });

  it('honours the minimum age', async () => {
    const orphan = await engine.ingest(demoDataFile('stocks.csv'));
    const file = path.join(dataDir, orphan.dataPath);
    const hourAgo = new Date(Date.now() - 3_600_000);
    await utimes(file, hourAgo, hourAgo);
    expect(await engine.removeOrphans(new Set(), { minAgeMs: 60_000 })).toContain(orphan.dataPath);
  });
});
