import { ServiceError } from '../errors.js';
import { DEFAULT_MAX_KEYS, WindowCounter } from './window-counter.js';

/** The per-user limits of SPEC section 7 counted per minute. */
export type UserLimitName = 'toolCalls' | 'analyses';

/**
 * Per-user limits, whatever keeps the counts: every caller goes through `take`, so counters kept
 * in this process today can move to a store the replicas share without touching a caller.
 */
export interface UserLimits {
  /**
   * Counts one use of `name` by `userId`; over the limit, fails `rate_limited` with the wait
   * (`retryAfterSeconds`), and the use is still counted, as the window counter counts every hit.
   */
  take(name: UserLimitName, userId: string): Promise<void>;
}

/** What each limit is, in the words of its `rate_limited` message. */
const WORDS: Record<UserLimitName, string> = { toolCalls: 'tool calls', analyses: 'analyses' };

/**
 * Per-user limits counted in this process, one fixed one-minute window per user and limit: with
 * N replicas a user may get up to N times a limit (decision 69).
 */
export function inProcessUserLimits(options: {
  perMinute: Record<UserLimitName, number>;
  now: () => number;
  maxKeys?: number;
}): UserLimits {
  const counter = (limit: number) =>
    new WindowCounter(limit, 60_000, options.now, options.maxKeys ?? DEFAULT_MAX_KEYS);
  const counters: Record<UserLimitName, WindowCounter> = {
    toolCalls: counter(options.perMinute.toolCalls),
    analyses: counter(options.perMinute.analyses),
  };
  return {
    async take(name, userId) {
      const counted = counters[name];
      const verdict = counted.hit(userId);
      if (verdict.allowed) return;
      throw new ServiceError(
        'rate_limited',
        `Too many ${WORDS[name]}: the limit is ${counted.limit} per minute. Retry in ${verdict.retryAfterSeconds} seconds.`,
        { retryAfterSeconds: verdict.retryAfterSeconds },
      );
    },
  };
}
