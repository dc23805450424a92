import type { ReadingPass } from '../context.js';

/**
 * Columns named without a keyword: a measure is measured with its default aggregation ("horsepower
 * by origin"), or the one its semantic-layer phrase starts with ("minimum temperature": min), other
 * columns group (a discrete measure too after a superlative).
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
          aggregation: m.implied ?? column.defaultAggregation,
          source: m.implied ? 'stated' : 'defaulted',
          words: m.words,
        });
      } else if (column.role === 'temporal') {
        // "which distributor released the most movies": a verb for the date column ("released",
        // the layer's synonym) says that the rows took place, as the filler "happened" does; a
        // grouping by it needs "by" or a grain (the groupings pass).
        if (/ed$/i.test(m.words)) return;
        reading.dimensions.push({ column, grain: null, source: 'stated', words: m.words });
      } else {
        reading.dimensions.push({ column, grain: null, source: 'stated', words: m.words });
      }
    });
  },
};
