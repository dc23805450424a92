import type { Principal } from '@ask-analyst/workspace';
import { describe, expect, it } from 'vitest';
import { createPrincipalCache } from './principal-cache.js';

const ada = { userId: 'usr_ada' } as Principal;

describe('createPrincipalCache', () => {
  it('shares one lookup, tells its settled answer at once, and forgets it after the ttl', async () => {
    const clock = { now: 0 };
    let loads = 0;
    const cache = createPrincipalCache({
      load: async () => {
        loads += 1;
        return ada;
      },
      ttlMs: 30_000,
      now: () => clock.now,
    });
    const first = cache('usr_ada');
    expect(cache.settled('usr_ada')).toBeUndefined(); // still loading
    expect(await Promise.all([first, cache('usr_ada')])).toEqual([ada, ada]);
    expect(loads).toBe(1);
    expect(cache.settled('usr_ada')).toBe(ada);

    clock.now += 30_001;
    expect(cache.settled('usr_ada')).toBeUndefined();
    expect(await cache('usr_ada')).toBe(ada);
    expect(loads).toBe(2);
  });

  it('remembers an unknown user as null, and never remembers a failed lookup', async () => {
    let fail = true;
    const cache = createPrincipalCache({
      load: async () => {
        if (fail) throw new Error('database down');
        return null;
      },
      ttlMs: 30_000,
      now: () => 0,
    });
    await expect(cache('usr_x')).rejects.toThrow('database down');
    expect(cache.settled('usr_x')).toBeUndefined();
    fail = false;
    expect(await cache('usr_x')).toBeNull();
    expect(cache.settled('usr_x')).toBeNull();
  });
});
