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

  it('stays bounded under a flood of 200,000 distinct keys and keeps limiting a busy one', () => {
    const limiter = new FixedWindowLimiter({ max: 10, windowSeconds: 900 }, () => 0, 5_000);
    let largest = 0;
    for (let i = 0; i < 200_000; i += 1) {
      limiter.hit(`192.0.2.${i}`);
      if (i % 500 === 0) limiter.hit('guessed@acme.test');
      largest = Math.max(largest, limiter.size);
    }
    expect(largest).toBe(5_000);
    expect(limiter.hit('guessed@acme.test')).toEqual({ allowed: false, retryAfterSeconds: 900 });
  });
});
