import type { Aggregation, PlanFilter, TimeGrain } from '@ask-analyst/protocol';
import { MONTHS, WEEKDAYS } from '../text/lexicon.js';
import type { ValueIndex, ValueMatch } from '../semantics/values.js';
import type { ColumnSemantics, WorksheetSemantics } from '../semantics/worksheet.js';
import { nameWords, phraseKey, tokenize } from '../text/tokens.js';
import { KEYWORDS, type Keyword } from './keywords.js';
import { findMentions, keywordOf, type Mention } from './mentions.js';
import { emptyReading, type ReadFilter, type Reading } from './reading.js';

const YEAR = /^(1[89]\d\d|20\d\d|2100)$/;
const OP_WORDS: Record<PlanFilter['op'], string> = {
  eq: 'is',
  ne: 'is not',
  lt: 'is below',
  lte: 'is at most',
  gt: 'is above',
  gte: 'is at least',
  in: 'is one of',
  contains: 'contains',
  is_null: 'is empty',
  not_null: 'is not empty',
};

function isYear(mention: Mention | undefined): mention is Extract<Mention, { kind: 'number' }> {
  return mention?.kind === 'number' && YEAR.test(String(mention.value));
}

/** Text of a filter for the restatement. */
export function describeFilter(filter: PlanFilter): string {
  const subject = filter.part
    ? `${filter.part.replaceAll('_', ' ')} of ${filter.column}`
    : filter.column;
  const shown = (value: unknown) => {
    if (typeof value !== 'number') return String(value);
    if (filter.part === 'month') return capital(MONTHS[value - 1] ?? String(value));
    if (filter.part === 'day_of_week') return capital(WEEKDAYS[value - 1] ?? String(value));
    if (filter.part === 'quarter') return `Q${value}`;
    return String(value);
  };
  const value = Array.isArray(filter.value)
    ? filter.value.map(shown).join(', ')
    : filter.value === null
      ? ''
      : shown(filter.value);
  return `${subject} ${OP_WORDS[filter.op]}${value ? ` ${value}` : ''}`;
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function filterOf(
  column: string,
  op: PlanFilter['op'],
  value: PlanFilter['value'],
  part: PlanFilter['part'] = null,
): PlanFilter {
  return { column, op, value, part };
}

/** The column a year in the question filters: a date's year, or a whole-number year column. */
function yearTarget(
  semantics: WorksheetSemantics,
): { column: ColumnSemantics; part: 'year' | null } | null {
  const yearColumn = semantics.columns.find((column) => column.role === 'year');
  if (yearColumn) return { column: yearColumn, part: null };
  return semantics.timeColumn ? { column: semantics.timeColumn, part: 'year' } : null;
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The last date of the data (its time column's max), for ranges such as "the last 3 months". */
function lastDate(semantics: WorksheetSemantics): Date | null {
  const max = semantics.timeColumn?.profile.max;
  if (typeof max !== 'string') return null;
  const date = new Date(max.length === 10 ? `${max}T00:00:00Z` : max);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "The last N units of data", anchored to the data's last date: the first day it starts on. */
function rangeStart(last: Date, amount: number, unit: TimeGrain): Date {
  const y = last.getUTCFullYear();
  const m = last.getUTCMonth();
  switch (unit) {
    case 'year':
      return new Date(Date.UTC(y - amount + 1, 0, 1));
    case 'quarter':
      return new Date(Date.UTC(y, Math.floor(m / 3) * 3 - 3 * (amount - 1), 1));
    case 'month':
      return new Date(Date.UTC(y, m - amount + 1, 1));
    case 'week':
      return new Date(Date.UTC(y, m, last.getUTCDate() - 7 * amount + 1));
    default:
      return new Date(Date.UTC(y, m, last.getUTCDate() - amount + 1));
  }
}

/** The time grain a mention names: a grain keyword, or a column or row phrase that is one ("year"). */
function grainOf(mention: Mention | undefined): Extract<Keyword, { kind: 'grain' }> | undefined {
  const keyword = keywordOf(mention, 'grain');
  if (keyword || !mention || (mention.kind !== 'entity' && mention.kind !== 'column'))
    return keyword;
  return KEYWORDS.get(phraseKey(mention.words.split(' ')))?.find(
    (k): k is Extract<Keyword, { kind: 'grain' }> => k.kind === 'grain',
  );
}

/**
 * The column that names a row ("the top 3 cars"): a text identifier, or else the text column with
 * the most distinct values when most rows have a value of their own (car model names repeat a little).
 */
function rowLabel(semantics: WorksheetSemantics): ColumnSemantics | undefined {
  const id = semantics.columns.find((c) => c.role === 'identifier' && c.type === 'string');
  if (id) return id;
  const rows = semantics.source.rowCount;
  return semantics.columns
    .filter((c) => c.type === 'string' && c.profile.distinctCount >= 0.5 * rows && rows > 1)
    .sort((a, b) => b.profile.distinctCount - a.profile.distinctCount)[0];
}

/** Superlatives of quantity: "the most movies" ranks by how many rows there are. */
const QUANTITY = new Set(['most', 'least', 'fewest', 'busiest']);

/** Superlative adjectives and the measures they name (general vocabulary, not one data set). */
const ADJECTIVE_MEASURES: Record<string, readonly string[]> = {
  heaviest: ['weight', 'mass'],
  lightest: ['weight', 'mass'],
  longest: ['length', 'duration', 'running time', 'distance'],
  shortest: ['length', 'duration', 'running time', 'distance'],
  tallest: ['height'],
  fastest: ['speed', 'velocity'],
  slowest: ['speed', 'velocity'],
  'most expensive': ['price', 'cost', 'budget'],
  costliest: ['price', 'cost', 'budget'],
  priciest: ['price', 'cost'],
  cheapest: ['price', 'cost', 'budget'],
  'least expensive': ['price', 'cost', 'budget'],
  hottest: ['temperature'],
  warmest: ['temperature'],
  coldest: ['temperature'],
  coolest: ['temperature'],
  wettest: ['precipitation'],
  driest: ['precipitation'],
  oldest: ['age'],
  youngest: ['age'],
};

/** The numeric column a superlative adjective measures ("heaviest" → Weight_in_lbs), if any. */
function adjectiveColumn(words: string, semantics: WorksheetSemantics): ColumnSemantics | null {
  let best: { column: ColumnSemantics; weight: number } | null = null;
  for (const phrase of ADJECTIVE_MEASURES[words.toLowerCase()] ?? []) {
    const key = phraseKey(phrase.split(' '));
    for (const column of semantics.columns) {
      if (column.role !== 'measure') continue;
      const weight = column.phrases.find((p) => p.key === key)?.weight ?? 0;
      if (weight > (best?.weight ?? 0)) best = { column, weight };
    }
  }
  return best?.column ?? null;
}

/** Chooses among columns a value was found in: a twin named by a preposition, a column named elsewhere. */
function chooseValueColumn(
  matches: readonly ValueMatch[],
  twin: 'origin' | 'destination' | null,
  semantics: WorksheetSemantics,
  named: ReadonlySet<string>,
): { chosen: ValueMatch[]; ambiguous: ValueMatch[] } {
  const columns = [...new Set(matches.map((m) => m.column))];
  if (columns.length <= 1) return { chosen: [...matches], ambiguous: [] };
  const byColumn = (column: string) => matches.filter((m) => m.column === column);
  const semanticsOf = (name: string) => semantics.columns.find((c) => c.name === name);
  if (twin) {
    const hit = columns.find((name) => semanticsOf(name)?.twin === twin);
    if (hit) return { chosen: byColumn(hit), ambiguous: [] };
  }
  const mentioned = columns.filter((name) => named.has(name));
  if (mentioned.length === 1) return { chosen: byColumn(mentioned[0]!), ambiguous: [] };
  const twins = columns.filter((name) => semanticsOf(name)?.twin);
  if (twins.length >= 2) return { chosen: [], ambiguous: [...matches] };
  const categorical = columns.find((name) => semanticsOf(name)?.role === 'category') ?? columns[0]!;
  return { chosen: byColumn(categorical), ambiguous: [] };
}

/**
 * Reads one question against one worksheet: which measures with which aggregations, groupings and
 * time grains, filters on values found in the data and on numbers and dates, ranking, calculations,
 * and the follow-up cues. Never invents: what it cannot place is listed in `unused`, and a question
 * whose point it cannot place gets a `problem` instead of a plan.
 */
export function readQuestion(
  question: string,
  semantics: WorksheetSemantics,
  values: ValueIndex,
  context: { previousFilterColumns?: readonly string[] } = {},
): Reading {
  const tokens = tokenize(question);
  const mentions = findMentions(tokens, semantics, values);
  const reading = emptyReading();
  const used = new Set<number>();
  const use = (...indexes: number[]) => indexes.forEach((index) => used.add(index));
  const at = (index: number) => mentions[index];
  /** The next mention after `index` that is not a stopword, with its index. */
  const next = (index: number, skip = 3): number => {
    for (let j = index + 1; j < mentions.length && j <= index + skip; j += 1) {
      const m = mentions[j]!;
      if (m.kind === 'word' && m.stop) continue;
      if (m.kind === 'keyword' && keywordOf(m, 'time_anchor') && !keywordOf(m, 'group')) continue;
      return j;
    }
    return -1;
  };
  const previous = (index: number, skip = 2): number => {
    for (let j = index - 1; j >= 0 && j >= index - skip; j -= 1) {
      const m = mentions[j]!;
      if (m.kind === 'word' && m.stop) continue;
      return j;
    }
    return -1;
  };
  // Columns named in the question, or filtered by the turn a follow-up builds on ("what about JFK?").
  const namedColumns = new Set([
    ...mentions.flatMap((m) => (m.kind === 'column' ? [m.column.name] : [])),
    ...(context.previousFilterColumns ?? []),
  ]);
  const addFilter = (filter: PlanFilter, source: ReadFilter['source'], words: string) =>
    reading.filters.push({ filter, source, words, text: describeFilter(filter) });
  const last = lastDate(semantics);

  // Cues of follow-ups.
  mentions.forEach((m, index) => {
    const cue = keywordOf(m, 'cue');
    if (cue && cue.cue !== 'all') {
      reading.cues.add(cue.cue);
      use(index);
    }
    // "all years", "any origin": a follow-up that lifts the filters on that column.
    const target = at(index + 1);
    const leads = index <= 1 || keywordOf(at(index - 1), 'cue') !== undefined;
    if (cue?.cue === 'all' && target && leads) {
      const time = grainOf(target)
        ? (semantics.columns.find((c) => c.role === 'year') ?? semantics.timeColumn)
        : null;
      const column = target.kind === 'column' ? target.column : time;
      if (column) {
        reading.resets.push(column.name);
        reading.cues.add('now');
        use(index, index + 1);
      }
    }
  });

  // Time: years, months, quarters, ranges and "the last N units".
  mentions.forEach((m, index) => {
    if (used.has(index)) return;
    const target = yearTarget(semantics);
    if (isYear(m) && target) {
      const before = at(previous(index, 1));
      const anchor = keywordOf(before, 'time_anchor');
      const comparison = keywordOf(before, 'comparison');
      const between = keywordOf(before, 'between');
      // "weight between 2000 and 2500", "horsepower over 1990": a bound of that column, not a year.
      const bounded = at(previous(previous(index, 1), 2));
      if (
        (comparison || between) &&
        bounded?.kind === 'column' &&
        bounded.column.role === 'measure' &&
        withinRange(bounded.column, m.value)
      ) {
        return;
      }
      const andIndex = index + 1;
      const after = at(andIndex + 1);
      if (
        between &&
        at(andIndex)
          ?.words.toLowerCase()
          .match(/^(and|to|through|until)$/) &&
        isYear(after)
      ) {
        const words = `${before!.words} ${m.words} ${at(andIndex)!.words} ${after.words}`;
        addFilter(filterOf(target.column.name, 'gte', m.value, target.part), 'stated', words);
        addFilter(filterOf(target.column.name, 'lte', after.value, target.part), 'stated', words);
        use(previous(index, 1), index, andIndex, andIndex + 1);
        return;
      }
      const suffix = at(index + 1);
      if (suffix?.kind === 'word' && suffix.words === 's' && m.value % 10 === 0) {
        // "the 1920s": the decade.
        const words = `${m.words}s`;
        addFilter(filterOf(target.column.name, 'gte', m.value, target.part), 'stated', words);
        addFilter(filterOf(target.column.name, 'lte', m.value + 9, target.part), 'stated', words);
        use(index, index + 1);
        if (before && anchor) use(previous(index, 1));
        return;
      }
      const month = at(previous(index, 1));
      if (month?.kind === 'month' && semantics.timeColumn) {
        const start = new Date(Date.UTC(m.value, month.month - 1, 1));
        const end = new Date(Date.UTC(m.value, month.month, 1));
        const column = semantics.timeColumn.name;
        addFilter(filterOf(column, 'gte', isoDay(start)), 'stated', `${month.words} ${m.words}`);
        addFilter(filterOf(column, 'lt', isoDay(end)), 'stated', `${month.words} ${m.words}`);
        use(previous(index, 1), index);
        return;
      }
      const op: PlanFilter['op'] =
        comparison?.op === 'gt'
          ? 'gt'
          : comparison?.op === 'lt'
            ? 'lt'
            : anchor?.op === 'gte' || comparison?.op === 'gte'
              ? 'gte'
              : anchor?.op === 'lte' || comparison?.op === 'lte'
                ? 'lte'
                : 'eq';
      const words = before && (anchor || comparison) ? `${before.words} ${m.words}` : m.words;
      addFilter(filterOf(target.column.name, op, m.value, target.part), 'stated', words);
      use(index);
      if (before && (anchor || comparison)) use(previous(index, 1));
      return;
    }
    if (m.kind === 'month' && semantics.timeColumn && !isYear(at(index + 1))) {
      addFilter(filterOf(semantics.timeColumn.name, 'eq', m.month, 'month'), 'stated', m.words);
      use(index);
      return;
    }
    if (m.kind === 'weekday' && semantics.timeColumn) {
      addFilter(filterOf(semantics.timeColumn.name, 'eq', m.day, 'day_of_week'), 'stated', m.words);
      use(index);
      return;
    }
    if (m.kind === 'quarter' && semantics.timeColumn) {
      addFilter(filterOf(semantics.timeColumn.name, 'eq', m.quarter, 'quarter'), 'stated', m.words);
      use(index);
      return;
    }
    const relative = keywordOf(m, 'relative');
    const yearColumn = target && target.part === null ? target.column : null;
    if (relative && ((semantics.timeColumn && last) || yearColumn)) {
      const amountMention = at(index + 1);
      const amount = amountMention?.kind === 'number' ? amountMention.value : 1;
      const unitIndex = amountMention?.kind === 'number' ? index + 2 : index + 1;
      const unit = grainOf(at(unitIndex));
      const words = mentions
        .slice(index, unitIndex + 1)
        .map((x) => x.words)
        .join(' ');
      const lastYear = yearColumn?.profile.max;
      if (unit?.grain === 'year' && yearColumn && typeof lastYear === 'number' && amount >= 1) {
        // "the last 3 years" over a whole-number year column: its last year and the two before.
        const first = lastYear - Math.floor(amount) + 1;
        addFilter(filterOf(yearColumn.name, 'gte', first), 'stated', words);
        for (let j = index; j <= unitIndex; j += 1) use(j);
      } else if (
        unit &&
        semantics.timeColumn &&
        last &&
        ['year', 'quarter', 'month', 'week', 'day'].includes(unit.grain) &&
        amount >= 1
      ) {
        const start = rangeStart(last, Math.floor(amount), unit.grain as TimeGrain);
        addFilter(filterOf(semantics.timeColumn.name, 'gte', isoDay(start)), 'stated', words);
        for (let j = index; j <= unitIndex; j += 1) use(j);
      }
    }
  });

  // Groupings: "by X", "per month", "for each genre", "monthly", "which director".
  mentions.forEach((m, index) => {
    if (used.has(index)) return;
    const grain = keywordOf(m, 'grain');
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
      } else if (t.kind === 'entity') {
        const id = rowLabel(semantics);
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

  // Values found in the data: filters, negated, compared, or told apart by a preposition.
  const compareValues: Array<{ column: string; value: string; index: number; words: string }> = [];
  mentions.forEach((m, index) => {
    let matches: ValueMatch[] | undefined;
    if (m.kind === 'value') matches = m.matches;
    else if (m.kind === 'keyword' && m.value && !used.has(index)) matches = m.value;
    if (!matches || used.has(index)) return;
    // The verb or preposition before the value, past "in"/"at" ("arrived in SEA").
    let before = previous(index, 2);
    while (
      before > 0 &&
      at(before)?.kind === 'keyword' &&
      !keywordOf(at(before), 'twin') &&
      keywordOf(at(before), 'time_anchor') &&
      index - before < 3
    ) {
      before = previous(before, 1);
    }
    const twin =
      keywordOf(at(before), 'twin')?.twin ??
      keywordOf(at(previous(index, 1)), 'twin')?.twin ??
      null;
    const negated = [previous(index, 1), previous(index, 2)].some((j) =>
      keywordOf(at(j), 'negation'),
    );
    const { chosen, ambiguous } = chooseValueColumn(matches, twin, semantics, namedColumns);
    if (ambiguous.length > 0) {
      const columns = [...new Set(ambiguous.map((a) => a.column))];
      reading.problem = {
        code: 'needs_clarification',
        message:
          `"${m.words}" appears in ${columns.join(' and ')}. Say which one you mean, for example ` +
          columns
            .map((column) => {
              const c = semantics.columns.find((x) => x.name === column);
              return `"${c?.twin === 'origin' ? 'from' : c?.twin === 'destination' ? 'to' : column} ${m.words}"`;
            })
            .join(' or ') +
          '.',
      };
      use(index);
      return;
    }
    use(index);
    if (twin && before >= 0 && keywordOf(at(before), 'twin')) use(before);
    const column = chosen[0]!.column;
    // "large wildlife", "origin Japan": a column named next to its own value only says where it is.
    for (const j of [index - 1, index + 1]) {
      const near = at(j);
      if (
        near?.kind === 'column' &&
        !used.has(j) &&
        [near.column, ...near.others].some((c) => c.name === column)
      ) {
        use(j);
      }
    }
    const source = 'value_matched' as const;
    const how = chosen[0]!.how === 'exact' ? m.words : `${m.words} (read as ${chosen[0]!.value})`;
    if (negated) {
      for (const match of chosen) addFilter(filterOf(column, 'ne', match.value), source, how);
      [previous(index, 1), previous(index, 2)].forEach(
        (j) => keywordOf(at(j), 'negation') && use(j),
      );
      return;
    }
    compareValues.push({ column, value: chosen[0]!.value, index, words: how });
  });
  // Several values of one column: one `in` filter ("AAPL and MSFT", "compare Japan vs Europe").
  const byColumn = new Map<string, typeof compareValues>();
  for (const item of compareValues)
    byColumn.set(item.column, [...(byColumn.get(item.column) ?? []), item]);
  const compared = mentions.some((m) => keywordOf(m, 'compare') || keywordOf(m, 'difference'));
  for (const [column, items] of byColumn) {
    const words = items.map((item) => item.words).join(', ');
    const distinct = [...new Set(items.map((item) => item.value))];
    if (distinct.length === 1) {
      addFilter(filterOf(column, 'eq', distinct[0]!), 'value_matched', words);
    } else {
      addFilter(filterOf(column, 'in', distinct), 'value_matched', words);
      const semanticsOfColumn = semantics.columns.find((c) => c.name === column);
      if (semanticsOfColumn && !reading.dimensions.some((d) => d.column.name === column)) {
        reading.dimensions.push({
          column: semanticsOfColumn,
          grain: null,
          source: 'stated',
          words,
        });
      }
      const difference = mentions.findIndex((m) => keywordOf(m, 'difference'));
      if (difference >= 0 && distinct.length === 2) {
        reading.calculation = {
          calculation: { kind: 'difference', a: distinct[0]!, b: distinct[1]! },
          words: at(difference)!.words,
        };
        use(difference);
      }
    }
    if (compared) mentions.forEach((m, index) => keywordOf(m, 'compare') && use(index));
  }

  // "4 cylinder cars": a whole number right before a column of few numeric values picks that value.
  mentions.forEach((m, index) => {
    const column = at(index + 1);
    if (
      used.has(index) ||
      m.kind !== 'number' ||
      !Number.isInteger(m.value) ||
      column?.kind !== 'column' ||
      used.has(index + 1) ||
      !column.column.discrete ||
      keywordOf(at(index - 1), 'top') ||
      keywordOf(at(index - 1), 'comparison') ||
      keywordOf(at(index - 1), 'between') ||
      keywordOf(at(index - 1), 'relative')
    ) {
      return;
    }
    addFilter(filterOf(column.column.name, 'eq', m.value), 'stated', `${m.words} ${column.words}`);
    use(index, index + 1);
  });

  // Numeric comparisons: "horsepower over 150", "more than 6 cylinders", "between 10 and 20".
  mentions.forEach((m, index) => {
    if (used.has(index)) return;
    const comparison = keywordOf(m, 'comparison');
    const between = keywordOf(m, 'between');
    if (!comparison && !between) return;
    const numberIndex = next(index, 1);
    const number = at(numberIndex);
    if (number?.kind !== 'number') return;
    const columnNear = [previous(index, 2), next(numberIndex, 2)]
      .map((j) => ({ j, c: at(j) }))
      .find((x) => x.c?.kind === 'column' && x.c.column.type !== 'string' && !used.has(x.j));
    if (!columnNear || columnNear.c?.kind !== 'column') return;
    const column = columnNear.c.column.name;
    // "average weight between 2000 and 2500": the column is also what is measured.
    const measuredToo = ['aggregation', 'superlative'].some((kind) =>
      keywordOf(at(previous(columnNear.j, 1)), kind as 'aggregation'),
    );
    const useColumn = () => {
      if (!measuredToo) use(columnNear.j);
    };
    if (between) {
      const upper = at(numberIndex + 2);
      if (upper?.kind !== 'number') return;
      const words = `${m.words} ${number.words} and ${upper.words}`;
      addFilter(filterOf(column, 'gte', number.value), 'stated', `${columnNear.c.words} ${words}`);
      addFilter(filterOf(column, 'lte', upper.value), 'stated', `${columnNear.c.words} ${words}`);
      use(index, numberIndex, numberIndex + 1, numberIndex + 2);
      useColumn();
      return;
    }
    addFilter(
      filterOf(column, comparison!.op, number.value),
      'stated',
      `${columnNear.c.words} ${m.words} ${number.words}`,
    );
    use(index, numberIndex);
    useColumn();
  });

  // A number right before a numeric column: "cars with 8 cylinders".
  mentions.forEach((m, index) => {
    const after = at(index + 1);
    if (used.has(index) || m.kind !== 'number' || after?.kind !== 'column' || used.has(index + 1))
      return;
    if (after.column.type !== 'integer' && after.column.type !== 'number') return;
    if (keywordOf(at(index - 1), 'top')) return;
    addFilter(filterOf(after.column.name, 'eq', m.value), 'stated', `${m.words} ${after.words}`);
    use(index, index + 1);
  });

  // Ranking: "top 5", "bottom 3".
  mentions.forEach((m, index) => {
    if (used.has(index)) return;
    const top = keywordOf(m, 'top');
    const number = at(index + 1);
    if (top && number?.kind === 'number' && Number.isInteger(number.value) && number.value >= 1) {
      reading.ranking = {
        direction: top.direction,
        limit: Math.min(number.value, 5000),
        words: `${m.words} ${number.words}`,
      };
      use(index, index + 1);
      const target = at(next(index + 1, 2));
      if (
        target?.kind === 'column' &&
        target.column.role !== 'measure' &&
        reading.dimensions.length === 0
      ) {
        reading.dimensions.push({
          column: target.column,
          grain: null,
          source: 'stated',
          words: target.words,
        });
        use(next(index + 1, 2));
      } else if (target?.kind === 'entity' && reading.dimensions.length === 0) {
        const id = rowLabel(semantics);
        if (id) {
          reading.dimensions.push({
            column: id,
            grain: null,
            source: 'stated',
            words: target.words,
          });
          use(next(index + 1, 2));
        }
      }
    }
  });

  // Measures: an aggregation word and what it applies to; counts of rows or of distinct values.
  const superlatives: Array<{ direction: 'asc' | 'desc'; words: string }> = [];
  mentions.forEach((m, index) => {
    if (used.has(index)) return;
    const aggregation = keywordOf(m, 'aggregation');
    const count = keywordOf(m, 'count');
    const distinct = keywordOf(m, 'count_distinct');
    const superlative = keywordOf(m, 'superlative');
    const share = keywordOf(m, 'share');
    if (!aggregation && !count && !distinct && !superlative && !share) return;
    let targetIndex = next(index, 3);
    // "the total number of flights": the inner count or aggregation says it; this word adds nothing.
    if (
      aggregation &&
      (keywordOf(at(targetIndex), 'count') || keywordOf(at(targetIndex), 'count_distinct'))
    ) {
      use(index);
      return;
    }
    // "highest average budget": the superlative ranks, the aggregation applies.
    let explicit: Aggregation | null = aggregation?.aggregation ?? null;
    const inner = keywordOf(at(targetIndex), 'aggregation');
    if (superlative && inner) {
      explicit = inner.aggregation;
      use(targetIndex);
      targetIndex = next(targetIndex, 2);
    }
    // "the longest flight distance": a row word before a column only says what the rows are.
    const afterEntity = next(targetIndex, 1);
    if (
      at(targetIndex)?.kind === 'entity' &&
      at(afterEntity)?.kind === 'column' &&
      !count &&
      !distinct
    ) {
      use(targetIndex);
      targetIndex = afterEntity;
    }
    const found = at(targetIndex);
    // "maximum temperature" over temp_max and temp_min: the column named for that direction.
    const direction =
      explicit === 'max' || superlative?.direction === 'desc'
        ? /\bmax/i
        : explicit === 'min' || superlative?.direction === 'asc'
          ? /\bmin/i
          : null;
    const target: Mention | undefined =
      found?.kind === 'column' && found.others.length > 0 && direction
        ? {
            ...found,
            column:
              [found.column, ...found.others].find((c) =>
                direction.test(c.name.replace(/_/g, ' ')),
              ) ?? found.column,
          }
        : found;
    const words = target && targetIndex >= 0 ? `${m.words} ${target.words}` : m.words;
    if (share) {
      reading.calculation = { calculation: { kind: 'share_of_total' }, words: m.words };
      use(index);
      if (target?.kind === 'entity') use(targetIndex);
      if (target?.kind === 'column' && target.column.role === 'measure') {
        reading.measures.push({
          column: target.column,
          aggregation: 'sum',
          source: 'stated',
          words,
        });
        use(targetIndex);
      }
      reading.asksForValue = true;
      return;
    }
    use(index);
    reading.asksForValue = true;
    if (superlative) superlatives.push({ direction: superlative.direction, words: m.words });
    if (target?.kind === 'column' && !used.has(targetIndex)) {
      use(targetIndex);
      // "the lowest temperature" where a phrase names temp_max and temp_min: the min twin.
      const low = explicit === 'min' || (!explicit && superlative?.direction === 'asc');
      const high = explicit === 'max' || (!explicit && superlative?.direction === 'desc');
      const bound = (c: ColumnSemantics, words: readonly string[]) =>
        nameWords(c.name).some((word) => words.includes(word));
      const column =
        (low || high) && target.others.length > 0
          ? ([target.column, ...target.others].find((c) =>
              bound(
                c,
                low ? ['min', 'minimum', 'low', 'lowest'] : ['max', 'maximum', 'high', 'highest'],
              ),
            ) ?? target.column)
          : target.column;
      if (count || distinct) {
        if (column.role === 'measure' && !column.discrete && count && !distinct) {
          reading.measures.push({ column, aggregation: 'count', source: 'stated', words });
        } else {
          reading.measures.push({ column, aggregation: 'count_distinct', source: 'stated', words });
        }
        return;
      }
      const adds = explicit === 'sum' || explicit === 'avg';
      if (
        (adds && (column.role === 'identifier' || column.role === 'category')) ||
        (explicit === 'sum' && column.role === 'year')
      ) {
        // Years, codes and names are labels, not amounts: adding them up answers nothing.
        const what = column.role === 'year' ? 'holds years' : 'names or codes rows';
        reading.problem = {
          code: 'not_understood',
          message:
            `I read "${words}", but ${column.name} ${what}, which are never added up or averaged. ` +
            `Ask "by ${column.name}" to group by it, or "how many different ${column.name}" to count them.`,
        };
        return;
      }
      if (column.role === 'identifier' || column.role === 'category') {
        if (superlative) {
          // "the most common genre": rank the groups of that column by their row count.
          reading.dimensions.push({ column, grain: null, source: 'stated', words: target.words });
          return;
        }
        reading.measures.push({
          column,
          aggregation: explicit ?? 'count_distinct',
          source: 'stated',
          words,
        });
        return;
      }
      const chosen: Aggregation =
        explicit ??
        (superlative && !hasGrouping(mentions, reading)
          ? superlative.direction === 'desc'
            ? 'max'
            : 'min'
          : column.defaultAggregation);
      reading.measures.push({
        column,
        aggregation: chosen,
        source:
          explicit || (superlative && chosen !== column.defaultAggregation)
            ? 'stated'
            : 'defaulted',
        words: explicit || superlative ? words : target.words,
      });
      return;
    }
    if (
      superlative &&
      !aggregation &&
      target?.kind === 'entity' &&
      !QUANTITY.has(m.words.toLowerCase())
    ) {
      // "the heaviest car": the adjective names a measure; ranking rows by their count would
      // answer another question.
      const measured = adjectiveColumn(m.words, semantics);
      if (!measured) {
        reading.problem = {
          code: 'not_understood',
          message: `I read "${m.words} ${target.words}" but could not tell which column "${m.words}" measures in ${semantics.source.name}. Name it, for example "${superlative.direction === 'desc' ? 'highest' : 'lowest'} ${semantics.columns.find((c) => c.role === 'measure')?.name ?? 'value'}".`,
        };
        return;
      }
      use(targetIndex);
      reading.measures.push({
        column: measured,
        aggregation: superlative.direction === 'desc' ? 'max' : 'min',
        source: 'stated',
        words,
      });
      // Which one it is, when rows have names of their own (a movie's title).
      const id = rowLabel(semantics);
      if (id && reading.dimensions.length === 0 && !reading.ranking) {
        reading.dimensions.push({ column: id, grain: null, source: 'defaulted', words: null });
        reading.ranking = { direction: superlative.direction, limit: 1, words: m.words };
      }
      return;
    }
    if (target?.kind === 'entity' || count || distinct) {
      if (target?.kind === 'entity') use(targetIndex);
      reading.measures.push({ column: null, aggregation: 'count', source: 'stated', words });
      return;
    }
    if (aggregation || (superlative && target?.kind === 'word' && !target.stop)) {
      // "average profit" where no column is profit: say so rather than answer something else.
      const subject = target && target.kind === 'word' ? `"${target.words}"` : 'nothing';
      const measures = semantics.columns.filter((c) => c.role === 'measure').map((c) => c.name);
      reading.problem = {
        code: 'not_understood',
        message:
          `I read "${m.words}" but it applies to ${subject}, which is not a column of ${semantics.source.name}. ` +
          (measures.length > 0
            ? `Its numeric columns are: ${measures.join(', ')}.`
            : 'It has no numeric columns; ask for a count instead.'),
      };
    }
  });
  // "Which director has the most movies", "what genre": the asked-for column groups.
  mentions.forEach((m, index) => {
    if (used.has(index) || !keywordOf(m, 'which')) return;
    const targetIndex = next(index, 1);
    const target = at(targetIndex);
    if (
      target?.kind === 'column' &&
      !used.has(targetIndex) &&
      (target.column.role !== 'measure' || target.column.discrete)
    ) {
      reading.dimensions.push({
        column: target.column,
        grain: null,
        source: 'stated',
        words: `${m.words} ${target.words}`,
      });
      use(index, targetIndex);
    } else if (
      keywordOf(target, 'grain') &&
      timeDimension(semantics, keywordOf(target, 'grain')!.grain)
    ) {
      // "Which month had the most rain", "what day of the week".
      reading.dimensions.push({
        ...timeDimension(semantics, keywordOf(target, 'grain')!.grain)!,
        source: 'stated',
        words: `${m.words} ${target!.words}`,
      });
      use(index, targetIndex);
    } else if (target?.kind === 'entity' && !used.has(targetIndex) && superlatives.length > 0) {
      const id = rowLabel(semantics);
      if (id) {
        reading.dimensions.push({
          column: id,
          grain: null,
          source: 'stated',
          words: `${m.words} ${target.words}`,
        });
        use(index, targetIndex);
      }
    } else {
      use(index);
    }
  });
  // Columns named without a keyword: measures take their default aggregation; others group.
  mentions.forEach((m, index) => {
    if (used.has(index) || m.kind !== 'column') return;
    use(index);
    const column = m.column;
    if (column.role === 'measure' && !(column.discrete && superlatives.length > 0)) {
      reading.measures.push({
        column,
        aggregation: column.defaultAggregation,
        source: 'defaulted',
        words: m.words,
      });
    } else if (column.role === 'temporal') {
      reading.dimensions.push({ column, grain: null, source: 'stated', words: m.words });
    } else {
      reading.dimensions.push({ column, grain: null, source: 'stated', words: m.words });
    }
  });
  // Change over time, with a time grouping.
  mentions.forEach((m, index) => {
    if (used.has(index) || !keywordOf(m, 'change')) return;
    use(index);
    reading.calculation = { calculation: { kind: 'change_over_time' }, words: m.words };
  });
  if (superlatives.length > 0 && reading.dimensions.length > 0 && !reading.ranking) {
    reading.ranking = {
      direction: superlatives[0]!.direction,
      limit: 10,
      words: superlatives[0]!.words,
    };
  }
  // Entities, `all` cues, grain words that did not group, anchors: consumed without meaning.
  mentions.forEach((m, index) => {
    if (used.has(index)) return;
    if (m.kind === 'entity' || (m.kind === 'word' && m.stop)) return use(index);
    if (m.kind === 'keyword') {
      const grain = keywordOf(m, 'grain');
      if (grain && m.value) {
        // "during the day": the word is a value of the data here, not a time grain.
        const column = m.value[0]!.column;
        addFilter(filterOf(column, 'eq', m.value[0]!.value), 'value_matched', m.words);
        return use(index);
      }
      if (
        m.keywords.every((k) =>
          [
            'twin',
            'time_anchor',
            'between',
            'which',
            'group',
            'cue',
            'negation',
            'compare',
          ].includes(k.kind),
        )
      )
        return use(index);
    }
  });
  // A column phrase that names others as well ("temperature": temp_max, temp_min): offer them.
  mentions.forEach((m) => {
    if (m.kind !== 'column' || m.others.length === 0) return;
    reading.alternatives.push(
      ...m.others.slice(0, 2).map((other) => ({
        question: question.replace(m.words, other.name),
        reason: `"${m.words}" may also mean ${other.name}`,
      })),
    );
  });
  const ownWords = new Set(
    tokenize(
      [
        semantics.source.name,
        semantics.source.description,
        semantics.source.workbook.name,
        semantics.source.workbook.description,
      ].join(' '),
    ).map((token) => token.stem),
  );
  const unplaced: string[] = [];
  mentions.forEach((m, index) => {
    if (used.has(index)) return;
    reading.unused.push(m.words);
    if (m.kind === 'word' && !m.stop) {
      const suggestions = values.suggest(m.words, 2);
      for (const suggestion of suggestions) {
        reading.alternatives.push({
          question: question.replace(m.words, suggestion.value),
          reason: `did you mean ${suggestion.value} (${suggestion.column})?`,
        });
      }
      // A name written mid-sentence ("movies in California") that is neither a value nor a
      // column: answering without it would answer another question. Words in capitals are left
      // to `unused` (SQL keywords, shouting), as are lower-case words.
      const token = tokens[m.start]!;
      if (
        m.start > 0 &&
        /^\p{Lu}\p{Ll}{2,}$/u.test(token.text) &&
        !ownWords.has(token.stem) &&
        !reading.problem
      ) {
        unplaced.push(
          `"${m.words}"${suggestions.length > 0 ? ` (did you mean ${suggestions.map((x) => `${x.value} in ${x.column}`).join(' or ')}?)` : ''}`,
        );
      }
    }
  });
  if (unplaced.length > 0 && !reading.problem) {
    reading.problem = {
      code: 'not_understood',
      message: `I could not find ${unplaced.join(', ')} among the values or columns of ${semantics.source.name}, so I did not answer without it.`,
    };
  }
  return reading;
}

/** The grouping a time grain word asks for: the time column with that grain, or a year column. */
function timeDimension(
  semantics: WorksheetSemantics,
  grain: TimeGrain | 'auto',
): { column: ColumnSemantics; grain: TimeGrain | null } | null {
  if (semantics.timeColumn)
    return { column: semantics.timeColumn, grain: grain === 'auto' ? null : grain };
  const year = semantics.columns.find((c) => c.role === 'year');
  return year && (grain === 'year' || grain === 'auto') ? { column: year, grain: null } : null;
}

/** Whether a number lies within a numeric column's values (its profile's min and max). */
function withinRange(column: ColumnSemantics, value: number): boolean {
  const { min, max } = column.profile;
  return typeof min === 'number' && typeof max === 'number' && value >= min && value <= max;
}

function hasGrouping(mentions: readonly Mention[], reading: Reading): boolean {
  if (reading.dimensions.length > 0) return true;
  return mentions.some((m, index) => {
    if (keywordOf(m, 'group')) return true;
    if (!keywordOf(m, 'which')) return false;
    const target = mentions.slice(index + 1).find((x) => !(x.kind === 'word' && x.stop));
    return (
      target?.kind === 'entity' ||
      Boolean(keywordOf(target, 'grain')) ||
      (target?.kind === 'column' && (target.column.role !== 'measure' || target.column.discrete))
    );
  });
}
