import type { ReadingPass } from '../context.js';

const WHICH = /^(which|what)\b/i;
const GROUP_CUE = /^(for |in |on )?(each|every|per|by)\b/i;

/**
 * A superlative over groups. A measure averaged by default is taken at its maximum (minimum for
 * "lowest"): "which stock had the highest price", "highest close per symbol" ask for the highest
 * price reached, never the highest average price (an average is ranked when the question says
 * "average"; a sum, as "which genre has the highest gross", stays the total). "which X" ranks the
 * groups, ten, unless a ranking was asked for; "highest price per symbol" with no "which" asks for
 * each group's value, so every group is kept, in the usual order.
 */
export const superlativeRanking: ReadingPass = {
  name: 'superlative-ranking',
  run({ reading, superlatives }) {
    if (superlatives.length === 0 || reading.dimensions.length === 0 || reading.ranking) return;
    const first = superlatives[0]!;
    const extreme = first.direction === 'desc' ? 'max' : 'min';
    reading.measures = reading.measures.map((m) =>
      m.column &&
      m.source === 'defaulted' &&
      m.aggregation === 'avg' &&
      superlatives.some((s) => m.words?.toLowerCase().startsWith(`${s.words.toLowerCase()} `))
        ? { ...m, aggregation: extreme, source: 'stated' }
        : m,
    );
    const perGroup =
      !reading.dimensions.some((d) => WHICH.test(d.words ?? '')) &&
      reading.dimensions.every((d) => GROUP_CUE.test(d.words ?? ''));
    if (perGroup && reading.measures.some((m) => m.column && m.aggregation === extreme)) return;
    reading.ranking = { direction: first.direction, limit: 10, words: first.words };
  },
};
