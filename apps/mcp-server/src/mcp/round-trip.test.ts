import type { AddressInfo } from 'node:net';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { ToolErrorSchema, WhoamiOutputSchema } from '@ask-analyst/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PEOPLE } from '../test-support/database.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { defineTool } from '../tools/define-tool.js';
import { tools } from '../tools/index.js';

/** A test-only tool with constrained arguments, to see validation failures through a real client. */
const echoLimit = defineTool({
  name: 'echo_limit',
  title: 'Echo limit',
  description: 'Test tool: echoes a bounded integer.',
  scope: 'workbooks.read',
  inputSchema: z.object({ limit: z.number().int().min(1).max(100).describe('1–100') }),
  outputSchema: z.object({ limit: z.number() }),
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
  async handler({ limit }) {
    return { structuredContent: { limit }, text: `limit ${limit}` };
  },
});

/**
 * Real clients against the listening server: the v2 SDK client on protocol 2026-07-28 (and on its
 * default 2025 handshake) and the v1 SDK client on 2025-11-25, each with a static bearer token.
 */
describe('MCP round trip over HTTP', () => {
  let t: TestApp;
  let url: URL;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({}, { tools: [...tools, echoLimit] });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    url = new URL(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/mcp`);
    // Real clients take real time: run the clock along from the frozen start.
    const offset = t.clock.now - Date.now();
    Object.defineProperty(t.clock, 'now', { get: () => Date.now() + offset });
    token = await t.token(PEOPLE.ada.id);
  });
  afterAll(async () => {
    await t.close();
  });

  const headers = () => ({ headers: { authorization: `Bearer ${token}` } });

  async function v2(mode: 'modern' | 'legacy'): Promise<Client> {
    const client = new Client(
      { name: 'round-trip-v2', version: '1.0.0' },
      mode === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
    );
    await client.connect(new StreamableHTTPClientTransport(url, { requestInit: headers() }));
    return client;
  }

  for (const mode of ['modern', 'legacy'] as const) {
    it(`serves the v2 client (${mode === 'modern' ? '2026-07-28' : '2025-11-25'}): tools/list and whoami`, async () => {
      const client = await v2(mode);
      try {
        expect(client.getServerVersion()).toMatchObject({ name: 'ask-analyst', version: '0.1.0' });
        expect(client.getInstructions()).toMatch(/Ask Analyst/);
        const listed = await client.listTools();
        expect(listed.tools.map((tool) => tool.name)).toContain('whoami');
        const whoami = listed.tools.find((tool) => tool.name === 'whoami');
        expect(whoami?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
        const result = await client.callTool({ name: 'whoami', arguments: {} });
        expect(result.isError).toBeFalsy();
        expect(WhoamiOutputSchema.parse(result.structuredContent)).toEqual({
          user: { id: PEOPLE.ada.id, email: PEOPLE.ada.email, name: PEOPLE.ada.name },
          organization: { id: 'org_acme000001', name: 'Acme Analytics' },
          scopes: ['workbooks.read', 'analyses.write'],
          clientId: 'analyst-code-editor',
        });
      } finally {
        await client.close();
      }
    });
  }

  it('serves the v1 client (2025-11-25): tools/list and whoami', async () => {
    const client = new ClientV1({ name: 'round-trip-v1', version: '1.0.0' });
    await client.connect(new TransportV1(url, { requestInit: headers() }));
    try {
      expect(client.getServerVersion()).toMatchObject({ name: 'ask-analyst' });
      const listed = await client.listTools();
      expect(listed.tools.map((tool) => tool.name)).toContain('whoami');
      const result = await client.callTool({ name: 'whoami', arguments: {} });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ user: { email: PEOPLE.ada.email } });
      expect(result.content).toEqual([
        { type: 'text', text: expect.stringContaining('Ada') as unknown },
      ]);
    } finally {
      await client.close();
    }
  });

  it('answers a schema-invalid argument with invalid_argument naming the field', async () => {
    const client = await v2('modern');
    try {
      const listed = await client.listTools();
      const schema = listed.tools.find((tool) => tool.name === 'echo_limit')?.inputSchema;
      expect(schema).toMatchObject({
        properties: { limit: { type: 'integer', maximum: 100 } },
        required: ['limit'],
      });
      const result = await client.callTool({ name: 'echo_limit', arguments: { limit: 1000 } });
      expect(result.isError).toBe(true);
      const { error } = ToolErrorSchema.parse(result.structuredContent);
      expect(error).toMatchObject({ code: 'invalid_argument', retryable: false, field: 'limit' });
      expect(error.message).toContain('"limit"');
      expect(error.requestId).toMatch(/^req_/);
      const ok = await client.callTool({ name: 'echo_limit', arguments: { limit: 7 } });
      expect(ok.structuredContent).toEqual({ limit: 7 });
    } finally {
      await client.close();
    }
  });

  it('keeps -32602 for unknown tools', async () => {
    const client = new ClientV1({ name: 'round-trip-v1', version: '1.0.0' });
    await client.connect(new TransportV1(url, { requestInit: headers() }));
    try {
      await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toMatchObject({
        code: -32602,
      });
    } finally {
      await client.close();
    }
  });
});
