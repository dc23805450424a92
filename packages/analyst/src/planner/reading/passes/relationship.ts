import { keywordOf } from '../../mentions.js';
import type { ColumnSemantics } from '../../../semantics/worksheet.js';
import type { ReadingPass } from '../context.js';

/**
 * "life expectancy vs fertility", "horsepower against weight": two measures set against each other
 * ask how one relates to the other (one point per row), not their two averages. The shapes pass
 * answers them as a scatter; what reaches this pass also aggregates ("average horsepower vs
 * weight"), and is refused rather than answered with two averages.
 */
export const relationship: ReadingPass = {
  name: 'relationship',
  run({ mentions, reading, previous, next, at }) {
    if (reading.problem) return;
    mentions.forEach((m, index) => {
      if (reading.problem || !keywordOf(m, 'compare') || /^compar/i.test(m.words)) return;
      const left = at(previous(index, 2));
      const right = at(next(index, 2));
      if (left?.kind !== 'column' || right?.kind !== 'column') return;
      const measured = (column: ColumnSemantics) =>
        column.role === 'measure' && reading.measures.some((x) => x.column === column);
      if (!measured(left.column) || !measured(right.column)) return;
      reading.alternatives.push(
        {
          question: `average ${left.column.name} and average ${right.column.name}`,
          reason: 'their two averages side by side',
        },
        {
          question: `${left.column.name} vs ${right.column.name}`,
          reason: 'one point per row, with their correlation',
        },
      );
      reading.problem = {
        code: 'not_understood',
        message: `"${left.words} ${m.words} ${right.words}" asks how ${left.column.name} relates to ${right.column.name} (one point per row), but an aggregation was asked too: I did not answer their averages instead. Ask "${left.words} vs ${right.words}" for a scatter, or for their two averages.`,
      };
    });
  },
};
