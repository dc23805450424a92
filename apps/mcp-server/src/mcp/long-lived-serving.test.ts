import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  PROTOCOL_VERSION_META_KEY,
} from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, mcpHeaders, type TestApp } from '../test-support/app.js';
import { PEOPLE } from '../test-support/database.js';
import { rpcMessages } from '../test-support/mcp-call.js';
import { defineTool, READ_ONLY_ANNOTATIONS } from '../tools/define-tool.js';
import { tools } from '../tools/index.js';
import { MODERN_REVISION } from './exchange-route.js';

const abortedCalls: number[] = [];
/** Waits `ms` or until its call is aborted (recorded). */
const wait = defineTool({
  name: 'wait',
  title: 'Wait',
  description: 'Test tool that waits.',
  scope: 'workbooks.read',
  inputSchema: z.object({ ms: z.number().int().min(0).max(60_000).describe('How long') }),
  outputSchema: z.object({ waited: z.number() }),
  annotations: READ_ONLY_ANNOTATIONS,
  async handler({ ms }, ctx) {
    await sleep(ms, undefined, { signal: ctx.signal }).catch(() => abortedCalls.push(ms));
    return { structuredContent: { waited: ms }, text: `waited ${ms} ms` };
  },
});

const envelope = {
  [PROTOCOL_VERSION_META_KEY]: MODERN_REVISION,
  [CLIENT_INFO_META_KEY]: { name: 'test', version: '1.0.0' },
  [CLIENT_CAPABILITIES_META_KEY]: {},
};

describe('POST /mcp on the long-lived servers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TOOL_CALLS_PER_MINUTE: '1000' }, { tools: [...tools, wait] });
  });
  afterAll(async () => {
    await t.close();
  });

  function post(
    token: string,
    era: 'modern' | 'legacy',
    method: string,
    params: object,
    id: string | number = 1,
  ) {
    const modern = era === 'modern';
    const name = (params as { name?: string }).name;
    return t.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: mcpHeaders(
        token,
        modern
          ? {
              'mcp-protocol-version': MODERN_REVISION,
              'mcp-method': method,
              ...(name ? { 'mcp-name': name } : {}),
            }
          : {},
      ),
      payload: {
        jsonrpc: '2.0',
        id,
        method,
        params: modern ? { ...params, _meta: { ...envelope } } : params,
      },
    });
  }

  for (const era of ['modern', 'legacy'] as const) {
    it(`answers concurrent calls that all use id 1 each as its own caller, in JSON (${era})`, async () => {
      const ada = await t.token(PEOPLE.ada.id);
      const grace = await t.token(PEOPLE.grace.id);
      const callers = Array.from({ length: 20 }, (_, i) => (i % 2 ? 'grace' : 'ada'));
      const answers = await Promise.all(
        callers.map((who) =>
          post(who === 'ada' ? ada : grace, era, 'tools/call', { name: 'whoami', arguments: {} }),
        ),
      );
      answers.forEach((answer, i) => {
        expect(answer.statusCode).toBe(200);
        expect(answer.headers['content-type']).toMatch(/^application\/json/);
        const body = answer.json<{
          id: number;
          result: { structuredContent: { user: { id: string } } };
        }>();
        expect(body.id).toBe(1);
        const expected = callers[i] === 'ada' ? PEOPLE.ada.id : PEOPLE.grace.id;
        expect(body.result.structuredContent.user.id).toBe(expected);
      });
    });
  }

  for (const era of ['modern', 'legacy'] as const) {
    it(`answers every plain tools/list with the first listing's result and the request's own id (${era})`, async () => {
      const ada = await t.token(PEOPLE.ada.id);
      const first = await post(ada, era, 'tools/list', {}, 7);
      const again = await post(await t.token(PEOPLE.grace.id), era, 'tools/list', {}, 'again');
      for (const answer of [first, again]) {
        expect(answer.statusCode).toBe(200);
        expect(answer.headers['content-type']).toMatch(/^application\/json/);
      }
      const firstBody = first.json<{ id: number; result: { tools: Array<{ name: string }> } }>();
      expect(firstBody.id).toBe(7);
      expect(firstBody.result.tools.map((tool) => tool.name)).toEqual(
        [...tools, wait].map((tool) => tool.name),
      );
      expect(again.json()).toEqual({ jsonrpc: '2.0', id: 'again', result: firstBody.result });
    });
  }

  it('answers a 2025 ping in JSON', async () => {
    const answer = await post(await t.token(PEOPLE.ada.id), 'legacy', 'ping', {});
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });

  it('streams a call that asks for progress, ending with its answer', async () => {
    const answer = await post(await t.token(PEOPLE.ada.id), 'legacy', 'tools/call', {
      name: 'wait',
      arguments: { ms: 1 },
      _meta: { progressToken: 'p' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/event-stream');
    expect(rpcMessages(answer).at(-1)).toMatchObject({
      id: 1,
      result: { structuredContent: { waited: 1 } },
    });
  });

  it('leaves a malformed 2026-07-28 request to the SDK entry, which refuses it as before', async () => {
    const token = await t.token(PEOPLE.ada.id);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/mcp',
      // No Mcp-Method header: required on this revision.
      headers: mcpHeaders(token, { 'mcp-protocol-version': MODERN_REVISION }),
      payload: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: envelope } },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ jsonrpc: '2.0', id: 1, error: { code: -32020 } });
  });

  it('aborts a call whose client went away', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const token = await t.token(PEOPLE.ada.id);
    const disconnect = new AbortController();
    const call = fetch(`http://127.0.0.1:${port}/mcp`, {
      method: 'POST',
      headers: mcpHeaders(token),
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'wait', arguments: { ms: 30_000 } },
      }),
      signal: disconnect.signal,
    });
    await sleep(200);
    disconnect.abort();
    await call.catch(() => undefined);
    for (let i = 0; i < 50 && !abortedCalls.includes(30_000); i++) await sleep(20);
    expect(abortedCalls).toContain(30_000);
  });
});
