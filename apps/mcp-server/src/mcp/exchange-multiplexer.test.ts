import { setTimeout as sleep } from 'node:timers/promises';
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  McpServer,
  PROTOCOL_VERSION_META_KEY,
  SUPPORTED_PROTOCOL_VERSIONS,
  type AuthInfo,
  type JSONRPCMessage,
  type JSONRPCRequest,
} from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ExchangeMultiplexer, type ExchangeSink } from './exchange-multiplexer.js';
import { MODERN_REVISION } from './exchange-route.js';

/** A sink that records what was routed to it. */
function recorder() {
  const notified: JSONRPCMessage[] = [];
  let answered: { message: JSONRPCMessage; duringDispatch: boolean } | undefined;
  let resolveAnswer: () => void = () => undefined;
  const answer = new Promise<void>((resolve) => {
    resolveAnswer = resolve;
  });
  const sink: ExchangeSink = {
    notify: (message) => notified.push(message),
    answer(message, duringDispatch) {
      answered = { message, duringDispatch };
      resolveAnswer();
    },
  };
  return { sink, notified, answer, answered: () => answered };
}

const auth = (user: string): AuthInfo => ({
  token: user,
  clientId: 'c',
  scopes: [],
  extra: { user },
});

/** A server with a tool that waits, reports progress, and answers with the caller it was given. */
function buildServer(modern: boolean) {
  const server = new McpServer(
    { name: 't', version: '1.0.0' },
    {
      capabilities: { tools: {} },
      ...(modern
        ? { supportedProtocolVersions: [...SUPPORTED_PROTOCOL_VERSIONS, MODERN_REVISION] }
        : {}),
    },
  );
  const aborted: string[] = [];
  server.registerTool('who', { inputSchema: z.object({ ms: z.number() }) }, async ({ ms }, ctx) => {
    const user = String(ctx.http?.authInfo?.extra?.user);
    const progressToken = ctx.mcpReq._meta?.progressToken;
    if (progressToken !== undefined) {
      await ctx.mcpReq.notify({
        method: 'notifications/progress',
        params: { progressToken, progress: 1, total: 2 },
      });
    }
    await sleep(ms, undefined, { signal: ctx.mcpReq.signal }).catch(() => aborted.push(user));
    return { content: [{ type: 'text', text: user }] };
  });
  return { server, aborted };
}

const call = (id: number | string, ms: number, meta: Record<string, unknown> = {}) =>
  ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'who', arguments: { ms }, _meta: meta },
  }) as JSONRPCRequest;

const modernMeta = {
  [PROTOCOL_VERSION_META_KEY]: MODERN_REVISION,
  [CLIENT_INFO_META_KEY]: { name: 'test', version: '1.0.0' },
  [CLIENT_CAPABILITIES_META_KEY]: {},
};

describe('exchange multiplexer', () => {
  const servers: McpServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });

  async function connect(modern: boolean) {
    const { server, aborted } = buildServer(modern);
    const transport = new ExchangeMultiplexer(
      modern ? { era: 'modern', revision: MODERN_REVISION } : { era: 'legacy' },
    );
    await server.connect(transport);
    servers.push(server);
    return { server, transport, aborted };
  }

  it('binds a long-lived server to 2026-07-28 through the SDK, and leaves a legacy one unbound', async () => {
    const modern = await connect(true);
    const legacy = await connect(false);
    expect(modern.server.server.getNegotiatedProtocolVersion()).toBe(MODERN_REVISION);
    expect(legacy.server.server.getNegotiatedProtocolVersion()).toBeUndefined();
  });

  for (const era of ['modern', 'legacy'] as const) {
    it(`routes concurrent requests that share an id each to its own exchange (${era})`, async () => {
      const { transport } = await connect(era === 'modern');
      const meta = era === 'modern' ? modernMeta : {};
      const exchanges = ['ada', 'grace', 'alan'].map((user, i) => {
        const r = recorder();
        // Every client says id 1; the slowest is dispatched first.
        transport.dispatch(call(1, 60 - i * 20, meta), { authInfo: auth(user) }, r.sink);
        return { user, ...r };
      });
      await Promise.all(exchanges.map((e) => e.answer));
      for (const e of exchanges) {
        expect(e.answered()?.duringDispatch).toBe(false);
        expect(e.answered()?.message).toMatchObject({
          id: 1,
          result: { content: [{ type: 'text', text: e.user }] },
        });
      }
      expect(transport.openExchanges).toBe(0);
    });
  }

  it("routes a request's progress to its own exchange only, with the client's token", async () => {
    const { transport } = await connect(false);
    const withProgress = recorder();
    const without = recorder();
    transport.dispatch(
      call(7, 0, { progressToken: 'p-7' }),
      { authInfo: auth('ada') },
      withProgress.sink,
    );
    transport.dispatch(call(7, 0), { authInfo: auth('grace') }, without.sink);
    await Promise.all([withProgress.answer, without.answer]);
    expect(withProgress.notified).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: 'p-7', progress: 1, total: 2 },
      },
    ]);
    expect(without.notified).toEqual([]);
  });

  it('cancels one exchange: its handler is aborted and nothing more is routed to it', async () => {
    const { transport, aborted } = await connect(true);
    const cancelled = recorder();
    const kept = recorder();
    const id = transport.dispatch(
      call(1, 5_000, modernMeta),
      { authInfo: auth('ada') },
      cancelled.sink,
    );
    transport.dispatch(call(1, 50, modernMeta), { authInfo: auth('grace') }, kept.sink);
    await sleep(10);
    transport.cancel(id, 'The client disconnected.');
    await kept.answer;
    await sleep(20);
    expect(aborted).toEqual(['ada']);
    expect(cancelled.answered()).toBeUndefined();
    expect(kept.answered()?.message).toMatchObject({
      id: 1,
      result: { content: [{ text: 'grace' }] },
    });
  });

  it('reports a refusal the server answers before any handler runs as answered during dispatch', async () => {
    const { transport } = await connect(false);
    const r = recorder();
    transport.dispatch(
      { jsonrpc: '2.0', id: 3, method: 'no/such/method', params: {} },
      { authInfo: auth('ada') },
      r.sink,
    );
    expect(r.answered()?.duringDispatch).toBe(true);
    expect(r.answered()?.message).toMatchObject({ id: 3, error: { code: -32601 } });
  });
});
