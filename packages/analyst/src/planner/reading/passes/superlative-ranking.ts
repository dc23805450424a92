import type { ReadingPass } from '../context.js';

/**
 * A superlative over groups ("which origin has the highest delay"): the groups ranked by the
 * first superlative's direction, ten of them, unless a ranking was asked for.
 */
export const superlativeRanking: ReadingPass = {
  name: 'superlative-ranking',
  run({ reading, superlatives }) {
    if (superlatives.length > 0 && reading.dimensions.length > 0 && !reading.ranking) {
      reading.ranking = {
        direction: superlatives[0]!.direction,
        limit: 10,
        words: superlatives[0]!.words,
      };
    }
  },
};
