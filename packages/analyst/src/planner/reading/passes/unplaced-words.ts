import { tokenize } from '../../../text/tokens.js';
import type { ReadingPass } from '../context.js';

/**
 * What no pass placed is listed in `unused`; a word close to a value of the data is offered as
 * "did you mean"; a capitalised name mid-sentence that is neither a value nor a column ("movies in
 * California") is a problem, since answering without it would answer another question.
 */
export const unplacedWords: ReadingPass = {
  name: 'unplaced-words',
  run({ question, semantics, values, tokens, mentions, reading, used }) {
    const ownWords = new Set(
      tokenize(
        [
          semantics.source.name,
          semantics.source.description,
          semantics.source.workbook.name,
          semantics.source.workbook.description,
        ].join(' '),
      ).map((token) => token.stem),
    );
    const unplaced: string[] = [];
    mentions.forEach((m, index) => {
      if (used.has(index)) return;
      reading.unused.push(m.words);
      if (m.kind === 'word' && !m.stop) {
        const suggestions = values.suggest(m.words, 2);
        for (const suggestion of suggestions) {
          reading.alternatives.push({
            question: question.replace(m.words, suggestion.value),
            reason: `did you mean ${suggestion.value} (${suggestion.column})?`,
          });
        }
        // Words in capitals are left to `unused` (SQL keywords, shouting), as are lower-case words.
        const token = tokens[m.start]!;
        if (
          m.start > 0 &&
          /^\p{Lu}\p{Ll}{2,}$/u.test(token.text) &&
          !ownWords.has(token.stem) &&
          !reading.problem
        ) {
          unplaced.push(
            `"${m.words}"${suggestions.length > 0 ? ` (did you mean ${suggestions.map((x) => `${x.value} in ${x.column}`).join(' or ')}?)` : ''}`,
          );
        }
      }
    });
    if (unplaced.length > 0 && !reading.problem) {
      reading.problem = {
        code: 'not_understood',
        message: `I could not find ${unplaced.join(', ')} among the values or columns of ${semantics.source.name}, so I did not answer without it.`,
      };
    }
  },
};
