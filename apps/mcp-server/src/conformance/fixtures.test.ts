import { afterEach, describe, expect, it } from 'vitest';
import { loadMcpConfig } from '../config.js';
import { createTestApp, mcpHeaders, type TestApp } from '../test-support/app.js';
import { callTool, postToolCall, rpcMessages } from '../test-support/mcp-call.js';

describe('conformance fixtures', () => {
  let harness: TestApp | undefined;
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  it("are not served by default: the suite's tools are unknown tools", async () => {
    harness = await createTestApp();
    const response = await postToolCall(harness.app, await harness.token(), 'test_simple_text', {});
    const answer = rpcMessages(response).find((m) => 'result' in m || 'error' in m);
    expect(JSON.stringify(answer)).toMatch(/-32602|not found/i);
  });

  it('are served beside the product tools under CONFORMANCE_FIXTURES=true, still behind the token', async () => {
    harness = await createTestApp({ CONFORMANCE_FIXTURES: 'true' });
    const result = await callTool(harness.app, await harness.token(), 'test_simple_text', {});
    expect(result.content).toEqual([
      { type: 'text', text: 'This is a simple text response for testing.' },
    ]);
    const whoami = await callTool(harness.app, await harness.token(), 'whoami', {});
    expect(whoami.isError).toBeFalsy();
    expect((await postToolCall(harness.app, undefined, 'test_simple_text', {})).statusCode).toBe(
      401,
    );
  });

  it('declare no list changes: the fixed tool, resource and prompt lists never announce any', async () => {
    harness = await createTestApp({ CONFORMANCE_FIXTURES: 'true' });
    const response = await harness.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: mcpHeaders(await harness.token()),
      payload: {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 'fixtures-test', version: '1.0.0' },
        },
      },
    });
    const result = rpcMessages(response)[0]?.result as { capabilities: Record<string, unknown> };
    expect(result.capabilities).toMatchObject({
      tools: { listChanged: false },
      resources: { listChanged: false },
      prompts: { listChanged: false },
    });
  });

  it('cannot be turned on in production', () => {
    expect(() =>
      loadMcpConfig({
        NODE_ENV: 'production',
        MCP_URL: 'https://mcp.example.com',
        AUTH_URL: 'https://auth.example.com',
        CDN_URL: 'https://cdn.example.com',
        CURSOR_SECRET: 'x'.repeat(32),
        CONFORMANCE_FIXTURES: 'true',
      }),
    ).toThrow('CONFORMANCE_FIXTURES must not be true when NODE_ENV=production');
  });
});
