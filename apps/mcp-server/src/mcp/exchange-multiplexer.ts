import {
  PerRequestHTTPServerTransport,
  type JSONRPCErrorResponse,
  type JSONRPCMessage,
  type JSONRPCRequest,
  type JSONRPCResultResponse,
  type MessageClassification,
  type MessageExtraInfo,
  type RequestId,
  type TransportSendOptions,
} from '@modelcontextprotocol/server';

/** Where the messages the server sends for one exchange go (one HTTP request's reply). */
export interface ExchangeSink {
  /** A message the server sent for this request before its answer (progress, a log message). */
  notify(message: JSONRPCMessage): void;
  /**
   * The request's answer, its id restored to the client's own. `duringDispatch` is true when the
   * server answered (always with an error) before any handler ran: a protocol-level refusal.
   */
  answer(message: JSONRPCResultResponse | JSONRPCErrorResponse, duringDispatch: boolean): void;
}

interface OpenExchange {
  clientId: RequestId;
  sink: ExchangeSink;
}

/**
 * The one transport of a long-lived MCP server: many HTTP exchanges at once over the SDK's own
 * `Transport` interface. Each inbound request is given an id of its own before the server sees
 * it (clients number their requests independently, so many send id 1 at the same moment, and the
 * protocol layer keys its in-flight handlers by id); whatever the server sends back for that id,
 * the answer or a message related to it, is routed to that exchange's sink with the client's id
 * restored. Nothing else crosses: with no session there is no stream for unrelated messages.
 *
 * It extends the SDK's `PerRequestHTTPServerTransport` only for the classification it carries:
 * `Server.connect()` binds an instance to the 2026-07-28 revision when its transport is one of
 * these (the SDK's public path to a modern-era instance; `createMcpHandler` uses an internal
 * setter). Every method that serves messages is its own: the per-request behaviour is not used.
 */
export class ExchangeMultiplexer extends PerRequestHTTPServerTransport {
  readonly #classification: MessageClassification;
  readonly #open = new Map<number, OpenExchange>();
  #lastId = 0;
  #dispatching: number | undefined;
  #closed = false;

  constructor(classification: MessageClassification) {
    super({ classification });
    this.#classification = classification;
  }

  override start(): Promise<void> {
    return Promise.resolve();
  }

  /** Exchanges dispatched and not yet answered or cancelled. */
  get openExchanges(): number {
    return this.#open.size;
  }

  /**
   * Hands one request to the server; returns the id it was given there (for `cancel`). A refusal
   * the server answers synchronously reaches `sink.answer` before this returns.
   */
  dispatch(request: JSONRPCRequest, extra: MessageExtraInfo, sink: ExchangeSink): number {
    if (this.#closed || !this.onmessage) throw new Error('The exchange transport is not serving');
    const id = ++this.#lastId;
    this.#open.set(id, { clientId: request.id, sink });
    this.#dispatching = id;
    try {
      this.onmessage({ ...request, id }, { ...extra, classification: this.#classification });
    } finally {
      this.#dispatching = undefined;
    }
    return id;
  }

  /**
   * Ends an exchange whose client is gone (or that shutdown ended): the server is told with the
   * protocol's own `notifications/cancelled`, which aborts the handler's signal; nothing more is
   * routed for it.
   */
  cancel(id: number, reason: string): void {
    if (!this.#open.delete(id) || this.#closed) return;
    this.onmessage?.(
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason } },
      { classification: this.#classification },
    );
  }

  override send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if (isResponse(message)) {
      const id = message.id as number;
      const exchange = this.#open.get(id);
      if (exchange) {
        this.#open.delete(id);
        exchange.sink.answer({ ...message, id: exchange.clientId }, this.#dispatching === id);
      }
      return Promise.resolve();
    }
    const related = options?.relatedRequestId;
    if (typeof related === 'number') this.#open.get(related)?.sink.notify(message);
    return Promise.resolve();
  }

  override handleMessage(): Promise<Response> {
    return Promise.reject(new Error('Use dispatch(): this transport serves many exchanges'));
  }

  override close(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    this.#closed = true;
    this.#open.clear();
    this.onclose?.();
    return Promise.resolve();
  }
}

/**
 * Whether a message the server sends is an answer. The server built it: its shape is known, so
 * this looks at its keys instead of validating it whole (the SDK's guards parse every answer
 * with zod, a `tools/list` answer of 60 KB included).
 */
function isResponse(
  message: JSONRPCMessage,
): message is JSONRPCResultResponse | JSONRPCErrorResponse {
  return 'id' in message && !('method' in message) && ('result' in message || 'error' in message);
}
