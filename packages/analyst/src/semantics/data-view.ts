import { quoteIdentifier, quoteLiteral } from '@ask-analyst/workspace';
import { WORKSHEET_VIEW } from '../compiler/compile.js';
import type { ColumnSemantics } from './worksheet.js';

/** The name a worksheet's file is read under when the analyst reads it through its layer. */
export const SOURCE_VIEW = 'ws_source';

/**
 * A query over the worksheet (`ws`) as the analyst runs it, and the views it reads. Values the
 * semantic layer marks "not recorded" (`missingValues`: Airports' city `NA`) read as NULL: `ws`
 * becomes a common table expression over the file that blanks them, so that every grouping,
 * count, ranking and value match treats them as no value. With none marked, the file is `ws`.
 */
export function overWorksheet(
  sql: string,
  dataPath: string,
  columns: readonly ColumnSemantics[],
): { sql: string; views: Record<string, string> } {
  const blanked = columns.filter((c) => c.missingValues?.length);
  if (blanked.length === 0) return { sql, views: { [WORKSHEET_VIEW]: dataPath } };
  const replaced = blanked.map((c) => {
    const name = quoteIdentifier(c.name);
    const values = c.missingValues!.map(quoteLiteral).join(', ');
    return `CASE WHEN ${name} IN (${values}) THEN NULL ELSE ${name} END AS ${name}`;
  });
  const view = `${quoteIdentifier(WORKSHEET_VIEW)} AS (SELECT * REPLACE (${replaced.join(', ')}) FROM ${SOURCE_VIEW})`;
  // A query with common table expressions of its own takes this one first.
  const rest = /^WITH\s/i.test(sql) ? `, ${sql.replace(/^WITH\s+/i, '')}` : ` ${sql}`;
  return { sql: `WITH ${view}${rest}`, views: { [SOURCE_VIEW]: dataPath } };
}
