import type { AuthInfo } from '@modelcontextprotocol/server';
import { checkPrincipal, type PrincipalLookup, type PrincipalRefusal } from '@ask-analyst/service';
import type { Principal } from '@ask-analyst/workspace';
import { errors, jwtVerify } from 'jose';
import { KeySourceUnavailableError, type KeyResolver } from './jwks.js';

/** Asymmetric JWS algorithms only: never `none`, never HMAC (SPEC section 2). */
export const ACCEPTED_ALGORITHMS = [
  'ES256',
  'ES384',
  'ES512',
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'EdDSA',
  'Ed25519',
];

/** Clock skew allowed on `exp`, `nbf` and `iat` (SPEC section 2). */
export const CLOCK_TOLERANCE_SECONDS = 30;

export interface VerifyAccessTokenDeps {
  /** The authorization server's issuer, compared exactly with `iss`. */
  issuer: string;
  /** `${mcp_url}/mcp`: `aud` must contain exactly this (RFC 8707). */
  resource: string;
  keys: KeyResolver;
  principals: PrincipalLookup;
  now: () => number;
}

/** Why a token was refused; the challenge builder turns it into status, header and body. */
export type AuthFailure =
  | { kind: 'invalid_token'; description: string }
  | { kind: 'expired_token'; description: string }
  | { kind: 'org_not_enrolled'; description: string }
  | { kind: 'unavailable'; description: string };

/** The verified caller: the SDK's `AuthInfo` plus the principal it names. */
export interface VerifiedCaller {
  authInfo: AuthInfo;
  principal: Principal;
}

export type VerifyResult =
  { ok: true; caller: VerifiedCaller } | { ok: false; failure: AuthFailure };

/** How a refused principal reads in a token failure (SPEC sections 3, 7). */
const REFUSALS: Record<PrincipalRefusal, AuthFailure> = {
  unknown_user: { kind: 'invalid_token', description: 'token subject is not a known user' },
  revoked: { kind: 'invalid_token', description: 'access of this user has been revoked' },
  org_mismatch: {
    kind: 'invalid_token',
    description: 'token organization is missing or does not match the user',
  },
  invalidated: { kind: 'invalid_token', description: 'token was invalidated by the operator' },
  client_invalidated: {
    kind: 'invalid_token',
    description: "this client's access was revoked (app disconnected or refresh token reused)",
  },
  org_not_enrolled: {
    kind: 'org_not_enrolled',
    description: 'organization not enrolled in the private beta',
  },
};

const invalid = (description: string): VerifyResult => ({
  ok: false,
  failure: { kind: 'invalid_token', description },
});

/**
 * Verifies an OAuth access token for this resource server and checks the user it names, without
 * any HTTP: a JWT typed `at+jwt` (RFC 9068), signed with an asymmetric key from the issuer's JWKS,
 * `iss` exact, `aud` containing the MCP resource (RFC 8707), `exp`/`nbf`/`iat` within 30 s, `sub`
 * an active user of an enrolled organization that the `org` claim names, and `iat` not before the user's token invalidation.
 */
export async function verifyAccessToken(
  token: string,
  deps: VerifyAccessTokenDeps,
): Promise<VerifyResult> {
  const nowSeconds = Math.floor(deps.now() / 1000);
  let payload;
  try {
    ({ payload } = await jwtVerify(token, deps.keys, {
      issuer: deps.issuer,
      audience: deps.resource,
      typ: 'at+jwt',
      algorithms: ACCEPTED_ALGORITHMS,
      requiredClaims: ['sub', 'exp', 'iat'],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      currentDate: new Date(deps.now()),
    }));
  } catch (error) {
    return { ok: false, failure: describeJoseFailure(error) };
  }

  const { sub, iat, exp, scope, org } = payload;
  if (typeof sub !== 'string' || sub === '') return invalid('token has no subject');
  if (typeof iat !== 'number' || iat > nowSeconds + CLOCK_TOLERANCE_SECONDS) {
    return invalid('token issued in the future');
  }
  if (scope !== undefined && typeof scope !== 'string') return invalid('token scope is malformed');
  const clientId = payload.client_id ?? payload.azp;
  if (typeof clientId !== 'string' || clientId === '') return invalid('token names no client');

  let principal: Principal | null;
  try {
    principal = await deps.principals(sub);
  } catch {
    return {
      ok: false,
      failure: { kind: 'unavailable', description: 'user directory unavailable' },
    };
  }
  const verdict = checkPrincipal(principal, { orgId: org, issuedAtSeconds: iat, clientId });
  if (!verdict.ok) return { ok: false, failure: REFUSALS[verdict.refusal] };
  const admitted = verdict.principal;

  return {
    ok: true,
    caller: {
      principal: admitted,
      authInfo: {
        token,
        clientId,
        scopes: scope ? scope.split(' ').filter(Boolean) : [],
        expiresAt: exp,
        resource: new URL(deps.resource),
        extra: {
          userId: admitted.userId,
          orgId: admitted.orgId,
          issuedAt: iat,
          tokenId: payload.jti,
        },
      },
    },
  };
}

function describeJoseFailure(error: unknown): AuthFailure {
  if (error instanceof KeySourceUnavailableError) {
    return { kind: 'unavailable', description: 'authorization server keys unavailable' };
  }
  if (error instanceof errors.JWTExpired)
    return { kind: 'expired_token', description: 'token expired' };
  if (error instanceof errors.JWTClaimValidationFailed) {
    const description: Record<string, string> = {
      iss: 'token issuer is not trusted',
      aud: 'token audience does not include this resource',
      nbf: 'token is not yet valid',
      typ: 'token type is not at+jwt',
      sub: 'token has no subject',
    };
    return {
      kind: 'invalid_token',
      description: description[error.claim] ?? `token claim ${error.claim} is invalid`,
    };
  }
  if (error instanceof errors.JOSEAlgNotAllowed || error instanceof errors.JOSENotSupported) {
    return { kind: 'invalid_token', description: 'token signing algorithm is not accepted' };
  }
  if (
    error instanceof errors.JWKSNoMatchingKey ||
    error instanceof errors.JWKSMultipleMatchingKeys
  ) {
    return { kind: 'invalid_token', description: 'token signing key is unknown' };
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return { kind: 'invalid_token', description: 'token signature is invalid' };
  }
  return { kind: 'invalid_token', description: 'token is malformed' };
}
