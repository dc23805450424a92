import { LruMap } from 'toad-cache';
import { DEFAULT_MAX_KEYS } from '../http/rate-limit.js';

/** How failed sign-ins slow the next attempt; see `SignInThrottle`. */
export interface SignInThrottleRule {
  /** Failures of one account from one address allowed before any delay. */
  freeFailures: number;
  /** The first delay, in seconds; each further failure doubles it. */
  baseDelaySeconds: number;
  /** The longest delay, in seconds. */
  maxDelaySeconds: number;
  /** Failures of one address across accounts allowed per window (password spraying). */
  addressFailures: number;
  /** That window, in seconds. */
  windowSeconds: number;
}

/** A pair's failures are forgotten after a day without any (or at its next success). */
const PAIR_MEMORY_MS = 24 * 60 * 60 * 1000;

/** Whether an attempt may check its password now. */
export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

interface Failures {
  count: number;
  last: number;
  /** Before this time (ms) the pair's next attempt is refused unchecked. */
  until: number;
}

/**
 * Slows password guessing without letting anyone lock an honest user out (issue #28). Only
 * failures count, and a success forgets its pair's failures, so a user who signs in on every run is
 * never slowed. Failures are counted per account *and* address: after `freeFailures`, each further
 * failure of the pair doubles the wait before its next attempt (OWASP Authentication Cheat Sheet,
 * "account lockout": a growing delay, not a lock). Guesses from one address, or a right password from
 * another, do not slow the same account elsewhere. An address failing across many accounts
 * (spraying) is held to `addressFailures` per window. State is in memory, per replica, bounded by
 * an LRU map like the fixed-window limiters.
 */
export class SignInThrottle {
  private readonly pairs: LruMap<Failures>;
  private readonly addresses: LruMap<{ start: number; count: number }>;

  constructor(
    private readonly rule: SignInThrottleRule,
    private readonly now: () => number = Date.now,
    maxKeys = DEFAULT_MAX_KEYS,
  ) {
    this.pairs = new LruMap(maxKeys);
    this.addresses = new LruMap(maxKeys);
  }

  /** Whether `account` may be tried from `address` now; counts nothing. */
  check(account: string, address: string): ThrottleVerdict {
    const now = this.now();
    const windowMs = this.rule.windowSeconds * 1000;
    const waits: number[] = [];
    const pair = this.livePair(account, address, now);
    if (pair && pair.until > now) waits.push(pair.until - now);
    const spread = this.addresses.get(address);
    if (spread && now - spread.start < windowMs && spread.count >= this.rule.addressFailures) {
      waits.push(spread.start + windowMs - now);
    }
    if (waits.length === 0) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(Math.max(...waits) / 1000)) };
  }

  /** Counts a wrong password (or unknown account) for the pair and for the address. */
  failed(account: string, address: string): void {
    const now = this.now();
    const pair = this.livePair(account, address, now) ?? { count: 0, last: now, until: now };
    pair.count += 1;
    pair.last = now;
    const over = pair.count - this.rule.freeFailures;
    if (over > 0) {
      const delay = Math.min(
        this.rule.maxDelaySeconds,
        this.rule.baseDelaySeconds * 2 ** Math.min(over - 1, 30),
      );
      pair.until = now + delay * 1000;
    }
    this.pairs.set(key(account, address), pair);

    const windowMs = this.rule.windowSeconds * 1000;
    let spread = this.addresses.get(address);
    if (!spread || now - spread.start >= windowMs) {
      spread = { start: now, count: 0 };
      this.addresses.set(address, spread);
    }
    spread.count += 1;
  }

  /** A right password: the pair's failures are forgotten (the address's spraying count stays). */
  succeeded(account: string, address: string): void {
    this.pairs.delete(key(account, address));
  }

  private livePair(account: string, address: string, now: number): Failures | undefined {
    const pair = this.pairs.get(key(account, address));
    if (!pair) return undefined;
    if (now - Math.max(pair.last, pair.until) >= PAIR_MEMORY_MS) {
      this.pairs.delete(key(account, address));
      return undefined;
    }
    return pair;
  }
}

function key(account: string, address: string): string {
  return `${account}\u0000${address}`;
}
