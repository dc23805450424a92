import {
  createSmallWorld,
  openTestDatabase,
  openTestEngine,
  type SmallWorld,
  type TestDatabase,
} from '@ask-analyst/workspace/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildWebApp, type WebAppDeps } from '../app.js';
import type { SignInProvider } from '../auth/oidc.js';
import { loadWebConfig } from '../config.js';

export const APP_URL = 'http://localhost:4200';
export const AUTH_URL = 'http://localhost:4000';

/** A signed-in browser: its session cookie and the CSRF token `/api/session` gave it. */
export interface SignedIn {
  /** The `/auth/callback` response that set the session cookie. */
  callback: LightMyRequestResponse;
  /** The `aa_session` cookie's value. */
  session: string;
  csrf: string;
  owner: boolean;
}

export type Method = 'POST' | 'PUT' | 'DELETE';

export interface WebTestApp {
  app: FastifyInstance;
  db: TestDatabase;
  world: SmallWorld;
  /**
   * Signs `userId` in through `/auth/login` and `/auth/callback` (returning to `returnTo`, with
   * the browser's `previous` session cookie if given), then reads `/api/session` for its CSRF token.
   */
  signIn(userId: string, options?: { returnTo?: string; previous?: string }): Promise<SignedIn>;
  /** A GET with the session cookie `session` (the `aa_session` value), or none. */
  get(url: string, session?: string): Promise<LightMyRequestResponse>;
  /** A state-changing call from the app's own origin with the session cookie and CSRF token. */
  send(
    who: Pick<SignedIn, 'session' | 'csrf'>,
    method: Method,
    url: string,
    body?: unknown,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * The web app over a fresh test database holding the small world (in-memory PGlite, or a new
 * database on TEST_DATABASE_URL's server) and an empty worksheet engine. The OpenID Provider is a
 * stand-in that signs in whoever `signIn` names (the real one is exercised end to end in e2e/src);
 * `deps` adds the grant interface or the credential store a test needs.
 */
export async function createWebTestApp(
  deps: Pick<WebAppDeps, 'grants' | 'storedCredentials'> = {},
): Promise<WebTestApp> {
  const db = await openTestDatabase();
  const world = await createSmallWorld(db);
  const { engine, dispose } = await openTestEngine();
  let nextUser = '';
  const provider: SignInProvider = {
    authorizationUrl: async ({ state }) => new URL(`${AUTH_URL}/oauth/authorize?state=${state}`),
    signIn: async (url, checks) => {
      // The app hands back the state it started with; anything else is a bug in its checks.
      if (url.searchParams.get('state') !== checks.state) throw new Error('state mismatch');
      return { userId: nextUser, idToken: 'id-token' };
    },
    endSessionUrl: async (idToken) =>
      new URL(`${AUTH_URL}/oauth/logout?id_token_hint=${idToken ?? ''}`),
  };
  const config = loadWebConfig({ APP_URL, NODE_ENV: 'test', PRINCIPAL_CACHE_SECONDS: '0' });
  const app = await buildWebApp({
    config,
    db,
    engine,
    provider,
    clientDir: '/nonexistent',
    ...deps,
  });
  await app.ready();

  const get = (url: string, session?: string) =>
    app.inject({ url, headers: session ? { cookie: `aa_session=${session}` } : {} });

  return {
    app,
    db,
    world,
    get,
    async signIn(userId, { returnTo = '/', previous } = {}) {
      nextUser = userId;
      const login = await app.inject({
        url: `/auth/login?returnTo=${encodeURIComponent(returnTo)}`,
      });
      if (login.statusCode !== 303) throw new Error(`login answered ${login.statusCode}`);
      const state = new URL(login.headers.location as string).searchParams.get('state')!;
      const bound = cookieOf(login.headers['set-cookie'], 'aa_sign_in');
      const callback = await app.inject({
        url: `/auth/callback?code=c&state=${state}`,
        headers: { cookie: `aa_sign_in=${bound}${previous ? `; aa_session=${previous}` : ''}` },
      });
      const session = cookieOf(callback.headers['set-cookie'], 'aa_session');
      if (!session) throw new Error(`no session after the callback (${callback.statusCode})`);
      const me = await get('/api/session', session);
      if (me.statusCode !== 200) throw new Error(`/api/session answered ${me.statusCode}`);
      const body = me.json<{ csrfToken: string; user: { owner: boolean } }>();
      return { callback, session, csrf: body.csrfToken, owner: body.user.owner };
    },
    send: (who, method, url, body) =>
      app.inject({
        method,
        url,
        headers: {
          cookie: `aa_session=${who.session}`,
          origin: APP_URL,
          'x-csrf-token': who.csrf,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      }),
    async close() {
      await app.close();
      await dispose();
      await db.close();
    },
  };
}

/** The value of cookie `name` among a response's `set-cookie` headers. */
export function cookieOf(header: string | string[] | undefined, name: string): string | undefined {
  for (const line of [header ?? []].flat()) {
    const [key, value] = line.split(';')[0]!.split('=');
    if (key === name && value) return value;
  }
  return undefined;
}
