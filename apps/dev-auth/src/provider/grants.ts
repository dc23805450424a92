import type { Queryable } from '@ask-analyst/workspace';
import type { Grant, KoaContextWithOIDC } from 'oidc-provider';

/**
 * `loadExistingGrant`: the grant named by this interaction or this browser session, or else the
 * newest live grant this user gave this client from any browser. A consent, once given, is
 * remembered per user and client and not asked again (SPEC section 3).
 */
export function createLoadExistingGrant(db: Queryable) {
  return async (ctx: KoaContextWithOIDC): Promise<Grant | undefined> => {
    const { oidc } = ctx;
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
    return id ? oidc.provider.Grant.find(id) : undefined;
  };
}
