import type { TimeGrain } from '@ask-analyst/protocol';
import { phraseKey } from '../../../text/tokens.js';
import { KEYWORDS, type Keyword } from '../../keywords.js';
import { keywordOf, type Mention } from '../../mentions.js';
import {
  entityColumn,
  grainOf,
  isRowGrainOfMeasure,
  ROUTE,
  routeColumns,
  timeDimension,
} from '../columns.js';
import type { ReadingPass } from '../context.js';

/**
 * The grain a question says beside "over time" or "trend": a grain word of its own ("monthly",
 * "per day"; `groups`: it makes its own grouping), else one inside a column's phrase ("daily
 * highs") or placed as what a value is ("average daily maximum temperature").
 */
function saidGrain(
  mentions: readonly Mention[],
  placedWithoutGrouping: (index: number) => boolean,
): { grain: TimeGrain; words: string; groups: boolean } | null {
  let inside: { grain: TimeGrain; words: string; groups: boolean } | null = null;
  for (const [index, m] of mentions.entries()) {
    const keyword = keywordOf(m, 'grain');
    if (keyword?.asGroup && keyword.grain !== 'auto') {
      const groups = !placedWithoutGrouping(index);
      if (groups) return { grain: keyword.grain, words: m.words, groups };
      inside ??= { grain: keyword.grain, words: m.words, groups };
    }
    const period = keywordOf(m, 'group') ? grainOf(mentions[index + 1]) : undefined;
    if (period && period.grain !== 'auto')
      return {
        grain: period.grain,
        words: `${m.words} ${mentions[index + 1]!.words}`,
        groups: true,
      };
    if (m.kind === 'column' && !inside) {
      for (const word of m.words.split(' ')) {
        const rate = KEYWORDS.get(phraseKey([word]))?.find(
          (k): k is Extract<Keyword, { kind: 'grain' }> =>
            k.kind === 'grain' && k.asGroup && k.grain !== 'auto',
        );
        if (rate && rate.grain !== 'auto')
          inside = { grain: rate.grain, words: word, groups: false };
      }
    }
  }
  return inside;
}

/**
 * Groupings: "by X", "per month", "for each genre", "monthly", and lists of them ("by origin and
 * cylinders"). A column groups when it is not a continuous measure; a row word ("by movie") groups
 * by the column that names rows, or by the category the semantic layer names with it ("per stock").
 */
export const groupings: ReadingPass = {
  name: 'groupings',
  run(context) {
    const { mentions, reading, semantics, used, at, use, next, previous } = context;
    const rowGrainOfMeasure = (index: number) => isRowGrainOfMeasure(context, index);
    const said = saidGrain(mentions, (index) => used.has(index) || rowGrainOfMeasure(index));
    const series = { words: '' };
    mentions.forEach((m, index) => {
      if (used.has(index)) return;
      const grain = keywordOf(m, 'grain');
      if (grain?.grain === 'auto' && said) {
        // "monthly precipitation over time", "daily highs over time": the grain said is the
        // grain of the series. A grain word that groups by itself ("monthly") adds its own
        // grouping; one that only says what a value is ("daily highs", "average daily maximum
        // temperature") gives "over time" its grain.
        const asked = said.groups ? null : timeDimension(semantics, said.grain);
        if (asked)
          reading.dimensions.push({
            ...asked,
            source: 'stated',
            words: `${said.words} ${m.words}`,
          });
        if (asked || said.groups) {
          if (said.groups) series.words = m.words;
          use(index);
          return;
        }
      }
      if (grain?.asGroup && rowGrainOfMeasure(index)) {
        // "average daily maximum temperature" where a row is a day: the word says what each value
        // is, the average is over the rows; never a grouping by day.
        use(index);
        return;
      }
      const asked = grain?.asGroup ? timeDimension(semantics, grain.grain) : null;
      if (asked) {
        reading.dimensions.push({ ...asked, source: 'stated', words: m.words });
        use(index);
        return;
      }
      if (!keywordOf(m, 'group')) return;
      let target = next(index, 2);
      let words = m.words;
      while (target >= 0) {
        const t = at(target)!;
        // "by month" where a row is a month ("one row per company and month"): still a time grain.
        const tGrain = grainOf(t);
        if (t.kind === 'column' && (t.column.role !== 'measure' || t.column.discrete)) {
          reading.dimensions.push({
            column: t.column,
            grain: null,
            source: 'stated',
            words: `${words} ${t.words}`,
          });
        } else if (tGrain && timeDimension(semantics, tGrain.grain)) {
          reading.dimensions.push({
            ...timeDimension(semantics, tGrain.grain)!,
            source: 'stated',
            words: `${words} ${t.words}`,
          });
        } else if (ROUTE.test(t.words) && routeColumns(semantics)) {
          // "by route": the origin and destination together.
          for (const column of routeColumns(semantics)!) {
            reading.dimensions.push({
              column,
              grain: null,
              source: 'stated',
              words: `${words} ${t.words}`,
            });
          }
        } else if (t.kind === 'entity') {
          // "top 5 states by airport count", "cities by airports": the rows' noun after "by",
          // with a count word after it or a column of groups before "by", is what ranks those
          // groups (their number of rows), not a grouping by each row.
          const countAfter = keywordOf(at(target + 1), 'count') ? target + 1 : -1;
          const before = at(previous(index, 1));
          const groupsBefore =
            before?.kind === 'column' &&
            !used.has(previous(index, 1)) &&
            (before.column.role === 'category' || before.column.role === 'identifier');
          if (countAfter >= 0 || groupsBefore) {
            reading.measures.push({
              column: null,
              aggregation: 'count',
              source: 'stated',
              words: `${words} ${t.words}${countAfter >= 0 ? ` ${at(countAfter)!.words}` : ''}`,
            });
            use(index, target, ...(countAfter >= 0 ? [countAfter] : []));
            break;
          }
          const id = entityColumn(semantics, t.words);
          if (!id) break;
          reading.dimensions.push({
            column: id,
            grain: null,
            source: 'stated',
            words: `${words} ${t.words}`,
          });
        } else {
          break;
        }
        use(index, target);
        const joiner = at(target + 1);
        if (joiner?.kind === 'word' && /^(and|&)$/i.test(joiner.words)) {
          use(target + 1);
          words = joiner.words;
          target = next(target + 1, 1);
        } else {
          break;
        }
      }
    });
    // "temperature trend by month": the grouping the grain word made is a series over time (each
    // month of each year), never the months of the year folded together.
    if (series.words && said)
      for (const d of reading.dimensions)
        if (d.words === said.words && d.grain !== null) d.words = `${d.words} ${series.words}`;
  },
};
