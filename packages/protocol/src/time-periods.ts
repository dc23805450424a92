import type { TimeGrain } from './tools/analyses.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Where the period of `grain` starting at `start` (epoch ms, UTC as dates travel) ends; null for
 * the folding grains (`month_of_year` and the like), which cut no time into periods. The analyst
 * states where a series' data ends with it, and the card marks a partial last period with it.
 */
export function periodEnd(start: number, grain: TimeGrain): number | null {
  const date = new Date(start);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  switch (grain) {
    case 'year':
      return Date.UTC(year + 1, 0, 1);
    case 'quarter':
      return Date.UTC(year, month + 3, 1);
    case 'month':
      return Date.UTC(year, month + 1, 1);
    case 'week':
      return start + 7 * DAY;
    case 'day':
      return start + DAY;
    case 'hour':
      return start + HOUR;
    default:
      return null;
  }
}
