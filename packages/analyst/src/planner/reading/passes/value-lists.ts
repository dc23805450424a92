import type { ValueIndex } from '../../../semantics/values.js';
import { keywordOf, type Mention } from '../../mentions.js';
import type { FoundValue, ReadingPass } from '../context.js';
import { filterOf } from '../filters.js';

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
    const compared = mentions.some((m) => keywordOf(m, 'compare') || keywordOf(m, 'difference'));
    for (const [column, items] of byColumn) {
      const words = items.map((item) => item.words).join(', ');
      const distinct = [...new Set(items.map((item) => item.value))];
      if (distinct.length === 1) {
        addFilter(filterOf(column, 'eq', distinct[0]!), 'value_matched', words);
      } else {
        addFilter(filterOf(column, 'in', distinct), 'value_matched', words);
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
 * "Arizona, Utah and Nevada": values listed together are read in one column. A value read in
 * another column than the values listed next to it (Nevada: a town in city, before the state NV)
 * is read in theirs when it names a value there too (through the gazetteer or a value synonym).
 */
function readListsInOneColumn(
  found: FoundValue[],
  mentions: readonly Mention[],
  values: ValueIndex,
): void {
  const listed = (a: FoundValue, b: FoundValue) => {
    const [first, last] = a.index < b.index ? [a, b] : [b, a];
    const between = mentions.slice(first.index + 1, last.index);
    return between.length <= 1 && between.every((m) => LIST_WORDS.test(m.words));
  };
  for (const item of found) {
    const neighbours = found.filter((other) => other !== item && listed(item, other));
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
