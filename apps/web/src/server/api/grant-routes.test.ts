import {
  addOrganizationOwner,
  createConversation,
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
import type { ConnectedApp, GrantApi } from '../grants/grant-api.js';

const APP_URL = 'http://localhost:4200';

interface Apps {
  apps: ConnectedApp[];
}

interface Listed {
  id: string;
  origin?: { kind: string; clientId?: string; clientName?: string };
}
let db: TestDatabase;
let world: SmallWorld;
let engine: WorksheetEngine;
let disposeEngine: () => Promise<void>;
let app: FastifyInstance;
let nextUser = '';

const provider: SignInProvider = {
  authorizationUrl: async ({ state }) =>
    new URL(`http://localhost:4000/oauth/authorize?state=${state}`),
  signIn: async () => ({ userId: nextUser, idToken: 'id-token' }),
  endSessionUrl: async () => new URL('http://localhost:4000/oauth/logout'),
};

/**
 * The authorization server's grant interface as this app sees it, holding grants in memory; the
 * real one is tested in apps/dev-auth (src/grants) and end to end in e2e/src/connected-apps.test.ts.
 */
const granted = new Map<string, ConnectedApp[]>();
const calls: string[] = [];
const grants: GrantApi = {
  listGrants: async (userId) => granted.get(userId) ?? [],
  revokeGrant: async (userId, clientId) => {
    calls.push(`revoke ${userId} ${clientId}`);
    granted.set(
      userId,
      (granted.get(userId) ?? []).filter((g) => g.clientId !== clientId),
    );
    return 1;
  },
  describeClients: async (ids) => {
    calls.push(`describe ${ids.join(',')}`);
    return ids.map((clientId) => ({
      clientId,
      clientName: `Name of ${clientId}`,
      verified: false,
    }));
  },
  getClientPolicy: async () => ({ mode: 'any', allowedClientIds: [], updatedAt: null }),
  setClientPolicy: async (orgId, policy, actorId) => {
    calls.push(`policy ${orgId} ${policy.mode} by ${actorId}`);
    return { policy: { ...policy, updatedAt: new Date().toISOString() }, revoked: [] };
  },
};

const app1 = (clientId: string): ConnectedApp => ({
  clientId,
  clientName: clientId,
  verified: false,
  scopes: ['workbooks.read'],
  grantedAt: new Date().toISOString(),
  lastUsedAt: null,
});

beforeAll(async () => {
  db = await openTestDatabase();
  world = await createSmallWorld(db);
  await addOrganizationOwner(db, world.acme, world.ada);
  ({ engine, dispose: disposeEngine } = await openTestEngine());
  const config = loadWebConfig({ APP_URL, NODE_ENV: 'test', PRINCIPAL_CACHE_SECONDS: '0' });
  app = await buildWebApp({ config, db, engine, provider, grants, clientDir: '/nonexistent' });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await disposeEngine?.();
  await db?.close();
});

async function signIn(userId: string) {
  nextUser = userId;
  const login = await app.inject({ url: '/auth/login?returnTo=%2F' });
  const state = new URL(login.headers.location as string).searchParams.get('state')!;
  const bound = /aa_sign_in=([^;]+)/.exec(String(login.headers['set-cookie']))![1];
  const callback = await app.inject({
    url: `/auth/callback?code=c&state=${state}`,
    headers: { cookie: `aa_sign_in=${bound}` },
  });
  const session = /aa_session=([^;]+)/.exec(String(callback.headers['set-cookie']))![1]!;
  const info = await app.inject({
    url: '/api/session',
    headers: { cookie: `aa_session=${session}` },
  });
  const body = info.json<{ csrfToken: string; user: { owner: boolean } }>();
  return { session, csrf: body.csrfToken, owner: body.user.owner };
}

const call = (
  who: { session: string; csrf: string },
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
) =>
  app.inject({
    method,
    url,
    headers: {
      cookie: `aa_session=${who.session}`,
      origin: APP_URL,
      'x-csrf-token': who.csrf,
    },
    ...(body === undefined ? {} : { payload: body as object }),
  });

describe(`connected apps and the client policy in the web app (${testDatabaseKind()})`, () => {
  it('lists only the signed-in user’s apps and disconnects only one they granted', async () => {
    granted.set(world.ada, [app1('bot-a'), app1('bot-b')]);
    granted.set(world.grace, [app1('bot-g')]);
    const ada = await signIn(world.ada);
    const grace = await signIn(world.grace);
    expect((await call(ada, 'GET', '/api/connected-apps')).json<Apps>().apps).toHaveLength(2);
    expect((await call(grace, 'GET', '/api/connected-apps')).json<Apps>().apps).toHaveLength(1);

    // grace cannot disconnect ada's app (it is not hers: not found), nor without the CSRF token.
    expect((await call(grace, 'POST', '/api/connected-apps/bot-a/disconnect')).statusCode).toBe(
      404,
    );
    const forged = await call(
      { ...ada, csrf: 'wrong' },
      'POST',
      '/api/connected-apps/bot-a/disconnect',
    );
    expect(forged.statusCode).toBe(403);
    expect(calls.filter((c) => c.startsWith('revoke'))).toEqual([]);

    const done = await call(ada, 'POST', '/api/connected-apps/bot-a/disconnect');
    expect(done.json()).toEqual({ disconnected: 'bot-a' });
    expect(calls).toContain(`revoke ${world.ada} bot-a`);
    const left = (await call(ada, 'GET', '/api/connected-apps')).json<Apps>().apps;
    expect(left.map((a) => a.clientId)).toEqual(['bot-b']);
  });

  it('lets only an owner read and set the policy, naming the session’s user as the actor', async () => {
    const ada = await signIn(world.ada);
    const grace = await signIn(world.grace);
    expect(ada.owner).toBe(true);
    expect(grace.owner).toBe(false);
    const refused = await call(grace, 'GET', '/api/admin/client-policy');
    expect(refused.statusCode).toBe(404);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('not_found');
    expect((await call(grace, 'PUT', '/api/admin/client-policy', { mode: 'any' })).statusCode).toBe(
      404,
    );

    expect((await call(ada, 'GET', '/api/admin/client-policy')).json()).toMatchObject({
      organization: { id: world.acme },
      policy: { mode: 'any' },
    });
    const bad = await call(ada, 'PUT', '/api/admin/client-policy', { mode: 'nobody' });
    expect(bad.statusCode).toBe(400);
    const set = await call(ada, 'PUT', '/api/admin/client-policy', {
      mode: 'pre_registered',
      actorId: world.grace,
    });
    expect(set.json()).toMatchObject({ policy: { mode: 'pre_registered' }, revokedGrants: 0 });
    expect(calls).toContain(`policy ${world.acme} pre_registered by ${world.ada}`);
  });

  it('names the MCP client of a conversation in history and on its page', async () => {
    const conversation = await createConversation(db, {
      workspaceId: world.operations,
      userId: world.ada,
      title: 'From an agent',
      origin: { kind: 'mcp', clientId: 'bot-x' },
    });
    const ada = await signIn(world.ada);
    const listed = (await call(ada, 'GET', '/api/conversations')).json<{
      conversations: Listed[];
    }>().conversations;
    expect(listed.find((c) => c.id === conversation.id)?.origin).toEqual({
      kind: 'mcp',
      clientId: 'bot-x',
      clientName: 'Name of bot-x',
    });
    const page = (await call(ada, 'GET', `/api/conversations/${conversation.id}`)).json<{
      conversation: Listed;
    }>();
    expect(page.conversation.origin?.clientName).toBe('Name of bot-x');
  });
});
