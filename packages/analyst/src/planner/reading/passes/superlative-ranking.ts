import { GROUP_CUE, unplacedEntityColumn } from '../columns.js';
import type { ReadingPass } from '../context.js';

const WHICH = /^(which|what)\b/i;
/** A time asked for beside a superlative ("when", "what year", "which date"). */
const ASKED_TIME = /^(?:when|(?:what|which) (?:year|date|day|month|time))$/i;

/**
 * A superlative over groups. A measure averaged by default is taken at its maximum (minimum for
 * "lowest"): "which stock had the highest price", "highest close per symbol" ask for the highest
 * price reached, never the highest average price (an average is ranked when the question says
 * "average"; a sum, as "which genre has the highest gross", stays the total). "which X" ranks the
 * groups, ten, unless a ranking was asked for; "highest price per symbol" with no "which" asks for
 * each group's value, so every group is kept, in the usual order.
 */
export const superlativeRanking: ReadingPass = {
  name: 'superlative-ranking',
  run({ reading, superlatives, mentions, used, use, semantics }) {
    if (superlatives.length === 0 || reading.ranking) return;
    // "the film with the highest gross", "what was the highest grossing film": the rows' own noun
    // beside a superlative over no grouping asks for the rows, named as "which film" names them
    // (decision 149); never the bare extreme without the row that holds it.
    if (
      reading.dimensions.length === 0 &&
      !reading.calculation &&
      !reading.shape &&
      reading.measures.some((m) => m.column)
    ) {
      const named = unplacedEntityColumn(mentions, used, semantics);
      if (named) {
        reading.dimensions.push({
          column: named.column,
          grain: null,
          source: 'stated',
          words: mentions[named.index]!.words,
        });
        use(named.index);
      }
    }
    if (reading.dimensions.length === 0) return;
    const first = superlatives[0]!;
    const extreme = first.direction === 'desc' ? 'max' : 'min';
    // "which country and when", "which country and what year": the time asked beside another
    // grouping names the one row at the extreme, its value the row's own (never a total or an
    // average of the period).
    const atRow =
      reading.dimensions.length >= 2 &&
      reading.dimensions.some(
        (d) =>
          ASKED_TIME.test(d.words ?? '') &&
          (d.column.role === 'temporal' || d.column.role === 'year'),
      );
    reading.measures = reading.measures.map((m) =>
      m.column &&
      m.source === 'defaulted' &&
      (m.aggregation === 'avg' || (atRow && m.aggregation === 'sum')) &&
      (atRow ||
        superlatives.some((s) => m.words?.toLowerCase().startsWith(`${s.words.toLowerCase()} `)))
        ? { ...m, aggregation: extreme, source: 'stated' }
        : m,
    );
    if (atRow && reading.measures.some((m) => m.column && m.aggregation === extreme)) {
      reading.ranking = { direction: first.direction, limit: 1, words: first.words };
      return;
    }
    const perGroup =
      !reading.dimensions.some((d) => WHICH.test(d.words ?? '')) &&
      reading.dimensions.every((d) => GROUP_CUE.test(d.words ?? ''));
    if (perGroup && reading.measures.some((m) => m.column && m.aggregation === extreme)) return;
    reading.ranking = { direction: first.direction, limit: 10, words: first.words };
  },
};
