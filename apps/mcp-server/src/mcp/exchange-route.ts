import { isRecord } from '@ask-analyst/protocol';
import {
  classifyInboundRequest,
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  isJSONRPCRequest,
  isJsonContentType,
  LOG_LEVEL_META_KEY,
  parseJSONRPCMessage,
  PROTOCOL_VERSION_META_KEY,
  SUPPORTED_PROTOCOL_VERSIONS,
  type JSONRPCRequest,
} from '@modelcontextprotocol/server';
import type { IncomingHttpHeaders } from 'node:http';
import { LruMap } from 'toad-cache';

/** The 2026-07-28 protocol revision, the one modern revision served. */
export const MODERN_REVISION = '2026-07-28';

/** Requests a long-lived server answers on either revision; anything else goes through the SDK's HTTP entry. */
export const SERVED_METHODS = [
  'tools/list',
  'tools/call',
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'prompts/list',
  'prompts/get',
  'completion/complete',
];
/** The tasks extension's methods are served on 2026-07-28 only (decision 112). */
const MODERN_METHODS = new Set([
  'server/discover',
  'tasks/get',
  'tasks/cancel',
  'tasks/update',
  ...SERVED_METHODS,
]);
/** `logging/setLevel` is left out on purpose: on a shared instance it would outlive its request. */
const LEGACY_METHODS = new Set(['initialize', 'ping', ...SERVED_METHODS]);
/** The body field the 2026-07-28 `Mcp-Name` header mirrors, per method. */
const NAME_FIELD: Record<string, 'name' | 'uri'> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
};
/** Envelopes kept, by their JSON text: a client sends the same one with each request. */
const MAX_KEPT_ENVELOPES = 64;
/**
 * The envelope keys a client sends alike with every request; an envelope with any other key (a
 * progress token, trace context) is not kept, so that per-request envelopes do not crowd out the
 * clients' own.
 */
const CLIENT_ENVELOPE_KEYS = new Set([
  PROTOCOL_VERSION_META_KEY,
  CLIENT_INFO_META_KEY,
  CLIENT_CAPABILITIES_META_KEY,
  LOG_LEVEL_META_KEY,
]);
/** Longest envelope kept (characters of its JSON text); a longer one is classified each time. */
const MAX_KEPT_ENVELOPE_LENGTH = 2048;

/** A POST /mcp a long-lived server can answer: its era and its JSON-RPC request. */
export interface ExchangeRoute {
  era: 'modern' | 'legacy';
  request: JSONRPCRequest;
}

export interface ExchangeRouteOptions {
  /** Whether a tool's input schema declares `Mcp-Param-*` headers (the SDK's entry checks those). */
  declaresParamHeaders: (toolName: string) => boolean;
}

/**
 * Decides, conservatively, whether a POST /mcp is an ordinary, well-formed request a long-lived
 * server can answer directly: the era by the SDK's own classifier, then every check the SDK's
 * HTTP entry would make for that era must plainly pass (2026-07-28: the `MCP-Protocol-Version`,
 * `Mcp-Method` and `Mcp-Name` headers present and agreeing with the body, no `Mcp-Param-*`
 * declarations; 2025-11-25: an Accept of JSON and event streams, a served protocol version, a
 * valid JSON-RPC request). `undefined` sends the request to the SDK's entry (`createMcpHandler`),
 * which gives every refusal, notification and rarer method its exact answer. Every route is the
 * one `classifiedRoute` gives, found more cheaply for plain requests: a 2025-era one skips the
 * classifier (`plainLegacyRoute`), its outcome following from its shape; a 2026-07-28 one runs it
 * once per envelope (`plainModernRequest`), the envelopes found modern kept by the router.
 */
export class ExchangeRouter {
  readonly #modernEnvelopes = new LruMap<true>(MAX_KEPT_ENVELOPES);

  constructor(
    private readonly options: ExchangeRouteOptions,
    /** The SDK's classifier (tests count its runs). */
    private readonly classifier: typeof classifyInboundRequest = classifyInboundRequest,
  ) {}

  route(headers: IncomingHttpHeaders, body: unknown): ExchangeRoute | undefined {
    if (!hasJsonBody(headers)) return undefined;
    const legacy = plainLegacyRoute(headers, body);
    if (legacy !== undefined) return legacy;
    const standard = standardHeaders(headers);
    const plain = plainModernRequest(standard, body);
    if (plain !== undefined && this.#modernEnvelopes.get(plain.envelope) !== undefined) {
      return modernRoute(plain.request, standard, this.options);
    }
    const outcome = classify(standard, body, this.classifier);
    // Only an envelope found modern is kept: a refused one goes to the classifier every time.
    if (plain !== undefined && isModernRequest(outcome)) {
      this.#modernEnvelopes.set(plain.envelope, true);
    }
    return routeOf(outcome, headers, body, standard, this.options);
  }
}

/**
 * The route of a 2025-era request whose classification follows from its shape, found without
 * running the SDK's classifier, which first checks whether the body is a posted response with
 * two zod parses that fail, slowly, on every request (skipping it saved ≈40 µs of a ping's CPU in
 * the dev stack). `body` is a parsed JSON value. A body with neither `result` nor `error` cannot
 * pass those checks (both fields are required there); a valid JSON-RPC request whose method is not
 * `initialize`, whose `params._meta` holds no protocol-version claim, and whose
 * `MCP-Protocol-Version` header is absent or exactly one of the SDK's `SUPPORTED_PROTOCOL_VERSIONS`
 * (all before 2026-07-28; `legacyRoute` checks it) is then always the classifier's legacy
 * "no-claim" request (SDK 2.4, `classifyRequestBody`).
 * Anything else is `undefined` and goes on to the classifier (`ExchangeRouter`);
 * exchange-route.test.ts checks the router against `classifiedRoute` on generated requests, so an
 * SDK that changes its rules for such requests fails the test.
 */
export function plainLegacyRoute(
  headers: IncomingHttpHeaders,
  body: unknown,
): ExchangeRoute | undefined {
  const shape = requestShape(body);
  if (!shape || shape.method === 'initialize' || !LEGACY_METHODS.has(shape.method)) {
    return undefined;
  }
  if (shape.meta !== undefined && PROTOCOL_VERSION_META_KEY in shape.meta) return undefined;
  return legacyRoute(headers, body);
}

/**
 * A 2026-07-28 request whose classification follows from its envelope, with the envelope's JSON
 * text, the key an `ExchangeRouter` keeps it by. `body` is a parsed JSON value. For a valid
 * JSON-RPC request with neither `result` nor `error` (it cannot be a posted response), a method
 * other than `initialize`, and the standard headers naming 2026-07-28 and the body's method, the
 * classifier's outcome depends on `params._meta` alone (SDK 2.4, `classifyRequestBody`: the
 * envelope's validation, and its claim against the header); the checks of the method set and the
 * headers are early exits (`modernRoute` makes them again), the request check is needed. Only an
 * envelope of the client's own keys is kept (`CLIENT_ENVELOPE_KEYS`). Its text stands for one
 * envelope unless it holds `null`: `JSON.stringify` writes the non-finite numbers a parse of
 * `1e400` gives as `null`, and the SDK's schemas accept `null` where they refuse those, so any
 * `null` in the text (a string's included) rules it out; `-0` and `0` share a text too, which the
 * schemas treat alike. Such an envelope, a long one and one too deeply nested to stringify are
 * `undefined`, like anything not plain: the classifier decides on every request.
 * exchange-route.test.ts checks the router against `classifiedRoute` on generated requests.
 */
function plainModernRequest(
  standard: StandardHeaders,
  body: unknown,
): { request: JSONRPCRequest; envelope: string } | undefined {
  const shape = requestShape(body);
  if (!shape || !MODERN_METHODS.has(shape.method)) return undefined;
  if (shape.meta === undefined || !(PROTOCOL_VERSION_META_KEY in shape.meta)) return undefined;
  if (!Object.keys(shape.meta).every((key) => CLIENT_ENVELOPE_KEYS.has(key))) return undefined;
  if (standard.protocolVersion !== MODERN_REVISION || standard.mcpMethod !== shape.method) {
    return undefined;
  }
  if (!isJSONRPCRequest(body)) return undefined;
  const envelope = jsonText(shape.meta);
  if (envelope === undefined || envelope.length > MAX_KEPT_ENVELOPE_LENGTH) return undefined;
  if (envelope.includes('null')) return undefined;
  return { request: body, envelope };
}

/**
 * The method and `params._meta` (when an object) of a body with a string method and neither
 * `result` nor `error`, which the classifier's checks for a posted response (both fields required
 * there) cannot pass.
 */
function requestShape(
  body: unknown,
): { method: string; meta: Record<string, unknown> | undefined } | undefined {
  if (!isRecord(body) || body.result !== undefined || body.error !== undefined) return undefined;
  const { method, params } = body;
  if (typeof method !== 'string') return undefined;
  return { method, meta: isRecord(params) && isRecord(params._meta) ? params._meta : undefined };
}

/** `JSON.stringify` of a parsed JSON value, or `undefined` when it is nested too deeply to write. */
function jsonText(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/**
 * The route the SDK's own classifier gives the request, run on every request: what
 * `ExchangeRouter` must answer, more cheaply.
 */
export function classifiedRoute(
  headers: IncomingHttpHeaders,
  body: unknown,
  options: ExchangeRouteOptions,
): ExchangeRoute | undefined {
  if (!hasJsonBody(headers)) return undefined;
  const standard = standardHeaders(headers);
  return routeOf(
    classify(standard, body, classifyInboundRequest),
    headers,
    body,
    standard,
    options,
  );
}

/** The route of a request given the classifier's outcome for it. */
function routeOf(
  outcome: Classification,
  headers: IncomingHttpHeaders,
  body: unknown,
  standard: StandardHeaders,
  options: ExchangeRouteOptions,
): ExchangeRoute | undefined {
  if (outcome.kind === 'modern') {
    return isModernRequest(outcome) ? modernRoute(outcome.message, standard, options) : undefined;
  }
  if (outcome.kind !== 'legacy') return undefined;
  if (outcome.reason !== 'no-claim' && outcome.reason !== 'initialize') return undefined;
  return legacyRoute(headers, body);
}

/** The standard MCP headers of a request, without the optional whitespace HTTP allows around them. */
interface StandardHeaders {
  protocolVersion: string | undefined;
  mcpMethod: string | undefined;
  mcpName: string | undefined;
}

/** Reads a request's standard MCP headers (`StandardHeaders`). */
function standardHeaders(headers: IncomingHttpHeaders): StandardHeaders {
  return {
    protocolVersion: trimmed(headers['mcp-protocol-version']),
    mcpMethod: trimmed(headers['mcp-method']),
    mcpName: trimmed(headers['mcp-name']),
  };
}

type Classification = ReturnType<typeof classifyInboundRequest>;

/** The classifier's outcome for a POST with these standard headers and this body. */
function classify(
  standard: StandardHeaders,
  body: unknown,
  classifier: typeof classifyInboundRequest,
): Classification {
  const { protocolVersion, mcpMethod, mcpName } = standard;
  return classifier({
    httpMethod: 'POST',
    body,
    ...(protocolVersion === undefined ? {} : { protocolVersionHeader: protocolVersion }),
    ...(mcpMethod === undefined ? {} : { mcpMethodHeader: mcpMethod }),
    ...(mcpName === undefined ? {} : { mcpNameHeader: mcpName }),
  });
}

/** A request (not a notification) the classifier found to be of the 2026-07-28 revision. */
function isModernRequest(
  outcome: Classification,
): outcome is Extract<Classification, { kind: 'modern'; messageKind: 'request' }> {
  return (
    outcome.kind === 'modern' &&
    outcome.messageKind === 'request' &&
    outcome.classification.revision === MODERN_REVISION
  );
}

/**
 * A 2026-07-28 request classified as such: every check the SDK's HTTP entry would make must
 * plainly pass (the standard headers present and agreeing with the body, no `Mcp-Param-*`
 * declarations), and its method must be one a long-lived server answers.
 */
function modernRoute(
  request: JSONRPCRequest,
  standard: StandardHeaders,
  options: ExchangeRouteOptions,
): ExchangeRoute | undefined {
  const { method } = request;
  const { protocolVersion, mcpMethod, mcpName } = standard;
  if (protocolVersion !== MODERN_REVISION || mcpMethod !== method) return undefined;
  if (!MODERN_METHODS.has(method)) return undefined;
  const nameField = NAME_FIELD[method];
  if (nameField !== undefined) {
    const value = request.params?.[nameField];
    // A Base64 sentinel (`=?base64?…?=`) is left to the SDK to decode and check.
    if (typeof value !== 'string' || mcpName !== value || mcpName.startsWith('=?')) {
      return undefined;
    }
    if (method === 'tools/call' && options.declaresParamHeaders(value)) return undefined;
  }
  return { era: 'modern', request };
}

/**
 * A 2025-era request classified as such: the checks of the SDK's stateless entry (an Accept of
 * JSON and event streams, a served protocol version), then its parse. A served version is also
 * what keeps a plain request off the classifier's modern-header rule (`plainLegacyRoute`).
 */
function legacyRoute(headers: IncomingHttpHeaders, body: unknown): ExchangeRoute | undefined {
  const accept = single(headers.accept) ?? '';
  if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
    return undefined;
  }
  const version = single(headers['mcp-protocol-version']);
  if (version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) return undefined;
  let message: unknown;
  try {
    message = parseJSONRPCMessage(body);
  } catch {
    return undefined;
  }
  if (!isJSONRPCRequest(message) || !LEGACY_METHODS.has(message.method)) return undefined;
  return { era: 'legacy', request: message };
}

/** Whether the request asked for progress notifications (they are streamed). */
export function asksForProgress(request: JSONRPCRequest): boolean {
  const meta = (request.params as { _meta?: { progressToken?: unknown } } | undefined)?._meta;
  return meta?.progressToken !== undefined;
}

/** Whether the request says its body is JSON (anything else is the SDK entry's to refuse). */
function hasJsonBody(headers: IncomingHttpHeaders): boolean {
  return isJsonContentType(single(headers['content-type']) ?? null);
}

function single(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A header value without the optional whitespace HTTP allows around it. */
function trimmed(value: string | string[] | undefined): string | undefined {
  return single(value)?.replace(/^[\t ]+|[\t ]+$/g, '');
}
