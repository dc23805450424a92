import { describe, expect, it } from 'vitest';
import { periodEnd } from './time-periods.js';

describe('periodEnd', () => {
  it('ends each cutting grain at the start of the next period, UTC', () => {
    const start = Date.UTC(2001, 10, 1);
    expect(periodEnd(start, 'month')).toBe(Date.UTC(2001, 11, 1));
    expect(periodEnd(start, 'quarter')).toBe(Date.UTC(2002, 1, 1));
    expect(periodEnd(Date.UTC(2001, 0, 1), 'year')).toBe(Date.UTC(2002, 0, 1));
    expect(periodEnd(start, 'week')).toBe(Date.UTC(2001, 10, 8));
    expect(periodEnd(start, 'day')).toBe(Date.UTC(2001, 10, 2));
    expect(periodEnd(start, 'hour')).toBe(start + 3_600_000);
  });

  it('has no end for a folding grain', () => {
    expect(periodEnd(Date.UTC(2001, 10, 1), 'month_of_year')).toBeNull();
    expect(periodEnd(Date.UTC(2001, 10, 1), 'day_of_week')).toBeNull();
  });
});
