import type { ReadingPass } from '../context.js';

/**
 * The precision rule (docs/ask-analyst.md): what no pass placed is listed in `unused` and refuses
 * the turn, since answering without it would answer a smaller or another question. The filler
 * words were placed by the pass before; a word close to a value of the data is offered as "did you
 * mean". A comparison with a value's own figure ("more airports than Texas") is refused too.
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
    // "more airports than Texas", "more horsepower than the ford torino": a comparison with one
    // value's own figure, which no pass reads; the value alone was read as a filter.
    const than = mentions.findIndex(
      (m, index) =>
        m.words.toLowerCase() === 'than' &&
        mentions.slice(index + 1, index + 4).some((x) => x.kind === 'value'),
    );
    if (than >= 0 && !reading.problem) {
      const value = mentions.slice(than + 1, than + 4).find((x) => x.kind === 'value');
      const column = value?.kind === 'value' ? value.matches[0]?.column : undefined;
      reading.problem = {
        code: 'not_understood',
        message: `I read "than ${value?.words}": a comparison with ${value?.words}'s own figure, which I do not answer yet. Ask for the figure by ${column ?? 'its column'} and compare ${value?.words} with the others.`,
      };
    }
    if (unplaced.length > 0 && !reading.problem) {
      reading.problem = {
        code: 'not_understood',
        message: `I could not find ${unplaced.join(', ')} among the values or columns of ${semantics.source.name}, so I did not answer without ${unplaced.length > 1 ? 'them' : 'it'}. Its columns are: ${semantics.columns.map((c) => c.name).join(', ')}.`,
      };
    }
  },
};
