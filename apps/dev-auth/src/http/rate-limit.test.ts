import { describe, expect, it } from 'vitest';
import { FixedWindowLimiter } from './rate-limit.js';

describe('FixedWindowLimiter', () => {
  it('allows max events per window per key, then says how long to wait', () => {
    let now = 0;
    const limiter = new FixedWindowLimiter({ max: 2, windowSeconds: 60 }, () => now);
    expect(limiter.hit('a').allowed).toBe(true);
    expect(limiter.hit('a').allowed).toBe(true);
    expect(limiter.hit('b').allowed).toBe(true);
    now = 15_000;
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 45 });
    now = 60_000;
    expect(limiter.hit('a').allowed).toBe(true);
  });
});
