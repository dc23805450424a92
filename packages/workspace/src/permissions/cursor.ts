import { createHmac, hash, timingSafeEqual } from 'node:crypto';
import { WorkspaceError } from '../errors.js';

/** Name of the service secret that signs list cursors. */
export const LIST_CURSOR_SECRET = 'list-cursors';

/**
 * Opaque, tamper-proof keyset cursors for lists (SPEC section 4). A cursor carries the sort key of
 * the last row served and a fingerprint of the list and its arguments, signed with HMAC-SHA256 under
 * the database's `list-cursors` service secret: a forged or altered cursor is refused, and so is one
 * reused with other arguments (`invalid_argument`).
 */
export function encodeCursor(
  list: string,
  args: unknown,
  key: Array<string | number>,
  secret: Buffer,
): string {
  const body = Buffer.from(JSON.stringify({ f: fingerprint(list, args), k: key })).toString(
    'base64url',
  );
  return `${body}.${sign(body, secret)}`;
}

/** The sort key inside a cursor made by `encodeCursor` for the same list and arguments. */
export function decodeCursor(
  cursor: string,
  list: string,
  args: unknown,
  arity: number,
  secret: Buffer,
): Array<string | number> {
  const [encoded = '', signature = ''] = cursor.split('.');
  let parsed: unknown = null;
  if (verify(encoded, signature, secret)) {
    try {
      parsed = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    } catch {
      parsed = null;
    }
  }
  const body = parsed as { f?: unknown; k?: unknown } | null;
  const key = body?.k;
  const valid =
    Array.isArray(key) &&
    key.length === arity &&
    key.every((part) => typeof part === 'string' || typeof part === 'number');
  if (!valid)
    throw new WorkspaceError('invalid_argument', 'cursor is not valid: start again without one');
  if (body?.f !== fingerprint(list, args)) {
    throw new WorkspaceError(
      'invalid_argument',
      'cursor belongs to a different query: send the same arguments',
    );
  }
  return key;
}

/**
 * One page of a keyset list fetched with `limit + 1` rows: the first `limit` rows, and a cursor
 * after the last of them when the extra row shows that more follow (null on the last page).
 */
export function keysetPage<Row>(
  rows: readonly Row[],
  limit: number,
  cursor: {
    list: string;
    args: unknown;
    key: (last: Row) => Array<string | number>;
    secret: Buffer;
  },
): { page: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    page,
    nextCursor:
      rows.length > limit && last
        ? encodeCursor(cursor.list, cursor.args, cursor.key(last), cursor.secret)
        : null,
  };
}

/** Checks a page size against its bounds (SPEC section 4: 1–100, default 25). */
export function pageLimit(limit: number | undefined, fallback = 25, max = 100): number {
  const value = limit ?? fallback;
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new WorkspaceError('invalid_argument', `limit must be a whole number from 1 to ${max}`);
  }
  return value;
}

function fingerprint(list: string, args: unknown): string {
  return hash('sha256', JSON.stringify([list, args]), 'base64url').slice(0, 16);
}

function sign(body: string, secret: Buffer): string {
  return createHmac('sha256', secret).update(body).digest('base64url');
}

function verify(body: string, signature: string, secret: Buffer): boolean {
  const expected = Buffer.from(sign(body, secret));
  const actual = Buffer.from(signature);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
