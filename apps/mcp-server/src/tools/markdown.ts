/** Longest cell text shown in a markdown table; the full value is in `structuredContent`. */
const MAX_CELL = 60;

/** Made once: `toLocaleString` builds a formatter on every call. */
const THOUSANDS = new Intl.NumberFormat('en-US');

/** A number with thousands separators (3,000,000). */
export function count(value: number): string {
  return THOUSANDS.format(value);
}

/** One table cell as markdown text: pipes escaped, line breaks flattened, long text cut. */
export function cell(value: unknown, max = MAX_CELL): string {
  if (value === null || value === undefined) return '';
  const text = (typeof value === 'string' ? value : JSON.stringify(value))
    .replace(/\s+/g, ' ')
    .trim();
  const short = text.length > max ? `${text.slice(0, max - 1)}…` : text;
  return short.replace(/\\/g, '\\\\').replace(/\|/g, '\\|');
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
