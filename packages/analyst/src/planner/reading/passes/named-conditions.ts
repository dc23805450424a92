import type { ConditionSemantics } from '../../../semantics/worksheet.js';
import { keywordOf, type Mention } from '../../mentions.js';
import type { ReadingContext, ReadingPass } from '../context.js';
import { describeFilter, filterOf } from '../filters.js';

type ConditionOp = ConditionSemantics['op'];

/** The condition that holds where a named one does not ("not late": delay at most 0). */
const NEGATED: Record<ConditionOp, ConditionOp> = {
  eq: 'ne',
  ne: 'eq',
  gt: 'lte',
  gte: 'lt',
  lt: 'gte',
  lte: 'gt',
};

const isNumber = (m: Mention | undefined) => m?.kind === 'number';
const comparesAfter = (m: Mention | undefined) =>
  isNumber(m) || Boolean(keywordOf(m, 'comparison') ?? keywordOf(m, 'between'));
const isTime = (m: Mention | undefined) =>
  m?.kind === 'number' || m?.kind === 'month' || m?.kind === 'quarter' || m?.kind === 'weekday';

/**
 * Whether the words around a column's word that is also a condition word measure or compare the
 * column rather than name the condition: "how late", "10 hours late", "delayed by more than 30
 * minutes", "average late", "the most delayed".
 */
function measuresColumn(context: ReadingContext, index: number): boolean {
  const { mentions, at, next, previous } = context;
  if (mentions[index - 1]?.words.toLowerCase() === 'how') return true;
  const before = previous(index, 2);
  if (isNumber(at(before)) || isNumber(at(previous(before, 2)))) return true;
  const kindBefore = ['aggregation', 'superlative', 'top'] as const;
  if (kindBefore.some((kind) => keywordOf(at(before), kind))) return true;
  if (isNumber(at(index + 1))) return true;
  const after = next(index, 2);
  if (comparesAfter(at(after))) return true;
  return Boolean(keywordOf(at(after), 'group')) && comparesAfter(at(next(after, 1)));
}

/** "most delayed" before the rows' noun: the most rows that meet the condition, or the extreme? */
function ambiguousSuperlative(
  words: string,
  condition: ConditionSemantics,
): NonNullable<ReadingContext['reading']['problem']> {
  const filter = filterOf(condition.column.name, condition.op, condition.value);
  return {
    code: 'needs_clarification',
    message: `"${words}" may ask for the most rows that are ${condition.word} (${describeFilter(filter)}), or rank by ${condition.column.name} itself: ask for "the most … that were ${condition.word}", or for "the highest" or "the lowest ${condition.column.name}".`,
  };
}

/**
 * Named conditions (the semantic layer's `conditions`): a word a steward gives rows that meet a
 * condition on one column ("late": delay above 0, "on time": at most 0) filters on it, "not" before
 * it the other way. Where the word is also the column's own ("late" for the delay), the question
 * measuring or comparing it ("how late", "10 hours late") keeps the column for the later passes; a
 * word right before a time ("late March", "early 2001") is not read. Two conditions on one column
 * ("late and on time flights") hold of no row together, so the turn is refused.
 */
export const namedConditions: ReadingPass = {
  name: 'named-conditions',
  run(context) {
    const { mentions, reading, used, at, use, next, previous, addFilter } = context;
    const read: Array<{ condition: ConditionSemantics; words: string; op: ConditionOp }> = [];
    // The rows' noun in the plural ("flights"): "the most delayed flight" is the one delayed most.
    const pluralRows = (j: number) => {
      const m = at(j);
      return (
        m?.kind === 'entity' && context.tokens[m.end - 1]!.lower !== context.tokens[m.end - 1]!.stem
      );
    };
    const keys = new Map(
      context.semantics.conditions.flatMap((c) => c.keys.map((key) => [key, c] as const)),
    );
    mentions.forEach((m, index) => {
      if (used.has(index)) return;
      // "the most delayed flights" (one superlative): the most flights that were delayed, or
      // those delayed most?
      const superlative = keywordOf(m, 'superlative');
      const last = context.tokens[m.end - 1]?.stem ?? '';
      if (superlative && m.end - m.start > 1 && keys.has(last) && pluralRows(next(index, 2))) {
        reading.problem ??= ambiguousSuperlative(m.words, keys.get(last)!);
        return;
      }
      const condition =
        m.kind === 'condition' ? m.condition : m.kind === 'column' ? m.condition : undefined;
      if (!condition) return;
      const before = previous(index, 2);
      if (keywordOf(at(before), 'superlative') && pluralRows(next(index, 2))) {
        reading.problem ??= ambiguousSuperlative(`${at(before)!.words} ${m.words}`, condition);
        return;
      }
      if (m.kind === 'column' && measuresColumn(context, index)) return;
      if (isTime(at(index + 1))) return;
      const negated = !used.has(before) && Boolean(keywordOf(at(before), 'negation'));
      const op = negated ? NEGATED[condition.op] : condition.op;
      const filter = filterOf(condition.column.name, op, condition.value);
      const words = negated ? `${at(before)!.words} ${m.words}` : m.words;
      addFilter(filter, 'stated', words);
      reading.filters[reading.filters.length - 1]!.named = condition.word;
      reading.namedConditions.push({
        words,
        text: describeFilter(filter),
      });
      read.push({ condition, words, op });
      use(index, ...(negated ? [before] : []));
    });
    const columns = new Map<string, Map<string, string>>();
    for (const { condition, words, op } of read) {
      const said = columns.get(condition.column.name) ?? new Map<string, string>();
      said.set(`${condition.word} ${op}`, words);
      columns.set(condition.column.name, said);
    }
    for (const [column, said] of columns) {
      const words = [...said.values()];
      if (words.length < 2 || reading.problem) continue;
      reading.problem = {
        code: 'not_understood',
        message: `${words.map((w) => `"${w}"`).join(' and ')} are conditions on ${column} that no row meets together: ask for one of them, or for each apart.`,
      };
    }
  },
};
