import type { Database } from '@ask-analyst/workspace';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createUser, openTestDatabase } from './test-support/fixtures.js';
import {
  authorizationUrl,
  Browser,
  formOf,
  pageOf,
  pkce,
  signInAndGetTokens,
  startTestServer,
  type TestServer,
} from './test-support/harness.js';

async function register(
  server: TestServer,
  metadata: Record<string, unknown>,
  path = '/oauth/register',
) {
  const res = await fetch(new URL(path, server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(metadata),
  });
  return {
    status: res.status,
    headers: res.headers,
    body: (await res.json()) as Record<string, unknown>,
  };
}

async function consentPageFor(
  server: TestServer,
  clientId: string,
  redirectUri: string,
  email: string,
) {
  const browser = new Browser(server.url);
  const signIn = pageOf(
    await browser.open(
      authorizationUrl(server, {
        client_id: clientId,
        redirect_uri: redirectUri,
        code_challenge: pkce().challenge,
      }),
    ),
  );
  const form = formOf(signIn.html);
  return {
    signIn,
    consent: pageOf(
      await browser.submit(form.action, {
        csrf: form.csrf,
        email,
        password: 'correct horse battery staple',
      }),
    ),
  };
}

describe('Dynamic Client Registration (RFC 7591)', () => {
  let db: Database;
  let server: TestServer;
  let orgId: string;

  beforeAll(async () => {
    db = await openTestDatabase();
    orgId = await createOrg(db, 'Acme', true);
    server = await startTestServer(db, { env: { REGISTRATION_LIMIT_PER_IP: '7' } });
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('registers a public client with a loopback redirect; it can sign users in', async () => {
    const { status, body } = await register(server, {
      client_name: 'Some <b>Agent</b>',
      redirect_uris: ['http://127.0.0.1:7001/callback'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    });
    expect(status).toBe(201);
    expect(body.client_id).toEqual(expect.any(String));
    expect(body.token_endpoint_auth_method).toBe('none');
    expect(body).not.toHaveProperty('registration_access_token');
    const clientId = body.client_id as string;

    const stored = await db.query("select id from oidc_models where model = 'Client' and id = $1", [
      clientId,
    ]);
    expect(stored.rowCount).toBe(1);

    // RFC 8252 section 7.3: another port on the same loopback host and path is fine.
    await createUser(db, orgId, 'dcr@acme.test');
    const { consent } = await consentPageFor(
      server,
      clientId,
      'http://127.0.0.1:7002/callback',
      'dcr@acme.test',
    );
    expect(consent.status).toBe(200);
    expect(consent.html).toContain('data-testid="unverified"');
    expect(consent.html).toContain('Some &lt;b&gt;Agent&lt;/b&gt;');
    expect(consent.html).not.toContain('<b>Agent</b>');

    const { body: tokens } = await signInAndGetTokens(server, {
      email: 'dcr@acme.test',
      clientId,
      redirectUri: 'http://127.0.0.1:7001/callback',
    });
    expect(decodeJwt(tokens.access_token as string).client_id).toBe(clientId);

    // Another path is not.
    const wrongPath = pageOf(
      await new Browser(server.url).open(
        authorizationUrl(server, {
          client_id: clientId,
          redirect_uri: 'http://127.0.0.1:7001/other',
          code_challenge: pkce().challenge,
        }),
      ),
    );
    expect(wrongPath.status).toBe(400);
  });

  it('accepts the MCP scopes in a registration and defaults requests to what was registered', async () => {
    const { status, body } = await register(server, {
      client_name: 'Reader',
      redirect_uris: ['http://localhost:7100/cb'],
      token_endpoint_auth_method: 'none',
      scope: 'workbooks.read',
    });
    expect(status).toBe(201);
    expect(body.scope).toBe('workbooks.read');
    await createUser(db, orgId, 'reader@acme.test');
    // No scope asked: the registered one. offline_access asked but not registered: dropped, not refused.
    const { body: tokens } = await signInAndGetTokens(server, {
      email: 'reader@acme.test',
      clientId: body.client_id as string,
      redirectUri: 'http://localhost:7100/cb',
      scope: 'offline_access',
    });
    expect(tokens.scope).toBe('workbooks.read');
    expect(typeof tokens.refresh_token).toBe('string');
  });

  it('refuses redirect URIs that are neither https nor loopback', async () => {
    for (const uri of [
      'http://client.example/callback',
      'myapp://callback',
      'http://192.168.1.10/cb',
    ]) {
      const { status, body } = await register(server, {
        redirect_uris: [uri],
        token_endpoint_auth_method: 'none',
      });
      expect(status).toBe(400);
      expect(body.error).toBe('invalid_redirect_uri');
    }
    const https = await register(server, {
      redirect_uris: ['https://client.example/callback'],
      token_endpoint_auth_method: 'none',
    });
    expect(https.status).toBe(201);
  });

  it('rate-limits registrations per address', async () => {
    // Six registrations were counted above; the limit is seven an hour.
    const ok = await register(server, {
      redirect_uris: ['http://localhost/cb'],
      token_endpoint_auth_method: 'none',
    });
    expect(ok.status).toBe(201);
    const limited = await register(server, {
      redirect_uris: ['http://localhost/cb'],
      token_endpoint_auth_method: 'none',
    });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.body.error).toBe('temporarily_unavailable');
  });

  it('keeps registered clients across a restart', async () => {
    const first = await startTestServer(db);
    const { body } = await register(first, {
      redirect_uris: ['http://localhost:9000/cb'],
      token_endpoint_auth_method: 'none',
    });
    await first.close();
    const second = await startTestServer(db);
    try {
      const visit = await new Browser(second.url).open(
        authorizationUrl(second, {
          client_id: body.client_id as string,
          redirect_uri: 'http://localhost:9000/cb',
          code_challenge: pkce().challenge,
        }),
      );
      expect(pageOf(visit).html).toContain('data-testid="sign-in"');
    } finally {
      await second.close();
    }
  });
});

describe('the registration rate limit', () => {
  let db: Database;
  let server: TestServer;

  beforeAll(async () => {
    db = await openTestDatabase();
    server = await startTestServer(db, { env: { REGISTRATION_LIMIT_PER_IP: '3' } });
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  const metadata = { redirect_uris: ['http://localhost/cb'], token_endpoint_auth_method: 'none' };

  it('counts and limits every path the provider routes to registration', async () => {
    // The provider's router ignores case and a trailing slash; each of these registers a client.
    for (const path of ['/oauth/Register', '/oauth/register/', '/oauth/REGISTER?x=1']) {
      const { status, body } = await register(server, metadata, path);
      expect({ path, status }).toEqual({ path, status: 201 });
      expect(body.client_id).toBeTruthy();
    }
    for (const path of [
      '/oauth/register',
      '/oauth/Register',
      '/oauth/register/',
      '/oauth/rEgIsTeR/',
      '/oauth/./register',
    ]) {
      const limited = await register(server, metadata, path);
      expect({ path, status: limited.status }).toEqual({ path, status: 429 });
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(limited.headers.get('cache-control')).toBe('no-store');
      expect(limited.body.error).toBe('temporarily_unavailable');
    }
    const { rows } = await db.query<{ n: number }>(
      "select count(*)::int as n from oidc_models where model = 'Client'",
    );
    expect(rows[0]?.n).toBe(3);
  });

  it('leaves the other endpoints alone', async () => {
    const res = await fetch(new URL('/.well-known/oauth-authorization-server', server.url));
    expect(res.status).toBe(200);
  });
});

describe('Client ID Metadata Documents', () => {
  const CLIENT_URL = 'https://agent.example/oauth/client.json';
  let db: Database;
  let server: TestServer;
  const fetched: string[] = [];

  beforeAll(async () => {
    db = await openTestDatabase();
    const orgId = await createOrg(db, 'Acme', true);
    await createUser(db, orgId, 'cimd@acme.test');
    server = await startTestServer(db, {
      fetch: async (input) => {
        const url = String(input instanceof Request ? input.url : input);
        fetched.push(url);
        const document = {
          client_id: url,
          client_name: 'Agent From A Document',
          redirect_uris: ['http://localhost:7777/cb'],
          token_endpoint_auth_method: 'none',
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
        };
        if (url.endsWith('/bad.json')) document.redirect_uris = ['http://agent.example/cb'];
        return new Response(JSON.stringify(document), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('resolves an https client_id from its document and marks it unverified', async () => {
    const { consent } = await consentPageFor(
      server,
      CLIENT_URL,
      'http://localhost:7777/cb',
      'cimd@acme.test',
    );
    expect(fetched).toContain(CLIENT_URL);
    expect(consent.html).toContain('Agent From A Document');
    expect(consent.html).toContain('data-testid="unverified"');
    const { body } = await signInAndGetTokens(server, {
      email: 'cimd@acme.test',
      clientId: CLIENT_URL,
      redirectUri: 'http://localhost:7777/cb',
    });
    expect(decodeJwt(body.access_token as string).client_id).toBe(CLIENT_URL);
  });

  it('does not fetch documents from loopback names or IP literals', async () => {
    for (const clientId of [
      'https://localhost/client.json',
      'https://10.0.0.1/client.json',
      'https://[::1]/c.json',
    ]) {
      const shown = pageOf(
        await new Browser(server.url).open(
          authorizationUrl(server, {
            client_id: clientId,
            redirect_uri: 'http://localhost:7777/cb',
            code_challenge: pkce().challenge,
          }),
        ),
      );
      expect(shown.status).toBe(400);
      expect(fetched).not.toContain(clientId);
    }
  });

  it('refuses a document whose redirect URIs are neither https nor loopback', async () => {
    const shown = pageOf(
      await new Browser(server.url).open(
        authorizationUrl(server, {
          client_id: 'https://agent.example/bad.json',
          redirect_uri: 'http://agent.example/cb',
          code_challenge: pkce().challenge,
        }),
      ),
    );
    expect(shown.status).toBe(400);
  });
});
