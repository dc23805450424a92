import type { Principal } from '@ask-analyst/workspace';
import { setBounded } from './bounded-map.js';

export type PrincipalLookup = (userId: string) => Promise<Principal | null>;

/** A principal lookup that can also tell, without waiting, an answer it already holds. */
export interface PrincipalCache extends PrincipalLookup {
  /**
   * The cached answer for `userId` if its lookup has finished and is still fresh (at most the
   * cache's ttl old, like any answer); `undefined` when there is none or it is still loading.
   */
  settled(userId: string): Principal | null | undefined;
}

export interface PrincipalCacheOptions {
  load: PrincipalLookup;
  /** How long an answer is reused; SPEC section 7 caps it at 30 s (0 disables caching). */
  ttlMs: number;
  now: () => number;
  maxEntries?: number;
}

interface Entry {
  value: Promise<Principal | null>;
  expiresAt: number;
  /** Set once the lookup has succeeded. */
  answer?: { principal: Principal | null };
}

/**
 * Caches principal lookups (user active? organization enrolled? tokens invalidated since?) for at
 * most `ttlMs`, so a revocation takes effect within that time; concurrent lookups share one query.
 */
export function createPrincipalCache(options: PrincipalCacheOptions): PrincipalCache {
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, Entry>();

  const fresh = (userId: string): Entry | undefined => {
    const cached = entries.get(userId);
    return cached && cached.expiresAt > options.now() ? cached : undefined;
  };

  const lookup = (userId: string): Promise<Principal | null> => {
    const cached = fresh(userId);
    if (cached) return cached.value;
    entries.delete(userId);
    const value = options.load(userId);
    if (options.ttlMs > 0) {
      const entry: Entry = { value, expiresAt: options.now() + options.ttlMs };
      setBounded(entries, userId, entry, maxEntries);
      value.then(
        (principal) => {
          entry.answer = { principal };
        },
        // A failed lookup is not remembered: the next request asks the database again.
        () => {
          if (entries.get(userId) === entry) entries.delete(userId);
        },
      );
    }
    return value;
  };
  return Object.assign(lookup, {
    settled: (userId: string) => fresh(userId)?.answer?.principal,
  });
}
