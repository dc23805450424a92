import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isWorkspaceError } from '../errors.js';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../testing/database.js';
import { createSmallWorld, type SmallWorld } from '../testing/world.js';
import { getSemanticLayer, setSemanticLayer } from './semantic-layers.js';
import { createWorkbook } from './workbooks.js';
import {
  createWorksheet,
  getWorksheet,
  listWorksheets,
  type WorksheetRecord,
} from './worksheets.js';

let db: TestDatabase;
let world: SmallWorld;
let sheet: WorksheetRecord;

beforeAll(async () => {
  db = await openTestDatabase();
  world = await createSmallWorld(db);
  const workbook = await createWorkbook(db, {
    workspaceId: world.operations,
    name: 'Weather',
    ownerId: world.ada,
  });
  sheet = await createWorksheet(db, {
    workbookId: workbook.id,
    name: 'Daily',
    rowCount: 2,
    columns: [
      { name: 'date', type: 'date' },
      { name: 'precipitation', type: 'number' },
      { name: 'temp_max', type: 'number' },
    ],
    dataPath: 'worksheets/ws_daily.parquet',
  });
});

afterAll(async () => {
  await db?.close();
});

describe(`semantic layers (${testDatabaseKind()})`, () => {
  it('starts empty, and is read with the worksheet', async () => {
    expect(sheet.semantics).toEqual({ columns: [] });
    expect(await getSemanticLayer(db, sheet.id)).toEqual({ columns: [] });
    expect(await getSemanticLayer(db, 'ws_missing')).toBeNull();
  });

  it('replaces the whole layer, stores it in column order and shows it on every read', async () => {
    const first = await setSemanticLayer(db, sheet.id, {
      columns: [
        { column: 'temp_max', label: 'High temperature', unit: '°C', decimals: 1 },
        {
          column: 'precipitation',
          label: 'Precipitation',
          synonyms: ['rain', 'rainfall'],
          unit: 'mm',
          defaultAggregation: 'sum',
          format: 'number',
          decimals: 1,
        },
      ],
    });
    expect(first.columns.map((c) => c.column)).toEqual(['precipitation', 'temp_max']);
    expect(await getSemanticLayer(db, sheet.id)).toEqual(first);
    expect((await getWorksheet(db, sheet.id))?.semantics).toEqual(first);
    expect((await listWorksheets(db, sheet.workbookId))[0]?.semantics).toEqual(first);

    const second = await setSemanticLayer(db, sheet.id, {
      columns: [{ column: 'date', label: 'Date', format: 'date' }],
    });
    expect(await getSemanticLayer(db, sheet.id)).toEqual(second);
    expect(second).toEqual({ columns: [{ column: 'date', label: 'Date', format: 'date' }] });
  });

  it('keeps the stored layer when a new one is refused, naming the bad column', async () => {
    const before = await getSemanticLayer(db, sheet.id);
    const refused = await setSemanticLayer(db, sheet.id, {
      columns: [
        { column: 'precipitation', synonyms: ['rain'] },
        { column: 'temp_max', synonyms: ['Rain'] },
        { column: 'wind' },
      ],
    }).catch((error: unknown) => error);
    expect(isWorkspaceError(refused, 'invalid_argument')).toBe(true);
    expect((refused as Error).message).toBe(
      'Semantic layer refused: column "wind": the worksheet has no such column; ' +
        'column "temp_max": synonym "Rain" is already the synonym of column "precipitation"',
    );
    expect(await getSemanticLayer(db, sheet.id)).toEqual(before);
  });

  it('answers not_found for a worksheet that does not exist', async () => {
    const missing = await setSemanticLayer(db, 'ws_missing', { columns: [] }).catch(
      (error: unknown) => error,
    );
    expect(isWorkspaceError(missing, 'not_found')).toBe(true);
  });
});
