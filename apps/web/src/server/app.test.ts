import { setUserStatus } from '@ask-analyst/workspace';
import { testDatabaseKind } from '@ask-analyst/workspace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_URL, cookieOf, createWebTestApp, type WebTestApp } from './test-support/web-app.js';

let web: WebTestApp;

beforeAll(async () => {
  web = await createWebTestApp();
});

afterAll(async () => {
  await web?.close();
});

describe(`the web app (${testDatabaseKind()})`, () => {
  it('answers 401 without a session, with security headers and a CSP', async () => {
    const res = await web.get('/api/session');
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('signs in with a new session id each time, with the cookie flags, to the return path', async () => {
    const first = await web.signIn(web.world.ada, { returnTo: '/conversations/conv_x?t=1' });
    expect(first.callback.headers.location).toBe('/conversations/conv_x?t=1');
    const line = [first.callback.headers['set-cookie']]
      .flat()
      .find((l) => l?.startsWith('aa_session='))!;
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    expect(line).toMatch(/Path=\//);
    const second = await web.signIn(web.world.ada, { previous: first.session });
    expect(second.session).toBeTruthy();
    expect(second.session).not.toBe(first.session);
    // The session the browser had before signing in again is over.
    expect((await web.get('/api/session', first.session)).statusCode).toBe(401);
    const me = await web.get('/api/session', second.session);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ user: { email: 'ada@acme.test' } });
  });

  it('follows only same-origin return paths', async () => {
    for (const evil of ['//evil.example/', 'https://evil.example/', '/\\evil.example']) {
      const { callback } = await web.signIn(web.world.ada, { returnTo: evil });
      expect(callback.headers.location).toBe('/');
    }
  });

  it('refuses a callback whose state this browser did not start', async () => {
    const res = await web.app.inject({ url: '/auth/callback?code=c&state=forged' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/^\/signed-out\?error=/);
    expect(cookieOf(res.headers['set-cookie'], 'aa_session')).toBeUndefined();
  });

  it('refuses a cross-site or token-less state-changing call (CSRF)', async () => {
    const { session, csrf: csrfToken } = await web.signIn(web.world.ada);
    const post = (headers: Record<string, string>) =>
      web.app.inject({
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
    const { session } = await web.signIn(web.world.hopper);
    for (const url of [
      '/api/workbooks/wb_unknown',
      '/api/workbooks/nope',
      '/api/conversations/conv_x',
    ]) {
      const res = await web.get(url, session);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
    }
  });

  it('lets a non-enrolled organization in and ends a revoked user’s session', async () => {
    const hopper = await web.signIn(web.world.hopper);
    expect((await web.get('/api/session', hopper.session)).statusCode).toBe(200);
    const grace = await web.signIn(web.world.grace);
    expect((await web.get('/api/session', grace.session)).statusCode).toBe(200);
    await setUserStatus(web.db, web.world.grace, 'revoked');
    expect((await web.get('/api/session', grace.session)).statusCode).toBe(401);
    await setUserStatus(web.db, web.world.grace, 'active');
    // Restoring access does not revive the session.
    expect((await web.get('/api/session', grace.session)).statusCode).toBe(401);
  });

  it('signs out here and at the provider', async () => {
    const { session, csrf: csrfToken } = await web.signIn(web.world.ada);
    const res = await web.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie: `aa_session=${session}`, origin: APP_URL, 'x-csrf-token': csrfToken },
    });
    expect(res.json()).toEqual({
      location: 'http://localhost:4000/oauth/logout?id_token_hint=id-token',
    });
    expect((await web.get('/api/session', session)).statusCode).toBe(401);
  });
});
