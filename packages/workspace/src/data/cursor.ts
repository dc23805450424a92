import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { KeyValue } from './column-values.js';
import { invalidArgument } from './errors.js';

/** What a cursor is bound to: reused with another worksheet or other arguments, it is refused. */
export interface CursorBinding {
  worksheetId: string;
  dataPath: string;
  /** {@link argumentsHash} of the request's columns, filters, sort and limit. */
  argsHash: string;
}

/** Where the next page starts (keyset pagination). */
export interface CursorPosition {
  /** Rows matching the filters, counted on the first page (worksheets never change). */
  totalRows: number;
  /** Source ordinal of the last row returned. */
  lastRow: bigint;
  /** Sort-key values of that row; absent when too long to carry, then looked up by `lastRow`. */
  keys?: KeyValue[];
}

interface Payload {
  v: 1;
  w: string;
  d: string;
  h: string;
  t: number;
  r: string;
  k?: KeyValue[];
}

const DOMAIN = 'ask-analyst/read-cursor/v1';
/**
 * Sort keys longer than this (as JSON) are looked up instead of carried, keeping cursors well
 * under the 4 KiB input limit.
 */
export const MAX_CARRIED_KEYS_LENGTH = 1024;

/** A stable hash of the canonical form of a request's arguments. */
export function argumentsHash(canonical: unknown): string {
  return createHash('sha256').update(JSON.stringify(canonical)).digest('base64url').slice(0, 22);
}

function mac(secret: string, body: string): Buffer {
  return createHmac('sha256', secret).update(`${DOMAIN}.${body}`).digest();
}

/** An opaque, tamper-proof cursor: base64url JSON payload, a dot, base64url HMAC-SHA256 of it. */
export function signCursor(
  secret: string,
  binding: CursorBinding,
  position: CursorPosition,
): string {
  const payload: Payload = {
    v: 1,
    w: binding.worksheetId,
    d: binding.dataPath,
    h: binding.argsHash,
    t: position.totalRows,
    r: position.lastRow.toString(),
  };
  if (position.keys && JSON.stringify(position.keys).length <= MAX_CARRIED_KEYS_LENGTH)
    payload.k = position.keys;
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

function refuse(message: string): never {
  throw invalidArgument('cursor', message);
}

/**
 * The position of a cursor made by {@link signCursor} for the same binding. A cursor that was
 * altered, made with another secret, or issued for another worksheet or other arguments is
 * `invalid_argument` on `cursor`.
 */
export function openCursor(
  secret: string,
  binding: CursorBinding,
  cursor: string,
  keyCount: number,
): CursorPosition {
  const parts = cursor.split('.');
  const [body, signature] = parts;
  if (parts.length !== 2 || !body || !signature)
    refuse('cursor is malformed; pass nextCursor exactly as returned');
  const expected = mac(secret, body);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    refuse('cursor is not valid; pass nextCursor exactly as returned');
  }
  const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Payload;
  if (payload.w !== binding.worksheetId || payload.d !== binding.dataPath) {
    refuse('cursor belongs to another worksheet');
  }
  if (payload.h !== binding.argsHash) {
    refuse(
      'cursor was issued for other arguments; repeat columns, filters, sort and limit of the first page',
    );
  }
  if (payload.k !== undefined && payload.k.length !== keyCount)
    refuse('cursor does not match the sort');
  return {
    totalRows: payload.t,
    lastRow: BigInt(payload.r),
    ...(payload.k === undefined ? {} : { keys: payload.k }),
  };
}
