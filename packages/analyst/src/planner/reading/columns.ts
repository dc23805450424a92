import type { TimeGrain } from '@ask-analyst/protocol';
import type { ColumnSemantics, WorksheetSemantics } from '../../semantics/worksheet.js';
import { phraseKey } from '../../text/tokens.js';
import { KEYWORDS, type Keyword } from '../keywords.js';
import { keywordOf, type Mention } from '../mentions.js';
import type { ReadingContext } from './context.js';

/** The column a year in the question filters: a date's year, or a whole-number year column. */
export function yearTarget(
  semantics: WorksheetSemantics,
): { column: ColumnSemantics; part: 'year' | null } | null {
  const yearColumn = semantics.columns.find((column) => column.role === 'year');
  if (yearColumn) return { column: yearColumn, part: null };
  return semantics.timeColumn ? { column: semantics.timeColumn, part: 'year' } : null;
}

/** The grouping a time grain word asks for: the time column with that grain, or a year column. */
export function timeDimension(
  semantics: WorksheetSemantics,
  grain: TimeGrain | 'auto',
): { column: ColumnSemantics; grain: TimeGrain | null } | null {
  if (semantics.timeColumn)
    return { column: semantics.timeColumn, grain: grain === 'auto' ? null : grain };
  const year = semantics.columns.find((c) => c.role === 'year');
  return year && (grain === 'year' || grain === 'auto') ? { column: year, grain: null } : null;
}

/**
 * The column that names a row ("the top 3 cars"): a text column called a name or title holding a
 * value of its own for most rows, else a text identifier, else the text column with the most
 * distinct values when most rows have a value of their own (car model names repeat a little).
 */
export function rowLabel(semantics: WorksheetSemantics): ColumnSemantics | undefined {
  const rows = semantics.source.rowCount;
  const mostlyOwn = (c: ColumnSemantics) =>
    c.type === 'string' && c.profile.distinctCount >= 0.5 * rows && rows > 1;
  // A column called a name or title names a row better than a code does (an airport's name, not
  // its IATA code), as people and the count cue read rows.
  const named = semantics.columns.find(
    (c) => mostlyOwn(c) && /\b(name|title)\b/i.test(c.name.replace(/_/g, ' ')),
  );
  if (named) return named;
  const id = semantics.columns.find((c) => c.role === 'identifier' && c.type === 'string');
  if (id) return id;
  return semantics.columns
    .filter(mostlyOwn)
    .sort((a, b) => b.profile.distinctCount - a.profile.distinctCount)[0];
}

/**
 * The column a row word groups by ("per stock", "which company"): the column that names rows, or
 * else a category the semantic layer names with that word ("stock" for a ticker symbol, where a row
 * is one company and month). Undefined when neither: the word then says only what the rows are.
 */
export function entityColumn(
  semantics: WorksheetSemantics,
  words: string,
): ColumnSemantics | undefined {
  const label = rowLabel(semantics);
  if (label) return label;
  const key = phraseKey(words.split(' '));
  const named = semantics.columns.filter(
    (c) =>
      (c.role === 'category' || c.role === 'identifier') &&
      c.phrases.some((p) => p.key === key && p.layer !== undefined),
  );
  return named.length === 1 ? named[0] : undefined;
}

/**
 * Whether the mention at `index` is a grain word between an aggregation (or a superlative: "the
 * highest monthly price") and a measure that names
 * what a row is ("average daily maximum temperature" where a row is a day; "average monthly price"
 * where a row is a company and month): it says what each value is, and groups nothing.
 */
export function isRowGrainOfMeasure(
  context: Pick<ReadingContext, 'at' | 'next' | 'previous' | 'semantics'>,
  index: number,
): boolean {
  const { at, next, previous, semantics } = context;
  const grain = keywordOf(at(index), 'grain');
  const after = at(next(index, 1));
  return (
    grain !== undefined &&
    semantics.timeColumn !== null &&
    semantics.entityPhrases.includes(grain.grain) &&
    (keywordOf(at(previous(index, 1)), 'aggregation') !== undefined ||
      keywordOf(at(previous(index, 1)), 'superlative') !== undefined) &&
    after?.kind === 'column' &&
    after.column.role === 'measure'
  );
}

/** The words of a grouping said with a group cue: "for each origin", "in every year", "per symbol". */
export const GROUP_CUE = /^(for |in |on )?(each|every|per|by)\b/i;

/** Words for an origin and destination taken together ("which route", "by route"). */
export const ROUTE = /^(route|routes|city pair|city pairs|airport pair|airport pairs)$/i;

/**
 * The two columns a route groups by: the origin and destination twins, when the worksheet has
 * exactly one of each and they name places (not measures); else null.
 */
export function routeColumns(
  semantics: WorksheetSemantics,
): [ColumnSemantics, ColumnSemantics] | null {
  const of = (twin: 'origin' | 'destination') =>
    semantics.columns.filter((c) => c.twin === twin && c.role !== 'measure');
  const [origins, destinations] = [of('origin'), of('destination')];
  return origins.length === 1 && destinations.length === 1 ? [origins[0]!, destinations[0]!] : null;
}

/** Whether a number lies within a numeric column's values (its profile's min and max). */
export function withinRange(column: ColumnSemantics, value: number): boolean {
  const { min, max } = column.profile;
  return typeof min === 'number' && typeof max === 'number' && value >= min && value <= max;
}

/** The time grain a mention names: a grain keyword, or a column or row phrase that is one ("year"). */
export function grainOf(
  mention: Mention | undefined,
): Extract<Keyword, { kind: 'grain' }> | undefined {
  const keyword = keywordOf(mention, 'grain');
  if (keyword || !mention || (mention.kind !== 'entity' && mention.kind !== 'column'))
    return keyword;
  return KEYWORDS.get(phraseKey(mention.words.split(' ')))?.find(
    (k): k is Extract<Keyword, { kind: 'grain' }> => k.kind === 'grain',
  );
}

/**
 * The measure the semantic layer names with `words` ("rain": the layer's word for precipitation,
 * also a weather value), or undefined.
 */
export function measureNamedByLayer(
  words: string,
  semantics: WorksheetSemantics,
): ColumnSemantics | undefined {
  const key = phraseKey(words.split(' '));
  return semantics.columns.find(
    (c) => c.role === 'measure' && c.phrases.some((p) => p.key === key && p.layer !== undefined),
  );
}

/** The measure a value mention's words also name in the semantic layer, or undefined. */
export function measureNamedByValue(
  mention: Mention | undefined,
  semantics: WorksheetSemantics,
): ColumnSemantics | undefined {
  return mention?.kind === 'value' ? measureNamedByLayer(mention.words, semantics) : undefined;
}

/** Words for rows in general ("rows", "records", "entries"), which name no column of their own. */
export const GENERIC_ROWS = /^(rows?|records?|entr(y|ies)|items?|lines?|observations?|cases?)$/i;

/**
 * The first row word not yet placed that is not a word for rows in general, and the column it
 * names (`entityColumn`): "the car with the best mpg" names cars by their names. Null when none.
 */
export function unplacedEntityColumn(
  mentions: readonly Mention[],
  used: ReadonlySet<number>,
  semantics: WorksheetSemantics,
): { index: number; column: ColumnSemantics } | null {
  const index = mentions.findIndex(
    (m, i) => m.kind === 'entity' && !used.has(i) && !GENERIC_ROWS.test(m.words),
  );
  const column = index >= 0 ? entityColumn(semantics, mentions[index]!.words) : undefined;
  return column ? { index, column } : null;
}
