import type { Queryable } from '../db/database.js';
import { toIso } from '../db/rows.js';

/**
 * Invalidates one user's tokens of one client (SPEC sections 7 and 9: an app disconnected, a
 * refresh token replayed, a client no longer allowed): access tokens of this (user, client) whose
 * `iat` is earlier than the next whole second are refused from now on, like the per-user
 * `invalidateTokensOfUser`, while the user's other clients keep working.
 */
export async function invalidateClientTokens(
  db: Queryable,
  userId: string,
  clientId: string,
): Promise<void> {
  await db.query(
    `insert into client_token_invalidations (user_id, client_id, invalid_before)
     values ($1, $2, date_trunc('second', now()) + interval '1 second')
     on conflict (user_id, client_id) do update set invalid_before = excluded.invalid_before`,
    [userId, clientId],
  );
}

/** Which clients an organization lets its members connect (SPEC section 9). */
export type ClientPolicyMode = 'any' | 'pre_registered' | 'allow_list';

export const CLIENT_POLICY_MODES: readonly ClientPolicyMode[] = [
  'any',
  'pre_registered',
  'allow_list',
];

export interface ClientPolicy {
  mode: ClientPolicyMode;
  /** The clients an `allow_list` policy admits (ignored by the other modes). */
  allowedClientIds: string[];
  /** Null while the organization keeps the default (`any`). */
  updatedAt: string | null;
}

/** An organization's client policy; `any` when none was ever set. */
export async function getClientPolicy(db: Queryable, orgId: string): Promise<ClientPolicy> {
  const { rows } = await db.query<{
    mode: ClientPolicyMode;
    allowed_client_ids: string[];
    updated_at: Date | string;
  }>('select mode, allowed_client_ids, updated_at from client_policies where org_id = $1', [orgId]);
  const row = rows[0];
  if (!row) return { mode: 'any', allowedClientIds: [], updatedAt: null };
  return {
    mode: row.mode,
    allowedClientIds: row.allowed_client_ids,
    updatedAt: toIso(row.updated_at),
  };
}

/** Replaces an organization's client policy; `actorId` is the user who set it. */
export async function setClientPolicy(
  db: Queryable,
  orgId: string,
  policy: { mode: ClientPolicyMode; allowedClientIds: readonly string[] },
  actorId: string | null,
): Promise<ClientPolicy> {
  const allowed = policy.mode === 'allow_list' ? [...new Set(policy.allowedClientIds)] : [];
  await db.query(
    `insert into client_policies (org_id, mode, allowed_client_ids, updated_by, updated_at)
     values ($1, $2, $3, $4, now())
     on conflict (org_id) do update set mode = excluded.mode,
       allowed_client_ids = excluded.allowed_client_ids, updated_by = excluded.updated_by,
       updated_at = excluded.updated_at`,
    [orgId, policy.mode, allowed, actorId],
  );
  return getClientPolicy(db, orgId);
}

/**
 * Whether a policy admits a client. `preRegistered` tells whether the client was known before any
 * request (not registered dynamically nor from a metadata document).
 */
export function policyAllows(
  policy: Pick<ClientPolicy, 'mode' | 'allowedClientIds'>,
  clientId: string,
  preRegistered: boolean,
): boolean {
  if (policy.mode === 'any') return true;
  if (policy.mode === 'pre_registered') return preRegistered;
  return policy.allowedClientIds.includes(clientId);
}
