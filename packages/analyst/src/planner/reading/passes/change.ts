import { keywordOf } from '../../mentions.js';
import type { ReadingPass } from '../context.js';

/**
 * A change asked as one amount: "how much did …", "the change in …", "the percentage increase",
 * "% change". "How did X change from A to B" asks for the path, and keeps every period.
 */
const AMOUNT =
  /\bhow much\b|\bthe (?:percent(?:age)? )?(?:change|increase|decrease|growth|rise|fall|decline|drop)\b|(?:\bpercent(?:age)?|%) ?(?:change|increase|decrease|growth|rise|fall|decline|drop)\b/i;

/** A change's words that say it went up ("grew", "the increase") or down ("dropped", "fell"). */
const UP = /^(?:grow|grew|grown|growth|increase|increased|rise|rose|risen|gain|gained)$/i;
const DOWN = /^(?:decrease|decreased|decline|declined|fall|fell|fallen|drop|dropped)$/i;

/** Which way a change's words say it went: up, down, or null ("change", "evolution"). */
export function changeDirection(words: string): 'up' | 'down' | null {
  return UP.test(words.trim()) ? 'up' : DOWN.test(words.trim()) ? 'down' : null;
}

/** A change asked relative to where it started ("percentage growth", "grew the fastest"). */
const RELATIVE =
  /\bpercent(?:age)?\b|%|\brelative\b|\bproportional\b|\bfastest\b|\bslowest\b|\b(?:growth|decline) rate\b|\brate of (?:growth|increase|decrease|decline|change)\b/i;

/**
 * "Change", "growth", "increase": a change over time (the plan adds a time grouping if none; with a
 * ranking across groups, a change between two periods, decision 161). The verbs "increased",
 * "dropped", "fell", "rose" … are read only beside a ranking ("which stock's price dropped the
 * most"): alone ("days when the price dropped") they stay unplaced and the turn is refused. A
 * change of nothing measured, counted or called by the rows' noun ("how much did the price of
 * MSFT and IBM change", "which country grew the most") is refused with the measures offered: a
 * change in the row count would answer another question. A worksheet's only measure is what
 * changes when nothing else is named ("how much did MSFT change", "which stock grew the most":
 * the price).
 */
export const change: ReadingPass = {
  name: 'change',
  run({ question, mentions, reading, semantics, used, use, followsTurn }) {
    // A ranking said ("the most", "biggest", "top 3"), read here or by a later pass: looked for
    // only once a change word is found, not for every question read.
    let rankedSaid: boolean | undefined;
    const ranked = () =>
      (rankedSaid ??=
        reading.ranking !== null ||
        mentions.some(
          (x) => keywordOf(x, 'superlative') || (keywordOf(x, 'top') && /^top\b/i.test(x.words)),
        ));
    const directions = new Set<string>();
    mentions.forEach((m, index) => {
      const keyword = keywordOf(m, 'change');
      if (used.has(index) || !keyword) return;
      // "dropped", "rose", "increased": a change only where a ranking asks which changed most.
      if (keyword.ranked && !ranked()) return;
      use(index);
      // "which rose the most and which fell the most": two rankings, one of which would be lost.
      directions.add(changeDirection(m.words) ?? 'none');
      if (ranked() && directions.size > 1 && !reading.problem) {
        reading.problem = {
          code: 'not_understood',
          message: `I read "${m.words}" beside another change that goes the other way: ask for the largest increase and the largest decrease one at a time.`,
        };
      }
      reading.calculation = {
        calculation: { kind: 'change_over_time' },
        words: m.words,
        ...(AMOUNT.test(question) ? { endpoints: true } : {}),
        ...(RELATIVE.test(question) ? { relative: true } : {}),
      };
      if (reading.measures.length > 0 || followsTurn || reading.problem) return;
      // The rows' noun left for the count ("growth of strikes"), not taken as a grouping.
      if (mentions.some((x, i) => x.kind === 'entity' && !used.has(i))) return;
      const measured = semantics.columns.filter((c) => c.role === 'measure' && !c.discrete);
      // A worksheet of one measure says what changes ("how much did MSFT change": its price); the
      // measure's slot says it was taken by default. With a ranking, the rows' noun read as the
      // groups ("which stock grew the most": per symbol) is what is ranked, the measure what grew.
      const entityRead = mentions.some((x) => x.kind === 'entity');
      if (measured.length === 1 && (!entityRead || ranked())) {
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
