import type { Aggregation } from '@ask-analyst/protocol';
import type { ColumnSemantics, WorksheetSemantics } from '../../../semantics/worksheet.js';
import { nameWords, phraseKey } from '../../../text/tokens.js';
import { keywordOf, type Mention } from '../../mentions.js';
import {
  GROUP_CUE,
  grainOf,
  isRowGrainOfMeasure,
  measureNamedByValue,
  rowLabel,
} from '../columns.js';
import type { ReadingContext, ReadingPass } from '../context.js';
import type { Reading } from '../reading.js';

/** Superlatives of quantity: "the most movies" ranks by how many rows there are. */
const QUANTITY = new Set(['most', 'least', 'fewest', 'busiest']);

/** Superlatives that rank the values of a category by how often they occur ("most common genre"). */
export const FREQUENCY: ReadonlySet<string> = new Set([
  ...QUANTITY,
  'most common',
  'most frequent',
  'most popular',
  'most often',
  'commonest',
  'least common',
  'least frequent',
  'least popular',
  'rarest',
]);

/** Superlative adjectives and the measures they name (general vocabulary, not one data set). */
export const ADJECTIVE_MEASURES: Readonly<Record<string, readonly string[]>> = {
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
  deepest: ['depth'],
  shallowest: ['depth'],
  widest: ['width'],
  narrowest: ['width'],
  hottest: ['temperature'],
  warmest: ['temperature'],
  coldest: ['temperature'],
  coolest: ['temperature'],
  wettest: ['precipitation'],
  driest: ['precipitation'],
  oldest: ['age'],
  youngest: ['age'],
  'most populous': ['population'],
  'least populous': ['population'],
  'most populated': ['population'],
  'least populated': ['population'],
  'most powerful': ['horsepower', 'power'],
  'least powerful': ['horsepower', 'power'],
  'most fuel efficient': ['fuel efficiency', 'fuel economy', 'miles per gallon'],
  'least fuel efficient': ['fuel efficiency', 'fuel economy', 'miles per gallon'],
  'most efficient': ['fuel efficiency', 'efficiency'],
  'least efficient': ['fuel efficiency', 'efficiency'],
  windiest: ['wind', 'wind speed'],
  calmest: ['wind', 'wind speed'],
  rainiest: ['precipitation', 'rainfall'],
  'most delayed': ['delay'],
  'least delayed': ['delay'],
  richest: ['income', 'wealth', 'gdp'],
  wealthiest: ['income', 'wealth', 'gdp'],
  poorest: ['income', 'wealth', 'gdp'],
  // North and east are the higher latitude and longitude; south and west the lower.
  ...Object.fromEntries(
    ['northernmost', 'most northern', 'furthest north', 'farthest north']
      .concat(['southernmost', 'most southern', 'furthest south', 'farthest south'])
      .map((word) => [word, ['latitude', 'lat']]),
  ),
  ...Object.fromEntries(
    ['easternmost', 'most eastern', 'furthest east', 'farthest east']
      .concat(['westernmost', 'most western', 'furthest west', 'farthest west'])
      .map((word) => [word, ['longitude', 'long', 'lon', 'lng']]),
  ),
};

/** The numeric column a superlative adjective measures ("heaviest" → Weight_in_lbs), if any. */
export function adjectiveColumn(
  words: string,
  semantics: WorksheetSemantics,
  direction?: 'asc' | 'desc',
): ColumnSemantics | null {
  // Of twins the phrase names alike ("temperature": temp_max, temp_min), the one for the
  // direction: "hottest" the maximum, "coldest" the minimum.
  const bound = direction === 'desc' ? /\bmax/i : direction === 'asc' ? /\bmin/i : null;
  let best = null as { column: ColumnSemantics; weight: number } | null;
  for (const phrase of ADJECTIVE_MEASURES[words.toLowerCase()] ?? []) {
    const key = phraseKey(phrase.split(' '));
    for (const column of semantics.columns) {
      if (column.role !== 'measure') continue;
      const weight = column.phrases.find((p) => p.key === key)?.weight ?? 0;
      const fits = bound?.test(column.name.replace(/_/g, ' ')) ?? false;
      const bestFits = best ? (bound?.test(best.column.name.replace(/_/g, ' ')) ?? false) : false;
      if (
        weight > (best?.weight ?? 0) ||
        (weight > 0 && weight === best?.weight && fits && !bestFits)
      )
        best = { column, weight };
    }
  }
  return best?.column ?? null;
}

/**
 * Whether the question's words ask for groups ("by", "per", "which origin", "which movie"), read or
 * not yet: a superlative then ranks groups rather than taking a maximum. One pass over the mentions,
 * from the last, keeping the next one that is not a stopword.
 */
function asksForGroups(mentions: readonly Mention[]): boolean {
  let following: Mention | undefined;
  let asks = false;
  for (let index = mentions.length - 1; index >= 0 && !asks; index -= 1) {
    const m = mentions[index]!;
    if (keywordOf(m, 'group')) asks = true;
    else if (keywordOf(m, 'which')) {
      asks =
        following?.kind === 'entity' ||
        Boolean(keywordOf(following, 'grain')) ||
        (following?.kind === 'column' &&
          (following.column.role !== 'measure' || following.column.discrete));
    }
    if (!(m.kind === 'word' && m.stop)) following = m;
  }
  return asks;
}

/** Words that join the aggregations of a list ("min and max", "mean or median"). */
const LIST_JOINS = new Set(['and', 'or', '&']);

/**
 * The numeric column a list of aggregations ending at the one after `index` applies to ("min and
 * max horsepower"): the aggregations joined by stopwords, at least one of them "and" or "or", and
 * a measure right after the last. Undefined when `index` does not start or sit in such a list.
 */
function sharedColumn(context: ReadingContext, index: number): ColumnSemantics | undefined {
  const { mentions, next, at } = context;
  let joined = false;
  let current = index;
  for (;;) {
    const following = next(current, 3);
    if (following < 0) return undefined;
    const between = mentions.slice(current + 1, following);
    if (between.some((x) => x.kind === 'word' && LIST_JOINS.has(x.words.toLowerCase())))
      joined = true;
    const mention = at(following);
    if (keywordOf(mention, 'aggregation') && !keywordOf(mention, 'superlative')) {
      current = following;
      continue;
    }
    if (current === index || !joined || mention?.kind !== 'column') return undefined;
    const column = mention.column;
    return column.role === 'measure' && mention.others.length === 0 ? column : undefined;
  }
}
/**
 * "on average" said of the measures already read ("heaviest species on average", "bill length of
 * Gentoo penguins on average"): each is averaged, as stated, so a superlative ranks the averages
 * ("which species has the shortest flippers on average"), never the extremes. The rows' names a
 * superlative took to say which row holds the extreme ("the heaviest cars": which car) name no
 * average, and are dropped with their top 1. False when no measure is read yet.
 */
function averageTheMeasures(
  reading: Reading,
  semantics: WorksheetSemantics,
  words: string,
): boolean {
  const measured = reading.measures.filter((x) => x.column && x.source !== 'carried_over');
  if (measured.length === 0) return false;
  for (const x of measured) {
    x.aggregation = 'avg';
    x.source = 'stated';
    x.words = `${x.words ?? x.column!.name} ${words}`;
  }
  const id = rowLabel(semantics);
  const named = reading.dimensions.findIndex((d) => d.column === id && d.source === 'defaulted');
  if (named >= 0 && reading.ranking?.limit === 1) {
    reading.dimensions.splice(named, 1);
    reading.ranking = null;
  }
  return true;
}

/** Words after a count that say it is one total: "how many … in total", "… combined". */
const TOTAL_OF_COUNT = /^(in total|altogether|combined|overall|total)$/i;

/**
 * Measures: an aggregation word and what it applies to ("average horsepower", "total us gross"),
 * counts of rows ("how many cars") or of distinct values ("how many different origins"), shares
 * ("percentage of cars"), superlatives ("highest rating", "the most common genre", "the heaviest
 * car"), which it also keeps for the later passes. An aggregation of nothing it can place, or a sum
 * of years or names, is a problem rather than another question answered.
 */
export const measures: ReadingPass = {
  name: 'measures',
  run(context) {
    const { mentions, reading, semantics, used, superlatives, at, use, next } = context;
    let groupsAsked: boolean | undefined;
    let trailingAverage = false;
    // Set inside the walk below (a closure), so typed by a cast rather than narrowed to null.
    let trailing = null as {
      direction: 'asc' | 'desc';
      index: number;
      words: string;
      /** An aggregation said right after it ("the heaviest on average"): the groups' averages. */
      aggregation: Aggregation | null;
    } | null;
    const hasGrouping = () =>
      reading.dimensions.length > 0 || (groupsAsked ??= asksForGroups(mentions));
    mentions.forEach((m, index) => {
      if (used.has(index)) return;
      const aggregation = keywordOf(m, 'aggregation');
      const count = keywordOf(m, 'count');
      const distinct = keywordOf(m, 'count_distinct');
      const superlative = keywordOf(m, 'superlative');
      const share = keywordOf(m, 'share');
      if (!aggregation && !count && !distinct && !superlative && !share) return;
      let targetIndex = next(index, 3);
      const shared = aggregation && !superlative ? sharedColumn(context, index) : undefined;
      if (aggregation && shared) {
        // "min and max horsepower", "mean, median and max body mass": each aggregation of the
        // list applies to the column after its last one, which that last one places.
        use(index);
        reading.asksForValue = true;
        reading.measures.push({
          column: shared,
          aggregation: aggregation.aggregation,
          source: 'stated',
          words: m.words,
        });
        return;
      }
      const joinedTarget = at(targetIndex);
      if (
        aggregation &&
        !superlative &&
        joinedTarget?.kind === 'column' &&
        mentions
          .slice(index + 1, targetIndex)
          .some((x) => x.kind === 'word' && LIST_JOINS.has(x.words.toLowerCase()))
      ) {
        // "min and max temperature" where "max temperature" names temp_max: the list's noun is
        // inside a column's name, so which column "min" applies to is not said.
        use(index);
        reading.problem = {
          code: 'not_understood',
          message: `I read "${m.words}", but not which column it applies to: "${joinedTarget.words}" names ${joinedTarget.column.name}. Name the column of each, for example "${m.words} <column> and ${joinedTarget.words}".`,
        };
        return;
      }
      // "average daily maximum temperature" where a row is a day: the grain word says what each
      // value is (the groupings pass placed it without a grouping).
      if ((aggregation || superlative) && isRowGrainOfMeasure(context, targetIndex))
        targetIndex = next(targetIndex, 1);
      // "average 2009 price", "total 2015 rainfall", "how many Nolan films": a year the time
      // filters read, or a value the value filters read, sits between the word and its measure.
      const between = at(targetIndex);
      if (
        (aggregation || superlative || count || distinct) &&
        (between?.kind === 'number' || between?.kind === 'value') &&
        used.has(targetIndex) &&
        (at(next(targetIndex, 1))?.kind === 'column' ||
          // "the lightest American car": the rows' noun after a value.
          (superlative && at(next(targetIndex, 1))?.kind === 'entity'))
      ) {
        targetIndex = next(targetIndex, 1);
      }
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
      // "which year had the most rain": "rain" is a value (weather = rain) and the layer's word
      // for a measure (precipitation); the days counted or the amount summed are both readings.
      // "which year had the most movie releases": a quantity before a date column counts the rows
      // it dates (the releases), never the latest date.
      if (
        superlative &&
        QUANTITY.has(m.words.toLowerCase()) &&
        found?.kind === 'column' &&
        found.column.role === 'temporal' &&
        !used.has(targetIndex)
      ) {
        use(index, targetIndex);
        reading.asksForValue = true;
        superlatives.push({ direction: superlative.direction, words: m.words });
        reading.measures.push({
          column: null,
          aggregation: 'count',
          source: 'stated',
          words: `${m.words} ${found.words}`,
        });
        return;
      }
      if (superlative && QUANTITY.has(m.words.toLowerCase()) && found?.kind === 'value') {
        const amount = measureNamedByValue(found, semantics);
        if (amount) {
          use(index);
          reading.problem = {
            code: 'needs_clarification',
            message: `"${m.words} ${found.words}" may mean the most rows where ${found.words} is a value of the data, or the most ${amount.name}. Say which one you mean.`,
          };
          reading.alternatives.push({
            question: `which has the highest total ${amount.name}`,
            reason: `"${found.words}" as ${amount.name}`,
          });
          return;
        }
      }
      // "total rain in 2013": a value the layer also uses as a measure's word, after an aggregation,
      // is that measure (the value filters left it).
      const valueMeasure =
        aggregation && !used.has(targetIndex) ? measureNamedByValue(found, semantics) : undefined;
      if (valueMeasure && found) {
        use(index, targetIndex);
        reading.asksForValue = true;
        reading.measures.push({
          column: valueMeasure,
          aggregation: aggregation!.aggregation,
          source: 'stated',
          words: `${m.words} ${found.words}`,
        });
        return;
      }
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
      let words = target && targetIndex >= 0 ? `${m.words} ${target.words}` : m.words;
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
      const adjective = superlative && ADJECTIVE_MEASURES[m.words.toLowerCase()];
      if (
        adjective &&
        !aggregation &&
        target?.kind === 'column' &&
        used.has(targetIndex) &&
        reading.dimensions.some((d) => d.column === target.column)
      ) {
        // "top 5 most populous countries": the ranking took the countries as groups; the adjective
        // names what ranks them.
        const measured = adjectiveColumn(m.words, semantics);
        if (!measured) {
          reading.problem = {
            code: 'not_understood',
            message: `I read "${words}" but could not tell which column "${m.words}" measures in ${semantics.source.name}.`,
          };
          return;
        }
        reading.measures.push({
          column: measured,
          aggregation: explicit ?? measured.defaultAggregation,
          source: 'stated',
          words: m.words,
        });
        return;
      }
      if (target?.kind === 'column' && !used.has(targetIndex)) {
        use(targetIndex);
        // "the lowest temperature" where a phrase names temp_max and temp_min: the min twin.
        const low = explicit === 'min' || (!explicit && superlative?.direction === 'asc');
        const high = explicit === 'max' || (!explicit && superlative?.direction === 'desc');
        const bound = (c: ColumnSemantics, words: readonly string[]) =>
          nameWords(c.name).some((word) => words.includes(word));
        let column =
          (low || high) && target.others.length > 0
            ? ([target.column, ...target.others].find((c) =>
                bound(
                  c,
                  low ? ['min', 'minimum', 'low', 'lowest'] : ['max', 'maximum', 'high', 'highest'],
                ),
              ) ?? target.column)
            : target.column;
        // "the deepest bill" where "bill" names Beak Length and Beak Depth: the adjective's own
        // measure word ("depth") in one of their names settles it (not asked again later).
        const adjectiveWords = superlative ? ADJECTIVE_MEASURES[m.words.toLowerCase()] : undefined;
        const settled =
          adjectiveWords && target.others.length > 0
            ? [target.column, ...target.others].filter((c) =>
                nameWords(c.name).some((word) => adjectiveWords.includes(word)),
              )
            : [];
        if (settled.length === 1) {
          column = settled[0]!;
          words = m.words;
        }
        if (count || distinct) {
          const howMany = m.words.toLowerCase() === 'how many';
          if (column.role === 'measure' && count && !distinct) {
            // "how many cylinders does the ford torino have": the measure a row holds, its value
            // (the average where several rows share the name), never a count of the rows or values.
            const held =
              howMany &&
              /^(does|do|did)$/i.test(at(targetIndex + 1)?.words ?? '') &&
              mentions
                .slice(targetIndex + 1)
                .some((x) => /^(have|has|had|get|make)$/i.test(x.words));
            // "how many people" of a population, "how many miles" of a distance: an amount
            // column counts what it holds, so how many is its total, never its rows.
            const total = howMany && column.defaultAggregation === 'sum';
            if (held || !column.discrete) {
              const aggregation = held ? 'avg' : total ? 'sum' : 'count';
              reading.measures.push({ column, aggregation, source: 'stated', words });
              return;
            }
          }
          reading.measures.push({ column, aggregation: 'count_distinct', source: 'stated', words });
          return;
        }
        const frequency = superlative && !QUANTITY.has(m.words.toLowerCase());
        if (
          frequency &&
          FREQUENCY.has(m.words.toLowerCase()) &&
          !explicit &&
          column.role !== 'identifier' &&
          column.role !== 'category'
        ) {
          // "the most common number of cylinders", "the most frequent year": how often each value
          // occurs (the mode), as for a category; never the column's maximum. A phrase naming twin
          // columns has no direction to settle it, so it asks.
          if (target.others.length > 0) {
            reading.problem = {
              code: 'needs_clarification',
              message: `"${target.words}" may mean ${[target.column, ...target.others].map((c) => c.name).join(' or ')}. Say which one you mean.`,
            };
            return;
          }
          // A date's values are counted by the period its word names ("the most common year"),
          // else by day (the most common date).
          const period = column.role === 'temporal' ? grainOf(target) : undefined;
          const grain =
            column.role !== 'temporal'
              ? null
              : period && period.grain !== 'auto'
                ? period.grain
                : 'day';
          reading.dimensions.push({
            column: target.column,
            grain,
            source: 'stated',
            words: target.words,
          });
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
        const spread = explicit === 'stddev' || explicit === 'variance' || explicit === 'range';
        if (
          spread &&
          (column.derived ||
            column.role === 'identifier' ||
            column.role === 'category' ||
            (column.type !== 'integer' && column.type !== 'number'))
        ) {
          // A spread is of a column's numbers: never of names, dates or a formula of two columns.
          reading.problem = {
            code: 'not_understood',
            message: `I read "${words}", but a standard deviation, variance or range is taken of one column of numbers, and ${column.name} is ${column.derived ? 'a formula of two columns' : column.type === 'date' || column.type === 'timestamp' ? 'a date' : 'not a number'}. Ask for its minimum and maximum instead.`,
          };
          return;
        }
        if (column.role === 'identifier' || column.role === 'category') {
          if (superlative && ADJECTIVE_MEASURES[m.words.toLowerCase()]) {
            // "the heaviest species": the adjective names a measure to rank the groups by; never
            // their row count, which answers "the most common species".
            const measured = adjectiveColumn(m.words, semantics);
            if (!measured) {
              reading.problem = {
                code: 'not_understood',
                message: `I read "${words}" but could not tell which column "${m.words}" measures in ${semantics.source.name}. Name it, for example "${superlative.direction === 'desc' ? 'highest' : 'lowest'} ${semantics.columns.find((c) => c.role === 'measure')?.name ?? 'value'} by ${column.name}".`,
              };
              return;
            }
            reading.dimensions.push({ column, grain: null, source: 'stated', words: target.words });
            reading.measures.push({
              column: measured,
              aggregation: explicit ?? measured.defaultAggregation,
              source: 'stated',
              words: m.words,
            });
            return;
          }
          if (superlative && !FREQUENCY.has(m.words.toLowerCase())) {
            // "the highest rated movies" read on MPAA Rating: "highest" is no frequency, and no
            // measure of this column; ranking its values by their count would answer another
            // question. Asked when the phrase names measures too, refused otherwise.
            const measures = target.others.filter((c) => c.role === 'measure');
            // "the best rated movie on Rotten Tomatoes", "on IMDB": another phrase names exactly
            // one of the measures, which says which; taken as any measure under a superlative.
            const namedAlone = mentions.flatMap((x, j) => {
              if (j === targetIndex || x.kind !== 'column') return [];
              const among = [x.column, ...x.others, ...(x.alsoNamed ?? [])].filter((c) =>
                measures.includes(c),
              );
              return among.length === 1 ? [{ j, column: among[0]!, words: x.words }] : [];
            });
            if (new Set(namedAlone.map((x) => x.column)).size === 1) {
              const { column: measured } = namedAlone[0]!;
              use(...namedAlone.map((x) => x.j));
              const chosen: Aggregation =
                explicit ??
                (!hasGrouping()
                  ? superlative.direction === 'desc'
                    ? 'max'
                    : 'min'
                  : measured.defaultAggregation);
              reading.measures.push({
                column: measured,
                aggregation: chosen,
                source: explicit || chosen !== measured.defaultAggregation ? 'stated' : 'defaulted',
                // Not the other phrase's words: it named the column, so nothing is left to ask.
                words,
              });
              return;
            }
            reading.problem =
              measures.length > 0
                ? {
                    code: 'needs_clarification',
                    message: `"${target.words}" may mean ${[column, ...measures].map((c) => c.name).join(' or ')}. Say which one you mean.`,
                  }
                : {
                    code: 'not_understood',
                    message: `I read "${words}", but ${column.name} names or codes rows: "${m.words}" measures nothing in it. Name a measure, for example "${m.words} ${semantics.columns.find((c) => c.role === 'measure')?.name ?? 'value'}".`,
                  };
            return;
          }
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
          (superlative && !hasGrouping()
            ? superlative.direction === 'desc'
              ? 'max'
              : 'min'
            : column.defaultAggregation);
        if (chosen === 'range') {
          // "the range of horsepower": the span, and where it runs from and to (people asking
          // for a range mean either).
          for (const aggregation of ['range', 'min', 'max'] as const)
            reading.measures.push({ column, aggregation, source: 'stated', words });
          return;
        }
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
        const measured = adjectiveColumn(m.words, semantics, superlative.direction);
        if (!measured) {
          reading.problem = {
            code: 'not_understood',
            message: `I read "${m.words} ${target.words}" but could not tell which column "${m.words}" measures in ${semantics.source.name}. Name it, for example "${superlative.direction === 'desc' ? 'highest' : 'lowest'} ${semantics.columns.find((c) => c.role === 'measure')?.name ?? 'value'}".`,
          };
          return;
        }
        // Beside one group ("the heaviest car for each origin") the noun is left to name the
        // winners (the winner-per-group pass).
        const oneGroup =
          reading.dimensions.length === 1 && GROUP_CUE.test(reading.dimensions[0]!.words ?? '');
        if (!oneGroup) use(targetIndex);
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
      if (
        aggregation?.aggregation === 'avg' &&
        /^on average$/i.test(m.words) &&
        (!target || (index === 0 && keywordOf(target, 'which')))
      ) {
        // "heaviest species on average", "bill length of Gentoo penguins on average": the
        // adverb says how the measure already read is taken. Said, it stays the average: "which
        // species has the shortest flippers on average" ranks the averages, never the extremes.
        if (averageTheMeasures(reading, semantics, m.words)) return;
        trailingAverage = true;
        return;
      }
      // "the body mass of the smallest Gentoo": nothing to measure after a value the value filters
      // read, so the superlative is taken on the measure before it, as at the end of a question.
      const lastIsValue =
        found?.kind === 'value' &&
        used.has(targetIndex) &&
        !['column', 'entity'].includes(at(next(targetIndex, 1))?.kind ?? '');
      if (
        superlative &&
        !aggregation &&
        (targetIndex < 0 || lastIsValue) &&
        !FREQUENCY.has(m.words.toLowerCase())
      ) {
        // "when was the price of AAPL highest": the superlative comes after its measure ("which
        // weather occurs most often" counts rows, as before).
        trailing = {
          direction: superlative.direction,
          index,
          words: m.words,
          aggregation: inner ? explicit : null,
        };
        return;
      }
      const counted = reading.measures.some(
        (x) => x.aggregation === 'count' || x.aggregation === 'count_distinct',
      );
      if (
        aggregation?.aggregation === 'sum' &&
        TOTAL_OF_COUNT.test(m.words) &&
        counted &&
        !target
      ) {
        // "how many airports are there in total", "how many airports in Hawaii and Alaska
        // combined": the count is one total; values listed are its filter, never its groups.
        reading.dimensions = reading.dimensions.filter(
          (d) =>
            !reading.filters.some((f) => f.filter.column === d.column.name && f.filter.op === 'in'),
        );
        return;
      }
      if (aggregation || (superlative && target?.kind === 'word' && !target.stop)) {
        // "average profit" where no column is profit: say so rather than answer something else.
        const subject = target && target.kind === 'word' ? `"${target.words}"` : 'nothing';
        const numeric = semantics.columns.filter((c) => c.role === 'measure').map((c) => c.name);
        reading.problem = {
          code: 'not_understood',
          message:
            `I read "${m.words}" but it applies to ${subject}, which is not a column of ${semantics.source.name}. ` +
            (numeric.length > 0
              ? `Its numeric columns are: ${numeric.join(', ')}.`
              : 'It has no numeric columns; ask for a count instead.'),
        };
      }
    });
    if (trailing) {
      // The nearest measure named before it, unplaced, at its maximum (minimum): its twin for that
      // direction when the phrase names two ("the temperature was highest": temp_max).
      for (let index = trailing.index - 1; index >= 0; index -= 1) {
        const m = mentions[index]!;
        if (used.has(index) || m.kind !== 'column' || m.column.role !== 'measure') continue;
        const bound = trailing.direction === 'desc' ? /\bmax/i : /\bmin/i;
        const column =
          [m.column, ...m.others].find((c) => bound.test(c.name.replace(/_/g, ' '))) ?? m.column;
        // "the flipper length of the heaviest Adelie": the adjective names another measure (body
        // mass), so the measure before it is not what is at its extreme.
        const named = ADJECTIVE_MEASURES[trailing.words.toLowerCase()]
          ? adjectiveColumn(trailing.words, semantics, trailing.direction)
          : null;
        if (named && named !== column) {
          const extremeWord = trailing.direction === 'desc' ? 'highest' : 'lowest';
          reading.problem = {
            code: 'not_understood',
            message: `I read "${m.words}" and "${trailing.words}", which measures ${named.name}: the ${m.words} of the row with the ${extremeWord} ${named.name} is not something I answer yet. Ask for the "${extremeWord} ${named.name}" or the "${extremeWord} ${m.words}".`,
          };
          trailing = null;
          break;
        }
        use(index);
        reading.measures.push({
          column,
          aggregation: trailing.aggregation ?? (trailing.direction === 'desc' ? 'max' : 'min'),
          source: 'stated',
          words: `${m.words} … ${trailing.words}`,
        });
        trailing = null;
        break;
      }
    }
    if (trailing) {
      // "which day was the hottest": an adjective names its measure; a bare "highest" with no
      // measure before it names none, and is refused rather than ranking row counts.
      const measured = ADJECTIVE_MEASURES[trailing.words.toLowerCase()]
        ? adjectiveColumn(trailing.words, semantics, trailing.direction)
        : null;
      // "when was apple stock at its lowest" in Stocks: the worksheet's one measure is the only
      // thing that can be lowest; its slot says it was taken by default.
      const measures = semantics.columns.filter((c) => c.role === 'measure' && !c.derived);
      const only = !measured && measures.length === 1 ? measures[0]! : null;
      if (only) {
        reading.measures.push({
          column: only,
          aggregation: trailing.aggregation ?? (trailing.direction === 'desc' ? 'max' : 'min'),
          source: 'defaulted',
          words: trailing.words,
        });
      } else if (measured) {
        // A sum stays the total over groups ("which month is the rainiest"), as in
        // superlative-ranking.
        reading.measures.push({
          column: measured,
          aggregation:
            trailing.aggregation ??
            (measured.defaultAggregation === 'sum' && hasGrouping()
              ? 'sum'
              : trailing.direction === 'desc'
                ? 'max'
                : 'min'),
          source: 'stated',
          words: trailing.words,
        });
      } else {
        reading.problem ??= {
          code: 'not_understood',
          message: `I read "${trailing.words}" but not of what in ${semantics.source.name}: name a measure, for example "the ${trailing.words} ${semantics.columns.find((c) => c.role === 'measure')?.name ?? 'value'}".`,
        };
      }
    }
    // "on average, which species has the shortest flippers": said first, of the measure after it.
    if (trailingAverage && averageTheMeasures(reading, semantics, 'on average'))
      trailingAverage = false;
    if (trailingAverage) {
      const measured = mentions.flatMap((m, index) =>
        !used.has(index) && m.kind === 'column' && m.column.role === 'measure' && !m.column.discrete
          ? [index]
          : [],
      );
      if (measured.length === 0) {
        reading.problem ??= {
          code: 'not_understood',
          message: `I read "on average" but it applies to nothing, which is not a column of ${semantics.source.name}.`,
        };
      }
      for (const index of measured) {
        const m = mentions[index]!;
        if (m.kind !== 'column') continue;
        use(index);
        reading.measures.push({
          column: m.column,
          aggregation: 'avg',
          source: 'stated',
          words: `${m.words} on average`,
        });
      }
    }
  },
};
