import type { Queryable } from '../db/database.js';
import { toIso, toIsoOrNull } from '../db/rows.js';
import { newId } from '../ids/ids.js';

export type UserStatus = 'active' | 'revoked';

/** A product user. The password hash never leaves this module's rows. */
export interface UserRecord {
  id: string;
  orgId: string;
  email: string;
  name: string;
  status: UserStatus;
  /** Access tokens issued before this instant are refused; null when never invalidated. */
  tokensInvalidBefore: string | null;
  createdAt: string;
  updatedAt: string;
}

interface UserRow {
  id: string;
  org_id: string;
  email: string;
  name: string;
  status: UserStatus;
  tokens_invalid_before: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const COLUMNS = 'id, org_id, email, name, status, tokens_invalid_before, created_at, updated_at';

function toRecord(row: UserRow): UserRecord {
  return {
    id: row.id,
    orgId: row.org_id,
    email: row.email,
    name: row.name,
    status: row.status,
    tokensInvalidBefore: toIsoOrNull(row.tokens_invalid_before),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

/** Creates a user; the email is stored lower-cased. */
export async function createUser(
  db: Queryable,
  input: {
    orgId: string;
    email: string;
    name: string;
    passwordHash: string | null;
    status?: UserStatus;
    id?: string;
  },
): Promise<UserRecord> {
  const { rows } = await db.query<UserRow>(
    `insert into users (id, org_id, email, name, password_hash, status)
     values ($1, $2, $3, $4, $5, $6) returning ${COLUMNS}`,
    [
      input.id ?? newId('usr'),
      input.orgId,
      input.email.trim().toLowerCase(),
      input.name,
      input.passwordHash,
      input.status ?? 'active',
    ],
  );
  return toRecord(rows[0]!);
}

/** The user with this id, or null. */
export async function getUser(db: Queryable, id: string): Promise<UserRecord | null> {
  const { rows } = await db.query<UserRow>(`select ${COLUMNS} from users where id = $1`, [id]);
  return rows[0] ? toRecord(rows[0]) : null;
}

/** The user with this email (case-insensitive), or null. */
export async function findUserByEmail(db: Queryable, email: string): Promise<UserRecord | null> {
  const { rows } = await db.query<UserRow>(
    `select ${COLUMNS} from users where lower(email) = lower($1)`,
    [email.trim()],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

/** Sets a user's access status (revoked users cannot sign in, refresh or call tools); null when unknown. */
export async function setUserStatus(
  db: Queryable,
  id: string,
  status: UserStatus,
): Promise<UserRecord | null> {
  const { rows } = await db.query<UserRow>(
    `update users set status = $2, updated_at = now() where id = $1 returning ${COLUMNS}`,
    [id, status],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

/**
 * Invalidates everything a user holds (SPEC section 7): access tokens whose `iat` is earlier than the
 * invalidation second are refused from now on. That second is the next whole second after now, so a
 * token issued earlier in the current second (`iat` has second precision) is refused too, and the
 * authorization server refuses refresh tokens from sign-ins before it. Returns null when there is
 * no such user.
 */
export async function invalidateTokensOfUser(
  db: Queryable,
  id: string,
): Promise<UserRecord | null> {
  const { rows } = await db.query<UserRow>(
    `update users set tokens_invalid_before = date_trunc('second', now()) + interval '1 second',
       updated_at = now()
     where id = $1 returning ${COLUMNS}`,
    [id],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

/**
 * Replaces a user's password hash only if it is still `previous` (a rehash at sign-in must not
 * undo a password change made meanwhile). True when the row was updated.
 */
export async function replacePasswordHash(
  db: Queryable,
  id: string,
  previous: string,
  next: string,
): Promise<boolean> {
  const result = await db.query(
    `update users set password_hash = $3 where id = $1 and password_hash = $2`,
    [id, previous, next],
  );
  return result.rowCount === 1;
}
