import { keywordOf } from '../../mentions.js';
import { grainOf } from '../columns.js';
import type { ReadingPass } from '../context.js';

/**
 * Cues of follow-ups ("only", "also", "instead", "what about", "now"), and "all years", "any
 * origin" at the start of a follow-up: the column whose filters the follow-up lifts.
 */
export const followUpCues: ReadingPass = {
  name: 'follow-up-cues',
  run({ mentions, reading, semantics, at, use }) {
    mentions.forEach((m, index) => {
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
