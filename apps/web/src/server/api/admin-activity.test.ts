import {
  addOrganizationOwner,
  findPrincipal,
  recordTelemetry,
  type WorksheetEngine,
} from '@ask-analyst/workspace';
import {
  createSmallWorld,
  openTestDatabase,
  openTestEngine,
  testDatabaseKind,
  type SmallWorld,
  type TestDatabase,
} from '@ask-analyst/workspace/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebApp } from '../app.js';
import type { SignInProvider } from '../auth/oidc.js';
import { loadWebConfig } from '../config.js';

const APP_URL = 'http://localhost:4200';
let db: TestDatabase;
let world: SmallWorld;
let engine: WorksheetEngine;
let disposeEngine: () => Promise<void>;
let app: FastifyInstance;
let nextUser = '';
const deletedCredentials: string[] = [];

// The OpenID Provider signs in `nextUser` (the real one is exercised end to end in e2e/src).
const provider: SignInProvider = {
  authorizationUrl: async ({ state }) => new URL(`http://localhost:4000/authorize?state=${state}`),
  signIn: async () => ({ userId: nextUser, idToken: null }),
  endSessionUrl: async () => new URL('http://localhost:4000/logout'),
};

beforeAll(async () => {
  db = await openTestDatabase();
  world = await createSmallWorld(db);
  await addOrganizationOwner(db, world.acme, world.ada);
  ({ engine, dispose: disposeEngine } = await openTestEngine());
  const config = loadWebConfig({ APP_URL, NODE_ENV: 'test', PRINCIPAL_CACHE_SECONDS: '0' });
  app = await buildWebApp({
    config,
    db,
    engine,
    provider,
    clientDir: '/nonexistent',
    storedCredentials: {
      async deleteForUser(_tx, userId) {
        deletedCredentials.push(userId);
        return 1;
      },
    },
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await disposeEngine?.();
  await db?.close();
});

interface Session {
  cookie: string;
  csrf: string;
}

async function signIn(userId: string): Promise<Session> {
  nextUser = userId;
  const login = await app.inject({ url: '/auth/login?returnTo=/' });
  const state = new URL(login.headers.location as string).searchParams.get('state')!;
  const callback = await app.inject({
    url: `/auth/callback?code=c&state=${state}`,
    headers: { cookie: `aa_sign_in=${cookieOf(login.headers['set-cookie'], 'aa_sign_in')}` },
  });
  const cookie = `aa_session=${cookieOf(callback.headers['set-cookie'], 'aa_session')}`;
  const me = await app.inject({ url: '/api/session', headers: { cookie } });
  return { cookie, csrf: me.json<{ csrfToken: string }>().csrfToken };
}

function cookieOf(header: string | string[] | undefined, name: string): string | undefined {
  for (const line of [header ?? []].flat()) {
    const [key, value] = line.split(';')[0]!.split('=');
    if (key === name && value) return value;
  }
  return undefined;
}

const get = (session: Session, url: string) =>
  app.inject({ url, headers: { cookie: session.cookie } });

const send = (session: Session, method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  app.inject({
    method,
    url,
    headers: {
      cookie: session.cookie,
      origin: APP_URL,
      'x-csrf-token': session.csrf,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

describe(`/admin (${testDatabaseKind()})`, () => {
  it('exists for owners only; others get the same not found', async () => {
    const ada = await signIn(world.ada);
    const grace = await signIn(world.grace);
    expect((await get(ada, '/api/session')).json()).toMatchObject({ user: { owner: true } });
    expect((await get(grace, '/api/session')).json()).toMatchObject({ user: { owner: false } });
    const page = await get(ada, '/api/admin');
    expect(page.statusCode).toBe(200);
    expect(page.json<{ members: Array<{ email: string }> }>().members.map((m) => m.email)).toEqual([
      'ada@acme.test',
      'grace@acme.test',
      'linus@acme.test',
    ]);
    for (const [method, url] of [
      ['GET', '/api/admin'],
      ['POST', `/api/admin/members/${world.linus}/revoke`],
      ['PUT', `/api/admin/workspaces/${world.operations}/members/${world.linus}`],
    ] as const) {
      const res =
        method === 'GET'
          ? await get(grace, url)
          : await send(grace, method, url, { role: 'admin' });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
    }
    expect((await findPrincipal(db, world.linus))?.active).toBe(true);
  });

  it('refuses an owner action without the CSRF token', async () => {
    const ada = await signIn(world.ada);
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/members/${world.linus}/revoke`,
      headers: { cookie: ada.cookie, origin: APP_URL },
    });
    expect(res.statusCode).toBe(403);
    expect((await findPrincipal(db, world.linus))?.active).toBe(true);
  });

  it('revokes (session ended at once, credentials deleted) and restores, audited by the session’s user', async () => {
    const ada = await signIn(world.ada);
    const linus = await signIn(world.linus);
    expect((await get(linus, '/api/session')).statusCode).toBe(200);
    // An actor in the body is ignored: the audit names the session's user.
    const revoked = await send(ada, 'POST', `/api/admin/members/${world.linus}/revoke`, {
      actor: 'mallory@evil.example',
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ user: { status: 'revoked' }, endedWebSessions: 1 });
    expect(deletedCredentials).toContain(world.linus);
    expect((await get(linus, '/api/session')).statusCode).toBe(401);

    const restored = await send(ada, 'POST', `/api/admin/members/${world.linus}/restore`);
    expect(restored.json()).toMatchObject({ user: { status: 'active' } });
    // Restoring revives no session: linus signs in again.
    expect((await get(linus, '/api/session')).statusCode).toBe(401);
    // Invalidation refuses the rest of its second too; a sign-in comes at least a second later.
    await db.query(
      "update users set tokens_invalid_before = tokens_invalid_before - interval '2 seconds' where id = $1",
      [world.linus],
    );
    expect((await get(await signIn(world.linus), '/api/session')).statusCode).toBe(200);

    const { audit } = (await get(ada, '/api/admin')).json<{
      audit: Array<{ actor: string; action: string; target: string }>;
    }>();
    expect(audit.slice(0, 2)).toMatchObject([
      { actor: 'ada@acme.test', action: 'user.restore', target: 'linus@acme.test' },
      { actor: 'ada@acme.test', action: 'user.revoke', target: 'linus@acme.test' },
    ]);
  });

  it('never lets an owner revoke or demote themselves', async () => {
    const ada = await signIn(world.ada);
    const self = await send(ada, 'POST', `/api/admin/members/${world.ada}/revoke`);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({ error: { code: 'permission_denied' } });
    const demote = await send(
      ada,
      'PUT',
      `/api/admin/workspaces/${world.operations}/members/${world.ada}`,
      { role: 'viewer' },
    );
    expect(demote.statusCode).toBe(403);
    expect((await get(ada, '/api/session')).statusCode).toBe(200);
  });

  it('changes and removes roles, checking the role named', async () => {
    const ada = await signIn(world.ada);
    const url = `/api/admin/workspaces/${world.operations}/members/${world.grace}`;
    expect((await send(ada, 'PUT', url, { role: 'owner' })).statusCode).toBe(400);
    expect((await send(ada, 'PUT', url, { role: 'analyst' })).json()).toEqual({
      previousRole: 'viewer',
      role: 'analyst',
    });
    const grace = await signIn(world.grace);
    expect((await get(grace, '/api/session')).json()).toMatchObject({
      workspaces: [{ name: 'Operations', role: 'analyst' }],
    });
    expect((await send(ada, 'DELETE', url)).json()).toEqual({ removed: true });
    expect((await get(grace, '/api/session')).json()).toMatchObject({ workspaces: [] });
    expect((await send(ada, 'PUT', url, { role: 'viewer' })).statusCode).toBe(200);
  });
});

describe(`/activity (${testDatabaseKind()})`, () => {
  it('lists only the user’s own calls, filtered, and downloads them as escaped CSV', async () => {
    const call = (userId: string, tool: string, clientId: string, at: string) =>
      recordTelemetry(db, {
        at: new Date(at),
        userId,
        orgId: world.acme,
        clientId,
        tool,
        outcome: 'ok',
        durationMs: 7,
        requestId: 'req_t',
        argumentShape: { worksheetId: 'string', filters: [{ column: 'string', op: 'string' }] },
      });
    await call(world.grace, 'read_worksheet', '=cmd|client', '2026-02-01T09:00:00Z');
    await call(world.grace, 'list_workbooks', 'client-b', '2026-02-03T09:00:00Z');
    await call(world.ada, 'read_worksheet', 'client-b', '2026-02-02T09:00:00Z');
    const grace = await signIn(world.grace);

    const all = (await get(grace, '/api/activity')).json<{
      calls: Array<{ tool: string; clientId: string }>;
      clients: string[];
      tools: string[];
      truncated: boolean;
    }>();
    expect(all.calls.map((c) => c.tool)).toEqual(['list_workbooks', 'read_worksheet']);
    expect(all.clients).toEqual(['=cmd|client', 'client-b']);
    expect(all.truncated).toBe(false);
    const day = (await get(grace, '/api/activity?from=2026-02-01&to=2026-02-01')).json<{
      calls: unknown[];
    }>();
    expect(day.calls).toHaveLength(1);
    const tool = (await get(grace, '/api/activity?tool=list_workbooks&clientId=')).json<{
      calls: unknown[];
    }>();
    expect(tool.calls).toHaveLength(1);
    expect((await get(grace, '/api/activity?from=2026-02-30')).statusCode).toBe(400);
    expect((await get(grace, '/api/activity?from=2026-02-03&to=2026-02-01')).statusCode).toBe(400);

    const csv = await get(grace, '/api/activity.csv?tool=read_worksheet');
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="activity.csv"');
    expect(csv.body.split('\r\n')).toEqual([
      'time,client,tool,outcome,error code,duration ms,argument shape',
      // The shape as stored (jsonb orders keys), quoted per RFC 4180; the client id escaped.
      `2026-02-01T09:00:00.000Z,'=cmd|client,read_worksheet,ok,,7,"{""filters"":[{""op"":""string"",""column"":""string""}],""worksheetId"":""string""}"`,
      '',
    ]);
  });
});
