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

/**
 * Characters that begin inline markdown or HTML (CommonMark: code spans, emphasis, links and
 * images, autolinks and raw HTML, entities, backslash escapes; GFM: table cells, strikethrough).
 * Each is shown as itself once escaped with a backslash (CommonMark 2.4: any ASCII punctuation).
 */
const INLINE_SPECIAL = /[\\`*_[\]<>&|~]/;
const INLINE_SPECIALS = /[\\`*_[\]<>&|~]/g;
/** A line's start that markdown reads as a block: heading, quote, list item, setext underline. */
const BLOCK_START = /^(?:[#>+=-]|\d{1,9}[.)])/;

/**
 * Data as markdown text that shows it as it is: every character that could start markup (an
 * `<img onerror>`, a `[link](…)`, a code span, emphasis, a table pipe) is backslash-escaped, so a
 * worksheet value never becomes HTML, a link or formatting in the host's rendering. An underscore
 * inside a word is left alone (CommonMark makes no emphasis of it: `flight_date` stays readable).
 */
export function escapeMarkdown(text: string): string {
  return INLINE_SPECIAL.test(text)
    ? text.replace(INLINE_SPECIALS, (char, at: number) =>
        char === '_' && isWordChar(text[at - 1]) && isWordChar(text[at + 1]) ? char : `\\${char}`,
      )
    : text;
}

/**
 * An escaped value that begins a line (or a quote's line): a leading `#`, `-`, `+`, `=` or `1.`
 * is escaped too, so the value is not read as a heading or a list (inside a line it is plain).
 */
export function atLineStart(escaped: string): string {
  const marker = BLOCK_START.exec(escaped)?.[0];
  if (marker === undefined) return escaped;
  return `${marker.slice(0, -1)}\\${marker.slice(-1)}${escaped.slice(marker.length)}`;
}

function isWordChar(char: string | undefined): boolean {
  return char !== undefined && /[\p{L}\p{N}]/u.test(char);
}

/**
 * A value as a code span, fenced by one backtick more than its longest run of backticks (and a
 * space inside when it begins or ends with one), so no value closes its span early.
 */
export function code(value: string): string {
  const longest = Math.max(0, ...(value.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = value.startsWith('`') || value.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${value}${pad}${fence}`;
}

/** A value as one line of markdown text: whitespace flattened, markup escaped, never cut. */
export function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  const raw = typeof value === 'string' ? value : JSON.stringify(value);
  return escapeMarkdown(UNFLAT.test(raw) ? raw.replace(/\s+/g, ' ').trim() : raw);
}

/** One table cell (or inline value) as markdown text: lines flattened, long text cut, markup escaped. */
export function cell(value: unknown, max = MAX_CELL): string {
  if (value === null || value === undefined) return '';
  const raw = typeof value === 'string' ? value : JSON.stringify(value);
  const flat = UNFLAT.test(raw) ? raw.replace(/\s+/g, ' ').trim() : raw;
  return escapeMarkdown(flat.length > max ? `${flat.slice(0, max - 1)}…` : flat);
}

/** A markdown table; every value (raw, not yet escaped) goes through `cell`. */
export function table(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const line = (values: readonly unknown[]) =>
    `| ${values.map((value) => cell(value)).join(' | ')} |`;
  return [line(header), `|${header.map(() => ' --- ').join('|')}|`, ...rows.map(line)].join('\n');
}

/** Plural of a counted noun: `1 worksheet`, `2 worksheets`. */
export function plural(value: number, noun: string): string {
  return `${count(value)} ${noun}${value === 1 ? '' : 's'}`;
}
