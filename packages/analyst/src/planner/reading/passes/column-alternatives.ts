import type { ReadingPass } from '../context.js';

/** A column phrase that names others as well ("temperature": temp_max, temp_min): offers two of them. */
export const columnAlternatives: ReadingPass = {
  name: 'column-alternatives',
  run({ question, mentions, reading }) {
    mentions.forEach((m) => {
      if (m.kind !== 'column' || m.others.length === 0) return;
      reading.alternatives.push(
        ...m.others.slice(0, 2).map((other) => ({
          question: question.replace(m.words, other.name),
          reason: `"${m.words}" may also mean ${other.name}`,
        })),
      );
    });
  },
};
