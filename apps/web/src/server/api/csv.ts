import type { Answer } from '@ask-analyst/protocol';

/**
 * A cell a spreadsheet would run as a formula (OWASP "CSV injection"): text starting with `=`,
 * `+`, `-`, `@`, a tab or a carriage return. Such a cell is written with a leading `'`, which
 * spreadsheets show as text. Numbers are written as numbers, never escaped.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
    return String(value);
  }
  let text = typeof value === 'string' ? value : JSON.stringify(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  // RFC 4180 section 2: quote fields with a comma, quote or line break; double inner quotes.
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows of cells as RFC 4180 CSV (CRLF line ends), every cell escaped by the same rules. */
export function toCsv(rows: ReadonlyArray<readonly unknown[]>): string {
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** An answer's table as RFC 4180 CSV (CRLF line ends), headed by each column's label or name. */
export function answerCsv(answer: Answer): string {
  const { columns, rows } = answer.table;
  const lines: unknown[][] = [columns.map((column) => column.label ?? column.name)];
  for (const row of rows) lines.push(columns.map((_, index) => row[index]));
  return toCsv(lines);
}

/** The download's file name: the turn, and `truncated` when the table was cut at the row limit. */
export function csvFileName(conversationId: string, turnIndex: number, truncated: boolean): string {
  return `${conversationId}-turn-${turnIndex + 1}${truncated ? '-truncated' : ''}.csv`;
}
