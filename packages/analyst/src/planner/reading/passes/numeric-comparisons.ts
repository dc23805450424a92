import { keywordOf } from '../../mentions.js';
import type { ReadingPass } from '../context.js';
import { filterOf } from '../filters.js';

/**
 * Numeric comparisons: "horsepower over 150", "more than 6 cylinders", "weight between 2000 and
 * 2500", on the numeric column named just before the comparison or just after the number. A column
 * also measured ("average weight between ...") stays for the measures pass.
 */
export const numericComparisons: ReadingPass = {
  name: 'numeric-comparisons',
  run({ mentions, used, at, use, next, previous, addFilter }) {
    mentions.forEach((m, index) => {
      if (used.has(index)) return;
      const comparison = keywordOf(m, 'comparison');
      const between = keywordOf(m, 'between');
      if (!comparison && !between) return;
      const numberIndex = next(index, 1);
      const number = at(numberIndex);
      if (number?.kind !== 'number') return;
      const columnNear = [previous(index, 2), next(numberIndex, 2)]
        .map((j) => ({ j, c: at(j) }))
        .find((x) => x.c?.kind === 'column' && x.c.column.type !== 'string' && !used.has(x.j));
      if (!columnNear || columnNear.c?.kind !== 'column') return;
      const column = columnNear.c.column.name;
      // "average weight between 2000 and 2500": the column is also what is measured.
      const measuredToo = ['aggregation', 'superlative'].some((kind) =>
        keywordOf(at(previous(columnNear.j, 1)), kind as 'aggregation'),
      );
      const useColumn = () => {
        if (!measuredToo) use(columnNear.j);
      };
      if (between) {
        const upper = at(numberIndex + 2);
        if (upper?.kind !== 'number') return;
        const words = `${m.words} ${number.words} and ${upper.words}`;
        addFilter(
          filterOf(column, 'gte', number.value),
          'stated',
          `${columnNear.c.words} ${words}`,
        );
        addFilter(filterOf(column, 'lte', upper.value), 'stated', `${columnNear.c.words} ${words}`);
        use(index, numberIndex, numberIndex + 1, numberIndex + 2);
        useColumn();
        return;
      }
      addFilter(
        filterOf(column, comparison!.op, number.value),
        'stated',
        `${columnNear.c.words} ${m.words} ${number.words}`,
      );
      use(index, numberIndex);
      useColumn();
    });
  },
};
