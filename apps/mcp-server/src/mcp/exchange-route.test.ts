import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  PROTOCOL_VERSION_META_KEY,
} from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import {
  asksForProgress,
  type ExchangeRouteOptions,
  MODERN_REVISION,
  routeExchange,
} from './exchange-route.js';

const envelope = {
  [PROTOCOL_VERSION_META_KEY]: MODERN_REVISION,
  [CLIENT_INFO_META_KEY]: { name: 'test', version: '1.0.0' },
  [CLIENT_CAPABILITIES_META_KEY]: {},
};
const modernCall = (name: string) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name, arguments: {}, _meta: envelope },
});
const modernHeaders = (extra: Record<string, string> = {}) => ({
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': MODERN_REVISION,
  'mcp-method': 'tools/call',
  'mcp-name': 'whoami',
  ...extra,
});
const legacyHeaders = (extra: Record<string, string> = {}) => ({
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-11-25',
  ...extra,
});
const none = { declaresParamHeaders: () => false };
/** The headers without one of them. */
function without(headers: Record<string, string>, name: string): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([key]) => key !== name));
}
/** The route of a request. */
function route(
  headers: Record<string, string>,
  body: unknown,
  options: ExchangeRouteOptions = none,
) {
  return routeExchange(headers, body, options);
}

describe('exchange route', () => {
  it('sends a well-formed 2026-07-28 request to the modern server', () => {
    expect(route(modernHeaders(), modernCall('whoami'))).toMatchObject({
      era: 'modern',
      request: { id: 1, method: 'tools/call' },
    });
    expect(
      route(modernHeaders({ 'mcp-method': ' tools/list ' }), {
        jsonrpc: '2.0',
        id: 'a',
        method: 'tools/list',
        params: { _meta: envelope },
      })?.era,
    ).toBe('modern');
  });

  it('leaves to the SDK entry every 2026-07-28 request whose standard headers are not plainly right', () => {
    const body = modernCall('whoami');
    const cases: Array<Record<string, string>> = [
      { 'mcp-method': '' },
      { 'mcp-method': 'tools/list' },
      { 'mcp-name': 'list_workbooks' },
      { 'mcp-name': '=?base64?d2hvYW1p?=' },
      { 'content-type': 'text/plain' },
    ];
    for (const extra of cases)
      expect(route(modernHeaders(extra), body), JSON.stringify(extra)).toBeUndefined();
    expect(route(without(modernHeaders(), 'mcp-name'), body)).toBeUndefined();
    expect(route(without(modernHeaders(), 'mcp-protocol-version'), body)).toBeUndefined();
    // A tool declaring Mcp-Param headers has them checked by the entry.
    expect(route(modernHeaders(), body, { declaresParamHeaders: () => true })).toBeUndefined();
    // An envelope naming a revision not served.
    const future = {
      ...body,
      params: { ...body.params, _meta: { ...envelope, [PROTOCOL_VERSION_META_KEY]: '2027-01-01' } },
    };
    expect(route(modernHeaders({ 'mcp-protocol-version': '2027-01-01' }), future)).toBeUndefined();
    // subscriptions/listen is the entry's.
    expect(
      route(modernHeaders({ 'mcp-method': 'subscriptions/listen' }), {
        jsonrpc: '2.0',
        id: 2,
        method: 'subscriptions/listen',
        params: { _meta: envelope },
      }),
    ).toBeUndefined();
  });

  it('sends a well-formed 2025 request to the legacy server', () => {
    expect(route(legacyHeaders(), { jsonrpc: '2.0', id: 1, method: 'ping' })).toMatchObject({
      era: 'legacy',
      request: { id: 1, method: 'ping' },
    });
    const initialize = {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'c', version: '1' },
      },
    };
    expect(route(without(legacyHeaders(), 'mcp-protocol-version'), initialize)?.era).toBe('legacy');
  });

  it('leaves to the SDK entry the 2025 requests its stateless transport would refuse or that carry state', () => {
    const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
    expect(route(legacyHeaders({ accept: 'application/json' }), ping)).toBeUndefined();
    expect(route(legacyHeaders({ 'mcp-protocol-version': '1999-01-01' }), ping)).toBeUndefined();
    expect(
      route(legacyHeaders(), { jsonrpc: '2.0', method: 'notifications/initialized' }),
    ).toBeUndefined();
    expect(route(legacyHeaders(), { jsonrpc: '2.0', id: 1, result: {} })).toBeUndefined();
    expect(
      route(legacyHeaders(), {
        jsonrpc: '2.0',
        id: 1,
        method: 'logging/setLevel',
        params: { level: 'info' },
      }),
    ).toBeUndefined();
    expect(route(legacyHeaders(), { jsonrpc: '2.0', id: null, method: 'ping' })).toBeUndefined();
    expect(route(legacyHeaders(), [ping])).toBeUndefined();
  });

  it('tells a request that asks for progress', () => {
    expect(
      asksForProgress({
        jsonrpc: '2.0',
        id: 1,
        method: 'x',
        params: { _meta: { progressToken: 0 } },
      }),
    ).toBe(true);
    expect(asksForProgress({ jsonrpc: '2.0', id: 1, method: 'x', params: {} })).toBe(false);
  });
});
