import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedDemoWorkspace, WorksheetEngine, type Queryable } from '@ask-analyst/workspace';
import { openTestDatabase } from '@ask-analyst/workspace/testing';
import type { MintOptions } from './issuer.js';
import { createTestApp, TEST_CURSOR_SECRET, type TestApp } from './app.js';

/** The demo users of SPEC section 6, by first name. */
export type DemoUser = 'ada' | 'alan' | 'grace' | 'linus' | 'hopper';
const EMAILS: Record<DemoUser, string> = {
  ada: 'ada@acme.test',
  alan: 'alan@acme.test',
  grace: 'grace@acme.test',
  linus: 'linus@acme.test',
  hopper: 'hopper@globex.test',
};

/** The MCP app over the seeded demo workspace (SPEC section 6), with helpers to find its objects. */
export interface DemoApp extends TestApp {
  dataDir: string;
  users: Record<DemoUser, { id: string; orgId: string }>;
  /** An access token for a demo user, as dev-auth would issue it (their `org` claim). */
  tokenFor(user: DemoUser, mint?: MintOptions): Promise<string>;
  /** Ids of seeded objects, by name (ids are random). */
  workspaceId(name: string): Promise<string>;
  workbookId(name: string, workspace?: string): Promise<string>;
  worksheetId(workbook: string, worksheet: string, workspace?: string): Promise<string>;
}

/**
 * Seeds the demo workspace into a fresh test database (in-memory PGlite, or a new database on the
 * Postgres server named by TEST_DATABASE_URL) and a temporary data folder (seconds: once per test
 * file, in `beforeAll`), and builds the app over it. `close()` removes everything.
 * `postgresServerUrl` puts the database on that server instead (a fault test's own server).
 */
export async function createDemoApp(
  env: NodeJS.ProcessEnv = {},
  options: { postgresServerUrl?: string } = {},
): Promise<DemoApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'mcp-demo-data-'));
  const db = await openTestDatabase(
    options.postgresServerUrl ? { serverUrl: options.postgresServerUrl } : {},
  );
  let engine: WorksheetEngine | undefined;
  let t: TestApp | undefined;
  try {
    engine = await WorksheetEngine.open({ dataDir, cursorSecret: TEST_CURSOR_SECRET });
    await seedDemoWorkspace(db, engine);
    t = await createTestApp(env, { world: { db, engine } });
    const users = await findUsers(db);
    const app = t;
    const opened = engine;
    return {
      ...t,
      dataDir,
      users,
      tokenFor: (user, mint = {}) =>
        app.issuer.mint(users[user].id, {
          ...mint,
          claims: { org: users[user].orgId, ...mint.claims },
        }),
      workspaceId: (name) => one(db, 'select id from workspaces where name = $1', [name]),
      workbookId: (name, workspace = '%') =>
        one(
          db,
          `select wb.id from workbooks wb join workspaces w on w.id = wb.workspace_id
           where wb.name = $1 and w.name like $2`,
          [name, workspace],
        ),
      worksheetId: (workbook, worksheet, workspace = '%') =>
        one(
          db,
          `select s.id from worksheets s join workbooks wb on wb.id = s.workbook_id
           join workspaces w on w.id = wb.workspace_id
           where wb.name = $1 and s.name = $2 and w.name like $3`,
          [workbook, worksheet, workspace],
        ),
      async close() {
        await app.close();
        await opened.close();
        await db.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await t?.close();
    await engine?.close();
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

async function findUsers(db: Queryable): Promise<DemoApp['users']> {
  const { rows } = await db.query<{ id: string; org_id: string; email: string }>(
    'select id, org_id, email from users',
  );
  const entries = Object.entries(EMAILS).map(([user, email]) => {
    const row = rows.find((r) => r.email === email);
    if (!row) throw new Error(`demo user ${email} was not seeded`);
    return [user, { id: row.id, orgId: row.org_id }];
  });
  return Object.fromEntries(entries) as DemoApp['users'];
}

async function one(db: Queryable, sql: string, params: unknown[]): Promise<string> {
  const { rows } = await db.query<{ id: string }>(sql, params);
  if (rows.length !== 1 || !rows[0]) throw new Error(`expected one row for ${String(params)}`);
  return rows[0].id;
}
