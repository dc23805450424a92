/** Longest cell text shown in a markdown table; the full value is in `structuredContent`. */
const MAX_CELL = 60;

/** Made once: `toLocaleString` builds a formatter on every call. */
const THOUSANDS = new Intl.NumberFormat('en-US');

/** A number with thousands separators (3,000,000). */
export function count(value: number): string {
  // Whole numbers are grouped by hand: Intl's format is the slowest step of a tool's text.
  if (!Number.isSafeInteger(value) || Object.is(value, -0)) return THOUSANDS.format(value);
  const digits = String(Math.abs(value));
  if (digits.length <= 3) return value < 0 ? `-${digits}` : digits;
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let at = grouped.length; at < digits.length; at += 3) {
    grouped += `,${digits.slice(at, at + 3)}`;
  }
  return value < 0 ? `-${grouped}` : grouped;
}

/** Whitespace a cell must flatten: a run, a character other than a space, or at either end. */
const UNFLAT = /\s\s|[^\S ]|^\s|\s$/;
const MARKDOWN_SPECIAL = /[\\|]/;

/** One table cell as markdown text: pipes escaped, line breaks flattened, long text cut. */
export function cell(value: unknown, max = MAX_CELL): string {
  if (value === null || value === undefined) return '';
  const raw = typeof value === 'string' ? value : JSON.stringify(value);
  const text = UNFLAT.test(raw) ? raw.replace(/\s+/g, ' ').trim() : raw;
  const short = text.length > max ? `${text.slice(0, max - 1)}…` : text;
  return MARKDOWN_SPECIAL.test(short) ? short.replace(/\\/g, '\\\\').replace(/\|/g, '\\|') : short;
}

/** A markdown table; every value goes through `cell`. */
export function table(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const line = (values: readonly unknown[]) =>
    `| ${values.map((value) => cell(value)).join(' | ')} |`;
  return [line(header), `|${header.map(() => ' --- ').join('|')}|`, ...rows.map(line)].join('\n');
}

/** Plural of a counted noun: `1 worksheet`, `2 worksheets`. */
export function plural(value: number, noun: string): string {
  return `${count(value)} ${noun}${value === 1 ? '' : 's'}`;
}
