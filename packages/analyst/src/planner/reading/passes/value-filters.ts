import type { ValueIndex, ValueMatch } from '../../../semantics/values.js';
import type { WorksheetSemantics } from '../../../semantics/worksheet.js';
import { US_STATES } from '../../../text/lexicon.js';
import { unitFactor } from '../../../text/units.js';
import { keywordOf, type Mention } from '../../mentions.js';
import { measureNamedByValue } from '../columns.js';
import type { ReadingPass } from '../context.js';
import { filterOf } from '../filters.js';
import { listedTogether } from './value-lists.js';

/** Chooses among columns a value was found in: a twin named by a preposition, a column named elsewhere. */
function chooseValueColumn(
  matches: readonly ValueMatch[],
  twin: 'origin' | 'destination' | null,
  semantics: WorksheetSemantics,
  named: ReadonlySet<string>,
  layerMayChoose: boolean,
): { chosen: ValueMatch[]; ambiguous: ValueMatch[]; byLayer?: boolean } {
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
  // "the average delay of ATL": the column the semantic layer reads such values in, said so.
  const readHere = columns.filter((name) => semanticsOf(name)?.valuesReadHere);
  if (layerMayChoose && readHere.length === 1)
    return { chosen: byColumn(readHere[0]!), ambiguous: [], byLayer: true };
  const twins = columns.filter((name) => semanticsOf(name)?.twin);
  if (twins.length >= 2) return { chosen: [], ambiguous: [...matches] };
  const categorical = columns.find((name) => semanticsOf(name)?.role === 'category') ?? columns[0]!;
  return { chosen: byColumn(categorical), ambiguous: [] };
}

/** Fewer rows share a word of their names than this before a name that is that word alone is asked about. */
const SHARED_NAME_WORD = 3;

/**
 * How many other values of an identifier column (names, titles) hold the one-word value found as
 * one of their words, when that is at least `SHARED_NAME_WORD`: "international airports" may mean
 * the airport named International or the 124 whose names hold the word. 0 otherwise.
 */
function namesHolding(
  match: ValueMatch,
  semantics: WorksheetSemantics,
  values: ValueIndex,
): number {
  if (/[^\p{L}\p{N}]/u.test(match.value)) return 0;
  if (semantics.columns.find((c) => c.name === match.column)?.role !== 'identifier') return 0;
  // The value itself holds its word once.
  const count = values.valuesHoldingWord(match.column, match.value) - 1;
  return count >= SHARED_NAME_WORD ? count : 0;
}

/** Whether the value at `index` is listed with another value: "Arizona, Utah and Nevada". */
function listedWithValue(index: number, mentions: readonly Mention[]): boolean {
  return [index - 2, index - 1, index + 1, index + 2].some(
    (j) => mentions[j]?.kind === 'value' && listedTogether(mentions, index, j),
  );
}

/**
 * Another text column's value that the words name as a place or by a value synonym ("Nevada": the
 * state NV), when the value was found written exactly in `column` (the town of Nevada).
 */
function placeElsewhere(
  words: string,
  column: string,
  semantics: WorksheetSemantics,
  values: ValueIndex,
): { column: string; value: string } | undefined {
  for (const other of semantics.columns) {
    if (other.type !== 'string' || other.name === column) continue;
    const value = values.placeIn(other.name, words);
    if (value !== undefined) return { column: other.name, value };
  }
  return undefined;
}

/** The negation keywords before a value: next to it, or before the preposition in front of it. */
function negationsBefore(
  index: number,
  previous: (index: number, skip?: number) => number,
  at: (index: number) => Mention | undefined,
): number[] {
  const found: number[] = [];
  let j = previous(index, 2);
  for (let step = 0; step < 2 && j >= 0; step += 1) {
    if (keywordOf(at(j), 'negation')) {
      found.push(j);
      break;
    }
    const preposition =
      keywordOf(at(j), 'twin') || keywordOf(at(j), 'time_anchor')?.op === 'in' ? true : false;
    if (!preposition) break;
    j = previous(j, 2);
  }
  return found;
}

/**
 * Values found in the data ("Japan", "from ATL", "rainy"): the column each is in, told apart by a
 * preposition ("from"/"to" for origin/destination twins) or by a column named elsewhere; a negated
 * value ("without Europe") is an exclusion; a value in two twins with nothing to tell them apart
 * asks which one. The other values wait in `foundValues` for the value-lists pass.
 */
export const valueFilters: ReadingPass = {
  name: 'value-filters',
  run({
    mentions,
    tokens,
    reading,
    semantics,
    used,
    namedColumns,
    foundValues,
    values,
    at,
    use,
    previous,
    addFilter,
  }) {
    const twinOfValue = new Map<number, 'origin' | 'destination'>();
    // The layer's column for values is taken only for a value said "of" ("the delay of ATL") or
    // listed after one, and never where the question speaks of arriving ("arrivals at SFO").
    const layerMay = new Set<number>();
    const arriving = tokens.some((t) => /^(arriv|land|inbound|destination)/.test(t.lower));
    mentions.forEach((m, index) => {
      let matches: ValueMatch[] | undefined;
      // "top 10" where TOP is also an airport code: the ranking, not the value (unless in capitals).
      const ranks =
        keywordOf(m, 'top') &&
        at(index + 1)?.kind === 'number' &&
        m.words !== m.words.toUpperCase();
      if (ranks) return;
      if (m.kind === 'value') matches = m.matches;
      else if (m.kind === 'keyword' && m.value && !used.has(index)) matches = m.value;
      if (!matches || used.has(index)) return;
      // "more than 10 mm of rain", "total rain in 2013": a value that is also the layer's word for
      // a measure names the measure after a number in its unit (whose comparison the numeric pass
      // reads by that unit) or after an aggregation (which the measures pass reads), never the rows.
      const measure = measureNamedByValue(m, semantics);
      if (measure) {
        let priorIndex = previous(index, 2);
        if (at(priorIndex)?.words.toLowerCase() === 'of') priorIndex = previous(priorIndex, 1);
        const prior = at(priorIndex);
        const unit =
          prior?.kind === 'number'
            ? prior.unit
            : prior?.kind === 'word' || prior?.kind === 'keyword'
              ? prior.words
              : undefined;
        if (unit && measure.display.unit && unitFactor(unit, measure.display.unit) !== undefined) {
          use(index);
          return;
        }
        if (keywordOf(prior, 'aggregation')) return;
      }
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
      // "out of ATL, ORD and DFW": a value listed after another takes that one's preposition.
      const listedAfter = /^(and|or|vs|versus)$/i.test(at(index - 1)?.words ?? '')
        ? index - 2
        : index - 1;
      const twin =
        keywordOf(at(before), 'twin')?.twin ??
        keywordOf(at(previous(index, 1)), 'twin')?.twin ??
        twinOfValue.get(listedAfter) ??
        null;
      if (twin) twinOfValue.set(index, twin);
      if (!arriving && (/^of$/i.test(at(index - 1)?.words ?? '') || layerMay.has(listedAfter)))
        layerMay.add(index);
      // "without Europe", "not in Texas", "outside the USA", "not from ATL": the negation before
      // the value, past one preposition ("in", "at", "from", "to").
      const negations = negationsBefore(index, previous, at);
      const negated = negations.length > 0;
      const { chosen, ambiguous, byLayer } = chooseValueColumn(
        matches,
        twin,
        semantics,
        namedColumns,
        layerMay.has(index),
      );
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
      // "New York state", "the state of Washington": the value said as one of another column's
      // values. That column's own form of it ("NY") is read when the place names give one;
      // otherwise the turn is refused, never filtered on the column that holds the words.
      const sayer = [index + 1, index - 1, index - 2].find((j) => {
        const near = at(j);
        return (
          near?.kind === 'column' &&
          !used.has(j) &&
          near.others.length === 0 &&
          near.column.name !== column &&
          near.column.role === 'category' &&
          (j !== index - 2 || /^of$/i.test(at(index - 1)?.words ?? ''))
        );
      });
      const said = sayer === undefined ? undefined : at(sayer);
      if (said?.kind === 'column') {
        const code = US_STATES.get(m.words.toLowerCase());
        use(sayer!);
        if (code && values.valuesOf(said.column.name).includes(code)) {
          foundValues.push({
            column: said.column.name,
            value: code,
            index,
            words: `${m.words} (read as ${code})`,
          });
          return;
        }
        reading.problem = {
          code: 'not_understood',
          message: `"${m.words}" is a value of ${column}, not of ${said.column.name}: I did not answer for ${column} ${m.words} instead. Name a value ${said.column.name} holds.`,
        };
        return;
      }
      // "large wildlife", "origin Japan", "a city called Jackson": a column named next to its own
      // value (or before "called"/"named" and it) only says where it is.
      const namedAs = /^(called|named)$/i.test(at(index - 1)?.words ?? '');
      if (namedAs) use(index - 1);
      for (const j of [namedAs ? index - 2 : index - 1, index + 1]) {
        const near = at(j);
        if (
          near?.kind === 'column' &&
          !used.has(j) &&
          [near.column, ...near.others, ...(near.alsoNamed ?? [])].some((c) => c.name === column)
        ) {
          use(j);
        }
      }
      const source = 'value_matched' as const;
      if (byLayer) {
        const others = [...new Set(matches.map((x) => x.column))].filter((c) => c !== column);
        reading.layerDefaults.push({ words: m.words, column, others });
      }
      const how = chosen[0]!.how === 'exact' ? m.words : `${m.words} (read as ${chosen[0]!.value})`;
      if (negated) {
        for (const match of chosen) addFilter(filterOf(column, 'ne', match.value), source, how);
        use(...negations);
        return;
      }
      const inOthers = namesHolding(chosen[0]!, semantics, values);
      if (inOthers > 0) {
        reading.problem = {
          code: 'needs_clarification',
          message:
            `"${m.words}" is the ${column} of one row and a word in ${inOthers} other ${column} values. ` +
            `Say "with ${m.words} in the ${column}" for all of them, or name the one you mean in full.`,
        };
        return;
      }
      // "airports in Nevada": a town named Nevada in city, and the state NV by its name. Listed
      // with other values, they settle it (the value-lists pass). A column said next to it settles
      // it; one named elsewhere is what the question asks or groups by, so the value is the other
      // ("what state is Washington in": the city; "airports by city in New York": the state).
      // Otherwise the turn asks which is meant.
      const place =
        chosen[0]!.how === 'exact' && !listedWithValue(index, mentions)
          ? placeElsewhere(m.words, column, semantics, values)
          : undefined;
      // "Nevada city", "the city of Nevada".
      const saidAt = (j: number) => {
        const near = at(j);
        return near?.kind === 'column' && near.column.name === column;
      };
      const saidNext =
        saidAt(index - 1) ||
        saidAt(index + 1) ||
        (/^of$/i.test(at(index - 1)?.words ?? '') && saidAt(index - 2));
      if (place && !saidNext) {
        const asksColumn = namedColumns.has(column);
        const asksPlace = namedColumns.has(place.column);
        if (asksColumn && !asksPlace) {
          const words = `${m.words} (read as ${place.value})`;
          foundValues.push({ column: place.column, value: place.value, index, words });
          return;
        }
        if (!asksPlace) {
          reading.problem = {
            code: 'needs_clarification',
            message:
              `"${m.words}" may be the ${column} ${chosen[0]!.value} or the ${place.column} ${place.value}. ` +
              `Say "the ${column} of ${m.words}" or "the ${place.column} of ${m.words}".`,
          };
          return;
        }
      }
      foundValues.push({ column, value: chosen[0]!.value, index, words: how });
    });
  },
};
