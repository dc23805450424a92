import { createHash } from 'node:crypto';
import type { Database } from '@ask-analyst/workspace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, PASSWORD, seedPeople } from '../test-support/fixtures.js';
import {
  authorizationUrl,
  authorizeInBrowser,
  Browser,
  formOf,
  pageOf,
  pkce,
  startTestServer,
  type TestServer,
} from '../test-support/harness.js';

describe('sign-in page', () => {
  let db: Database;
  let server: TestServer;

  beforeAll(async () => {
    db = await openTestDatabase();
    await seedPeople(db);
    server = await startTestServer(db);
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  const openSignIn = async () => {
    const browser = new Browser(server.url);
    const first = pageOf(
      await browser.open(authorizationUrl(server, { code_challenge: pkce().challenge })),
    );
    return { browser, first, form: formOf(first.html) };
  };

  it('has the automation hooks and forbids framing', async () => {
    const { first } = await openSignIn();
    expect(first.status).toBe(200);
    expect(first.html).toMatch(/<input[^>]*type="email" name="email"/);
    expect(first.html).toMatch(/<input[^>]*type="password" name="password"/);
    expect(first.html).toContain('data-testid="sign-in"');
    expect(first.headers.get('x-frame-options')).toBe('DENY');
    expect(first.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(first.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(first.headers.get('cache-control')).toBe('no-store');
    // Not no-referrer: under it browsers post forms with `Origin: null`, which the forms refuse.
    expect(first.headers.get('referrer-policy')).toBe('same-origin');
    // The inline stylesheet is exactly the one the CSP allows.
    const style = /<style>([\s\S]*?)<\/style>/.exec(first.html)?.[1] ?? '';
    const hash = createHash('sha256').update(style).digest('base64');
    expect(first.headers.get('content-security-policy')).toContain(`style-src 'sha256-${hash}'`);
  });

  it('answers an unknown email and a wrong password identically', async () => {
    const { browser, form } = await openSignIn();
    const unknown = pageOf(
      await browser.submit(form.action, {
        csrf: form.csrf,
        email: 'nobody@acme.test',
        password: PASSWORD,
      }),
    );
    const wrong = pageOf(
      await browser.submit(form.action, {
        csrf: form.csrf,
        email: 'ada@acme.test',
        password: 'not it',
      }),
    );
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(wrong.html).toBe(unknown.html);
    expect(wrong.html).toContain('The email or password is incorrect.');
    expect(wrong.html).not.toContain('ada@acme.test');
  });

  it('refuses a post without the CSRF token, with a wrong one, or from another origin', async () => {
    const { browser, form } = await openSignIn();
    const fields = { email: 'ada@acme.test', password: PASSWORD };
    const missing = pageOf(await browser.submit(form.action, fields));
    expect(missing.status).toBe(403);
    const forged = pageOf(await browser.submit(form.action, { ...fields, csrf: 'x'.repeat(43) }));
    expect(forged.status).toBe(403);
    const crossSite = pageOf(
      await browser.submit(form.action, { ...fields, csrf: form.csrf }, 'https://evil.example'),
    );
    expect(crossSite.status).toBe(403);
    // The token of one interaction does not work on another.
    const other = await openSignIn();
    const replayed = pageOf(
      await other.browser.submit(other.form.action, { ...fields, csrf: form.csrf }),
    );
    expect(replayed.status).toBe(403);
  });

  it('refuses a post without the interaction cookie', async () => {
    const { form } = await openSignIn();
    const stranger = new Browser(server.url);
    const res = pageOf(
      await stranger.submit(form.action, {
        csrf: form.csrf,
        email: 'ada@acme.test',
        password: PASSWORD,
      }),
    );
    expect(res.status).toBe(400);
    expect(res.html).toContain('expired');
  });

  it('refuses a user of a non-enrolled organization before any code, telling page and client why', async () => {
    const browser = new Browser(server.url);
    const { visit } = await authorizeInBrowser(
      browser,
      authorizationUrl(server, { code_challenge: pkce().challenge, state: 'globex' }),
      { email: 'hopper@globex.test' },
    );
    const refused = pageOf(visit);
    expect(refused.status).toBe(403);
    expect(refused.html).toContain('not enrolled in the Ask Analyst private beta');
    const returnTo = /href="([^"]+)" data-testid="return"/.exec(refused.html)?.[1] ?? '';
    expect(refused.html).toContain(`<meta http-equiv="refresh" content="3;url=${returnTo}">`);

    const back = await browser.open(returnTo);
    if (back.kind !== 'callback') throw new Error(back.page.html);
    expect(back.url.searchParams.get('error')).toBe('access_denied');
    expect(back.url.searchParams.get('error_description')).toContain(
      'not enrolled in the Ask Analyst private beta',
    );
    expect(back.url.searchParams.get('state')).toBe('globex');
    expect(back.url.searchParams.get('iss')).toBe(server.url);
    expect(back.url.searchParams.get('code')).toBeNull();
  });

  it('refuses a revoked user the same way', async () => {
    const browser = new Browser(server.url);
    const { visit } = await authorizeInBrowser(
      browser,
      authorizationUrl(server, { code_challenge: pkce().challenge }),
      {
        email: 'linus@acme.test',
      },
    );
    const refused = pageOf(visit);
    expect(refused.status).toBe(403);
    expect(refused.html).toContain('access to Ask Analyst has been revoked');
    const returnTo = /href="([^"]+)" data-testid="return"/.exec(refused.html)?.[1] ?? '';
    const back = await browser.open(returnTo);
    if (back.kind !== 'callback') throw new Error(back.page.html);
    expect(back.url.searchParams.get('error')).toBe('access_denied');
    expect(back.url.searchParams.get('error_description')).toContain('revoked');
  });

  it('a revoked user with a wrong password only hears that the password is wrong', async () => {
    const { browser, form } = await openSignIn();
    const res = pageOf(
      await browser.submit(form.action, {
        csrf: form.csrf,
        email: 'linus@acme.test',
        password: 'nope',
      }),
    );
    expect(res.status).toBe(401);
    expect(res.html).not.toContain('revoked');
  });
});

describe('sign-in rate limits', () => {
  let db: Database;
  let server: TestServer;

  beforeAll(async () => {
    db = await openTestDatabase();
    await seedPeople(db);
    server = await startTestServer(db, {
      env: { SIGN_IN_LIMIT_PER_EMAIL: '3', SIGN_IN_LIMIT_PER_IP: '7' },
    });
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  const attempt = async (email: string, password = 'wrong') => {
    const browser = new Browser(server.url);
    const first = pageOf(
      await browser.open(authorizationUrl(server, { code_challenge: pkce().challenge })),
    );
    const form = formOf(first.html);
    return pageOf(await browser.submit(form.action, { csrf: form.csrf, email, password }));
  };

  it('limits attempts per email, even with the right password afterwards', async () => {
    for (let i = 0; i < 3; i += 1) expect((await attempt('grace@acme.test')).status).toBe(401);
    const limited = await attempt('GRACE@acme.test', PASSWORD);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.html).toContain('Too many sign-in attempts');
  });

  it('limits attempts per address across emails', async () => {
    // Four attempts were already counted for this address by the previous test.
    for (const email of ['a@x.test', 'b@x.test', 'c@x.test'])
      expect((await attempt(email)).status).toBe(401);
    expect((await attempt('d@x.test')).status).toBe(429);
  });
});
