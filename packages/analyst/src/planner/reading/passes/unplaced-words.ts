import type { ReadingPass } from '../context.js';

/**
 * The precision rule (docs/ask-analyst.md): what no pass placed is listed in `unused` and refuses
 * the turn, since answering without it would answer a smaller or another question. The filler
 * words were placed by the pass before; a word close to a value of the data is offered as "did you
 * mean".
 */
export const unplacedWords: ReadingPass = {
  name: 'unplaced-words',
  run({ question, semantics, values, mentions, reading, used }) {
    const unplaced: string[] = [];
    mentions.forEach((m, index) => {
      if (used.has(index)) return;
      reading.unused.push(m.words);
      const suggestions = m.kind === 'word' && !m.stop ? values.suggest(m.words, 2) : [];
      for (const suggestion of suggestions) {
        reading.alternatives.push({
          question: question.replace(m.words, suggestion.value),
          reason: `did you mean ${suggestion.value} (${suggestion.column})?`,
        });
      }
      unplaced.push(
        `"${m.words}"${suggestions.length > 0 ? ` (did you mean ${suggestions.map((x) => `${x.value} in ${x.column}`).join(' or ')}?)` : ''}`,
      );
    });
    if (unplaced.length > 0 && !reading.problem) {
      reading.problem = {
        code: 'not_understood',
        message: `I could not find ${unplaced.join(', ')} among the values or columns of ${semantics.source.name}, so I did not answer without ${unplaced.length > 1 ? 'them' : 'it'}. Its columns are: ${semantics.columns.map((c) => c.name).join(', ')}.`,
      };
    }
  },
};
