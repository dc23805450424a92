import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, mcpHeaders, type TestApp } from '../test-support/app.js';

describe('security headers on every answer of the MCP server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('metadata, health, 401, 404 and tool answers all carry them', async () => {
    const token = await t.token();
    const answers = [
      await t.app.inject({ url: '/.well-known/oauth-protected-resource' }),
      await t.app.inject({ url: '/healthz' }),
      await t.app.inject({ url: '/nothing-here' }),
      await t.app.inject({ method: 'POST', url: '/mcp', headers: mcpHeaders(), payload: {} }),
      await t.app.inject({
        method: 'POST',
        url: '/mcp',
        headers: mcpHeaders(token),
        payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      }),
    ];
    for (const response of answers) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-request-id']).toMatch(/^req_/);
    }
  });
});
