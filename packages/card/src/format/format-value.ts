import type { Cell, TimeGrain, ValueFormat } from '@ask-analyst/protocol';

/** How one value is written: the chart field's format, refined by a time grain for dates. */
export interface ValueStyle {
  format: ValueFormat;
  grain?: TimeGrain | null;
  /** Digits after the decimal point, the same for every value of a column (SPEC section 4). */
  decimals?: number | undefined;
  /** The currency of `currency` values (an ISO 4217 code); USD when absent. */
  currency?: string | undefined;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Text for an empty cell (null), distinct from an empty string. */
export const EMPTY_CELL = '—';

/** Number of fraction digits that keeps small values readable and large ones short. */
function fractionDigits(value: number): number {
  const size = Math.abs(value);
  if (size === 0 || size >= 100) return 1;
  if (size >= 1) return 2;
  return 4;
}

/**
 * Writes a cell as text for a person. Values that are not what the format expects (a string in a
 * number column, an unsafe 64-bit integer sent as a string) are shown as they came.
 */
export function formatValue(value: Cell, style: ValueStyle, locale?: string): string {
  if (value === null) return EMPTY_CELL;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const fixed = (digits: number) => ({
    minimumFractionDigits: style.decimals ?? 0,
    maximumFractionDigits: style.decimals ?? digits,
  });
  switch (style.format) {
    case 'integer':
      return typeof value === 'number'
        ? new Intl.NumberFormat(locale, fixed(0)).format(value)
        : value;
    case 'number':
      return typeof value === 'number'
        ? new Intl.NumberFormat(locale, fixed(fractionDigits(value))).format(value)
        : value;
    case 'percent':
      // Shares travel as fractions (0.25 is 25 %):
      // docs/decisions/028-card-shares-are-fractions-amounts-are-dollars.md.
      return typeof value === 'number'
        ? new Intl.NumberFormat(locale, { style: 'percent', ...fixed(1) }).format(value)
        : value;
    case 'currency':
      // The demo data's amounts (gross, prices) are US dollars unless the column says otherwise.
      return typeof value === 'number'
        ? new Intl.NumberFormat(locale, {
            style: 'currency',
            currency: style.currency ?? 'USD',
            ...fixed(Math.abs(value) >= 1000 ? 0 : 2),
          }).format(value)
        : value;
    case 'date':
    case 'timestamp':
      return typeof value === 'string' ? formatDate(value, style, locale) : String(value);
    case 'text':
      return String(value);
  }
}

/** A short number for axis ticks: 1.2K, 3.4M. */
export function formatTick(value: number, style: ValueStyle, locale?: string): string {
  if (style.format === 'percent') {
    return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(
      value,
    );
  }
  const options: Intl.NumberFormatOptions = { notation: 'compact', maximumFractionDigits: 1 };
  if (style.format === 'currency') Object.assign(options, { style: 'currency', currency: 'USD' });
  return new Intl.NumberFormat(locale, options).format(value);
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses `YYYY-MM-DD` or an ISO timestamp as UTC epoch milliseconds; NaN when it is neither. */
export function parseDate(value: string): number {
  const match = DATE_ONLY.exec(value);
  if (match) return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return /^\d{4}-\d{2}-\d{2}T/.test(value) ? Date.parse(value) : Number.NaN;
}

function formatDate(value: string, style: ValueStyle, locale?: string): string {
  const time = parseDate(value);
  if (Number.isNaN(time)) return value;
  const date = new Date(time);
  const year = date.getUTCFullYear();
  switch (style.grain) {
    case 'year':
      return String(year);
    case 'quarter':
      return `Q${Math.floor(date.getUTCMonth() / 3) + 1} ${year}`;
    case 'month':
      return `${MONTHS[date.getUTCMonth()] ?? ''} ${year}`;
    case 'hour':
      return new Intl.DateTimeFormat(locale, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'UTC',
      }).format(date);
    case 'day':
    case 'week':
      return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
    default:
      // A timestamp at midnight is a day (a date truncated by the database): no "12:00 AM".
      return style.format === 'timestamp' && !DATE_ONLY.test(value) && time % 86_400_000 !== 0
        ? new Intl.DateTimeFormat(locale, {
            dateStyle: 'medium',
            timeStyle: 'short',
            timeZone: 'UTC',
          }).format(date)
        : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
  }
}

/** The display format of a table column, from its type. */
export function formatOfColumnType(type: string): ValueFormat {
  switch (type) {
    case 'integer':
      return 'integer';
    case 'number':
      return 'number';
    case 'date':
      return 'date';
    case 'timestamp':
      return 'timestamp';
    default:
      return 'text';
  }
}

/** Elapsed time as `12 s` or `2 min 05 s`. */
export function formatElapsed(milliseconds: number): string {
  const seconds = Math.max(0, Math.floor(milliseconds / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/** Decimals written in a number (at most 6), e.g. 2 for 99.25. */
function decimalsIn(value: number): number {
  const text = value.toFixed(6).replace(/0+$/, '');
  const point = text.indexOf('.');
  return point < 0 ? 0 : text.length - point - 1;
}

/**
 * One precision for a whole column whose semantic layer gave none: enough for its largest values
 * (1 digit from 100, 2 from 1, 4 below), never more than its values have. So 99.25 and 101.5 read
 * 99.3 and 101.5, not 99.25 beside 101.5.
 */
export function columnDecimals(values: readonly number[], format: ValueFormat): number | undefined {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return undefined;
  const largest = Math.max(...finite.map(Math.abs));
  const present = Math.max(...finite.map((v) => decimalsIn(format === 'percent' ? v * 100 : v)));
  switch (format) {
    case 'integer':
      return 0;
    case 'number':
      return Math.min(fractionDigits(largest), present);
    case 'percent':
      return Math.min(1, present);
    case 'currency':
      return largest >= 1000 ? 0 : Math.min(2, present) > 0 ? 2 : 0;
    default:
      return undefined;
  }
}
