import type { Principal } from '@ask-analyst/workspace';

/** Why the user a credential (an access token, a web session) names is refused. */
export type PrincipalRefusal =
  | 'unknown_user'
  | 'revoked'
  | 'org_mismatch'
  | 'invalidated'
  | 'client_invalidated'
  | 'org_not_enrolled';

export type PrincipalVerdict =
  { ok: true; principal: Principal } | { ok: false; refusal: PrincipalRefusal };

/** What a credential says about its user, as the front end verified it. */
export interface CredentialClaims {
  /** The organization the credential names; anything but the user's own is refused. */
  orgId: unknown;
  /** When the credential was issued, in epoch seconds. */
  issuedAtSeconds: number;
  /** The OAuth client the credential was issued to; its per-(user, client) invalidation applies. */
  clientId?: string;
}

/**
 * The rules every front end applies to the user a credential names, in this order: a known user,
 * still active (not revoked); the credential names the user's organization (SPEC section 3: a
 * credential without it was not issued as specified); issued at or after the user's token
 * invalidation second (SPEC section 7) and its invalidation for this client (SPEC section 9: an app
 * disconnected, a refresh chain revoked); the organization enrolled in the beta.
 */
export function checkPrincipal(
  principal: Principal | null,
  claims: CredentialClaims,
): PrincipalVerdict {
  if (!principal) return { ok: false, refusal: 'unknown_user' };
  if (!principal.active) return { ok: false, refusal: 'revoked' };
  if (typeof claims.orgId !== 'string' || claims.orgId !== principal.orgId) {
    return { ok: false, refusal: 'org_mismatch' };
  }
  if (
    principal.tokensInvalidBefore &&
    claims.issuedAtSeconds < Math.floor(principal.tokensInvalidBefore.getTime() / 1000)
  ) {
    return { ok: false, refusal: 'invalidated' };
  }
  const clientInvalidBefore =
    claims.clientId === undefined
      ? undefined
      : principal.clientTokensInvalidBefore?.get(claims.clientId);
  if (
    clientInvalidBefore &&
    claims.issuedAtSeconds < Math.floor(clientInvalidBefore.getTime() / 1000)
  ) {
    return { ok: false, refusal: 'client_invalidated' };
  }
  if (!principal.orgEnrolled) return { ok: false, refusal: 'org_not_enrolled' };
  return { ok: true, principal };
}
