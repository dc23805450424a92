import type { Database } from '@ask-analyst/workspace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test-support/fixtures.js';
import { startTestServer, type TestServer } from '../test-support/harness.js';

describe('security headers (helmet) on every answer of the authorization server', () => {
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

  const common = (headers: Headers) => {
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(headers.get('x-powered-by')).toBeNull();
  };

  for (const path of [
    '/.well-known/oauth-authorization-server',
    '/jwks',
    '/oauth/authorize?client_id=nobody',
    '/oauth/token',
    '/healthz',
    '/no-such-page',
  ]) {
    it(`${path}: the base policy, no referrer`, async () => {
      const res = await fetch(new URL(path, server.url), { redirect: 'manual' });
      common(res.headers);
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    });
  }

  it('own pages: the strict page CSP, same-origin referrer, no caching', async () => {
    const res = await fetch(server.url);
    expect(res.status).toBe(200);
    common(res.headers);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
