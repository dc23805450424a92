import type {
  JSONRPCErrorResponse,
  JSONRPCRequest,
  JSONRPCResultResponse,
} from '@modelcontextprotocol/server';
import { asksForProgress, type ExchangeRoute } from './exchange-route.js';

type Era = ExchangeRoute['era'];

/** What closes an answer after its result. */
const ANSWER_END = Buffer.from('}');

/**
 * The `tools/list` answer of each era's long-lived server, made by the SDK once and reused: the
 * tools are registered once per process and listed whatever the caller (a call is checked against
 * its scope and roles when it is made), so every plain listing has the same result. Only its id
 * differs, spliced in before the stored result. The result is kept as UTF-8 bytes: the listing is
 * large (≈60 KB) and holds non-ASCII text, and encoding that string for the socket on every answer
 * cost more than the rest of the request. A listing with anything beyond `_meta` in its params (a
 * cursor, say) or asking for progress is always answered by the server.
 */
export class ToolListingCache {
  readonly #results = new Map<Era, Buffer>();

  /** The whole answer, as bytes, for a plain listing already answered once in this era. */
  answerFor(route: ExchangeRoute): Buffer | undefined {
    if (!isPlainListing(route.request)) return undefined;
    const result = this.#results.get(route.era);
    if (result === undefined) return undefined;
    const start = Buffer.from(answerStart(route.request.id));
    return Buffer.concat([start, result, ANSWER_END], start.length + result.length + 1);
  }

  /** The text of an answer; a plain listing's result is kept for the next listing of its era. */
  textOf(route: ExchangeRoute, answer: JSONRPCResultResponse | JSONRPCErrorResponse): string {
    if (!isPlainListing(route.request) || !('result' in answer)) return JSON.stringify(answer);
    const result = JSON.stringify(answer.result);
    this.#results.set(route.era, Buffer.from(result));
    return `${answerStart(answer.id)}${result}}`;
  }
}

function isPlainListing(request: JSONRPCRequest): boolean {
  if (request.method !== 'tools/list' || asksForProgress(request)) return false;
  return Object.keys(request.params ?? {}).every((key) => key === '_meta');
}

function answerStart(id: JSONRPCRequest['id']): string {
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":`;
}
