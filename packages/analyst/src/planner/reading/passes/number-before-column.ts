import { keywordOf } from '../../mentions.js';
import type { ReadingPass } from '../context.js';
import { filterOf } from '../filters.js';

/** A number right before a numeric column: "cars with 8 cylinders" (never "top 5 origins"). */
export const numberBeforeColumn: ReadingPass = {
  name: 'number-before-column',
  run({ mentions, used, at, use, addFilter }) {
    mentions.forEach((m, index) => {
      const after = at(index + 1);
      if (used.has(index) || m.kind !== 'number' || after?.kind !== 'column' || used.has(index + 1))
        return;
      if (after.column.type !== 'integer' && after.column.type !== 'number') return;
      if (keywordOf(at(index - 1), 'top')) return;
      addFilter(filterOf(after.column.name, 'eq', m.value), 'stated', `${m.words} ${after.words}`);
      use(index, index + 1);
    });
  },
};
