import type { Database } from '@ask-analyst/workspace';
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, openTestDatabase, seedPeople } from './test-support/fixtures.js';
import {
  authorizationUrl,
  authorizeInBrowser,
  Browser,
  CLIENT_ID,
  formOf,
  pageOf,
  pkce,
  REDIRECT_URI,
  signInAndGetTokens,
  startTestServer,
  TEST_RESOURCE,
  type TestServer,
  tokenRequest,
  type Visit,
} from './test-support/harness.js';

function callback(visit: Visit): URL {
  if (visit.kind !== 'callback')
    throw new Error(
      `expected a redirect to the client, got ${visit.page.status}\n${visit.page.html}`,
    );
  return visit.url;
}

describe('authorization code + PKCE over HTTP', () => {
  let db: Database;
  let server: TestServer;
  let people: Awaited<ReturnType<typeof seedPeople>>;

  beforeAll(async () => {
    db = await openTestDatabase();
    people = await seedPeople(db);
    server = await startTestServer(db);
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('signs in, consents and issues an ES256 at+jwt for the MCP resource', async () => {
    const browser = new Browser(server.url);
    const { verifier, challenge } = pkce();
    const url = authorizationUrl(server, { code_challenge: challenge, state: 'st-1' });
    const { visit, sawSignIn, sawConsent } = await authorizeInBrowser(browser, url, {
      email: 'ada@acme.test',
    });
    expect(sawSignIn).toBe(true);
    expect(sawConsent).toBe(true);
    const back = callback(visit);
    expect(back.origin + back.pathname).toBe(REDIRECT_URI);
    expect(back.searchParams.get('state')).toBe('st-1');
    expect(back.searchParams.get('iss')).toBe(server.url); // RFC 9207
    const code = back.searchParams.get('code') ?? '';

    const { status, body } = await tokenRequest(server, {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
    });
    expect(status).toBe(200);
    expect(body.token_type).toBe('Bearer');
    expect(body.expires_in).toBe(600);
    expect(body.scope).toBe('workbooks.read analyses.write');
    expect(typeof body.refresh_token).toBe('string');

    const token = body.access_token as string;
    const header = decodeProtectedHeader(token);
    expect(header.typ).toBe('at+jwt');
    expect(header.alg).toBe('ES256');
    const jwks = createRemoteJWKSet(new URL('/jwks', server.url));
    const { payload } = await jwtVerify(token, jwks, {
      issuer: server.url,
      audience: TEST_RESOURCE,
      typ: 'at+jwt',
      algorithms: ['ES256'],
    });
    expect(payload.aud).toBe(TEST_RESOURCE);
    expect(payload.sub).toBe(people.ada.id);
    expect(payload.org).toBe(people.acme);
    expect(payload.scope).toBe('workbooks.read analyses.write');
    expect(payload.client_id).toBe(CLIENT_ID);
    expect(typeof payload.jti).toBe('string');
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(600);

    // Consent is remembered: the same browser goes straight back with a code.
    const second = await authorizeInBrowser(
      browser,
      authorizationUrl(server, { code_challenge: pkce().challenge }),
      {
        email: 'ada@acme.test',
      },
    );
    expect(second.sawSignIn).toBe(false);
    expect(second.sawConsent).toBe(false);
    expect(callback(second.visit).searchParams.get('code')).toBeTruthy();

    // ...and per user and client, not per browser: a new browser signs in but is not asked again.
    const elsewhere = await authorizeInBrowser(
      new Browser(server.url),
      authorizationUrl(server, { code_challenge: pkce().challenge }),
      { email: 'ada@acme.test' },
    );
    expect(elsewhere.sawSignIn).toBe(true);
    expect(elsewhere.sawConsent).toBe(false);
    expect(callback(elsewhere.visit).searchParams.get('code')).toBeTruthy();
  });

  it('defaults the scopes on every path the provider routes to authorization', async () => {
    await createUser(db, people.acme, 'paths@acme.test');
    const browser = new Browser(server.url);
    for (const path of ['/oauth/Authorize', '/oauth/authorize/']) {
      const { verifier, challenge } = pkce();
      const url = new URL(authorizationUrl(server, { code_challenge: challenge }));
      url.pathname = path;
      const { visit } = await authorizeInBrowser(browser, url.href, { email: 'paths@acme.test' });
      const { status, body } = await tokenRequest(server, {
        grant_type: 'authorization_code',
        code: callback(visit).searchParams.get('code') ?? '',
        code_verifier: verifier,
        client_id: CLIENT_ID,
        redirect_uri: REDIRECT_URI,
      });
      expect({ path, status, scope: body.scope }).toEqual({
        path,
        status: 200,
        scope: 'workbooks.read analyses.write',
      });
    }
  });

  it('shows a consent page naming the client, resource and scopes, with no framing', async () => {
    const browser = new Browser(server.url);
    const start = pageOf(
      await browser.open(authorizationUrl(server, { code_challenge: pkce().challenge })),
    );
    const form = formOf(start.html);
    const consent = pageOf(
      await browser.submit(form.action, {
        csrf: form.csrf,
        email: 'grace@acme.test',
        password: 'correct horse battery staple',
      }),
    );
    expect(consent.status).toBe(200);
    expect(consent.html).toContain('data-testid="allow"');
    expect(consent.html).toContain('data-testid="deny"');
    expect(consent.html).toContain('Analyst Code Editor');
    expect(consent.html).not.toContain('data-testid="unverified"');
    expect(consent.html).toContain(TEST_RESOURCE);
    expect(consent.html).toContain('workbooks.read');
    expect(consent.html).toContain(
      '<input type="checkbox" name="scope" value="analyses.write" checked>',
    );
    expect(consent.html).toContain('grace@acme.test');
    expect(consent.headers.get('x-frame-options')).toBe('DENY');
    expect(consent.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");

    // Without its CSRF token the consent is refused and nothing is granted.
    const consentForm = formOf(consent.html);
    const forged = pageOf(
      await browser.submit(consentForm.action, { decision: 'allow', scope: ['workbooks.read'] }),
    );
    expect(forged.status).toBe(403);

    const denied = callback(
      await browser.submit(consentForm.action, { csrf: consentForm.csrf, decision: 'deny' }),
    );
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('code')).toBeNull();
  });

  it('lets the user leave out analyses.write (a read-only connection)', async () => {
    const { body } = await signInAndGetTokens(server, {
      email: 'alan@acme.test',
      consent: 'read-only',
    });
    expect(body.scope).toBe('workbooks.read');
    expect(decodeJwt(body.access_token as string).scope).toBe('workbooks.read');
  });

  it('denies an Allow that grants nothing (only analyses.write asked, and left out)', async () => {
    await createUser(db, people.acme, 'nothing@acme.test');
    const browser = new Browser(server.url);
    const ask = () =>
      authorizeInBrowser(
        browser,
        authorizationUrl(server, { code_challenge: pkce().challenge, scope: 'analyses.write' }),
        { email: 'nothing@acme.test', consent: 'read-only' },
      );
    const first = await ask();
    expect(first.sawConsent).toBe(true);
    const denied = callback(first.visit);
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('code')).toBeNull();
    // Nothing was remembered: the same request shows the page again (an Allow that granted
    // nothing was saved as a rejection before, and every later request was refused unseen).
    const again = await ask();
    expect(again.sawConsent).toBe(true);
    expect(callback(again.visit).searchParams.get('error')).toBe('access_denied');
  });

  it('denies it too beside a grant of other scopes, and still asks the next time', async () => {
    await createUser(db, people.acme, 'partial@acme.test');
    const browser = new Browser(server.url);
    const ask = (scope: string) =>
      authorizeInBrowser(
        browser,
        authorizationUrl(server, { code_challenge: pkce().challenge, scope }),
        { email: 'partial@acme.test', consent: 'read-only' },
      );
    const readOnly = await ask('workbooks.read');
    expect(callback(readOnly.visit).searchParams.get('code')).toBeTruthy();
    for (let i = 0; i < 2; i += 1) {
      const write = await ask('analyses.write');
      expect(write.sawConsent).toBe(true);
      expect(callback(write.visit).searchParams.get('error')).toBe('access_denied');
    }
    // What was granted stays granted: the read-only request is answered without the page.
    const quiet = await ask('workbooks.read');
    expect(quiet.sawConsent).toBe(false);
    expect(callback(quiet.visit).searchParams.get('code')).toBeTruthy();
  });

  it('lets a read-only connection be upgraded by asking for consent again', async () => {
    await createUser(db, people.acme, 'upgrade@acme.test');
    const { browser } = await signInAndGetTokens(server, {
      email: 'upgrade@acme.test',
      consent: 'read-only',
    });
    const exchange = async (visit: Visit, verifier: string) =>
      tokenRequest(server, {
        grant_type: 'authorization_code',
        code: callback(visit).searchParams.get('code') ?? '',
        code_verifier: verifier,
        client_id: CLIENT_ID,
        redirect_uri: REDIRECT_URI,
      });

    // Remembered as read-only: no prompt, a read-only token.
    const quietPkce = pkce();
    const quiet = await authorizeInBrowser(
      browser,
      authorizationUrl(server, { code_challenge: quietPkce.challenge }),
      { email: 'upgrade@acme.test' },
    );
    expect(quiet.sawConsent).toBe(false);
    expect((await exchange(quiet.visit, quietPkce.verifier)).body.scope).toBe('workbooks.read');

    // prompt=consent shows the page again; ticking analyses.write now grants it.
    const askedPkce = pkce();
    const asked = await authorizeInBrowser(
      browser,
      authorizationUrl(server, { code_challenge: askedPkce.challenge, prompt: 'consent' }),
      { email: 'upgrade@acme.test', consent: 'allow' },
    );
    expect(asked.sawConsent).toBe(true);
    expect((await exchange(asked.visit, askedPkce.verifier)).body.scope).toBe(
      'workbooks.read analyses.write',
    );
  });

  it('gives both scopes to a request that names none of them', async () => {
    await createUser(db, people.acme, 'openid@acme.test');
    const { body } = await signInAndGetTokens(server, {
      email: 'openid@acme.test',
      scope: 'openid',
    });
    expect(decodeJwt(body.access_token as string).scope).toBe('workbooks.read analyses.write');
    expect(decodeJwt(body.access_token as string).aud).toBe(TEST_RESOURCE);
  });

  it('accepts the MCP resource named explicitly and refuses any other (invalid_target)', async () => {
    const browser = new Browser(server.url);
    const named = await browser.open(
      authorizationUrl(server, { code_challenge: pkce().challenge, resource: TEST_RESOURCE }),
    );
    expect(pageOf(named).status).toBe(200);

    const unknown = callback(
      await browser.open(
        authorizationUrl(server, {
          code_challenge: pkce().challenge,
          resource: 'https://other.example/mcp',
        }),
      ),
    );
    expect(unknown.searchParams.get('error')).toBe('invalid_target');
    const trailingSlash = callback(
      await browser.open(
        authorizationUrl(server, {
          code_challenge: pkce().challenge,
          resource: `${TEST_RESOURCE}/`,
        }),
      ),
    );
    expect(trailingSlash.searchParams.get('error')).toBe('invalid_target');
  });

  it('refuses an unknown resource at the token endpoint without spending the code', async () => {
    await createUser(db, people.acme, 'target@acme.test');
    const browser = new Browser(server.url);
    const { verifier, challenge } = pkce();
    const { visit } = await authorizeInBrowser(
      browser,
      authorizationUrl(server, { code_challenge: challenge }),
      {
        email: 'target@acme.test',
      },
    );
    const code = callback(visit).searchParams.get('code') ?? '';
    const res = await tokenRequest(server, {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      resource: 'https://other.example/mcp',
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_target');
    // The refusal came before the code was consumed: the corrected exchange still works.
    const retry = await tokenRequest(server, {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      resource: TEST_RESOURCE,
    });
    expect(retry.status).toBe(200);
    expect(typeof retry.body.access_token).toBe('string');
  });

  it('refuses an unknown scope such as admin with invalid_scope instead of dropping it', async () => {
    await createUser(db, people.acme, 'scope@acme.test');
    const browser = new Browser(server.url);
    const { visit } = await authorizeInBrowser(
      browser,
      authorizationUrl(server, { code_challenge: pkce().challenge, scope: 'workbooks.read admin' }),
      { email: 'scope@acme.test' },
    );
    const answer = callback(visit);
    expect(answer.searchParams.get('error')).toBe('invalid_scope');
    expect(answer.searchParams.get('error_description')).toContain('admin');
    expect(answer.searchParams.get('code')).toBeNull();
  });

  it('requires PKCE with S256: plain and a missing challenge are refused', async () => {
    const browser = new Browser(server.url);
    const plain = callback(
      await browser.open(
        authorizationUrl(server, {
          code_challenge: pkce().verifier,
          code_challenge_method: 'plain',
        }),
      ),
    );
    expect(plain.searchParams.get('error')).toBe('invalid_request');
    expect(plain.searchParams.get('error_description')).toContain('code_challenge_method');

    const missing = callback(
      await browser.open(
        authorizationUrl(server, { code_challenge: undefined, code_challenge_method: undefined }),
      ),
    );
    expect(missing.searchParams.get('error')).toBe('invalid_request');
    expect(missing.searchParams.get('error_description')).toContain('PKCE');
  });

  it('takes a code once; a replayed code revokes what it issued (OAuth 2.1 section 4.1.3)', async () => {
    await createUser(db, people.acme, 'replay@acme.test');
    const browser = new Browser(server.url);
    const { verifier, challenge } = pkce();
    const { visit } = await authorizeInBrowser(
      browser,
      authorizationUrl(server, { code_challenge: challenge }),
      {
        email: 'replay@acme.test',
      },
    );
    const exchange = {
      grant_type: 'authorization_code',
      code: callback(visit).searchParams.get('code') ?? '',
      code_verifier: verifier,
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
    };
    const first = await tokenRequest(server, exchange);
    expect(first.status).toBe(200);
    const replay = await tokenRequest(server, exchange);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
    const refresh = await tokenRequest(server, {
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token as string,
      client_id: CLIENT_ID,
    });
    expect(refresh.body.error).toBe('invalid_grant');
  });

  it('refuses a code exchanged with the wrong verifier', async () => {
    await createUser(db, people.acme, 'verifier@acme.test');
    const browser = new Browser(server.url);
    const { visit } = await authorizeInBrowser(
      browser,
      authorizationUrl(server, { code_challenge: pkce().challenge }),
      {
        email: 'verifier@acme.test',
      },
    );
    const res = await tokenRequest(server, {
      grant_type: 'authorization_code',
      code: callback(visit).searchParams.get('code') ?? '',
      code_verifier: pkce().verifier,
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
    });
    expect(res.body.error).toBe('invalid_grant');
  });

  it('lets the code-editor client use any loopback port and path, and nothing else', async () => {
    const browser = new Browser(server.url);
    for (const redirect of [
      'http://localhost:51234/oauth/cb',
      'http://[::1]:9/x',
      'http://127.0.0.1/',
    ]) {
      const visit = await browser.open(
        authorizationUrl(server, { code_challenge: pkce().challenge, redirect_uri: redirect }),
      );
      expect(pageOf(visit).status).toBe(200);
    }
    for (const redirect of [
      'https://evil.example/cb',
      'http://127.0.0.2:80/cb',
      'http://localhost.evil.example/cb',
    ]) {
      const visit = await browser.open(
        authorizationUrl(server, { code_challenge: pkce().challenge, redirect_uri: redirect }),
      );
      const shown = pageOf(visit);
      expect(shown.status).toBe(400);
      expect(shown.html).toContain('redirect_uri');
    }
  });

  it('tells a user whose application is unknown here what to do, not only what failed', async () => {
    const browser = new Browser(server.url);
    const visit = await browser.open(
      authorizationUrl(server, { code_challenge: pkce().challenge, client_id: 'gone-after-reset' }),
    );
    const shown = pageOf(visit);
    expect(shown.status).toBe(400);
    expect(shown.html).toContain('This sign-in request cannot be used');
    expect(shown.html).toContain('Remove the connector in your application and add it again');
  });
});
