import { keywordOf } from '../../mentions.js';
import type { ReadingPass } from '../context.js';

/** "Change", "growth", "increase": a change over time (the plan adds a time grouping if none). */
export const change: ReadingPass = {
  name: 'change',
  run({ mentions, reading, used, use }) {
    mentions.forEach((m, index) => {
      if (used.has(index) || !keywordOf(m, 'change')) return;
      use(index);
      reading.calculation = { calculation: { kind: 'change_over_time' }, words: m.words };
    });
  },
};
