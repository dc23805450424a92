import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { importWorksheet, type Database, type WorksheetEngine } from '@ask-analyst/workspace';
import {
  createSmallWorld,
  openTestDatabase,
  openTestEngine,
  type SmallWorld,
} from '@ask-analyst/workspace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isServiceError } from '../errors.js';
import {
  describeWorkbook,
  listWorkbooks,
  profileWorksheet,
  readWorksheetRows,
  type CatalogDeps,
} from './workbooks.js';

describe('the catalog: what a user can read, as every front end shows it', () => {
  let db: Database;
  let engine: WorksheetEngine;
  let dispose: () => Promise<void>;
  let dataDir: string;
  let world: SmallWorld;
  let deps: CatalogDeps;
  let workbookId: string;
  let worksheetId: string;

  beforeAll(async () => {
    db = await openTestDatabase();
    ({ engine, dispose, dataDir } = await openTestEngine());
    world = await createSmallWorld(db);
    deps = { db, engine, appUrl: 'https://app.example.com' };
    const file = path.join(dataDir, 'targets.csv');
    await writeFile(file, 'region,target\nNorth,100\nSouth,80\nNorth,120\n');
    const imported = await importWorksheet(db, engine, {
      actor: { userId: world.ada },
      workspaceId: world.operations,
      workbookName: 'Targets',
      worksheetName: 'FY25',
      filePath: file,
      semantics: { columns: [{ column: 'target', description: 'Sales target, in units' }] },
    });
    workbookId = imported.workbook.id;
    worksheetId = imported.worksheet.id;
  });
  afterAll(async () => {
    await dispose?.();
    await db?.close();
  });

  it('lists, describes, profiles and reads for a reader (a viewer)', async () => {
    const grace = { userId: world.grace };
    const page = await listWorkbooks(deps, grace, { query: 'targ', limit: 25 });
    expect(page.workbooks.map((w) => w.id)).toEqual([workbookId]);
    expect(page.workbooks[0]?.url).toBe(`https://app.example.com/workbooks/${workbookId}`);

    const described = await describeWorkbook(deps, grace, { workbookId });
    expect(described.worksheets).toEqual([
      {
        id: worksheetId,
        name: 'FY25',
        description: '',
        rowCount: 3,
        columns: [
          { name: 'region', type: 'string' },
          { name: 'target', type: 'integer', description: 'Sales target, in units' },
        ],
      },
    ]);

    const profiled = await profileWorksheet(deps, grace, { worksheetId });
    expect(profiled.sheet.workbook.name).toBe('Targets');
    expect(profiled.output.worksheet.columns[0]).toMatchObject({
      name: 'region',
      distinctCount: 2,
      topValues: [
        { value: 'North', count: 2 },
        { value: 'South', count: 1 },
      ],
    });

    const read = await readWorksheetRows(deps, grace, {
      worksheetId,
      columns: ['target'],
      filters: [{ column: 'region', op: 'eq', value: 'North' }],
      limit: 100,
    });
    expect(read.output).toMatchObject({ rows: [[100], [120]], totalRows: 2, nextCursor: null });
  });

  it('answers not_found, without naming a tool, to a user with no role there', async () => {
    const hopper = { userId: world.hopper };
    expect((await listWorkbooks(deps, hopper, { limit: 25 })).workbooks).toEqual([]);
    for (const attempt of [
      () => describeWorkbook(deps, hopper, { workbookId }),
      () => profileWorksheet(deps, hopper, { worksheetId }),
      () => readWorksheetRows(deps, hopper, { worksheetId, limit: 1 }),
    ]) {
      const error = await attempt().catch((caught: unknown) => caught);
      expect(isServiceError(error, 'not_found')).toBe(true);
      expect((error as Error).message).toMatch(
        /^No (workbook|worksheet) with id \S+ that you can read\.$/,
      );
    }
  });
});
