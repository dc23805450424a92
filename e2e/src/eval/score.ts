/** One question of the Ask Analyst evaluation set (`shared/eval/README.md`). */
export interface EvalCase {
  id: string;
  user: string;
  /** The workbook to pass as `workbookId` (resolved by name); null: Ask Analyst chooses. */
  workbook: string | null;
  question: string;
  followups?: string[];
  expect: { contains?: Array<string | number>; first?: Array<string | number> };
}

/** Reads a JSON Lines evaluation set; a malformed line names its number. */
export function parseEvalSet(text: string): EvalCase[] {
  return text
    .split('\n')
    .map((line, index) => ({ line: line.trim(), number: index + 1 }))
    .filter(({ line }) => line.length > 0)
    .map(({ line, number }) => {
      try {
        const parsed = JSON.parse(line) as EvalCase;
        if (
          typeof parsed.id !== 'string' ||
          typeof parsed.question !== 'string' ||
          !parsed.expect
        ) {
          throw new Error('needs id, question and expect');
        }
        return parsed;
      } catch (error) {
        throw new Error(`line ${number}: ${(error as Error).message}`);
      }
    });
}

/**
 * Whether a cell holds the expected value: strings case-insensitively and exactly; numbers within
 * 0.5% relative or 0.01 absolute, whichever is larger; an integer answer exactly.
 */
export function matches(cell: unknown, expected: string | number): boolean {
  if (typeof expected === 'string') {
    return typeof cell === 'string' && cell.toLowerCase() === expected.toLowerCase();
  }
  const value =
    typeof cell === 'number'
      ? cell
      : typeof cell === 'string' && /^-?\d+(\.\d+)?$/.test(cell)
        ? Number(cell)
        : NaN;
  if (!Number.isFinite(value)) return false;
  if (Number.isInteger(expected)) return value === expected;
  return Math.abs(value - expected) <= Math.max(0.005 * Math.abs(expected), 0.01);
}

/** The expectations a table misses (empty when it passes). */
export function missedExpectations(
  rows: readonly (readonly unknown[])[],
  expect: EvalCase['expect'],
): string[] {
  const missed: string[] = [];
  for (const value of expect.contains ?? []) {
    if (!rows.some((row) => row.some((cell) => matches(cell, value))))
      missed.push(`contains ${JSON.stringify(value)}`);
  }
  const first = rows[0] ?? [];
  for (const value of expect.first ?? []) {
    if (!first.some((cell) => matches(cell, value)))
      missed.push(`first row has ${JSON.stringify(value)}`);
  }
  return missed;
}
