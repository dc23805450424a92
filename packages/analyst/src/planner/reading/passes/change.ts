import { keywordOf } from '../../mentions.js';
import type { ReadingPass } from '../context.js';

/**
 * A change asked as one amount: "how much did …", "the change in …", "the percentage increase",
 * "% change". "How did X change from A to B" asks for the path, and keeps every period.
 */
const AMOUNT =
  /\bhow much\b|\bthe (?:percent(?:age)? )?(?:change|increase|decrease|growth|rise|fall|decline|drop)\b|(?:\bpercent(?:age)?|%) ?(?:change|increase|decrease|growth|rise|fall|decline|drop)\b/i;

/**
 * "Change", "growth", "increase": a change over time (the plan adds a time grouping if none). A
 * change of nothing measured, counted or called by the rows' noun ("how much did the price of
 * MSFT and IBM change", "which stock grew the most") is refused with the measures offered: a
 * change in the row count would answer another question. A worksheet's only measure is what
 * changes when nothing else is named ("how much did MSFT change": the price).
 */
export const change: ReadingPass = {
  name: 'change',
  run({ question, mentions, reading, semantics, used, use, followsTurn }) {
    mentions.forEach((m, index) => {
      if (used.has(index) || !keywordOf(m, 'change')) return;
      use(index);
      reading.calculation = {
        calculation: { kind: 'change_over_time' },
        words: m.words,
        ...(AMOUNT.test(question) ? { endpoints: true } : {}),
      };
      if (reading.measures.length > 0 || followsTurn || reading.problem) return;
      // The rows' noun left for the count ("growth of strikes"), not taken as a grouping ("which
      // stock grew the most" groups stocks: what grew is still unsaid).
      if (mentions.some((x, i) => x.kind === 'entity' && !used.has(i))) return;
      const measured = semantics.columns.filter((c) => c.role === 'measure' && !c.discrete);
      // A worksheet of one measure says what changes ("how much did MSFT change": its price); the
      // measure's slot says it was taken by default.
      if (measured.length === 1 && !mentions.some((x) => x.kind === 'entity')) {
        const only = measured[0]!;
        reading.measures.push({
          column: only,
          aggregation: only.defaultAggregation,
          source: 'defaulted',
          words: null,
        });
        return;
      }
      reading.problem = {
        code: 'not_understood',
        message:
          `I read "${m.words}" but not what changes in ${semantics.source.name}: ` +
          (measured.length > 0
            ? `name a measure, for example "${m.words} in ${measured[0]!.name}".`
            : 'ask for the change in the number of rows ("change in the number of rows by year").'),
      };
      reading.alternatives.push(
        ...measured.slice(0, 3).map((c) => ({
          question: `${m.words} in ${c.defaultAggregation === 'sum' ? 'total' : 'average'} ${c.name} by year`,
          reason: `the change of ${c.name}`,
        })),
      );
    });
  },
};
