import { keywordOf } from '../../mentions.js';
import type { FoundValue, ReadingPass } from '../context.js';
import { filterOf } from '../filters.js';

/**
 * The values the value-filters pass found, by column: one value is an equality; several values of
 * one column are one `in` filter that also groups by that column ("AAPL and MSFT", "compare Japan
 * vs Europe"), and "difference between" two of them is a difference calculation.
 */
export const valueLists: ReadingPass = {
  name: 'value-lists',
  run({ mentions, reading, semantics, foundValues, at, use, addFilter }) {
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
