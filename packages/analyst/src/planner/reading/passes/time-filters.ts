import type { PlanFilter, TimeGrain } from '@ask-analyst/protocol';
import type { WorksheetSemantics } from '../../../semantics/worksheet.js';
import type { Token } from '../../../text/tokens.js';
import { keywordOf, type Mention } from '../../mentions.js';
import { grainOf, withinRange, yearTarget } from '../columns.js';
import type { ReadingPass } from '../context.js';
import { describeFilter, filterOf } from '../filters.js';
import type { ReadFilter, Reading } from '../reading.js';

const YEAR = /^(1[89]\d\d|20\d\d|2100)$/;

/** The months of a season, meteorological and northern (the demo's places are). */
const SEASONS: Readonly<Record<string, readonly number[]>> = {
  spring: [3, 4, 5],
  summer: [6, 7, 8],
  autumn: [9, 10, 11],
  fall: [9, 10, 11],
  winter: [12, 1, 2],
};

function isYear(mention: Mention | undefined): mention is Extract<Mention, { kind: 'number' }> {
  return mention?.kind === 'number' && YEAR.test(String(mention.value));
}

/**
 * The day a year, month and day written together as a date stand for ("2013-07-01", "2013/7/1"):
 * three numbers in a row, written joined in the question, forming a real date; else null.
 */
function isoDate(
  question: string,
  year: Extract<Mention, { kind: 'number' }>,
  month: Mention | undefined,
  day: Mention | undefined,
): Date | null {
  if (month?.kind !== 'number' || day?.kind !== 'number') return null;
  const [m, d] = [month.value, day.value];
  if (!Number.isInteger(m) || !Number.isInteger(d) || m < 1 || m > 12 || d < 1 || d > 31)
    return null;
  const written = new RegExp(
    `(^|[^\\d])${year.words}(?<sep>[-/])${month.words}\\k<sep>${day.words}($|[^\\d])`,
  );
  if (!written.test(question)) return null;
  const date = new Date(Date.UTC(year.value, m - 1, d));
  return date.getUTCMonth() === m - 1 ? date : null;
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

/**
 * Time filters: a year ("in 2013", "since 2014", "before 1980"), a range of years ("between 2005
 * and 2008"), a decade ("the 1920s"), a month of a year ("March 2013"), a month, a weekday or a
 * quarter, and "the last N units" of the data. A number bounded by a measure it fits ("weight
 * between 2000 and 2500") is left to the numeric comparisons.
 */
export const timeFilters: ReadingPass = {
  name: 'time-filters',
  run({ question, tokens, mentions, semantics, reading, used, at, use, previous, addFilter }) {
    const filtersBefore = reading.filters.length;
    const last = lastDate(semantics);
    mentions.forEach((m, index) => {
      if (used.has(index)) return;
      const target = yearTarget(semantics);
      if (isYear(m) && target) {
        const before = at(previous(index, 1));
        const anchor = keywordOf(before, 'time_anchor');
        const comparison = keywordOf(before, 'comparison');
        const day = isoDate(question, m, at(index + 1), at(index + 2));
        if (day) {
          // "on 2013-07-01", "before 2005-01-01": a day of the time column (a day's range, so a
          // timestamp's hours fall in it); without one, refused rather than read as a year.
          const words = `${m.words}-${at(index + 1)!.words}-${at(index + 2)!.words}`;
          use(index, index + 1, index + 2);
          if (!semantics.timeColumn) {
            reading.problem = {
              code: 'not_understood',
              message: `I read the date ${words}, but ${semantics.source.name} has no date column to filter on.`,
            };
            return;
          }
          const column = semantics.timeColumn.name;
          const joiner = at(index + 3)?.words.toLowerCase() ?? '';
          const second = at(index + 4);
          const until = isYear(second)
            ? isoDate(question, second, at(index + 5), at(index + 6))
            : null;
          if (until && /^(and|to|through|thru|until|till)$/.test(joiner)) {
            // "between 2013-01-01 and 2013-01-31", "from 2005-01-01 to 2006-06-01": one inclusive range.
            const range = `${before && keywordOf(before, 'between') ? `${before.words} ` : ''}${words} ${joiner} ${second!.words}-${at(index + 5)!.words}-${at(index + 6)!.words}`;
            if (before && keywordOf(before, 'between')) use(previous(index, 1));
            use(index + 3, index + 4, index + 5, index + 6);
            addFilter(filterOf(column, 'gte', isoDay(day)), 'stated', range);
            addFilter(
              filterOf(column, 'lt', isoDay(new Date(until.getTime() + 86_400_000))),
              'stated',
              range,
            );
            return;
          }
          if (reading.filters.some((f) => f.filter.column === column && f.words?.includes('-'))) {
            // Two dates apart ("on 2013-01-01 and 2013-01-05"): never both at once, which is no day.
            reading.problem = {
              code: 'not_understood',
              message: `I read two dates, but not how they go together: ask "between … and …" for a range.`,
            };
            return;
          }
          const next = isoDay(new Date(day.getTime() + 86_400_000));
          const op = comparison?.op ?? anchor?.op ?? 'eq';
          const said = before && (anchor || comparison) ? `${before.words} ${words}` : words;
          if (before && (anchor || comparison)) use(previous(index, 1));
          if (op === 'gt') addFilter(filterOf(column, 'gte', next), 'stated', said);
          else if (op === 'gte') addFilter(filterOf(column, 'gte', isoDay(day)), 'stated', said);
          else if (op === 'lt') addFilter(filterOf(column, 'lt', isoDay(day)), 'stated', said);
          else if (op === 'lte') addFilter(filterOf(column, 'lt', next), 'stated', said);
          else {
            addFilter(filterOf(column, 'gte', isoDay(day)), 'stated', said);
            addFilter(filterOf(column, 'lt', next), 'stated', said);
          }
          return;
        }
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
        const joiner = at(andIndex)?.words.toLowerCase() ?? '';
        // "between 1990 and 2000", "from 1990 to 2000", and "1990 to 2000" alone: one inclusive
        // range (without "between"/"from", "and" lists years: "in 2012 and 2015").
        const linked = between
          ? /^(and|to|through|thru|until|till)$/.test(joiner)
          : /^(to|through|thru|until|till)$/.test(joiner);
        if (linked && isYear(after) && (between || after.value > m.value)) {
          const from = between ? `${before!.words} ` : '';
          const words = `${from}${m.words} ${at(andIndex)!.words} ${after.words}`;
          addFilter(filterOf(target.column.name, 'gte', m.value, target.part), 'stated', words);
          addFilter(filterOf(target.column.name, 'lte', after.value, target.part), 'stated', words);
          use(index, andIndex, andIndex + 1);
          if (between) use(previous(index, 1));
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
        if (keywordOf(before, 'negation')) {
          // "excluding 2012", "except 2012 and 2013": those years left out, each one.
          const years = [index];
          while (
            /^(and|or)$/i.test(at(years.at(-1)! + 1)?.words ?? '') &&
            isYear(at(years.at(-1)! + 2))
          )
            years.push(years.at(-1)! + 2);
          for (const j of years) {
            const year = at(j) as Extract<Mention, { kind: 'number' }>;
            addFilter(
              filterOf(target.column.name, 'ne', year.value, target.part),
              'stated',
              `${before!.words} ${year.words}`,
            );
            use(j, j - 1);
          }
          use(previous(index, 1));
          return;
        }
        const open = openBound(question, tokens, mentions, index);
        if (open) {
          // "from 1980 onwards", "1980 and later", "2005 or earlier": an inclusive bound. A bound
          // said before the year the other way ("before 1980 and later") is no reading.
          const said = comparison?.op ?? anchor?.op;
          const from =
            keywordOf(before, 'between') && /^(from|starting from)$/i.test(before!.words);
          if (said && said !== 'in' && said[0] !== open.op[0]) {
            reading.problem ??= {
              code: 'not_understood',
              message: `I read "${before!.words} ${m.words} ${open.words}" as two bounds that point different ways.`,
            };
            use(index, ...open.placed);
            return;
          }
          const lead = before && (anchor || comparison || from) ? `${before.words} ` : '';
          addFilter(
            filterOf(target.column.name, open.op, m.value, target.part),
            'stated',
            `${lead}${m.words} ${open.words}`,
          );
          use(index, ...open.placed);
          if (lead) use(previous(index, 1));
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
      const link = at(index + 1);
      const until = at(index + 2);
      if (
        m.kind === 'month' &&
        semantics.timeColumn &&
        link &&
        /^(to|through|thru|until|till|and)$/i.test(link.words) &&
        until?.kind === 'month'
      ) {
        // "from June to August 2015", "between March and May": one inclusive range of months.
        const column = semantics.timeColumn.name;
        const year = at(index + 3);
        const between = keywordOf(at(previous(index, 1)), 'between');
        const words = mentions
          .slice(between ? previous(index, 1) : index, isYear(year) ? index + 4 : index + 3)
          .map((x) => x.words)
          .join(' ');
        if (isYear(year)) {
          // A range that wraps the new year ("November to February 2015") starts the year before.
          const startYear = m.month <= until.month ? year.value : year.value - 1;
          const start = new Date(Date.UTC(startYear, m.month - 1, 1));
          const end = new Date(Date.UTC(year.value, until.month, 1));
          addFilter(filterOf(column, 'gte', isoDay(start)), 'stated', words);
          addFilter(filterOf(column, 'lt', isoDay(end)), 'stated', words);
          use(index, index + 1, index + 2, index + 3);
        } else if (m.month <= until.month) {
          addFilter(filterOf(column, 'gte', m.month, 'month'), 'stated', words);
          addFilter(filterOf(column, 'lte', until.month, 'month'), 'stated', words);
          use(index, index + 1, index + 2);
        } else {
          return;
        }
        if (between) use(previous(index, 1));
        return;
      }
      if (m.kind === 'month' && semantics.timeColumn && !isYear(at(index + 1))) {
        addFilter(filterOf(semantics.timeColumn.name, 'eq', m.month, 'month'), 'stated', m.words);
        use(index);
        return;
      }
      const season =
        m.kind === 'word' || m.kind === 'keyword' ? SEASONS[m.words.toLowerCase()] : undefined;
      if (
        season &&
        semantics.timeColumn &&
        (m.words.toLowerCase() !== 'fall' ||
          /^(in|during|the|this|last)$/i.test(at(index - 1)?.words ?? ''))
      ) {
        // "in summer", "rainy days in winter": the season's months of every year (meteorological,
        // northern hemisphere). Winter with a year is asked: which December goes with it is not said.
        const column = semantics.timeColumn.name;
        if (reading.filters.some((f) => f.filter.column === column && f.filter.part === 'month')) {
          // "winter and summer": two seasons are never both true of a day.
          reading.problem ??= {
            code: 'not_understood',
            message: `I read two seasons or months together ("${m.words}" and another): no day is in both, so I did not answer an empty table. Ask for one at a time, or "by month".`,
          };
          use(index);
          return;
        }
        if (season.includes(12) && isYear(at(index + 1))) {
          reading.problem ??= {
            code: 'needs_clarification',
            message: `"${m.words} ${at(index + 1)!.words}" may start in December of the year before or end in December of ${at(index + 1)!.words}. Name the months, for example "from December ${Number(at(index + 1)!.words) - 1} to February ${at(index + 1)!.words}".`,
          };
          use(index);
          return;
        }
        addFilter(
          filterOf(column, 'in', season as PlanFilter['value'], 'month'),
          'stated',
          m.words,
        );
        use(index);
        return;
      }
      if (m.kind === 'weekday' && semantics.timeColumn) {
        addFilter(
          filterOf(semantics.timeColumn.name, 'eq', m.day, 'day_of_week'),
          'stated',
          m.words,
        );
        use(index);
        return;
      }
      if (m.kind === 'quarter' && semantics.timeColumn) {
        addFilter(
          filterOf(semantics.timeColumn.name, 'eq', m.quarter, 'quarter'),
          'stated',
          m.words,
        );
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
    sameColumnEqualities(reading, semantics, filtersBefore);
  },
};

/** Words after a year that leave its bound open: "onwards", "and later", "or earlier". */
const LATER = /^(later|after|newer|beyond|onwards?|since)$/i;
const EARLIER = /^(earlier|before|prior|older)$/i;

/**
 * The open bound written after the year at `index` ("1980 onwards", "from 1980 on", "1980 and
 * later", "1995 or after", "2005 and earlier", "2005 or before"): its op (inclusive) and the
 * mentions that say it; or null. "on" alone counts only after "from" and at the end of a clause
 * ("from 2000 on", never "from 2000 on Mondays").
 */
function openBound(
  question: string,
  tokens: readonly Token[],
  mentions: readonly Mention[],
  index: number,
): { op: 'gte' | 'lte'; words: string; placed: number[] } | null {
  const first = mentions[index + 1];
  if (!first) return null;
  const word = first.words.toLowerCase();
  if (/^(onwards?|forward|forwards)$/.test(word)) {
    return { op: 'gte', words: first.words, placed: [index + 1] };
  }
  if (word === 'on' && first.kind === 'word') {
    const from = mentions[index - 1];
    const end = tokens[first.end - 1]?.end ?? question.length;
    const clauseEnds = /^\s*($|[,.;:?!)])/.test(question.slice(end));
    if (from && /^from$/i.test(from.words) && clauseEnds) {
      return { op: 'gte', words: first.words, placed: [index + 1] };
    }
    return null;
  }
  const second = mentions[index + 2];
  if (!/^(and|or)$/.test(word) || !second) return null;
  const op = LATER.test(second.words) ? 'gte' : EARLIER.test(second.words) ? 'lte' : null;
  if (!op) return null;
  // "1980 and later models" is still the bound; "1980 and after 1990" is two years, not read here.
  const third = mentions[index + 3];
  if (third?.kind === 'number') return null;
  return { op, words: `${first.words} ${second.words}`, placed: [index + 1, index + 2] };
}

const PART_GRAINS: Record<string, TimeGrain> = {
  year: 'year',
  month: 'month_of_year',
  quarter: 'quarter_of_year',
  day_of_week: 'day_of_week',
};

/**
 * Two equalities on one column and part ("in 2012 and 2015", "on Mondays and Fridays") can never
 * both hold: they are one `in` filter that also groups by that column, as several values of a text
 * column are (the value-lists pass).
 */
function sameColumnEqualities(reading: Reading, semantics: WorksheetSemantics, from: number) {
  const added = reading.filters.slice(from);
  const groups = new Map<string, ReadFilter[]>();
  for (const f of added) {
    if (f.filter.op !== 'eq') continue;
    const key = `${f.filter.column}|${f.filter.part ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  for (const items of groups.values()) {
    const values = [...new Set(items.map((f) => f.filter.value))];
    if (values.length < 2) continue;
    const first = items[0]!.filter;
    const words = items.map((f) => f.words).join(', ');
    const filter = filterOf(first.column, 'in', values as PlanFilter['value'], first.part);
    for (const f of items) reading.filters.splice(reading.filters.indexOf(f), 1);
    reading.filters.push({ filter, source: 'stated', words, text: describeFilter(filter) });
    const column = semantics.columns.find((c) => c.name === first.column);
    if (column && !reading.dimensions.some((d) => d.column.name === column.name)) {
      const grain = first.part ? (PART_GRAINS[first.part] ?? null) : null;
      reading.dimensions.push({ column, grain, source: 'stated', words });
    }
  }
}
