import { keywordOf } from '../../mentions.js';
import type { ReadingPass } from '../context.js';

/**
 * Columns named without a keyword: a measure is measured with its default aggregation ("horsepower
 * by origin"), or the one its semantic-layer phrase starts with ("minimum temperature": min), other
 * columns group (a discrete measure too after a superlative).
 */
export const namedColumns: ReadingPass = {
  name: 'named-columns',
  run({ mentions, reading, used, superlatives, use, at }) {
    mentions.forEach((m, index) => {
      if (used.has(index) || m.kind !== 'column') return;
      use(index);
      const column = m.column;
      // "the total population of all countries": the scope of the total, over every country; a
      // grouping needs "by", "per" or "each" (the groupings pass).
      const before = at(index - 1);
      if (
        column.role !== 'measure' &&
        keywordOf(before, 'cue')?.cue === 'all' &&
        /^all$/i.test(before?.words ?? '') &&
        !used.has(index - 1)
      ) {
        use(index - 1);
        return;
      }
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
