import { isLoopbackOrigin } from '@ask-analyst/config';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  customFetch,
  errors,
  type JWTVerifyGetKey,
} from 'jose';

/** Resolves the verification key of a JWS from the authorization server's JWKS. */
export type KeyResolver = JWTVerifyGetKey;

/** The authorization server's metadata or JWKS could not be fetched: an outage, not a bad token. */
export class KeySourceUnavailableError extends Error {
  override readonly name = 'KeySourceUnavailableError';
}

export interface IssuerKeysOptions {
  /** The issuer; its RFC 8414 metadata is at `${issuer}/.well-known/oauth-authorization-server`. */
  issuer: string;
  fetch: typeof fetch;
  /**
   * Clock of the failure backoff and of the cooldown after a failed fetch; jose's own cache times
   * (max age, the cooldown after a fetch) run on `Date.now()`, so a clock that does not follow it
   * (a frozen test clock) holds a failure's cooldown as long as it stands still.
   */
  now: () => number;
  /** Least time between two refetches on an unknown `kid` (SPEC section 2: at most one a minute). */
  refetchCooldownMs?: number;
  /** Keys older than this are refreshed on next use (so retired keys stop being trusted). */
  maxAgeMs?: number;
  /** After a failed fetch with no keys at hand, requests fail fast this long before trying again. */
  failureBackoffMs?: number;
  timeoutMs?: number;
}

const MAX_DOCUMENT_BYTES = 256 * 1024;

/** Errors that say something about the token's key, not about reaching the key source. */
const TOKEN_KEY_ERRORS = [
  errors.JWKSNoMatchingKey,
  errors.JWKSMultipleMatchingKeys,
  errors.JOSEAlgNotAllowed,
  errors.JOSENotSupported,
  errors.JWSInvalid,
];
const isTokenKeyError = (error: unknown) => TOKEN_KEY_ERRORS.some((type) => error instanceof type);

/**
 * A key resolver over the issuer's JWKS. Only the discovery step is ours: the RFC 8414 metadata
 * names `jwks_uri` (and must name this very issuer). Fetching, caching (`maxAgeMs`), the refetch
 * on an unknown `kid` at most once per `refetchCooldownMs` and the timeout are jose's
 * `createRemoteJWKSet`. When a refresh fails the last key set fetched stays in use, so an outage
 * of the authorization server does not take down requests carrying tokens it already signed; and
 * as jose's cooldown counts only the fetches that succeeded, a failed one starts the cooldown
 * here: no fetch is tried again before `refetchCooldownMs` has passed, however many tokens with
 * an unknown `kid` (or a key set past `maxAgeMs`) arrive meanwhile.
 */
export function createIssuerKeys(options: IssuerKeysOptions): KeyResolver {
  const failureBackoffMs = options.failureBackoffMs ?? 5_000;
  const refetchCooldownMs = options.refetchCooldownMs ?? 60_000;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const cappedFetch = boundedFetch(options.fetch, timeoutMs);
  let remote: ReturnType<typeof createRemoteJWKSet> | undefined;
  let discovering: Promise<ReturnType<typeof createRemoteJWKSet>> | undefined;
  let failedAt = Number.NEGATIVE_INFINITY;
  // The last key set fetched, verifying on its own after a refresh failed (until the cooldown ends).
  let stale: KeyResolver | undefined;

  async function discover() {
    const url = `${options.issuer}/.well-known/oauth-authorization-server`;
    const response = await cappedFetch(url);
    if (!response.ok) throw new KeySourceUnavailableError(`GET ${url} answered ${response.status}`);
    const metadata = (await response.json().catch(() => null)) as {
      issuer?: unknown;
      jwks_uri?: unknown;
    } | null;
    // RFC 8414 section 3.3: the metadata must name the very issuer it was fetched for.
    if (metadata?.issuer !== options.issuer) {
      throw new KeySourceUnavailableError('authorization server metadata names another issuer');
    }
    const jwksUri = metadata.jwks_uri;
    if (typeof jwksUri !== 'string' || !isAcceptableKeyUrl(jwksUri)) {
      throw new KeySourceUnavailableError('authorization server metadata has no usable jwks_uri');
    }
    return createRemoteJWKSet(new URL(jwksUri), {
      cooldownDuration: refetchCooldownMs,
      cacheMaxAge: options.maxAgeMs ?? 10 * 60_000,
      timeoutDuration: timeoutMs,
      [customFetch]: cappedFetch,
    });
  }

  const unavailable = (cause?: unknown) =>
    new KeySourceUnavailableError('authorization server keys unavailable', { cause });

  return async (header, token) => {
    if (!remote) {
      if (!discovering && options.now() - failedAt < failureBackoffMs) throw unavailable();
      discovering ??= discover().finally(() => {
        discovering = undefined;
      });
      try {
        remote = await discovering;
      } catch (error) {
        failedAt = options.now();
        throw error instanceof KeySourceUnavailableError ? error : unavailable(error);
      }
    }
    // A fetch failed lately: no new one before the cooldown (the backoff while no keys are known).
    if (options.now() - failedAt < (stale ? refetchCooldownMs : failureBackoffMs)) {
      if (stale) return stale(header, token);
      throw unavailable();
    }
    try {
      return await remote(header, token);
    } catch (error) {
      if (isTokenKeyError(error)) throw error;
      failedAt = options.now();
      // Stale-if-error: the refresh failed, the last key set fetched still verifies.
      const known = remote.jwks();
      stale = known ? createLocalJWKSet(known) : undefined;
      if (stale) return stale(header, token);
      throw unavailable(error);
    }
  };
}

/** `fetch` with a timeout, no redirects and a size cap on the document read. */
function boundedFetch(fetchImpl: typeof fetch, timeoutMs: number) {
  return async (url: string | URL, init: RequestInit = {}): Promise<Response> => {
    let response: Response;
    try {
      response = await fetchImpl(url, {
        ...init,
        headers: { accept: 'application/json' },
        redirect: 'error',
        signal: init.signal ?? AbortSignal.timeout(timeoutMs),
      });
    } catch (cause) {
      throw new KeySourceUnavailableError(`GET ${String(url)} failed`, { cause });
    }
    const text = await response.text();
    if (text.length > MAX_DOCUMENT_BYTES) {
      throw new KeySourceUnavailableError(`GET ${String(url)}: document too large`);
    }
    return new Response(text, { status: response.status, headers: response.headers });
  };
}

function isAcceptableKeyUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackOrigin(url.origin));
  } catch {
    return false;
  }
}
