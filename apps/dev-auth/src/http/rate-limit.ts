import type { RateLimitRule } from '../config.js';

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the key's window resets (0 when allowed). */
  retryAfterSeconds: number;
}

/**
 * A fixed-window counter per key, in this process's memory (counters are per replica; a restart
 * resets them). Good enough to slow password guessing and registration floods in development.
 */
export class FixedWindowLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly rule: RateLimitRule,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one event for `key` and says whether it is within the limit. */
  hit(key: string): RateLimitResult {
    const now = this.now();
    const windowMs = this.rule.windowSeconds * 1000;
    this.sweep(now, windowMs);
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

  private sweep(now: number, windowMs: number): void {
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) {
      if (now - window.start >= windowMs) this.windows.delete(key);
    }
  }
}
