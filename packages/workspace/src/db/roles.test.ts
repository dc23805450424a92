import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPrincipal, findPrincipalForSignIn } from '../identity/principals.js';
import { hashPassword } from '../identity/password.js';
import { invalidateClientTokens, setClientPolicy } from '../store/client-access.js';
import { createSmallWorld, type SmallWorld } from '../testing/world.js';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../testing/database.js';
import { openAsRole } from '../testing/role.js';
import { migrate } from './migrate.js';

describe(`least-privilege database roles (${testDatabaseKind()})`, () => {
  let db: TestDatabase;
  let world: SmallWorld;

  beforeAll(async () => {
    db = await openTestDatabase();
    world = await createSmallWorld(db);
    await db.query('update users set password_hash = $2 where id = $1', [
      world.ada,
      await hashPassword('pw'),
    ]);
  });
  afterAll(() => db.close());

  it('the MCP server role looks principals up without being able to read password hashes', async () => {
    const mcp = await openAsRole(db, 'mcp-server');
    try {
      expect(await findPrincipal(mcp, world.ada)).toMatchObject({
        userId: world.ada,
        active: true,
      });
      await expect(mcp.query('select password_hash from users')).rejects.toThrow(
        /permission denied/,
      );
      await expect(findPrincipalForSignIn(mcp, 'ada@acme.test')).rejects.toThrow(
        /permission denied/,
      );
      await expect(mcp.query('update users set status = $1', ['active'])).rejects.toThrow(
        /permission denied/,
      );
    } finally {
      await mcp.close();
    }
  });

  it('the MCP server role writes telemetry but cannot touch ops audit or schema', async () => {
    const mcp = await openAsRole(db, 'mcp-server');
    try {
      await mcp.query(
        `insert into telemetry (tool, outcome, duration_ms, request_id, argument_shape)
         values ('whoami', 'ok', 1, 'req_x', '{}'::jsonb)`,
      );
      await expect(mcp.query('select * from ops_audit')).rejects.toThrow(/permission denied/);
      await expect(mcp.query('create table intruder (x int)')).rejects.toThrow(/permission denied/);
    } finally {
      await mcp.close();
    }
  });

  it('the authorization server role reads hashes for sign-in but cannot change roles', async () => {
    const auth = await openAsRole(db, 'dev-auth');
    try {
      const found = await findPrincipalForSignIn(auth, 'ada@acme.test');
      expect(found?.passwordHash).toMatch(/^scrypt\$/);
      await expect(auth.query('select * from memberships')).rejects.toThrow(/permission denied/);
      await expect(auth.query('update users set status = $1', ['active'])).rejects.toThrow(
        /permission denied/,
      );
    } finally {
      await auth.close();
    }
  });

  it('the authorization server role invalidates a (user, client) and sets policies; the MCP server only reads', async () => {
    // One role at a time: the embedded database has a single session, so the roles take turns.
    const auth = await openAsRole(db, 'dev-auth');
    try {
      await invalidateClientTokens(auth, world.grace, 'client-r');
      await setClientPolicy(
        auth,
        world.globex,
        { mode: 'pre_registered', allowedClientIds: [] },
        null,
      );
    } finally {
      await auth.close();
    }
    const mcp = await openAsRole(db, 'mcp-server');
    try {
      expect(
        (await findPrincipal(mcp, world.grace))?.clientTokensInvalidBefore?.has('client-r'),
      ).toBe(true);
      await expect(invalidateClientTokens(mcp, world.grace, 'client-r')).rejects.toThrow(
        /permission denied/,
      );
      await expect(mcp.query('select * from client_policies')).rejects.toThrow(/permission denied/);
    } finally {
      await mcp.close();
    }
  });

  it('a migrated database lets a restricted role run migrate (it finds nothing to do)', async () => {
    const mcp = await openAsRole(db, 'mcp-server');
    try {
      expect(await migrate(mcp)).toEqual({ applied: [] });
    } finally {
      await mcp.close();
    }
  });
});
