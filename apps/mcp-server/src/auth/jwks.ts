import { isLoopbackOrigin } from '@ask-analyst/protocol';
import { createLocalJWKSet, errors, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';

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

/**
 * A key resolver over the issuer's JWKS, found through its RFC 8414 metadata (`jwks_uri`), cached,
 * refreshed when stale and on an unknown `kid` at most once per cooldown.
 */
export function createIssuerKeys(options: IssuerKeysOptions): KeyResolver {
  const cooldownMs = options.refetchCooldownMs ?? 60_000;
  const maxAgeMs = options.maxAgeMs ?? 10 * 60_000;
  const failureBackoffMs = options.failureBackoffMs ?? 5_000;
  const timeoutMs = options.timeoutMs ?? 5_000;
  let keys: ReturnType<typeof createLocalJWKSet> | undefined;
  let fetchedAt = Number.NEGATIVE_INFINITY;
  let attemptedAt = Number.NEGATIVE_INFINITY;
  let inflight: Promise<void> | undefined;

  async function getJson(url: string): Promise<unknown> {
    let response: Response;
    try {
      response = await options.fetch(url, {
        headers: { accept: 'application/json' },
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (cause) {
      throw new KeySourceUnavailableError(`GET ${url} failed`, { cause });
    }
    if (!response.ok) throw new KeySourceUnavailableError(`GET ${url} answered ${response.status}`);
    const text = await response.text();
    if (text.length > MAX_DOCUMENT_BYTES)
      throw new KeySourceUnavailableError(`GET ${url}: document too large`);
    try {
      return JSON.parse(text) as unknown;
    } catch (cause) {
      throw new KeySourceUnavailableError(`GET ${url}: not JSON`, { cause });
    }
  }

  async function load(): Promise<void> {
    attemptedAt = options.now();
    const metadata = await getJson(`${options.issuer}/.well-known/oauth-authorization-server`);
    const { issuer, jwks_uri: jwksUri } = (metadata ?? {}) as {
      issuer?: unknown;
      jwks_uri?: unknown;
    };
    // RFC 8414 section 3.3: the metadata must name the very issuer it was fetched for.
    if (issuer !== options.issuer)
      throw new KeySourceUnavailableError('authorization server metadata names another issuer');
    if (typeof jwksUri !== 'string' || !isAcceptableKeyUrl(jwksUri)) {
      throw new KeySourceUnavailableError('authorization server metadata has no usable jwks_uri');
    }
    const jwks = await getJson(jwksUri);
    if (!isKeySet(jwks)) throw new KeySourceUnavailableError('jwks_uri did not answer a JWK Set');
    keys = createLocalJWKSet(jwks);
    fetchedAt = options.now();
  }

  function refresh(): Promise<void> {
    inflight ??= load().finally(() => {
      inflight = undefined;
    });
    return inflight;
  }

  return async (header, token) => {
    const now = options.now();
    if (!keys) {
      if (now - attemptedAt < failureBackoffMs && !inflight) {
        throw new KeySourceUnavailableError('authorization server keys unavailable (backing off)');
      }
      await refresh();
    } else if (now - fetchedAt >= maxAgeMs && now - attemptedAt >= cooldownMs) {
      // Stale keys stay in use when the refresh fails: an outage of the authorization server
      // should not take down requests carrying tokens it already signed.
      await refresh().catch(() => undefined);
    }
    try {
      return await (keys as NonNullable<typeof keys>)(header, token);
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey)) throw error;
      if (options.now() - attemptedAt < cooldownMs) throw error;
      await refresh();
      return (keys as NonNullable<typeof keys>)(header, token);
    }
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

function isKeySet(value: unknown): value is JSONWebKeySet {
  return (
    typeof value === 'object' && value !== null && Array.isArray((value as { keys?: unknown }).keys)
  );
}
