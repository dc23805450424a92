import { findPrincipal, type Principal, type Queryable } from '@ask-analyst/workspace';
import { clientAllowed } from '../grants/grant-store.js';
import {
  errors,
  type AccessToken,
  type Account,
  type ClientCredentials,
  type FindAccount,
  type KoaContextWithOIDC,
} from 'oidc-provider';

/** Why a principal may not hold tokens now, or null when they may. */
export type AccessRefusal = 'revoked' | 'not_enrolled';

/** SPEC sections 3 and 7: a revoked user, or a user of a non-enrolled organization, gets no token. */
export function accessRefusal(principal: Principal): AccessRefusal | null {
  if (!principal.active) return 'revoked';
  if (!principal.orgEnrolled) return 'not_enrolled';
  return null;
}

/** What the user and the client are told when access is refused (the client gets it as `error_description`). */
export const REFUSAL_MESSAGES: Record<AccessRefusal, string> = {
  not_enrolled: 'Your organization is not enrolled in the Ask Analyst private beta.',
  revoked: 'Your access to Ask Analyst has been revoked. Ask your administrator to restore it.',
};

interface IssuedArtifact {
  iat?: number | undefined;
  iiat?: number | undefined;
}

/**
 * `findAccount`: resolves the account behind a session, a code or a refresh token. Returning nothing
 * makes the provider answer `invalid_grant` at the token endpoint and ask for sign-in again at the
 * authorization endpoint, so a revoked user, a non-enrolled organization, or a refresh token from a
 * sign-in earlier than the operator's `tokens_invalid_before` (SPEC section 7) ends here.
 */
export function createFindAccount(db: Queryable, webClientId?: string): FindAccount {
  return async (ctx, sub, token) => {
    const principal = await findPrincipal(db, sub);
    if (!principal) return undefined;
    const refusal = accessRefusal(principal);
    // SPEC section 9: the private beta gates the MCP service only, not the product web app.
    const webApp = webClientId !== undefined && ctx.oidc?.client?.clientId === webClientId;
    if (refusal && !(refusal === 'not_enrolled' && webApp)) return undefined;
    if (token && issuedBeforeInvalidation(token, principal.tokensInvalidBefore)) {
      return undefined;
    }
    // An organization's client policy (SPEC section 9): a client it does not admit gets no token,
    // and at the authorization endpoint the user is asked to sign in, where the page says why.
    const clientId = ctx.oidc?.client?.clientId;
    if (clientId && !(await clientAllowed(db, principal.orgId, clientId, webClientId)).allowed) {
      return undefined;
    }
    return accountFor(principal);
  };
}

/**
 * `extraTokenClaims`: the `org` claim (the `org_` id) of every access token. SPEC section 3 makes
 * `org` part of every token and the MCP server refuses one without it, so when no organization can
 * be named (no user behind the token, or the user is gone) no token is issued: `invalid_grant`.
 */
export function createExtraTokenClaims(db: Queryable) {
  return async (_ctx: KoaContextWithOIDC, token: AccessToken | ClientCredentials) => {
    if (!('accountId' in token) || !token.accountId) {
      throw new errors.InvalidGrant('access tokens are issued to users only');
    }
    const principal = await findPrincipal(db, token.accountId);
    if (!principal) throw new errors.InvalidGrant('the user of this grant no longer exists');
    return { org: principal.orgId };
  };
}

function accountFor(principal: Principal): Account {
  return {
    accountId: principal.userId,
    claims: () => ({ sub: principal.userId }),
  };
}

/**
 * Whether a grant artifact dates from before the invalidation second. A rotated refresh token keeps
 * the time of the sign-in that started its chain (`iiat`), so rotation does not launder it.
 */
function issuedBeforeInvalidation(token: IssuedArtifact, invalidBefore: Date | null): boolean {
  if (!invalidBefore) return false;
  const issued = token.iiat ?? token.iat;
  if (typeof issued !== 'number') return true;
  return issued < Math.floor(invalidBefore.getTime() / 1000);
}
