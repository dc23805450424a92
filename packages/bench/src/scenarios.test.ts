import { describe, expect, it } from 'vitest';
import { SCENARIOS } from './scenarios.js';

describe('the bench scenarios', () => {
  it('have distinct names (rows are found by name)', () => {
    const names = SCENARIOS.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('read product rows against a floor row of the same JSON-RPC method', () => {
    const readAgainst = SCENARIOS.filter((s) => s.floor !== undefined);
    expect(readAgainst.map((s) => [s.target, s.body.method])).toEqual([
      ['mcp', 'ping'],
      ['mcp', 'tools/call'],
    ]);
    for (const scenario of readAgainst) {
      const floor = SCENARIOS.find((s) => s.name === scenario.floor);
      expect(floor?.target).toBe('floor');
      expect(floor?.body.method).toBe(scenario.body.method);
    }
  });

  it('size a bare route by a product row measured before it', () => {
    const sized = SCENARIOS.filter((s) => s.answerSizeOf !== undefined);
    expect(sized.length).toBeGreaterThan(0);
    for (const scenario of sized) {
      expect([scenario.target, scenario.path]).toEqual(['ceiling', '/sized']);
      const source = SCENARIOS.findIndex((s) => s.name === scenario.answerSizeOf);
      expect(source).toBeGreaterThanOrEqual(0);
      expect(source).toBeLessThan(SCENARIOS.indexOf(scenario));
      expect(SCENARIOS[source]?.target).toBe('mcp');
      // --only picks the bare route with the row it is sized by.
      expect(scenario.name).toContain(SCENARIOS[source]!.name.split(' (')[0]);
    }
  });
});
