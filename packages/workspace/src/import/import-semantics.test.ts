import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorksheetEngine } from '../data/engine.js';
import { openTestEngine } from '../testing/data.js';
import { isWorkspaceError } from '../errors.js';
import { runOpsCommand } from '../ops/commands.js';
import { listAudit } from '../store/ops-audit.js';
import { getSemanticLayer } from '../store/semantic-layers.js';
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
  files = await mkdtemp(path.join(os.tmpdir(), 'ask-analyst-semantics-'));
  await writeFile(
    path.join(files, 'rain.csv'),
    'day,precipitation,Running Time min\n2024-01-01,1.5,90\n2024-01-02,0,100\n',
  );
});

afterAll(async () => {
  await dispose?.();
  await db?.close();
  if (files) await rm(files, { recursive: true, force: true });
});

const LAYER = {
  columns: [
    { column: 'Running Time min', label: 'Running time', unit: 'min', synonyms: ['runtime'] },
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
};

const options = (worksheetName: string, semantics: unknown) => ({
  actor: { userId: world.ada },
  workspaceName: 'Operations',
  workbookName: 'Weather',
  worksheetName,
  filePath: path.join(files, 'rain.csv'),
  semantics,
});

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => new Error('accepted'),
    (e: unknown) => e,
  );
  if (isWorkspaceError(error, 'invalid_argument')) return error.message;
  throw error;
}

const dataFiles = async () => (await readdir(path.join(dataDir, 'worksheets'))).length;

describe(`importing a semantic layer with the data (${testDatabaseKind()})`, () => {
  it('stores the layer with the new worksheet, in column order', async () => {
    const imported = await importWorksheet(db, engine, options('Daily', LAYER));
    expect(imported.worksheet.semantics.columns.map((c) => c.column)).toEqual([
      'precipitation',
      'Running Time min',
    ]);
    expect(await getSemanticLayer(db, imported.worksheet.id)).toEqual(imported.worksheet.semantics);
  });

  it('imports without a layer as before: the worksheet starts with an empty one', async () => {
    const imported = await importWorksheet(db, engine, options('Plain', undefined));
    expect(await getSemanticLayer(db, imported.worksheet.id)).toEqual({ columns: [] });
  });

  it('refuses a layer of the wrong shape before reading the file, naming the column', async () => {
    const before = await dataFiles();
    const message = await refusal(
      importWorksheet(
        db,
        engine,
        options('Bad shape', { columns: [{ column: 'precipitation', format: 'money' }] }),
      ),
    );
    expect(message).toMatch(/^Semantic layer refused: column "precipitation"\.format: /);
    expect(await dataFiles()).toBe(before);
  });

  it('refuses a layer naming a column the file does not have, and records nothing', async () => {
    const message = await refusal(
      importWorksheet(
        db,
        engine,
        options('Bad column', { columns: [{ column: 'Precipitation', label: 'Rain' }] }),
      ),
    );
    expect(message).toBe(
      'Semantic layer refused: column "Precipitation": the worksheet has no such column (did you mean "precipitation"?)',
    );
    const { rows } = await db.query("select 1 from worksheets where name = 'Bad column'");
    expect(rows).toHaveLength(0);
  });

  it('pnpm ops import carries the layer and audits how many columns it describes', async () => {
    const outcome = await runOpsCommand(
      {
        db,
        engine,
        actor: 'carol',
        storedCredentials: { deleteForUser: () => Promise.resolve(0) },
      },
      {
        name: 'import',
        file: path.join(files, 'rain.csv'),
        workspace: 'Operations',
        workbook: 'Weather',
        worksheet: 'By operator',
        semantics: LAYER,
      },
    );
    expect(outcome.summary).toMatch(/, semantic layer of 2 column\(s\)\)\.$/);
    expect((await listAudit(db, { limit: 1 }))[0]).toMatchObject({
      actor: 'carol',
      action: 'worksheet.import',
      details: { describedColumns: 2 },
    });
  });
});
