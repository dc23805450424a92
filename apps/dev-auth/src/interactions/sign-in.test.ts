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

describe('sign-in throttling', () => {
  let db: Database;
  let server: TestServer;

  beforeAll(async () => {
    db = await openTestDatabase();
    await seedPeople(db);
    server = await startTestServer(db, {
      env: { SIGN_IN_FREE_FAILURES: '3', SIGN_IN_LIMIT_PER_IP: '9', TRUST_PROXY: 'loopback' },
    });
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  // The test's "addresses" are X-Forwarded-For entries a trusted loopback proxy would add.
  const attempt = async (email: string, password: string, address: string) => {
    const browser = new Browser(server.url, { 'x-forwarded-for': address });
    const first = pageOf(
      await browser.open(authorizationUrl(server, { code_challenge: pkce().challenge })),
    );
    const form = formOf(first.html);
    return browser.submit(form.action, { csrf: form.csrf, email, password });
  };
  const status = async (email: string, password: string, address: string) => {
    const visit = await attempt(email, password, address);
    if (visit.kind !== 'page') return 'signed-in';
    // Signed in, the browser lands on the consent page.
    return visit.page.html.includes('data-testid="allow"') ? 'signed-in' : visit.page.status;
  };

  it('never counts successful sign-ins', async () => {
    for (let i = 0; i < 12; i += 1) {
      expect(await status('ada@acme.test', PASSWORD, '192.0.2.10')).toBe('signed-in');
    }
  });

  it('delays an account at an address after its free failures, growing', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect(await status('grace@acme.test', 'wrong', '192.0.2.20')).toBe(401);
    }
    // The fourth failure starts the delay (1 s), so the next attempt is refused unchecked,
    // even with the right password and the email typed differently.
    expect(await status('grace@acme.test', 'wrong', '192.0.2.20')).toBe(401);
    const limited = pageOf(await attempt('GRACE@acme.test', PASSWORD, '192.0.2.20'));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(limited.html).toContain('Too many failed sign-in attempts. Try again in 1 second.');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await status('grace@acme.test', 'wrong', '192.0.2.20')).toBe(401);
    const longer = pageOf(await attempt('grace@acme.test', PASSWORD, '192.0.2.20'));
    expect(longer.status).toBe(429);
    expect(longer.headers.get('retry-after')).toBe('2');
  });

  it('lets the right password in from another address meanwhile', async () => {
    expect(await status('grace@acme.test', PASSWORD, '198.51.100.5')).toBe('signed-in');
  });

  it('holds one address failing across accounts to its limit', async () => {
    for (const email of ['a@x.test', 'b@x.test', 'c@x.test', 'd@x.test', 'e@x.test']) {
      expect(await status(email, 'wrong', '203.0.113.30')).toBe(401);
    }
    for (const email of ['f@x.test', 'g@x.test', 'h@x.test', 'i@x.test']) {
      expect(await status(email, 'wrong', '203.0.113.30')).toBe(401);
    }
    expect(await status('ada@acme.test', PASSWORD, '203.0.113.30')).toBe(429);
    expect(await status('ada@acme.test', PASSWORD, '203.0.113.31')).toBe('signed-in');
  });
});
