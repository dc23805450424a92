import type { AnalysisPlan, AnswerTable } from '@ask-analyst/protocol';
import type { Cell } from '@ask-analyst/workspace';

/**
 * "Yes" or "No" for a two-value comparison answered as two groups of one column: the values in
 * the order the question lists them (the plan's `in` filter on that column), the first compared
 * with the second by the first measure. Null when the answer is not of that shape.
 */
export function comparedAnswer(
  way: 'more' | 'less',
  plan: AnalysisPlan,
  table: AnswerTable,
): {
  yes: boolean;
  first: readonly Cell[];
  second: readonly Cell[];
  /** The first measure of each, in the question's order. */
  figures: [number, number];
} | null {
  if (plan.dimensions.length !== 1 || plan.shape || plan.calculation) return null;
  const column = plan.dimensions[0]!.column;
  const listed = plan.filters.find((f) => f.column === column && f.op === 'in');
  const values = Array.isArray(listed?.value) ? listed.value : [];
  if (values.length !== 2 || table.rows.length !== 2) return null;
  const first = table.rows.find((row) => row[0] === values[0]);
  const second = table.rows.find((row) => row[0] === values[1]);
  const a = first?.[1];
  const b = second?.[1];
  if (typeof a !== 'number' || typeof b !== 'number') return null;
  return {
    yes: way === 'more' ? a > b : a < b,
    first: first!,
    second: second!,
    figures: [a, b],
  };
}
