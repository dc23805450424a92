import { readFile, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDataFile } from '../data/demo-data.js';
import type { WorksheetEngine } from '../data/engine.js';
import { openTestEngine, parseCsv } from '../testing/data.js';
import { openDatabase, type Database } from '../db/database.js';
import { verifyPassword } from '../identity/password.js';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../testing/database.js';
import type { SemanticLayer } from '../semantics/layer.js';
import { seedDemoWorkspace } from './demo.js';
import { DEMO_PASSWORD, DEMO_WORKBOOKS } from './demo-spec.js';

let db: TestDatabase;
let engine: WorksheetEngine;
let dataDir: string;
let dispose: () => Promise<void>;
let firstRuns: Array<{ seeded: boolean }>;

beforeAll(async () => {
  db = await openTestDatabase();
  ({ engine, dataDir, dispose } = await openTestEngine());
  // Two processes starting at once: on a server the second one has its own pool.
  const other: Database = db.url ? await openDatabase({ url: db.url }) : db;
  try {
    firstRuns = await Promise.all([
      seedDemoWorkspace(db, engine),
      seedDemoWorkspace(other, engine),
    ]);
  } finally {
    if (other !== db) await other.close();
  }
});

afterAll(async () => {
  await dispose?.();
  await db?.close();
});

async function sourceRowCount(file: string): Promise<number> {
  if (file === 'flights-3m.parquet') return 3_000_000;
  const text = await readFile(demoDataFile(file), 'utf8');
  if (file.endsWith('.json')) return (JSON.parse(text) as unknown[]).length;
  return parseCsv(text).filter((record) => record.some((field) => field !== '')).length - 1;
}

describe(`seedDemoWorkspace (${testDatabaseKind()})`, () => {
  it('seeds once when two processes start together', () => {
    expect(firstRuns.filter((run) => run.seeded)).toHaveLength(1);
  });

  it('creates the organizations, users and roles of SPEC section 6', async () => {
    const { rows: orgs } = await db.query('select name, enrolled from organizations order by name');
    expect(orgs).toEqual([
      { name: 'Acme Analytics', enrolled: true },
      { name: 'Globex', enrolled: false },
    ]);
    const { rows: users } = await db.query<{
      email: string;
      status: string;
      org: string;
      password_hash: string;
    }>(
      `select u.email, u.status, o.name as org, u.password_hash from users u join organizations o on o.id = u.org_id
       order by u.email`,
    );
    expect(users.map(({ email, status, org }) => ({ email, status, org }))).toEqual([
      { email: 'ada@acme.test', status: 'active', org: 'Acme Analytics' },
      { email: 'alan@acme.test', status: 'active', org: 'Acme Analytics' },
      { email: 'grace@acme.test', status: 'active', org: 'Acme Analytics' },
      { email: 'hopper@globex.test', status: 'active', org: 'Globex' },
      { email: 'linus@acme.test', status: 'revoked', org: 'Acme Analytics' },
    ]);
    for (const user of users)
      expect(await verifyPassword(DEMO_PASSWORD, user.password_hash)).toBe(true);
    const { rows: roles } = await db.query(
      `select u.email, w.name as workspace, m.role from memberships m
       join users u on u.id = m.user_id join workspaces w on w.id = m.workspace_id
       order by u.email, w.name`,
    );
    expect(roles).toEqual([
      { email: 'ada@acme.test', workspace: 'Operations', role: 'admin' },
      { email: 'ada@acme.test', workspace: 'Research', role: 'admin' },
      { email: 'alan@acme.test', workspace: 'Research', role: 'analyst' },
      { email: 'grace@acme.test', workspace: 'Research', role: 'viewer' },
      { email: 'hopper@globex.test', workspace: 'Globex Main', role: 'admin' },
      { email: 'linus@acme.test', workspace: 'Operations', role: 'analyst' },
    ]);
  });

  it('creates the workbooks, owned by their workspace admin, with worksheets in order', async () => {
    const { rows } = await db.query<{
      workspace: string;
      workbook: string;
      owner: string;
      sheets: string[];
    }>(
      `select w.name as workspace, wb.name as workbook, u.email as owner,
         array(select s.name from worksheets s where s.workbook_id = wb.id order by s.position) as sheets
       from workbooks wb join workspaces w on w.id = wb.workspace_id join users u on u.id = wb.owner_id
       order by w.name, wb.name`,
    );
    const expected = DEMO_WORKBOOKS.map((wb) => ({
      workspace: wb.workspace,
      workbook: wb.name,
      owner: wb.workspace === 'Globex Main' ? 'hopper@globex.test' : 'ada@acme.test',
      sheets: wb.worksheets.map((s) => s.name),
    })).sort((a, b) =>
      `${a.workspace}/${a.workbook}`.localeCompare(`${b.workspace}/${b.workbook}`),
    );
    expect(rows).toEqual(expected);
  });

  it('ingests every source with its full row count, the file named by the worksheet id', async () => {
    const { rows } = await db.query<{
      id: string;
      workbook: string;
      name: string;
      row_count: string;
      data_path: string;
    }>(
      `select s.id, wb.name as workbook, s.name, s.row_count, s.data_path
       from worksheets s join workbooks wb on wb.id = s.workbook_id`,
    );
    expect(rows).toHaveLength(10);
    for (const workbook of DEMO_WORKBOOKS) {
      for (const sheet of workbook.worksheets) {
        const row = rows.find((r) => r.workbook === workbook.name && r.name === sheet.name)!;
        expect(Number(row.row_count), `${workbook.name} / ${sheet.name}`).toBe(
          await sourceRowCount(sheet.source),
        );
        expect(row.id).toMatch(/^ws_[0-9a-z]+$/);
        expect(row.data_path).toBe(`worksheets/${row.id}.parquet`);
      }
    }
    const flights = rows.find((r) => r.name === 'Flights')!;
    expect(Number(flights.row_count)).toBe(3_000_000);
  });

  it('keeps column names as in the source, with inferred types', async () => {
    const { rows } = await db.query<{
      name: string;
      columns: Array<{ name: string; type: string; description?: string }>;
    }>(
      "select s.name, s.columns from worksheets s where s.name in ('Flights', 'Stocks', 'Movies')",
    );
    const flights = rows.find((r) => r.name === 'Flights')!.columns;
    expect(flights.map((c) => [c.name, c.type])).toEqual([
      ['date', 'timestamp'],
      ['delay', 'integer'],
      ['distance', 'integer'],
      ['origin', 'string'],
      ['destination', 'string'],
    ]);
    const stocks = rows.filter((r) => r.name === 'Stocks');
    expect(stocks).toHaveLength(2);
    for (const s of stocks) expect(s.columns.find((c) => c.name === 'date')?.type).toBe('date');
    const movies = rows.find((r) => r.name === 'Movies')!.columns;
    expect(movies.find((c) => c.name === 'Release Date')?.type).toBe('date');
    expect(movies.find((c) => c.name === 'Title')?.type).toBe('string');
  });

  it('describes every column of every demo worksheet, and only real columns', async () => {
    const { rows } = await db.query<{
      workbook: string;
      name: string;
      columns: Array<{ name: string; type: string }>;
      semantics: SemanticLayer;
    }>(
      `select wb.name as workbook, s.name, s.columns, s.semantics
       from worksheets s join workbooks wb on wb.id = s.workbook_id`,
    );
    expect(rows).toHaveLength(10);
    for (const workbook of DEMO_WORKBOOKS) {
      for (const sheet of workbook.worksheets) {
        const at = `${workbook.name} / ${sheet.name}`;
        const row = rows.find((r) => r.workbook === workbook.name && r.name === sheet.name)!;
        const names = row.columns.map((c) => c.name);
        expect(sheet.semantics.columns.map((c) => c.column).sort(), at).toEqual([...names].sort());
        expect(
          row.semantics.columns.map((c) => c.column),
          at,
        ).toEqual(names);
        // What a row is: every demo worksheet but Stocks, whose words for a row name its price.
        if (sheet.name === 'Stocks') expect(row.semantics.row, at).toBeUndefined();
        else expect(row.semantics.row?.noun, at).toBeTruthy();
        // Named conditions ("late" flights), where a steward gives them, kept as written.
        expect(row.semantics.conditions, at).toEqual(sheet.semantics.conditions);
        for (const entry of row.semantics.columns) {
          const where = `${at} / ${entry.column}`;
          expect(entry.label, where).toBeTruthy();
          expect(entry.description, where).toBeTruthy();
          expect(entry.format, where).toBeTruthy();
          expect(entry.defaultAggregation, where).toBeTruthy();
          expect(entry.synonyms?.length, where).toBeGreaterThan(0);
          const type = row.columns.find((c) => c.name === entry.column)!.type;
          if (entry.format !== 'text' && (type === 'integer' || type === 'number'))
            expect(entry.decimals, where).toBeDefined();
        }
      }
    }
  });

  it('gives a database seeded before the layers existed its layers on the next start, once', async () => {
    await db.query(`update worksheets set semantics = '{"columns": []}'::jsonb`);
    await db.query("delete from seed_markers where name = 'demo-semantics-v7'");
    const lines: string[] = [];
    expect(await seedDemoWorkspace(db, engine, { log: (line) => lines.push(line) })).toEqual({
      seeded: false,
      removedOrphans: [],
    });
    expect(lines).toEqual(['described 10 demo worksheet(s) with their semantic layers']);
    const layers = async () =>
      (
        await db.query<{ name: string; semantics: SemanticLayer }>(
          'select s.name, s.semantics from worksheets s order by s.id',
        )
      ).rows;
    const described = await layers();
    expect(described.find((r) => r.name === 'Movies')?.semantics.columns).toContainEqual(
      expect.objectContaining({ column: 'Running Time min', label: 'Running time', unit: 'min' }),
    );
    expect(described.every((r) => r.semantics.columns.length > 0)).toBe(true);

    // Once: a layer cleared afterwards (by its owner, say) is not put back on the next start.
    await db.query(
      `update worksheets set semantics = '{"columns": []}'::jsonb where name = 'Airports'`,
    );
    lines.length = 0;
    await seedDemoWorkspace(db, engine, { log: (line) => lines.push(line) });
    expect(lines).toEqual([]);
    const after = await layers();
    expect(after.find((r) => r.name === 'Airports')?.semantics).toEqual({ columns: [] });
    await db.query('update worksheets set semantics = $1::jsonb where name = $2', [
      JSON.stringify(described.find((r) => r.name === 'Airports')!.semantics),
      'Airports',
    ]);
  });

  it('is idempotent: a second start keeps every id and removes orphaned files', async () => {
    const snapshot = async () =>
      (
        await db.query(
          'select id, name from workbooks union all select id, name from worksheets order by id',
        )
      ).rows;
    const before = await snapshot();
    const orphan = path.join(dataDir, 'worksheets', 'ws_orphan0000000000.parquet');
    await writeFile(orphan, 'left by a crash');
    const old = new Date(Date.now() - 10 * 60_000);
    await utimes(orphan, old, old);

    const again = await seedDemoWorkspace(db, engine);
    expect(again).toEqual({
      seeded: false,
      removedOrphans: ['worksheets/ws_orphan0000000000.parquet'],
    });
    expect(await snapshot()).toEqual(before);
    const { rows } = await db.query<{ n: string | number }>('select count(*) as n from users');
    expect(Number(rows[0]?.n)).toBe(5);
  });
});
