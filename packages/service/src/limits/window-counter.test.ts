import { describe, expect, it } from 'vitest';
import { WindowCounter } from './window-counter.js';

describe('WindowCounter', () => {
  it('allows `limit` hits per key per window, then says how long to wait', () => {
    let now = 0;
    const counter = new WindowCounter(2, 60_000, () => now);
    expect(counter.hit('a')).toEqual({ allowed: true, remaining: 1 });
    expect(counter.hit('a')).toEqual({ allowed: true, remaining: 0 });
    expect(counter.hit('b').allowed).toBe(true);
    now = 15_000;
    expect(counter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 45 });
    now = 60_000;
    expect(counter.hit('a').allowed).toBe(true);
  });

  it('stays bounded under a flood of 200,000 distinct keys and keeps counting a busy one', () => {
    const now = 0;
    const counter = new WindowCounter(100, 60_000, () => now, 10_000);
    let largest = 0;
    for (let i = 0; i < 200_000; i += 1) {
      counter.hit(`203.0.113.${i}`);
      // A client hammering throughout stays recently used, so it is never the one forgotten.
      if (i % 1_000 === 0) counter.hit('198.51.100.7');
      largest = Math.max(largest, counter.size);
    }
    expect(largest).toBe(10_000);
    expect(counter.size).toBe(10_000);
    for (let i = 0; i < 99; i += 1) counter.hit('198.51.100.7');
    expect(counter.hit('198.51.100.7').allowed).toBe(false);
  });
});
