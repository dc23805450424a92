import { keywordOf } from '../../mentions.js';
import { entityColumn, GENERIC_ROWS, GROUP_CUE, unplacedEntityColumn } from '../columns.js';
import type { ReadingContext, ReadingPass } from '../context.js';
import type { Reading } from '../reading.js';

const WHICH = /^(which|what)\b/i;
/** Most winners per group the plan takes (`top_per_group`'s n). */
const MAX_WINNERS = 100;
/** Words between the rows' noun and its superlative: "the car with the best mpg". */
const JOINING = /^(with|has|have|had|having|that|whose|which)$/i;

/**
 * The rows' own noun tied to the question's superlative, with one grouping said with a group cue:
 * "for each genre, the highest grossing movie" (the superlative, at most its measure's words, then
 * the noun) or "the car with the best mpg for each origin" (the noun, joining words only, then the
 * superlative). The winner is the column that names those rows, as "which car" names them; none when
 * the noun is not tied so closely (a noun further away may name the rows counted).
 */
function rowNounWinner(
  context: ReadingContext,
  group: Reading['dimensions'][number],
): { index: number; column: Reading['dimensions'][number]['column'] } | null {
  const { mentions, used, semantics } = context;
  const superlative = mentions.findIndex((m, i) => keywordOf(m, 'superlative') && used.has(i));
  if (superlative < 0) return null;
  const tied = (index: number): boolean => {
    if (index > superlative) {
      // "the highest grossing movie", "the most powerful car": only the measure's words between.
      const between = mentions.slice(superlative + 1, index);
      return between.length <= 2 && between.every((m) => m.kind === 'column');
    }
    // "the car with the best mpg", "the movie that has the lowest rating".
    return mentions
      .slice(index + 1, superlative)
      .every(
        (m) =>
          (m.kind === 'word' && (m.stop || JOINING.test(m.words))) ||
          (m.kind === 'keyword' && keywordOf(m, 'which') !== undefined),
      );
  };
  for (let index = 0; index < mentions.length; index += 1) {
    const m = mentions[index]!;
    if (m.kind !== 'entity' || used.has(index) || GENERIC_ROWS.test(m.words)) continue;
    if (!tied(index)) continue;
    const column = entityColumn(semantics, m.words);
    if (!column || column === group.column) return null;
    return { index, column };
  }
  return null;
}

/**
 * "For each origin, which car has the highest horsepower?" asks for one winner per group: the plan
 * ranks within each group (`top_per_group`, n = 1), with the groups as its first dimension and the
 * winners as its second, never the highest pairs overall. So do "for each cylinders, the car with
 * the best mpg", "the highest grossing movie in each genre" and "the car with the lowest weight per
 * origin": the rows' own noun tied to the superlative names the winners as "which car" does
 * (decision 157). A measure with no aggregation said is taken at its maximum (or minimum for
 * "lowest"), so that the winner is the row that holds it, as "which car" asks, not the group with
 * the highest average.
 */
export const winnerPerGroup: ReadingPass = {
  name: 'winner-per-group',
  run(context) {
    const { reading, superlatives, use } = context;
    if (reading.problem || reading.calculation || reading.shape) return;
    const first = superlatives[0];
    // A ranking only the superlative made (none, or its ten), never "top 3" said.
    const ranked = !reading.ranking || reading.ranking.words === first?.words;
    if (first && ranked && reading.dimensions.length === 1) {
      const group = reading.dimensions[0]!;
      if (!GROUP_CUE.test(group.words ?? '') || !reading.measures.some((m) => m.column)) return;
      const found = rowNounWinner(context, group);
      if (!found) return;
      const noun = context.mentions[found.index]!.words;
      reading.dimensions.push({ column: found.column, grain: null, source: 'stated', words: noun });
      use(found.index);
      reading.ranking ??= { direction: first.direction, limit: 10, words: first.words };
      return crown(reading, group, reading.dimensions[1]!);
    }
    // "top 3 cars by horsepower for each origin": a stated "top N" of the rows' own noun within
    // one grouping said with a group cue is N winners per group, never the top N groups.
    const limit = reading.ranking?.limit;
    if (limit && /\d/.test(reading.ranking!.words) && reading.dimensions.length === 1) {
      const group = reading.dimensions[0]!;
      if (!GROUP_CUE.test(group.words ?? '') || !reading.measures.some((m) => m.column)) return;
      const { mentions, used, semantics } = context;
      const named = unplacedEntityColumn(mentions, used, semantics);
      if (!named || named.column === group.column) return;
      reading.dimensions.push({
        column: named.column,
        grain: null,
        source: 'stated',
        words: mentions[named.index]!.words,
      });
      use(named.index);
      return crown(reading, group, reading.dimensions[1]!, Math.min(limit, MAX_WINNERS));
    }
    if (!reading.ranking || reading.dimensions.length !== 2) return;
    const winner = reading.dimensions.find((d) => WHICH.test(d.words ?? ''));
    const group = reading.dimensions.find((d) => d !== winner && GROUP_CUE.test(d.words ?? ''));
    if (winner && group) crown(reading, group, winner);
  },
};

/** Ranks within each group: the groups first, the winners second, `n` winners each. */
function crown(
  reading: Reading,
  group: Reading['dimensions'][number],
  winner: Reading['dimensions'][number],
  n = 1,
): void {
  reading.dimensions.splice(0, 2, group, winner);
  const direction = reading.ranking!.direction;
  reading.measures = reading.measures.map((m) =>
    m.column && m.source === 'defaulted'
      ? { ...m, aggregation: direction === 'desc' ? 'max' : 'min' }
      : m,
  );
  reading.calculation = {
    calculation: { kind: 'top_per_group', n },
    words: `${group.words}, ${winner.words}`,
  };
}
