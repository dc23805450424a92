import { readFile } from 'node:fs/promises';
import { demoDataFile } from '@ask-analyst/workspace';

/**
 * An independent model of read_worksheet over a demo JSON file, parsed with JSON.parse: what rows
 * the tool must return for given filters and sort (SPEC section 4), computed in plain TypeScript.
 */
export type Row = Record<string, unknown>;
type Scalar = string | number | boolean;

export async function demoJson(name: string): Promise<Row[]> {
  return JSON.parse(await readFile(demoDataFile(name), 'utf8')) as Row[];
}

export interface OracleFilter {
  column: string;
  op: string;
  value?: unknown;
}

function compare(a: unknown, b: unknown): number {
  const [x, y] = [a as Scalar, b as Scalar];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Whether a row passes one filter: empty cells match only is_null and ne. */
function passes(row: Row, { column, op, value }: OracleFilter): boolean {
  const cell = row[column] ?? null;
  if (op === 'is_null') return cell === null;
  if (op === 'not_null') return cell !== null;
  if (op === 'ne') return cell !== value;
  if (cell === null) return false;
  switch (op) {
    case 'eq':
      return cell === value;
    case 'lt':
      return compare(cell, value) < 0;
    case 'lte':
      return compare(cell, value) <= 0;
    case 'gt':
      return compare(cell, value) > 0;
    case 'gte':
      return compare(cell, value) >= 0;
    case 'in':
      return (value as unknown[]).includes(cell);
    case 'contains':
      return (cell as string).toLowerCase().includes((value as string).toLowerCase());
    default:
      throw new Error(`oracle knows no op ${op}`);
  }
}

/** The rows a read must return, in order, as arrays of the given columns. */
export function expectedRows(
  rows: Row[],
  columns: string[],
  filters: OracleFilter[] = [],
  sort: Array<{ column: string; direction: 'asc' | 'desc' }> = [],
): unknown[][] {
  const kept = rows
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => filters.every((filter) => passes(row, filter)));
  kept.sort((a, b) => {
    for (const { column, direction } of sort) {
      const [x, y] = [a.row[column] ?? null, b.row[column] ?? null];
      if (x === null || y === null) {
        if (x !== y) return x === null ? 1 : -1; // empty cells last, either direction
        continue;
      }
      const order = compare(x, y) * (direction === 'desc' ? -1 : 1);
      if (order !== 0) return order;
    }
    return a.index - b.index;
  });
  return kept.map(({ row }) => columns.map((column) => row[column] ?? null));
}
