import { readFileSync } from 'node:fs';
import type { PreviousTurn } from '../planner/build-plan.js';
import type { Reading } from '../planner/reading/reading.js';
import type { ValueIndex } from '../semantics/values.js';
import type { ColumnSemantics, WorksheetSemantics } from '../semantics/worksheet.js';
import { nameWords } from '../text/tokens.js';
import type { FixtureName } from './worksheets.js';

/**
 * A question of the reading corpus: the questions the analyst's tests ask, the development eval set
 * (`../shared/eval/dev.jsonl`, copied in `reading-corpus.jsonl`), and questions generated here over
 * every worksheet's columns and values. Their readings and plans are kept as a snapshot, so that a
 * change to the reading stage shows every question whose reading it changes.
 */
export interface CorpusEntry {
  from: 'tests' | 'dev' | 'generated';
  worksheet: FixtureName;
  question: string;
  /** The turn it follows, as recorded from a test. */
  previous?: PreviousTurn;
  /** The question of the turn it follows: that question's plan, made now, is the previous turn. */
  after?: string;
  /** Whether the caller named the worksheet (true unless recorded otherwise). */
  worksheetStated?: boolean;
}

/** The recorded questions: every question the analyst's tests asked, and the dev eval set. */
export function recordedQuestions(): CorpusEntry[] {
  return readFileSync(new URL('./reading-corpus.jsonl', import.meta.url), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as CorpusEntry);
}

/** A reading as plain JSON: columns by name, cues as a list. */
export function readingJson(reading: Reading): unknown {
  const { shape, chart, corrections, groupFilter, layerDefaults, namedConditions, ...rest } =
    reading;
  return {
    ...rest,
    measures: reading.measures.map((m) => ({ ...m, column: m.column?.name ?? null })),
    dimensions: reading.dimensions.map((d) => ({ ...d, column: d.column.name })),
    cues: [...reading.cues],
    // Left out when absent, so questions without them keep their snapshot lines.
    ...(shape ? { shape: { ...shape, columns: shape.columns.map((c) => c.name) } } : {}),
    ...(chart ? { chart } : {}),
    ...(corrections.length > 0 ? { corrections } : {}),
    ...(layerDefaults.length > 0 ? { layerDefaults } : {}),
    ...(namedConditions.length > 0 ? { namedConditions } : {}),
    ...(groupFilter
      ? { groupFilter: { ...groupFilter, column: groupFilter.column?.name ?? null } }
      : {}),
  };
}

/** A seeded pseudo-random generator (mulberry32): the same questions on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MONTH_NAMES = ['January', 'March', 'May', 'July', 'October', 'December'];
const WEEKDAY_NAMES = ['Monday', 'Friday', 'Sunday'];
const NOISE = ['zebra', 'quantum', 'Paris', 'banana', 'spreadsheet', 'Tuesdays', 'velocity', 'xyz'];

/** Question templates; `{m}` a measure, `{c}` a column to group by, `{v}` a value, and so on. */
const TEMPLATES = [
  'average {m}',
  'total {m}',
  'median {m} by {c}',
  'maximum {m} per {c}',
  'min {m}',
  '{m} by {c}',
  'how many {e}',
  'how many {e} by {c}',
  'number of {e} per {c} and {c2}',
  'count of {e} by {c}',
  'how many distinct {c}',
  'number of unique {c}',
  'top 5 {c} by {m}',
  'bottom 3 {c} by average {m}',
  'top 10 {e} by {m}',
  'which {c} has the highest {m}',
  'which {c} has the most {e}',
  'what is the lowest {m}',
  'highest average {m} by {c}',
  'most common {c}',
  'least common {c}',
  '{m} by year',
  'average {m} by month',
  '{m} per quarter',
  'monthly {m}',
  'weekly total {m}',
  'change in {m} over time',
  '{m} growth by year',
  'average {m} in {year}',
  'total {m} since {year}',
  'average {m} before {year}',
  '{m} between {year} and {year2}',
  'how many {e} in {month} {year}',
  'total {m} in {month}',
  'average {m} on {weekday}s',
  'total {m} in Q{q}',
  '{m} in the last 3 months',
  'average {m} over the last 2 years',
  '{m} in the {decade}s',
  'how many {e} with {m} over {n}',
  'average {m} where {m2} is below {n}',
  'how many {e} with {m} between {n} and {n2}',
  'average {m} of {k} {c} {e}',
  'how many {e} with {k} {c}',
  'average {m} for {v}',
  'how many {e} from {v}',
  '{m} of {v} vs {v2}',
  'compare {v} and {v2} by average {m}',
  'difference between {v} and {v2} in {m}',
  'average {m} by {c} without {v}',
  'how many {e} excluding {v}',
  'not {v}',
  'share of {m} by {c}',
  'percentage of {e} by {c}',
  'what percent of {e} are {v}',
  'the heaviest {e}',
  'the longest {e}',
  'fastest {e}',
  'cheapest {e}',
  'which {e} has the highest {m}',
  'average {m} and average {m2} by {c}',
  '{M} BY {C}',
  'How many {e} are in {noise}?',
  '{m} by {c} please thanks',
  'show me the {m} for {v} in {year}',
  'sum of {c}',
  'average {c}',
  'avg {m} per {c} from {v}',
  '{typo}',
  'average {typo} by {c}',
  '{noise} {m} {noise2} {c}',
  'tell me about {noise}',
  '{m} over time for {v}',
  'during the day',
  'which {c} had the lowest total {m} in {year}',
  'all {e} with {m} at least {n}',
  'the {e} with the most {m}',
  'how many {e} per {c} in the first quarter',
] as const;

/** Follow-ups, each asked after `average {m} by {c}`. */
const FOLLOW_UPS = [
  'only {v}',
  'what about {v2}',
  'also {m2}',
  'instead {m2}',
  'now by {c2}',
  'without {v}',
  'all years',
  'any {c}',
  'now by month',
  'only {year}',
] as const;

function phraseOf(column: ColumnSemantics | undefined, random: () => number): string {
  if (!column) return 'value';
  const choices = [column.name, nameWords(column.name).join(' '), column.name.toLowerCase()];
  return choices[Math.floor(random() * choices.length)]!;
}

function typo(word: string, random: () => number): string {
  if (word.length < 4) return `${word}x`;
  const at = 1 + Math.floor(random() * (word.length - 2));
  return word.slice(0, at) + word.slice(at + 1, at + 2) + word.charAt(at) + word.slice(at + 2);
}

/**
 * Questions generated over one worksheet's columns and values: every template and follow-up,
 * `instances` times each, with columns, values, years and numbers picked by a seeded generator.
 */
export function generatedQuestions(
  worksheet: FixtureName,
  semantics: WorksheetSemantics,
  values: ValueIndex,
  instances = 1,
): CorpusEntry[] {
  const random = seededRandom([...worksheet].reduce((h, c) => h * 31 + c.charCodeAt(0), 7));
  const pick = <T>(list: readonly T[]): T | undefined => list[Math.floor(random() * list.length)];
  const measures = semantics.columns.filter((c) => c.role === 'measure');
  const groups = semantics.columns.filter((c) => c.role !== 'measure' || c.discrete);
  const texts = semantics.columns
    .filter((c) => c.type === 'string')
    .map((c) => [...values.valuesOf(c.name)].sort())
    .filter((list) => list.length > 0);
  const discrete = semantics.columns.filter((c) => c.discrete);
  const yearOf = (value: unknown) =>
    typeof value === 'number' ? value : Number(String(value).slice(0, 4));
  const time = semantics.columns.find((c) => c.role === 'year') ?? semantics.timeColumn;
  const firstYear = time ? yearOf(time.profile.min) : 2000;
  const lastYear = time ? yearOf(time.profile.max) : 2010;

  const fill = (template: string): string => {
    const m = pick(measures);
    const c = pick(groups);
    const valueList = pick(texts) ?? [];
    const v = pick(valueList) ?? 'Japan';
    const year = Number.isFinite(firstYear)
      ? firstYear + Math.floor(random() * Math.max(1, lastYear - firstYear + 1))
      : 2005;
    const { min, max } = m?.profile ?? {};
    const number = (at: number) =>
      typeof min === 'number' && typeof max === 'number'
        ? Math.round(min + (max - min) * at)
        : Math.round(100 * at);
    const k = pick(discrete);
    const kValue = typeof k?.profile.min === 'number' ? k.profile.min : 4;
    const slots: Record<string, string> = {
      m: phraseOf(m, random),
      m2: phraseOf(pick(measures), random),
      c: phraseOf(c, random),
      c2: phraseOf(pick(groups), random),
      M: (m?.name ?? 'value').toUpperCase(),
      C: (c?.name ?? 'group').toUpperCase(),
      e: pick(semantics.entityPhrases) ?? 'rows',
      v,
      v2: pick(valueList) ?? 'Europe',
      year: String(year),
      year2: String(year + 1 + Math.floor(random() * 3)),
      decade: String(Math.floor(year / 10) * 10),
      month: pick(MONTH_NAMES)!,
      weekday: pick(WEEKDAY_NAMES)!,
      q: String(1 + Math.floor(random() * 4)),
      n: String(number(0.3 + random() * 0.2)),
      n2: String(number(0.6 + random() * 0.3)),
      k: String(kValue),
      noise: pick(NOISE)!,
      noise2: pick(NOISE)!,
      typo: typo(m?.name.toLowerCase() ?? 'value', random),
    };
    return template.replace(/\{(\w+)\}/g, (_, slot: string) => slots[slot] ?? slot);
  };

  const entries: CorpusEntry[] = [];
  for (let instance = 0; instance < instances; instance += 1) {
    for (const template of TEMPLATES) {
      entries.push({ from: 'generated', worksheet, question: fill(template) });
    }
    for (const template of FOLLOW_UPS) {
      const after = fill('average {m} by {c}');
      entries.push({ from: 'generated', worksheet, question: fill(template), after });
    }
  }
  return entries;
}
