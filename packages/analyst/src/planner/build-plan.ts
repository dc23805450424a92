import type {
  AnswerPlan,
  Aggregation,
  Alternative,
  AnalysisPlan,
  Interpretation,
  InterpretationSlot,
  PlanCalculation,
  PlanDimension,
  PlanFilter,
  PlanMeasure,
  TimeGrain,
} from '@ask-analyst/protocol';
import { changeBetweenLabels } from '../compiler/compile.js';
import { derivedOfMeasure, namedOf, OP_WORDS } from '../semantics/derived.js';
import type { ColumnSemantics, WorksheetSemantics } from '../semantics/worksheet.js';
import { describeFilter, filterOf } from './reading/filters.js';
import { changeDirection } from './reading/passes/change.js';
import type {
  ReadDimension,
  ReadFilter,
  ReadMeasure,
  Reading,
  SlotSource,
} from './reading/reading.js';

/** A ranking's cut keeps every group tied at it (decision 154); its slot says so. */
export const TIES_KEPT = ', with every group tied at the cut';

/** The previous turn of a conversation, as a follow-up builds on it. */
export interface PreviousTurn {
  question: string;
  /** As the previous answer carries it (fields added since older answers may be absent). */
  plan: AnswerPlan;
}

export type PlanOutcome =
  | { ok: true; plan: AnalysisPlan; interpretation: Interpretation }
  | {
      ok: false;
      code: 'not_understood' | 'needs_clarification';
      message: string;
      /** Questions to ask instead, each with its reason (SPEC section 4, `error.alternatives`). */
      alternatives?: Alternative[];
    };

const AGGREGATION_WORDS: Record<Aggregation, string> = {
  count: 'Count',
  count_distinct: 'Distinct',
  sum: 'Total',
  avg: 'Average',
  min: 'Minimum',
  max: 'Maximum',
  median: 'Median',
  stddev: 'Standard deviation of',
  variance: 'Variance of',
  range: 'Range of',
};
const GRAIN_WORDS: Record<TimeGrain, string> = {
  year: 'Year',
  quarter: 'Quarter',
  month: 'Month',
  week: 'Week',
  day: 'Day',
  hour: 'Hour',
  quarter_of_year: 'Quarter of year',
  month_of_year: 'Month',
  day_of_week: 'Day of week',
  hour_of_day: 'Hour of day',
};
const DAY_MS = 86_400_000;

/** The label of a measure's output column: `Average Horsepower`, `Count`. */
export function measureLabel(column: string | null, aggregation: Aggregation): string {
  if (column === null) return 'Count';
  if (aggregation === 'count') return `Count of ${column}`;
  if (aggregation === 'count_distinct') return `Distinct ${column}`;
  return `${AGGREGATION_WORDS[aggregation]} ${column}`;
}

/**
 * A read measure as the plan carries it: a derived one ("gross minus budget") as its first column
 * with the arithmetic naming the second, labelled with its formula (decision 150).
 */
function planMeasure(m: ReadMeasure): PlanMeasure {
  const derived = m.column?.derived;
  const label = measureLabel(m.column?.name ?? null, m.aggregation);
  if (!derived) return { column: m.column?.name ?? null, aggregation: m.aggregation, label };
  return {
    column: derived.left.name,
    aggregation: m.aggregation,
    label,
    arithmetic: { op: derived.op, column: derived.right.name },
  };
}

/**
 * What a measure takes, in words: its label, and for arithmetic between two columns the formula
 * said ("Average of Worldwide Gross minus Production Budget, for each row (called profit)"), with
 * the rows a division leaves out.
 */
export function measureText(measure: PlanMeasure): string {
  const arithmetic = measure.arithmetic;
  if (!arithmetic || measure.column === null) return measure.label;
  const formula = `${measure.column} ${OP_WORDS[arithmetic.op]} ${arithmetic.column}`;
  const named = namedOf(
    measure.label.slice(AGGREGATION_WORDS[measure.aggregation].length + 1),
    arithmetic.op,
    measure.column,
    arithmetic.column,
  );
  const called = named ? ` (called ${named})` : '';
  const zero =
    arithmetic.op === 'divided_by'
      ? `; rows where ${arithmetic.column} is 0 or empty are left out`
      : '';
  return `${AGGREGATION_WORDS[measure.aggregation]} of ${formula}, for each row${called}${zero}`;
}

/**
 * Arithmetic between two columns read where only a column of the worksheet fits: a grouping, a
 * filter, a plotted shape, a count. Its words are said, never dropped or answered otherwise.
 */
function misusedDerived(reading: Reading, semantics: WorksheetSemantics): string | null {
  const say = (column: ColumnSemantics, what: string) =>
    `I read "${column.name}" as arithmetic between two columns, but ${what} is not supported yet: ask for its average, total, minimum or maximum, for example "average ${column.name}".`;
  for (const d of reading.dimensions) if (d.column.derived) return say(d.column, 'grouping by it');
  for (const c of reading.shape?.columns ?? []) if (c.derived) return say(c, 'plotting it');
  for (const m of reading.measures) {
    if (m.column?.derived && (m.aggregation === 'count' || m.aggregation === 'count_distinct'))
      return say(m.column, 'counting it');
  }
  const known = new Set(semantics.columns.map((c) => c.name));
  const filtered = reading.filters.find((f) => !known.has(f.filter.column));
  if (filtered) {
    return `I read "${filtered.words ?? filtered.text}" as a condition on arithmetic between two columns, which is not supported yet: ask for its average, total, minimum or maximum instead.`;
  }
  const compared = reading.groupFilter?.column?.derived && reading.dimensions.length === 0;
  if (compared && reading.groupFilter)
    return `I read "${reading.groupFilter.words}" as a condition on arithmetic between two columns, which is not supported yet: ask for its average, total, minimum or maximum instead.`;
  return null;
}

function dimensionLabel(column: string, grain: TimeGrain | null): string {
  return grain ? GRAIN_WORDS[grain] : column;
}

function spanDays(column: ColumnSemantics): number {
  const { min, max } = column.profile;
  if (typeof min !== 'string' || typeof max !== 'string') return 0;
  return (Date.parse(max) - Date.parse(min)) / DAY_MS;
}

/** Most points a time series takes at the data's own step ("over time" with no grain said). */
const MOST_SERIES_POINTS = 1000;

/** Calendar steps, longest first, in days. */
const STEPS: readonly (readonly [TimeGrain, number])[] = [
  ['year', 365.25],
  ['quarter', 91.31],
  ['month', 30.44],
  ['week', 7],
  ['day', 1],
];

/**
 * The data's own step: the calendar step its dates come at when there is one date per step over
 * the whole span (a price stamped on the 1st of each month, a row per day); null for dates that
 * fall irregularly (release dates, timestamps).
 */
function ownStep(column: ColumnSemantics): TimeGrain | null {
  const days = spanDays(column);
  const dates = column.profile.distinctCount;
  for (const [grain, length] of STEPS) {
    const steps = days / length;
    if (steps >= 1 && Math.abs(dates - 1 - steps) <= Math.max(1, 0.02 * steps)) return grain;
  }
  return null;
}

/**
 * The one rule for the grain of a time column grouped without one ("over time", "trend", "by
 * date", a change over time): its own values when few (at most 60); else the data's own step when
 * its dates come one per step and that is at most 1,000 points ("GOOG price over time" over prices
 * of each month: by month); else by its span (years past three years, months past 90 days, days
 * past 3 days, else hours). A change over time with no time grouping asked (`series: false`) is
 * by the span alone: the change between years, never each month's change from the one before.
 * `why` says which, for the restatement.
 */
function automaticGrain(
  column: ColumnSemantics,
  { series }: { series: boolean } = { series: true },
): { grain: TimeGrain | null; why: string } {
  if (/^(year|yr)$/i.test(column.name.trim())) return { grain: 'year', why: '' };
  const dates = column.profile.distinctCount;
  if (dates <= 60) return { grain: null, why: '' };
  const own = ownStep(column);
  if (series && own && dates <= MOST_SERIES_POINTS)
    return { grain: own, why: `the data has one ${column.name} a ${own}` };
  const days = spanDays(column);
  const grain: TimeGrain =
    days > 3 * 366 ? 'year' : days > 90 ? 'month' : days > 3 ? 'day' : 'hour';
  const span = days > 3 * 366 ? `${Math.round(days / 365.25)} years` : `${Math.round(days)} days`;
  return { grain, why: `the ${column.name} values span ${span}` };
}

interface Slots {
  measures: ReadMeasure[];
  dimensions: ReadDimension[];
  filters: ReadFilter[];
  ranking: Reading['ranking'];
  calculation: Reading['calculation'];
}

const carried = <T extends { source: SlotSource }>(item: T): T => ({
  ...item,
  source: 'carried_over',
});

/** The previous plan's parts as slots of a reading (all carried over). */
function slotsOf(previous: PreviousTurn, semantics: WorksheetSemantics): Slots | null {
  const column = (name: string) => semantics.columns.find((c) => c.name === name);
  const measures: ReadMeasure[] = [];
  for (const m of previous.plan.measures) {
    // A measure of two columns ("gross minus budget") carried over as it was.
    const c = m.arithmetic
      ? derivedOfMeasure(m, semantics.columns, AGGREGATION_WORDS[m.aggregation])
      : m.column === null
        ? null
        : column(m.column);
    if (c === undefined) return null;
    measures.push({ column: c, aggregation: m.aggregation, source: 'carried_over', words: null });
  }
  const dimensions: ReadDimension[] = [];
  for (const d of previous.plan.dimensions) {
    const c = column(d.column);
    if (!c) return null;
    dimensions.push({ column: c, grain: d.grain, source: 'carried_over', words: null });
  }
  const first = previous.plan.sort[0];
  return {
    measures,
    dimensions,
    filters: previous.plan.filters.map((filter) => ({
      filter,
      source: 'carried_over',
      words: null,
      text: describeFilter(filter),
    })),
    ranking:
      previous.plan.limit !== null && first?.by === 'measure'
        ? { direction: first.direction, limit: previous.plan.limit, words: '' }
        : null,
    calculation: previous.plan.calculation
      ? { calculation: previous.plan.calculation, words: '' }
      : null,
  };
}

/**
 * Whether a carried filter is one the follow-up moves to the other twin: "and to SEA?" (or "what
 * about into SEA") after "from SEA" names the same value with the other twin's preposition, so it
 * asks about the flights to SEA instead; keeping both would ask for flights from SEA to SEA. A
 * follow-up that says it adds ("also to SEA", "only to SEA") keeps both, as said.
 */
function switchedTwin(carriedFilter: PlanFilter, reading: Reading, semantics: WorksheetSemantics) {
  if (reading.cues.has('also') || reading.cues.has('only')) return false;
  const twinOf = (name: string) => semantics.columns.find((c) => c.name === name)?.twin ?? null;
  const twin = twinOf(carriedFilter.column);
  if (!twin || carriedFilter.op !== 'eq' || carriedFilter.part) return false;
  return reading.filters.some(
    ({ filter }) =>
      filter.op === 'eq' &&
      !filter.part &&
      filter.value === carriedFilter.value &&
      twinOf(filter.column) !== null &&
      twinOf(filter.column) !== twin,
  );
}

/** A follow-up applied to the previous turn's slots: kept, narrowed, widened, shifted or reset. */
function merge(base: Slots, reading: Reading, semantics: WorksheetSemantics): Slots {
  const widen = reading.cues.has('also');
  /** Equalities widened to a list ("add Canada" after the USA's): each value its own group. */
  const widened: ReadFilter[] = [];
  const filters = base.filters
    .filter((f) => !reading.resets.includes(f.filter.column))
    .filter((f) => !switchedTwin(f.filter, reading, semantics))
    .map(carried);
  for (const added of reading.filters) {
    const sameColumn = filters.filter(
      (f) => f.filter.column === added.filter.column && f.filter.part === added.filter.part,
    );
    const positive = (f: ReadFilter) => f.filter.op === 'eq' || f.filter.op === 'in';
    if (widen && positive(added) && sameColumn.some(positive)) {
      const values = new Set<unknown>();
      for (const f of [...sameColumn.filter(positive), added]) {
        for (const v of Array.isArray(f.filter.value) ? f.filter.value : [f.filter.value])
          values.add(v);
      }
      const filter: PlanFilter = {
        ...added.filter,
        op: 'in',
        value: [...values] as PlanFilter['value'],
      };
      for (const f of sameColumn.filter(positive)) filters.splice(filters.indexOf(f), 1);
      filters.push({ ...added, filter, text: describeFilter(filter) });
      if (!filter.part) widened.push(added);
    } else if (added.filter.op === 'ne' || ['gt', 'gte', 'lt', 'lte'].includes(added.filter.op)) {
      // A bound replaces the same bound, and a period a range now asks for ("what about from 2000
      // to 2004" after "from 2005 to 2008" between its end years): never both, answered empty.
      const range = added.filter.op !== 'ne';
      const replaced = sameColumn.filter(
        (f) =>
          f.filter.op === added.filter.op ||
          (range &&
            (f.filter.op === 'eq' || f.filter.op === 'in') &&
            f.filter.part === added.filter.part),
      );
      for (const f of replaced) filters.splice(filters.indexOf(f), 1);
      filters.push(added);
    } else {
      for (const f of sameColumn) filters.splice(filters.indexOf(f), 1);
      filters.push(added);
    }
  }
  let dimensions = base.dimensions.map(carried);
  if (reading.dimensions.length > 0) {
    dimensions = widen ? [...dimensions, ...reading.dimensions] : [...reading.dimensions];
  }
  // A list of values widened from one is one line per value, as "USA and Canada" asked at once
  // groups by country: never their rows added up into one figure. Beside a ranking or a
  // calculation carried over, the values stay together as before.
  const ranking = reading.ranking ?? (reading.dimensions.length > 0 ? null : base.ranking);
  const calculation = reading.calculation ?? base.calculation;
  if (!ranking && (!calculation || calculation.calculation.kind === 'change_over_time')) {
    for (const added of widened) {
      const column = semantics.columns.find((c) => c.name === added.filter.column);
      if (!column || dimensions.some((d) => d.column.name === column.name)) continue;
      dimensions.push({ column, grain: null, source: 'stated', words: added.words });
    }
  }
  let measures = base.measures.map(carried);
  const stated = reading.measures.filter((m) => m.column !== null || m.source === 'stated');
  if (stated.length > 0) measures = widen ? [...measures, ...stated] : stated;
  return {
    measures,
    dimensions,
    filters,
    ranking,
    calculation,
  };
}

function unique<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * Makes the plan of a question: the reading merged into the previous turn for a follow-up (a cue
 * such as "only", "also", "instead", "what about", "now", or a question that asks for nothing new),
 * defaults filled in (a count when nothing is measured, time grains, sort order), and how it was all
 * understood. A reading with a problem, or with nothing to answer, is refused with a message.
 */
export function buildPlan(
  reading: Reading,
  semantics: WorksheetSemantics,
  previous: PreviousTurn | null,
  options: { worksheetStated: boolean },
): PlanOutcome {
  const offered = unique(reading.alternatives, (a) => a.question).slice(0, 10);
  const refused = (code: 'not_understood' | 'needs_clarification', message: string) =>
    ({
      ok: false,
      code,
      message,
      ...(offered.length > 0 ? { alternatives: offered } : {}),
    }) as const;
  if (reading.problem) return refused(reading.problem.code, reading.problem.message);
  const derivedMisused = misusedDerived(reading, semantics);
  if (derivedMisused) return refused('not_understood', derivedMisused);
  if (reading.shape) return shapePlan(reading, reading.shape, semantics, options, offered);
  const nothingRead =
    reading.measures.length === 0 &&
    reading.dimensions.length === 0 &&
    reading.filters.length === 0 &&
    !reading.ranking &&
    !reading.calculation;
  const base = previous ? slotsOf(previous, semantics) : null;
  const followUp =
    base !== null &&
    (reading.cues.size > 0 || (!reading.asksForValue && reading.measures.length === 0));
  if (nothingRead && !(followUp && reading.cues.size > 0)) {
    return refused('not_understood', notUnderstood(reading, semantics));
  }
  // Nothing measured and words left over: those words were most likely what to measure
  // ("quarterly zebra migrations"); counting rows instead would present a guess as the answer.
  const leftOver = reading.unused.filter((words) => /\p{L}{3,}/u.test(words));
  if (!followUp && reading.measures.length === 0 && !reading.asksForValue && leftOver.length > 0) {
    return refused('not_understood', notUnderstood(reading, semantics));
  }
  const slots: Slots = followUp && base ? merge(base, reading, semantics) : { ...reading };
  const alternatives: Alternative[] = [...reading.alternatives];

  let measures = unique(slots.measures, (m) => `${m.column?.name ?? '*'}|${m.aggregation}`);
  if (measures.length === 0) {
    measures = [{ column: null, aggregation: 'count', source: 'defaulted', words: null }];
  }
  // "how many flights arrived late": a count asked and a measure's column named alone, with no
  // aggregation said. The column most likely limits what is counted ("late": a delay above 0),
  // which the reading cannot tell; measuring it beside the count would answer another question.
  const countAsked = measures.some(
    (m) => m.column === null && m.aggregation === 'count' && m.source === 'stated',
  );
  const namedAlone = measures.find((m) => m.column !== null && m.source === 'defaulted');
  if (countAsked && namedAlone?.column) {
    const name = namedAlone.column.name;
    return refused(
      'not_understood',
      `"${namedAlone.words ?? name}" names ${name}, but not how it limits what is counted: say it, for example "with ${name} above 0", or ask for "average ${name}" on its own.`,
    );
  }
  // The grain chosen where the question said none, told in the restatement.
  const grainNotes: string[] = [];
  const dimensions = unique(
    slots.dimensions.map((d) => {
      if (d.column.role !== 'temporal') return { ...d, grain: null };
      let grain = d.grain;
      if (
        grain === 'month' &&
        d.source === 'stated' &&
        !/monthly|and year|year and|over time|trend|timeline|time series|over the years|through time/i.test(
          d.words ?? '',
        )
      ) {
        if (spanDays(d.column) > 366) {
          grain = 'month_of_year';
          alternatives.push({
            question: `${slots.measures[0] ? measureLabel(slots.measures[0].column?.name ?? null, slots.measures[0].aggregation) : 'Count'} by month and year`,
            reason: 'months of different years apart, as a time series',
          });
        }
      }
      if (grain === 'hour' && d.source === 'stated' && spanDays(d.column) > 2)
        grain = 'hour_of_day';
      if (grain === null) {
        const chosen = automaticGrain(d.column);
        grain = chosen.grain;
        if (grain && chosen.why) grainNotes.push(`by ${grain}: ${chosen.why}`);
      }
      return { ...d, grain };
    }),
    (d) => `${d.column.name}|${d.grain ?? ''}`,
  );
  const filters = unique(slots.filters, (f) => JSON.stringify(f.filter));
  const disjoint = disjointBounds(filters);
  if (disjoint) return refused('not_understood', disjoint);
  groupValuesOfOneColumn(filters, dimensions, semantics);
  let calculation = slots.calculation;
  if (
    calculation?.calculation.kind === 'change_over_time' &&
    !dimensions.some((d) => d.grain || d.column.role === 'year')
  ) {
    const time = semantics.timeColumn;
    // Without a date column, a year column is the time ("how did the fertility of Brazil change
    // from 1960 to 2000" in Gapminder): the one the question filters, else the only one.
    const years = semantics.columns.filter((c) => c.role === 'year');
    const year =
      years.find((c) => filters.some((f) => f.filter.column === c.name)) ??
      (years.length === 1 ? years[0]! : null);
    if (time) {
      const chosen = automaticGrain(time, { series: false });
      if (chosen.grain && chosen.why) grainNotes.push(`by ${chosen.grain}: ${chosen.why}`);
      dimensions.unshift({
        column: time,
        grain: chosen.grain ?? 'year',
        source: 'defaulted',
        words: null,
      });
    } else if (year) {
      dimensions.unshift({ column: year, grain: null, source: 'defaulted', words: null });
    } else {
      return {
        ok: false,
        code: 'not_understood',
        message: `"${calculation.words}" asks for a change over time, but ${semantics.source.name} has no date or year column.`,
      };
    }
  }
  // A follow-up to a ranked change (decision 161) keeps its two periods: new years, a time
  // grouping or other measures would ask another question of it, so they are asked again whole.
  const between =
    calculation?.calculation.kind === 'change_between' ? calculation.calculation : null;
  if (between && followUp) {
    const timeColumn = between.column;
    const retimed =
      filters.some((f) => f.source !== 'carried_over' && f.filter.column === timeColumn) ||
      dimensions.length === 0 ||
      dimensions.some(
        (d) => d.column.name === timeColumn || d.grain !== null || d.column.role === 'year',
      ) ||
      measures.length !== 1 ||
      !measures[0]!.column ||
      !CHANGED_AGGREGATIONS.includes(measures[0]!.aggregation);
    if (retimed) {
      return refused(
        'not_understood',
        `The previous answer ranks a change between two periods of ${timeColumn}; ask the whole question again with what changes, the groups and the years, for example "which … grew the most between 2000 and 2005".`,
      );
    }
  }
  if (calculation?.calculation.kind === 'change_over_time' && slots.ranking && !followUp) {
    // "which stock grew the most between 2005 and 2010": each group's change between two
    // periods, ranked by it (decision 161), or refused saying why.
    const ranked = rankedChange(calculation, slots.ranking, measures, dimensions, filters);
    if (!ranked.ok) return refused(ranked.code, ranked.message);
    calculation = { ...calculation, calculation: ranked.calculation };
    measures = [ranked.measure];
    slots.ranking = { ...slots.ranking, direction: ranked.direction };
    // The periods' note replaces the grain of the time grouping the change had added.
    grainNotes.splice(0, grainNotes.length, ...ranked.notes);
  }
  if (calculation?.calculation.kind === 'change_over_time') {
    // "how much did the price change from 2005 to 2008": the two ends of the range, by year, so
    // the one change is between them; never each year's change from the year before.
    const carried = followUp && previous && endsOfChange(previous.plan as AnalysisPlan) !== null;
    if (calculation.endpoints || carried) changeBetweenEnds(filters, dimensions);
    // "which year had the biggest increase": a ranking orders the groups by the measure itself,
    // not by its change (the plan cannot sort by a calculation), so it would answer another question.
    if (slots.ranking) {
      const time = dimensions[0];
      const by =
        time?.grain && !time.grain.includes('_') ? time.grain : (time?.column.name ?? 'year');
      const measure = measures[0]!;
      return refused(
        'not_understood',
        `I read "${calculation.words}" and "${slots.ranking.words}", but I can rank only by ${measureLabel(measure.column?.name ?? null, measure.aggregation)} itself, not by its change. Ask for "${calculation.words} in ${measure.column?.name ?? 'the number of rows'} by ${by}" and read the largest change there.`,
      );
    }
  }
  if (calculation?.calculation.kind === 'share_where' && !calculation.words) {
    calculation = followedCondition(calculation.calculation, filters, reading.cues.has('also'));
  }
  // "percentage of late flights by origin": each origin's share of the late flights, or the share
  // of each origin's flights that were late? Both are answers; neither is said.
  const namedFilter = filters.find((f) => f.named !== undefined);
  if (calculation?.calculation.kind === 'share_of_total' && dimensions.length > 0 && namedFilter) {
    return refused(
      'needs_clarification',
      `"${calculation.words}" with "${namedFilter.words ?? namedFilter.named}" by ${dimensions.map((d) => d.column.name).join(' and ')} may be each group's share of the rows where ${namedFilter.text}, or the share of each group's rows where ${namedFilter.text}: ask for one of them, or for how many by ${dimensions[0]!.column.name}.`,
    );
  }
  if (calculation?.calculation.kind === 'share_of_total' && dimensions.length === 0) {
    const shared = shareCondition(calculation, filters, measures, semantics);
    if (shared.ok) {
      calculation = shared.calculation;
      filters.splice(0, filters.length, ...shared.scope);
    } else if (shared.split) {
      // A measure's share of one value ("share of total horsepower from Japan"): that value's
      // share of the whole, grouped by its column, the value kept after the share is taken.
      dimensions.push({
        column: shared.split.column,
        grain: null,
        source: 'defaulted',
        words: shared.split.words,
      });
    } else {
      return refused('not_understood', shared.message);
    }
  }
  if (calculation?.calculation.kind === 'difference' && dimensions.length === 0) calculation = null;
  // A follow-up that leaves one grouping ("now by year") ranks groups again, not within them.
  if (calculation?.calculation.kind === 'top_per_group' && dimensions.length < 2)
    calculation = null;
  // A comparison of each group's aggregate (decision 142): the groups kept where it holds.
  const groupFilter = reading.groupFilter;
  if (groupFilter) {
    // A follow-up's own comparison replaces one carried over.
    if (calculation && !calculation.words) calculation = null;
    const counted = measures.some((m) => m.aggregation === 'count_distinct');
    // "how many airlines had more than 100 strikes", "how many genres have an average IMDB rating
    // above 7": the values of the counted column whose rows compare, counted (decision 147), one
    // number; the compared aggregate, when also read as a measure, is the comparison's own.
    const groups = measures[0]?.aggregation === 'count_distinct' ? measures[0].column : null;
    const compared = (m: ReadMeasure) =>
      m.column?.name === groupFilter.column?.name && m.aggregation === groupFilter.aggregation;
    const countsGroups =
      !calculation &&
      dimensions.length === 0 &&
      groups !== null &&
      groups.name !== groupFilter.column?.name &&
      measures.slice(1).every(compared);
    if (countsGroups) {
      measures = measures.slice(0, 1);
      calculation = {
        calculation: {
          kind: 'count_groups_where',
          column: groupFilter.column?.name ?? null,
          aggregation: groupFilter.aggregation,
          op: groupFilter.op,
          value: groupFilter.value,
        },
        words: groupFilter.words,
      };
    } else if (
      calculation ||
      counted ||
      (dimensions.length === 0 &&
        (groupFilter.column === null || groupFilter.aggregation === 'count_distinct'))
    ) {
      return refused(
        'not_understood',
        `"${groupFilter.words}" compares each group's ${groupFilter.column ? measureLabel(groupFilter.column.name, groupFilter.aggregation).toLowerCase() : 'count'}, but ${
          counted
            ? 'the groups that pass are counted only as one number, with nothing else measured or grouped'
            : calculation
              ? `not together with "${calculation.words}"`
              : 'nothing groups the rows'
        }: ask for the groups themselves, for example "which … have ${groupFilter.words}".`,
      );
    } else if (dimensions.length === 0) {
      // "average horsepower over 100" with no groups: the rows compared, as before.
      const filter = filterOf(groupFilter.column!.name, groupFilter.op, groupFilter.value);
      filters.push({
        filter,
        source: 'stated',
        words: groupFilter.words,
        text: describeFilter(filter),
      });
    } else {
      const key = (m: { column: { name: string } | null; aggregation: string }) =>
        `${m.column?.name ?? '*'}|${m.aggregation}`;
      const wanted = key(groupFilter);
      let index = measures.findIndex((m) => key(m) === wanted);
      if (index < 0 && measures.length === 1 && measures[0]!.source === 'defaulted') {
        measures = [];
      }
      if (index < 0) {
        measures.push({
          column: groupFilter.column,
          aggregation: groupFilter.aggregation,
          source: 'stated',
          words: groupFilter.words,
        });
        index = measures.length - 1;
      }
      if (index > 4) return refused('not_understood', notUnderstood(reading, semantics));
      calculation = {
        calculation: {
          kind: 'groups_where',
          measure: index,
          op: groupFilter.op,
          value: groupFilter.value,
        },
        words: groupFilter.words,
      };
    }
  }
  qualifyGroupings(dimensions, filters, calculation?.calculation.kind ?? null, semantics);
  if (dimensions.length > 3) dimensions.splice(3);

  const planMeasures: PlanMeasure[] = measures.slice(0, 5).map((m) => planMeasure(m));
  const labels = new Set<string>();
  const planDimensions = dimensions.map((d) => {
    let label = dimensionLabel(d.column.name, d.grain);
    if (labels.has(label) || planMeasures.some((m) => m.label === label))
      label = `${label} of ${d.column.name}`;
    labels.add(label);
    return { column: d.column.name, grain: d.grain, label };
  });
  const ranking = slots.ranking;
  if (ranking?.words && /\d/.test(ranking.words) && planDimensions.length === 0) {
    // "top 3 by horsepower" with nothing to rank: one number would hide that the ranking was lost.
    return {
      ok: false,
      code: 'not_understood',
      message: `I read "${ranking.words}" but not what to rank in ${semantics.source.name}. Name a column to rank, for example "${ranking.words} ${semantics.columns.find((c) => c.role === 'category')?.name ?? 'groups'} by ${planMeasures[0]!.label.toLowerCase()}".`,
    };
  }
  const planFilters = filters.map((f) => f.filter);
  // A ranking, or "which cities have more than 6 airports", names groups: one of no value (an
  // empty genre, a city not recorded) is none of them.
  if (planDimensions.length > 0 && (ranking || calculation?.calculation.kind === 'groups_where')) {
    for (const d of dimensions) {
      if (
        d.column.role !== 'temporal' &&
        !planFilters.some((f) => f.column === d.column.name && f.op === 'not_null')
      ) {
        planFilters.push({ column: d.column.name, op: 'not_null', value: null, part: null });
      }
    }
  }
  const sortSlots: InterpretationSlot[] = [];
  let sort: AnalysisPlan['sort'] = [];
  let limit: number | null = null;
  if (ranking && planDimensions.length > 0) {
    sort = [{ by: 'measure', index: 0, direction: ranking.direction }];
    // One winner per group ranks within each group: every group is shown.
    limit = calculation?.calculation.kind === 'top_per_group' ? null : ranking.limit;
    const changed = calculation?.calculation.kind === 'change_between';
    sortSlots.push({
      slot: 'sort',
      text: changed
        ? `largest ${ranking.direction === 'desc' ? 'increase' : 'decrease'} in ${planMeasures[0]!.label} first`
        : `${ranking.direction === 'desc' ? 'highest' : 'lowest'} ${planMeasures[0]!.label} first`,
      source: ranking.words ? 'stated' : 'carried_over',
      words: ranking.words || null,
    });
    if (limit !== null) {
      sortSlots.push({
        slot: 'limit',
        text: changed
          ? `the ${limit} largest ${ranking.direction === 'desc' ? 'increases' : 'decreases'}${TIES_KEPT}`
          : `${ranking.direction === 'desc' ? 'top' : 'bottom'} ${limit}${TIES_KEPT}`,
        source: ranking.words && /\d/.test(ranking.words) ? 'stated' : 'defaulted',
        words: ranking.words || null,
      });
    }
  } else if (planDimensions.length > 0) {
    const first = dimensions[0]!;
    const ordered =
      first.grain !== null ||
      first.column.role === 'temporal' ||
      first.column.role === 'year' ||
      first.column.role === 'measure';
    sort = ordered
      ? [{ by: 'dimension', index: 0, direction: 'asc' }]
      : [{ by: 'measure', index: 0, direction: 'desc' }];
    sortSlots.push({
      slot: 'sort',
      text: ordered
        ? `in order of ${planDimensions[0]!.label}`
        : `highest ${planMeasures[0]!.label} first`,
      source: 'defaulted',
      words: null,
    });
  }
  // A change between two periods measures each period apart (its own check, decision 161).
  const acrossPeriods =
    calculation?.calculation.kind !== 'change_between' &&
    levelAddedAcrossPeriods(planMeasures, planDimensions, planFilters, semantics);
  if (acrossPeriods) return refused('needs_clarification', acrossPeriods);
  const plan: AnalysisPlan = {
    worksheetId: semantics.source.id,
    measures: planMeasures,
    dimensions: planDimensions,
    filters: planFilters,
    sort,
    limit,
    calculation: calculation?.calculation ?? null,
    shape: null,
    chart: reading.chart?.kind ?? null,
  };

  const slotsOut: InterpretationSlot[] = [
    {
      slot: 'worksheet',
      text: `${semantics.source.name} (${semantics.source.workbook.name})`,
      source: followUp ? 'carried_over' : options.worksheetStated ? 'stated' : 'defaulted',
      words: null,
    },
    ...measures.map((m, i): InterpretationSlot => ({
      slot: 'measure',
      text: planMeasures[i] ? measureText(planMeasures[i]) : '',
      source: m.source,
      words: m.words,
    })),
    ...dimensions.map((d, i): InterpretationSlot => ({
      slot: d.grain ? 'time' : 'dimension',
      text: d.grain ? `${planDimensions[i]!.label} of ${d.column.name}` : d.column.name,
      source: d.source,
      words: d.words,
    })),
    ...filters.map((f): InterpretationSlot => ({
      slot:
        f.filter.part ||
        semantics.columns.find((c) => c.name === f.filter.column)?.role === 'temporal'
          ? 'time'
          : 'filter',
      text: f.text,
      source: f.source,
      words: f.words,
    })),
    ...sortSlots,
  ];
  if (calculation) {
    slotsOut.push({
      slot: 'calculation',
      text: calculationText(plan),
      source: calculation.words ? 'stated' : 'carried_over',
      words: calculation.words || null,
    });
  }
  for (const m of measures) {
    if (m.source === 'defaulted' && m.column) {
      const other = m.aggregation === 'sum' ? 'avg' : 'sum';
      alternatives.push({
        question: `${AGGREGATION_WORDS[other].toLowerCase()} ${m.column.name}${planDimensions.length ? ` by ${planDimensions.map((d) => d.label.toLowerCase()).join(' and ')}` : ''}`,
        reason: `${m.column.name} was ${m.aggregation === 'sum' ? 'added up' : 'averaged'} by default`,
      });
    }
  }
  return {
    ok: true,
    plan,
    interpretation: {
      restatement: withNotes(withCorrections(restate(plan, semantics), reading), grainNotes),
      slots: slotsOut,
      unused: reading.unused,
      alternatives: unique(alternatives, (a) => a.question).slice(0, 5),
    },
  };
}

/**
 * Why a total would add a level in time (a population) across periods: no grouping by a time
 * column and no filter holding one period ("population of India" over eleven five-year steps is
 * no population). Null when the total stays within one period.
 */
function levelAddedAcrossPeriods(
  measures: readonly PlanMeasure[],
  dimensions: readonly PlanDimension[],
  filters: readonly PlanFilter[],
  semantics: WorksheetSemantics,
): string | null {
  const times = semantics.columns.filter((c) => c.role === 'year' || c.role === 'temporal');
  if (times.length === 0) return null;
  const isTime = (name: string) => times.some((c) => c.name === name);
  if (dimensions.some((d) => isTime(d.column))) return null;
  const onePeriod = filters.some(
    (f) => isTime(f.column) && f.op === 'eq' && (f.part === null || f.part === 'year'),
  );
  if (onePeriod) return null;
  const level = measures
    .map((m) => semantics.columns.find((c) => c.name === m.column))
    .find((c, i) => c?.levelInTime && measures[i]!.aggregation === 'sum');
  if (!level) return null;
  const time = times[0]!;
  const last = time.profile.max;
  return (
    `${level.display.label ?? level.name} is a level at a point in time: added up over several ` +
    `${time.name} values it would count the same ${level.display.unit ?? 'amount'} once per ` +
    `${time.name}. Say which ${time.name}${last !== undefined ? ` (for example "in ${String(last)}")` : ''}, or ask for it by ${time.name}.`
  );
}

/**
 * A follow-up's own filter on a column of the carried share's condition changes the condition,
 * not the rows it is a share of: after "what share of cars are from Japan", "what about Europe"
 * is Europe's share ("also Europe": Japan and Europe together), never Japan's share of Europe.
 */
function followedCondition(
  carried: Extract<PlanCalculation, { kind: 'share_where' }>,
  filters: ReadFilter[],
  widen: boolean,
): NonNullable<Reading['calculation']> {
  const columns = new Set(carried.where.map((f) => f.column));
  const said = filters.filter((f) => f.source !== 'carried_over' && columns.has(f.filter.column));
  if (said.length === 0) return { calculation: carried, words: '' };
  for (const f of said) filters.splice(filters.indexOf(f), 1);
  const positive = (f: PlanFilter) => f.op === 'eq' || f.op === 'in';
  const kept = carried.where.filter((f) => !said.some((s) => s.filter.column === f.column));
  let where = [...kept, ...said.map((f) => f.filter)];
  if (widen && carried.where.every(positive) && said.every((f) => positive(f.filter))) {
    const values = [...carried.where, ...said.map((f) => f.filter)].flatMap((f) =>
      Array.isArray(f.value) ? f.value : [f.value],
    );
    where = [
      { ...carried.where[0]!, op: 'in', value: [...new Set(values)] as PlanFilter['value'] },
    ];
  }
  return {
    calculation: { kind: 'share_where', where: where.slice(0, 2) },
    words: said.map((f) => f.words ?? '').join(' '),
  };
}

/**
 * The share asked with no grouping, as a condition on rows (decisions 145 and 146): "what
 * percentage of cars have more than 6 cylinders", "what share of strikes happened at night",
 * "percentage of movies released after 2000". When rows are counted and the question's filters
 * are all on one column (one or two of them: a value, several values, a value excluded, a year,
 * a range of dates, a bound), they are the condition, over all rows (`share_where`). Filters on
 * two columns ("percentage of comedies rated R") do not say which rows the share is of, so the
 * share is refused rather than guessed. A measure other than a count keeps the old reading: its
 * share for one value, grouped by that value's column.
 */
function shareCondition(
  calculation: NonNullable<Reading['calculation']>,
  filters: readonly ReadFilter[],
  measures: readonly ReadMeasure[],
  semantics: WorksheetSemantics,
):
  | { ok: true; calculation: NonNullable<Reading['calculation']>; scope: ReadFilter[] }
  | {
      ok: false;
      split: { column: ColumnSemantics; words: string | null } | null;
      message: string;
    } {
  const rowsCounted = measures.every((m) => m.column === null && m.aggregation === 'count');
  // A condition the semantic layer names ("what percentage of flights from ATL were late") is the
  // share's condition; the question's other filters say which rows it is a share of.
  const named = filters.filter((f) => f.named !== undefined);
  const namedColumns = new Set(named.map((f) => f.filter.column));
  const byName =
    named.length > 0 &&
    namedColumns.size === 1 &&
    filters.every((f) => f.named !== undefined || !namedColumns.has(f.filter.column));
  const condition = byName ? named : filters.filter((f) => f.filter.op !== 'not_null');
  const scope = byName
    ? filters.filter((f) => f.named === undefined)
    : filters.filter((f) => f.filter.op === 'not_null');
  const columns = new Set(condition.map((f) => f.filter.column));
  if (rowsCounted && condition.length > 0 && condition.length <= 2 && columns.size === 1) {
    return {
      ok: true,
      calculation: {
        calculation: { kind: 'share_where', where: condition.map((f) => f.filter) },
        words: [calculation.words, ...condition.map((f) => f.words ?? '')].join(' ').trim(),
      },
      scope,
    };
  }
  const value = filters.find((f) => f.filter.op === 'eq' || f.filter.op === 'in');
  const column = value && semantics.columns.find((c) => c.name === value.filter.column);
  if (!rowsCounted && column && value.filter.part === null)
    return { ok: false, split: { column, words: value.words }, message: '' };
  const said = calculation.words;
  if (rowsCounted && columns.size > 1) {
    return {
      ok: false,
      split: null,
      message: `"${said}" asks for a share with conditions on ${[...columns].join(' and ')}, but not of which rows: all rows, or those where ${condition[0]!.text}. Ask with one condition, or for the share by a column ("${said} … by ${[...columns][1]!}").`,
    };
  }
  return {
    ok: false,
    split: null,
    message: `"${said}" asks for a share, but not of what: name a grouping ("by genre") or a value ("of flights from ATL").`,
  };
}

/** Bins of a histogram: 20, or one per value of a column with fewer. */
function binsOf(column: ColumnSemantics): number {
  const distinct = column.profile.distinctCount;
  return distinct > 0 && distinct < 20 ? distinct : 20;
}

/** What a shaped plan shows, in words ("Histogram of distance", "Scatter of y against x"). */
function shapeText(plan: AnalysisPlan): string {
  const shape = plan.shape;
  if (!shape) return '';
  const group = plan.dimensions[0]?.label;
  if (shape.kind === 'scatter')
    return `Scatter of ${shape.y} against ${shape.x}${group ? ` colored by ${group}` : ''}`;
  if (shape.kind === 'boxplot') return `Box plot of ${shape.column}${group ? ` by ${group}` : ''}`;
  return `Histogram of ${shape.column} in ${shape.bins} bins`;
}

/**
 * The plan of a histogram, box plot or scatter (issue 23, class 3): the plotted columns, the
 * grouping or colour (at most one, no time grain) and the filters read; no measures. A follow-up
 * does not carry one over: a shape is asked for by its own words.
 */
function shapePlan(
  reading: Reading,
  shape: NonNullable<Reading['shape']>,
  semantics: WorksheetSemantics,
  options: { worksheetStated: boolean },
  offered: Alternative[],
): PlanOutcome {
  const [first, second] = shape.columns;
  const planShape: NonNullable<AnalysisPlan['shape']> =
    shape.kind === 'scatter'
      ? { kind: 'scatter', x: first!.name, y: second!.name }
      : shape.kind === 'boxplot'
        ? { kind: 'boxplot', column: first!.name }
        : { kind: 'histogram', column: first!.name, bins: binsOf(first!) };
  const dimensions = shape.kind === 'histogram' ? [] : reading.dimensions.slice(0, 1);
  const filters = unique(reading.filters, (f) => JSON.stringify(f.filter));
  const plan: AnalysisPlan = {
    worksheetId: semantics.source.id,
    measures: [],
    dimensions: dimensions.map((d) => ({
      column: d.column.name,
      grain: null,
      label: d.column.name,
    })),
    filters: filters.map((f) => f.filter),
    sort: [],
    limit: null,
    calculation: null,
    shape: planShape,
    chart: null,
  };
  return {
    ok: true,
    plan,
    interpretation: {
      restatement: withCorrections(restate(plan, semantics), reading),
      slots: [
        {
          slot: 'worksheet',
          text: `${semantics.source.name} (${semantics.source.workbook.name})`,
          source: options.worksheetStated ? 'stated' : 'defaulted',
          words: null,
        },
        { slot: 'measure', text: shapeText(plan), source: 'stated', words: shape.words },
        ...dimensions.map((d): InterpretationSlot => ({
          slot: 'dimension',
          text: d.column.name,
          source: d.source,
          words: d.words,
        })),
        ...filters.map((f): InterpretationSlot => ({
          slot: f.filter.part ? 'time' : 'filter',
          text: f.text,
          source: f.source,
          words: f.words,
        })),
      ],
      unused: reading.unused,
      alternatives: offered.slice(0, 5),
    },
  };
}

/**
 * A change asked as one amount over a range of years ("from 2005 to 2008", "between 1960 and
 * 2000"): the range's two bounds on the time grouping become one "is one of" filter of the two end
 * years, the grouping by year, so the change of the plan is the one between them. Without such a
 * range, or with a grain the question stated ("monthly"), every period is kept as before.
 */
function changeBetweenEnds(filters: ReadFilter[], dimensions: ReadDimension[]): void {
  const time = dimensions[0];
  if (!time) return;
  const temporal = time.column.role === 'temporal';
  if (temporal && time.source === 'stated' && time.grain !== 'year') return;
  if (!temporal && time.column.role !== 'year') return;
  const part = temporal ? 'year' : null;
  const bound = (op: 'gte' | 'lte') => {
    const found = filters.filter(
      (f) =>
        f.filter.column === time.column.name &&
        f.filter.part === part &&
        f.filter.op === op &&
        typeof f.filter.value === 'number',
    );
    return found.length === 1 ? found[0]! : null;
  };
  const from = bound('gte');
  const to = bound('lte');
  if (!from || !to || (from.filter.value as number) >= (to.filter.value as number)) return;
  const filter: PlanFilter = {
    column: time.column.name,
    op: 'in',
    value: [from.filter.value as number, to.filter.value as number],
    part,
  };
  filters.splice(filters.indexOf(from), 1);
  filters.splice(filters.indexOf(to), 1);
  filters.push({
    filter,
    source: 'stated',
    words: `${from.words ?? ''} ${to.words ?? ''}`.trim(),
    text: describeFilter(filter),
  });
  if (temporal) dimensions[0] = { ...time, grain: 'year' };
}

type RankedChange =
  | {
      ok: true;
      calculation: Extract<PlanCalculation, { kind: 'change_between' }>;
      direction: 'asc' | 'desc';
      notes: string[];
      measure: ReadMeasure;
    }
  | { ok: false; code: 'not_understood' | 'needs_clarification'; message: string };

/** `YYYY-MM-DD` of a profile's date or timestamp value, or null. */
function dayOf(value: unknown): string | null {
  return typeof value === 'string' && /^\d{4}-\d\d-\d\d/.test(value) ? value.slice(0, 10) : null;
}

/**
 * A ranked change ("which stock grew the most between 2005 and 2010", "top 3 countries by
 * population growth since 1960", "which symbol had the biggest drop in price in 2008"; decision
 * 161): each group's measure in two periods and the change between them, ranked the way the change
 * was said (grew: the largest increase first; dropped: the largest decrease first). The periods are
 * years (of a date, or a year column's values), the bounds the question gives ("since 1960": to the
 * data's last year), else the first and last whole years of the data, said in a note; one year of a
 * date ("in 2008") is between its first and last months. Filters on the time column become the two
 * periods; the time grouping the change added is dropped. Anything it cannot place is refused: a
 * ranking by time or of nothing grouped, a count or several measures, a change said without a
 * direction ("changed the most"), relative ("percentage growth"), the least change, bounds other
 * than a range of years, a period outside the data.
 */
function rankedChange(
  calculation: NonNullable<Reading['calculation']>,
  ranking: NonNullable<Reading['ranking']>,
  measures: readonly ReadMeasure[],
  dimensions: ReadDimension[],
  filters: ReadFilter[],
): RankedChange {
  const refuse = (
    message: string,
    code: 'not_understood' | 'needs_clarification' = 'not_understood',
  ) => ({ ok: false, code, message }) as const;
  const said = `"${calculation.words}" and "${ranking.words}"`;
  const time = dimensions[0];
  const groups = dimensions.slice(1);
  const timeRole = (d: ReadDimension) =>
    d.grain !== null || d.column.role === 'year' || d.column.role === 'temporal';
  if (!time || time.source !== 'defaulted' || groups.length === 0 || groups.some(timeRole)) {
    return refuse(
      `I read ${said}, but I rank a change only across groups (which stock, which country) between two years, not periods by their change from the one before. Ask for "${calculation.words} by year" and read the largest change there.`,
    );
  }
  let measure = measures.length === 1 ? measures[0]! : null;
  // "the largest price increase": the ranking's word read as a maximum of the price is the
  // ranking's; the price takes its own aggregation.
  if (
    measure?.column &&
    (measure.aggregation === 'max' || measure.aggregation === 'min') &&
    measure.words?.toLowerCase().includes(ranking.words.toLowerCase())
  ) {
    measure = { ...measure, aggregation: measure.column.defaultAggregation, source: 'defaulted' };
  }
  if (
    !measure?.column ||
    !CHANGED_AGGREGATIONS.includes(measure.aggregation) ||
    (!measure.column.derived && !['integer', 'number'].includes(measure.column.type))
  ) {
    return refuse(
      `I read ${said}, but I rank a change of one measure only (an average or a total of a column, for example "${calculation.words} in ${measure?.column?.name ?? 'price'}"), not of ${measure ? 'a count of rows' : 'several measures at once'}.`,
    );
  }
  const direction = changeDirection(calculation.words);
  if (direction === null) {
    return refuse(
      `"${calculation.words}" ranked by "${ranking.words}" may be the largest increase or the largest decrease: ask which, for example "which grew the most" or "which fell the most".`,
      'needs_clarification',
    );
  }
  if (ranking.direction === 'asc') {
    return refuse(
      `I read ${said}: the smallest ${direction === 'up' ? 'increase' : 'decrease'} may be a change the other way. Ask for the largest ${direction === 'up' ? 'decrease' : 'increase'}, or for the largest ${direction === 'up' ? 'increase' : 'decrease'} and read the end of the list.`,
    );
  }
  if (calculation.relative) {
    return refuse(
      `I read ${said} relative to where each started; I rank a change by its amount only. Ask without "percent" or "fastest": the answer shows each change in percent too.`,
    );
  }
  const column = time.column;
  const temporal = column.role === 'temporal';
  if (temporal && measure.column.levelInTime && measure.aggregation === 'sum') {
    return refuse(
      `${measure.column.name} is a level at a point in time, so a year's total would add it up over the year: ask for its average, for example "average ${measure.column.name}".`,
    );
  }
  const part = temporal ? 'year' : null;
  const onTime = filters.filter((f) => f.filter.column === column.name);
  const bound = (op: PlanFilter['op']) => {
    const found = onTime.filter((f) => f.filter.op === op);
    return found.length === 1 && typeof found[0]!.filter.value === 'number' ? found[0]! : null;
  };
  const [gte, lte, eq] = [bound('gte'), bound('lte'), bound('eq')];
  const readable =
    onTime.every((f) => f.filter.part === part) &&
    onTime.length === [gte, lte, eq].filter(Boolean).length &&
    !(eq && (gte || lte));
  if (!readable || (eq && !temporal)) {
    return refuse(
      `I read ${said}, but not between which two ${temporal ? 'years' : `${column.name} values`}: say them, for example "between 2005 and 2010" or "since 2005".`,
    );
  }
  const notes: string[] = [];
  const [minDay, maxDay] = [dayOf(column.profile.min), dayOf(column.profile.max)];
  let first: number;
  let last: number;
  if (temporal) {
    if (!minDay || !maxDay)
      return refuse(`I read ${said}, but not the years ${column.name} covers.`);
    first = Number(minDay.slice(0, 4));
    last = Number(maxDay.slice(0, 4));
  } else {
    const [min, max] = [column.profile.min, column.profile.max];
    if (typeof min !== 'number' || typeof max !== 'number')
      return refuse(`I read ${said}, but not the values ${column.name} covers.`);
    [first, last] = [min, max];
  }
  const outside = (year: number) => year < first || year > last;
  // The year column's values in steps ("five-year steps from 1955 to 2005"): a year between them
  // has no rows.
  const steps = column.profile.distinctCount - 1;
  const every = !temporal && steps > 0 && (last - first) % steps === 0 ? (last - first) / steps : 1;
  const offGrid = (year: number) => (year - first) % every !== 0;
  const range = `${column.name} runs from ${first} to ${last}${every > 1 ? ` in ${every}-year steps` : ''}`;
  // Dates that come irregularly (release dates) have no first or last year to take unsaid, nor
  // months to compare within a year: their sparse ends would compare a film or two.
  const step = temporal ? ownStep(column) : 'year';
  if (
    (eq && !['month', 'week', 'day'].includes(step ?? '')) ||
    (!eq && step === null && (!gte || !lte))
  ) {
    return refuse(
      eq
        ? `I read ${said} within ${String(eq.filter.value)}, but ${column.name} has no months to compare in it: ask between two years, for example "between ${first} and ${last}".`
        : `I read ${said}, but not between which two years: ${column.name} runs from ${first} to ${last} at irregular dates, so its first and last years hold few rows; say them, for example "between ${first + 1} and ${last - 1}".`,
      'needs_clarification',
    );
  }
  let calc: Extract<PlanCalculation, { kind: 'change_between' }>;
  if (eq) {
    // "in 2008": from its first month in the data to its last.
    const year = eq.filter.value as number;
    if (outside(year)) return refuse(`I read ${said} in ${year}, but ${range}.`);
    const from = year === first ? `${minDay!.slice(0, 7)}-01` : `${year}-01-01`;
    const to = year === last ? `${maxDay!.slice(0, 7)}-01` : `${year}-12-01`;
    if (from >= to) return refuse(`I read ${said} in ${year}, but the data has one month of it.`);
    calc = { kind: 'change_between', column: column.name, grain: 'month', from, to };
    notes.push(
      `from ${from.slice(0, 7)} to ${to.slice(0, 7)}: the first and last months of ${year} in the data`,
    );
  } else {
    // The data's own first and last years, when the question gives none: whole years only (a
    // date stamped once a year, as Cars' model years on January 1st, is its whole year).
    const yearly = step === 'year';
    const wholeFirst = !yearly && minDay!.slice(5, 7) !== '01' ? first + 1 : first;
    const wholeLast = !yearly && maxDay!.slice(5, 7) !== '12' ? last - 1 : last;
    const from = gte ? (gte.filter.value as number) : wholeFirst;
    const to = lte ? (lte.filter.value as number) : wholeLast;
    for (const year of [from, to]) {
      if (outside(year) || offGrid(year))
        return refuse(`I read ${said} with ${year}, but ${range}: say years of the data.`);
    }
    if (from >= to) return refuse(`I read ${said}, but not two different years to compare.`);
    calc = {
      kind: 'change_between',
      column: column.name,
      grain: temporal ? 'year' : null,
      from,
      to,
    };
    if (!gte || !lte)
      notes.push(
        `from ${from} to ${to}: ${!gte && !lte ? 'the first and last' : !gte ? 'the first' : 'the last'} ${temporal ? 'whole ' : ''}year${!gte && !lte ? 's' : ''} of the data`,
      );
    if (temporal && to === last && wholeLast !== last)
      notes.push(`${to} is partial: the data ends ${maxDay}`);
    if (temporal && from === first && wholeFirst !== first)
      notes.push(`${from} is partial: the data starts ${minDay}`);
  }
  for (const f of onTime) filters.splice(filters.indexOf(f), 1);
  dimensions.splice(0, 1);
  return {
    ok: true,
    calculation: calc,
    direction: direction === 'up' ? 'desc' : 'asc',
    notes,
    measure,
  };
}

/**
 * Bounds on one column (and part) that no row meets at once: "between January 2005 and January
 * 2008" read as two months, both required. An empty answer with a success would say there is no
 * data, so the question is refused naming the two periods.
 */
function disjointBounds(filters: readonly ReadFilter[]): string | null {
  const bounded = (f: ReadFilter) =>
    ['gt', 'gte', 'lt', 'lte'].includes(f.filter.op) &&
    (typeof f.filter.value === 'number' || typeof f.filter.value === 'string');
  for (const low of filters.filter((f) => bounded(f) && f.filter.op.startsWith('g'))) {
    for (const high of filters.filter((f) => bounded(f) && f.filter.op.startsWith('l'))) {
      if (low.filter.column !== high.filter.column || low.filter.part !== high.filter.part)
        continue;
      const a = low.filter.value as number | string;
      const b = high.filter.value as number | string;
      if (typeof a !== typeof b) continue;
      const strict = low.filter.op === 'gt' || high.filter.op === 'lt';
      if (a > b || (a === b && strict)) {
        const periods = [...new Set([high.words, low.words].filter((w) => w))];
        const named =
          periods.length > 0 ? periods.map((w) => `"${w}"`).join(' and ') : 'two bounds';
        return `I read ${named} as ${low.text} and ${high.text}, which no row is at once, so the answer would be empty. Ask about one period at a time, or a range of years ("from 2005 to 2008").`;
      }
    }
  }
  return null;
}

/** The two years a change is measured between, when the plan keeps only those (or null). */
export function endsOfChange(plan: AnalysisPlan): [number, number] | null {
  const time = plan.dimensions[0];
  if (!time || (time.grain !== null && time.grain !== 'year')) return null;
  const ends = plan.filters.filter(
    (f) =>
      f.column === time.column &&
      f.op === 'in' &&
      f.part === (time.grain === 'year' ? 'year' : null) &&
      Array.isArray(f.value) &&
      f.value.length === 2 &&
      f.value.every((v) => typeof v === 'number'),
  );
  if (ends.length !== 1) return null;
  const [a, b] = ends[0]!.value as number[];
  return [Math.min(a!, b!), Math.max(a!, b!)];
}

/** How a group's aggregate compares, in a restatement: "only the state values whose Count is exactly 1". */
const GROUP_OP_WORDS = {
  gt: 'above',
  gte: 'at least',
  lt: 'below',
  lte: 'at most',
  eq: 'exactly',
} as const;

/** A plan's calculation in words (empty without one). */
export function calculationText(plan: AnalysisPlan): string {
  const measure = plan.measures[0]?.label ?? 'Count';
  switch (plan.calculation?.kind) {
    case 'share_of_total':
      return `each ${plan.dimensions[0]?.label ?? 'group'}'s share of the total ${measure}`;
    case 'change_over_time': {
      const ends = endsOfChange(plan);
      if (ends) return `change in ${measure} from ${ends[0]} to ${ends[1]}`;
      return `change in ${measure} from the previous ${plan.dimensions[0]?.label.toLowerCase() ?? 'period'}`;
    }
    case 'change_between': {
      const [from, to] = changeBetweenLabels(plan).map((l) => l.slice(measure.length + 4));
      const groups = plan.dimensions.map((d) => d.label).join(' and ');
      return `change in ${measure} from ${from} to ${to}; any ${groups} without ${measure} in both is left out`;
    }
    case 'difference':
      return `difference in ${measure} between ${String(plan.calculation.a)} and ${String(plan.calculation.b)}`;
    case 'top_per_group': {
      const first = plan.sort[0]?.direction === 'asc' ? 'lowest' : 'highest';
      const which =
        plan.calculation.n === 1 ? `the ${first}` : `the ${plan.calculation.n} ${first}`;
      return `${which} ${measure} in each ${plan.dimensions[0]?.label ?? 'group'}`;
    }
    case 'share_where':
      return `share of the rows where ${plan.calculation.where.map(describeFilter).join(' and ')}`;
    case 'count_groups_where': {
      const counted = plan.measures[0]?.column ?? 'group';
      const compared = measureLabel(plan.calculation.column, plan.calculation.aggregation);
      const op = GROUP_OP_WORDS[plan.calculation.op];
      return `counting only the ${counted} values whose ${compared} is ${op} ${plan.calculation.value}`;
    }
    case 'groups_where': {
      const compared = plan.measures[plan.calculation.measure]?.label ?? measure;
      const op = GROUP_OP_WORDS[plan.calculation.op];
      return `only the ${plan.dimensions[0]?.label ?? 'group'} values whose ${compared} is ${op} ${plan.calculation.value}`;
    }
    default:
      return '';
  }
}

/**
 * A restatement with the words read as typos said, `… (reading "orgin" as "origin").`, and the
 * semantic layer's defaults: `… ("cost" is Cost Total $ by the semantic layer, not Cost Other or
 * Cost Repair).`
 */
function withCorrections(restatement: string, reading: Reading): string {
  let said = restatement;
  if (reading.corrections.length > 0) {
    const read = reading.corrections.map((c) => `"${c.written}" as "${c.read}"`).join(', ');
    said = `${said.replace(/\.$/, '')} (reading ${read}).`;
  }
  for (const c of unique(reading.namedConditions, (x) => x.text))
    said = `${said.replace(/\.$/, '')} ("${c.words}": ${c.text}, by the semantic layer).`;
  for (const d of unique(reading.layerDefaults, (x) => `${x.words}\n${x.column}`))
    said = `${said.replace(/\.$/, '')} ("${d.words}" is ${d.column} by the semantic layer, not ${d.others.join(' or ')}).`;
  return said;
}

/** A restatement with notes of what was chosen by default: `… (by month: the data has …).` */
function withNotes(restatement: string, notes: readonly string[]): string {
  return unique(notes, (n) => n).reduce(
    (said, note) => `${said.replace(/\.$/, '')} (${note}).`,
    restatement,
  );
}

/** The plan in plain words. */
export function restate(plan: AnalysisPlan, semantics: WorksheetSemantics): string {
  if (plan.shape) {
    const shown = plan.filters.filter((f) => f.op !== 'not_null');
    const where = shown.length > 0 ? ` where ${shown.map(describeFilter).join(' and ')}` : '';
    return `${shapeText(plan)} in ${semantics.source.name}${where}.`;
  }
  const parts = [plan.measures.map((m) => m.label).join(', ')];
  if (plan.measures.length === 1 && plan.measures[0]!.column === null) parts[0] = `Number of rows`;
  if (plan.dimensions.length > 0)
    parts.push(`by ${plan.dimensions.map((d) => d.label).join(' and ')}`);
  parts.push(`in ${semantics.source.name}`);
  const shown = plan.filters.filter((f) => f.op !== 'not_null');
  if (shown.length > 0) parts.push(`where ${shown.map(describeFilter).join(' and ')}`);
  if (plan.calculation) parts.push(`(${calculationText(plan)})`);
  const down = plan.sort[0]?.direction === 'asc';
  if (plan.limit !== null && plan.calculation?.kind === 'change_between')
    parts.push(`, the ${plan.limit} largest ${down ? 'decreases' : 'increases'}`);
  else if (plan.limit !== null) parts.push(`, ${down ? 'bottom' : 'top'} ${plan.limit}`);
  return `${parts.join(' ').replace(' ,', ',')}.`;
}

function notUnderstood(reading: Reading, semantics: WorksheetSemantics): string {
  const columns = semantics.columns.map((c) => c.name).join(', ');
  const words = reading.unused.filter((w) => /\p{L}{3,}/u.test(w));
  const suggestions = reading.alternatives.map((a) => a.reason).slice(0, 3);
  return (
    (suggestions.length > 0 ? `${suggestions.map((s) => capitalize(s)).join(' ')} ` : '') +
    (words.length > 0
      ? `I could not match ${words.map((w) => `"${w}"`).join(', ')} to the data in ${semantics.source.name}. `
      : `I could not find a question about ${semantics.source.name} in that. `) +
    `Ask about its columns (${columns}), for example "average ${semantics.columns.find((c) => c.role === 'measure')?.name ?? 'value'} by ${semantics.columns.find((c) => c.role === 'category')?.name ?? 'month'}".`
  );
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Aggregations whose values a ranked change compares between two periods. */
const CHANGED_AGGREGATIONS: readonly Aggregation[] = ['sum', 'avg', 'min', 'max', 'median'];

/** Calculations that read their groups whatever columns make them up. */
const QUALIFIABLE = new Set<string | null>([null, 'groups_where', 'share_of_total']);

/**
 * "which city has the most airports": a column the semantic layer qualifies by another (a city by
 * its state, `qualifiedBy`) groups with it, right after it, so that Portland, OR and Portland, ME
 * stay two groups. Not when the other already groups, or a filter holds it to one value, or a
 * calculation reads its groups by position.
 */
function qualifyGroupings(
  dimensions: ReadDimension[],
  filters: readonly ReadFilter[],
  calculation: string | null,
  semantics: WorksheetSemantics,
): void {
  if (!QUALIFIABLE.has(calculation)) return;
  for (let i = dimensions.length - 1; i >= 0; i -= 1) {
    const name = dimensions[i]!.column.qualifiedBy;
    const qualifier = semantics.columns.find((c) => c.name === name);
    if (!qualifier || dimensions.some((d) => d.column.name === qualifier.name)) continue;
    const held = filters.some(
      (f) =>
        f.filter.column === qualifier.name &&
        (f.filter.op === 'eq' || (f.filter.op === 'in' && [f.filter.value].flat().length === 1)),
    );
    if (held) continue;
    dimensions.splice(i + 1, 0, {
      column: qualifier,
      grain: null,
      source: 'defaulted',
      words: null,
    });
  }
}

/**
 * "average weight of cars with 4 cylinders compared to 8 cylinders": two values of one column,
 * each read as an equality, are never both true of a row, so together they would answer an empty
 * table with a success. They become one "is one of" filter and the column a grouping, each value
 * its own group (as "USA vs Japan" is read). Filters on a part of a date are left to the time
 * filters, which read their own lists.
 */
function groupValuesOfOneColumn(
  filters: ReadFilter[],
  dimensions: ReadDimension[],
  semantics: WorksheetSemantics,
): void {
  const equalities = new Map<string, ReadFilter[]>();
  for (const f of filters) {
    if (f.filter.op !== 'eq' || f.filter.part !== null) continue;
    equalities.set(f.filter.column, [...(equalities.get(f.filter.column) ?? []), f]);
  }
  for (const [name, same] of equalities) {
    const column = semantics.columns.find((c) => c.name === name);
    if (same.length < 2 || !column || column.role === 'temporal') continue;
    const filter = filterOf(name, 'in', same.map((f) => f.filter.value) as PlanFilter['value']);
    const words =
      same
        .map((f) => f.words ?? '')
        .join(' ')
        .trim() || null;
    filters.splice(filters.indexOf(same[0]!), 1, {
      filter,
      source: same[0]!.source,
      words,
      text: describeFilter(filter),
    });
    for (const f of same.slice(1)) filters.splice(filters.indexOf(f), 1);
    if (!dimensions.some((d) => d.column.name === name)) {
      dimensions.push({ column, grain: null, source: 'stated', words });
    }
  }
}
