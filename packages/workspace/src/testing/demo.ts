import type { WorksheetEngine } from '../data/engine.js';
import { openTestEngine } from './data.js';
import type { Queryable } from '../db/database.js';
import { seedDemoWorkspace } from '../seed/demo.js';
import { openTestDatabase, type TestDatabase } from './database.js';

/** A migrated test database with the demo workspace seeded, and its worksheet engine. */
export interface DemoFixture {
  db: TestDatabase;
  engine: WorksheetEngine;
  dataDir: string;
  close(): Promise<void>;
}

/** Seeds the demo workspace into a fresh test database (seconds: once per test file, in `beforeAll`). */
export async function openSeededDemo(): Promise<DemoFixture> {
  const db = await openTestDatabase();
  const { engine, dataDir, dispose } = await openTestEngine();
  try {
    await seedDemoWorkspace(db, engine);
  } catch (error) {
    await dispose();
    await db.close();
    throw error;
  }
  return {
    db,
    engine,
    dataDir,
    async close() {
      await dispose();
      await db.close();
    },
  };
}

/** The id of the user with this email (tests find demo objects by name; ids are random). */
export async function userIdOf(db: Queryable, email: string): Promise<string> {
  return one(db, 'select id from users where email = $1', [email], `user ${email}`);
}

/** The id of the workspace with this name. */
export async function workspaceIdOf(db: Queryable, name: string): Promise<string> {
  return one(db, 'select id from workspaces where name = $1', [name], `workspace ${name}`);
}

/** The id of the workbook with this name. */
export async function workbookIdOf(db: Queryable, name: string): Promise<string> {
  return one(db, 'select id from workbooks where name = $1', [name], `workbook ${name}`);
}

/** The id of a worksheet, by workbook and worksheet name. */
export async function worksheetIdOf(
  db: Queryable,
  workbook: string,
  worksheet: string,
): Promise<string> {
  return one(
    db,
    'select s.id from worksheets s join workbooks wb on wb.id = s.workbook_id where wb.name = $1 and s.name = $2',
    [workbook, worksheet],
    `worksheet ${workbook} / ${worksheet}`,
  );
}

async function one(db: Queryable, sql: string, params: unknown[], what: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(sql, params);
  if (rows.length !== 1 || !rows[0])
    throw new Error(`expected exactly one ${what}, found ${rows.length}`);
  return rows[0].id;
}
