import { nameWords, stem } from '../../../text/tokens.js';
import { keywordOf } from '../../mentions.js';
import { entityColumn, grainOf, ROUTE, routeColumns, rowLabel, timeDimension } from '../columns.js';
import type { ReadingContext, ReadingPass } from '../context.js';
import { adjectiveColumn } from './measures.js';

/**
 * "Which director has the most movies", "what genre", "which month had the most rain": the asked-for
 * column (or time grain, or the rows' names after a superlative) groups.
 */
export const which: ReadingPass = {
  name: 'which',
  run(context) {
    const { mentions, reading, semantics, used, superlatives, at, use, next } = context;
    const first = mentions[0];
    if (first && /^when$/i.test(first.words) && !used.has(0) && !semantics.timeColumn) {
      use(0);
      reading.problem ??= {
        code: 'not_understood',
        message: `"${first.words}" asks for dates, but ${semantics.source.name} has no date column to answer with.`,
      };
    } else if (first && /^when$/i.test(first.words) && !used.has(0) && semantics.timeColumn) {
      // "when was the price of AAPL highest": the dates ranked by the superlative's measure.
      // Without a superlative, "when" asks for dates no number answers: refused.
      use(0);
      if (superlatives.length > 0 && reading.dimensions.length === 0) {
        reading.dimensions.push({
          column: semantics.timeColumn,
          grain: 'day',
          source: 'stated',
          words: first.words,
        });
      } else if (reading.dimensions.length === 0) {
        reading.problem ??= {
          code: 'not_understood',
          message: `"${first.words}" asks for dates, which a number does not answer. Ask "which day had the highest …", or for a number by month ("… by month").`,
        };
      }
    }
    if (first && /^where$/i.test(first.words) && !used.has(0)) whereAsked(context);
    mentions.forEach((m, index) => {
      if (used.has(index) || !keywordOf(m, 'which')) return;
      let targetIndex = next(index, 1);
      // "which Japanese car": past a value the value filters read, to the rows' noun or column.
      if (
        at(targetIndex)?.kind === 'value' &&
        used.has(targetIndex) &&
        ['entity', 'column'].includes(at(next(targetIndex, 1))?.kind ?? '')
      )
        targetIndex = next(targetIndex, 1);
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
      } else if (grainOf(target) && timeDimension(semantics, grainOf(target)!.grain)) {
        // "Which month had the most rain", "what day of the week", "which day was the hottest"
        // (where a day is also what a row is).
        reading.dimensions.push({
          ...timeDimension(semantics, grainOf(target)!.grain)!,
          source: 'stated',
          words: `${m.words} ${target!.words}`,
        });
        use(index, targetIndex);
      } else if (
        target &&
        !used.has(targetIndex) &&
        ROUTE.test(target.words) &&
        routeColumns(semantics)
      ) {
        // "which route": the origin and destination together.
        for (const column of routeColumns(semantics)!) {
          reading.dimensions.push({
            column,
            grain: null,
            source: 'stated',
            words: `${m.words} ${target.words}`,
          });
        }
        use(index, targetIndex);
      } else if (
        target?.kind === 'entity' &&
        !used.has(targetIndex) &&
        !rowLabel(semantics) &&
        entityColumn(semantics, target.words)
      ) {
        // "which stock had the highest price": the category the layer names with the row word.
        reading.dimensions.push({
          column: entityColumn(semantics, target.words)!,
          grain: null,
          source: 'stated',
          words: `${m.words} ${target.words}`,
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
    askedWhen(context);
    superlativeOfPeriod(context);
  },
};

/**
 * Words that name a place: a column whose name holds one, or that the semantic layer calls one
 * ("town", "place"), answers "where".
 */
const PLACE_STEMS = new Set(
  [
    'city',
    'town',
    'state',
    'province',
    'country',
    'nation',
    'island',
    'region',
    'county',
    'location',
    'place',
  ].map(stem),
);

/** Verbs of being somewhere, said with "where". */
const WHERE_VERBS = /^(located|situated|based|live|lives|lived|found)$/i;

/**
 * "where is the airport with code ANC", "where do gentoo penguins live": the columns that name a
 * place (city, state, country, island…, by their names or the layer's synonyms, in the worksheet's
 * order, at most three) group, so the answer says where. With none, the turn is refused: a number
 * says no place. Only where nothing groups yet.
 */
function whereAsked({ mentions, reading, semantics, used, use }: ReadingContext): void {
  use(0);
  // "where is LaGuardia located", "where do gentoo penguins live": the verb only asks where.
  mentions.forEach((m, index) => {
    if (!used.has(index) && m.kind === 'word' && WHERE_VERBS.test(m.words)) use(index);
  });
  if (reading.dimensions.length > 0 || reading.shape) return;
  const places = semantics.columns.filter(
    (c) =>
      c.type === 'string' &&
      c.role !== 'measure' &&
      (nameWords(c.name).some((word) => PLACE_STEMS.has(stem(word))) ||
        c.phrases.some((p) => p.layer && PLACE_STEMS.has(p.key))),
  );
  if (places.length === 0) {
    reading.problem ??= {
      code: 'not_understood',
      message: `"${mentions[0]!.words}" asks for a place, but ${semantics.source.name} has no column of places to answer with.`,
    };
    return;
  }
  for (const column of places.slice(0, 3))
    reading.dimensions.push({ column, grain: null, source: 'stated', words: mentions[0]!.words });
}

/**
 * "highest fertility rate ever - which country and when?", "which stock had the highest price, and
 * when": a "when" after "and", or ending the question, asks the time of the row at the extreme
 * beside what else is asked: the time column (its day, or the year column where there is no date)
 * groups too, and the superlative-ranking pass keeps the one row at the extreme. A "when" there
 * with no superlative, or no time to answer with, is refused, never dropped as a stopword.
 */
function askedWhen({
  mentions,
  reading,
  semantics,
  superlatives,
  used,
  use,
}: ReadingContext): void {
  mentions.forEach((m, index) => {
    if (index === 0 || used.has(index) || !/^when$/i.test(m.words)) return;
    const last = index === mentions.length - 1;
    if (!last && !/^and$/i.test(mentions[index - 1]!.words)) return;
    use(index);
    const time = timeDimension(semantics, 'day') ?? timeDimension(semantics, 'year');
    if (superlatives.length === 0 || !time) {
      reading.problem ??= {
        code: 'not_understood',
        message: time
          ? `"${m.words}" asks for the date of one row, which I answer only beside a superlative ("the highest …, which … and when").`
          : `"${m.words}" asks for dates, but ${semantics.source.name} has no date or year column to answer with.`,
      };
      return;
    }
    if (reading.dimensions.some((d) => d.column === time.column)) return;
    reading.dimensions.push({ ...time, source: 'stated', words: m.words });
  });
}

/**
 * "what was the hottest day", "the wettest month of 2014": a superlative before a time grain asks
 * which day or month it was, as "which day was the hottest" does; the one at the extreme is the
 * answer, with its value. Only where nothing groups yet.
 */
function superlativeOfPeriod({
  mentions,
  reading,
  semantics,
  use,
  next,
  at,
}: ReadingContext): void {
  if (reading.dimensions.length > 0 || reading.ranking || reading.problem) return;
  mentions.forEach((m, index) => {
    const superlative = keywordOf(m, 'superlative');
    if (!superlative || reading.dimensions.length > 0) return;
    const periodIndex = next(index, 1);
    const period = at(periodIndex);
    const grain = grainOf(period);
    // A grain word naming a period ("day", "month"), not a rate ("daily"): where a day is a row,
    // the measures pass read "day" as the rows, which it also names here.
    if (!grain || grain.grain === 'auto' || /ly$/i.test(period!.words)) return;
    const dimension = timeDimension(semantics, grain.grain);
    if (!dimension) return;
    if (!reading.measures.some((x) => x.column)) {
      // "the wettest year": the adjective names the measure the measures pass left for the period.
      const measured = adjectiveColumn(m.words, semantics, superlative.direction);
      if (!measured) return;
      reading.measures.push({
        column: measured,
        aggregation: measured.defaultAggregation,
        source: 'stated',
        words: m.words,
      });
      use(index);
    }
    reading.dimensions.push({
      ...dimension,
      source: 'stated',
      words: `${m.words} ${period!.words}`,
    });
    reading.ranking = { direction: superlative.direction, limit: 1, words: m.words };
    use(periodIndex);
  });
}
