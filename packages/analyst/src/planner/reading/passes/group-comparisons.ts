import { keywordOf } from '../../mentions.js';
import type { ReadingPass } from '../context.js';

/** Comparison words about time ("before 2000"), never read as a group's aggregate compared. */
const TIME_WORDS = /^(?:before|after|earlier than|later than)$/i;

/** Comparison words written after their number ("5 or more airports"). */
const AFTER_NUMBER = /^(?:or more|or less)$/i;

/**
 * Comparisons of each group's aggregate, not of rows (a HAVING): "which cities have more than 5
 * airports", "cities with 5 or more airports" (the rows, called by what they are, counted per
 * group) and "genres with an average IMDB rating above 7" (an aggregation said before the
 * compared column). The plan keeps only the groups that compare (`groups_where`, decision 142);
 * without a grouping it refuses the row count and reads the aggregated column's comparison as a
 * row filter, as before. Time words ("before 2000") are left to the other passes.
 */
export const groupComparisons: ReadingPass = {
  name: 'group-comparisons',
  run({ mentions, reading, used, at, use, next, previous }) {
    if (reading.groupFilter) return;
    mentions.forEach((m, index) => {
      if (used.has(index) || reading.groupFilter) return;
      const comparison = keywordOf(m, 'comparison');
      if (!comparison || comparison.op === 'eq' || TIME_WORDS.test(m.words)) return;
      // "5 or more airports": the number before the words, the rows' noun after them.
      if (AFTER_NUMBER.test(m.words)) {
        const before = at(index - 1);
        const noun = at(index + 1);
        if (
          before?.kind === 'number' &&
          !before.unit &&
          !used.has(index - 1) &&
          noun?.kind === 'entity' &&
          !used.has(index + 1)
        ) {
          reading.groupFilter = {
            column: null,
            aggregation: 'count',
            op: comparison.op,
            value: before.value,
            words: `${before.words} ${m.words} ${noun.words}`,
          };
          use(index - 1, index, index + 1);
        }
        return;
      }
      const numberIndex = next(index, 1);
      const number = at(numberIndex);
      if (number?.kind !== 'number' || number.unit || used.has(numberIndex)) return;
      const op = comparison.op;
      // "more than 5 airports": the rows counted, named right after the number.
      const after = at(numberIndex + 1);
      if (after?.kind === 'entity' && !used.has(numberIndex + 1)) {
        reading.groupFilter = {
          column: null,
          aggregation: 'count',
          op,
          value: number.value,
          words: `${m.words} ${number.words} ${after.words}`,
        };
        use(index, numberIndex, numberIndex + 1);
        return;
      }
      // "an average IMDB rating above 7": the column right before, an aggregation before it.
      const columnIndex = previous(index, 2);
      const column = at(columnIndex);
      if (column?.kind !== 'column' || column.column.type === 'string') return;
      const aggregation = keywordOf(at(previous(columnIndex, 1)), 'aggregation');
      if (!aggregation || aggregation.aggregation === 'count') return;
      reading.groupFilter = {
        column: column.column,
        aggregation: aggregation.aggregation,
        op,
        value: number.value,
        words: `${column.words} ${m.words} ${number.words}`,
      };
      use(index, numberIndex);
    });
  },
};
