import { createServer, type Server, type Socket } from 'node:net';
import { AnalysisOutputSchema, CARD_RESOURCE_URI } from '@ask-analyst/protocol';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpHeaders } from '../test-support/app.js';
import { createDemoApp, type DemoApp } from '../test-support/demo-world.js';
import { callTool, rpcMessages } from '../test-support/mcp-call.js';

/**
 * The CDN down (docs/reliability.md): the card's assets come from the CDN origin, but the MCP
 * server itself never fetches from it (it hashes the card's build from disk at start), so tool
 * results keep their text and structured content, the card resource still reads, and nothing
 * waits on the CDN. The CDN here is the worst kind of down: a listener that accepts connections
 * and never answers (a fetch to it would hang), counting every connection made to it.
 */
describe('the CDN origin down', () => {
  let demo: DemoApp;
  let blackhole: Server;
  const sockets: Socket[] = [];
  let cdnUrl: string;

  beforeAll(async () => {
    blackhole = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => blackhole.listen(0, '127.0.0.1', resolve));
    const address = blackhole.address();
    cdnUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    demo = await createDemoApp({ CDN_URL: cdnUrl });
  });
  afterAll(async () => {
    await demo?.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => blackhole?.close(resolve));
  });

  /** A JSON-RPC call; the answer must come well before any network timeout could fire. */
  async function rpc(token: string, method: string, params: Record<string, unknown>) {
    const startedAt = Date.now();
    const response = await demo.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: mcpHeaders(token),
      payload: { jsonrpc: '2.0', id: 1, method, params },
    });
    expect(Date.now() - startedAt).toBeLessThan(10_000);
    expect(response.statusCode).toBe(200);
    const message = rpcMessages(response).find((m) => 'result' in m || 'error' in m);
    expect(message?.error).toBeUndefined();
    return message?.result as Record<string, unknown>;
  }

  function textOf(result: CallToolResult): string {
    const [first] = result.content ?? [];
    return first?.type === 'text' ? first.text : '';
  }

  it('start_analysis and get_analysis answer with their text and structured content', async () => {
    const token = await demo.tokenFor('alan');
    const workbookId = await demo.workbookId('Automobiles');
    const started = await callTool(demo.app, token, 'start_analysis', {
      question: 'Average horsepower by cylinders',
      workbookId,
    });
    expect(started.isError).toBeFalsy();
    const { conversation, turn } = AnalysisOutputSchema.parse(started.structuredContent);
    expect(turn.status).toBe('succeeded');
    expect(textOf(started)).toContain(turn.answer!.summary);
    expect(textOf(started)).toMatch(/158\.45/);

    const got = await callTool(demo.app, token, 'get_analysis', {
      conversationId: conversation.id,
      turnId: turn.id,
    });
    expect(got.isError).toBeFalsy();
    expect(AnalysisOutputSchema.parse(got.structuredContent).turn.answer?.summary).toBe(
      turn.answer?.summary,
    );
    expect(textOf(got)).toContain(turn.answer!.summary);
  });

  it('the tools still link the card, and the card resource reads, naming the CDN for its assets', async () => {
    const token = await demo.tokenFor('alan');
    const { tools } = (await rpc(token, 'tools/list', {})) as {
      tools: Array<{ name: string; _meta?: { ui?: { resourceUri?: string } } }>;
    };
    const start = tools.find((tool) => tool.name === 'start_analysis');
    expect(start?._meta?.ui?.resourceUri).toBe(CARD_RESOURCE_URI);
    const { contents } = (await rpc(token, 'resources/read', { uri: CARD_RESOURCE_URI })) as {
      contents: Array<{ text: string; _meta?: { ui?: { csp?: { resourceDomains: string[] } } } }>;
    };
    expect(contents[0]?.text).toContain(`src="${cdnUrl}/assets/`);
    expect(contents[0]?._meta?.ui?.csp?.resourceDomains).toEqual([cdnUrl]);
  });

  it('the server never connected to the CDN', () => {
    expect(sockets).toHaveLength(0);
  });
});
