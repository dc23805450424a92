import { createHash } from 'node:crypto';
import type { Queryable } from '../db/database.js';
import { toIso } from '../db/rows.js';

/** A signed-in browser of the product web app (SPEC section 9). */
export interface WebSessionRecord {
  userId: string;
  /** The token a state-changing call must echo (CSRF), bound to this session. */
  csrfToken: string;
  /** The ID token of the sign-in, sent back as `id_token_hint` at sign-out. */
  idToken: string | null;
  signedInAt: string;
  lastSeenAt: string;
  /** The absolute end of the session, however active it is. */
  expiresAt: string;
}

interface Row {
  user_id: string;
  csrf_token: string;
  id_token: string | null;
  signed_in_at: Date | string;
  last_seen_at: Date | string;
  expires_at: Date | string;
}

/** The stored form of a session id or a sign-in state: its SHA-256, so the table opens nothing. */
export function hashSecretId(id: string): string {
  return createHash('sha256').update(id).digest('base64url');
}

/** Records a new session under the hash of `id` (the cookie's value). */
export async function createWebSession(
  db: Queryable,
  input: {
    id: string;
    userId: string;
    csrfToken: string;
    idToken: string | null;
    expiresAt: Date;
  },
): Promise<void> {
  await db.query(
    `insert into web_sessions (id_hash, user_id, csrf_token, id_token, expires_at)
     values ($1, $2, $3, $4, $5)`,
    [hashSecretId(input.id), input.userId, input.csrfToken, input.idToken, input.expiresAt],
  );
}

/**
 * The session the cookie value `id` names if it is still alive: not past its absolute end and seen
 * within `idleSeconds`. A dead one is deleted and null returned; a live one is marked seen now.
 */
export async function touchWebSession(
  db: Queryable,
  id: string,
  idleSeconds: number,
): Promise<WebSessionRecord | null> {
  const { rows } = await db.query<Row>(
    `update web_sessions set last_seen_at = now()
     where id_hash = $1 and expires_at > now()
       and last_seen_at > now() - make_interval(secs => $2)
     returning user_id, csrf_token, id_token, signed_in_at, last_seen_at, expires_at`,
    [hashSecretId(id), idleSeconds],
  );
  const row = rows[0];
  if (!row) {
    await deleteWebSession(db, id);
    return null;
  }
  return {
    userId: row.user_id,
    csrfToken: row.csrf_token,
    idToken: row.id_token,
    signedInAt: toIso(row.signed_in_at),
    lastSeenAt: toIso(row.last_seen_at),
    expiresAt: toIso(row.expires_at),
  };
}

/** Ends one session; returns it (for its ID token) when it existed. */
export async function deleteWebSession(
  db: Queryable,
  id: string,
): Promise<{ userId: string; idToken: string | null } | null> {
  const { rows } = await db.query<{ user_id: string; id_token: string | null }>(
    'delete from web_sessions where id_hash = $1 returning user_id, id_token',
    [hashSecretId(id)],
  );
  return rows[0] ? { userId: rows[0].user_id, idToken: rows[0].id_token } : null;
}

/** Ends every session of a user (access revoked); returns how many there were. */
export async function deleteUserWebSessions(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query('delete from web_sessions where user_id = $1 returning 1', [
    userId,
  ]);
  return rows.length;
}

/** What the web app keeps between sending a browser to sign in and its return (RFC 6749 `state`). */
export interface WebSignIn {
  codeVerifier: string;
  nonce: string;
  /** The same-origin path to open after sign-in. */
  returnTo: string;
}

/** Records a sign-in on its way, under the hash of its `state`. */
export async function createWebSignIn(
  db: Queryable,
  state: string,
  signIn: WebSignIn,
): Promise<void> {
  await db.query(
    `insert into web_sign_ins (state_hash, code_verifier, nonce, return_to) values ($1, $2, $3, $4)`,
    [hashSecretId(state), signIn.codeVerifier, signIn.nonce, signIn.returnTo],
  );
}

/**
 * Takes (reads and deletes, so it is used once) the sign-in that `state` names if it started
 * within `maxAgeSeconds`; older ones are dropped on the way.
 */
export async function takeWebSignIn(
  db: Queryable,
  state: string,
  maxAgeSeconds: number,
): Promise<WebSignIn | null> {
  await db.query('delete from web_sign_ins where created_at < now() - make_interval(secs => $1)', [
    maxAgeSeconds,
  ]);
  const { rows } = await db.query<{ code_verifier: string; nonce: string; return_to: string }>(
    'delete from web_sign_ins where state_hash = $1 returning code_verifier, nonce, return_to',
    [hashSecretId(state)],
  );
  const row = rows[0];
  return row
    ? { codeVerifier: row.code_verifier, nonce: row.nonce, returnTo: row.return_to }
    : null;
}

/** Removes sessions past their absolute end or idle longer than `idleSeconds`. */
export async function purgeWebSessions(db: Queryable, idleSeconds: number): Promise<number> {
  const { rows } = await db.query(
    `delete from web_sessions
     where expires_at <= now() or last_seen_at <= now() - make_interval(secs => $1)
     returning 1`,
    [idleSeconds],
  );
  return rows.length;
}
