import {
  periodEnd,
  type AnalysisPlan,
  type AnswerCoverage,
  type AnswerTable,
  type Cell,
  type TimeGrain,
} from '@ask-analyst/protocol';
import type { WorksheetSemantics } from '../semantics/worksheet.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The start of the period of `grain` holding `time` (weeks start on Monday, as DuckDB's). */
export function periodStart(time: number, grain: TimeGrain): number | null {
  const date = new Date(time);
  const [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()];
  switch (grain) {
    case 'year':
      return Date.UTC(year, 0, 1);
    case 'quarter':
      return Date.UTC(year, month - (month % 3), 1);
    case 'month':
      return Date.UTC(year, month, 1);
    case 'week':
      return Date.UTC(year, month, day - ((date.getUTCDay() + 6) % 7));
    case 'day':
      return Date.UTC(year, month, day);
    case 'hour':
      return Date.UTC(year, month, day, date.getUTCHours());
    default:
      return null;
  }
}

/** A period's cell as epoch ms: an ISO date or timestamp, or a year as a number. */
function timeOf(cell: Cell | undefined, grain: TimeGrain): number {
  if (typeof cell === 'number' && grain === 'year') return Date.UTC(cell, 0, 1);
  if (typeof cell !== 'string') return Number.NaN;
  return Date.parse(/^\d{4}$/.test(cell) ? `${cell}-01-01T00:00:00Z` : cell);
}

/** A worksheet value as epoch ms (dates and timestamps travel as ISO 8601, read as UTC). */
function valueTime(value: unknown): number {
  if (typeof value !== 'string') return Number.NaN;
  return Date.parse(/T|Z$/.test(value) ? value : `${value}T00:00:00Z`);
}

/**
 * Where the data behind a time series ends (decision 131), from the worksheet's profile of the
 * time column: the last period shown is partial when the data's last value falls inside it, before
 * its last day (its last hour for days, its last minute for hours). Data stamped once a period (a
 * monthly price on the 1st, by month) is whole: its first and last values both open a period.
 * Undefined when the plan's first dimension has no calendar grain or the column has no profile.
 */
export function coverageOf(
  plan: AnalysisPlan,
  semantics: WorksheetSemantics,
  table: AnswerTable,
): AnswerCoverage | undefined {
  const dimension = plan.dimensions[0];
  if (plan.shape || !dimension?.grain || !dimension.column) return undefined;
  const grain = dimension.grain;
  const column = semantics.columns.find((c) => c.name === dimension.column);
  const first = valueTime(column?.profile.min);
  const dataEnd = valueTime(column?.profile.max);
  if (!column || !Number.isFinite(first) || !Number.isFinite(dataEnd)) return undefined;
  const endStart = periodStart(dataEnd, grain);
  if (endStart === null) return undefined;
  const starts = table.rows.map((row) => timeOf(row[0], grain)).filter(Number.isFinite);
  const last = starts.length > 0 ? Math.max(...starts) : Number.NaN;
  const end = periodEnd(endStart, grain) as number;
  const resolution = grain === 'hour' ? MINUTE : grain === 'day' ? HOUR : DAY;
  const stampedPerPeriod = periodStart(first, grain) === first && endStart === dataEnd;
  const partial =
    !table.truncated &&
    last === endStart &&
    !stampedPerPeriod &&
    dataEnd + (column.type === 'date' ? DAY : resolution) < end;
  return { column: dimension.label, dataEnd: new Date(dataEnd).toISOString(), partial };
}
