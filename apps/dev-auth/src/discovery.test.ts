import { request } from 'node:http';
import type { Database } from '@ask-analyst/workspace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from './test-support/fixtures.js';
import {
  authorizationUrl,
  pkce,
  startTestServer,
  type TestServer,
} from './test-support/harness.js';

describe('discovery', () => {
  let db: Database;
  let server: TestServer;

  beforeAll(async () => {
    db = await openTestDatabase();
    server = await startTestServer(db);
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  for (const path of [
    '/.well-known/oauth-authorization-server',
    '/.well-known/openid-configuration',
    // The provider's router ignores case and a trailing slash: same document, same scopes.
    '/.well-known/OAuth-Authorization-Server',
    '/.well-known/openid-configuration/',
  ]) {
    it(`serves ${path}`, async () => {
      const res = await fetch(new URL(path, server.url), {
        headers: { origin: 'https://client.example' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('https://client.example');
      const doc = (await res.json()) as Record<string, unknown>;
      expect(doc).toMatchObject({
        issuer: server.url,
        authorization_endpoint: `${server.url}/oauth/authorize`,
        token_endpoint: `${server.url}/oauth/token`,
        registration_endpoint: `${server.url}/oauth/register`,
        revocation_endpoint: `${server.url}/oauth/revoke`,
        jwks_uri: `${server.url}/jwks`,
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['S256'],
        authorization_response_iss_parameter_supported: true,
        client_id_metadata_document_supported: true,
      });
      expect(doc.grant_types_supported).toEqual(
        expect.arrayContaining(['authorization_code', 'refresh_token']),
      );
      expect(doc.grant_types_supported).not.toContain('implicit');
      expect(doc.scopes_supported).toEqual(['workbooks.read', 'analyses.write', 'openid']);
      expect(doc.token_endpoint_auth_methods_supported).toContain('none');
      expect(doc).not.toHaveProperty('userinfo_endpoint');
      expect(doc).not.toHaveProperty('pushed_authorization_request_endpoint');
    });
  }

  it('publishes the ES256 public keys at /jwks', async () => {
    const res = await fetch(new URL('/jwks', server.url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/jwk-set+json');
    const { keys } = (await res.json()) as { keys: Array<Record<string, unknown>> };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(typeof keys[0]?.kid).toBe('string');
    expect(keys[0]).not.toHaveProperty('d');
  });

  it('forbids framing of provider responses and answers health checks', async () => {
    const res = await fetch(new URL('/.well-known/oauth-authorization-server', server.url));
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
    const health = await fetch(new URL('/healthz', server.url));
    expect(await health.json()).toEqual({ status: 'ok' });
  });

  it('leaves unknown paths to a plain 404', async () => {
    expect((await fetch(new URL('/nope', server.url))).status).toBe(404);
  });
});

describe('discovery behind a hostile Host', () => {
  let db: Database;

  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  // fetch() will not send a forged Host; node:http will.
  const getWithHeaders = (url: string, headers: Record<string, string>) =>
    new Promise<{ status: number; body: string; location: string | undefined }>(
      (resolve, reject) => {
        const req = request(url, { headers }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body, location: res.headers.location }),
          );
        });
        req.on('error', reject);
        req.end();
      },
    );

  const forgeries = {
    Host: { host: 'evil.test' },
    'X-Forwarded-Host': { 'x-forwarded-host': 'evil.test', 'x-forwarded-proto': 'https' },
    Forwarded: { forwarded: 'host=evil.test;proto=https' },
  };

  for (const trustProxy of ['false', 'loopback']) {
    for (const [name, headers] of Object.entries(forgeries)) {
      it(`builds every URL from AUTH_URL under a forged ${name} (TRUST_PROXY=${trustProxy})`, async () => {
        const server = await startTestServer(db, { env: { TRUST_PROXY: trustProxy } });
        try {
          for (const path of [
            '/.well-known/oauth-authorization-server',
            '/.well-known/openid-configuration',
          ]) {
            const res = await getWithHeaders(`${server.url}${path}`, headers);
            expect(res.status).toBe(200);
            expect(res.body).not.toContain('evil.test');
            const doc = JSON.parse(res.body) as Record<string, string>;
            expect(doc.token_endpoint).toBe(`${server.url}/oauth/token`);
            expect(doc.authorization_endpoint).toBe(`${server.url}/oauth/authorize`);
            expect(doc.registration_endpoint).toBe(`${server.url}/oauth/register`);
            expect(doc.jwks_uri).toBe(`${server.url}/jwks`);
          }
          // The authorization endpoint's redirect to the sign-in page stays on the issuer too.
          const authorize = await getWithHeaders(
            authorizationUrl(server, { code_challenge: pkce().challenge }),
            headers,
          );
          expect(authorize.status).toBe(303);
          expect(authorize.location ?? '').not.toContain('evil.test');
        } finally {
          await server.close();
        }
      });
    }
  }
});
