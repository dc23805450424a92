import type {
  JSONRPCErrorResponse,
  JSONRPCRequest,
  JSONRPCResultResponse,
} from '@modelcontextprotocol/server';
import { asksForProgress, type ExchangeRoute } from './exchange-route.js';

type Era = ExchangeRoute['era'];

/**
 * The `tools/list` answer of each era's long-lived server, made by the SDK once and reused: the
 * tools are registered once per process and listed whatever the caller (a call is checked against
 * its scope and roles when it is made), so every plain listing has the same result. Only its id
 * differs, spliced into the stored text. A listing with anything beyond `_meta` in its params (a
 * cursor, say) or asking for progress is always answered by the server.
 */
export class ToolListingCache {
  readonly #results = new Map<Era, string>();

  /** The whole answer's text for a plain listing already answered once in this era. */
  answerFor(route: ExchangeRoute): string | undefined {
    if (!isPlainListing(route.request)) return undefined;
    const result = this.#results.get(route.era);
    return result === undefined ? undefined : answerText(route.request.id, result);
  }

  /** The text of an answer; a plain listing's result is kept for the next listing of its era. */
  textOf(route: ExchangeRoute, answer: JSONRPCResultResponse | JSONRPCErrorResponse): string {
    if (!isPlainListing(route.request) || !('result' in answer)) return JSON.stringify(answer);
    const result = JSON.stringify(answer.result);
    this.#results.set(route.era, result);
    return answerText(answer.id, result);
  }
}

function isPlainListing(request: JSONRPCRequest): boolean {
  if (request.method !== 'tools/list' || asksForProgress(request)) return false;
  return Object.keys(request.params ?? {}).every((key) => key === '_meta');
}

function answerText(id: JSONRPCRequest['id'], result: string): string {
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${result}}`;
}
