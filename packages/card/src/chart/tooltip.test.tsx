import { describe, expect, it } from 'vitest';
import { placeTip } from './tooltip.js';

describe('where a tooltip goes', () => {
  const size = { width: 120, height: 30 };

  it('is centred above its mark when it fits', () => {
    expect(placeTip({ x: 160, y: 100 }, size, 320)).toEqual({ left: 100, top: 62 });
  });

  it('moves right of a mark at the left edge instead of leaving the plot', () => {
    expect(placeTip({ x: 10, y: 100 }, size, 320).left).toBe(0);
  });

  it('moves left of a mark at the right edge instead of leaving the plot', () => {
    expect(placeTip({ x: 315, y: 100 }, size, 320).left).toBe(200);
  });

  it('goes below a mark near the top, where there is no room above', () => {
    expect(placeTip({ x: 160, y: 12 }, size, 320).top).toBe(20);
  });
});
