import { periodEnd, type Answer, type TimeGrain } from '@ask-analyst/protocol';
import { parseDate } from '../format/format-value.js';
import { columnIndex } from './chart-data.js';

/** The grains that cut time into consecutive periods (the folding ones, such as month_of_year, do not). */
const PERIODS: ReadonlySet<TimeGrain> = new Set([
  'year',
  'quarter',
  'month',
  'week',
  'day',
  'hour',
]);

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
