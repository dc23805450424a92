import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadingOptions, ReadingPass } from '../planner/reading/context.js';
import { createReadingContext } from '../planner/reading/context.js';
import { READING_PASSES } from '../planner/reading/passes/index.js';
import type { Reading } from '../planner/reading/reading.js';
import { openTestWorksheets, type FixtureName } from './worksheets.js';

/**
 * What one pass added to the reading of a question, written short: measures as `avg(Horsepower)
 * stated`, dimensions as `Date by month`, filters as the restatement writes them, ranking as `desc
 * 5`, the problem's code, alternatives by their reason, and `placed`, the words of the mentions the
 * pass placed. Fields the pass left alone are absent.
 */
export interface PassEffect {
  measures?: string[];
  dimensions?: string[];
  filters?: string[];
  ranking?: string | null;
  calculation?: string | null;
  /** A comparison of each group's aggregate (the group-comparisons pass), as `count(*) gt 5`. */
  groupFilter?: string;
  asksForValue?: boolean;
  cues?: string[];
  resets?: string[];
  unused?: string[];
  alternatives?: string[];
  problem?: string | null;
  /** Superlatives kept for later passes (the measures pass), as `desc highest`. */
  superlatives?: string[];
  /** Values found for the value-lists pass (the value-filters pass), as `Origin = Japan`. */
  found?: string[];
  placed?: string[];
  /** A shape asked for (the shapes pass), as `scatter x, y`. */
  shape?: string;
  /** A chart kind asked for by name (the shapes pass). */
  chart?: string;
  /**
   * Mentions made of arithmetic between two columns (the column-arithmetic pass), as `worldwide
   * gross minus budget: Worldwide Gross − Production Budget`.
   */
  derived?: string[];
  /** The semantic layer's word read as its one column, as `cost: Cost Total $`. */
  layerDefaults?: string[];
}

const showMeasure = (m: Reading['measures'][number]) =>
  `${m.aggregation}(${m.column?.name ?? '*'}) ${m.source}`;
const showDimension = (d: Reading['dimensions'][number]) =>
  `${d.column.name}${d.grain ? ` by ${d.grain}` : ''}`;

/** Runs the passes before `pass`, then `pass`, and says what `pass` itself did. */
export type EffectOf = (
  pass: ReadingPass,
  worksheet: FixtureName,
  question: string,
  options?: ReadingOptions,
) => Promise<PassEffect>;

/** Opens the named worksheets and gives the effect of one pass on a question about one of them. */
export async function openPassTester(
  names: readonly FixtureName[],
): Promise<{ effectOf: EffectOf; dispose: () => Promise<void> }> {
  const w = await openTestWorksheets(names);
  const effectOf: EffectOf = async (pass, worksheet, question, options = {}) => {
    const { semantics, values } = await w.analyst.prepare(w.sources[worksheet]);
    const position = READING_PASSES.indexOf(pass);
    if (position < 0) throw new Error(`${pass.name} is not in READING_PASSES`);
    const context = createReadingContext(question, semantics, values, options);
    for (const earlier of READING_PASSES.slice(0, position)) earlier.run(context);
    const { reading, used } = context;
    const before = {
      measures: reading.measures.map(showMeasure),
      dimensions: reading.dimensions.map(showDimension),
      filters: reading.filters.length,
      ranking: JSON.stringify(reading.ranking),
      calculation: JSON.stringify(reading.calculation),
      groupFilter: reading.groupFilter,
      asksForValue: reading.asksForValue,
      cues: new Set(reading.cues),
      resets: reading.resets.length,
      unused: reading.unused.length,
      alternatives: reading.alternatives.length,
      problem: reading.problem?.code ?? null,
      used: new Set(used),
      superlatives: context.superlatives.length,
      found: context.foundValues.length,
      shape: reading.shape,
      chart: reading.chart,
      derived: new Set(context.mentions.filter((m) => m.kind === 'column' && m.column.derived)),
      layerDefaults: reading.layerDefaults.length,
    };
    pass.run(context);
    const effect: PassEffect = {};
    const added = <T>(list: readonly T[], from: number, show: (item: T) => string) => {
      const items = list.slice(from).map(show);
      return items.length > 0 ? items : undefined;
    };
    // Items added at the end, or the whole list when the pass changed or reordered earlier ones.
    const changed = (items: string[], earlier: readonly string[]) => {
      if (earlier.every((item, i) => items[i] === item)) {
        const tail = items.slice(earlier.length);
        return tail.length > 0 ? tail : undefined;
      }
      return items;
    };
    const measures = changed(reading.measures.map(showMeasure), before.measures);
    if (measures) effect.measures = measures;
    const dimensions = changed(reading.dimensions.map(showDimension), before.dimensions);
    if (dimensions) effect.dimensions = dimensions;
    const filters = added(reading.filters, before.filters, (f) => f.text);
    if (filters) effect.filters = filters;
    if (JSON.stringify(reading.ranking) !== before.ranking)
      effect.ranking = reading.ranking && `${reading.ranking.direction} ${reading.ranking.limit}`;
    if (JSON.stringify(reading.calculation) !== before.calculation) {
      const calculation = reading.calculation?.calculation;
      effect.calculation = !calculation
        ? null
        : calculation.kind === 'difference'
          ? `difference(${String(calculation.a)}, ${String(calculation.b)})`
          : calculation.kind === 'top_per_group'
            ? `top_per_group ${calculation.n}`
            : calculation.kind === 'groups_where'
              ? `groups_where ${calculation.measure} ${calculation.op} ${calculation.value}`
              : calculation.kind + (reading.calculation?.endpoints ? ' between ends' : '');
    }
    const compared = reading.groupFilter;
    if (compared && compared !== before.groupFilter)
      effect.groupFilter = `${compared.aggregation}(${compared.column?.name ?? '*'}) ${compared.op} ${compared.value}`;
    if (reading.asksForValue !== before.asksForValue) effect.asksForValue = reading.asksForValue;
    const cues = [...reading.cues].filter((cue) => !before.cues.has(cue));
    if (cues.length > 0) effect.cues = cues;
    const resets = added(reading.resets, before.resets, (r) => r);
    if (resets) effect.resets = resets;
    const unused = added(reading.unused, before.unused, (u) => u);
    if (unused) effect.unused = unused;
    const alternatives = added(reading.alternatives, before.alternatives, (a) => a.reason);
    if (alternatives) effect.alternatives = alternatives;
    if ((reading.problem?.code ?? null) !== before.problem)
      effect.problem = reading.problem?.code ?? null;
    const superlatives = added(
      context.superlatives,
      before.superlatives,
      (s) => `${s.direction} ${s.words}`,
    );
    if (superlatives) effect.superlatives = superlatives;
    const found = added(context.foundValues, before.found, (f) => `${f.column} = ${f.value}`);
    if (found) effect.found = found;
    if (reading.shape && reading.shape !== before.shape)
      effect.shape = `${reading.shape.kind} ${reading.shape.columns.map((c) => c.name).join(', ')}`;
    if (reading.chart && reading.chart !== before.chart) effect.chart = reading.chart.kind;
    const derived = context.mentions.flatMap((m) =>
      m.kind === 'column' && m.column.derived && !before.derived.has(m)
        ? [`${m.words}: ${m.column.name}`]
        : [],
    );
    if (derived.length > 0) effect.derived = derived;
    const defaults = added(
      reading.layerDefaults,
      before.layerDefaults,
      (d) => `${d.words}: ${d.column}`,
    );
    if (defaults) effect.layerDefaults = defaults;
    const placed = context.mentions
      .map((m, index) => ({ m, index }))
      .filter(({ index }) => used.has(index) && !before.used.has(index))
      .map(({ m }) => m.words);
    if (placed.length > 0) effect.placed = placed;
    return effect;
  };
  return { effectOf, dispose: () => w.dispose() };
}

/** A row of a pass's table test: a question about a worksheet, and what the pass adds to its reading. */
export type PassCase = [
  worksheet: FixtureName,
  question: string,
  effect: PassEffect,
  options?: ReadingOptions,
];

/**
 * The table test of one pass: for each row, the passes before it run on the question, then the pass,
 * and what the pass itself added to the reading must be the row's effect (nothing else).
 */
export function describePass(
  pass: ReadingPass,
  worksheets: readonly FixtureName[],
  cases: readonly PassCase[],
): void {
  let tester: Awaited<ReturnType<typeof openPassTester>>;
  beforeAll(async () => {
    tester = await openPassTester(worksheets);
  });
  afterAll(() => tester.dispose());
  describe(pass.name, () => {
    it.each(cases)('%s: "%s"', async (...[worksheet, question, effect, options]: PassCase) => {
      expect(await tester.effectOf(pass, worksheet, question, options)).toEqual(effect);
    });
  });
}
