import { invalidateClientTokens, type Queryable } from '@ask-analyst/workspace';
import { errors, type Grant, type KoaContextWithOIDC } from 'oidc-provider';
import { MCP_SCOPES } from './resource-indicators.js';

/** Every scope this server knows; anything else in a request is refused, not dropped. */
const KNOWN_SCOPES = new Set<string>([...MCP_SCOPES, 'openid', 'offline_access']);

/**
 * `loadExistingGrant`: the grant named by this interaction or this browser session, or else the
 * newest live grant this user gave this client from any browser. A consent, once given, is
 * remembered per user and client and not asked again (SPEC section 3).
 */
export function createLoadExistingGrant(db: Queryable, webClientId?: string) {
  return async (ctx: KoaContextWithOIDC): Promise<Grant | undefined> => {
    const { oidc } = ctx;
    // oidc-provider ignores scopes it does not know; a client asking for `admin` must learn it gets
    // no such thing (RFC 6749 section 4.1.2.1: invalid_scope). This hook runs inside the
    // authorization route, whose error handler redirects the error to the client.
    const requested = typeof oidc.params?.scope === 'string' ? oidc.params.scope.split(' ') : [];
    const unknown = requested.filter((scope) => scope && !KNOWN_SCOPES.has(scope));
    if (unknown.length > 0) {
      throw new errors.InvalidScope(`unknown scope: ${unknown.join(' ')}`, unknown.join(' '));
    }
    const clientId = oidc.client?.clientId;
    const accountId = oidc.account?.accountId ?? oidc.session?.accountId;
    if (!clientId || !accountId) return undefined;
    const named = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(clientId);
    if (named) {
      const grant = await oidc.provider.Grant.find(named);
      if (grant && grant.accountId === accountId && grant.clientId === clientId) return grant;
    }
    const { rows } = await db.query<{ id: string }>(
      `select id from oidc_models
       where model = 'Grant' and account_id = $1 and payload->>'clientId' = $2
         and (expires_at is null or expires_at > now())
       order by expires_at desc nulls first
       limit 1`,
      [accountId, clientId],
    );
    const id = rows[0]?.id;
    if (id) return oidc.provider.Grant.find(id);
    // The first-party web app signs in with `openid` only and is never shown a consent page
    // (SPEC section 9): its grant is made here, on the user's first sign-in.
    if (webClientId !== undefined && clientId === webClientId) {
      const grant = new oidc.provider.Grant({ accountId, clientId });
      grant.addOIDCScope('openid');
      await grant.save();
      return grant;
    }
    return undefined;
  };
}

/**
 * `revokeGrantPolicy`: the provider's own rule (a revocation request for an access token leaves the
 * grant), and whenever the grant goes, the (user, client) it belonged to is invalidated first, so
 * the access tokens of a revoked refresh chain are refused by the MCP server within its principal
 * cache's time instead of living out their 10 minutes (SPEC sections 7 and 9).
 */
export function createRevokeGrantPolicy(db: Queryable, webClientId?: string) {
  return async (ctx: KoaContextWithOIDC): Promise<boolean> => {
    const { oidc } = ctx;
    if (oidc.route === 'revocation' && oidc.entities.AccessToken) return false;
    const artifact = oidc.entities.RefreshToken ?? oidc.entities.AuthorizationCode;
    const clientId = artifact?.clientId ?? oidc.client?.clientId;
    const accountId = artifact?.accountId;
    if (accountId && clientId && clientId !== webClientId) {
      await invalidateClientTokens(db, accountId, clientId);
    }
    return true;
  };
}
