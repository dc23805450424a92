import { LruMap } from 'toad-cache';

export type WindowVerdict =
  { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

/** Keys remembered at most; past it the least recently seen key is forgotten in O(1). */
export const DEFAULT_MAX_KEYS = 100_000;

/**
 * A fixed-window counter per key (client IP, user id), in memory: counts are per replica, so N
 * replicas allow up to N times the limit. Each key's window starts at its first hit. The keys live
 * in a bounded LRU map (`toad-cache`, the store `@fastify/rate-limit` keeps its counters in), so a
 * flood of new keys (rotating addresses) costs the same per hit as one key and memory stays capped:
 * no scan, no sweep.
 */
export class WindowCounter {
  private readonly windows: LruMap<{ startedAt: number; count: number }>;

  constructor(
    readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number,
    readonly maxKeys = DEFAULT_MAX_KEYS,
  ) {
    this.windows = new LruMap(maxKeys);
  }

  /** Keys currently remembered (at most `maxKeys`). */
  get size(): number {
    return this.windows.size;
  }

  /** Counts one hit for `key`: the count in its window and when that window ends. */
  count(key: string): { count: number; resetAt: number } {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= this.windowMs) {
      window = { startedAt: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetAt: window.startedAt + this.windowMs };
  }

  /** Counts one hit for `key` and says whether it is within the limit. */
  hit(key: string): WindowVerdict {
    const { count, resetAt } = this.count(key);
    if (count <= this.limit) return { allowed: true, remaining: this.limit - count };
    const waitMs = resetAt - this.now();
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }
}
