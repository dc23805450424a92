import { keywordOf } from '../../mentions.js';
import type { ReadingPass } from '../context.js';
import { filterOf } from '../filters.js';

/**
 * "4 cylinder cars": a whole number right before a column of few numeric values picks that value;
 * never the second number of a range ("between 5 and 8 cylinders" is the numeric comparisons').
 */
export const discreteValues: ReadingPass = {
  name: 'discrete-values',
  run({ mentions, used, at, use, addFilter }) {
    // "between 5 and 8 cylinders", "from 4 to 6 cylinders": the second number of a range.
    const upperBound = (index: number) =>
      /^(and|to)$/i.test(at(index - 1)?.words ?? '') &&
      at(index - 2)?.kind === 'number' &&
      keywordOf(at(index - 3), 'between') !== undefined;
    mentions.forEach((m, index) => {
      const column = at(index + 1);
      if (
        used.has(index) ||
        m.kind !== 'number' ||
        !Number.isInteger(m.value) ||
        column?.kind !== 'column' ||
        used.has(index + 1) ||
        !column.column.discrete ||
        keywordOf(at(index - 1), 'top') ||
        keywordOf(at(index - 1), 'comparison') ||
        keywordOf(at(index - 1), 'between') ||
        keywordOf(at(index - 1), 'relative') ||
        upperBound(index)
      ) {
        return;
      }
      addFilter(
        filterOf(column.column.name, 'eq', m.value),
        'stated',
        `${m.words} ${column.words}`,
      );
      use(index, index + 1);
    });
  },
};
