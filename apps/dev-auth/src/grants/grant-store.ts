import {
  getClientPolicy,
  invalidateClientTokens,
  policyAllows,
  type ClientPolicy,
  type Queryable,
} from '@ask-analyst/workspace';
import type Provider from 'oidc-provider';
import { STATIC_CLIENT_IDS } from '../provider/clients.js';

/** One client a user has granted, as Connected apps lists it (SPEC section 9). */
export interface UserGrant {
  clientId: string;
  clientName: string;
  /** Pre-registered (known before any request); DCR and metadata-document clients are not. */
  verified: boolean;
  scopes: string[];
  grantedAt: string;
  /** When a token was last issued for this client (sign-in or refresh); null when never. */
  lastUsedAt: string | null;
}

/** A client as the web app names it (history, conversation and Connected apps pages). */
export interface ClientDescription {
  clientId: string;
  clientName: string;
  verified: boolean;
}

interface GrantRow {
  id: string;
  account_id: string;
  client_id: string;
  payload: {
    iat?: number;
    openid?: { scope?: string };
    resources?: Record<string, string>;
  };
  last_token_at: number | string | null;
}

/**
 * The live grants of users and the newest token issued under each (refresh tokens are stored
 * with their `iat`; a rotation stores a new one). `where` filters `g` (the Grant rows).
 */
async function grantRows(db: Queryable, where: string, params: unknown[]): Promise<GrantRow[]> {
  const { rows } = await db.query<GrantRow>(
    `select g.id, g.account_id, g.payload->>'clientId' as client_id, g.payload,
       (select max((t.payload->>'iat')::bigint) from oidc_models t
         where t.grant_id = g.id and t.model in ('RefreshToken', 'AuthorizationCode')) as last_token_at
     from oidc_models g
     where g.model = 'Grant' and (g.expires_at is null or g.expires_at > now()) and ${where}`,
    params,
  );
  return rows;
}

/** The name and verified mark of a client; an unknown client is named by its id. */
export async function describeClient(
  provider: Provider,
  clientId: string,
): Promise<ClientDescription> {
  const client = await provider.Client.find(clientId).catch(() => undefined);
  return {
    clientId,
    clientName: client?.clientName || clientId,
    verified: STATIC_CLIENT_IDS.has(clientId),
  };
}

/**
 * The clients a user has granted, one entry per client (several grants of one client, from
 * several browsers, are merged: every scope, the first grant, the newest use), newest grant
 * first. The web app's own client is never listed (SPEC section 9).
 */
export async function listUserGrants(
  db: Queryable,
  provider: Provider,
  userId: string,
  webClientId: string | undefined,
): Promise<UserGrant[]> {
  const rows = await grantRows(db, 'g.account_id = $1', [userId]);
  const byClient = new Map<string, { scopes: Set<string>; granted: number; used: number | null }>();
  for (const row of rows) {
    if (row.client_id === webClientId) continue;
    const entry = byClient.get(row.client_id) ?? {
      scopes: new Set<string>(),
      granted: Number.POSITIVE_INFINITY,
      used: null,
    };
    const scopes = [
      row.payload.openid?.scope ?? '',
      ...Object.values(row.payload.resources ?? {}),
    ].flatMap((scope) => scope.split(' ').filter(Boolean));
    for (const scope of scopes) entry.scopes.add(scope);
    entry.granted = Math.min(entry.granted, row.payload.iat ?? Number.POSITIVE_INFINITY);
    const used = row.last_token_at === null ? null : Number(row.last_token_at);
    if (used !== null && (entry.used === null || used > entry.used)) entry.used = used;
    byClient.set(row.client_id, entry);
  }
  const grants = await Promise.all(
    [...byClient].map(async ([clientId, entry]) => ({
      ...(await describeClient(provider, clientId)),
      scopes: [...entry.scopes].sort(),
      grantedAt: Number.isFinite(entry.granted) ? isoOf(entry.granted) : isoOf(0),
      lastUsedAt: entry.used === null ? null : isoOf(entry.used),
    })),
  );
  return grants.sort((a, b) => b.grantedAt.localeCompare(a.grantedAt));
}

/**
 * Revokes every grant a user gave a client, with what hangs off them (refresh tokens, codes), and
 * invalidates that (user, client) so its access tokens are refused by the MCP server within its
 * principal cache's time (SPEC section 9). Returns how many grants went; the invalidation is
 * recorded even when there was none (a token may outlive its grant).
 */
export async function revokeUserClientGrants(
  db: Queryable,
  userId: string,
  clientId: string,
): Promise<number> {
  const rows = await grantRows(db, `g.account_id = $1 and g.payload->>'clientId' = $2`, [
    userId,
    clientId,
  ]);
  for (const row of rows) await deleteGrant(db, row.id);
  await invalidateClientTokens(db, userId, clientId);
  return rows.length;
}

/**
 * Revokes the grants of an organization's members to clients its policy no longer admits; the web
 * app's client is never subject to the policy. Returns what was revoked.
 */
export async function revokeDisallowedGrants(
  db: Queryable,
  orgId: string,
  policy: Pick<ClientPolicy, 'mode' | 'allowedClientIds'>,
  webClientId: string | undefined,
): Promise<Array<{ userId: string; clientId: string }>> {
  const rows = await grantRows(db, 'g.account_id in (select id from users where org_id = $1)', [
    orgId,
  ]);
  const revoked = new Map<string, { userId: string; clientId: string }>();
  for (const row of rows) {
    if (row.client_id === webClientId) continue;
    if (policyAllows(policy, row.client_id, STATIC_CLIENT_IDS.has(row.client_id))) continue;
    await deleteGrant(db, row.id);
    revoked.set(`${row.account_id} ${row.client_id}`, {
      userId: row.account_id,
      clientId: row.client_id,
    });
  }
  for (const { userId, clientId } of revoked.values()) {
    await invalidateClientTokens(db, userId, clientId);
  }
  return [...revoked.values()];
}

/**
 * Whether the policy of the user's organization admits this client; the web app's client always
 * passes (SPEC section 9: it is not subject to a client policy).
 */
export async function clientAllowed(
  db: Queryable,
  orgId: string,
  clientId: string,
  webClientId: string | undefined,
): Promise<{ allowed: true } | { allowed: false; policy: ClientPolicy }> {
  if (clientId === webClientId) return { allowed: true };
  const policy = await getClientPolicy(db, orgId);
  return policyAllows(policy, clientId, STATIC_CLIENT_IDS.has(clientId))
    ? { allowed: true }
    : { allowed: false, policy };
}

/** What the sign-in page says when an organization's policy refuses a client. */
export function policyRefusalMessage(policy: ClientPolicy, clientName: string): string {
  return policy.mode === 'pre_registered'
    ? `Your organization allows only pre-registered apps to connect to Ask Analyst, and ${clientName} registered itself. Ask your organization's owner to change the client policy.`
    : `Your organization allows only the apps on its list to connect to Ask Analyst, and ${clientName} is not on it. Ask your organization's owner to add it.`;
}

/** Deletes a grant and every model issued under it (refresh tokens, codes, sessions' references). */
async function deleteGrant(db: Queryable, grantId: string): Promise<void> {
  await db.query(`delete from oidc_models where grant_id = $1`, [grantId]);
  await db.query(`delete from oidc_models where model = 'Grant' and id = $1`, [grantId]);
}

function isoOf(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toISOString();
}
