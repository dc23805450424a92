import { isRecord } from '@ask-analyst/protocol';
import {
  classifyInboundRequest,
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  PROTOCOL_VERSION_META_KEY,
} from '@modelcontextprotocol/server';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  asksForProgress,
  classifiedRoute,
  ExchangeRouter,
  type ExchangeRouteOptions,
  MODERN_REVISION,
  plainLegacyRoute,
  SERVED_METHODS,
} from './exchange-route.js';

const envelope = {
  [PROTOCOL_VERSION_META_KEY]: MODERN_REVISION,
  [CLIENT_INFO_META_KEY]: { name: 'test', version: '1.0.0' },
  [CLIENT_CAPABILITIES_META_KEY]: {},
};
/**
 * An envelope parsed from JSON text with `value` (JSON text) inside its capabilities' free-form
 * `experimental` object: parsed, `1e400` is Infinity, which no object built in code keeps through
 * the JSON round trip the bodies of some tests take.
 */
function envelopeWithCapability(value: string): Record<string, unknown> {
  return JSON.parse(
    `{"${PROTOCOL_VERSION_META_KEY}":"${MODERN_REVISION}","${CLIENT_INFO_META_KEY}":{"name":"t","version":"1"},"${CLIENT_CAPABILITIES_META_KEY}":{"experimental":{"a":{"b":${value}}}}}`,
  ) as Record<string, unknown>;
}
/** Mostly `usual`, sometimes `unusual`: generated requests with each part sometimes wrong. */
const often = <T, U>(usual: fc.Arbitrary<T>, unusual: fc.Arbitrary<U>) =>
  fc.oneof({ weight: 4, arbitrary: usual }, { weight: 1, arbitrary: unusual });
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
/** The route a new router gives, the same when the router has seen the request before. */
function route(
  headers: Record<string, string>,
  body: unknown,
  options: ExchangeRouteOptions = none,
) {
  const router = new ExchangeRouter(options);
  const first = router.route(headers, body);
  expect(router.route(headers, body)).toEqual(first);
  return first;
}
/** A router whose classifier runs are counted. */
function countingRouter(options: ExchangeRouteOptions = none) {
  const runs = { count: 0 };
  const router = new ExchangeRouter(options, (request) => {
    runs.count += 1;
    return classifyInboundRequest(request);
  });
  return { router, runs };
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

  it("routes a plain 2025 request without the SDK's classifier, and nothing else", () => {
    const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
    const call = {
      jsonrpc: '2.0',
      id: 'c',
      method: 'tools/call',
      params: { name: 'whoami', arguments: {}, _meta: { progressToken: 3 } },
    };
    expect(plainLegacyRoute(legacyHeaders(), ping)).toEqual({ era: 'legacy', request: ping });
    expect(plainLegacyRoute(without(legacyHeaders(), 'mcp-protocol-version'), call)?.era).toBe(
      'legacy',
    );
    // initialize, an envelope claim, a modern header, or a posted response: the classifier decides.
    const initialize = { jsonrpc: '2.0', id: 0, method: 'initialize', params: {} };
    expect(plainLegacyRoute(legacyHeaders(), initialize)).toBeUndefined();
    expect(plainLegacyRoute(legacyHeaders(), modernCall('whoami'))).toBeUndefined();
    expect(
      plainLegacyRoute(legacyHeaders({ 'mcp-protocol-version': MODERN_REVISION }), ping),
    ).toBeUndefined();
    expect(plainLegacyRoute(legacyHeaders(), { ...ping, result: {} })).toBeUndefined();
  });

  it("routes every request exactly as the SDK's classifier does (generated requests)", () => {
    // Mostly plausible requests, each part sometimes wrong.
    const claims = [MODERN_REVISION, '2025-11-25', '2027-01-01', 5, null];
    const meta = fc.oneof(
      fc.constantFrom(undefined, {}, { progressToken: 1 }),
      fc.constantFrom(5, 'x', null, [], { progressToken: {} }),
      fc.constant(envelope),
      // The envelope's other keys without its protocol-version claim.
      fc.constant(
        Object.fromEntries(
          Object.entries(envelope).filter(([key]) => key !== PROTOCOL_VERSION_META_KEY),
        ),
      ),
      fc.constantFrom(...claims).map((claim) => ({ [PROTOCOL_VERSION_META_KEY]: claim })),
      fc
        .constantFrom(...claims)
        .map((claim) => ({ ...envelope, [PROTOCOL_VERSION_META_KEY]: claim })),
    );
    const params = often(
      fc.oneof(
        fc.constant(undefined),
        fc.record(
          {
            _meta: meta,
            name: fc.constantFrom('whoami', 'list_workbooks', 5),
            arguments: fc.constant({}),
            protocolVersion: fc.constantFrom('2025-06-18', '2026-07-28'),
            capabilities: fc.constant({}),
            clientInfo: fc.constant({ name: 'c', version: '1' }),
            level: fc.constant('info'),
          },
          { requiredKeys: [] },
        ),
      ),
      fc.constantFrom(5, [], null, 'x'),
    );
    const message = fc
      .tuple(
        fc.record(
          {
            jsonrpc: often(fc.constant('2.0'), fc.constantFrom('1.0', 2)),
            id: often(fc.nat(5), fc.constantFrom('a', '', null, 1.5, true)),
            method: often(
              fc.constantFrom('ping', ...SERVED_METHODS),
              fc.constantFrom(
                'initialize',
                'server/discover',
                'logging/setLevel',
                'subscriptions/listen',
                'notifications/initialized',
                'nope',
                'constructor',
                '__proto__',
                5,
              ),
            ),
            params,
          },
          { requiredKeys: ['jsonrpc', 'method'] },
        ),
        often(
          fc.constant({}),
          fc.constantFrom(
            { result: {} },
            { result: 5 },
            { error: { code: -1, message: 'x' } },
            { extra: 'x' },
          ),
        ),
      )
      .map(([request, more]) => ({ ...request, ...more }));
    // What a JSON body can be: no undefined values (a key is there or not).
    const body = fc
      .oneof(
        { weight: 8, arbitrary: message },
        { weight: 1, arbitrary: fc.array(message, { maxLength: 2 }) },
        { weight: 1, arbitrary: fc.constantFrom(null, 5, 'x') },
      )
      .map((value) => JSON.parse(JSON.stringify(value ?? null)) as unknown);
    const header = (values: Array<string | undefined>) => fc.constantFrom(...values);
    const headers = fc
      .record({
        'content-type': header([
          'application/json',
          'application/json; charset=utf-8',
          'text/plain',
        ]),
        accept: header([
          'application/json, text/event-stream',
          'application/json',
          'text/event-stream',
          undefined,
        ]),
        'mcp-protocol-version': often(
          fc.constantFrom(undefined, '2025-11-25', '2025-06-18', '2024-11-05', '2024-10-07'),
          fc.constantFrom(
            MODERN_REVISION,
            ` ${MODERN_REVISION}`,
            ' 2025-11-25',
            '2025-11-25\t',
            '2025-11-25, 2025-11-25',
            '1999-01-01',
            '2027-01-01',
            '',
          ),
        ),
        'mcp-method': header([undefined, 'ping', 'tools/call', 'tools/list', 'initialize']),
        'mcp-name': header([undefined, 'whoami']),
      })
      .map((record) => {
        const present: Record<string, string> = {};
        for (const [name, value] of Object.entries(record))
          if (value !== undefined) present[name] = value;
        return present;
      });
    let plain = 0;
    const router = new ExchangeRouter(none);
    fc.assert(
      fc.property(headers, body, (requestHeaders, requestBody) => {
        if (plainLegacyRoute(requestHeaders, requestBody)) plain += 1;
        expect(router.route(requestHeaders, requestBody)).toEqual(
          classifiedRoute(requestHeaders, requestBody, none),
        );
      }),
      { numRuns: 4000 },
    );
    // The generator reaches the plain path often enough for the comparison to mean something.
    expect(plain).toBeGreaterThan(80);
  });

  it('classifies a plain 2026-07-28 request once per envelope, and keeps only envelopes found modern', () => {
    const { router, runs } = countingRouter();
    const call = modernCall('whoami');
    expect(router.route(modernHeaders(), call)).toEqual({ era: 'modern', request: call });
    // Another request with the same envelope: routed without the classifier.
    const again = { ...call, id: 'again' };
    expect(router.route(modernHeaders(), again)).toEqual({ era: 'modern', request: again });
    expect(runs.count).toBe(1);
    // The route's own checks still run on every request with a kept envelope.
    expect(router.route(modernHeaders({ 'mcp-name': 'other' }), call)).toBeUndefined();
    expect(runs.count).toBe(1);
    // A header that disagrees with the body: classified (once), not routed.
    expect(router.route(modernHeaders({ 'mcp-method': 'tools/list' }), call)).toBeUndefined();
    expect(runs.count).toBe(2);
    // An envelope the SDK refuses is classified on every request, once each, never kept.
    const meta = { ...envelope, [CLIENT_INFO_META_KEY]: 5 };
    const refused = { ...call, params: { ...call.params, _meta: meta } };
    for (let i = 0; i < 2; i += 1) expect(router.route(modernHeaders(), refused)).toBeUndefined();
    expect(runs.count).toBe(4);
    // Envelopes with per-request keys are classified each time and do not crowd out the kept ones.
    for (let token = 0; token < 70; token += 1) {
      const withToken = {
        ...call,
        params: { ...call.params, _meta: { ...envelope, progressToken: token } },
      };
      expect(router.route(modernHeaders(), withToken)?.era).toBe('modern');
    }
    expect(runs.count).toBe(74);
    expect(router.route(modernHeaders(), call)?.era).toBe('modern');
    expect(runs.count).toBe(74);
  });

  it('keeps an envelope only when its JSON text stands for it alone', () => {
    const headers = without(modernHeaders({ 'mcp-method': 'tools/list' }), 'mcp-name');
    // JSON.parse reads 1e400 as Infinity, which JSON.stringify writes as null: the SDK accepts
    // null in a capability's free-form JSON but refuses a non-finite number.
    const listing = (value: string) => ({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/list',
      params: { _meta: envelopeWithCapability(value) },
    });
    const { router, runs } = countingRouter();
    expect(router.route(headers, listing('null'))?.era).toBe('modern');
    expect(classifiedRoute(headers, listing('1e400'), none)).toBeUndefined();
    expect(router.route(headers, listing('1e400'))).toBeUndefined();
    expect(router.route(headers, listing('null'))?.era).toBe('modern');
    expect(runs.count).toBe(3);
    // Nested too deeply for JSON.stringify (not for the parse), where the SDK does not look (a
    // key of the client info it does not know): the classifier decides, as without the router.
    const deep = listing('1') as { params: { _meta: Record<string, Record<string, unknown>> } };
    deep.params._meta[CLIENT_INFO_META_KEY]!.x = JSON.parse(
      `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
    );
    expect(() => JSON.stringify(deep.params._meta)).toThrow(RangeError);
    expect(classifiedRoute(headers, deep, none)?.era).toBe('modern');
    expect(router.route(headers, deep)?.era).toBe('modern');
    // A long envelope is not kept: classified each time.
    const long = modernCall('whoami');
    long.params._meta = {
      ...envelope,
      [CLIENT_INFO_META_KEY]: { name: 'x'.repeat(3000), version: '1' },
    };
    const before = runs.count;
    for (let i = 0; i < 2; i += 1) expect(router.route(modernHeaders(), long)?.era).toBe('modern');
    expect(runs.count).toBe(before + 2);
  });

  it("routes every 2026-07-28 request exactly as the SDK's classifier does (generated requests)", () => {
    // Mostly well-formed 2026-07-28 requests, each part sometimes wrong. Envelopes come from a
    // pool, so that a kept one meets other bodies and headers, and from more clients than the
    // router keeps envelopes of; some are parsed from JSON text (1e400, a `__proto__` key).
    const withKey = (key: string, value: unknown) => ({ ...envelope, [key]: value });
    const { [CLIENT_CAPABILITIES_META_KEY]: capabilities, ...withoutCapabilities } = envelope;
    const validEnvelopes = fc.oneof(
      fc.constantFrom(
        envelope,
        { [CLIENT_CAPABILITIES_META_KEY]: capabilities, ...withoutCapabilities },
        { ...envelope, progressToken: 7 },
        envelopeWithCapability('null'),
        envelopeWithCapability('-0'),
        JSON.parse(`{"__proto__":1,${JSON.stringify(envelope).slice(1)}`) as unknown,
      ),
      fc.nat(99).map((n) => withKey(CLIENT_INFO_META_KEY, { name: `client ${n}`, version: '1' })),
    );
    const invalidEnvelopes = fc.constantFrom(
      withKey(PROTOCOL_VERSION_META_KEY, '2025-11-25'),
      withKey(PROTOCOL_VERSION_META_KEY, '2027-01-01'),
      withKey(PROTOCOL_VERSION_META_KEY, 5),
      withKey(CLIENT_INFO_META_KEY, 5),
      withKey(CLIENT_INFO_META_KEY, { name: 'no version' }),
      withKey(CLIENT_CAPABILITIES_META_KEY, []),
      envelopeWithCapability('1e400'),
      withoutCapabilities,
    );
    const methods = [
      'tools/call',
      'tools/list',
      'prompts/get',
      'resources/read',
      'server/discover',
    ];
    const unusualMethods = ['initialize', 'ping', 'subscriptions/listen', 'nope', '__proto__'];
    const request = fc.record({
      jsonrpc: often(fc.constant('2.0'), fc.constant('1.0')),
      id: often(fc.nat(5), fc.constantFrom(null, 1.5, true)),
      method: often(fc.constantFrom(...methods), fc.constantFrom(...unusualMethods)),
      params: often(
        fc.record(
          {
            _meta: often(validEnvelopes, invalidEnvelopes),
            name: often(fc.constant('whoami'), fc.constantFrom('=?base64?d2hvYW1p?=', 5)),
            uri: fc.constant('ui://x'),
            arguments: fc.constant({}),
          },
          { requiredKeys: ['_meta'] },
        ),
        fc.constantFrom(5, [], {}, { _meta: 5 }),
      ),
      more: often(
        fc.constant({}),
        fc.constantFrom({ result: {} }, { error: { code: 1, message: 'x' } }),
      ),
    });
    const nameOf = (params: unknown) => (isRecord(params) ? params.name : undefined);
    // Bodies are built, not round-tripped through JSON, so that 1e400 stays Infinity.
    const generated = request.chain(({ more, ...message }) =>
      fc
        .record({
          'content-type': often(fc.constant('application/json'), fc.constant('text/plain')),
          accept: often(
            fc.constant('application/json, text/event-stream'),
            fc.constant('text/html'),
          ),
          'mcp-protocol-version': often(
            fc.constantFrom(MODERN_REVISION, ` ${MODERN_REVISION}\t`),
            fc.constantFrom(undefined, '2025-11-25', '2027-01-01', ''),
          ),
          'mcp-method': often(
            fc.constantFrom(message.method, ` ${message.method}`),
            fc.constantFrom(undefined, 'tools/list', 'ping'),
          ),
          'mcp-name': often(
            fc.constant(nameOf(message.params) === 'whoami' ? 'whoami' : 'ui://x'),
            fc.constantFrom(undefined, 'other', '=?base64?d2hvYW1p?='),
          ),
        })
        .map((record) => ({
          headers: Object.fromEntries(
            Object.entries(record).filter(
              (entry): entry is [string, string] => entry[1] !== undefined,
            ),
          ),
          body: { ...message, ...more },
        })),
    );
    const declaresParamHeaders = {
      declaresParamHeaders: (name: string): boolean => name === 'whoami',
    };
    const routers = [countingRouter(none), countingRouter(declaresParamHeaders)];
    let skipped = 0;
    fc.assert(
      fc.property(generated, fc.boolean(), ({ headers, body }, declares) => {
        const { router, runs } = routers[declares ? 1 : 0]!;
        const runsBefore = runs.count;
        const routed = router.route(headers, body);
        if (routed?.era === 'modern' && runs.count === runsBefore) skipped += 1;
        expect(routed).toEqual(
          classifiedRoute(headers, body, declares ? declaresParamHeaders : none),
        );
      }),
      { numRuns: 6000 },
    );
    // The generator reaches the kept-envelope path often enough for the comparison to mean something.
    expect(skipped).toBeGreaterThan(200);
  });
});
