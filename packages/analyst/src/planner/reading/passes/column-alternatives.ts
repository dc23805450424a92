import type { ReadingPass } from '../context.js';

/**
 * A column phrase that names others as well ("temperature": temp_max, temp_min): offers two of them,
 * and asks which one when the phrase is what the question measures, also when the semantic layer
 * gives it to one column but another column's own name holds it ("gross").
 */
export const columnAlternatives: ReadingPass = {
  name: 'column-alternatives',
  run({ question, mentions, reading }) {
    mentions.forEach((m) => {
      if (m.kind !== 'column') return;
      // A steward's word for one column that another column's own name holds too ("gross": the
      // layer says Worldwide Gross, US Gross says gross) is offered; measured, it is asked about
      // like any phrase naming two columns (precision first: never picked silently).
      const others = [...m.others, ...(m.alsoNamed ?? [])];
      if (others.length === 0) return;
      reading.alternatives.push(
        ...others.slice(0, 2).map((other) => ({
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
          message: `"${m.words}" may mean ${[m.column, ...others.slice(0, 2)].map((c) => c.name).join(' or ')}. Say which one you mean.`,
        };
        reading.alternatives.unshift({
          question: question.replace(m.words, m.column.name),
          reason: `"${m.words}" as ${m.column.name}`,
        });
      }
    });
  },
};
