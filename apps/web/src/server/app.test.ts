import { setUserStatus, type WorksheetEngine } from '@ask-analyst/workspace';
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
import { buildWebApp } from './app.js';
import type { SignInProvider } from './auth/oidc.js';
import { loadWebConfig } from './config.js';

const APP_URL = 'http://localhost:4200';
let db: TestDatabase;
let world: SmallWorld;
let engine: WorksheetEngine;
let disposeEngine: () => Promise<void>;
let app: FastifyInstance;
/** Who the fake provider signs in next. */
let nextUser = '';

/** The authorization server, as far as the web app sees it: it signs in `nextUser`. */
const provider: SignInProvider = {
  authorizationUrl: async ({ state }) =>
    new URL(`http://localhost:4000/oauth/authorize?state=${state}`),
  signIn: async (url, checks) => {
    expect(url.searchParams.get('state')).toBe(checks.state);
    return { userId: nextUser, idToken: 'id-token' };
  },
  endSessionUrl: async (idToken) =>
    new URL(`http://localhost:4000/oauth/logout?id_token_hint=${idToken ?? ''}`),
};

beforeAll(async () => {
  db = await openTestDatabase();
  world = await createSmallWorld(db);
  ({ engine, dispose: disposeEngine } = await openTestEngine());
  const config = loadWebConfig({ APP_URL, NODE_ENV: 'test', PRINCIPAL_CACHE_SECONDS: '0' });
  app = await buildWebApp({ config, db, engine, provider, clientDir: '/nonexistent' });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await disposeEngine?.();
  await db?.close();
});

/** Signs `userId` in through /auth/login and /auth/callback; returns the session cookie. */
async function signIn(userId: string, returnTo = '/history', previous?: string) {
  nextUser = userId;
  const login = await app.inject({ url: `/auth/login?returnTo=${encodeURIComponent(returnTo)}` });
  expect(login.statusCode).toBe(303);
  const state = new URL(login.headers.location as string).searchParams.get('state')!;
  const bound = cookieOf(login.headers['set-cookie'], 'aa_sign_in')!;
  const callback = await app.inject({
    url: `/auth/callback?code=c&state=${state}`,
    headers: { cookie: `aa_sign_in=${bound}${previous ? `; aa_session=${previous}` : ''}` },
  });
  return { callback, session: cookieOf(callback.headers['set-cookie'], 'aa_session') };
}

function cookieOf(header: string | string[] | undefined, name: string): string | undefined {
  for (const line of [header ?? []].flat()) {
    const [pair] = line.split(';');
    const [key, value] = pair!.split('=');
    if (key === name && value) return value;
  }
  return undefined;
}

const get = (url: string, session?: string) =>
  app.inject({ url, headers: session ? { cookie: `aa_session=${session}` } : {} });

describe(`the web app (${testDatabaseKind()})`, () => {
  it('answers 401 without a session, with security headers and a CSP', async () => {
    const res = await get('/api/session');
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('signs in with a new session id each time, with the cookie flags, to the return path', async () => {
    const first = await signIn(world.ada, '/conversations/conv_x?t=1');
    expect(first.callback.headers.location).toBe('/conversations/conv_x?t=1');
    const line = [first.callback.headers['set-cookie']]
      .flat()
      .find((l) => l?.startsWith('aa_session='))!;
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    expect(line).toMatch(/Path=\//);
    const second = await signIn(world.ada, '/', first.session);
    expect(second.session).toBeTruthy();
    expect(second.session).not.toBe(first.session);
    // The session the browser had before signing in again is over.
    expect((await get('/api/session', first.session)).statusCode).toBe(401);
    const me = await get('/api/session', second.session);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ user: { email: 'ada@acme.test' } });
  });

  it('follows only same-origin return paths', async () => {
    for (const evil of ['//evil.example/', 'https://evil.example/', '/\\evil.example']) {
      const { callback } = await signIn(world.ada, evil);
      expect(callback.headers.location).toBe('/');
    }
  });

  it('refuses a callback whose state this browser did not start', async () => {
    const res = await app.inject({ url: '/auth/callback?code=c&state=forged' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/^\/signed-out\?error=/);
    expect(cookieOf(res.headers['set-cookie'], 'aa_session')).toBeUndefined();
  });

  it('refuses a cross-site or token-less state-changing call (CSRF)', async () => {
    const { session } = await signIn(world.ada);
    const { csrfToken } = (await get('/api/session', session)).json<{ csrfToken: string }>();
    const post = (headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/api/conversations',
        headers: {
          cookie: `aa_session=${session}`,
          'content-type': 'application/json',
          ...headers,
        },
        payload: { question: 'how many?' },
      });
    expect(
      (await post({ origin: 'https://evil.example', 'x-csrf-token': csrfToken })).statusCode,
    ).toBe(403);
    expect((await post({ origin: APP_URL })).statusCode).toBe(403);
    // With the token, the call reaches the product core (ada has no worksheet here: not_found).
    expect((await post({ origin: APP_URL, 'x-csrf-token': csrfToken })).statusCode).toBe(404);
  });

  it('gives unknown, malformed and hidden ids the same not found', async () => {
    const { session } = await signIn(world.hopper);
    for (const url of [
      '/api/workbooks/wb_unknown',
      '/api/workbooks/nope',
      '/api/conversations/conv_x',
    ]) {
      const res = await get(url, session);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
    }
  });

  it('lets a non-enrolled organization in and ends a revoked user’s session', async () => {
    const hopper = await signIn(world.hopper);
    expect((await get('/api/session', hopper.session)).statusCode).toBe(200);
    const grace = await signIn(world.grace);
    expect((await get('/api/session', grace.session)).statusCode).toBe(200);
    await setUserStatus(db, world.grace, 'revoked');
    expect((await get('/api/session', grace.session)).statusCode).toBe(401);
    await setUserStatus(db, world.grace, 'active');
    // Restoring access does not revive the session.
    expect((await get('/api/session', grace.session)).statusCode).toBe(401);
  });

  it('signs out here and at the provider', async () => {
    const { session } = await signIn(world.ada);
    const { csrfToken } = (await get('/api/session', session)).json<{ csrfToken: string }>();
    const res = await app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie: `aa_session=${session}`, origin: APP_URL, 'x-csrf-token': csrfToken },
    });
    expect(res.json()).toEqual({
      location: 'http://localhost:4000/oauth/logout?id_token_hint=id-token',
    });
    expect((await get('/api/session', session)).statusCode).toBe(401);
  });
});
