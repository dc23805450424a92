import { hash } from 'node:crypto';
import { setBounded, type PrincipalCache } from '@ask-analyst/service';
import type { VerifiedCaller, VerifyResult } from './verify-access-token.js';

export interface VerifiedTokenCacheOptions {
  /** The full verifier (signature, claims, principal checks); called on a miss. */
  verify: (token: string) => Promise<VerifyResult>;
  /** The same principal cache the verifier uses (at most 30 s old, SPEC section 7). */
  principals: PrincipalCache;
  now: () => number;
  maxEntries?: number;
}

interface Entry {
  caller: VerifiedCaller;
  /** Epoch ms of the token's `exp`: the entry is never used past it. */
  expiresAt: number;
}

/**
 * Remembers accepted access tokens, by SHA-256 of the token, until their `exp`, so a client
 * sending the same token on every request pays for the signature check once (SPEC section 2).
 *
 * The user and organization rules are not cached any longer than before: on every hit the
 * principal is looked up again through the principal cache (at most 30 s old, SPEC section 7),
 * and unless that lookup returns the very principal the token was accepted with, the token is
 * verified in full again: a revoked user, an invalidation or an unenrollment reaches the cached
 * token as soon as it reaches the principal cache. Refusals are never cached. Bounded: past
 * `maxEntries` the oldest entry goes.
 */
export function cacheVerifiedTokens(options: VerifiedTokenCacheOptions): VerifyToken {
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, Entry>();

  const whenPrincipalLoaded = async (key: string, token: string, entry: Entry) => {
    const current = await options.principals(entry.caller.principal.userId).catch(() => null);
    if (current === entry.caller.principal) return { ok: true as const, caller: entry.caller };
    return verifyInFull(key, token);
  };

  const verifyInFull = async (key: string, token: string): Promise<VerifyResult> => {
    entries.delete(key);
    const result = await options.verify(token);
    if (result.ok && result.caller.authInfo.expiresAt !== undefined) {
      const expiresAt = result.caller.authInfo.expiresAt * 1000;
      if (expiresAt > options.now()) {
        setBounded(entries, key, { caller: result.caller, expiresAt }, maxEntries);
      }
    }
    return result;
  };

  return (token) => {
    const key = hash('sha256', token, 'base64url');
    const entry = entries.get(key);
    if (!entry || options.now() >= entry.expiresAt) return verifyInFull(key, token);
    // The principal cache's answer, if it holds one: the usual case, answered without waiting.
    const current = options.principals.settled(entry.caller.principal.userId);
    if (current === entry.caller.principal) return { ok: true, caller: entry.caller };
    return current === undefined
      ? whenPrincipalLoaded(key, token, entry)
      : verifyInFull(key, token);
  };
}

/** A token check that answers at once when it can (a cached token), else later. */
export type VerifyToken = (token: string) => VerifyResult | Promise<VerifyResult>;
