import type { Cell } from '@ask-analyst/protocol';

export type SortDirection = 'asc' | 'desc';

export interface TableSort {
  column: number;
  direction: SortDirection;
}

function numeric(value: Cell): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return Number(value);
  return Number.NaN;
}

/**
 * Compares two cells of one column: numbers (and 64-bit integers sent as strings) by value,
 * dates and text by text, booleans false first; empty cells always last, whatever the direction.
 */
export function compareCells(a: Cell, b: Cell, type: string, collator: Intl.Collator): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  if (type === 'integer' || type === 'number') {
    const x = numeric(a);
    const y = numeric(b);
    if (!Number.isNaN(x) && !Number.isNaN(y)) return x - y;
  }
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}

/** The rows in the given order, stable (ties keep the answer's order); the input is not changed. */
export function sortRows(
  rows: readonly Cell[][],
  sort: TableSort | null,
  type: string,
  locale?: string,
): readonly Cell[][] {
  if (!sort) return rows;
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
  const sign = sort.direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((p, q) => {
      const a = p.row[sort.column] ?? null;
      const b = q.row[sort.column] ?? null;
      if (a === null || b === null) return compareCells(a, b, type, collator) || p.index - q.index;
      return sign * compareCells(a, b, type, collator) || p.index - q.index;
    })
    .map(({ row }) => row);
}
