import { keywordOf, type Mention } from '../../mentions.js';
import { rowLabel } from '../columns.js';
import type { ReadingPass } from '../context.js';
import { ADJECTIVE_MEASURES, FREQUENCY } from './measures.js';

/**
 * What "top 5" ranks: the next mention, or the one after a superlative and the measure it names
 * ("top 10 highest grossing movies", "top 3 heaviest cars"): the index, or -1.
 */
function rankedAfter(
  index: number,
  mentions: readonly Mention[],
  next: (index: number, skip?: number) => number,
): number {
  let j = next(index, 2);
  const superlative = mentions[j];
  if (!keywordOf(superlative, 'superlative')) return j;
  j = next(j, 2);
  const measure = mentions[j];
  if (measure?.kind === 'column' && measure.column.role === 'measure') return next(j, 2);
  // "top 3 most common origins", "top 5 most populous countries": a superlative of frequency, or
  // one naming its own measure, ranks what follows; "top 5 highest rated movies" leaves "rated"
  // to the measures pass (a rating, not the groups).
  const word = superlative!.words.toLowerCase();
  return FREQUENCY.has(word) || ADJECTIVE_MEASURES[word] ? j : -1;
}

/**
 * Ranking: "top 5", "bottom 3" (at most 5,000 groups), and what is ranked when it follows and
 * nothing groups yet: a column ("top 5 origins") or the rows' names ("top 3 cars").
 */
export const ranking: ReadingPass = {
  name: 'ranking',
  run({ mentions, reading, semantics, used, at, use, next }) {
    mentions.forEach((m, index) => {
      if (used.has(index)) return;
      const top = keywordOf(m, 'top');
      const number = at(index + 1);
      if (top && number?.kind === 'number' && Number.isInteger(number.value) && number.value >= 1) {
        reading.ranking = {
          direction: top.direction,
          limit: Math.min(number.value, 5000),
          words: `${m.words} ${number.words}`,
        };
        use(index, index + 1);
        const targetIndex = rankedAfter(index + 1, mentions, next);
        const target = at(targetIndex);
        if (
          target?.kind === 'column' &&
          target.column.role !== 'measure' &&
          reading.dimensions.length === 0
        ) {
          reading.dimensions.push({
            column: target.column,
            grain: null,
            source: 'stated',
            words: target.words,
          });
          use(targetIndex);
        } else if (target?.kind === 'entity' && reading.dimensions.length === 0) {
          const id = rowLabel(semantics);
          if (id) {
            reading.dimensions.push({
              column: id,
              grain: null,
              source: 'stated',
              words: target.words,
            });
            use(targetIndex);
          }
        }
      }
    });
  },
};
