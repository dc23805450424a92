import { Writable } from 'node:stream';
import type { Database } from '@ask-analyst/workspace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createUser, openTestDatabase, PASSWORD } from '../test-support/fixtures.js';
import {
  authorizationUrl,
  Browser,
  CLIENT_ID,
  formOf,
  pkce,
  signInAndGetTokens,
  startTestServer,
  type TestServer,
  tokenRequest,
} from '../test-support/harness.js';
import { pathOnly } from './logging.js';

describe('logs', () => {
  let db: Database;
  let server: TestServer;
  const lines: string[] = [];

  beforeAll(async () => {
    db = await openTestDatabase();
    const orgId = await createOrg(db, 'Acme', true);
    await createUser(db, orgId, 'logs@acme.test');
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    server = await startTestServer(db, { logger: { level: 'trace', stream } });
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('carry no passwords, codes, tokens, cookies or query strings', async () => {
    const { body, browser } = await signInAndGetTokens(server, { email: 'logs@acme.test' });
    const refreshed = await tokenRequest(server, {
      grant_type: 'refresh_token',
      refresh_token: body.refresh_token as string,
      client_id: CLIENT_ID,
    });
    expect(refreshed.status).toBe(200);
    const wrong = new Browser(server.url);
    const signIn = await wrong.open(
      authorizationUrl(server, { code_challenge: pkce().challenge, state: 'secret-state' }),
    );
    if (signIn.kind !== 'page') throw new Error('no sign-in page');
    const form = formOf(signIn.page.html);
    await wrong.submit(form.action, {
      csrf: form.csrf,
      email: 'logs@acme.test',
      password: 'wrong-password-123',
    });
    await fetch(new URL('/nowhere?code=secret-in-a-404', server.url));
    await fetch(new URL('/healthz', server.url), {
      headers: { authorization: 'Bearer secret-bearer', cookie: 'a=secret-cookie' },
    });

    const log = lines.join('');
    // The interaction cookies hold the interaction id, which is in the interaction's URL by design;
    // the session cookie and every cookie signature are secrets.
    const secretCookies = browser
      .cookieJar()
      .filter((c) => c.name === '_session' || c.name.endsWith('.sig'))
      .map((c) => c.value);
    expect(secretCookies.length).toBeGreaterThanOrEqual(2);
    expect(log).toContain('"url":"/oauth/authorize"');
    expect(log).toContain('"url":"/oauth/token"');
    for (const secret of [
      PASSWORD,
      'wrong-password-123',
      body.access_token as string,
      body.refresh_token as string,
      refreshed.body.refresh_token as string,
      'secret-state',
      'code_challenge',
      'secret-bearer',
      'secret-cookie',
      'secret-in-a-404',
      form.csrf,
      ...secretCookies,
    ]) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toMatch(/[?&]code=/);
  });

  it('strip query strings from URLs', () => {
    expect(pathOnly('/oauth/authorize?code=abc')).toBe('/oauth/authorize');
    expect(pathOnly('/cb#access_token=x')).toBe('/cb');
    expect(pathOnly('/jwks')).toBe('/jwks');
    expect(pathOnly(undefined)).toBe('');
  });
});
