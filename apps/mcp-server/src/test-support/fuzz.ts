import {
  HttpErrorBodySchema,
  TOOL_ERROR_CODES,
  ToolErrorSchema,
  type ToolErrorContent,
} from '@ask-analyst/protocol';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** One seed for every property of the fuzz tests: runs are reproducible (issue #11). */
export const FUZZ_SEED = 20_261_123;

/** fast-check parameters: fixed seed, bounded runs; fast-check's failure report names the seed. */
export const fuzzRuns = (numRuns: number): fc.Parameters<unknown> => ({
  seed: FUZZ_SEED,
  numRuns,
  // Shrinking replays the app many times; a bounded budget keeps a failing run short (the runs
  // themselves take seconds; the budget stays under the tests' own timeouts).
  interruptAfterTimeLimit: 150_000,
  markInterruptAsFailure: true,
});

/** The per-request `_meta` envelope the 2026-07-28 revision requires on every request. */
export const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'fuzz', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** Characters that break naive code: NUL, controls, bidi overrides, BOM, lone surrogates, quotes. */
const oddChar = fc.oneof(
  fc.constantFrom(
    '\u0000',
    '\u0007',
    '\n',
    '\r',
    '\u202e',
    '\u200f',
    '\u2066',
    '\ufeff',
    '\u0301',
    'ا',
    '\u05d0',
    '🙂',
    '\ud83d',
    '\ude42',
    "'",
    '"',
    '`',
    '\\',
    '%',
    '_',
    '$',
    '{',
  ),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit)),
);

/** Strings a caller might send: any code points, odd characters, lone surrogates, very long ones. */
export const oddString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: oddChar, maxLength: 40 }),
  fc.constantFrom('', ' ', 'NaN', 'Infinity', '-Infinity', 'null', 'undefined', '1e999', '-0'),
  fc.constantFrom(5_000, 70_000, 300_000).map((n) => 'x'.repeat(n)),
);

/** Numbers at and past every edge JSON can carry. */
export const oddNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    0.5,
    1e-300,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    Number.MIN_SAFE_INTEGER - 2,
    2 ** 31,
    2 ** 53,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** A value nested `depth` levels deep (arrays or objects). */
export function nested(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = kind === 'array' ? [value] : { a: value };
  return value;
}

/** The same, as JSON text: deep enough to exhaust a recursive parser's stack. */
export function nestedText(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? `${'['.repeat(depth)}1${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** Any value a wrong argument might be: JSON of every type, odd strings and numbers, deep nests. */
export const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: 'small' },
  fc.jsonValue({ maxDepth: 3 }),
  oddString,
  oddNumber,
  fc.constantFrom(
    nested(200, 'array'),
    nested(200, 'object'),
    nested(500, 'array'),
    nested(500, 'object'),
  ),
);

/** JSON-RPC messages of a JSON or SSE answer. */
export function messagesOf(response: LightMyRequestResponse): Array<Record<string, unknown>> {
  const type = String(response.headers['content-type'] ?? '');
  if (type.startsWith('application/json')) return [response.json()];
  if (type.startsWith('text/event-stream')) {
    return response.body
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>);
  }
  throw new Error(`unexpected content type ${type}: ${response.body.slice(0, 200)}`);
}

/**
 * Checks that an answer of POST /mcp is one the SPEC allows: never 5xx; an error status with the
 * SPEC 2 body (and the matching request id); 202 for a notification; or JSON-RPC messages whose
 * errors carry JSON-RPC codes and whose tool results are valid or typed tool errors (never
 * `internal`). Returns the tool errors seen, for callers that check codes.
 */
export function expectTypedAnswer(
  response: LightMyRequestResponse,
  context: string,
): { toolErrors: Array<ToolErrorContent['error']>; results: Array<Record<string, unknown>> } {
  const where = `${context} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, where).toBeLessThan(500);
  const requestId = response.headers['x-request-id'];
  expect(requestId, where).toMatch(/^req_[0-9a-z]+$/);
  const toolErrors: Array<ToolErrorContent['error']> = [];
  const results: Array<Record<string, unknown>> = [];
  if (response.statusCode === 202) {
    expect(response.body, where).toBe('');
    return { toolErrors, results };
  }
  if (response.statusCode >= 400) {
    const body = HttpErrorBodySchema.safeParse(response.json());
    expect(body.success, where).toBe(true);
    expect(body.data?.request_id, where).toBe(requestId);
    const rpc = response.json<{ jsonrpc?: unknown; error?: { code?: unknown } }>();
    if (rpc.jsonrpc !== undefined) {
      expect(rpc.jsonrpc, where).toBe('2.0');
      expect(rpc.error?.code, where).toEqual(expect.any(Number));
      expect(rpc.error?.code, where).not.toBe(-32603);
    }
    return { toolErrors, results };
  }
  expect(response.statusCode, where).toBe(200);
  const messages = messagesOf(response);
  expect(messages.length, where).toBeGreaterThan(0);
  for (const message of messages) {
    expect(message.jsonrpc, where).toBe('2.0');
    if ('error' in message) {
      const { code, message: text } = message.error as { code: unknown; message: unknown };
      expect(Number.isInteger(code), where).toBe(true);
      // -32603 is JSON-RPC's "internal error": something threw that should have been typed.
      expect(code, where).not.toBe(-32603);
      expect(typeof text, where).toBe('string');
      continue;
    }
    if (!('result' in message)) {
      expect(message.method, where).toBe('notifications/progress');
      continue;
    }
    const result = message.result as Record<string, unknown>;
    results.push(result);
    if (result.isError === true) {
      const parsed = ToolErrorSchema.safeParse(result.structuredContent);
      expect(parsed.success, where).toBe(true);
      expect(TOOL_ERROR_CODES, where).toContain(parsed.data!.error.code);
      expect(parsed.data!.error.code, where).not.toBe('internal');
      toolErrors.push(parsed.data!.error);
    }
  }
  return { toolErrors, results };
}

/** Collects unhandled rejections and uncaught exceptions while a fuzz test runs. */
export function watchCrashes(): { crashes: unknown[]; stop(): void } {
  const crashes: unknown[] = [];
  const onCrash = (error: unknown) => crashes.push(error);
  process.on('unhandledRejection', onCrash);
  process.on('uncaughtException', onCrash);
  return {
    crashes,
    stop() {
      process.off('unhandledRejection', onCrash);
      process.off('uncaughtException', onCrash);
    },
  };
}
