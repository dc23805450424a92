import type {
  JSONRPCErrorResponse,
  JSONRPCRequest,
  JSONRPCResultResponse,
} from '@modelcontextprotocol/server';
import { LruMap } from 'toad-cache';
import { asksForProgress, type ExchangeRoute } from './exchange-route.js';

type Era = ExchangeRoute['era'];

/** What closes an answer after its result. */
const ANSWER_END = Buffer.from('}');
/** Whole answers kept, by era and id: clients number their requests, so ids repeat across them. */
const MAX_KEPT_ANSWERS = 32;
/** Longest id (as JSON) whose answer is kept; longer ones are answered but not kept. */
const MAX_KEPT_ID_LENGTH = 40;

/**
 * The `tools/list` answer of each era's long-lived server, made by the SDK once and reused: the
 * tools are registered once per process and listed whatever the caller (a call is checked against
 * its scope and roles when it is made), so every plain listing has the same result. Only its id
 * differs, spliced in before the stored result. The answers are bytes: the listing is large
 * (≈60 KB) and holds non-ASCII text, and encoding that string for the socket on every answer cost
 * more than the rest of the request; the whole answers for the last few ids are kept too (immutable,
 * so shared by concurrent responses), since allocating 60 KB per answer kept the garbage collector
 * busy. A listing with anything beyond `_meta` in its params (a cursor, say) or asking for progress
 * is always answered by the server.
 */
export class ToolListingCache {
  readonly #results = new Map<Era, Buffer>();
  readonly #answers = new LruMap<Buffer>(MAX_KEPT_ANSWERS);

  /** The whole answer, as bytes, for a plain listing already answered once in this era. */
  answerFor(route: ExchangeRoute): Buffer | undefined {
    if (!isPlainListing(route.request)) return undefined;
    const result = this.#results.get(route.era);
    if (result === undefined) return undefined;
    const id = JSON.stringify(route.request.id);
    const key = `${route.era} ${id}`;
    const kept = this.#answers.get(key);
    if (kept) return kept;
    const start = Buffer.from(answerStart(id));
    const answer = Buffer.concat([start, result, ANSWER_END], start.length + result.length + 1);
    if (id.length <= MAX_KEPT_ID_LENGTH) this.#answers.set(key, answer);
    return answer;
  }

  /** The text of an answer; a plain listing's result is kept for the next listing of its era. */
  textOf(route: ExchangeRoute, answer: JSONRPCResultResponse | JSONRPCErrorResponse): string {
    if (!isPlainListing(route.request) || !('result' in answer)) return JSON.stringify(answer);
    const result = JSON.stringify(answer.result);
    this.#results.set(route.era, Buffer.from(result));
    return `${answerStart(JSON.stringify(answer.id))}${result}}`;
  }
}

function isPlainListing(request: JSONRPCRequest): boolean {
  if (request.method !== 'tools/list' || asksForProgress(request)) return false;
  return Object.keys(request.params ?? {}).every((key) => key === '_meta');
}

/** The start of an answer, up to its result, for an id already written as JSON. */
function answerStart(idJson: string): string {
  return `{"jsonrpc":"2.0","id":${idJson},"result":`;
}
