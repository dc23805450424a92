import type { JSONRPCRequest } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import type { ExchangeRoute } from './exchange-route.js';
import { ToolListingCache } from './tool-listing-cache.js';

const route = (request: Omit<JSONRPCRequest, 'jsonrpc'>, era: ExchangeRoute['era'] = 'legacy') => ({
  era,
  request: { jsonrpc: '2.0' as const, ...request },
});
const result = {
  tools: [
    { name: 'whoami', description: 'Who am I — “signed in” ≤ 1…', inputSchema: { type: 'object' } },
  ],
};

describe('ToolListingCache', () => {
  it('answers a plain listing from the first one of its era, with the request id spliced in', () => {
    const cache = new ToolListingCache();
    const first = route({ id: 1, method: 'tools/list' });
    expect(cache.answerFor(first)).toBeUndefined();
    const text = cache.textOf(first, { jsonrpc: '2.0', id: 1, result });
    expect(JSON.parse(text)).toEqual({ jsonrpc: '2.0', id: 1, result });

    for (const id of [2, 'a "quoted" id']) {
      const answer = cache.answerFor(route({ id, method: 'tools/list', params: { _meta: {} } }));
      expect(JSON.parse(answer?.toString('utf8') ?? '')).toEqual({ jsonrpc: '2.0', id, result });
    }
    // The same id again gets the same bytes; a long id is answered, just not kept.
    const again = route({ id: 2, method: 'tools/list' });
    expect(cache.answerFor(again)).toBe(cache.answerFor(again));
    const longId = 'x'.repeat(100);
    const long = cache.answerFor(route({ id: longId, method: 'tools/list' }));
    expect(JSON.parse(long?.toString('utf8') ?? '')).toEqual({
      jsonrpc: '2.0',
      id: longId,
      result,
    });
    // Each era has its own server, so its own listing.
    expect(cache.answerFor(route({ id: 3, method: 'tools/list' }, 'modern'))).toBeUndefined();
  });

  it('leaves listings with a cursor or asking for progress, other methods and errors to the server', () => {
    const cache = new ToolListingCache();
    const paged = route({ id: 1, method: 'tools/list', params: { cursor: 'next' } });
    const progress = route({
      id: 1,
      method: 'tools/list',
      params: { _meta: { progressToken: 1 } },
    });
    const ping = route({ id: 1, method: 'ping' });
    for (const request of [paged, progress, ping]) {
      expect(cache.textOf(request, { jsonrpc: '2.0', id: 1, result })).toBe(
        JSON.stringify({ jsonrpc: '2.0', id: 1, result }),
      );
    }
    const plain = route({ id: 1, method: 'tools/list' });
    const error = { jsonrpc: '2.0' as const, id: 1, error: { code: -32603, message: 'no' } };
    expect(cache.textOf(plain, error)).toBe(JSON.stringify(error));
    for (const request of [paged, progress, ping, plain]) {
      expect(cache.answerFor(request)).toBeUndefined();
    }
  });
});
