import { describe, expect, it } from 'vitest';
import { inProcessUserLimits } from './user-limits.js';

describe('inProcessUserLimits', () => {
  it('counts each limit per user and refuses past it with the wait, until the window ends', async () => {
    let now = 0;
    const limits = inProcessUserLimits({
      perMinute: { toolCalls: 2, analyses: 1 },
      now: () => now,
    });
    await limits.take('toolCalls', 'usr_ada');
    await limits.take('toolCalls', 'usr_ada');
    await limits.take('analyses', 'usr_ada');
    await limits.take('toolCalls', 'usr_grace');
    now = 15_000;
    await expect(limits.take('toolCalls', 'usr_ada')).rejects.toMatchObject({
      code: 'rate_limited',
      retryable: true,
      retryAfterSeconds: 45,
      message: 'Too many tool calls: the limit is 2 per minute. Retry in 45 seconds.',
    });
    await expect(limits.take('analyses', 'usr_ada')).rejects.toMatchObject({
      message: 'Too many analyses: the limit is 1 per minute. Retry in 45 seconds.',
    });
    now = 60_000;
    await expect(limits.take('toolCalls', 'usr_ada')).resolves.toBeUndefined();
  });
});
