import { keywordOf, type Mention } from '../../mentions.js';
import { ROUTE, routeColumns, rowLabel } from '../columns.js';
import type { ReadingContext, ReadingPass } from '../context.js';
import { ADJECTIVE_MEASURES, FREQUENCY } from './measures.js';

/**
 * What "top 5" ranks: the next mention, or the one after a superlative and the measure it names
 * ("top 10 highest grossing movies", "top 3 heaviest cars"): the index, or -1.
 */
function rankedAfter(
  index: number,
  mentions: readonly Mention[],
  next: (index: number, skip?: number) => number,
  filtered?: (from: number) => number,
): number {
  let j = next(index, 2);
  // "top 3 european cars by mpg": values read as filters between the count and what is ranked.
  const k = filtered ? filtered(j) : j;
  if (k !== j) return k;
  const superlative = mentions[j];
  if (!keywordOf(superlative, 'superlative')) return j;
  j = next(j, 2);
  const measure = mentions[j];
  if (measure?.kind === 'column' && measure.column.role === 'measure') return next(j, 2);
  // "top 3 most common origins", "top 5 most populous countries": a superlative of frequency, or
  // one naming its own measure, ranks what follows; "top 5 highest rated movies" leaves "rated"
  // to the measures pass (a rating, not the groups).
  const word = superlative!.words.toLowerCase();
  return FREQUENCY.has(word) || ADJECTIVE_MEASURES[word] ? j : -1;
}

/**
 * "top 3 european cars by mpg", "bottom 3 comedy movies by imdb rating": values the value filters
 * read right after the count (one or two, each of a column without a twin) filter what is ranked;
 * the rows' noun or the column of groups after them is ranked, by a measure the question names
 * after it. The index ranked, or `from` when the values do not read so: a value of the column
 * ranked itself ("top 5 ATL destinations": from ATL or to it?), or no measure named.
 */
function pastFilterValues(context: ReadingContext, from: number): number {
  const { mentions, used, foundValues, semantics } = context;
  let k = from;
  const columns: string[] = [];
  while (mentions[k]?.kind === 'value' && used.has(k) && k - from < 2) {
    const found = foundValues.find((v) => v.index === k);
    if (!found) return from;
    columns.push(found.column);
    k += 1;
  }
  if (k === from) return from;
  const target = mentions[k];
  const ranked =
    target?.kind === 'entity'
      ? null
      : target?.kind === 'column' && target.column.role !== 'measure'
        ? target.column.name
        : undefined;
  if (ranked === undefined) return from;
  // A value of one of a pair of twins ("ATL" of origin or destination) is left to be asked.
  const twinned = (name: string) => {
    const twin = semantics.columns.find((c) => c.name === name)?.twin;
    return twin ? semantics.columns.some((c) => c.twin && c.twin !== twin) : false;
  };
  if (columns.some((c) => c === ranked || twinned(c))) return from;
  const measured = mentions
    .slice(k + 1)
    .some((m) => m.kind === 'column' && m.column.role === 'measure');
  return measured ? k : from;
}

/**
 * The superlative after "the 10 states with the", when a count stands right before a grouping
 * column or the rows' word and "with"/"having" the superlative follows it: its index, or -1.
 */
function rankedBefore(
  index: number,
  mentions: readonly Mention[],
  next: (index: number, skip?: number) => number,
): number {
  const target = mentions[index + 1];
  const groups =
    (target?.kind === 'column' && target.column.role !== 'measure') || target?.kind === 'entity';
  if (!groups) return -1;
  const cue = mentions[index + 2]?.words.toLowerCase();
  if (cue !== 'with' && cue !== 'having' && cue !== 'that' && cue !== 'which') return -1;
  const j = next(index + 2, 3);
  return keywordOf(mentions[j], 'superlative') ? j : -1;
}

/**
 * Ranking: "top 5", "bottom 3" (at most 5,000 groups), and what is ranked when it follows and
 * nothing groups yet: a column ("top 5 origins") or the rows' names ("top 3 cars"). An order asked
 * for ("sorted by worldwide gross", "in descending order") ranks every group by a measure; a sort by
 * anything else is left unplaced, so the question is refused naming it.
 */
export const ranking: ReadingPass = {
  name: 'ranking',
  run(context) {
    const { mentions, reading, semantics, used, at, use, next } = context;
    const order = mentions.findIndex((m, i) => !used.has(i) && keywordOf(m, 'order'));
    const direction = order >= 0 ? keywordOf(at(order), 'order')!.direction : null;
    mentions.forEach((m, index) => {
      if (used.has(index) || !keywordOf(m, 'sort')) return;
      // "Spielberg movies sorted by worldwide gross", "average delay by origin ordered by delay":
      // every group, by that measure, highest first unless "ascending"; the measures pass reads it.
      const targetIndex = next(index, 2);
      const target = at(targetIndex);
      // A count ("sorted by count", "ordered by number of flights") is the measures pass's too.
      const measured =
        (target?.kind === 'column' && target.column.role === 'measure') ||
        keywordOf(target, 'count') !== undefined;
      if (!measured || reading.ranking) return;
      reading.ranking = {
        direction: direction ?? 'desc',
        limit: null,
        words: order >= 0 ? `${m.words} … ${at(order)!.words}` : m.words,
      };
      use(index);
      if (order >= 0) use(order);
      // "average budget by genre sorted by budget": the column measured already; not a second measure.
      if (
        target?.kind === 'column' &&
        mentions.some(
          (x, i) => i !== targetIndex && x.kind === 'column' && x.column === target.column,
        )
      ) {
        use(targetIndex);
      }
      const entity = mentions.findIndex((x, i) => i < index && !used.has(i) && x.kind === 'entity');
      const id = rowLabel(semantics);
      if (entity >= 0 && id && reading.dimensions.length === 0) {
        reading.dimensions.push({
          column: id,
          grain: null,
          source: 'stated',
          words: at(entity)!.words,
        });
        use(entity);
      }
    });
    // "average delay by origin in descending order": the groups by the measure, every one.
    // A time grouping keeps its time order: "by year in ascending order" could mean either.
    if (
      order >= 0 &&
      !used.has(order) &&
      !reading.ranking &&
      reading.dimensions.length > 0 &&
      reading.dimensions.every((d) => d.column.role !== 'temporal' && d.column.role !== 'year')
    ) {
      reading.ranking = { direction: direction!, limit: null, words: at(order)!.words };
      use(order);
    }
    const count = (x: Mention | undefined) =>
      x?.kind === 'number' && Number.isInteger(x.value) && x.value >= 1 ? x : undefined;
    mentions.forEach((m, index) => {
      if (used.has(index)) return;
      const top = keywordOf(m, 'top');
      const number = count(at(index + 1));
      // "the 3 most common genres", "5 largest airports": a count right before a superlative ranks
      // as "top 3" does, in the superlative's direction; the superlative is the measures pass's.
      const superlative = keywordOf(at(index + 1), 'superlative');
      const counted = count(m);
      // "the 10 states with the fewest airports", "5 cars with the highest horsepower": the count
      // before what is ranked, the superlative after it (the measures pass's).
      const rankedLater = counted && !reading.ranking ? rankedBefore(index, mentions, next) : -1;
      let targetIndex: number;
      if (top && number) {
        reading.ranking = {
          direction: top.direction,
          limit: Math.min(number.value, 5000),
          words: `${m.words} ${number.words}`,
        };
        use(index, index + 1);
        targetIndex = rankedAfter(index + 1, mentions, next, (j) => pastFilterValues(context, j));
      } else if (counted && superlative && !reading.ranking) {
        reading.ranking = {
          direction: superlative.direction,
          limit: Math.min(counted.value, 5000),
          words: m.words,
        };
        use(index);
        targetIndex = rankedAfter(index, mentions, next, (j) => pastFilterValues(context, j));
      } else if (counted && rankedLater >= 0) {
        reading.ranking = {
          direction: keywordOf(at(rankedLater), 'superlative')!.direction,
          limit: Math.min(counted.value, 5000),
          words: m.words,
        };
        use(index);
        targetIndex = index + 1;
      } else return;
      const target = at(targetIndex);
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
        use(targetIndex);
      } else if (
        target &&
        ROUTE.test(target.words) &&
        routeColumns(semantics) &&
        reading.dimensions.length === 0
      ) {
        // "top 5 routes": the origin and destination together.
        for (const column of routeColumns(semantics)!) {
          reading.dimensions.push({ column, grain: null, source: 'stated', words: target.words });
        }
        use(targetIndex);
      } else if (target?.kind === 'entity' && reading.dimensions.length === 0) {
        const id = rowLabel(semantics);
        if (id) {
          reading.dimensions.push({
            column: id,
            grain: null,
            source: 'stated',
            words: target.words,
          });
          use(targetIndex);
        }
      }
    });
  },
};
