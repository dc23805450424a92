import { describe, expect, it } from 'vitest';
import { hasPrefix, newId } from './ids.js';

describe('newId', () => {
  it('makes distinct, well-formed ids across many refills of its random pool', () => {
    const ids = Array.from({ length: 5_000 }, () => newId('req'));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(hasPrefix(id, 'req')).toBe(true);
    expect(ids[0]).toHaveLength('req_'.length + 20);
  });

  it('uses the whole alphabet in every position', () => {
    const ids = Array.from({ length: 2_000 }, () => newId('wb').slice(3));
    for (const position of [0, 10, 19]) {
      const seen = new Set(ids.map((id) => id[position]));
      expect(seen.size).toBe(36);
    }
  });
});
