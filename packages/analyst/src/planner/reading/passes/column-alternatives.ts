import type { ReadingPass } from '../context.js';

/**
 * A column phrase that names others as well ("temperature": temp_max, temp_min): offers two of them,
 * and asks which one when the phrase is what the question measures. A phrase the semantic layer
 * gives one column ("gross": Worldwide Gross) is that column, with the others offered.
 */
export const columnAlternatives: ReadingPass = {
  name: 'column-alternatives',
  run({ question, mentions, reading }) {
    mentions.forEach((m) => {
      if (m.kind !== 'column') return;
      // The steward's word for a column is its default reading (issue 23, class 7: a stated
      // default shown in the interpretation); the other columns it names are offered.
      for (const other of (m.alsoNamed ?? []).slice(0, 2)) {
        reading.alternatives.push({
          question: question.replace(m.words, other.name),
          reason: `"${m.words}" may also mean ${other.name}`,
        });
      }
      if (m.others.length === 0) return;
      reading.alternatives.push(
        ...m.others.slice(0, 2).map((other) => ({
          question: question.replace(m.words, other.name),
          reason: `"${m.words}" may also mean ${other.name}`,
        })),
      );
      // A measure read from words that name two columns as well ("temperature": the daily maximum
      // or minimum; "gross": US or worldwide) is asked about, never picked silently.
      // "highest temperature" took the matching twin (temp_max): nothing to ask.
      const measured = reading.measures.some(
        (x) =>
          x.column === m.column &&
          x.words?.includes(m.words) &&
          !(x.aggregation === 'max' && /max|high/i.test(m.column.name)) &&
          !(x.aggregation === 'min' && /min|low/i.test(m.column.name)),
      );
      if (measured && !reading.problem) {
        reading.problem = {
          code: 'needs_clarification',
          message: `"${m.words}" may mean ${[m.column, ...m.others.slice(0, 2)].map((c) => c.name).join(' or ')}. Say which one you mean.`,
        };
        reading.alternatives.unshift({
          question: question.replace(m.words, m.column.name),
          reason: `"${m.words}" as ${m.column.name}`,
        });
      }
    });
  },
};
