import { keywordOf } from '../../mentions.js';
import { suffixMayBeUnit } from '../../../text/units.js';
import type { ColumnSemantics } from '../../../semantics/worksheet.js';
import type { ReadingContext, ReadingPass } from '../context.js';

/** Comparison words about time ("before 2000"), never read as a group's aggregate compared. */
const TIME_WORDS = /^(?:before|after|earlier than|later than)$/i;

/** Comparison words written after their number ("5 or more airports"). */
const AFTER_NUMBER = /^(?:or more|or less)$/i;

/** Numbers written as words, read only as a count of the rows named right after ("one airport"). */
const COUNT_WORDS: ReadonlyMap<string, number> = new Map([
  ['one', 1],
  ['single', 1],
  ['two', 2],
  ['three', 3],
  ['four', 4],
  ['five', 5],
  ['six', 6],
  ['seven', 7],
  ['eight', 8],
  ['nine', 9],
  ['ten', 10],
]);

/** Words before a count that say the groups hold that many rows: "states with 3 airports". */
const HOLDING = /^(with|have|has|had|having)$/i;

/**
 * The mention after `index` that may be a count: past stopwords ("a single"), never past a
 * number word (a stopword too); or -1.
 */
function nextCount({ mentions }: ReadingContext, index: number): number {
  for (let j = index + 1; j < mentions.length && j <= index + 2; j += 1) {
    const m = mentions[j]!;
    if (m.kind === 'word' && m.stop && !COUNT_WORDS.has(m.words.toLowerCase())) continue;
    return j;
  }
  return -1;
}

/**
 * A column whose values a count after a number counts ("more than one species", "10 cities"):
 * text that names or classes rows, never a measure, a date or a year (whose counts say other
 * things: "more than 3 cylinders" is each car's).
 */
function countsValues(column: ColumnSemantics): boolean {
  return column.type === 'string' && (column.role === 'category' || column.role === 'identifier');
}

/** A count at `index`: a number with no unit, or a number word ("one", "a single"). */
function countAt({ at, used }: ReadingContext, index: number): number | undefined {
  const m = at(index);
  if (!m || used.has(index)) return undefined;
  if (m.kind === 'number') return m.unit ? undefined : m.value;
  if (m.kind === 'word') return COUNT_WORDS.get(m.words.toLowerCase());
  return undefined;
}

/**
 * Comparisons of each group's aggregate, not of rows (a HAVING): "which cities have more than 5
 * airports", "cities with 5 or more airports" (the rows, called by what they are, counted per
 * group) and "genres with an average IMDB rating above 7" (an aggregation said before the
 * compared column). The plan keeps only the groups that compare (`groups_where`, decision 142);
 * without a grouping it refuses the row count and reads the aggregated column's comparison as a
 * row filter, as before. Time words ("before 2000") are left to the other passes. A count compared
 * exactly (decision 157): "only one airport", "just one", "exactly 3 airports", "a single airport",
 * "states with 2 airports"; an "only" or "just" before a count this pass cannot read refuses the
 * turn, never dropped as a follow-up cue.
 */
export const groupComparisons: ReadingPass = {
  name: 'group-comparisons',
  run(context) {
    const { mentions, reading, used, at, use, next, previous } = context;
    if (reading.groupFilter) return;
    /** "only one airport": the count at `countIndex` of the rows named right after it. */
    const countOf = (
      countIndex: number,
      op: 'eq' | 'gt' | 'gte' | 'lt' | 'lte',
      said: string[],
    ) => {
      const value = countAt(context, countIndex);
      const noun = at(countIndex + 1);
      if (value === undefined || used.has(countIndex + 1)) return false;
      // "more than one species", "in more than 3 genres": a column of names or categories after
      // the count is its distinct values counted per group, never a grouping by it as well.
      const values = noun?.kind === 'column' && countsValues(noun.column) ? noun : undefined;
      if (!noun || (noun.kind !== 'entity' && !values)) return false;
      if (values && values.others.length > 0) return false;
      // "3 airports or more": the comparison after the noun is not this one.
      if (keywordOf(at(countIndex + 2), 'comparison')) return false;
      reading.groupFilter = {
        column: values ? values.column : null,
        aggregation: values ? 'count_distinct' : 'count',
        op,
        value,
        words: [...said, at(countIndex)!.words, noun.words].join(' '),
      };
      use(countIndex, countIndex + 1);
      return true;
    };
    mentions.forEach((m, index) => {
      if (reading.groupFilter) return;
      // "have only one airport", "with just 2 airports": exactly that many (the follow-up-cues
      // pass took the word as a cue; it is this count's, so the cue goes).
      const cue = keywordOf(m, 'cue');
      if (cue?.cue === 'only') {
        const holding = at(index - 1);
        if (holding?.kind !== 'word' || !HOLDING.test(holding.words)) return;
        if (countOf(nextCount(context, index), 'eq', [m.words])) {
          use(index);
          const others = mentions.some(
            (x, i) => i !== index && keywordOf(x, 'cue')?.cue === 'only',
          );
          if (!others) reading.cues.delete('only');
        }
        return;
      }
      if (used.has(index)) return;
      // "states with one airport", "which states have a single airport".
      if (m.kind === 'word' && HOLDING.test(m.words)) {
        if (countOf(nextCount(context, index), 'eq', [])) use(index);
        return;
      }
      const comparison = keywordOf(m, 'comparison');
      if (!comparison || TIME_WORDS.test(m.words)) return;
      // "5 or more airports": the number before the words, the rows' noun after them.
      if (AFTER_NUMBER.test(m.words)) {
        const before = at(index - 1);
        const noun = at(index + 1);
        if (
          before?.kind === 'number' &&
          !before.unit &&
          !used.has(index - 1) &&
          noun?.kind === 'entity' &&
          !used.has(index + 1)
        ) {
          reading.groupFilter = {
            column: null,
            aggregation: 'count',
            op: comparison.op,
            value: before.value,
            words: `${before.words} ${m.words} ${noun.words}`,
          };
          use(index - 1, index, index + 1);
        }
        return;
      }
      // "more than 5 airports", "exactly 3 airports", "more than one airport": the rows counted,
      // named right after the number.
      if (countOf(nextCount(context, index), comparison.op, [m.words])) {
        use(index);
        return;
      }
      if (comparison.op === 'eq') return;
      const numberIndex = next(index, 1);
      const number = at(numberIndex);
      if (number?.kind !== 'number' || number.unit || used.has(numberIndex)) return;
      const op = comparison.op;
      // "an average IMDB rating above 7": the column right before, an aggregation before it.
      const columnIndex = previous(index, 2);
      const column = at(columnIndex);
      if (column?.kind !== 'column' || column.column.type === 'string') return;
      const aggregation = keywordOf(at(previous(columnIndex, 1)), 'aggregation');
      if (!aggregation || aggregation.aggregation === 'count') return;
      if (suffixMayBeUnit(number.suffix, column.column.display.unit)) return;
      reading.groupFilter = {
        column: column.column,
        aggregation: aggregation.aggregation,
        op,
        value: number.value,
        words: `${column.words} ${m.words} ${number.words}`,
      };
      use(index, numberIndex);
    });
    // "only one large airport": a count after "only" that nothing here read is refused, never
    // answered for all the groups.
    mentions.forEach((m, index) => {
      if (reading.problem || keywordOf(m, 'cue')?.cue !== 'only') return;
      const countIndex = nextCount(context, index);
      if (countAt(context, countIndex) === undefined || at(countIndex)?.kind !== 'word') return;
      reading.problem = {
        code: 'not_understood',
        message: `I read "${m.words} ${at(countIndex)!.words}" as a count, but not what is counted in each group. Ask, for example, "which … have ${m.words} ${at(countIndex)!.words} <rows>".`,
      };
    });
  },
};
