import type { ReadingPass } from '../context.js';

/**
 * Columns named without a keyword: a measure is measured with its default aggregation ("horsepower
 * by origin"), other columns group (a discrete measure too after a superlative).
 */
export const namedColumns: ReadingPass = {
  name: 'named-columns',
  run({ mentions, reading, used, superlatives, use }) {
    mentions.forEach((m, index) => {
      if (used.has(index) || m.kind !== 'column') return;
      use(index);
      const column = m.column;
      if (column.role === 'measure' && !(column.discrete && superlatives.length > 0)) {
        reading.measures.push({
          column,
          aggregation: column.defaultAggregation,
          source: 'defaulted',
          words: m.words,
        });
      } else if (column.role === 'temporal') {
        reading.dimensions.push({ column, grain: null, source: 'stated', words: m.words });
      } else {
        reading.dimensions.push({ column, grain: null, source: 'stated', words: m.words });
      }
    });
  },
};
