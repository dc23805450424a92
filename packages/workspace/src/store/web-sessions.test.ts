import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../testing/database.js';
import { createSmallWorld, type SmallWorld } from '../testing/world.js';
import {
  createWebSession,
  createWebSignIn,
  deleteUserWebSessions,
  deleteWebSession,
  purgeWebSessions,
  takeWebSignIn,
  touchWebSession,
} from './web-sessions.js';

let db: TestDatabase;
let world: SmallWorld;

beforeAll(async () => {
  db = await openTestDatabase();
  world = await createSmallWorld(db);
});

afterAll(async () => {
  await db?.close();
});

const start = (id: string, expiresInMs = 60_000) =>
  createWebSession(db, {
    id,
    userId: world.ada,
    csrfToken: `csrf-${id}`,
    idToken: 'id-token',
    expiresAt: new Date(Date.now() + expiresInMs),
  });

describe(`web sessions (${testDatabaseKind()})`, () => {
  it('finds a live session by its id, stored only as a hash', async () => {
    await start('session-one');
    expect(await touchWebSession(db, 'session-one', 3600)).toMatchObject({
      userId: world.ada,
      csrfToken: 'csrf-session-one',
      idToken: 'id-token',
    });
    const { rows } = await db.query<{ id_hash: string }>('select id_hash from web_sessions');
    expect(rows.map((row) => row.id_hash)).not.toContain('session-one');
    expect(await touchWebSession(db, 'unknown', 3600)).toBeNull();
  });

  it('ends a session past its absolute end, or idle too long', async () => {
    await start('expired', -1000);
    expect(await touchWebSession(db, 'expired', 3600)).toBeNull();
    await start('idle');
    await db.query(
      `update web_sessions set last_seen_at = now() - interval '2 hours' where user_id = $1`,
      [world.ada],
    );
    expect(await touchWebSession(db, 'idle', 3600)).toBeNull();
    // Deleted on the way: a later, longer idle allowance does not revive it.
    expect(await touchWebSession(db, 'idle', 100_000)).toBeNull();
  });

  it('purges sessions past their end or idle, and keeps live ones', async () => {
    await start('live');
    await start('over', -1000);
    expect(await purgeWebSessions(db, 3600)).toBeGreaterThanOrEqual(1);
    expect(await touchWebSession(db, 'live', 3600)).not.toBeNull();
    const { rows } = await db.query('select 1 from web_sessions where expires_at <= now()');
    expect(rows).toEqual([]);
  });

  it("ends one session, or all of a user's", async () => {
    await start('a');
    await start('b');
    expect(await deleteWebSession(db, 'a')).toEqual({ userId: world.ada, idToken: 'id-token' });
    expect(await touchWebSession(db, 'a', 3600)).toBeNull();
    expect(await deleteUserWebSessions(db, world.ada)).toBeGreaterThanOrEqual(1);
    expect(await touchWebSession(db, 'b', 3600)).toBeNull();
  });

  it('hands a sign-in state back once', async () => {
    await createWebSignIn(db, 'state-1', { codeVerifier: 'v', nonce: 'n', returnTo: '/history' });
    expect(await takeWebSignIn(db, 'state-1', 600)).toEqual({
      codeVerifier: 'v',
      nonce: 'n',
      returnTo: '/history',
    });
    expect(await takeWebSignIn(db, 'state-1', 600)).toBeNull();
  });
});
