import { createHash } from 'node:crypto';
import { WorkspaceError } from '../errors.js';

/**
 * Opaque keyset cursors for lists. A cursor carries the sort key of the last row served and a
 * fingerprint of the list and its arguments, so reusing it with other arguments is refused
 * (`invalid_argument`). Tampering gains nothing: every page is still filtered by permissions.
 */
export function encodeCursor(list: string, args: unknown, key: Array<string | number>): string {
  return Buffer.from(JSON.stringify({ f: fingerprint(list, args), k: key })).toString('base64url');
}

/** The sort key inside a cursor made by `encodeCursor` for the same list and arguments. */
export function decodeCursor(
  cursor: string,
  list: string,
  args: unknown,
  arity: number,
): Array<string | number> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
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
  cursor: { list: string; args: unknown; key: (last: Row) => Array<string | number> },
): { page: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    page,
    nextCursor:
      rows.length > limit && last ? encodeCursor(cursor.list, cursor.args, cursor.key(last)) : null,
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
  return createHash('sha256')
    .update(JSON.stringify([list, args]))
    .digest('base64url')
    .slice(0, 16);
}
