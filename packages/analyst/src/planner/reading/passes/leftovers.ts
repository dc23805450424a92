import { keywordOf } from '../../mentions.js';
import type { ReadingPass } from '../context.js';
import { filterOf } from '../filters.js';

/**
 * Keywords that only connect or cue: placed without adding anything when nothing used them. A
 * negation is not one: a "not" no pass read would answer the opposite question.
 */
const CONNECTIVES = ['twin', 'time_anchor', 'between', 'which', 'group', 'cue', 'compare'];

/**
 * What is left and carries no meaning of its own: row words ("cars"), stopwords, connecting
 * keywords, placed without adding anything; a time grain word that is a value of the data ("during
 * the day") is a filter on that value.
 */
export const leftovers: ReadingPass = {
  name: 'leftovers',
  run({ mentions, used, use, addFilter }) {
    mentions.forEach((m, index) => {
      if (used.has(index)) return;
      if (m.kind === 'entity' || (m.kind === 'word' && m.stop)) return use(index);
      if (m.kind === 'keyword') {
        const grain = keywordOf(m, 'grain');
        if (grain && m.value) {
          // "during the day": the word is a value of the data here, not a time grain.
          const column = m.value[0]!.column;
          addFilter(filterOf(column, 'eq', m.value[0]!.value), 'value_matched', m.words);
          return use(index);
        }
        if (m.keywords.every((k) => CONNECTIVES.includes(k.kind))) return use(index);
      }
    });
  },
};
