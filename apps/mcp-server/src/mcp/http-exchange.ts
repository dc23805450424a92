import { PassThrough } from 'node:stream';
import type {
  JSONRPCErrorResponse,
  JSONRPCMessage,
  JSONRPCResultResponse,
  RequestId,
} from '@modelcontextprotocol/server';
import type { ExchangeSink } from './exchange-multiplexer.js';

/** How often an open event stream gets a comment line, so idle proxies keep it open. */
const KEEP_ALIVE_MS = 15_000;

/** Headers of an event-stream answer (as the SDK's own HTTP transports send them). */
export const EVENT_STREAM_HEADERS = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
} as const;

/** One message as an event-stream frame, as the SDK's own HTTP transports write them. */
export function eventStreamFrame(message: JSONRPCMessage): string {
  return `event: message\ndata: ${JSON.stringify(message)}\n\n`;
}

/** The error a stream ended by shutdown closes with, so the client knows to retry. */
export function shuttingDownError(id: RequestId): JSONRPCErrorResponse {
  return {
    jsonrpc: '2.0',
    id,
    error: { code: -32000, message: 'The server is shutting down. Retry the request.' },
  };
}

/** How an exchange is answered, once that is known. */
export type ExchangeOutcome =
  /** The answer, sent as one JSON body. */
  | { kind: 'json'; message: JSONRPCResultResponse | JSONRPCErrorResponse }
  /** An event stream: messages are written to `body` as they come, the answer last. */
  | { kind: 'stream'; body: PassThrough }
  /** The server refused the request before any handler ran; the SDK's HTTP entry answers it. */
  | { kind: 'refused' }
  /** Shutdown came before any answer: the client gets the retryable 503. */
  | { kind: 'closed' }
  /** The client went away first. */
  | { kind: 'abandoned' };

/**
 * One POST /mcp served by a long-lived server: a JSON answer unless messages must be streamed
 * before it (the request asked for progress, or the server sends a message about it first and
 * the client accepts an event stream), then an event stream that ends with the answer.
 */
export class HttpExchange implements ExchangeSink {
  readonly outcome: Promise<ExchangeOutcome>;
  #settle!: (outcome: ExchangeOutcome) => void;
  #stream: PassThrough | undefined;
  #keepAlive: NodeJS.Timeout | undefined;
  #done = false;

  constructor(
    private readonly clientId: RequestId,
    private readonly acceptsEventStream: boolean,
  ) {
    this.outcome = new Promise((resolve) => {
      this.#settle = resolve;
    });
  }

  /** Answers as an event stream from now on (when the client accepts one). */
  streamIfAccepted(): void {
    if (this.#done || this.#stream || !this.acceptsEventStream) return;
    const body = new PassThrough();
    this.#stream = body;
    this.#keepAlive = setInterval(() => body.write(': keepalive\n\n'), KEEP_ALIVE_MS);
    this.#keepAlive.unref();
    this.#settle({ kind: 'stream', body });
  }

  notify(message: JSONRPCMessage): void {
    if (this.#done) return;
    this.streamIfAccepted();
    // A client that takes JSON only cannot be sent anything before the answer.
    if (this.#stream) this.#write(message);
  }

  answer(message: JSONRPCResultResponse | JSONRPCErrorResponse, duringDispatch: boolean): void {
    if (this.#done) return;
    if (this.#stream) {
      this.#write(message);
      this.#end();
      return;
    }
    this.#done = true;
    this.#settle(duringDispatch ? { kind: 'refused' } : { kind: 'json', message });
  }

  /**
   * Shutdown: an exchange without an answer yet gets the retryable 503; a started stream ends
   * with a JSON-RPC error saying so, instead of stopping mid-air.
   */
  endForShutdown(): void {
    if (this.#done) return;
    if (!this.#stream) {
      this.#done = true;
      this.#settle({ kind: 'closed' });
      return;
    }
    this.#write(shuttingDownError(this.clientId));
    this.#end();
  }

  /** The client disconnected: nothing more is written. */
  abandon(): void {
    if (this.#done) return;
    if (this.#stream) this.#end();
    else {
      this.#done = true;
      this.#settle({ kind: 'abandoned' });
    }
  }

  get finished(): boolean {
    return this.#done;
  }

  #write(message: JSONRPCMessage): void {
    this.#stream?.write(eventStreamFrame(message));
  }

  #end(): void {
    this.#done = true;
    clearInterval(this.#keepAlive);
    this.#stream?.end();
  }
}
