import type { QuerySession } from './limits.js';
import { worksheetSource } from './read.js';
import { quoteIdentifier } from './sql.js';
import type { ColumnProfile, WorksheetColumn } from './types.js';
import { toCell } from './values.js';

/** Most frequent values listed per string column. */
export const TOP_VALUES = 10;

function statsSql(source: string, columns: readonly WorksheetColumn[]): string {
  const select = columns.flatMap((column) => {
    const c = quoteIdentifier(column.name);
    return [`count(${c})`, `count(DISTINCT ${c})`, `min(${c})`, `max(${c})`];
  });
  return `SELECT count(*), ${select.join(', ')} FROM ${source}`;
}

function topValuesSql(
  source: string,
  columns: readonly { index: number; column: WorksheetColumn }[],
): string {
  const branches = columns
    .map(({ index, column }) => {
      const c = quoteIdentifier(column.name);
      return (
        `(SELECT ${index} AS i, ${c} AS v, count(*) AS n FROM ${source} WHERE ${c} IS NOT NULL ` +
        `GROUP BY ${c} ORDER BY n DESC, v ASC LIMIT ${TOP_VALUES})`
      );
    })
    .join(' UNION ALL ');
  return `SELECT i, v, n FROM (${branches}) ORDER BY i, n DESC, v ASC`;
}

/**
 * Exact statistics of every column: null and distinct counts, min and max in one aggregate pass,
 * then the most frequent values of the string columns (ties in value order).
 */
export async function profileColumns(
  session: QuerySession,
  file: string,
  columns: readonly WorksheetColumn[],
): Promise<ColumnProfile[]> {
  const source = worksheetSource(file);
  const stats = (await session.readAll(statsSql(source, columns))).getRows()[0] ?? [];
  const rowCount = Number(stats[0] ?? 0);
  const profiles = columns.map((column, index): ColumnProfile => {
    const [nonNull, distinct, min, max] = stats.slice(1 + index * 4, 5 + index * 4);
    const profile: ColumnProfile = {
      name: column.name,
      type: column.type,
      nullCount: rowCount - Number(nonNull ?? 0),
      distinctCount: Number(distinct ?? 0),
    };
    const [minCell, maxCell] = [toCell(min ?? null), toCell(max ?? null)];
    if (minCell !== null) profile.min = minCell;
    if (maxCell !== null) profile.max = maxCell;
    return profile;
  });
  const strings = columns
    .map((column, index) => ({ index, column }))
    .filter(({ column }) => column.type === 'string');
  if (strings.length > 0) {
    for (const { index } of strings) {
      const profile = profiles[index];
      if (profile) profile.topValues = [];
    }
    const rows = (await session.readAll(topValuesSql(source, strings))).getRows();
    for (const [index, value, count] of rows) {
      profiles[Number(index)]?.topValues?.push({ value: String(value), count: Number(count) });
    }
  }
  return profiles;
}
