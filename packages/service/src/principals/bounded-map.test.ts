import { describe, expect, it } from 'vitest';
import { setBounded } from './bounded-map.js';

describe('setBounded', () => {
  it('keeps at most the bound, forgetting the entry set longest ago', () => {
    const map = new Map<string, number>();
    for (let i = 0; i < 5; i++) setBounded(map, `k${i}`, i, 3);
    expect([...map.keys()]).toEqual(['k2', 'k3', 'k4']);
  });

  it('replaces a present key without evicting another', () => {
    const map = new Map([
      ['a', 1],
      ['b', 2],
    ]);
    setBounded(map, 'a', 10, 2);
    expect([...map]).toEqual([
      ['a', 10],
      ['b', 2],
    ]);
  });

  it('stays bounded and cheap under a flood of distinct keys', () => {
    const map = new Map<number, number>();
    for (let i = 0; i < 200_000; i++) setBounded(map, i, i, 1_000);
    expect(map.size).toBe(1_000);
    expect(map.has(199_999)).toBe(true);
    expect(map.has(198_999)).toBe(false);
  });
});
