import { LruMap } from 'toad-cache';
import type { RateLimitRule } from '../config.js';

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the key's window resets (0 when allowed). */
  retryAfterSeconds: number;
}

/** Keys remembered at most; past it the least recently seen key is forgotten in O(1). */
export const DEFAULT_MAX_KEYS = 100_000;

/**
 * A fixed-window counter per key, in this process's memory (counters are per replica; a restart
 * resets them): slows password guessing and registration floods. The keys live in a bounded LRU
 * map (`toad-cache`, the store `@fastify/rate-limit` uses), so a flood of new addresses or emails
 * costs the same per hit as one and memory stays capped: no scan, no sweep.
 */
export class FixedWindowLimiter {
  private readonly windows: LruMap<{ start: number; count: number }>;

  constructor(
    private readonly rule: RateLimitRule,
    private readonly now: () => number = Date.now,
    maxKeys = DEFAULT_MAX_KEYS,
  ) {
    this.windows = new LruMap(maxKeys);
  }

  /** Keys currently remembered. */
  get size(): number {
    return this.windows.size;
  }

  /** Counts one event for `key` and says whether it is within the limit. */
  hit(key: string): RateLimitResult {
    const now = this.now();
    const windowMs = this.rule.windowSeconds * 1000;
    let window = this.windows.get(key);
    if (!window || now - window.start >= windowMs) {
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    if (window.count <= this.rule.max) return { allowed: true, retryAfterSeconds: 0 };
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((window.start + windowMs - now) / 1000)),
    };
  }
}
