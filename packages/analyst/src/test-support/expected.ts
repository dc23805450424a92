/**
 * Plain-JavaScript aggregates over rows parsed from the source files, to check the analyst's
 * answers against numbers computed without it (and without DuckDB).
 */

type Row = Record<string, unknown>;

/** The numeric values of `column` (empty cells left out, as SQL aggregates do). */
export function numbers(rows: readonly Row[], column: string): number[] {
  return rows
    .map((row) => row[column])
    .filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
}

export function sum(values: readonly number[]): number {
  return values.reduce((total, v) => total + v, 0);
}

export function mean(values: readonly number[]): number {
  return sum(values) / values.length;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Rows grouped by a key function (null keys kept, as SQL GROUP BY does). */
export function groupBy<K>(rows: readonly Row[], key: (row: Row) => K): Map<K, Row[]> {
  const groups = new Map<K, Row[]>();
  for (const row of rows) {
    const k = key(row);
    groups.set(k, [...(groups.get(k) ?? []), row]);
  }
  return groups;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `YYYY-MM-DD` of a date as the source files write them: ISO, `Jan 1 2000`. */
export function isoDate(text: unknown): string {
  const value = String(text);
  if (/^\d{4}-\d\d-\d\d/.test(value)) return value.slice(0, 10);
  const match = /^([A-Z][a-z]{2}) (\d{1,2}) (\d{4})$/.exec(value);
  if (!match) throw new Error(`unexpected date ${value}`);
  const month = String(MONTHS.indexOf(match[1]!) + 1).padStart(2, '0');
  return `${match[3]}-${month}-${match[2]!.padStart(2, '0')}`;
}
