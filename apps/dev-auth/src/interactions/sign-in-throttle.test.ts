import { describe, expect, it } from 'vitest';
import { SignInThrottle, type SignInThrottleRule } from './sign-in-throttle.js';

const RULE: SignInThrottleRule = {
  freeFailures: 3,
  baseDelaySeconds: 1,
  maxDelaySeconds: 60,
  addressFailures: 20,
  windowSeconds: 900,
};

describe('SignInThrottle', () => {
  const setup = (rule = RULE) => {
    const clock = { now: 0 };
    return { clock, throttle: new SignInThrottle(rule, () => clock.now) };
  };

  it('never counts successes: a user signing in on every run is never slowed', () => {
    const { throttle } = setup();
    for (let i = 0; i < 1000; i += 1) {
      expect(throttle.check('ada@acme.test', '127.0.0.1')).toEqual({ allowed: true });
      throttle.succeeded('ada@acme.test', '127.0.0.1');
    }
  });

  it('delays a pair after its free failures, doubling up to the cap', () => {
    const { clock, throttle } = setup();
    const waits: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const verdict = throttle.check('ada@acme.test', '192.0.2.1');
      expect(verdict.allowed).toBe(true);
      throttle.failed('ada@acme.test', '192.0.2.1');
      const next = throttle.check('ada@acme.test', '192.0.2.1');
      const wait = next.allowed ? 0 : next.retryAfterSeconds;
      waits.push(wait);
      clock.now += wait * 1000;
    }
    expect(waits).toEqual([0, 0, 0, 1, 2, 4, 8, 16, 32, 60]);
  });

  it('does not slow the same account from another address, nor another account here', () => {
    const { throttle } = setup();
    for (let i = 0; i < 6; i += 1) throttle.failed('ada@acme.test', '198.51.100.7');
    expect(throttle.check('ada@acme.test', '198.51.100.7').allowed).toBe(false);
    expect(throttle.check('ada@acme.test', '127.0.0.1')).toEqual({ allowed: true });
    expect(throttle.check('grace@acme.test', '198.51.100.7')).toEqual({ allowed: true });
  });

  it("forgets a pair's failures at its next success", () => {
    const { clock, throttle } = setup();
    for (let i = 0; i < 4; i += 1) throttle.failed('ada@acme.test', '127.0.0.1');
    clock.now += 1000;
    expect(throttle.check('ada@acme.test', '127.0.0.1').allowed).toBe(true);
    throttle.succeeded('ada@acme.test', '127.0.0.1');
    throttle.failed('ada@acme.test', '127.0.0.1');
    expect(throttle.check('ada@acme.test', '127.0.0.1')).toEqual({ allowed: true });
  });

  it('forgets a pair after a day without failures', () => {
    const { clock, throttle } = setup();
    for (let i = 0; i < 4; i += 1) throttle.failed('ada@acme.test', '127.0.0.1');
    // A day after the end of the last delay (1 s).
    clock.now += 24 * 60 * 60 * 1000 + 1000;
    throttle.failed('ada@acme.test', '127.0.0.1');
    expect(throttle.check('ada@acme.test', '127.0.0.1')).toEqual({ allowed: true });
  });

  it('holds an address spraying many accounts to its failures per window', () => {
    const { clock, throttle } = setup({ ...RULE, addressFailures: 5 });
    for (let i = 0; i < 5; i += 1) {
      expect(throttle.check(`user${i}@acme.test`, '203.0.113.9').allowed).toBe(true);
      throttle.failed(`user${i}@acme.test`, '203.0.113.9');
    }
    clock.now += 100_000;
    expect(throttle.check('new@acme.test', '203.0.113.9')).toEqual({
      allowed: false,
      retryAfterSeconds: 800,
    });
    expect(throttle.check('new@acme.test', '127.0.0.1')).toEqual({ allowed: true });
    clock.now += 800_000;
    expect(throttle.check('new@acme.test', '203.0.113.9')).toEqual({ allowed: true });
  });

  it('stays bounded under a flood of distinct pairs', () => {
    const throttle = new SignInThrottle(RULE, () => 0, 1_000);
    for (let i = 0; i < 50_000; i += 1) throttle.failed(`u${i}@x.test`, `10.0.${i % 250}.1`);
    for (let i = 0; i < 4; i += 1) throttle.failed('ada@acme.test', '127.0.0.1');
    expect(throttle.check('ada@acme.test', '127.0.0.1').allowed).toBe(false);
  });
});
