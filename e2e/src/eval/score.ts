/**
 * A value a table cell is checked against: a string or a number (`shared/eval/README.md`), or one of
 * the two forms `e2e/eval/README.md` adds: `{ percent }` (a percentage, also right as a share) and
 * `{ anyOf }` (right when any of the values is).
 */
export type Expected = string | number | { percent: number } | { anyOf: Expected[] };

/** The expectations of one question (`shared/eval/README.md`, plus `refused`: `e2e/eval/README.md`). */
export interface Expectation {
  contains?: Expected[];
  first?: Expected[];
  /** For each list, some column name contains one of its words (case-insensitive). */
  columns?: string[][];
  /** No column name contains any of these (case-insensitive). */
  notColumns?: string[];
  rowCount?: number;
  minRows?: number;
  /** The turn succeeds with no rows. */
  empty?: boolean;
  /** `answer.chart.type` is one of these (`none`: no chart). */
  chart?: string[];
  /** A careful analyst refuses or asks: the turn must fail with `not_understood` or `needs_clarification`. */
  refused?: boolean;
}

/** One question of an Ask Analyst evaluation set (`shared/eval/README.md`). */
export interface EvalCase {
  id: string;
  user: string;
  /** The workbook to pass as `workbookId` (resolved by name); null: Ask Analyst chooses. */
  workbook: string | null;
  question: string;
  followups?: string[];
  expect: Expectation;
}

/** What the scoring reads of a turn (SPEC section 4's `Turn`). */
export interface ScoredTurn {
  status: string;
  answer?: {
    table: {
      columns: ReadonlyArray<{ name: string }>;
      rows: ReadonlyArray<ReadonlyArray<unknown>>;
      rowCount: number;
    };
    chart: { type: string } | null;
  };
  error?: { code: string; message?: string };
}

/**
 * The outcome classes `pnpm eval` counts: `right`; `refused` (the turn failed with `not_understood`
 * or `needs_clarification` where an answer was expected); `wrong` (answered wrong: it succeeded
 * with an answer that misses, or succeeded where a refusal was expected); `error` (any other
 * failure: timeout, internal, a failed call); `unjudged` (no expectation: judged by hand).
 */
export type Outcome = 'right' | 'refused' | 'wrong' | 'error' | 'unjudged';

export interface Score {
  outcome: Outcome;
  /** What was missed (empty when right). */
  missed: string[];
}

const REFUSALS = new Set(['not_understood', 'needs_clarification']);

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
          typeof parsed.expect !== 'object' ||
          parsed.expect === null
        ) {
          throw new Error('needs id, question and expect');
        }
        return parsed;
      } catch (error) {
        throw new Error(`line ${number}: ${(error as Error).message}`);
      }
    });
}

function numberIn(cell: unknown): number {
  if (typeof cell === 'number') return cell;
  if (typeof cell === 'string' && /^-?\d+(\.\d+)?$/.test(cell)) return Number(cell);
  return NaN;
}

function closeTo(value: number, expected: number): boolean {
  if (!Number.isFinite(value)) return false;
  if (Number.isInteger(expected)) return value === expected;
  return Math.abs(value - expected) <= Math.max(0.005 * Math.abs(expected), 0.01);
}

/**
 * Whether a cell holds the expected value: strings case-insensitively and exactly; numbers within
 * 0.5% relative or 0.01 absolute, whichever is larger; an integer answer exactly; a percentage also
 * as a share (27.02 as 0.2702).
 */
export function matches(cell: unknown, expected: Expected): boolean {
  if (typeof expected === 'string') {
    return typeof cell === 'string' && cell.toLowerCase() === expected.toLowerCase();
  }
  if (typeof expected === 'number') return closeTo(numberIn(cell), expected);
  if ('anyOf' in expected) return expected.anyOf.some((value) => matches(cell, value));
  const value = numberIn(cell);
  const share = expected.percent / 100;
  return (
    closeTo(value, expected.percent) ||
    (Number.isFinite(value) && Math.abs(value - share) <= Math.max(0.005 * Math.abs(share), 0.0001))
  );
}

/** The expectations a succeeded answer misses (empty when it passes). */
export function missedExpectations(
  answer: NonNullable<ScoredTurn['answer']>,
  expect: Expectation,
): string[] {
  const { rows, columns } = answer.table;
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
  const names = columns.map((column) => column.name.toLowerCase());
  for (const words of expect.columns ?? []) {
    if (!names.some((name) => words.some((word) => name.includes(word.toLowerCase()))))
      missed.push(`a column named like ${JSON.stringify(words)}`);
  }
  for (const word of expect.notColumns ?? []) {
    if (names.some((name) => name.includes(word.toLowerCase())))
      missed.push(`no column named like ${JSON.stringify(word)}`);
  }
  if (expect.rowCount !== undefined && answer.table.rowCount !== expect.rowCount)
    missed.push(`rowCount ${expect.rowCount} (got ${answer.table.rowCount})`);
  if (expect.minRows !== undefined && answer.table.rowCount < expect.minRows)
    missed.push(`at least ${expect.minRows} rows (got ${answer.table.rowCount})`);
  if (expect.empty && (answer.table.rowCount !== 0 || rows.length !== 0))
    missed.push(`no rows (got ${answer.table.rowCount})`);
  if (expect.chart) {
    const type = answer.chart?.type ?? 'none';
    if (!expect.chart.includes(type))
      missed.push(`chart ${expect.chart.join(' or ')} (got ${type})`);
  }
  return missed;
}

function hasExpectation(expect: Expectation): boolean {
  return Object.values(expect).some((value) =>
    Array.isArray(value) ? value.length > 0 : value !== undefined && value !== false,
  );
}

/** Scores the last turn of a question by the rules of `shared/eval/README.md`. */
export function scoreTurn(turn: ScoredTurn, expect: Expectation): Score {
  if (turn.status !== 'succeeded' || !turn.answer) {
    const code = turn.error?.code;
    if (turn.status === 'failed' && code && REFUSALS.has(code)) {
      return expect.refused
        ? { outcome: 'right', missed: [] }
        : { outcome: 'refused', missed: [`turn ${code}`] };
    }
    return { outcome: 'error', missed: [`turn ${turn.status}${code ? ` (${code})` : ''}`] };
  }
  if (expect.refused) {
    return {
      outcome: 'wrong',
      missed: ['a refusal (not_understood or needs_clarification), got an answer'],
    };
  }
  if (!hasExpectation(expect)) return { outcome: 'unjudged', missed: ['no expectation'] };
  const missed = missedExpectations(turn.answer, expect);
  return { outcome: missed.length === 0 ? 'right' : 'wrong', missed };
}

/** Counts per outcome class. */
export function tally(outcomes: readonly Outcome[]): Record<Outcome, number> {
  const counts: Record<Outcome, number> = {
    right: 0,
    refused: 0,
    wrong: 0,
    error: 0,
    unjudged: 0,
  };
  for (const outcome of outcomes) counts[outcome] += 1;
  return counts;
}

/** `right 10 · refused 2 · answered wrong 3` (other failures and unjudged only when there are any). */
export function formatTally(counts: Record<Outcome, number>): string {
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  const parts = [
    `right ${counts.right}/${total}`,
    `refused ${counts.refused}`,
    `answered wrong ${counts.wrong}`,
  ];
  if (counts.error > 0) parts.push(`other failures ${counts.error}`);
  if (counts.unjudged > 0) parts.push(`to judge by hand ${counts.unjudged}`);
  return parts.join(' · ');
}
