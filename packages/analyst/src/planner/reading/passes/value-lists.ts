import type { ValueIndex } from '../../../semantics/values.js';
import { keywordOf, type Mention } from '../../mentions.js';
import type { FoundValue, ReadingPass } from '../context.js';
import { filterOf } from '../filters.js';

/** Words between two values that join them as a comparison of each, never as one total. */
const EACH_WORDS = /^(and|vs|versus|against|each|respectively|separately|both)$/i;

/**
 * Values of one column joined by "or" ("at dawn or dusk", "from ATL, ORD or DFW"): no "and",
 * "vs" or "each" between any two of them, and an "or" between two.
 */
function joinedByOr(items: readonly FoundValue[], mentions: readonly Mention[]): boolean {
  const sorted = [...items].sort((a, b) => a.index - b.index);
  let or = false;
  for (let i = 1; i < sorted.length; i += 1) {
    for (let j = sorted[i - 1]!.index + 1; j < sorted[i]!.index; j += 1) {
      const mention = mentions[j];
      const words = mention?.words.toLowerCase() ?? '';
      if (words === 'or') or = true;
      else if (EACH_WORDS.test(words) || keywordOf(mention, 'compare')) return false;
    }
  }
  return or;
}

/** Words that weigh the values against each other ("which has more cars, Europe or Japan"). */
const WEIGHED =
  /^(more|fewer|less|higher|lower|greater|bigger|larger|smaller|better|worse|each|respectively|separately|both)$/i;

/**
 * Values joined by "or" ("how many strikes were at dawn or dusk", "number of cars from Europe or
 * Japan", "average mpg of cars from Europe or Japan") ask one number: the rows with any of them.
 * A question that compares, weighs, ranks, asks which, shares, or groups by anything (a series
 * over time too: "AAPL or MSFT price trend") keeps each value its own group.
 */
function oneTotal(items: readonly FoundValue[], mentions: readonly Mention[]): boolean {
  if (!joinedByOr(items, mentions)) return false;
  return !mentions.some(
    (m) =>
      keywordOf(m, 'compare') ||
      keywordOf(m, 'difference') ||
      keywordOf(m, 'which') ||
      keywordOf(m, 'superlative') ||
      keywordOf(m, 'top') ||
      keywordOf(m, 'sort') ||
      keywordOf(m, 'share') ||
      keywordOf(m, 'change') ||
      keywordOf(m, 'group') ||
      keywordOf(m, 'grain')?.asGroup ||
      WEIGHED.test(m.words),
  );
}

/**
 * The values the value-filters pass found, by column: one value is an equality; several values of
 * one column are one `in` filter that also groups by that column ("AAPL and MSFT", "compare Japan
 * vs Europe"), and "difference between" two of them is a difference calculation.
 */
export const valueLists: ReadingPass = {
  name: 'value-lists',
  run({ mentions, reading, semantics, values, foundValues, at, use, addFilter }) {
    readListsInOneColumn(foundValues, mentions, values);
    const byColumn = new Map<string, FoundValue[]>();
    for (const item of foundValues) {
      const items = byColumn.get(item.column) ?? [];
      items.push(item);
      byColumn.set(item.column, items);
    }
    // "from ATL or to ORD": values of two columns joined by "or" are never one row's filters.
    const found = [...foundValues].sort((a, b) => a.index - b.index);
    for (let i = 1; i < found.length; i += 1) {
      const [a, b] = [found[i - 1]!, found[i]!];
      if (a.column === b.column || reading.problem) continue;
      const between = mentions.slice(a.index + 1, b.index);
      if (
        between.some((m) => m.words.toLowerCase() === 'or') &&
        between.every((m) => m.kind === 'word' || m.kind === 'keyword')
      )
        reading.problem = {
          code: 'not_understood',
          message: `"${a.words}" (${a.column}) or "${b.words}" (${b.column}) asks for rows meeting either of two columns' values, which Ask Analyst does not answer in one question: ask for each on its own.`,
        };
    }
    // "during approach or landing" where "landing" is no value of the column (Landing Roll is):
    // an alternative after "or" that is not read would be dropped, answering a smaller question.
    for (const item of found) {
      if (reading.problem || mentions[item.index + 1]?.words.toLowerCase() !== 'or') continue;
      const after = mentions[item.index + 2];
      if (!after || found.some((f) => f.index === item.index + 2)) continue;
      if (after.kind === 'number' || after.kind === 'month' || after.kind === 'weekday') continue;
      reading.problem = {
        code: 'not_understood',
        message: `I read "${item.words}" as a value of ${item.column}, but not "${after.words}" after "or" as another one, so I did not answer for "${item.words}" alone. Name the values as the data writes them.`,
      };
    }
    const compared = mentions.some((m) => keywordOf(m, 'compare') || keywordOf(m, 'difference'));
    for (const [column, items] of byColumn) {
      const words = items.map((item) => item.words).join(', ');
      const distinct = [...new Set(items.map((item) => item.value))];
      if (distinct.length === 1) {
        addFilter(filterOf(column, 'eq', distinct[0]!), 'value_matched', words);
      } else {
        addFilter(filterOf(column, 'in', distinct), 'value_matched', words);
        if (oneTotal(items, mentions)) continue;
        const semanticsOfColumn = semantics.columns.find((c) => c.name === column);
        if (semanticsOfColumn && !reading.dimensions.some((d) => d.column.name === column)) {
          reading.dimensions.push({
            column: semanticsOfColumn,
            grain: null,
            source: 'stated',
            words,
          });
        }
        const difference = mentions.findIndex((m) => keywordOf(m, 'difference'));
        if (difference >= 0 && distinct.length === 2) {
          reading.calculation = {
            calculation: { kind: 'difference', a: distinct[0]!, b: distinct[1]! },
            words: at(difference)!.words,
          };
          use(difference);
        }
      }
      if (compared) mentions.forEach((m, index) => keywordOf(m, 'compare') && use(index));
    }
  },
};

const LIST_WORDS = /^(and|or|vs|versus|&)$/i;

/**
 * Whether the mentions at `a` and `b` are listed together: side by side, or with one list word
 * between them ("Utah and Nevada", "AAPL vs MSFT").
 */
export function listedTogether(mentions: readonly Mention[], a: number, b: number): boolean {
  const between = mentions.slice(Math.min(a, b) + 1, Math.max(a, b));
  return between.length <= 1 && between.every((m) => LIST_WORDS.test(m.words));
}

/**
 * "Arizona, Utah and Nevada": values listed together are read in one column. A value read in
 * another column than the values listed next to it (Nevada: a town in city, before the state NV)
 * is read in theirs when it names a value there too (through the gazetteer or a value synonym).
 */
function readListsInOneColumn(
  found: FoundValue[],
  mentions: readonly Mention[],
  values: ValueIndex,
): void {
  for (const item of found) {
    const neighbours = found.filter(
      (other) => other !== item && listedTogether(mentions, item.index, other.index),
    );
    const columns = new Set(neighbours.map((other) => other.column));
    if (columns.size !== 1 || columns.has(item.column)) continue;
    if (found.some((other) => other !== item && other.column === item.column)) continue;
    const column = [...columns][0]!;
    const written = mentions[item.index]!.words;
    const value = values.placeIn(column, written);
    if (value === undefined) continue;
    Object.assign(item, { column, value, words: `${written} (read as ${value})` });
  }
}
