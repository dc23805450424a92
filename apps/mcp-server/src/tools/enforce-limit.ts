import { ToolError } from '../errors.js';
import type { WindowCounter } from '../limits/window-counter.js';

/** Counts one use of a per-user limit; over it, the `rate_limited` tool error with the wait. */
export function enforceLimit(counter: WindowCounter, userId: string, what: string): void {
  const verdict = counter.hit(userId);
  if (verdict.allowed) return;
  throw new ToolError(
    'rate_limited',
    `Too many ${what}: the limit is ${counter.limit} per minute. Retry in ${verdict.retryAfterSeconds} seconds.`,
    { retryAfterSeconds: verdict.retryAfterSeconds },
  );
}
