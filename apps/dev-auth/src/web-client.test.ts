import type { Database } from '@ask-analyst/workspace';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, seedPeople } from './test-support/fixtures.js';
import {
  authorizationUrl,
  authorizeInBrowser,
  Browser,
  pkce,
  startTestServer,
  type TestServer,
} from './test-support/harness.js';

const APP_URL = 'http://localhost:4299';
const WEB_CLIENT = 'ask-analyst-web';
const SECRET = 'a-web-client-secret-of-at-least-32-characters';
const REDIRECT = `${APP_URL}/auth/callback`;

describe('the product web app as a first-party client (SPEC section 9)', () => {
  let db: Database;
  let server: TestServer;

  beforeAll(async () => {
    db = await openTestDatabase();
    await seedPeople(db);
    server = await startTestServer(db, {
      env: { APP_URL, WEB_CLIENT_ID: WEB_CLIENT, WEB_CLIENT_SECRET: SECRET },
    });
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  const signIn = async (email: string) => {
    const { verifier, challenge } = pkce();
    const result = await authorizeInBrowser(
      new Browser(server.url),
      authorizationUrl(server, {
        client_id: WEB_CLIENT,
        redirect_uri: REDIRECT,
        scope: 'openid',
        nonce: 'n-1',
        code_challenge: challenge,
      }),
      { email },
    );
    return { ...result, verifier };
  };

  const exchange = async (code: string, verifier: string, secret = SECRET) => {
    const res = await fetch(new URL('/oauth/token', server.url), {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${WEB_CLIENT}:${secret}`).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        code_verifier: verifier,
        redirect_uri: REDIRECT,
      }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('signs in without a consent page and gets an ID token, no MCP token nor refresh token', async () => {
    const { visit, sawSignIn, sawConsent, verifier } = await signIn('ada@acme.test');
    expect(sawSignIn).toBe(true);
    expect(sawConsent).toBe(false);
    if (visit.kind !== 'callback') throw new Error('no redirect back to the web app');
    expect(visit.url.origin + visit.url.pathname).toBe(REDIRECT);
    const code = visit.url.searchParams.get('code') ?? '';
    expect((await exchange(code, verifier, 'wrong-secret-wrong-secret-wrong-secret')).status).toBe(
      401,
    );
    const { status, body } = await exchange(code, verifier);
    expect(status).toBe(200);
    expect(body.refresh_token).toBeUndefined();
    expect(decodeJwt(body.id_token as string)).toMatchObject({ aud: WEB_CLIENT, nonce: 'n-1' });
    // The access token is not a JWT for the MCP resource.
    expect(() => decodeJwt(body.access_token as string)).toThrow();
  });

  it('lets a user of a non-enrolled organization in, and nobody revoked', async () => {
    const hopper = await signIn('hopper@globex.test');
    expect(hopper.visit.kind).toBe('callback');
    if (hopper.visit.kind === 'callback') {
      expect(hopper.visit.url.searchParams.get('code')).toBeTruthy();
      const { status } = await exchange(
        hopper.visit.url.searchParams.get('code')!,
        hopper.verifier,
      );
      expect(status).toBe(200);
    }
    const linus = await signIn('linus@acme.test');
    const page = linus.visit.kind === 'page' ? linus.visit.page : null;
    expect(page?.status).toBe(403);
  });

  it('still refuses the non-enrolled organization to an MCP client', async () => {
    const { visit } = await authorizeInBrowser(
      new Browser(server.url),
      authorizationUrl(server, { code_challenge: pkce().challenge }),
      { email: 'hopper@globex.test' },
    );
    expect(visit.kind === 'page' ? visit.page.status : 0).toBe(403);
  });
});
