import type { ColumnSemantics } from '../../../semantics/worksheet.js';
import { keywordOf, type Mention } from '../../mentions.js';
import type { ReadingContext, ReadingPass } from '../context.js';
import { filterOf } from '../filters.js';

/**
 * Words that say a column's value was not recorded, before it ("missing sex", "unknown genre") or
 * after it ("sex is missing", "genre unknown", "rating is null").
 */
const MISSING = /^(missing|unknown|unrecorded|unreported|unspecified|blank|empty|null)$/i;
/** Words between "no" and the column that say it was recorded: "no recorded sex". */
const RECORDED = /^(recorded|known|listed|reported|given|stated|specified)$/i;
/** Verbs between the column and the word after it: "sex is missing", "genre was not recorded". */
const BE = /^(is|was|are|were|be)$/i;

/**
 * Values of a column that themselves say "none" ("None" of a damage column, "No", "0"): "no X"
 * there may mean that value rather than nothing recorded.
 */
const NONE_VALUE = /^(none|no|nil|n\/?a|na|zero|0|unknown|not \w+|no \w+)$/i;

/** A column named by one mention, with no other column the words could name. */
function namedColumn(m: Mention | undefined): ColumnSemantics | undefined {
  return m?.kind === 'column' && m.others.length === 0 && !m.condition ? m.column : undefined;
}

/**
 * Values not recorded: "penguins with no recorded sex", "movies without a genre", "missing sex",
 * "sex is unknown" are an `is_null` filter on that column (values the semantic layer marks as not
 * recorded, `missingValues`, read as null through the worksheet's view, are caught too).
 *
 * "no X" or "without X" says nothing was recorded only where X is a column, never a value
 * ("without Europe" stays an exclusion), and only for a column of names or categories: "no delay"
 * or "no rain" is a zero as often as nothing recorded, so a measure needs a word that says so
 * ("missing horsepower", "no recorded horsepower"). A column holding a value that itself says
 * none ("None" of a damage column) is left alone: "no damage" may be that value.
 */
export const missingValues: ReadingPass = {
  name: 'missing-values',
  run(context) {
    const { mentions, used, use, addFilter } = context;
    mentions.forEach((m, index) => {
      if (used.has(index)) return;
      const found = before(context, index) ?? after(context, index);
      if (!found) return;
      const { column, placed, explicit, words } = found;
      if (placed.some((j) => used.has(j))) return;
      if (column.role === 'measure' && !explicit) return;
      if (!explicit && saysNone(context, column)) return;
      addFilter(filterOf(column.name, 'is_null', null), 'stated', words);
      use(...placed);
    });
  },
};

interface Found {
  column: ColumnSemantics;
  placed: number[];
  /** A word says the value was not recorded ("missing", "recorded"), not "no" alone. */
  explicit: boolean;
  words: string;
}

const said = (context: ReadingContext, placed: number[]) =>
  placed.map((j) => context.at(j)!.words).join(' ');

/** "no recorded sex", "without a genre", "missing sex", "with missing sex", "unknown genre". */
function before(context: ReadingContext, index: number): Found | null {
  const { at } = context;
  const m = at(index)!;
  const word = m.words.toLowerCase();
  if (m.kind === 'word' && MISSING.test(word)) {
    const column = namedColumn(at(index + 1));
    if (!column) return null;
    const placed = [index, index + 1];
    return { column, placed, explicit: true, words: said(context, placed) };
  }
  const negation = keywordOf(m, 'negation');
  if (!negation || !/^(no|without)$/.test(word)) return null;
  let j = index + 1;
  const placed = [index];
  // "without a genre", "without any genre", "no known sex".
  if (/^(a|an|any)$/i.test(at(j)?.words ?? '')) placed.push(j++);
  let explicit = false;
  if (at(j)?.kind === 'word' && RECORDED.test(at(j)!.words)) {
    explicit = true;
    placed.push(j++);
  }
  const column = namedColumn(at(j));
  if (!column) return null;
  placed.push(j);
  return { column, placed, explicit, words: said(context, placed) };
}

/** "sex is missing", "genre unknown", "sex not recorded". */
function after(context: ReadingContext, index: number): Found | null {
  const { at } = context;
  const column = namedColumn(at(index));
  if (!column) return null;
  let j = index + 1;
  const placed = [index];
  if (BE.test(at(j)?.words ?? '')) placed.push(j++);
  const next = at(j);
  if (next?.kind === 'word' && MISSING.test(next.words)) {
    placed.push(j);
    return { column, placed, explicit: true, words: said(context, placed) };
  }
  // "sex not recorded", "genre is not known".
  const recorded = at(j + 1);
  if (
    keywordOf(next, 'negation') &&
    next!.words.toLowerCase() === 'not' &&
    recorded?.kind === 'word' &&
    RECORDED.test(recorded.words)
  ) {
    placed.push(j, j + 1);
    return { column, placed, explicit: true, words: said(context, placed) };
  }
  return null;
}

/** Whether the column holds a value that itself says none ("None", "No", "0", "Not Rated"). */
function saysNone({ values }: ReadingContext, column: ColumnSemantics): boolean {
  // The layer's own marks of a value not recorded (Airports' city "NA") are no value already.
  const blank = new Set(column.missingValues ?? []);
  return values
    .valuesOf(column.name)
    .some((value) => !blank.has(value) && NONE_VALUE.test(value.trim()));
}
