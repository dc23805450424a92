import { keywordOf } from '../../mentions.js';
import { entityColumn, grainOf, ROUTE, routeColumns, rowLabel, timeDimension } from '../columns.js';
import type { ReadingPass } from '../context.js';

/**
 * "Which director has the most movies", "what genre", "which month had the most rain": the asked-for
 * column (or time grain, or the rows' names after a superlative) groups.
 */
export const which: ReadingPass = {
  name: 'which',
  run({ mentions, reading, semantics, used, superlatives, at, use, next }) {
    const first = mentions[0];
    if (first && /^when$/i.test(first.words) && !used.has(0) && !semantics.timeColumn) {
      use(0);
      reading.problem ??= {
        code: 'not_understood',
        message: `"${first.words}" asks for dates, but ${semantics.source.name} has no date column to answer with.`,
      };
    } else if (first && /^when$/i.test(first.words) && !used.has(0) && semantics.timeColumn) {
      // "when was the price of AAPL highest": the dates ranked by the superlative's measure.
      // Without a superlative, "when" asks for dates no number answers: refused.
      use(0);
      if (superlatives.length > 0 && reading.dimensions.length === 0) {
        reading.dimensions.push({
          column: semantics.timeColumn,
          grain: 'day',
          source: 'stated',
          words: first.words,
        });
      } else if (reading.dimensions.length === 0) {
        reading.problem ??= {
          code: 'not_understood',
          message: `"${first.words}" asks for dates, which a number does not answer. Ask "which day had the highest …", or for a number by month ("… by month").`,
        };
      }
    }
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
      } else if (grainOf(target) && timeDimension(semantics, grainOf(target)!.grain)) {
        // "Which month had the most rain", "what day of the week", "which day was the hottest"
        // (where a day is also what a row is).
        reading.dimensions.push({
          ...timeDimension(semantics, grainOf(target)!.grain)!,
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
