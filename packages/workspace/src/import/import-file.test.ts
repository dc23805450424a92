import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorksheetEngine } from '../data/engine.js';
import { DataError } from '../data/errors.js';
import { openTestEngine } from '../testing/data.js';
import { WorkspaceError } from '../errors.js';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../testing/database.js';
import { createSmallWorld, type SmallWorld } from '../testing/world.js';
import { importWorksheet } from './import-file.js';

let db: TestDatabase;
let engine: WorksheetEngine;
let dataDir: string;
let dispose: () => Promise<void>;
let world: SmallWorld;
let files: string;

beforeAll(async () => {
  db = await openTestDatabase();
  ({ engine, dataDir, dispose } = await openTestEngine());
  world = await createSmallWorld(db);
  files = await mkdtemp(path.join(os.tmpdir(), 'ask-analyst-import-'));
  await writeFile(
    path.join(files, 'sales.csv'),
    'region,month,revenue\nNorth,2024-01-01,120.5\nSouth,2024-01-01,98\n',
  );
  await writeFile(
    path.join(files, 'targets.json'),
    JSON.stringify([{ region: 'North', target: 100 }]),
  );
  await writeFile(path.join(files, 'broken.json'), '[{"region": "North", ');
  await writeFile(path.join(files, 'notes.txt'), 'just words');
});

afterAll(async () => {
  await dispose?.();
  await db?.close();
  if (files) await rm(files, { recursive: true, force: true });
});

async function state() {
  const worksheets = await db.query('select id from worksheets');
  const workbooks = await db.query('select id from workbooks');
  const dataFiles = await readdir(path.join(dataDir, 'worksheets'));
  return {
    worksheets: worksheets.rows.length,
    workbooks: workbooks.rows.length,
    files: dataFiles.length,
  };
}

function base(
  overrides: Partial<Parameters<typeof importWorksheet>[2]> = {},
): Parameters<typeof importWorksheet>[2] {
  return {
    actor: { userId: world.ada },
    workspaceName: 'Operations',
    workbookName: 'Regional Sales',
    worksheetName: 'Revenue',
    filePath: path.join(files, 'sales.csv'),
    ...overrides,
  };
}

describe(`importWorksheet (${testDatabaseKind()})`, () => {
  it('creates the workbook (owned by the actor) and the worksheet with inferred columns', async () => {
    const result = await importWorksheet(
      db,
      engine,
      base({ worksheetDescription: 'Monthly revenue' }),
    );
    expect(result.createdWorkbook).toBe(true);
    expect(result.workbook).toMatchObject({
      name: 'Regional Sales',
      ownerId: world.ada,
      workspaceId: world.operations,
    });
    expect(result.worksheet).toMatchObject({
      name: 'Revenue',
      description: 'Monthly revenue',
      rowCount: 2,
      position: 0,
      workbookId: result.workbook.id,
      dataPath: `worksheets/${result.worksheet.id}.parquet`,
      columns: [
        { name: 'region', type: 'string' },
        { name: 'month', type: 'date' },
        { name: 'revenue', type: 'number' },
      ],
    });
    const page = await engine.read(result.worksheet, {});
    expect(page.rows).toEqual([
      ['North', '2024-01-01', 120.5],
      ['South', '2024-01-01', 98],
    ]);
  });

  it('adds a second worksheet to an existing workbook, by workspace id', async () => {
    const result = await importWorksheet(
      db,
      engine,
      base({
        workspaceName: undefined,
        workspaceId: world.operations,
        worksheetName: 'Targets',
        filePath: path.join(files, 'targets.json'),
        actor: { userId: world.linus },
      }),
    );
    expect(result.createdWorkbook).toBe(false);
    expect(result.worksheet).toMatchObject({ name: 'Targets', position: 1, rowCount: 1 });
    expect(result.workbook.ownerId).toBe(world.ada);
  });

  it('refuses a taken worksheet name before reading the file', async () => {
    const before = await state();
    await expect(importWorksheet(db, engine, base())).rejects.toSatisfy(
      (e) => e instanceof WorkspaceError && e.code === 'conflict' && /Revenue/.test(e.message),
    );
    expect(await state()).toEqual(before);
  });

  it.each([
    ['a malformed file', { filePath: 'broken.json' }, 'invalid_file'],
    ['a file over the size limit', { maxBytes: 10 }, 'file_too_large'],
    ['an unsupported file type', { filePath: 'notes.txt' }, 'unsupported_format'],
  ])('leaves nothing behind for %s (%s)', async (_what, change, code) => {
    const before = await state();
    const overrides = {
      workbookName: 'Never Made',
      ...change,
      ...('filePath' in change ? { filePath: path.join(files, change.filePath) } : {}),
    };
    await expect(importWorksheet(db, engine, base(overrides))).rejects.toSatisfy(
      (e) => e instanceof DataError && e.code === code,
    );
    expect(await state()).toEqual(before);
  });

  it('refuses viewers, other organizations, unknown workspaces and bad names', async () => {
    const before = await state();
    const attempt = (
      overrides: Partial<Parameters<typeof importWorksheet>[2]>,
      code: WorkspaceError['code'],
    ) =>
      expect(
        importWorksheet(db, engine, base({ workbookName: 'Never Made', ...overrides })),
      ).rejects.toSatisfy((e) => e instanceof WorkspaceError && e.code === code);
    await attempt({ actor: { userId: world.grace } }, 'permission_denied');
    await attempt({ actor: { userId: world.hopper }, workspaceName: 'Operations' }, 'not_found');
    await attempt(
      { actor: { userId: world.ada }, workspaceId: world.globexMain, workspaceName: undefined },
      'not_found',
    );
    await attempt({ workspaceName: 'Nowhere' }, 'not_found');
    await attempt({ worksheetName: '   ' }, 'invalid_argument');
    await attempt({ workbookName: 'x'.repeat(201) }, 'invalid_argument');
    expect(await state()).toEqual(before);
  });

  it('lets an admin of a non-enrolled organization import into its workspace (decision 121)', async () => {
    const imported = await importWorksheet(
      db,
      engine,
      base({
        actor: { userId: world.hopper },
        workspaceName: 'Globex Main',
        workbookName: 'Globex Targets',
      }),
    );
    expect(imported.workbook.workspaceId).toBe(world.globexMain);
    expect(imported.worksheet.rowCount).toBe(2);
  });
});
