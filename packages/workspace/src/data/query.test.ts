import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectDataError } from '../testing/data-errors.js';
import { demoDataFile } from './demo-data.js';
import type { WorksheetEngine } from './engine.js';
import { openQueryInstance } from './instance.js';
import { worksheetsDir } from './paths.js';
import { openTestEngine, readDemoJson } from '../testing/data.js';

let engine: WorksheetEngine;
let dataDir: string;
let dispose: () => Promise<void>;
let carsPath: string;
let penguinsPath: string;
let carRows: Record<string, unknown>[];

beforeAll(async () => {
  ({ engine, dataDir, dispose } = await openTestEngine());
  carsPath = (await engine.ingest(demoDataFile('cars.json'))).dataPath;
  penguinsPath = (await engine.ingest(demoDataFile('penguins.json'))).dataPath;
  carRows = await readDemoJson('cars.json');
});

afterAll(async () => {
  await dispose();
});

function expectRefused(promise: Promise<unknown>, field = 'sql'): Promise<void> {
  return expectDataError(promise, 'invalid_argument', field);
}

describe('query', () => {
  it('runs a parameterised SELECT over named views', async () => {
    const result = await engine.query(
      'SELECT "Origin", count(*) AS n, avg("Horsepower") AS hp FROM cars WHERE "Cylinders" >= $1 GROUP BY 1 ORDER BY 1',
      [6],
      { cars: carsPath },
    );
    const origins = [
      ...new Set(carRows.filter((r) => (r.Cylinders as number) >= 6).map((r) => String(r.Origin))),
    ].sort();
    expect(result.columns).toEqual([
      { name: 'Origin', type: 'string' },
      { name: 'n', type: 'integer' },
      { name: 'hp', type: 'number' },
    ]);
    expect(result.rows.map((row) => row.slice(0, 2))).toEqual(
      origins.map((origin) => [
        origin,
        carRows.filter((r) => r.Origin === origin && (r.Cylinders as number) >= 6).length,
      ]),
    );
    expect(result.truncated).toBe(false);
  });

  it('turns text parameters into dates where the query compares dates, and serialises results', async () => {
    const result = await engine.query(
      'SELECT min("Year") AS first, count(*) AS n FROM cars WHERE "Year" >= $1',
      ['1980-01-01'],
      { cars: carsPath },
    );
    const later = carRows.filter((r) => String(r.Year) >= '1980-01-01');
    expect(result.rows).toEqual([[later.map((r) => String(r.Year)).sort()[0], later.length]]);
    expect(result.columns[0]).toEqual({ name: 'first', type: 'date' });
  });

  it('joins views, allows CTEs, hides the source-order column and caps rows', async () => {
    const joined = await engine.query(
      'WITH c AS (SELECT * FROM cars) SELECT count(*) FROM c CROSS JOIN (SELECT 1 FROM penguins LIMIT 2) p',
      [],
      { cars: carsPath, penguins: penguinsPath },
    );
    expect(joined.rows).toEqual([[carRows.length * 2]]);
    const all = await engine.query('SELECT * FROM cars', [], { cars: carsPath }, { maxRows: 10 });
    expect(all.rows).toHaveLength(10);
    expect(all.truncated).toBe(true);
    expect(all.columns.map((column) => column.name)).toEqual(Object.keys(carRows[0] ?? {}));
  });

  it.each([
    ["SELECT * FROM read_csv('/etc/passwd')"],
    ["SELECT * FROM '/etc/passwd'"],
    ["SELECT * FROM read_text('/etc/hostname')"],
    ["SELECT * FROM glob('*')"],
    ['SELECT * FROM penguins'],
    ['SELECT * FROM information_schema.tables'],
    ['SELECT * FROM duckdb_settings()'],
    ['SELECT 1; SELECT 2'],
    ["ATTACH 'x.db'"],
    ['CREATE TABLE t AS SELECT 1'],
    ['SET enable_external_access = true'],
    ['not sql at all'],
  ])('refuses %s', async (sql) => {
    await expectRefused(engine.query(sql, [], { cars: carsPath }));
  });

  it('refuses reading another worksheet file directly and writing files', async () => {
    const other = `${worksheetsDir(dataDir)}/${path.basename(penguinsPath)}`;
    await expectRefused(
      engine.query(`SELECT * FROM read_parquet('${other}')`, [], { cars: carsPath }),
    );
    await expectRefused(engine.query(`SELECT * FROM '${other}'`, [], { cars: carsPath }));
    const target = path.join(worksheetsDir(dataDir), 'evil.csv');
    await expectRefused(
      engine.query(`COPY (SELECT * FROM cars) TO '${target}'`, [], { cars: carsPath }),
    );
    expect(existsSync(target)).toBe(false);
  });

  it('refuses bad views and parameters', async () => {
    await expectRefused(engine.query('SELECT 1', [], {}), 'views');
    await expectRefused(engine.query('SELECT 1', [], { 'bad name': carsPath }), 'views');
    await expectRefused(engine.query('SELECT 1', [], { cars: '../../etc/passwd' }), 'dataPath');
    await expectRefused(
      engine.query('SELECT * FROM cars WHERE "Cylinders" = $1', [], { cars: carsPath }),
      'params',
    );
    await expectRefused(
      engine.query('SELECT * FROM cars WHERE "Cylinders" = $1', [{}], { cars: carsPath }),
      'params[0]',
    );
  });
});

describe('the locked query instance', () => {
  let instance: DuckDBInstance;
  let spill: string;

  beforeAll(async () => {
    spill = await mkdtemp(path.join(os.tmpdir(), 'ask-analyst-spill-test-'));
    instance = await openQueryInstance(worksheetsDir(dataDir), {
      threads: 1,
      memoryLimit: '256MB',
      tempDir: spill,
    });
  });

  afterAll(async () => {
    instance.closeSync();
    await rm(spill, { recursive: true, force: true });
  });

  it('reads worksheet files but no file outside the worksheets folder, even by raw SQL', async () => {
    const connection = await instance.connect();
    try {
      const inside = path.join(worksheetsDir(dataDir), path.basename(carsPath));
      const count = await connection.runAndReadAll(
        `SELECT count(*) FROM read_parquet('${inside}')`,
      );
      expect(Number(count.getRows()[0]?.[0])).toBe(carRows.length);
      for (const sql of [
        `SELECT * FROM read_json('${demoDataFile('cars.json')}')`,
        "SELECT * FROM read_csv('/etc/passwd')",
        `SELECT * FROM read_parquet('${worksheetsDir(dataDir)}/../escape.parquet')`,
      ]) {
        await expect(connection.run(sql)).rejects.toThrow(
          /Permission Error|disabled by configuration/,
        );
      }
      await expect(connection.run('SET enable_external_access = true')).rejects.toThrow(/locked/);
      await expect(connection.run("SET allowed_directories = ['/']")).rejects.toThrow(/locked/);
      await expect(connection.run('INSTALL httpfs')).rejects.toThrow();
    } finally {
      connection.closeSync();
    }
  });
});
