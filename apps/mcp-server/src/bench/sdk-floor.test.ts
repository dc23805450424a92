import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSdkFloorApp, FLOOR_TOOL } from './sdk-floor.js';

const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'floor-test', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};
const LEGACY_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-11-25',
};

describe('the SDK floor of the bench', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildSdkFloorApp();
  });
  afterAll(() => app.close());

  it("answers a 2025-11-25 ping with the SDK's own answer, under the client's id", async () => {
    for (const id of [1, 1, 'a']) {
      const response = await app.inject({
        method: 'POST',
        url: '/mcp',
        headers: LEGACY_HEADERS,
        payload: { jsonrpc: '2.0', id, method: 'ping' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ jsonrpc: '2.0', id, result: {} });
    }
  });

  it('calls its tool on 2026-07-28, arguments and result validated by the SDK', async () => {
    const call = (limit: number) =>
      app.inject({
        method: 'POST',
        url: '/mcp',
        headers: {
          ...LEGACY_HEADERS,
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': 'tools/call',
          'mcp-name': FLOOR_TOOL,
        },
        payload: {
          jsonrpc: '2.0',
          id: 7,
          method: 'tools/call',
          params: { name: FLOOR_TOOL, arguments: { limit }, _meta: MODERN_META },
        },
      });
    const answered = await call(5);
    expect(answered.statusCode).toBe(200);
    // Answered by the 2026-07-28 server: only that era marks a result complete.
    expect(answered.json()).toMatchObject({
      id: 7,
      result: { structuredContent: { limit: 5 }, resultType: 'complete' },
    });
    const refused = await call(500);
    expect(refused.json()).toMatchObject({ id: 7, result: { isError: true } });
  });

  it('refuses what is not a JSON-RPC request with a 400 rather than leave it unanswered', async () => {
    for (const payload of [
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 1, method: 'ping', params: 5 },
      { id: 1, method: 'ping' },
      [{ jsonrpc: '2.0', id: 1, method: 'ping' }],
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: '/mcp',
        headers: LEGACY_HEADERS,
        payload,
      });
      expect(response.statusCode).toBe(400);
    }
  });
});
