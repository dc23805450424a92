import {
  classifyInboundRequest,
  isJSONRPCRequest,
  isJsonContentType,
  parseJSONRPCMessage,
  SUPPORTED_PROTOCOL_VERSIONS,
  type JSONRPCRequest,
} from '@modelcontextprotocol/server';
import type { IncomingHttpHeaders } from 'node:http';

/** The 2026-07-28 protocol revision, the one modern revision served. */
export const MODERN_REVISION = '2026-07-28';

/** Requests a long-lived server answers on either revision; anything else goes through the SDK's HTTP entry. */
const SERVED_METHODS = [
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
 * Decides whether a POST /mcp is an ordinary, well-formed request a long-lived server can answer
 * directly. The era is the SDK's own classifier's (`classifyInboundRequest`, run on every
 * request); then every check the SDK's HTTP entry would make for that era must plainly pass
 * (2026-07-28: the `MCP-Protocol-Version`, `Mcp-Method` and `Mcp-Name` headers present and
 * agreeing with the body, no `Mcp-Param-*` declarations; 2025-11-25: an Accept of JSON and event
 * streams, a served protocol version, a valid JSON-RPC request). `undefined` sends the request to
 * the SDK's entry (`createMcpHandler`), which gives every refusal, notification and rarer method
 * its exact answer.
 */
export function routeExchange(
  headers: IncomingHttpHeaders,
  body: unknown,
  options: ExchangeRouteOptions,
): ExchangeRoute | undefined {
  if (!hasJsonBody(headers)) return undefined;
  const standard = standardHeaders(headers);
  const { protocolVersion, mcpMethod, mcpName } = standard;
  const outcome = classifyInboundRequest({
    httpMethod: 'POST',
    body,
    ...(protocolVersion === undefined ? {} : { protocolVersionHeader: protocolVersion }),
    ...(mcpMethod === undefined ? {} : { mcpMethodHeader: mcpMethod }),
    ...(mcpName === undefined ? {} : { mcpNameHeader: mcpName }),
  });
  return routeOf(outcome, headers, body, standard, options);
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
 * JSON and event streams, a served protocol version), then its parse.
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
