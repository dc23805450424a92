import { describe, expect, it } from 'vitest';
import { SCENARIOS } from './scenarios.js';

describe('the bench scenarios', () => {
  it('read product rows against floor rows the bench measures', () => {
    const floors = new Set(SCENARIOS.filter((s) => s.target === 'floor').map((s) => s.name));
    const readAgainst = SCENARIOS.flatMap((s) => (s.floor === undefined ? [] : [s]));
    expect(readAgainst.map((s) => s.target)).toEqual(['mcp', 'mcp']);
    for (const scenario of readAgainst) expect(floors.has(scenario.floor ?? '')).toBe(true);
  });
});
