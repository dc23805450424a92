import type { Answer, TimeGrain } from '@ask-analyst/protocol';
import { parseDate } from '../format/format-value.js';
import { columnIndex } from './chart-data.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The grains that cut time into consecutive periods (the folding ones, such as month_of_year, do not). */
const PERIODS: ReadonlySet<TimeGrain> = new Set([
  'year',
  'quarter',
  'month',
  'week',
  'day',
  'hour',
]);

/** Where the period of `grain` starting at `start` (epoch ms, UTC as dates travel) ends. */
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

/**
 * The last period of a time series that holds only part of its data: not over when the answer was
 * computed, or the data ends inside it (`dataEnd`, stated by the analyst, decision 131).
 */
export interface PartialPeriod {
  /** Its start (epoch ms), the x of its points. */
  start: number;
  grain: TimeGrain;
  /** The data's last value (epoch ms) when the data ends inside the period. */
  dataEnd?: number;
}

/**
 * The line chart's last period when it was still running at `asOf` (epoch ms, the time the
 * answer was computed), or when the answer's `coverage` says the data ends inside it: its value
 * covers only part of the period, so a count or sum there reads as a fall that did not happen.
 */
export function partialLastPeriod(answer: Answer, asOf: number): PartialPeriod | null {
  const spec = answer.chart;
  if (spec?.type !== 'line') return null;
  const grain = answer.query.plan.dimensions.find(
    (d) => d.label === spec.x.column || d.column === spec.x.column,
  )?.grain;
  if (!grain || !PERIODS.has(grain)) return null;
  const xi = columnIndex(answer.table, spec.x);
  if (xi < 0) return null;
  const times = answer.table.rows
    .map((row) => row[xi])
    .flatMap((cell) => (typeof cell === 'string' ? [parseDate(cell)] : []))
    .filter((time) => Number.isFinite(time));
  if (times.length === 0) return null;
  const start = Math.max(...times);
  const end = periodEnd(start, grain);
  if (end !== null && start <= asOf && asOf < end) return { start, grain };
  const coverage = answer.coverage;
  const dataEnd = coverage ? parseDate(coverage.dataEnd) : Number.NaN;
  return coverage?.partial && coverage.column === spec.x.column && Number.isFinite(dataEnd)
    ? { start, grain, dataEnd }
    : null;
}
