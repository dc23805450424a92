import type { ArithmeticOp } from '@ask-analyst/protocol';
import { deriveColumn, OP_WORDS } from '../../../semantics/derived.js';
import type { ColumnSemantics } from '../../../semantics/worksheet.js';
import { keywordOf, type Mention } from '../../mentions.js';
import type { ReadingContext, ReadingPass } from '../context.js';

/** Signs between two columns ("gross - budget", "hp/weight"); the tokens leave them out. */
const SIGNS: Readonly<Record<string, ArithmeticOp>> = {
  '-': 'minus',
  '−': 'minus',
  '–': 'minus',
  '+': 'plus',
  '*': 'times',
  '×': 'times',
  '/': 'divided_by',
  '÷': 'divided_by',
};

/** Words between two columns, lower case, and the operation they say. */
const OPERATOR_WORDS: Readonly<Record<string, ArithmeticOp>> = {
  minus: 'minus',
  less: 'minus',
  plus: 'plus',
  times: 'times',
  'multiplied by': 'times',
  'divided by': 'divided_by',
  per: 'divided_by',
};

/** A bracket opened right after a formula, for the name in it ("gross minus budget (profit)"). */
const OPENS = /^\s*\(\s*$/;

interface Found {
  first: number;
  last: number;
  op: ArithmeticOp;
  left: Mention & { kind: 'column' };
  right: Mention & { kind: 'column' };
  /** Said by a word of ratio or difference ("ratio of A to B"), not by a sign between the two. */
  byWord: boolean;
}

const isColumn = (m: Mention | undefined): m is Mention & { kind: 'column' } =>
  m?.kind === 'column';
const lower = (m: Mention | undefined) => m?.words.toLowerCase() ?? '';

/**
 * Arithmetic between two numeric columns named in the question (issue 23; decision 150): "worldwide
 * gross minus budget", "gross - budget", "the difference between gross and budget", "horsepower
 * divided by weight", "the ratio of gross to budget", "horsepower per weight" (only where both are
 * continuous measures: "per cylinders" still groups), optionally named by the question itself
 * ("profit (worldwide gross minus budget)", "profit, i.e. …", "profit defined as …"). The mentions of
 * it become one mention of a derived measure, which the later passes aggregate, rank or list like a
 * column; it never groups, filters or plots (build-plan refuses those). It runs first and places
 * nothing itself. A phrase that names two columns, a ratio or product right after an
 * aggregation ("average gross divided by budget": of each row's ratio, or a ratio of averages?),
 * and one column as a share of another ("US gross as a percentage of worldwide gross", never a
 * share of the total over groups) ask instead.
 */
export const columnArithmetic: ReadingPass = {
  name: 'column-arithmetic',
  run(context) {
    const { mentions, reading } = context;
    for (let index = 0; index < mentions.length && !reading.problem; index += 1) {
      const share = shareOfColumn(context, index);
      if (share) {
        // "US gross as a percentage of worldwide gross by genre": each row's ratio averaged, or the
        // total of one over the total of the other? Never a share of the total over groups.
        const [a, b] = [share.left.column.name, share.right.column.name];
        reading.problem = {
          code: 'needs_clarification',
          message: `"${share.words}" may mean each row's ${a} divided by its ${b}, averaged, or the total ${a} divided by the total ${b}. Say which one you mean.`,
        };
        reading.alternatives.push({
          question: `average ratio of ${a} to ${b}`,
          reason: `the average of each row's ${a} divided by ${b}`,
        });
        return;
      }
      const found = expressionAt(context, index);
      if (!found) continue;
      const { left, right, op } = found;
      const doubtful = [left, right].find((m) => m.others.length > 0 || m.alsoNamed?.length);
      if (doubtful) {
        const columns = [doubtful.column, ...doubtful.others, ...(doubtful.alsoNamed ?? [])];
        reading.problem = {
          code: 'needs_clarification',
          message: `"${doubtful.words}" may mean ${columns.map((c) => c.name).join(' or ')}. Say which one you mean.`,
        };
        for (const column of columns) {
          reading.alternatives.push({
            question: context.question.replace(doubtful.words, column.name),
            reason: `"${doubtful.words}" as ${column.name}`,
          });
        }
        return;
      }
      const name = nameOf(context, found);
      if (!name && !found.byWord && (op === 'divided_by' || op === 'times')) {
        // "average gross divided by budget": the average of each row's ratio, or the average gross
        // divided by the average budget? Two answers; ask rather than pick one.
        const said = aggregationBefore(context, found.first);
        if (said) {
          const formula = `${left.column.name} ${OP_WORDS[op]} ${right.column.name}`;
          reading.problem = {
            code: 'needs_clarification',
            message: `"${said.words} ${left.words} … ${right.words}" may mean the ${said.words} of each row's ${formula}, or the ${said.words} ${left.column.name} ${OP_WORDS[op]} the ${said.words} ${right.column.name}. Say which one you mean.`,
          };
          if (op === 'divided_by') {
            reading.alternatives.push({
              question: `${said.words} ratio of ${left.column.name} to ${right.column.name}`,
              reason: `the ${said.words} of each row's ${formula}`,
            });
          }
          return;
        }
      }
      const first = name?.first ?? found.first;
      const last = name?.last ?? found.last;
      if (groupedBy(context, first)) {
        // "average rating by gross minus budget": a grouping by a value of each row, which the
        // plan cannot make; never the two measures side by side.
        reading.problem = {
          code: 'not_understood',
          message: `I read "${mentions[first - 1]!.words} ${left.words} … ${right.words}" as a grouping by ${left.column.name} ${OP_WORDS[op]} ${right.column.name}, which is not supported: it can be measured ("average …", "total …") or ranked by ("top 10 … by …"), not grouped by.`,
        };
        return;
      }
      const column: ColumnSemantics = deriveColumn(
        op,
        left.column,
        right.column,
        name?.words ?? null,
      );
      // As written, signs and a bracket closed after it included ("profit (gross - budget)").
      const { tokens, question } = context;
      const written = question.slice(
        tokens[mentions[first]!.start]!.start,
        tokens[mentions[last]!.end - 1]!.end,
      );
      context.merge(first, last, {
        kind: 'column',
        start: mentions[first]!.start,
        end: mentions[last]!.end,
        words: balanced(written),
        column,
        weight: 1,
        others: [],
      });
      index = first;
    }
  },
};

/**
 * Words as written with their brackets closed ("profit (gross minus budget" → "…)"), or without
 * brackets when one closes before it opens ("gross) - (budget").
 */
function balanced(written: string): string {
  let depth = 0;
  for (const ch of written) {
    if (ch === '(') depth += 1;
    if (ch === ')') depth -= 1;
    if (depth < 0) return written.replace(/[()]/g, '').replace(/\s+/g, ' ').trim();
  }
  return written + ')'.repeat(depth);
}

/** The text of the question between two mentions (signs and brackets the tokens leave out). */
function between(context: ReadingContext, before: Mention, after: Mention): string {
  const { tokens, question } = context;
  return question.slice(tokens[before.end - 1]!.end, tokens[after.start]!.start);
}

/** The text after a mention up to the next one (or the end of the question). */
function after(context: ReadingContext, index: number): string {
  const { tokens, question, mentions } = context;
  const m = mentions[index]!;
  const following = mentions[index + 1];
  return question.slice(
    tokens[m.end - 1]!.end,
    following ? tokens[following.start]!.start : question.length,
  );
}

/** A numeric measure column named alone (not a continuous one, for "per"). */
function operand(m: Mention | undefined): m is Mention & { kind: 'column' } {
  return (
    isColumn(m) &&
    m.column.role === 'measure' &&
    (m.column.type === 'integer' || m.column.type === 'number') &&
    !m.column.derived
  );
}

/** Words of a shape drawn from two columns, where "A/B" names both: "lat/long scatter". */
const TWO_COLUMN_SHAPES = /^(scatter|scatterplot|scatterplots|map|correlat\w*)$/i;

/** The expression that starts at `index`, if one does. */
function expressionAt(context: ReadingContext, index: number): Found | null {
  const { mentions } = context;
  const m = mentions[index];
  // "the difference between A and B", "the gap between A and B": A minus B.
  if (keywordOf(m, 'difference')) {
    let at = index + 1;
    if (['between', 'of'].includes(lower(mentions[at]))) at += 1;
    const left = mentions[at];
    const right = mentions[at + 2];
    if (operand(left) && lower(mentions[at + 1]) === 'and' && operand(right))
      return { first: index, last: at + 2, op: 'minus', left, right, byWord: true };
    return null;
  }
  // "the ratio of A to B", "the ratio between A and B": A divided by B.
  if (m?.kind === 'word' && lower(m) === 'ratio') {
    const at = ['of', 'between'].includes(lower(mentions[index + 1])) ? index + 2 : -1;
    const left = mentions[at];
    const right = mentions[at + 2];
    if (at > 0 && operand(left) && ['to', 'and'].includes(lower(mentions[at + 1])))
      if (operand(right))
        return { first: index, last: at + 2, op: 'divided_by', left, right, byWord: true };
    return null;
  }
  if (!operand(m)) return null;
  // "A to B ratio": A divided by B.
  const toRight = mentions[index + 2];
  if (lower(mentions[index + 1]) === 'to' && operand(toRight) && isRatio(mentions[index + 3]))
    return {
      first: index,
      last: index + 3,
      op: 'divided_by',
      left: m,
      right: toRight,
      byWord: true,
    };
  // "A - B", "A/B": a sign between two columns the tokens have side by side.
  const next = mentions[index + 1];
  if (operand(next)) {
    // Brackets around either side are only grouping: "(gross) - (budget)".
    const sign = between(context, m, next).replace(/[\s()]/g, '');
    const op = SIGNS[sign];
    if (!op) return null;
    // "lat/long scatter": a slash between the two columns of a scatter or a map lists them.
    if (sign === '/' && mentions.some((x) => x.kind === 'word' && TWO_COLUMN_SHAPES.test(x.words)))
      return null;
    const ratio = isRatio(mentions[index + 2]) && op === 'divided_by';
    return {
      first: index,
      last: ratio ? index + 2 : index + 1,
      op,
      left: m,
      right: next,
      byWord: ratio,
    };
  }
  // "A minus B", "A divided by B", "A per B".
  for (const length of [1, 2]) {
    const words = mentions
      .slice(index + 1, index + 1 + length)
      .map(lower)
      .join(' ');
    const op = OPERATOR_WORDS[words];
    const right = mentions[index + 1 + length];
    if (!op || !operand(right)) continue;
    // "per cylinders" groups; "horsepower per weight" is a ratio of two continuous measures.
    if (words === 'per' && (m.column.discrete || right.column.discrete)) return null;
    const ratio = op === 'divided_by' && isRatio(mentions[index + 2 + length]);
    return {
      first: index,
      last: index + 1 + length + (ratio ? 1 : 0),
      op,
      left: m,
      right,
      byWord: ratio,
    };
  }
  return null;
}

/** "A as a percentage of B", "A as a share of B": a ratio of two columns said as a share. */
function shareOfColumn(
  context: ReadingContext,
  index: number,
): {
  left: Mention & { kind: 'column' };
  right: Mention & { kind: 'column' };
  words: string;
} | null {
  const { mentions } = context;
  const left = mentions[index];
  if (!operand(left) || lower(mentions[index + 1]) !== 'as') return null;
  let at = index + 2;
  if (['a', 'the'].includes(lower(mentions[at]))) at += 1;
  if (!keywordOf(mentions[at], 'share')) return null;
  if (lower(mentions[at + 1]) === 'of') at += 1;
  const right = mentions[at + 1];
  if (!operand(right)) return null;
  const words = mentions
    .slice(index, at + 2)
    .map((m) => m.words)
    .join(' ');
  return { left, right, words };
}

function isRatio(m: Mention | undefined): boolean {
  return m?.kind === 'word' && ['ratio', 'rate'].includes(lower(m));
}

/** Words that say a name is defined by what follows ("profit, i.e. …", "profit defined as …"). */
const DEFINING_WORDS = new Set([
  'i',
  'e',
  'ie',
  'that',
  'is',
  'defined',
  'calculated',
  'computed',
  'meaning',
  'which',
  'being',
  'as',
]);
const DEFINES =
  /^\s*,?\s*(?:\(\s*)?(?:(?:i\.?\s*e\.?|ie|that is|defined as|calculated as|computed as|meaning|which is|being)\s*,?\s*|[=:]\s*)?$/i;

/**
 * The question's own word for the expression, with the mentions that define it: one to three words
 * no column or keyword holds (or a measure's own word, redefined), right before "(" or a defining
 * word ("profit (gross minus budget)", "profit, i.e. gross minus budget", "profit = gross -
 * budget"), or in brackets right after it ("gross minus budget (profit)"). A bracket opened and not
 * closed right after the formula names nothing.
 */
function nameOf(
  context: ReadingContext,
  found: Found,
): { first: number; last: number; words: string } | null {
  const { mentions } = context;
  const plainWord = (m: Mention | undefined) =>
    m?.kind === 'word' && !m.stop && /^\p{L}/u.test(m.words);
  const nameWord = (m: Mention | undefined) =>
    plainWord(m) ||
    (isColumn(m) && m.column.role === 'measure' && !m.column.discrete && !m.column.derived);
  // Before: the words, what defines them, then the formula.
  let k = found.first - 1;
  while (k >= 0 && found.first - k <= 3 && DEFINING_WORDS.has(lower(mentions[k]))) k -= 1;
  if (k >= 0 && nameWord(mentions[k])) {
    const text = between(context, mentions[k]!, mentions[found.first]!);
    const opened = text.includes('(');
    if (DEFINES.test(text) && /[(=:]|\p{L}/u.test(text)) {
      if (opened && !/^\s*\)/.test(after(context, found.last))) return null;
      let first = k;
      // More words of the name ("net profit (…)"), written together.
      while (
        first > 0 &&
        k - first < 2 &&
        plainWord(mentions[first - 1]) &&
        between(context, mentions[first - 1]!, mentions[first]!).trim() === ''
      )
        first -= 1;
      const words = mentions
        .slice(first, k + 1)
        .map((m) => m.words.toLowerCase())
        .join(' ');
      return { first, last: found.last, words };
    }
  }
  // After, in brackets: "gross minus budget (profit)".
  if (OPENS.test(after(context, found.last))) {
    for (let j = found.last + 1; j < mentions.length && j <= found.last + 3; j += 1) {
      if (!plainWord(mentions[j])) break;
      if (/^\s*\)/.test(after(context, j))) {
        const words = mentions
          .slice(found.last + 1, j + 1)
          .map((m) => m.words.toLowerCase())
          .join(' ');
        return { first: found.first, last: j, words };
      }
    }
  }
  return null;
}

/**
 * Whether a grouping word stands right before the mention at `index` ("by", "per", "for each")
 * with nothing that ranks by it ("top 10 movies by gross minus budget" ranks; "sorted by" is no
 * grouping word).
 */
function groupedBy(context: ReadingContext, index: number): boolean {
  const { mentions } = context;
  if (!keywordOf(mentions[index - 1], 'group')) return false;
  return !mentions
    .slice(0, index - 1)
    .some((m) => keywordOf(m, 'top') || keywordOf(m, 'superlative') || keywordOf(m, 'sort'));
}

/** An aggregation said right before a mention ("average gross / budget", "average of gross …"). */
function aggregationBefore(context: ReadingContext, index: number): Mention | null {
  for (let j = index - 1; j >= 0 && j >= index - 2; j -= 1) {
    const m = context.mentions[j]!;
    if (keywordOf(m, 'aggregation')) return m;
    if (!(m.kind === 'word' && m.stop) && !(m.kind === 'keyword' && lower(m) === 'of')) break;
  }
  return null;
}
