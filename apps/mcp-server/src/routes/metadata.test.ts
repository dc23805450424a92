import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, mcpHeaders, type TestApp } from '../test-support/app.js';
import { ISSUER, MCP_URL } from '../test-support/issuer.js';

const FORGERIES: Record<string, Record<string, string>> = {
  Host: { host: 'evil.test' },
  'X-Forwarded-Host': {
    host: 'evil.test',
    'x-forwarded-host': 'evil.test',
    'x-forwarded-proto': 'https',
  },
  Forwarded: { host: 'evil.test', forwarded: 'host=evil.test;proto=https' },
};

// Issue #28: the authorization server used to take its metadata URLs from `Host`; this server
// must never, proxy trusted or not (RFC 9728 section 3.3: `resource` is the configured identifier).
describe.each(['false', 'true'])('metadata under a hostile Host (TRUST_PROXY=%s)', (trustProxy) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: trustProxy });
  });
  afterAll(async () => {
    await t.close();
  });

  for (const [name, headers] of Object.entries(FORGERIES)) {
    it(`names only the configured origins under a forged ${name}`, async () => {
      for (const url of [
        '/.well-known/oauth-protected-resource',
        '/.well-known/oauth-protected-resource/mcp',
      ]) {
        const response = await t.app.inject({ url, headers });
        expect(response.statusCode).toBe(200);
        expect(response.body).not.toContain('evil.test');
        expect(response.json()).toMatchObject({
          resource: `${MCP_URL}/mcp`,
          authorization_servers: [ISSUER],
        });
      }
      const challenge = await t.app.inject({
        method: 'POST',
        url: '/mcp',
        headers: { ...mcpHeaders(), ...headers },
        payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      });
      expect(challenge.statusCode).toBe(401);
      expect(challenge.headers['www-authenticate']).toContain(
        `resource_metadata="${MCP_URL}/.well-known/oauth-protected-resource/mcp"`,
      );
      expect(challenge.body).not.toContain('evil.test');
    });
  }
});
