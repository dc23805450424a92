import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/app.js';
import {
  expectTypedAnswer,
  fuzzRuns,
  MODERN_META,
  nestedText,
  oddNumber,
  oddString,
  oddValue,
  watchCrashes,
} from '../test-support/fuzz.js';
import { tools } from '../tools/index.js';

/*
 * Property-based fuzzing of raw POST /mcp bodies on both protocol revisions (issue #11): whatever
 * arrives, the answer is typed (SPEC sections 2 and 4), never a 5xx, never a crash, and the app
 * still answers a normal call afterwards.
 */

const REVISIONS = ['2025-11-25', '2026-07-28'] as const;
const METHODS = [
  'initialize',
  'ping',
  'tools/list',
  'tools/call',
  'resources/list',
  'resources/read',
  'resources/templates/list',
  'prompts/list',
  'prompts/get',
  'completion/complete',
  'logging/setLevel',
  'server/discover',
  'notifications/initialized',
  'notifications/cancelled',
  'tasks/get',
  'rpc.discover',
  '__proto__',
  'constructor',
  'tools/call/',
  'TOOLS/CALL',
];
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/jsonx',
  'text/plain',
  'text/event-stream',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  '',
];
const ACCEPTS = [
  'application/json, text/event-stream',
  'application/json',
  'text/event-stream',
  'text/html',
  '*/*',
  '',
];

const toolName = fc.oneof(
  fc.constantFrom(...tools.map((tool) => tool.name)),
  oddString,
  fc.constantFrom('', 'WHOAMI', 'whoami ', 'list_workbooks\u0000'),
);

/** A JSON-RPC-ish message: every member may be missing, of the wrong type or odd. */
const message = fc.record(
  {
    jsonrpc: fc.oneof(
      { weight: 4, arbitrary: fc.constant('2.0') },
      { weight: 1, arbitrary: fc.constantFrom('1.0', '2', 2, 2.0, null, '') },
    ),
    id: fc.oneof(
      { weight: 3, arbitrary: fc.nat(1000) },
      fc.integer(),
      oddNumber,
      oddString,
      fc.constantFrom(null, true, [], {}, [1], { id: 1 }),
    ),
    method: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...METHODS) },
      { weight: 1, arbitrary: fc.oneof(oddString, oddNumber, fc.constant(null)) },
    ),
    params: fc.oneof(
      fc.record(
        {
          name: toolName,
          arguments: oddValue,
          _meta: fc.oneof({ weight: 3, arbitrary: fc.constant(MODERN_META) }, oddValue),
          cursor: oddValue,
          uri: oddString,
          protocolVersion: fc.constantFrom('2025-11-25', '2026-07-28', '1999-01-01', ''),
          capabilities: oddValue,
          clientInfo: oddValue,
        },
        { requiredKeys: [] },
      ),
      oddValue,
    ),
  },
  { requiredKeys: [] },
);

/** A body as text: one message, a batch, plain junk, or a deeply nested or oversized document. */
const bodyText = fc.oneof(
  { weight: 5, arbitrary: message.map((m) => JSON.stringify(m)) },
  { weight: 2, arbitrary: fc.array(message, { maxLength: 4 }).map((m) => JSON.stringify(m)) },
  { weight: 1, arbitrary: oddValue.map((v) => JSON.stringify(v) ?? 'null') },
  { weight: 1, arbitrary: oddString },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      nestedText(10_000, 'array'),
      nestedText(100_000, 'array'),
      nestedText(10_000, 'object'),
      `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"whoami","arguments":${nestedText(50_000, 'array')}}}`,
      '{"jsonrpc":"2.0","id":1e999,"method":"ping"}',
      '{"jsonrpc":"2.0","id":123456789012345678901234567890,"method":"ping"}',
      '{"jsonrpc":"2.0","id":1,"method":"ping","params":{"_meta":{"progressToken":1e999}}}',
      '{"jsonrpc":"2.0","id":"\\ud800","method":"tools/call","params":{"name":"\\udfff"}}',
      '{"jsonrpc":"2.0","id":1,"id":2,"method":"ping"}',
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"whoami","arguments":{"constructor":{"prototype":{"x":1}}}}}',
      '\ufeff{"jsonrpc":"2.0","id":1,"method":"ping"}',
      '{"jsonrpc":"2.0","id":1,"method":"ping"} trailing',
      '[]',
      '[[]]',
      'null',
      '"string"',
      '',
      `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"${'x'.repeat(1_100_000)}"}}`,
    ),
  },
);

/** Headers: both revisions (and odd ones), any content type and Accept, Mcp-Method/Name or not. */
const headers = fc.record({
  version: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...REVISIONS) },
    { weight: 1, arbitrary: fc.constantFrom('2025-06-18', '2024-11-05', 'garbage', '') },
  ),
  contentType: fc.oneof(
    { weight: 4, arbitrary: fc.constant('application/json') },
    { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
  ),
  accept: fc.oneof(
    { weight: 4, arbitrary: fc.constant(ACCEPTS[0]!) },
    { weight: 1, arbitrary: fc.constantFrom(...ACCEPTS) },
  ),
  mcpMethod: fc.option(fc.oneof(fc.constantFrom(...METHODS), oddString)),
  mcpName: fc.option(toolName),
  /** Derive Mcp-Method and Mcp-Name from the body, as a 2026-07-28 client does. */
  consistent: fc.boolean(),
});

/** The Mcp-Method and Mcp-Name a client would send for this body (when it is one message). */
function headersFromBody(body: string): { method?: string; name?: string } {
  try {
    const parsed = JSON.parse(body) as { method?: unknown; params?: { name?: unknown } };
    return {
      ...(typeof parsed.method === 'string' ? { method: parsed.method } : {}),
      ...(typeof parsed.params?.name === 'string' ? { name: parsed.params.name } : {}),
    };
  } catch {
    return {};
  }
}

/**
 * The bodies and headers are refused or answered before any statement but the caller's lookup, so
 * this file runs in the embedded-database pass of `npm test` only; the argument fuzzing and the
 * SQL corpus (`tools/argument-fuzz.test.ts`) run on Postgres too.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(onPostgres)(
  `fuzzing raw JSON-RPC bodies on POST /mcp (fast-check, fixed seed)${onPostgres ? ' (skipped: runs in the embedded-database pass)' : ''}`,
  () => {
    let t: TestApp;
    let token: string;
    const watch = watchCrashes();
    beforeAll(async () => {
      t = await createTestApp({
        TOOL_CALLS_PER_MINUTE: '1000000',
        REQUESTS_PER_IP_PER_MINUTE: '1000000',
      });
      token = await t.token();
    });
    afterAll(async () => {
      watch.stop();
      await t?.close();
    });

    /** A `tools/call` of `name` with `args` on `version`, headers as a well-behaved client sends them. */
    function callOn(version: (typeof REVISIONS)[number], name: string, args: unknown, id: number) {
      const modern = version === '2026-07-28';
      return t.app.inject({
        method: 'POST',
        url: '/mcp',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${token}`,
          'mcp-protocol-version': version,
          ...(modern ? { 'mcp-method': 'tools/call', 'mcp-name': name } : {}),
        },
        payload: JSON.stringify({
          jsonrpc: '2.0',
          id,
          method: 'tools/call',
          params: { name, arguments: args, ...(modern ? { _meta: MODERN_META } : {}) },
        }),
      });
    }

    /** A normal whoami on the given revision answers Ada. */
    async function stillAnswers(version: (typeof REVISIONS)[number]) {
      const response = await callOn(version, 'whoami', {}, 1);
      const { results } = expectTypedAnswer(response, `whoami on ${version}`);
      expect(results[0]?.structuredContent).toMatchObject({ user: { name: 'Ada Lovelace' } });
    }

    it('never answers 5xx or untyped, whatever the body and headers', async () => {
      for (const version of REVISIONS) await stillAnswers(version);
      await fc.assert(
        fc.asyncProperty(bodyText, headers, async (body, h) => {
          if (h.consistent) {
            const derived = headersFromBody(body);
            h = { ...h, mcpMethod: derived.method ?? null, mcpName: derived.name ?? null };
          }
          const response = await t.app.inject({
            method: 'POST',
            url: '/mcp',
            headers: {
              ...(h.contentType ? { 'content-type': h.contentType } : {}),
              ...(h.accept ? { accept: h.accept } : {}),
              authorization: `Bearer ${token}`,
              ...(h.version ? { 'mcp-protocol-version': h.version } : {}),
              ...(h.mcpMethod === null ? {} : { 'mcp-method': toHeader(h.mcpMethod) }),
              ...(h.mcpName === null ? {} : { 'mcp-name': toHeader(h.mcpName) }),
            },
            payload: body,
          });
          expectTypedAnswer(response, `${JSON.stringify(h)} ${body.slice(0, 200)}`);
        }),
        fuzzRuns(500),
      );
      for (const version of REVISIONS) await stillAnswers(version);
      expect(watch.crashes).toEqual([]);
    }, 180_000);

    it('answers every well-formed call with any arguments as a result or a typed tool error', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...REVISIONS),
          fc.constantFrom(...tools.map((tool) => tool.name)),
          fc.oneof(fc.dictionary(oddString, oddValue, { maxKeys: 4 }), oddValue),
          async (version, name, args) => {
            const response = await callOn(version, name, args, 7);
            expectTypedAnswer(response, `${version} ${name} ${JSON.stringify(args).slice(0, 200)}`);
          },
        ),
        fuzzRuns(300),
      );
      for (const version of REVISIONS) await stillAnswers(version);
      expect(watch.crashes).toEqual([]);
    }, 180_000);
  },
);

/** Header values must be Latin-1 without controls; odd strings are kept as their code units. */
function toHeader(value: string): string {
  return [...value]
    .map((char) => (/^[\x20-\x7e]$/.test(char) ? char : `%${char.codePointAt(0)!.toString(16)}`))
    .join('')
    .slice(0, 200);
}
