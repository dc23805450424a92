import type { Database } from '@ask-analyst/workspace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test-support/fixtures.js';
import { startTestServer, type TestServer } from '../test-support/harness.js';

const ISSUER = 'https://auth.example.com';

/**
 * An https issuer reached over plain HTTP: what a deployment behind a TLS-terminating proxy sees when
 * the proxy is not declared (TRUST_PROXY) or a client bypasses it. (Served TLS itself is covered end
 * to end in e2e/src/production-https.test.ts.)
 */
describe('an https authorization server refuses requests that did not arrive over TLS', () => {
  let db: Database;
  let direct: TestServer;
  let proxied: TestServer;

  beforeAll(async () => {
    db = await openTestDatabase();
    direct = await startTestServer(db, { env: { AUTH_URL: ISSUER } });
    proxied = await startTestServer(db, { env: { AUTH_URL: ISSUER, TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await direct.close();
    await proxied.close();
    await db.close();
  });

  for (const path of ['/.well-known/oauth-authorization-server', '/oauth/authorize', '/']) {
    it(`${path}: 400 invalid_request, with the security headers`, async () => {
      const res = await fetch(new URL(path, direct.url), { redirect: 'manual' });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: 'invalid_request',
        error_description: 'This authorization server is reached only over HTTPS.',
      });
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      expect(res.headers.get('set-cookie')).toBeNull();
    });
  }

  it('keeps /healthz open to plain-HTTP load balancer probes', async () => {
    const res = await fetch(new URL('/healthz', direct.url));
    expect(res.status).toBe(200);
  });

  it('serves a declared proxy that says the request came over https', async () => {
    const res = await fetch(new URL('/.well-known/oauth-authorization-server', proxied.url), {
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'auth.example.com' },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { issuer: string }).issuer).toBe(ISSUER);
    const plain = await fetch(new URL('/.well-known/oauth-authorization-server', proxied.url), {
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(plain.status).toBe(400);
  });
});
