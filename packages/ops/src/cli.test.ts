import { mkdtemp, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMigrationSet, storedCredentials } from '@ask-analyst/dev-auth/store';
import { findPrincipal, listAudit, migrate, type WorksheetEngine } from '@ask-analyst/workspace';
import {
  createSmallWorld,
  openTestDatabase,
  openTestEngine,
  testDatabaseKind,
  type SmallWorld,
  type TestDatabase,
} from '@ask-analyst/workspace/testing';
import { adminFilePath, readAdminFile } from './admin-file.js';
import { startAdminServer, type AdminServer } from './admin-server.js';
import { main } from './cli.js';

/** The account this test runs as: the stack's operator, recorded as the actor of every command. */
const ACCOUNT = os.userInfo().username;

let db: TestDatabase;
let engine: WorksheetEngine;
let dataDir: string;
let disposeEngine: () => Promise<void>;
let world: SmallWorld;
let admin: AdminServer;
let files: string;

beforeAll(async () => {
  db = await openTestDatabase();
  ({ engine, dataDir, dispose: disposeEngine } = await openTestEngine());
  world = await createSmallWorld(db);
  await migrate(db, [authMigrationSet]);
  files = await mkdtemp(path.join(os.tmpdir(), 'ask-analyst-cli-'));
  admin = await startAdminServer({ db, engine, dataDir, storedCredentials, importDir: files });
});

afterAll(async () => {
  await admin?.close();
  await disposeEngine?.();
  await db?.close();
  if (files) await rm(files, { recursive: true, force: true });
});

/** Runs the CLI as `pnpm ops …` would, against the running admin server (no DATABASE_URL). */
async function ops(argv: string[], env: NodeJS.ProcessEnv = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const status = await main(
    argv,
    { USER: 'carol', DATA_DIR: dataDir, ...env },
    {
      out: (t) => out.push(t),
      err: (t) => err.push(t),
    },
  );
  return { status, out: out.join('\n'), err: err.join('\n') };
}

/** A raw request to the admin interface, to check what it refuses. */
function raw(options: {
  headers?: Record<string, string>;
  path?: string;
  method?: string;
  body?: string;
}) {
  return new Promise<number>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: admin.port,
        path: options.path ?? '/v1/commands',
        method: options.method ?? 'POST',
        headers: options.headers,
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(options.body ?? '');
  });
}

describe(`admin interface (${testDatabaseKind()})`, () => {
  it('listens on loopback and publishes its port and token in a 0600 admin.json', async () => {
    expect(admin.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const file = await readAdminFile(dataDir);
    expect(file).toMatchObject({ url: admin.url, pid: process.pid });
    expect((await stat(adminFilePath(dataDir))).mode & 0o777).toBe(0o600);
  });

  it('refuses requests without the token, from browsers, or for other hosts', async () => {
    const token = (await readAdminFile(dataDir))!.token;
    const body = JSON.stringify({
      actor: 'mallory',
      command: { name: 'enroll-org', org: 'Globex' },
    });
    const json = { 'content-type': 'application/json' };
    expect(await raw({ headers: json, body })).toBe(401);
    expect(await raw({ headers: { ...json, authorization: 'Bearer wrong' }, body })).toBe(401);
    expect(
      await raw({
        headers: { ...json, authorization: `Bearer ${token}`, origin: 'http://evil.test' },
        body,
      }),
    ).toBe(403);
    expect(
      await raw({
        headers: { ...json, authorization: `Bearer ${token}`, host: 'evil.test' },
        body,
      }),
    ).toBe(403);
    expect(await raw({ headers: { authorization: `Bearer ${token}` }, method: 'GET' })).toBe(405);
    expect(
      await raw({
        headers: { ...json, authorization: `Bearer ${token}` },
        body: '{"actor":"x","command":{"name":"drop-tables"}}',
      }),
    ).toBe(400);
    expect((await findPrincipal(db, world.hopper))?.orgEnrolled).toBe(false);
  });
});

describe('pnpm ops through the running stack', () => {
  it('revoke-user and restore-user change the user and are audited with the actor', async () => {
    // A refresh token the authorization server holds for Linus: revocation deletes it.
    await db.query(
      `insert into oidc_models (model, id, payload, account_id) values ('RefreshToken', 'rt-linus', '{}'::jsonb, $1)`,
      [world.linus],
    );
    const revoked = await ops(['revoke-user', 'linus@acme.test']);
    expect(revoked).toMatchObject({ status: 0, err: '' });
    expect(revoked.out).toMatch(/Revoked linus@acme\.test: sign-in and refresh refused, 1 stored/);
    expect(
      (await db.query('select 1 from oidc_models where account_id = $1', [world.linus])).rowCount,
    ).toBe(0);
    expect((await findPrincipal(db, world.linus))?.active).toBe(false);
    // USER says carol; the audit says who the stack's token belongs to.
    expect((await listAudit(db, { limit: 1 }))[0]).toMatchObject({
      actor: ACCOUNT,
      action: 'user.revoke',
      target: 'linus@acme.test',
    });

    const restored = await ops(['restore-user', 'linus@acme.test', '--json'], { USER: 'dave' });
    expect(restored.status).toBe(0);
    expect(JSON.parse(restored.out)).toMatchObject({ user: { id: world.linus, status: 'active' } });
    expect((await listAudit(db, { limit: 1 }))[0]).toMatchObject({
      actor: ACCOUNT,
      action: 'user.restore',
    });
  });

  it('takes no actor from the caller: --actor is refused, and so is an actor field', async () => {
    const before = (await listAudit(db)).length;
    const result = await ops(['enroll-org', 'Globex', '--actor', 'mallory']);
    expect(result.status).toBe(2);
    expect(result.err).toMatch(/--actor is gone: the audit log records the operator identity/);
    const token = (await readAdminFile(dataDir))!.token;
    expect(
      await raw({
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ actor: 'mallory', command: { name: 'enroll-org', org: 'Globex' } }),
      }),
    ).toBe(400);
    expect((await listAudit(db)).length).toBe(before);
    expect((await findPrincipal(db, world.hopper))?.orgEnrolled).toBe(false);
  });

  it('invalidate-tokens, enroll-org and unenroll-org', async () => {
    expect((await ops(['invalidate-tokens', 'ada@acme.test'])).status).toBe(0);
    expect((await findPrincipal(db, world.ada))?.tokensInvalidBefore).toBeInstanceOf(Date);
    expect((await ops(['enroll-org', 'Globex'])).status).toBe(0);
    expect((await findPrincipal(db, world.hopper))?.orgEnrolled).toBe(true);
    expect((await ops(['unenroll-org', 'Globex'])).status).toBe(0);
    expect((await findPrincipal(db, world.hopper))?.orgEnrolled).toBe(false);
  });

  it('purge reports what it deleted', async () => {
    await db.query(
      `insert into telemetry (at, tool, outcome, duration_ms, request_id, argument_shape)
       values (now() - interval '10 days', 'list_workbooks', 'ok', 1, 'req_x', '{}'::jsonb)`,
    );
    const result = await ops(['purge', '--telemetry-days', '5', '--json']);
    expect(result.status).toBe(0);
    expect(JSON.parse(result.out)).toMatchObject({
      telemetryDays: 5,
      questionsDays: 365,
      deleted: { telemetry: 1 },
    });
  });

  it('import creates a worksheet from a file given relative to the current folder', async () => {
    const file = path.join(files, 'targets.csv');
    await writeFile(file, 'region,target\nNorth,100\nSouth,80\n');
    const result = await ops([
      'import',
      path.relative(process.cwd(), file),
      '--workspace',
      'Operations',
      '--workbook',
      'Targets',
      '--worksheet',
      'FY25',
    ]);
    expect(result).toMatchObject({ status: 0, err: '' });
    expect(result.out).toMatch(/Imported 2 row\(s\) into Operations \/ Targets \/ FY25/);
    const { rows } = await db.query<{ owner_id: string; row_count: string | number }>(
      'select wb.owner_id, s.row_count from worksheets s join workbooks wb on wb.id = s.workbook_id where s.name = $1',
      ['FY25'],
    );
    expect(rows).toEqual([{ owner_id: world.ada, row_count: expect.anything() as unknown }]);
    expect((await listAudit(db, { limit: 1 }))[0]).toMatchObject({
      action: 'worksheet.import',
      target: 'Operations / Targets / FY25',
    });

    const bad = await ops([
      'import',
      path.join(files, 'missing.csv'),
      '--workspace',
      'Operations',
      '--workbook',
      'Targets',
      '--worksheet',
      'Again',
    ]);
    expect(bad.status).toBe(1);
    expect(bad.err).toMatch(/^Error: Import refused: .*missing\.csv does not exist/);
  });

  it('import reads nothing outside the import folder, nor through a link in it', async () => {
    const before = (await listAudit(db)).length;
    await symlink('/etc/passwd', path.join(files, 'passwd.csv'));
    for (const file of ['/etc/passwd', path.join(files, 'passwd.csv')]) {
      const result = await ops([
        'import',
        file,
        '--workspace',
        'Operations',
        '--workbook',
        'Stolen',
        '--worksheet',
        'Passwords',
      ]);
      expect(result.status, file).toBe(1);
      expect(result.err).toMatch(/^Error: Import refused: /);
    }
    expect((await listAudit(db)).length).toBe(before);
    const { rowCount } = await db.query("select 1 from workbooks where name = 'Stolen'");
    expect(rowCount).toBe(0);
  });

  it('audit lists recent entries', async () => {
    const result = await ops(['audit', '--limit', '3']);
    expect(result.status).toBe(0);
    expect(result.out.split('\n')).toHaveLength(3);
    expect(result.out).toContain(`${ACCOUNT}  worksheet.import  Operations / Targets / FY25`);
  });

  it('an unknown email exits 1 with a clear message, and bad usage exits 2 with help', async () => {
    const before = (await listAudit(db)).length;
    expect(await ops(['revoke-user', 'nobody@acme.test'])).toMatchObject({
      status: 1,
      err: 'Error: No user with email nobody@acme.test',
    });
    const json = await ops(['revoke-user', 'nobody@acme.test', '--json']);
    expect(JSON.parse(json.err)).toEqual({
      error: { code: 'not_found', message: 'No user with email nobody@acme.test' },
    });
    expect((await listAudit(db)).length).toBe(before);

    for (const argv of [
      ['frobnicate'],
      ['revoke-user'],
      ['purge', '--telemetry-days', 'soon'],
      ['import', 'x.csv'],
      ['audit', '--bogus'],
    ]) {
      const result = await ops(argv);
      expect(result.status, argv.join(' ')).toBe(2);
      expect(result.err).toMatch(/Usage: pnpm ops/);
    }
    expect(await ops(['--help'])).toMatchObject({
      status: 0,
      out: expect.stringMatching(/revoke-user <email>/) as unknown,
    });
  });

  it('says so when no stack is running', async () => {
    const empty = await mkdtemp(path.join(os.tmpdir(), 'ask-analyst-nostack-'));
    try {
      const result = await ops(['enroll-org', 'Globex'], { DATA_DIR: empty });
      expect(result.status).toBe(1);
      expect(result.err).toMatch(/No running stack found .*npm start.*DATABASE_URL/);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('pnpm ops with DATABASE_URL', () => {
  it('works on the Postgres database directly, audited as this account and its role', async () => {
    const result = await ops(['enroll-org', 'Globex'], {
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
    });
    expect(result).toMatchObject({ status: 0, err: '' });
    expect((await findPrincipal(db, world.hopper))?.orgEnrolled).toBe(true);
    const role = new URL(db.url ?? '').username;
    expect((await listAudit(db, { limit: 1 }))[0]).toMatchObject({
      actor: `${ACCOUNT} (database role ${role})`,
      action: 'org.enroll',
    });
    const refused = await ops(['revoke-user', 'nobody@acme.test'], { DATABASE_URL: db.url });
    expect(refused).toMatchObject({ status: 1, err: 'Error: No user with email nobody@acme.test' });
  });

  it('imports directly, with the data folder from DATA_DIR', async () => {
    const file = path.join(files, 'direct.json');
    await writeFile(file, JSON.stringify([{ a: 1 }, { a: 2 }, { a: 3 }]));
    const result = await ops(
      [
        'import',
        file,
        '--workspace',
        'Operations',
        '--workbook',
        'Direct',
        '--worksheet',
        'A',
        '--json',
      ],
      { DATABASE_URL: db.url, IMPORT_DIR: files },
    );
    expect(result.status).toBe(0);
    const imported = JSON.parse(result.out) as {
      worksheet: { dataPath: string; rowCount: number; id: string };
    };
    expect(imported.worksheet.rowCount).toBe(3);
    expect(
      (
        await engine.read({
          id: imported.worksheet.id,
          dataPath: imported.worksheet.dataPath,
          columns: [{ name: 'a', type: 'integer' }],
        })
      ).totalRows,
    ).toBe(3);
  });
});

describe('admin interface shutdown', () => {
  it('removes admin.json on close', async () => {
    const other = await mkdtemp(path.join(os.tmpdir(), 'ask-analyst-admin-'));
    try {
      const server = await startAdminServer({ db, engine, dataDir: other });
      expect(await readAdminFile(other)).not.toBeNull();
      await server.close();
      expect(await readAdminFile(other)).toBeNull();
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });
});
