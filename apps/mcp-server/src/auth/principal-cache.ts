import type { Principal } from '@ask-analyst/workspace';

export type PrincipalLookup = (userId: string) => Promise<Principal | null>;

export interface PrincipalCacheOptions {
  load: PrincipalLookup;
  /** How long an answer is reused; SPEC section 7 caps it at 30 s (0 disables caching). */
  ttlMs: number;
  now: () => number;
  maxEntries?: number;
}

/**
 * Caches principal lookups (user active? organization enrolled? tokens invalidated since?) for at
 * most `ttlMs`, so a revocation takes effect within that time; concurrent lookups share one query.
 */
export function createPrincipalCache(options: PrincipalCacheOptions): PrincipalLookup {
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, { value: Promise<Principal | null>; expiresAt: number }>();

  return (userId) => {
    const now = options.now();
    const cached = entries.get(userId);
    if (cached && cached.expiresAt > now) return cached.value;
    entries.delete(userId);
    const value = options.load(userId);
    if (options.ttlMs > 0) {
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      const entry = { value, expiresAt: now + options.ttlMs };
      entries.set(userId, entry);
      // A failed lookup is not remembered: the next request asks the database again.
      value.catch(() => {
        if (entries.get(userId) === entry) entries.delete(userId);
      });
    }
    return value;
  };
}
