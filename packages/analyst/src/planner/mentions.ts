import type { Aggregation } from '@ask-analyst/protocol';
import { MONTH_WORDS, WEEKDAYS } from '../text/lexicon.js';
import { wordForms, type ValueIndex, type ValueMatch } from '../semantics/values.js';
import type {
  ColumnPhrase,
  ColumnSemantics,
  ConditionSemantics,
  WorksheetSemantics,
} from '../semantics/worksheet.js';
import { STOPWORDS, type Token } from '../text/tokens.js';
import { SCALE_WORDS, SCALED_NOUNS, suffixScale } from '../text/units.js';
import { KEYWORDS, LONGEST_KEYWORD, type Keyword } from './keywords.js';

interface Span {
  start: number;
  /** One past the last token. */
  end: number;
  /** The words as written. */
  words: string;
}

/** A recognised piece of a question. */
export type Mention = Span &
  (
    | { kind: 'keyword'; keywords: Keyword[]; value?: ValueMatch[] }
    | {
        kind: 'column';
        column: ColumnSemantics;
        weight: number;
        others: ColumnSemantics[];
        /**
         * The phrase is the semantic layer's word for the column (a steward's default), and these
         * columns are also named by it, less surely ("gross": Worldwide Gross; US Gross too).
         */
        alsoNamed?: ColumnSemantics[];
        /**
         * The columns `alsoNamed` hold the phrase only as a leading word of their names ("cost" in
         * Cost Other, Cost Repair), never as the last word that says what they are ("gross" in
         * US Gross): the steward's column is then the default (decision 148).
         */
        alsoLeading?: boolean;
        /** An aggregation the layer's phrase starts with ("minimum temperature": min). */
        implied?: Aggregation;
        /**
         * The phrase is also the layer's word for a condition on this column ("late": delay
         * above 0): the named-conditions pass reads it as the condition unless the question
         * measures or compares the column with it ("how late", "10 minutes late").
         */
        condition?: ConditionSemantics;
      }
    /** A word the semantic layer gives rows meeting a condition, and no column ("on time"). */
    | { kind: 'condition'; condition: ConditionSemantics }
    | { kind: 'value'; matches: ValueMatch[] }
    | { kind: 'entity' }
    | {
        kind: 'number';
        value: number;
        /** The unit written on the number itself ("$5": usd; see `text/units.ts`). */
        unit?: string;
        /**
         * A scale letter written on it with no money sign or money/people word after it ("50M",
         * "100k"): read as a scale, unless the compared column's unit could be what it abbreviates.
         */
        suffix?: string;
      }
    | { kind: 'month'; month: number }
    | { kind: 'quarter'; quarter: number }
    | { kind: 'weekday'; day: number }
    | { kind: 'word'; stop: boolean }
  );

const MAX_PHRASE = 6;
/**
 * The weight `semantics/worksheet.ts` gives a name's last word alone (and a synonym of it); its
 * other words alone weigh less.
 */
const LAST_WORD_WEIGHT = 0.55;
const LONGEST = Math.max(MAX_PHRASE, LONGEST_KEYWORD);

function words(tokens: readonly Token[], start: number, end: number): string {
  return tokens
    .slice(start, end)
    .map((token) => token.text)
    .join(' ');
}

function columnPhrases(semantics: WorksheetSemantics) {
  const byKey = new Map<
    string,
    Array<{ column: ColumnSemantics; weight: number; layer: ColumnPhrase['layer'] }>
  >();
  for (const column of semantics.columns) {
    for (const phrase of column.phrases) {
      const list = byKey.get(phrase.key) ?? [];
      list.push({ column, weight: phrase.weight, layer: phrase.layer });
      byKey.set(phrase.key, list);
    }
  }
  for (const list of byKey.values()) list.sort((a, b) => b.weight - a.weight);
  return byKey;
}

const phraseCache = new WeakMap<WorksheetSemantics, ReturnType<typeof columnPhrases>>();

/** The semantic layer's condition words by phrase key (as written, no other word forms). */
function conditionPhrases(semantics: WorksheetSemantics): Map<string, ConditionSemantics> {
  const byKey = new Map<string, ConditionSemantics>();
  for (const condition of semantics.conditions)
    for (const key of condition.keys) if (!byKey.has(key)) byKey.set(key, condition);
  return byKey;
}

const conditionCache = new WeakMap<WorksheetSemantics, Map<string, ConditionSemantics>>();

/**
 * Reads a question into mentions, left to right, longest phrase first: columns (by name, words of
 * the name, synonyms), values of text columns, what a row is, keywords, numbers and months. Every
 * token lands in exactly one mention; unrecognised ones are `word` mentions.
 */
export function findMentions(
  tokens: readonly Token[],
  semantics: WorksheetSemantics,
  values: ValueIndex,
): Mention[] {
  let phrases = phraseCache.get(semantics);
  if (!phrases) {
    phrases = columnPhrases(semantics);
    phraseCache.set(semantics, phrases);
  }
  let conditions = conditionCache.get(semantics);
  if (!conditions) {
    conditions = conditionPhrases(semantics);
    conditionCache.set(semantics, conditions);
  }
  const entities = new Set(semantics.entityPhrases);
  const mentions: Mention[] = [];
  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i]!;
    const candidates: Array<{ mention: Mention; rank: number }> = [];
    const span = (length: number): Span => ({
      start: i,
      end: i + length,
      words: words(tokens, i, i + length),
    });

    // The stems of the phrases starting here, by length: keys[n] is the phrase of n tokens.
    const keys = [''];
    for (let n = 1; n <= Math.min(LONGEST, tokens.length - i); n += 1)
      keys.push(n === 1 ? token.stem : `${keys[n - 1]!} ${tokens[i + n - 1]!.stem}`);
    for (let length = Math.min(MAX_PHRASE, tokens.length - i); length >= 1; length -= 1) {
      const key = keys[length]!;
      const forms = length === 1 ? [key, ...wordForms(token.lower)] : [key];
      const columns = forms.map((form) => phrases.get(form)).find((list) => list?.length);
      if (columns?.[0]) {
        const best = columns[0];
        const others = columns
          .filter((c) => c.column !== best.column && c.weight >= best.weight - 0.05)
          .map((c) => c.column);
        const alsoNamed = best.layer
          ? columns.filter((c) => c.column !== best.column && !others.includes(c.column))
          : [];
        const implied =
          best.layer && length > 1
            ? KEYWORDS.get(token.stem)?.find((k) => k.kind === 'aggregation')
            : undefined;
        candidates.push({
          mention: {
            ...span(length),
            kind: 'column',
            column: best.column,
            weight: best.weight,
            others,
            ...(alsoNamed.length
              ? {
                  alsoNamed: alsoNamed.map((c) => c.column),
                  alsoLeading: alsoNamed.every((c) => c.weight < LAST_WORD_WEIGHT),
                }
              : {}),
            ...(implied?.kind === 'aggregation' ? { implied: implied.aggregation } : {}),
          },
          // A phrase only the semantic layer gives yields to a value, a row word or a keyword.
          rank: length * 10 + (best.weight >= 0.85 && best.layer !== 'only' ? 5 : 1),
        });
        break;
      }
    }
    // A condition word of the semantic layer ("late", "on time"): on the column mention when the
    // same words name its column, else a mention of its own, before values, keywords and row words.
    if (conditions.size > 0) {
      for (let length = Math.min(MAX_PHRASE, tokens.length - i); length >= 1; length -= 1) {
        const condition = conditions.get(keys[length]!);
        if (!condition) continue;
        const column = candidates.find((c) => c.mention.kind === 'column');
        if (
          column?.mention.kind === 'column' &&
          column.mention.end === i + length &&
          column.mention.column === condition.column
        ) {
          column.mention.condition = condition;
          column.rank = length * 10 + 6;
        } else {
          candidates.push({
            mention: { ...span(length), kind: 'condition', condition },
            rank: length * 10 + 6,
          });
        }
        break;
      }
    }
    for (let length = Math.min(MAX_PHRASE, tokens.length - i); length >= 1; length -= 1) {
      const key = keys[length]!;
      if (entities.has(key)) {
        candidates.push({ mention: { ...span(length), kind: 'entity' }, rank: length * 10 + 4 });
        break;
      }
    }
    const value = values.matchAt(tokens, i);
    for (let length = Math.min(LONGEST_KEYWORD, tokens.length - i); length >= 1; length -= 1) {
      const key = keys[length]!;
      const keywords = KEYWORDS.get(key);
      if (keywords) {
        const fallback = value && value.length === length ? { value: value.matches } : {};
        candidates.push({
          mention: { ...span(length), kind: 'keyword', keywords, ...fallback },
          rank: length * 10 + 3,
        });
        break;
      }
    }
    if (value) {
      candidates.push({
        mention: { ...span(value.length), kind: 'value', matches: value.matches },
        rank: value.length * 10 + 2,
      });
    }
    if (token.number !== undefined) {
      // "1 million", "$2.5 billion": the scale word is part of the number; so is a scale letter
      // written on it ("100k", "$200m", "2bn").
      const money = token.text.startsWith('$');
      const joined = tokens[i + 1]?.start === token.end ? tokens[i + 1]!.text : '';
      const letter = joined && !token.text.endsWith('%') ? suffixScale(joined, money) : undefined;
      const scale = letter ?? SCALE_WORDS.get(tokens[i + 1]?.lower ?? '');
      const unit = money ? { unit: 'usd' } : {};
      const sure = money || SCALED_NOUNS.test(tokens[i + 2]?.lower ?? '');
      const suffix = letter && !sure ? { suffix: joined } : {};
      const written = letter ? { words: `${token.text}${joined}` } : {};
      candidates.push({
        mention: scale
          ? {
              ...span(2),
              ...written,
              kind: 'number',
              value: token.number * scale,
              ...unit,
              ...suffix,
            }
          : { ...span(1), kind: 'number', value: token.number, ...unit },
        rank: scale ? 22 : 12,
      });
    }
    const month = MONTH_WORDS.get(token.lower);
    const nextIsYear = /^(1[89]|20)\d\d$/.test(tokens[i + 1]?.text ?? '');
    if (
      month !== undefined ||
      (token.lower === 'may' && (nextIsYear || tokens[i - 1]?.lower === 'in'))
    ) {
      candidates.push({
        mention: { ...span(1), kind: 'month', month: month ?? 5 },
        rank: 13,
      });
    }
    const weekday = WEEKDAYS.indexOf(token.stem as (typeof WEEKDAYS)[number]);
    if (weekday >= 0) {
      candidates.push({ mention: { ...span(1), kind: 'weekday', day: weekday + 1 }, rank: 13 });
    }
    const quarter = /^q([1-4])$/.exec(token.lower);
    if (quarter) {
      candidates.push({
        mention: { ...span(1), kind: 'quarter', quarter: Number(quarter[1]) },
        rank: 13,
      });
    }
    candidates.sort((a, b) => b.rank - a.rank);
    let chosen = candidates[0]?.mention ?? {
      ...span(1),
      kind: 'word' as const,
      stop: STOPWORDS.has(token.lower),
    };
    // "city names", "state name": the names a category column holds, not a column called name.
    const after = tokens[chosen.end];
    if (chosen.kind === 'column' && chosen.column.role === 'category' && after?.stem === 'name')
      chosen = { ...chosen, end: chosen.end + 1, words: `${chosen.words} ${after.text}` };
    mentions.push(chosen);
    i = chosen.end;
  }
  return mentions;
}

/** Whether a mention is a keyword carrying a meaning of this kind; that meaning, or undefined. */
export function keywordOf<K extends Keyword['kind']>(
  mention: Mention | undefined,
  kind: K,
): Extract<Keyword, { kind: K }> | undefined {
  if (mention?.kind !== 'keyword') return undefined;
  return mention.keywords.find((k): k is Extract<Keyword, { kind: K }> => k.kind === kind);
}
