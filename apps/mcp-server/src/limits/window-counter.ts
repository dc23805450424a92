export type WindowVerdict =
  { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

/**
 * A fixed-window counter per key (client IP, user id), in memory: counts are per replica, so N
 * replicas allow up to N times the limit. Each key's window starts at its first hit.
 */
export class WindowCounter {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(
    readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number,
    private readonly maxKeys = 100_000,
  ) {}

  /** Counts one hit for `key` and says whether it is within the limit. */
  hit(key: string): WindowVerdict {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= this.windowMs) {
      this.windows.delete(key);
      if (this.windows.size >= this.maxKeys) this.sweep(now);
      window = { startedAt: now, count: 0 };
      this.windows.set(key, window);
    }
    if (window.count >= this.limit) {
      const waitMs = window.startedAt + this.windowMs - now;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    }
    window.count += 1;
    return { allowed: true, remaining: this.limit - window.count };
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) {
      if (now - window.startedAt >= this.windowMs) this.windows.delete(key);
    }
    // Still full of live windows: drop the oldest (Map keeps insertion order).
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxKeys) break;
      this.windows.delete(key);
    }
  }
}
