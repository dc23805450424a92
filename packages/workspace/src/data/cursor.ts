import { createCipheriv, createDecipheriv, hash, hkdfSync, randomBytes } from 'node:crypto';
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
  return hash('sha256', JSON.stringify(canonical), 'base64url').slice(0, 22);
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The AES-256 key of cursors: derived from the secret (HKDF-SHA-256), bound to this use. */
function cursorKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), DOMAIN, 32));
}

/**
 * An opaque, tamper-proof cursor: the position and its binding, encrypted with AES-256-GCM under a
 * key derived from the secret (base64url of IV, ciphertext and tag). Unlike a signed cursor it
 * reveals nothing (no file path, no row offset, no sort values) to whoever holds it.
 */
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
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', cursorKey(secret), iv);
  cipher.setAAD(Buffer.from(DOMAIN));
  const sealed = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
}

function unseal(secret: string, cursor: string): Payload {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor))
    refuse('cursor is malformed; pass nextCursor exactly as returned');
  const bytes = Buffer.from(cursor, 'base64url');
  if (bytes.length <= IV_BYTES + TAG_BYTES)
    refuse('cursor is malformed; pass nextCursor exactly as returned');
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      cursorKey(secret),
      bytes.subarray(0, IV_BYTES),
    );
    decipher.setAAD(Buffer.from(DOMAIN));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const plain = Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]);
    return JSON.parse(plain.toString('utf8')) as Payload;
  } catch {
    return refuse('cursor is not valid; pass nextCursor exactly as returned');
  }
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
  const payload = unseal(secret, cursor);
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
