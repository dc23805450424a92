import type { HttpErrorCode } from '@ask-analyst/protocol';
import { createMcpHandler, type McpServerFactory } from '@modelcontextprotocol/server';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, httpErrorBody } from '../errors.js';
import type { ToolCall } from '../tools/run-tool.js';
import { authInfoWithCall } from './call-context.js';
import type { ExchangeMultiplexer } from './exchange-multiplexer.js';
import { asksForProgress, routeExchange, type ExchangeRoute } from './exchange-route.js';
import {
  EVENT_STREAM_HEADERS,
  eventStreamFrame,
  HttpExchange,
  shuttingDownError,
} from './http-exchange.js';
import type { McpBody } from './json-rpc-body.js';
import type { LongLivedServers } from './long-lived-servers.js';
import { ToolListingCache } from './tool-listing-cache.js';

/**
 * Request headers the SDK may read: the standard ones and every `Mcp-*` header (protocol version,
 * `Mcp-Method`, `Mcp-Name`, `Mcp-Param-*`). `Authorization` and cookies never reach it.
 */
const FORWARDED_HEADERS = new Set(['accept', 'content-type', 'last-event-id', 'user-agent']);
const forwarded = (name: string) => FORWARDED_HEADERS.has(name) || name.startsWith('mcp-');

const CLOSED = Symbol('closed');

export interface McpBridgeOptions {
  /** The servers ordinary requests are answered by. */
  servers: LongLivedServers;
  /** Per-request servers for what the long-lived ones leave to the SDK's HTTP entry. */
  factory: McpServerFactory;
  /** The public URL of the endpoint (`${mcp_url}/mcp`), as the SDK should see the request. */
  endpoint: string;
  bodyLimitBytes: number;
  log: FastifyBaseLogger;
}

/**
 * Serves POST /mcp. An ordinary, well-formed request (`routeExchange`, the SDK's classifier) is handed straight to its
 * era's long-lived server through the exchange multiplexer, its answer sent as JSON, or as an event
 * stream when progress or other messages must go first. Everything else (refusals, notifications,
 * rarer methods) goes through the SDK's `createMcpHandler`, 2026-07-28 per request and 2025-11-25
 * through its stateless legacy fallback, so those keep the SDK's exact answers.
 */
export function createMcpBridge(options: McpBridgeOptions) {
  const { servers } = options;
  const handler = createMcpHandler(options.factory, {
    legacy: 'stateless',
    responseMode: 'auto',
    maxRequestBodySize: options.bodyLimitBytes,
    // Rejected requests land here too; only the error's kind is logged, never request content.
    onerror: (error) => options.log.debug({ error: error.name }, 'mcp handler reported an error'),
  });

  // Exchanges in flight, so close() can end them: the SDK's close() ends only modern per-request
  // servers, not 2025-era stateless ones, and not a response Fastify is still streaming.
  const open = new Set<{ end: () => void }>();
  const listings = new ToolListingCache();
  let closed = false;

  /**
   * Serves a routed request on a long-lived server; `false` if its server refused it. (A boolean,
   * not the reply: Fastify's reply is a thenable, and awaiting it waits for the response to end.)
   */
  async function serveExchange(
    route: ExchangeRoute,
    request: FastifyRequest,
    reply: FastifyReply,
    call: ToolCall,
  ): Promise<boolean> {
    const listing = listings.answerFor(route);
    if (listing !== undefined) {
      reply.code(200).type('application/json').send(listing);
      return true;
    }
    const transport: ExchangeMultiplexer = servers[route.era];
    const exchange = new HttpExchange(route.request.id, acceptsEventStream(request.headers.accept));
    const id = transport.dispatch(route.request, { authInfo: authInfoWithCall(call) }, exchange);
    // Answered during dispatch: a protocol-level refusal, before any handler ran. The SDK's entry
    // serves the request again and gives the refusal its exact HTTP form.
    if (exchange.finished) return false;
    if (asksForProgress(route.request)) exchange.streamIfAccepted();
    const entry = {
      end() {
        exchange.endForShutdown();
        transport.cancel(id, 'The server is shutting down.');
      },
    };
    open.add(entry);
    reply.raw.on('close', () => {
      open.delete(entry);
      if (reply.raw.writableFinished) return;
      transport.cancel(id, 'The client disconnected.');
      exchange.abandon();
    });
    const outcome = await exchange.outcome;
    switch (outcome.kind) {
      case 'json':
        reply.code(200).type('application/json').send(listings.textOf(route, outcome.message));
        return true;
      case 'stream':
        reply.code(200).headers(EVENT_STREAM_HEADERS).send(outcome.body);
        return true;
      case 'closed':
        throw new HttpError('mcp_unavailable', undefined, { headers: { 'retry-after': '1' } });
      case 'abandoned':
        reply.code(499).send();
        return true;
      case 'refused':
        return false;
    }
  }

  /** Serves a request through the SDK's HTTP entry (web `Request` in, web `Response` out). */
  async function serveThroughEntry(
    request: FastifyRequest,
    reply: FastifyReply,
    call: ToolCall,
  ): Promise<FastifyReply> {
    const body = request.body as McpBody | undefined;
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (forwarded(name) && typeof value === 'string') headers.set(name, value);
    }
    headers.set('x-request-id', request.id);
    const abort = new AbortController();
    let endStream: (() => void) | undefined;
    // Each exchange waits on its own shutdown signal: racing every request against one shared
    // promise that settles only at close kept every answer reachable from it (a leak per request).
    let stopWaiting: () => void = () => undefined;
    const whenClosed = new Promise<typeof CLOSED>((resolve) => {
      stopWaiting = () => resolve(CLOSED);
    });
    const entry = {
      end() {
        stopWaiting();
        endStream?.();
        abort.abort();
      },
    };
    open.add(entry);
    reply.raw.on('close', () => {
      open.delete(entry);
      if (!reply.raw.writableFinished) abort.abort();
    });
    const webRequest = new Request(options.endpoint, {
      method: 'POST',
      headers,
      signal: abort.signal,
      ...(body && !body.isJson ? { body: body.text } : {}),
    });
    const response = await Promise.race([
      handler.fetch(webRequest, {
        authInfo: authInfoWithCall(call),
        ...(body?.isJson ? { parsedBody: body.json } : {}),
      }),
      whenClosed,
    ]);
    if (response === CLOSED) {
      // Shutting down before the exchange produced an answer: a clean, retryable 503.
      throw new HttpError('mcp_unavailable', undefined, { headers: { 'retry-after': '1' } });
    }
    if (response.status < 400) {
      if (response.body && isEventStream(response)) {
        const stream = endableEventStream(response.body, requestIdOf(body));
        endStream = () => stream.end();
        return reply.send(new Response(stream.body, response));
      }
      // A JSON answer is read whole and sent as text: piping a one-chunk web stream into the
      // Node response costs more than the answer itself.
      if (response.body !== null && isJson(response.headers.get('content-type'))) {
        return reply
          .code(response.status)
          .headers(Object.fromEntries(response.headers))
          .send(await response.text());
      }
      return reply.send(response);
    }
    return reply
      .code(response.status)
      .headers(passThroughHeaders(response.headers))
      .type('application/json; charset=utf-8')
      .send(await errorAnswerBody(response, request.id));
  }

  return {
    async handle(
      request: FastifyRequest,
      reply: FastifyReply,
      call: ToolCall,
    ): Promise<FastifyReply> {
      if (closed) throw new HttpError('mcp_unavailable');
      const body = request.body as McpBody | undefined;
      const route = body?.isJson ? routeExchange(request.headers, body.json, servers) : undefined;
      if (route && (await serveExchange(route, request, reply, call))) return reply;
      return serveThroughEntry(request, reply, call);
    },
    /** Ends every exchange still open (a 503 if none was answered yet, else the stream is ended). */
    async close() {
      closed = true;
      for (const entry of open) entry.end();
      open.clear();
      await handler.close();
      await servers.close();
    },
  };
}
export type McpBridge = ReturnType<typeof createMcpBridge>;

function acceptsEventStream(accept: string | undefined): boolean {
  return accept?.toLowerCase().includes('text/event-stream') ?? false;
}

function isJson(contentType: string | null): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

const isEventStream = (response: Response) =>
  (response.headers.get('content-type') ?? '').startsWith('text/event-stream');

/** The JSON-RPC id of a single request body, when it has one. */
function requestIdOf(body: McpBody | undefined): string | number | null {
  if (!body?.isJson || typeof body.json !== 'object' || body.json === null) return null;
  const { id } = body.json as { id?: unknown };
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/**
 * An SSE response body that `end()` closes early: the stream then ends with a JSON-RPC error for
 * the pending request (the server is shutting down; retry), so a client is told, not left with a
 * stream that stopped without an answer.
 */
function endableEventStream(source: ReadableStream<Uint8Array>, rpcId: string | number | null) {
  const reader = source.getReader();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let done = false;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    async pull(c) {
      const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (done) return;
      if (chunk.done) {
        done = true;
        c.close();
      } else c.enqueue(chunk.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return {
    body,
    end() {
      if (done || !controller) return;
      done = true;
      if (rpcId !== null) {
        controller.enqueue(new TextEncoder().encode(eventStreamFrame(shuttingDownError(rpcId))));
      }
      controller.close();
      void reader.cancel().catch(() => undefined);
    },
  };
}

function passThroughHeaders(headers: Headers): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of ['allow', 'retry-after', 'mcp-protocol-version']) {
    const value = headers.get(name);
    if (value !== null) kept[name] = value;
  }
  return kept;
}

const CODE_BY_STATUS: Partial<Record<number, HttpErrorCode>> = {
  405: 'mcp_method_not_allowed',
  413: 'mcp_payload_too_large',
  429: 'mcp_rate_limited',
  503: 'mcp_unavailable',
};

/**
 * The SDK answers some requests itself with a non-2xx JSON-RPC error (malformed JSON `-32700`,
 * invalid request `-32600`, unsupported protocol version, wrong Accept header…). Both shapes hold
 * in one body: the JSON-RPC error a client parses, and the seed's error body (SPEC section 2).
 */
async function errorAnswerBody(
  response: Response,
  requestId: string,
): Promise<Record<string, unknown>> {
  const code =
    CODE_BY_STATUS[response.status] ??
    (response.status >= 500 ? 'mcp_internal_error' : 'mcp_invalid_request');
  const text = await response.text();
  let rpc:
    | {
        jsonrpc?: unknown;
        id?: unknown;
        error?: { code?: unknown; message?: unknown; data?: unknown };
      }
    | undefined;
  try {
    rpc = JSON.parse(text) as typeof rpc;
  } catch {
    rpc = undefined;
  }
  const rpcError = rpc?.error;
  const message =
    typeof rpcError?.message === 'string' && response.status < 500 ? rpcError.message : undefined;
  const body = httpErrorBody(code, message, requestId);
  if (rpc?.jsonrpc !== '2.0' || typeof rpcError?.code !== 'number') return body;
  return {
    jsonrpc: '2.0',
    id: rpc.id ?? null,
    ...body,
    error: {
      code: rpcError.code,
      ...body.error,
      ...(rpcError.data === undefined ? {} : { data: rpcError.data }),
    },
  };
}
