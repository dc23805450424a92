import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WorkspaceError } from '../errors.js';
import { findPrincipal } from '../identity/principals.js';
import { listAudit } from '../store/ops-audit.js';
import { purgeQuestions } from '../store/questions.js';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../testing/database.js';
import { createSmallWorld, type SmallWorld } from '../testing/world.js';
import type { OpsContext } from './context.js';
import { enrollOrg, unenrollOrg } from './orgs.js';
import { purgeRetention } from './purge.js';
import { invalidateUserTokens, restoreUser, revokeUser } from './users.js';

let db: TestDatabase;
let world: SmallWorld;
let ops: OpsContext;

beforeAll(async () => {
  db = await openTestDatabase();
  world = await createSmallWorld(db);
  // What the authorization server stores per user, as a stand-in table of the same shape: the core
  // deletes through the StoredCredentials port (dev-auth's real one is tested in dev-auth and ops).
  await db.query(
    'create table test_credentials (model text, id text, payload jsonb, grant_id text, account_id text)',
  );
  ops = {
    db,
    actor: 'carol',
    storedCredentials: {
      async deleteForUser(tx, userId) {
        const deleted = await tx.query(
          `delete from test_credentials where account_id = $1
             or grant_id in (select id from test_credentials where model = 'Grant' and account_id = $1)`,
          [userId],
        );
        return deleted.rowCount;
      },
    },
  };
});

afterAll(async () => {
  await db?.close();
});

async function addAuthorizations(userId: string, grantId: string): Promise<void> {
  const rows: Array<[string, string, string | null, string | null]> = [
    ['Grant', grantId, null, userId],
    ['RefreshToken', `rt-${grantId}`, grantId, userId],
    ['AuthorizationCode', `code-${grantId}`, grantId, null],
    ['Session', `session-${grantId}`, null, userId],
  ];
  for (const [model, id, grant, account] of rows) {
    await db.query(
      "insert into test_credentials (model, id, payload, grant_id, account_id) values ($1, $2, '{}'::jsonb, $3, $4)",
      [model, id, grant, account],
    );
  }
}

async function authorizationsOf(userId: string, grantId: string): Promise<string[]> {
  const { rows } = await db.query<{ model: string }>(
    'select model from test_credentials where account_id = $1 or grant_id = $2 order by model',
    [userId, grantId],
  );
  return rows.map((r) => r.model);
}

async function expectNotFound(promise: Promise<unknown>, pattern: RegExp): Promise<void> {
  await expect(promise).rejects.toSatisfy(
    (e) => e instanceof WorkspaceError && e.code === 'not_found' && pattern.test(e.message),
  );
}

beforeEach(async () => {
  await db.query('delete from test_credentials');
});

describe(`ops: users (${testDatabaseKind()})`, () => {
  it('revoke-user refuses the user everywhere, deletes their stored tokens and records who did it', async () => {
    await addAuthorizations(world.linus, 'g-linus');
    await addAuthorizations(world.ada, 'g-ada');
    const result = await revokeUser(ops, 'LINUS@acme.test');
    expect(result.user).toMatchObject({ id: world.linus, status: 'revoked' });
    expect(result.deletedAuthorizations).toBe(4);
    expect(await authorizationsOf(world.linus, 'g-linus')).toEqual([]);
    expect(await authorizationsOf(world.ada, 'g-ada')).toHaveLength(4);
    const principal = await findPrincipal(db, world.linus);
    expect(principal?.active).toBe(false);
    expect(principal?.tokensInvalidBefore).toBeInstanceOf(Date);
    const [entry] = await listAudit(db, { limit: 1 });
    expect(entry).toMatchObject({
      actor: 'carol',
      action: 'user.revoke',
      target: 'linus@acme.test',
      details: { userId: world.linus, previousStatus: 'active', deletedAuthorizations: 4 },
    });
    expect(Date.now() - Date.parse(entry!.at)).toBeLessThan(60_000);
  });

  it('restore-user lets them sign in again without reviving old tokens', async () => {
    const before = (await findPrincipal(db, world.linus))!.tokensInvalidBefore;
    const { user } = await restoreUser(ops, 'linus@acme.test');
    expect(user.status).toBe('active');
    expect((await findPrincipal(db, world.linus))!.tokensInvalidBefore).toEqual(before);
    expect((await listAudit(db, { limit: 1 }))[0]).toMatchObject({
      action: 'user.restore',
      target: 'linus@acme.test',
    });
  });

  it('invalidate-tokens refuses tokens issued up to this second and keeps the user active', async () => {
    await addAuthorizations(world.ada, 'g-ada');
    const started = Date.now();
    const result = await invalidateUserTokens(ops, 'ada@acme.test');
    expect(result.user.status).toBe('active');
    expect(result.deletedAuthorizations).toBe(4);
    const invalidBefore = Date.parse(result.user.tokensInvalidBefore!);
    // The next whole second: a token issued in the current second (iat = floor(now)) is earlier.
    expect(invalidBefore % 1000).toBe(0);
    expect(invalidBefore).toBeGreaterThan(started);
    expect(invalidBefore).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await authorizationsOf(world.ada, 'g-ada')).toEqual([]);
    expect((await listAudit(db, { limit: 1 }))[0]).toMatchObject({
      action: 'user.invalidate_tokens',
      target: 'ada@acme.test',
    });
  });

  it('an unknown email is not_found and changes nothing', async () => {
    const entries = (await listAudit(db)).length;
    await expectNotFound(revokeUser(ops, 'nobody@acme.test'), /nobody@acme\.test/);
    await expectNotFound(restoreUser(ops, 'nobody@acme.test'), /nobody/);
    await expectNotFound(invalidateUserTokens(ops, 'nobody@acme.test'), /nobody/);
    expect(await listAudit(db)).toHaveLength(entries);
  });

  it('refuses to act without an actor', async () => {
    await expect(revokeUser({ db, actor: '  ' }, 'linus@acme.test')).rejects.toSatisfy(
      (e) => e instanceof WorkspaceError && e.code === 'invalid_argument',
    );
  });
});

describe('ops: organizations', () => {
  it('enroll-org and unenroll-org switch the beta flag and are audited', async () => {
    expect((await enrollOrg(ops, 'Globex')).org).toMatchObject({
      id: world.globex,
      enrolled: true,
    });
    expect((await findPrincipal(db, world.hopper))?.orgEnrolled).toBe(true);
    expect((await unenrollOrg(ops, 'Globex')).org.enrolled).toBe(false);
    const [last, previous] = await listAudit(db, { limit: 2 });
    expect(previous).toMatchObject({
      action: 'org.enroll',
      target: 'Globex',
      details: { orgId: world.globex, wasEnrolled: false },
    });
    expect(last).toMatchObject({
      action: 'org.unenroll',
      target: 'Globex',
      details: { wasEnrolled: true },
    });
    await expectNotFound(enrollOrg(ops, 'Initech'), /Initech/);
  });
});

describe('ops: retention purge', () => {
  async function count(table: string): Promise<number> {
    const { rows } = await db.query<{ n: string | number }>(`select count(*) as n from ${table}`);
    return Number(rows[0]?.n);
  }

  it('deletes telemetry and questions older than their windows, and keeps the rest', async () => {
    await db.query('delete from telemetry');
    for (const days of [200, 91, 89, 1]) {
      await db.query(
        `insert into telemetry (at, user_id, tool, outcome, duration_ms, request_id, argument_shape)
         values (now() - make_interval(days => $1), $2, 'list_workbooks', 'ok', 12, 'req_test', '{}'::jsonb)`,
        [days, world.ada],
      );
    }
    await db.query(
      `insert into conversations (id, workspace_id, user_id, title, created_at) values
       ('conv_old', $1, $2, 'old', now() - interval '400 days'),
       ('conv_mixed', $1, $2, 'mixed', now() - interval '400 days'),
       ('conv_new', $1, $2, 'new', now())`,
      [world.operations, world.ada],
    );
    await db.query(
      `insert into turns (id, conversation_id, index, question, status, created_at) values
       ('turn_old', 'conv_old', 0, 'q', 'succeeded', now() - interval '400 days'),
       ('turn_mixed0', 'conv_mixed', 0, 'q', 'succeeded', now() - interval '366 days'),
       ('turn_mixed1', 'conv_mixed', 1, 'q', 'succeeded', now() - interval '2 days'),
       ('turn_new', 'conv_new', 0, 'q', 'queued', now())`,
    );

    const result = await purgeRetention(ops);
    expect(result).toEqual({
      telemetryDays: 90,
      questionsDays: 365,
      deleted: { telemetry: 2, turns: 2, conversations: 1 },
    });
    expect(await count('telemetry')).toBe(2);
    const { rows } = await db.query<{ id: string }>('select id from turns order by id');
    expect(rows.map((r) => r.id)).toEqual(['turn_mixed1', 'turn_new']);
    expect(await count('conversations')).toBe(2);
    expect((await listAudit(db, { limit: 1 }))[0]).toMatchObject({
      actor: 'carol',
      action: 'retention.purge',
      details: { deleted: { telemetry: 2, turns: 2, conversations: 1 } },
    });

    expect((await purgeRetention(ops, { telemetryDays: 30, questionsDays: 1 })).deleted).toEqual({
      telemetry: 1,
      turns: 1,
      conversations: 1,
    });
    expect((await db.query('select id from conversations')).rows).toEqual([{ id: 'conv_new' }]);
  });

  it('purges questions batch after batch, one row per statement', async () => {
    await db.query(
      `insert into conversations (id, workspace_id, user_id, title, created_at)
       select 'conv_batch' || i, $1, $2, 'old', now() - interval '400 days'
       from generate_series(1, 3) as i`,
      [world.operations, world.ada],
    );
    await db.query(
      `insert into turns (id, conversation_id, index, question, status, created_at)
       select 'turn_batch' || i, 'conv_batch' || i, 0, 'q', 'succeeded', now() - interval '400 days'
       from generate_series(1, 3) as i`,
    );
    expect(await db.transaction((tx) => purgeQuestions(tx, 365, 1))).toEqual({
      turns: 3,
      conversations: 3,
    });
    expect(await count("turns where id like 'turn_batch%'")).toBe(0);
  });

  it('refuses a window below one day', async () => {
    await expect(purgeRetention(ops, { telemetryDays: 0 })).rejects.toSatisfy(
      (e) => e instanceof WorkspaceError && e.code === 'invalid_argument',
    );
  });
});
