import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, mcpHeaders, type TestApp } from '../test-support/app.js';

/** Behind a load balancer: the replica names itself, and SIGTERM's first step turns readiness off. */
describe('a replica behind a load balancer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ REPLICA_NAME: 'mcp-2' });
  });
  afterAll(() => t.close());

  it('names itself in x-replica on every answer', async () => {
    for (const url of ['/healthz', '/readyz', '/no-such-path']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['x-replica'], url).toBe('mcp-2');
    }
  });

  it('answers /readyz 503 with Retry-After after announceShutdown, and still serves calls', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    t.app.announceShutdown();
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe('1');
    expect(ready.json()).toMatchObject({ error: { details: { error_code: 'mcp_unavailable' } } });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const call = await t.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: mcpHeaders(await t.token()),
      payload: {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'whoami', arguments: {} },
      },
    });
    expect(call.statusCode).toBe(200);
    expect(call.body).not.toContain('isError":true');
  });
});
