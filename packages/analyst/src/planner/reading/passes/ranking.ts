import { keywordOf } from '../../mentions.js';
import { rowLabel } from '../columns.js';
import type { ReadingPass } from '../context.js';

/**
 * Ranking: "top 5", "bottom 3" (at most 5,000 groups), and what is ranked when it follows and
 * nothing groups yet: a column ("top 5 origins") or the rows' names ("top 3 cars").
 */
export const ranking: ReadingPass = {
  name: 'ranking',
  run({ mentions, reading, semantics, used, at, use, next }) {
    mentions.forEach((m, index) => {
      if (used.has(index)) return;
      const top = keywordOf(m, 'top');
      const number = at(index + 1);
      if (top && number?.kind === 'number' && Number.isInteger(number.value) && number.value >= 1) {
        reading.ranking = {
          direction: top.direction,
          limit: Math.min(number.value, 5000),
          words: `${m.words} ${number.words}`,
        };
        use(index, index + 1);
        const target = at(next(index + 1, 2));
        if (
          target?.kind === 'column' &&
          target.column.role !== 'measure' &&
          reading.dimensions.length === 0
        ) {
          reading.dimensions.push({
            column: target.column,
            grain: null,
            source: 'stated',
            words: target.words,
          });
          use(next(index + 1, 2));
        } else if (target?.kind === 'entity' && reading.dimensions.length === 0) {
          const id = rowLabel(semantics);
          if (id) {
            reading.dimensions.push({
              column: id,
              grain: null,
              source: 'stated',
              words: target.words,
            });
            use(next(index + 1, 2));
          }
        }
      }
    });
  },
};
