import { connect } from 'node:net';
import { HttpErrorBodySchema } from '@ask-analyst/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, mcpHeaders, type TestApp } from '../test-support/app.js';
import { rpcMessages } from '../test-support/mcp-call.js';
import { tools } from '../tools/index.js';

/** Findings of the probes of the running stack (issue #11), each pinned by a test. */
describe('probe findings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a 100 KB Authorization header gets the SPEC body with x-request-id (431)', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(address.port, '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
      socket.write(
        `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${'a'.repeat(100 * 1024)}\r\n` +
          'Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
      );
    });
    const [head = '', body = ''] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    const requestId = /x-request-id: (req_\w+)/i.exec(head)?.[1];
    expect(requestId).toBeDefined();
    const parsed = HttpErrorBodySchema.parse(JSON.parse(body));
    expect(parsed.error.details.error_code).toBe('mcp_invalid_request');
    expect(parsed.request_id).toBe(requestId);
  });

  it('refuses a __proto__ key anywhere in a call with -32602 and the SPEC body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: mcpHeaders(await t.token()),
      payload:
        '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"whoami","arguments":{"__proto__":{"admin":true}}}}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32602, details: { error_code: 'mcp_invalid_request' } },
      request_id: response.headers['x-request-id'],
    });
  });

  it('every tool refuses unknown arguments with invalid_argument (strict inputs)', async () => {
    const token = await t.token();
    for (const tool of tools) {
      for (const args of [{ surprise: 1 }]) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/mcp',
          headers: mcpHeaders(token),
          payload: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'tools/call',
            params: { name: tool.name, arguments: args },
          }),
        });
        expect(response.statusCode, tool.name).toBe(200);
        const result = rpcMessages(response).find((m) => 'result' in m)?.result as {
          isError?: boolean;
          structuredContent?: { error?: { code?: string } };
        };
        expect(result.isError, `${tool.name} ${JSON.stringify(args)}`).toBe(true);
        expect(result.structuredContent?.error?.code).toBe('invalid_argument');
      }
    }
  });

  for (const version of ['2025-11-25', '2026-07-28']) {
    it(`refuses JSON-RPC batch arrays with a clear error (${version})`, async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/mcp',
        headers: mcpHeaders(await t.token(), { 'mcp-protocol-version': version }),
        payload: JSON.stringify([
          { jsonrpc: '2.0', id: 1, method: 'tools/list' },
          { jsonrpc: '2.0', id: 2, method: 'tools/list' },
        ]),
      });
      expect(response.statusCode).toBe(400);
      const body = response.json<Record<string, unknown>>();
      expect(body).toMatchObject({
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32600,
          message: expect.stringMatching(/batches are not supported/) as unknown,
        },
        request_id: response.headers['x-request-id'],
      });
      expect(HttpErrorBodySchema.parse(body).error.details.error_code).toBe('mcp_invalid_request');
    });
  }

  for (const [method, params] of [
    ['initialize', undefined],
    ['initialize', {}],
    ['tools/list', { cursor: 5 }],
    ['resources/read', {}],
    ['logging/setLevel', { level: 'not-a-level' }],
  ] as const) {
    it(`answers ${method} with malformed params ${JSON.stringify(params)} with -32602, not -32603`, async () => {
      // Fuzzing found the SDK answering these with -32603 and the raw zod issues (SDK issue #2284).
      const response = await t.app.inject({
        method: 'POST',
        url: '/mcp',
        headers: mcpHeaders(await t.token()),
        payload: { jsonrpc: '2.0', id: 3, method, ...(params ? { params } : {}) },
      });
      expect(response.statusCode).toBe(400);
      const body = response.json<Record<string, unknown>>();
      expect(body).toMatchObject({
        jsonrpc: '2.0',
        id: 3,
        error: {
          code: -32602,
          message: expect.stringMatching(
            new RegExp(`^Invalid params for ${method}: check `),
          ) as unknown,
        },
        request_id: response.headers['x-request-id'],
      });
      expect(HttpErrorBodySchema.parse(body).error.details.error_code).toBe('mcp_invalid_request');
      expect(response.body).not.toContain('invalid_type');
    });
  }

  for (const method of [
    'initialize',
    'ping',
    'logging/setLevel',
    'resources/subscribe',
    'resources/unsubscribe',
  ]) {
    it(`answers ${method}, removed in 2026-07-28, as an unknown method there: 404 and -32601`, async () => {
      // SEP-2575 (conformance: sep-2575-http-server-method-not-found-404-*): the params check
      // above is for the revisions that have these methods.
      const envelope = {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientInfo': { name: 'probe', version: '1.0.0' },
        'io.modelcontextprotocol/clientCapabilities': {},
      };
      const response = await t.app.inject({
        method: 'POST',
        url: '/mcp',
        headers: mcpHeaders(await t.token(), {
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': method,
        }),
        payload: { jsonrpc: '2.0', id: 4, method, params: { _meta: envelope } },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        jsonrpc: '2.0',
        id: 4,
        error: { code: -32601 },
        request_id: response.headers['x-request-id'],
      });
    });
  }

  it('DELETE /mcp with a JSON content type and no body is 405, not 400', async () => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/mcp',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await t.token()}` },
    });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('POST, OPTIONS');
    expect(response.json()).toMatchObject({
      error: { details: { error_code: 'mcp_method_not_allowed' } },
    });
  });
});
