import { keywordOf } from '../../mentions.js';
import { entityColumn, ROUTE, routeColumns, rowLabel, timeDimension } from '../columns.js';
import type { ReadingPass } from '../context.js';

/**
 * "Which director has the most movies", "what genre", "which month had the most rain": the asked-for
 * column (or time grain, or the rows' names after a superlative) groups.
 */
export const which: ReadingPass = {
  name: 'which',
  run({ mentions, reading, semantics, used, superlatives, at, use, next }) {
    mentions.forEach((m, index) => {
      if (used.has(index) || !keywordOf(m, 'which')) return;
      const targetIndex = next(index, 1);
      const target = at(targetIndex);
      if (
        target?.kind === 'column' &&
        !used.has(targetIndex) &&
        (target.column.role !== 'measure' || target.column.discrete)
      ) {
        reading.dimensions.push({
          column: target.column,
          grain: null,
          source: 'stated',
          words: `${m.words} ${target.words}`,
        });
        use(index, targetIndex);
      } else if (
        keywordOf(target, 'grain') &&
        timeDimension(semantics, keywordOf(target, 'grain')!.grain)
      ) {
        // "Which month had the most rain", "what day of the week".
        reading.dimensions.push({
          ...timeDimension(semantics, keywordOf(target, 'grain')!.grain)!,
          source: 'stated',
          words: `${m.words} ${target!.words}`,
        });
        use(index, targetIndex);
      } else if (
        target &&
        !used.has(targetIndex) &&
        ROUTE.test(target.words) &&
        routeColumns(semantics)
      ) {
        // "which route": the origin and destination together.
        for (const column of routeColumns(semantics)!) {
          reading.dimensions.push({
            column,
            grain: null,
            source: 'stated',
            words: `${m.words} ${target.words}`,
          });
        }
        use(index, targetIndex);
      } else if (
        target?.kind === 'entity' &&
        !used.has(targetIndex) &&
        !rowLabel(semantics) &&
        entityColumn(semantics, target.words)
      ) {
        // "which stock had the highest price": the category the layer names with the row word.
        reading.dimensions.push({
          column: entityColumn(semantics, target.words)!,
          grain: null,
          source: 'stated',
          words: `${m.words} ${target.words}`,
        });
        use(index, targetIndex);
      } else if (target?.kind === 'entity' && !used.has(targetIndex) && superlatives.length > 0) {
        const id = rowLabel(semantics);
        if (id) {
          reading.dimensions.push({
            column: id,
            grain: null,
            source: 'stated',
            words: `${m.words} ${target.words}`,
          });
          use(index, targetIndex);
        }
      } else {
        use(index);
      }
    });
  },
};
