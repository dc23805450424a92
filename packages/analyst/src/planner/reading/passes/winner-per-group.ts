import type { ReadingPass } from '../context.js';

const GROUP_CUE = /^(for |in |on )?(each|every|per|by)\b/i;
const WHICH = /^(which|what)\b/i;

/**
 * "For each origin, which car has the highest horsepower?" asks for one winner per group: the plan
 * ranks within each group (`top_per_group`, n = 1), with the groups as its first dimension and the
 * winners as its second, never the highest pairs overall. A measure with no aggregation said is
 * taken at its maximum (or minimum for "lowest"), so that the winner is the row that holds it, as
 * "which car" asks, not the group with the highest average.
 */
export const winnerPerGroup: ReadingPass = {
  name: 'winner-per-group',
  run({ reading }) {
    if (!reading.ranking || reading.dimensions.length !== 2 || reading.problem) return;
    if (reading.calculation) return;
    const winner = reading.dimensions.find((d) => WHICH.test(d.words ?? ''));
    const group = reading.dimensions.find((d) => d !== winner && GROUP_CUE.test(d.words ?? ''));
    if (!winner || !group) return;
    reading.dimensions.splice(0, 2, group, winner);
    const direction = reading.ranking.direction;
    reading.measures = reading.measures.map((m) =>
      m.column && m.source === 'defaulted'
        ? { ...m, aggregation: direction === 'desc' ? 'max' : 'min' }
        : m,
    );
    reading.calculation = {
      calculation: { kind: 'top_per_group', n: 1 },
      words: `${group.words}, ${winner.words}`,
    };
  },
};
