import type { ReadingPass } from '../context.js';

const GROUP_CUE = /^(for |in |on )?(each|every|per|by)\b/i;
const WHICH = /^(which|what)\b/i;

/**
 * "For each origin, which car has the highest horsepower?" asks for one winner per group. The plan
 * has no such shape, and ranking the pairs of both columns would answer another question (the ten
 * highest pairs overall), so the question is refused with the two questions the plan can answer.
 */
export const winnerPerGroup: ReadingPass = {
  name: 'winner-per-group',
  run({ reading, semantics }) {
    if (!reading.ranking || reading.dimensions.length < 2 || reading.problem) return;
    const winner = reading.dimensions.find((d) => WHICH.test(d.words ?? ''));
    const group = reading.dimensions.find((d) => d !== winner && GROUP_CUE.test(d.words ?? ''));
    if (!winner || !group) return;
    const measure = reading.measures[0];
    const measured = measure?.column ? measure.column.name : 'count';
    reading.alternatives.push(
      {
        question: `top 10 ${group.column.name} and ${winner.column.name} by ${measured}`,
        reason: 'the highest pairs overall, not one per group',
      },
      {
        question: `which ${winner.column.name} has the highest ${measured}`,
        reason: `one winner over all of ${semantics.source.name}`,
      },
    );
    reading.problem = {
      code: 'not_understood',
      message: `"${group.words}" with "${winner.words}" asks for one ${winner.column.name} per group, which I cannot answer yet: I did not answer the highest pairs overall instead. Ask for the top ${group.column.name} and ${winner.column.name} pairs, or for one winner over all rows.`,
    };
  },
};
