import type { ArithmeticOp, ColumnProfile, ColumnType, ValueFormat } from '@ask-analyst/protocol';
import type { SemanticLayer } from '@ask-analyst/workspace';
import { ADDITIVE_WORDS, IDENTIFIER_WORDS, SYNONYM_GROUPS, UNIT_WORDS } from '../text/lexicon.js';
import { nameWords, phraseKey, stem, STOPWORDS } from '../text/tokens.js';

type LayerEntry = SemanticLayer['columns'][number];

/** What the analyst is told about a worksheet the user can read. */
export interface WorksheetSource {
  id: string;
  name: string;
  description: string;
  workbook: { id: string; name: string; description: string };
  /** The worksheet's data file, as the worksheet engine names it. */
  dataPath: string;
  rowCount: number;
  columns: ReadonlyArray<{ name: string; type: ColumnType; description?: string | undefined }>;
  /**
   * What the worksheet's data steward says about its columns: labels, descriptions, synonyms,
   * units, default aggregations, formats and decimals (`@ask-analyst/workspace`'s `SemanticLayer`,
   * docs/semantic-layer.md). Absent or empty when nobody has described the worksheet.
   */
  semantics?: SemanticLayer | undefined;
}

/**
 * What a column is for. `identifier`: names or codes of single rows (never summed); `temporal`: a
 * date or timestamp; `year`: a whole-number year; `category`: text or flags to group and filter by;
 * `measure`: numbers to aggregate (`discrete` ones, with few values, also group).
 */
export type ColumnRole = 'identifier' | 'temporal' | 'year' | 'category' | 'measure';

/** One way a question may name a column; heavier weights win over lighter ones. */
export interface ColumnPhrase {
  key: string;
  weight: number;
  /**
   * The semantic layer names the column so: `only` it (a value of the data or what a row is,
   * written the same, is then the likelier reading: "rainy days" is weather = rain, not
   * precipitation), or `also` the column's own name.
   */
  layer?: 'only' | 'also';
}

export interface ColumnSemantics {
  name: string;
  type: ColumnType;
  role: ColumnRole;
  /** Few distinct values: a measure that can also group (cylinders, cluster). */
  discrete: boolean;
  /** The aggregation of a measure named without one: sums for amounts, averages for the rest. */
  defaultAggregation: 'sum' | 'avg';
  format: ValueFormat;
  phrases: ColumnPhrase[];
  /** Origin/destination twins, told apart by prepositions. */
  twin: 'origin' | 'destination' | null;
  profile: ColumnProfile;
  /** How the semantic layer shows the column: its label, unit and decimals, when it says. */
  display: { label?: string; unit?: string; decimals?: number };
  /** A value found here and in other columns is read here (the layer's `valuesReadHere`). */
  valuesReadHere?: boolean;
  /** A level at a point in time (the layer's `levelInTime`): never added up across periods. */
  levelInTime?: boolean;
  /** Values that stand for "not recorded" (the layer's `missingValues`): read as no value. */
  missingValues?: readonly string[];
  /** The column that names one thing with this one (the layer's `qualifiedBy`: a city's state). */
  qualifiedBy?: string;
  /**
   * A measure the question itself makes of two numeric columns ("worldwide gross minus budget",
   * `planner/reading/passes/column-arithmetic.ts`): no column of the worksheet, only measured.
   */
  derived?: {
    op: ArithmeticOp;
    left: ColumnSemantics;
    right: ColumnSemantics;
    named: string | null;
  };
}

/**
 * A word the semantic layer gives rows that meet a condition on one column ("late": delay above
 * 0), with its other words; `keys` are their phrase keys, matched as the question writes them.
 */
export interface ConditionSemantics {
  word: string;
  keys: string[];
  column: ColumnSemantics;
  op: 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte';
  value: string | number | boolean;
  description: string | null;
}

export interface WorksheetSemantics {
  source: WorksheetSource;
  columns: ColumnSemantics[];
  /** The semantic layer's named conditions on the columns (none when it names none). */
  conditions: ConditionSemantics[];
  /**
   * Phrases naming what one row is (`flight`, `movie`, `row`): the semantic layer's row noun and
   * its synonyms, the worksheet/workbook names, and "One row per …" in the description.
   */
  entityPhrases: string[];
  /** The main date or timestamp column (for `by month`, `in 2013`), if any. */
  timeColumn: ColumnSemantics | null;
}

const MONEY_WORDS = new Set([
  'gross',
  'revenue',
  'sale',
  'budget',
  'cost',
  'price',
  'profit',
  'income',
  'usd',
  'dollar',
  'spend',
]);
const ORIGIN_WORDS = new Set(['origin', 'source', 'departure', 'from', 'start']);
const DESTINATION_WORDS = new Set(['destination', 'dest', 'arrival', 'to', 'target', 'end']);
const ROW_WORDS = ['row', 'record', 'entry', 'item', 'observation', 'case', 'line'];

function roleOf(
  type: ColumnType,
  words: readonly string[],
  profile: ColumnProfile,
  rowCount: number,
): ColumnRole {
  if (type === 'date' || type === 'timestamp') return 'temporal';
  const isYearName = words.some((word) => word === 'year' || word === 'yr');
  if (type === 'integer' && isYearName) return 'year';
  if (words.some((word) => IDENTIFIER_WORDS.has(word))) return 'identifier';
  if (type === 'string') {
    const unique = profile.distinctCount >= 0.9 * (rowCount - profile.nullCount);
    return unique && rowCount > 50 ? 'identifier' : 'category';
  }
  if (type === 'boolean') return 'category';
  return 'measure';
}

function formatOf(type: ColumnType, words: readonly string[], rawName: string): ValueFormat {
  if (type === 'date') return 'date';
  if (type === 'timestamp') return 'timestamp';
  if (type === 'string' || type === 'boolean') return 'text';
  if (rawName.includes('$') || words.some((word) => MONEY_WORDS.has(stem(word)))) return 'currency';
  if (words.some((word) => word === 'percent' || word === 'pct' || word === 'share'))
    return 'percent';
  return type === 'integer' ? 'integer' : 'number';
}

/** Phrases a question may name the column by: its words, without units, synonyms, its own words. */
function phrasesOf(words: readonly string[], notUnits: ReadonlySet<string>): ColumnPhrase[] {
  const phrases = new Map<string, number>();
  const add = (parts: readonly string[], weight: number) => {
    if (parts.length === 0) return;
    const key = phraseKey(parts);
    if ((phrases.get(key) ?? 0) < weight) phrases.set(key, weight);
  };
  const plain = words.filter((word) => !UNIT_WORDS.has(word) || notUnits.has(word));
  const bases = [words, plain];
  if (plain.length === 2) bases.push([plain[1]!, plain[0]!]);
  for (const base of bases) {
    add(base, 1);
    const key = ` ${phraseKey(base)} `;
    for (const group of SYNONYM_GROUPS) {
      for (const member of group) {
        const memberKey = ` ${phraseKey(member.split(' '))} `;
        if (!key.includes(memberKey)) continue;
        for (const other of group) {
          if (other === member) continue;
          const replaced = key.replace(memberKey, ` ${phraseKey(other.split(' '))} `).trim();
          add(replaced.split(' '), 0.9);
          add(other.split(' '), 0.55);
        }
      }
    }
  }
  if (plain.length > 1) {
    plain.forEach((word, index) => {
      if (STOPWORDS.has(word) || /^\d+$/.test(word) || word.length < 3) return;
      add([word], index === plain.length - 1 ? 0.6 : 0.45);
    });
  }
  return [...phrases].map(([key, weight]) => ({ key, weight }));
}

function twinOf(words: readonly string[]): ColumnSemantics['twin'] {
  if (words.some((word) => ORIGIN_WORDS.has(word))) return 'origin';
  if (words.some((word) => DESTINATION_WORDS.has(word))) return 'destination';
  return null;
}

/** The row phrases a worksheet's description gives: "One row per car model" → `car model`, `car`. */
function describedEntities(description: string): string[] {
  const found: string[] = [];
  const match = /\bone row (?:per|for each|for every) ([\p{L}\s-]+?)(?:[:,.;(]|$)/iu.exec(
    description,
  );
  if (match?.[1]) {
    const words = match[1].trim().toLowerCase().split(/\s+/).filter(Boolean);
    const meaningful = words.filter((word) => !STOPWORDS.has(word) && word !== 'reported');
    if (meaningful.length > 0) {
      found.push(phraseKey(meaningful));
      found.push(phraseKey([meaningful[meaningful.length - 1]!]));
      found.push(phraseKey([meaningful[0]!]));
    }
  }
  return found;
}

/**
 * The phrases a steward's label and synonyms give a column, at the weight of its own name: a word
 * people use for the column names it as surely as the column's name does (the layer refuses a
 * synonym that names two columns, docs/semantic-layer.md).
 */
function layerPhrases(entry: LayerEntry | undefined): ColumnPhrase[] {
  if (!entry) return [];
  const phrases: ColumnPhrase[] = [];
  for (const text of [entry.label, ...(entry.synonyms ?? [])]) {
    if (!text) continue;
    const words = nameWords(text);
    if (words.length === 0 || words.every((word) => STOPWORDS.has(word))) continue;
    phrases.push({ key: phraseKey(words), weight: 1, layer: 'only' });
  }
  return phrases;
}

/** A column's automatic phrases and the layer's: the layer's weight where both name a key. */
function mergePhrases(own: ColumnPhrase[], layer: ColumnPhrase[]): ColumnPhrase[] {
  const merged = new Map(own.map((phrase) => [phrase.key, phrase]));
  for (const phrase of layer) {
    const known = merged.get(phrase.key);
    merged.set(phrase.key, known ? { ...phrase, layer: 'also' } : phrase);
  }
  return [...merged.values()];
}

/**
 * Reads a worksheet's columns and profile into what the planner matches questions against:
 * roles, default aggregations, formats, phrases, twins, and what a row is. The semantic layer
 * (`source.semantics`), when it describes a column, adds its label and synonyms as phrases and
 * sets its default aggregation (sum or average), format, label, unit and decimals; its `row` gives
 * the words for what one row is.
 */
export function describeWorksheet(
  source: WorksheetSource,
  profiles: readonly ColumnProfile[],
): WorksheetSemantics {
  const names = new Set(source.columns.map((column) => nameWords(column.name).join(' ')));
  const layer = new Map((source.semantics?.columns ?? []).map((entry) => [entry.column, entry]));
  /** `min` is minutes in `Running Time min` but the minimum in `temp_min` next to `temp_max`. */
  const notUnitsOf = (words: readonly string[]): Set<string> => {
    const paired = (word: string, pair: string) =>
      words.includes(word) && names.has(words.map((w) => (w === word ? pair : w)).join(' '));
    return new Set(paired('min', 'max') ? ['min'] : []);
  };
  const columns = source.columns.map((column, index): ColumnSemantics => {
    const profile = profiles[index] ?? {
      name: column.name,
      type: column.type,
      nullCount: 0,
      distinctCount: 0,
    };
    const words = nameWords(column.name);
    const role = roleOf(column.type, words, profile, source.rowCount);
    const additive = words.some(
      (word) => ADDITIVE_WORDS.has(word) || ADDITIVE_WORDS.has(stem(word)),
    );
    const entry = layer.get(column.name);
    const stated = entry?.defaultAggregation;
    return {
      name: column.name,
      type: column.type,
      role,
      discrete: role === 'measure' && profile.distinctCount > 0 && profile.distinctCount <= 12,
      defaultAggregation: stated === 'sum' || stated === 'avg' ? stated : additive ? 'sum' : 'avg',
      format: entry?.format ?? formatOf(column.type, words, column.name),
      phrases: mergePhrases(phrasesOf(words, notUnitsOf(words)), layerPhrases(entry)),
      twin: twinOf(words),
      profile,
      display: {
        ...(entry?.label ? { label: entry.label } : {}),
        ...(entry?.unit ? { unit: entry.unit } : {}),
        ...(entry?.decimals === undefined ? {} : { decimals: entry.decimals }),
      },
      ...(entry?.levelInTime ? { levelInTime: true } : {}),
      ...(entry?.valuesReadHere ? { valuesReadHere: true } : {}),
      ...(entry?.missingValues ? { missingValues: entry.missingValues } : {}),
      ...(entry?.qualifiedBy ? { qualifiedBy: entry.qualifiedBy } : {}),
    };
  });
  const temporal = columns.filter((column) => column.role === 'temporal');
  const timeColumn =
    temporal.find(
      (column) => column.profile.distinctCount > 1 && /date|time|day/i.test(column.name),
    ) ??
    temporal[0] ??
    null;
  const entityPhrases = new Set<string>(ROW_WORDS);
  for (const name of [source.name, source.workbook.name]) {
    const words = nameWords(name).filter((word) => !STOPWORDS.has(word));
    if (words.length === 0) continue;
    entityPhrases.add(phraseKey(words));
    entityPhrases.add(phraseKey([words[words.length - 1]!]));
  }
  for (const phrase of describedEntities(source.description)) entityPhrases.add(phrase);
  // What the steward says a row is, and the other words for it ("strike": "hit", "collision").
  const row = source.semantics?.row;
  for (const text of row ? [row.noun, ...(row.synonyms ?? [])] : []) {
    const words = nameWords(text);
    if (words.length > 0 && !words.every((word) => STOPWORDS.has(word)))
      entityPhrases.add(phraseKey(words));
  }
  if (
    timeColumn?.type === 'date' &&
    timeColumn.profile.distinctCount === source.rowCount &&
    source.rowCount > 1
  ) {
    entityPhrases.add('day');
  }
  const conditions: ConditionSemantics[] = [];
  for (const condition of source.semantics?.conditions ?? []) {
    const column = columns.find((c) => c.name === condition.column);
    if (!column) continue;
    const keys = [condition.word, ...(condition.synonyms ?? [])]
      .map((text) => nameWords(text))
      .filter((words) => words.length > 0 && !words.every((word) => STOPWORDS.has(word)))
      .map((words) => phraseKey(words));
    conditions.push({
      word: condition.word,
      keys: [...new Set(keys)],
      column,
      op: condition.op,
      value: condition.value,
      description: condition.description ?? null,
    });
  }
  return { source, columns, conditions, entityPhrases: [...entityPhrases], timeColumn };
}
