import { keywordOf } from '../../mentions.js';
import { grainOf } from '../columns.js';
import type { ReadingPass } from '../context.js';

/** Verbs that add to the previous question at the start of a follow-up ("add Canada"). */
const ADD = /^(add|include|adding|including)$/i;
/** Words that may stand before them: "please add", "can you also include", "and add". */
const LEAD = /^(please|pls|can|could|you|and|now|then|ok|okay|let's|lets|let|us|also)$/i;

/**
 * Cues of follow-ups ("only", "also", "instead", "what about", "now"; "add" or "include" opening a
 * follow-up is "also"), and "all years", "any origin" at the start of a follow-up: the column whose
 * filters the follow-up lifts.
 */
export const followUpCues: ReadingPass = {
  name: 'follow-up-cues',
  run({ mentions, reading, semantics, followsTurn, at, use }) {
    mentions.forEach((m, index) => {
      // "add Canada", "please include MSFT": at the start of a follow-up, a value or measure added.
      if (
        followsTurn &&
        m.kind === 'word' &&
        ADD.test(m.words) &&
        mentions.slice(0, index).every((x) => LEAD.test(x.words) || keywordOf(x, 'cue'))
      ) {
        reading.cues.add('also');
        use(index);
        return;
      }
      const cue = keywordOf(m, 'cue');
      if (cue && cue.cue !== 'all') {
        reading.cues.add(cue.cue);
        use(index);
      }
      const target = at(index + 1);
      const leads = index <= 1 || keywordOf(at(index - 1), 'cue') !== undefined;
      if (cue?.cue === 'all' && target && leads) {
        const time = grainOf(target)
          ? (semantics.columns.find((c) => c.role === 'year') ?? semantics.timeColumn)
          : null;
        const column = target.kind === 'column' ? target.column : time;
        if (column) {
          reading.resets.push(column.name);
          reading.cues.add('now');
          use(index, index + 1);
        }
      }
    });
  },
};
