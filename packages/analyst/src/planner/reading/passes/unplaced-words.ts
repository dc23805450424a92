import { COMPARATIVE, COMPARES_TWO } from '../compares-two.js';
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
    // "are there more airports in Texas than in California": both values listed as groups of one
    // column, each with its own figure, answered side by side (the summary says yes or no).
    const groupedValue = (x: (typeof mentions)[number]) =>
      x.kind === 'value' &&
      x.matches.some((match) =>
        reading.filters.some(
          (f) =>
            f.filter.op === 'in' &&
            f.filter.column === match.column &&
            [f.filter.value].flat().length === 2 &&
            [f.filter.value].flat().includes(match.value) &&
            reading.dimensions.some((d) => d.column.name === match.column),
        ),
      );
    const thanAt = mentions.findIndex((m) => /(^| )than$/i.test(m.words));
    const twoCompared =
      thanAt >= 0 &&
      COMPARES_TWO.test(question) &&
      mentions.slice(thanAt + 1, thanAt + 4).some(groupedValue);
    const unplaced: string[] = [];
    mentions.forEach((m, index) => {
      if (used.has(index)) return;
      // The comparative of a two-value comparison is answered by the summary's yes or no.
      if (twoCompared && COMPARATIVE.test(m.words)) return;
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
        mentions.slice(index + 1, index + 4).some((x) => x.kind === 'value') &&
        !twoCompared,
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
