import type { Queryable } from '../db/database.js';

/** A user with what sign-in and every MCP call must check about them and their organization. */
export interface Principal {
  userId: string;
  email: string;
  name: string;
  orgId: string;
  orgName: string;
  orgEnrolled: boolean;
  active: boolean;
  /** Access tokens issued before this instant are refused (operator invalidation); null when never set. */
  tokensInvalidBefore: Date | null;
  /**
   * Per client: that client's access tokens for this user issued before the instant are refused
   * (an app disconnected, a refresh chain revoked). Absent or empty when there is none.
   */
  clientTokensInvalidBefore?: ReadonlyMap<string, Date>;
}

interface PrincipalRow {
  user_id: string;
  email: string;
  name: string;
  org_id: string;
  org_name: string;
  enrolled: boolean;
  status: string;
  tokens_invalid_before: Date | string | null;
  client_invalidations: Record<string, string> | null;
}

/**
 * The columns every principal lookup reads. `password_hash` is not among them: only sign-in reads
 * it, so the MCP server's database role needs no right to read password hashes (docs/database-roles.md).
 */
const PRINCIPAL_COLUMNS = `u.id as user_id, u.email, u.name, u.status, u.tokens_invalid_before,
  o.id as org_id, o.name as org_name, o.enrolled,
  (select jsonb_object_agg(c.client_id, c.invalid_before) from client_token_invalidations c
    where c.user_id = u.id) as client_invalidations`;
const FROM = 'from users u join organizations o on o.id = u.org_id';

function toPrincipal(row: PrincipalRow): Principal {
  return {
    userId: row.user_id,
    email: row.email,
    name: row.name,
    orgId: row.org_id,
    orgName: row.org_name,
    orgEnrolled: row.enrolled,
    active: row.status === 'active',
    tokensInvalidBefore: row.tokens_invalid_before ? new Date(row.tokens_invalid_before) : null,
    clientTokensInvalidBefore: new Map(
      Object.entries(row.client_invalidations ?? {}).map(([client, at]) => [client, new Date(at)]),
    ),
  };
}

/** The principal behind a user id (the JWT `sub`), or null when there is no such user. */
export async function findPrincipal(db: Queryable, userId: string): Promise<Principal | null> {
  const { rows } = await db.query<PrincipalRow>(
    `select ${PRINCIPAL_COLUMNS} ${FROM} where u.id = $1`,
    [userId],
  );
  return rows[0] ? toPrincipal(rows[0]) : null;
}

/** The principal and stored password hash for a sign-in email (case-insensitive), or null. */
export async function findPrincipalForSignIn(
  db: Queryable,
  email: string,
): Promise<{ principal: Principal; passwordHash: string | null } | null> {
  const { rows } = await db.query<PrincipalRow & { password_hash: string | null }>(
    `select ${PRINCIPAL_COLUMNS}, u.password_hash ${FROM} where lower(u.email) = lower($1)`,
    [email.trim()],
  );
  const row = rows[0];
  return row ? { principal: toPrincipal(row), passwordHash: row.password_hash } : null;
}
