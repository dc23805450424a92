import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AnalysisPlan } from '@ask-analyst/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ask,
  openTestWorksheets,
  readFixtureRows,
  sourceOf,
  worksheetId,
  type TestWorksheets,
} from '../test-support/worksheets.js';
import type { WorksheetSource } from '../semantics/worksheet.js';
import { compilePlan, PlanError, WORKSHEET_VIEW } from './compile.js';

const EVIL_VALUE = "x'; DROP TABLE ws; --";
const EVIL_COLUMN = 'note"; DROP TABLE ws; --';

let w: TestWorksheets;
let folder: string;
let ledger: WorksheetSource;
beforeAll(async () => {
  w = await openTestWorksheets(['cars']);
  // A worksheet whose values and column names are themselves attempts at SQL injection.
  folder = await mkdtemp(path.join(os.tmpdir(), 'ask-analyst-injection-'));
  const file = path.join(folder, 'ledger.csv');
  const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;
  await writeFile(
    file,
    [
      `item,amount,${quoted(EVIL_COLUMN)}`,
      `${quoted(EVIL_VALUE)},5,a`,
      `${quoted(EVIL_VALUE)},7,b`,
      'apple,11,c',
      'pear,13,d',
    ].join('\n') + '\n',
  );
  const id = worksheetId(99);
  ledger = sourceOf(id, await w.engine.ingest(file, { id }), {
    name: 'Ledger',
    description: 'Imported from ledger.csv',
    workbook: { id: 'wb_00000000000000000000000099', name: 'Uploads' },
  });
});
afterAll(async () => {
  await w.dispose();
  await rm(folder, { recursive: true, force: true });
});

const plan = (parts: Partial<AnalysisPlan>): AnalysisPlan => ({
  worksheetId: 'ws_00000000000000000000000001',
  measures: [{ column: null, aggregation: 'count', label: 'Count' }],
  dimensions: [],
  filters: [],
  sort: [],
  limit: null,
  shape: null,
  chart: null,
  calculation: null,
  ...parts,
});
const carColumns = [
  { name: 'Name', type: 'string' as const },
  { name: 'Horsepower', type: 'integer' as const },
  { name: 'Year', type: 'date' as const },
  { name: 'Origin', type: 'string' as const },
];
const run = (sql: string, params: unknown[], source: WorksheetSource) =>
  w.engine.query(sql, params, { [WORKSHEET_VIEW]: source.dataPath });

/** The string literals of a SQL text. */
const literals = (sql: string) => [...sql.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1]);

describe('compilePlan', () => {
  it('puts every value in a $n parameter and quotes every identifier', () => {
    const compiled = compilePlan(
      plan({
        measures: [{ column: 'Horsepower', aggregation: 'avg', label: 'Average Horsepower' }],
        dimensions: [{ column: 'Origin', grain: null, label: 'Origin' }],
        filters: [
          { column: 'Origin', op: 'in', value: ['Japan', EVIL_VALUE], part: null },
          { column: 'Horsepower', op: 'gt', value: 100, part: null },
          { column: 'Year', op: 'gte', value: '1975-01-01', part: null },
          { column: 'Year', op: 'eq', value: 1980, part: 'year' },
        ],
      }),
      carColumns,
    );
    expect(compiled.params).toEqual(['Japan', EVIL_VALUE, 100, '1975-01-01', 1980]);
    expect(compiled.sql).not.toContain('Japan');
    expect(compiled.sql).not.toContain('DROP');
    expect(compiled.sql).toContain('"Origin" IN ($1, $2)');
    expect(compiled.sql).toContain('"Year" >= CAST($4 AS DATE)');
    expect(literals(compiled.sql)).toEqual([]);
  });

  it('answers one number over no rows with no rows, and a count over no rows with 0', async () => {
    const cars = w.sources.cars;
    const outside = [{ column: 'Year', op: 'eq' as const, value: 2025, part: 'year' as const }];
    const average = compilePlan(
      plan({
        measures: [{ column: 'Horsepower', aggregation: 'avg', label: 'Average Horsepower' }],
        filters: outside,
      }),
      cars.columns,
    );
    expect((await run(average.sql, average.params, cars)).rows).toEqual([]);
    const inside = compilePlan(
      plan({
        measures: [{ column: 'Horsepower', aggregation: 'max', label: 'Maximum Horsepower' }],
        filters: [{ ...outside[0]!, value: 1970 }],
      }),
      cars.columns,
    );
    expect((await run(inside.sql, inside.params, cars)).rows).toEqual([[225]]);
    const count = compilePlan(plan({ filters: outside }), cars.columns);
    expect((await run(count.sql, count.params, cars)).rows.map((r) => r.map(Number))).toEqual([
      [0],
    ]);
  });

  it('only writes fixed grain names as literals', () => {
    const compiled = compilePlan(
      plan({ dimensions: [{ column: 'Year', grain: 'quarter', label: 'Quarter' }] }),
      carColumns,
    );
    expect(new Set(literals(compiled.sql))).toEqual(new Set(['quarter']));
  });

  it('refuses columns the worksheet lacks, wherever the plan names them', () => {
    const cases: Array<Partial<AnalysisPlan>> = [
      { measures: [{ column: 'Price', aggregation: 'sum', label: 'Total Price' }] },
      { dimensions: [{ column: 'Colour', grain: null, label: 'Colour' }] },
      { filters: [{ column: 'Origin"; DROP TABLE ws; --', op: 'eq', value: 1, part: null }] },
    ];
    for (const parts of cases) {
      expect(() => compilePlan(plan(parts), carColumns)).toThrow(PlanError);
    }
    expect(() =>
      compilePlan(
        plan({ dimensions: [{ column: 'Colour', grain: null, label: 'C' }] }),
        carColumns,
      ),
    ).toThrow(/"Colour", which is not a column/);
  });

  it('refuses aggregations and grains the column type cannot take', () => {
    const cases: Array<Partial<AnalysisPlan>> = [
      { measures: [{ column: 'Name', aggregation: 'sum', label: 'Total Name' }] },
      { measures: [{ column: 'Origin', aggregation: 'avg', label: 'Average Origin' }] },
      { measures: [{ column: 'Name', aggregation: 'median', label: 'Median Name' }] },
      { measures: [{ column: null, aggregation: 'sum', label: 'Total' }] },
      { measures: [] },
      { dimensions: [{ column: 'Horsepower', grain: 'month', label: 'Month' }] },
      { dimensions: [{ column: 'Year', grain: 'hour', label: 'Hour' }] },
      { filters: [{ column: 'Origin', op: 'eq', value: 3, part: 'month' }] },
      { filters: [{ column: 'Horsepower', op: 'contains', value: '1', part: null }] },
      { sort: [{ by: 'dimension', index: 0, direction: 'asc' }] },
    ];
    for (const parts of cases) {
      expect(() => compilePlan(plan(parts), carColumns), JSON.stringify(parts)).toThrow(PlanError);
    }
  });
});

describe('spread', () => {
  it('takes the sample standard deviation, variance and range of a numeric column', async () => {
    const values = (await readFixtureRows('cars'))
      .map((row) => row.Horsepower as number | null)
      .filter((hp): hp is number => hp !== null);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    const variance = values.reduce((a, b) => a + (b - mean) ** 2, 0) / (values.length - 1);
    const spread = async (question: string) =>
      (await ask(w, 'cars', question)).table.rows[0]![0] as number;
    expect(await spread('standard deviation of horsepower')).toBeCloseTo(Math.sqrt(variance), 6);
    expect(await spread('variance of horsepower')).toBeCloseTo(variance, 4);
    expect(await spread('range of horsepower')).toBe(Math.max(...values) - Math.min(...values));
    const grouped = await ask(w, 'cars', 'std dev of horsepower by origin');
    expect(grouped.query.sql).toContain('stddev_samp(');
    expect(grouped.table.rows).toHaveLength(3);
  });

  it('refuses a spread of text', () => {
    for (const aggregation of ['stddev', 'variance', 'range'] as const)
      expect(() =>
        compilePlan(
          plan({ measures: [{ column: 'Name', aggregation, label: 'Spread of Name' }] }),
          carColumns,
        ),
      ).toThrow(PlanError);
  });
});

describe('ties at the cut of a ranking (decision 154)', () => {
  /** Cars per model year, counted from the rows themselves. */
  async function carsPerYear(): Promise<Array<[number, number]>> {
    const counts = new Map<number, number>();
    for (const row of await readFixtureRows('cars')) {
      const year = Number(String(row.Year).slice(0, 4));
      counts.set(year, (counts.get(year) ?? 0) + 1);
    }
    return [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  }

  it('keeps every group tied with the last place of a "top N", and says so', async () => {
    const years = await carsPerYear();
    // Three model years have 29 cars each, at the seventh place: a real tie at the cut.
    const seventh = years[6]![1];
    const kept = years.filter(([, n]) => n >= seventh);
    expect(kept.length).toBeGreaterThan(7);
    const answer = await ask(w, 'cars', 'top 7 years by number of cars');
    expect(answer.query.sql).toContain('rank() OVER (ORDER BY __m0 DESC NULLS LAST) AS __t');
    expect(answer.query.sql).not.toContain('LIMIT');
    // Tied groups in the order of their key, as every ranking breaks its ties for display.
    expect(answer.table.rows.map(([y, n]) => [Number(String(y).slice(0, 4)), n])).toEqual(kept);
    const tied = kept.filter(([, n]) => n === seventh).map(([y]) => String(y));
    expect(answer.summary).toContain(
      `${tied.slice(0, -1).join(', ')} and ${tied.at(-1)} tie at ${seventh} at the cut of the top 7, so ${kept.length} are shown`,
    );
  });

  it('names every group tied for the first place of a "bottom 1"', async () => {
    // The ledger's items: two rows of one, one row each of "apple" and "pear".
    const outcome = await w.analyst.analyze({
      question: 'bottom 1 items by count',
      source: ledger,
      previous: null,
      worksheetStated: true,
    });
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.answer.table.rows).toEqual([
      ['apple', 1],
      ['pear', 1],
    ]);
    expect(outcome.answer.summary).toBe(
      'apple and pear tie for the lowest Count: 1, so 2 are shown for the bottom 1 (2 item groups).',
    );
  });

  it('"the 3 most common" keeps the values tied at the third place', async () => {
    const counts = new Map<number, number>();
    for (const row of await readFixtureRows('cars')) {
      if (typeof row.Horsepower !== 'number') continue;
      counts.set(row.Horsepower, (counts.get(row.Horsepower) ?? 0) + 1);
    }
    const ranked = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    const kept = ranked.filter(([, n]) => n >= ranked[2]![1]);
    expect(kept.length).toBeGreaterThan(3);
    const answer = await ask(w, 'cars', 'the 3 most common horsepower values');
    expect(answer.table.rows).toEqual(kept);
  });

  it('shows exactly N groups when nothing ties at the cut', async () => {
    const answer = await ask(w, 'cars', 'top 3 years by number of cars');
    expect(answer.table.rows).toHaveLength(3);
    expect(answer.summary).not.toContain('tie');
  });

  it('ranks by the measure alone and binds the cut as a parameter', () => {
    const compiled = compilePlan(
      plan({
        dimensions: [{ column: 'Origin', grain: null, label: 'Origin' }],
        sort: [{ by: 'measure', index: 0, direction: 'asc' }],
        limit: 2,
      }),
      [{ name: 'Origin', type: 'string' }],
    );
    expect(compiled.sql).toMatch(
      /rank\(\) OVER \(ORDER BY __m0 ASC NULLS LAST\) AS __t .* WHERE __t <= \$1 ORDER BY __m0 ASC NULLS LAST, __k0 ASC NULLS LAST$/,
    );
    expect(compiled.params).toEqual([2]);
  });

  it('keeps a plain LIMIT when the order is not by a measure', () => {
    const compiled = compilePlan(
      plan({
        dimensions: [{ column: 'Origin', grain: null, label: 'Origin' }],
        sort: [{ by: 'dimension', index: 0, direction: 'asc' }],
        limit: 2,
      }),
      [{ name: 'Origin', type: 'string' }],
    );
    expect(compiled.sql).toMatch(/ORDER BY __k0 ASC NULLS LAST, __k0 ASC NULLS LAST LIMIT 2$/);
  });
});

describe('top_per_group', () => {
  it('keeps the first row of each group in the sort order: one winner per group', async () => {
    // Computed from the rows themselves: each origin's car with the highest horsepower.
    const best = new Map<string, { name: string; hp: number }>();
    for (const row of await readFixtureRows('cars')) {
      const hp = row.Horsepower as number | null;
      if (hp === null) continue;
      const held = best.get(row.Origin as string);
      if (!held || hp > held.hp) best.set(row.Origin as string, { name: row.Name as string, hp });
    }
    const answer = await ask(w, 'cars', 'For each origin, which car has the highest horsepower?');
    expect(answer.query.plan.calculation).toEqual({ kind: 'top_per_group', n: 1 });
    expect(answer.query.plan.limit).toBeNull();
    expect(answer.query.sql).toContain('rank() OVER (PARTITION BY __k0');
    const rows = answer.table.rows.map(([origin, name, hp]) => [origin, [name, hp]]);
    expect(new Map(rows as Array<[string, unknown]>)).toEqual(
      new Map([...best].map(([origin, b]) => [origin, [b.name, b.hp]])),
    );
  });

  it('numbers the rows within the first dimension and binds n as a parameter', () => {
    const compiled = compilePlan(
      plan({
        dimensions: [
          { column: 'Origin', grain: null, label: 'Origin' },
          { column: 'Name', grain: null, label: 'Name' },
        ],
        sort: [{ by: 'measure', index: 0, direction: 'desc' }],
        calculation: { kind: 'top_per_group', n: 2 },
      }),
      [
        { name: 'Origin', type: 'string' },
        { name: 'Name', type: 'string' },
      ],
    );
    expect(compiled.sql).toMatch(/WHERE __r <= \$1 ORDER BY __m0 DESC/);
    expect(compiled.params).toEqual([2]);
  });
});

describe('groups_where', () => {
  it('keeps only the groups whose aggregate compares (a HAVING), counted from the rows', async () => {
    const rows = await readFixtureRows('cars');
    const counts = new Map<number, number>();
    for (const row of rows) {
      const year = Number(String(row.Year).slice(0, 4));
      counts.set(year, (counts.get(year) ?? 0) + 1);
    }
    const answer = await ask(w, 'cars', 'which years have more than 30 cars');
    expect(answer.query.plan.calculation).toEqual({
      kind: 'groups_where',
      measure: 0,
      op: 'gt',
      value: 30,
    });
    const expected = [...counts].filter(([, n]) => n > 30);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(counts.size);
    expect(answer.table.rows.map(([year, n]) => [Number(String(year).slice(0, 4)), n])).toEqual(
      expect.arrayContaining(expected),
    );
    expect(answer.table.rows).toHaveLength(expected.length);
    expect(answer.interpretation.restatement).toContain('whose Count is above 30');
  });

  it('compares the aggregate, not the rows: an average above a bound', async () => {
    const rows = await readFixtureRows('cars');
    const byOrigin = new Map<string, number[]>();
    for (const row of rows) {
      if (typeof row.Horsepower !== 'number') continue;
      const list = byOrigin.get(row.Origin as string) ?? [];
      list.push(row.Horsepower);
      byOrigin.set(row.Origin as string, list);
    }
    const averages = [...byOrigin].map(([o, hp]) => [o, hp.reduce((a, b) => a + b, 0) / hp.length]);
    const answer = await ask(w, 'cars', 'origins with an average horsepower over 100');
    const kept = answer.table.rows.map(([origin]) => origin);
    expect(kept).toEqual(averages.filter(([, avg]) => (avg as number) > 100).map(([o]) => o));
    // A row filter would have kept every origin (each has cars over 100 horsepower).
    expect(kept.length).toBeLessThan(averages.length);
  });

  it('binds the bound as a parameter and refuses a measure the plan does not have', () => {
    const compiled = compilePlan(
      plan({
        dimensions: [{ column: 'Origin', grain: null, label: 'Origin' }],
        calculation: { kind: 'groups_where', measure: 0, op: 'gte', value: 5 },
      }),
      carColumns,
    );
    expect(compiled.sql).toMatch(/WHERE __m0 >= \$1 ORDER BY/);
    expect(compiled.params).toEqual([5]);
    // An exact count ("only one airport", decision 157).
    const exact = compilePlan(
      plan({
        dimensions: [{ column: 'Origin', grain: null, label: 'Origin' }],
        calculation: { kind: 'groups_where', measure: 0, op: 'eq', value: 1 },
      }),
      carColumns,
    );
    expect(exact.sql).toMatch(/WHERE __m0 = \$1 ORDER BY/);
    expect(() =>
      compilePlan(
        plan({
          dimensions: [{ column: 'Origin', grain: null, label: 'Origin' }],
          calculation: { kind: 'groups_where', measure: 1, op: 'gt', value: 5 },
        }),
        carColumns,
      ),
    ).toThrow(PlanError);
  });
});

describe('share_where', () => {
  it('the share of the rows past a bound, over all rows, counted from the rows', async () => {
    const rows = await readFixtureRows('cars');
    const past = rows.filter((r) => typeof r.Cylinders === 'number' && r.Cylinders > 6).length;
    const answer = await ask(w, 'cars', 'what percentage of cars have more than 6 cylinders');
    expect(answer.query.plan.calculation).toEqual({
      kind: 'share_where',
      where: [{ column: 'Cylinders', op: 'gt', value: 6, part: null }],
    });
    expect(answer.query.plan.filters).toEqual([]);
    expect(answer.table.rows).toHaveLength(1);
    expect(answer.table.rows[0]![0]).toBe(rows.length);
    expect(answer.table.rows[0]![1]).toBeCloseTo(past / rows.length, 12);
    expect(answer.summary).toMatch(/^\d+(\.\d)?% of 406 rows/);
    expect(answer.interpretation.restatement).toContain(
      'share of the rows where Cylinders is above 6',
    );
  });

  it('per group: the rows of each group past the bound over that group', async () => {
    const rows = await readFixtureRows('cars');
    const compiled = compilePlan(
      plan({
        dimensions: [{ column: 'Origin', grain: null, label: 'Origin' }],
        calculation: {
          kind: 'share_where',
          where: [{ column: 'Horsepower', op: 'gte', value: 100, part: null }],
        },
      }),
      carColumns,
    );
    expect(compiled.sql).toContain('count(*) FILTER (WHERE');
    expect(compiled.params).toEqual([100]);
    const answered = await run(compiled.sql, compiled.params, w.sources.cars);
    for (const [origin, count, share] of answered.rows) {
      const group = rows.filter((r) => r.Origin === origin);
      const past = group.filter((r) => typeof r.Horsepower === 'number' && r.Horsepower >= 100);
      expect(count).toBe(group.length);
      expect(share).toBeCloseTo(past.length / group.length, 12);
    }
    // The first measure must count the rows it is a share of.
    expect(() =>
      compilePlan(
        plan({
          measures: [{ column: 'Horsepower', aggregation: 'sum', label: 'Total Horsepower' }],
          calculation: {
            kind: 'share_where',
            where: [{ column: 'Horsepower', op: 'gte', value: 100, part: null }],
          },
        }),
        carColumns,
      ),
    ).toThrow(PlanError);
  });
});

describe('count_groups_where', () => {
  it('the values whose group compares, counted from the rows; empty values left out', async () => {
    const rows = await readFixtureRows('cars');
    const counted = (
      calculation: AnalysisPlan['calculation'],
      filters: AnalysisPlan['filters'] = [],
    ) =>
      compilePlan(
        plan({
          measures: [{ column: 'Origin', aggregation: 'count_distinct', label: 'Distinct Origin' }],
          filters,
          calculation,
        }),
        carColumns,
      );
    const many = counted({
      kind: 'count_groups_where',
      column: null,
      aggregation: 'count',
      op: 'gt',
      value: 75,
    });
    expect(many.sql).toContain('HAVING count(*) > $1');
    expect(many.params).toEqual([75]);
    const perOrigin = new Map<unknown, Record<string, unknown>[]>();
    for (const row of rows) perOrigin.set(row.Origin, [...(perOrigin.get(row.Origin) ?? []), row]);
    const expected = (test: (group: Record<string, unknown>[]) => boolean) =>
      [...perOrigin].filter(([origin, group]) => origin != null && test(group)).length;
    expect((await run(many.sql, many.params, w.sources.cars)).rows).toEqual([
      [expected((group) => group.length > 75)],
    ]);
    // An aggregate of a column, with the rows filtered first.
    const powerful = counted(
      {
        kind: 'count_groups_where',
        column: 'Horsepower',
        aggregation: 'avg',
        op: 'gte',
        value: 100,
      },
      [{ column: 'Name', op: 'ne', value: 'x', part: null }],
    );
    const average = (group: Record<string, unknown>[]) => {
      const hp = group.map((r) => r.Horsepower).filter((v): v is number => typeof v === 'number');
      return hp.reduce((a, b) => a + b, 0) / hp.length;
    };
    expect((await run(powerful.sql, powerful.params, w.sources.cars)).rows).toEqual([
      [expected((group) => average(group) >= 100)],
    ]);
    // One number of a count_distinct, nothing else.
    for (const parts of [
      { dimensions: [{ column: 'Origin', grain: null, label: 'Origin' }] },
      { measures: [{ column: null, aggregation: 'count' as const, label: 'Count' }] },
    ]) {
      expect(() =>
        compilePlan(
          plan({
            measures: [
              { column: 'Origin', aggregation: 'count_distinct', label: 'Distinct Origin' },
            ],
            calculation: {
              kind: 'count_groups_where',
              column: null,
              aggregation: 'count',
              op: 'gt',
              value: 1,
            },
            ...parts,
          }),
          carColumns,
        ),
      ).toThrow(PlanError);
    }
  });
});

describe('change_between', () => {
  it('each group in two periods and the change, ranked by it; a group without both left out', async () => {
    const rows = await readFixtureRows('cars');
    const between = (filters: AnalysisPlan['filters'], direction: 'asc' | 'desc') =>
      compilePlan(
        plan({
          measures: [{ column: 'Horsepower', aggregation: 'avg', label: 'Average Horsepower' }],
          dimensions: [{ column: 'Origin', grain: null, label: 'Origin' }],
          filters,
          sort: [{ by: 'measure', index: 0, direction }],
          limit: 2,
          calculation: {
            kind: 'change_between',
            column: 'Year',
            grain: 'year',
            from: 1970,
            to: 1982,
          },
        }),
        carColumns,
      );
    const expected = (
      keep: (row: Record<string, unknown>) => boolean,
      direction: 'asc' | 'desc',
    ) => {
      const average = (origin: unknown, year: string) => {
        const hp = rows
          .filter((r) => keep(r) && r.Origin === origin && String(r.Year).startsWith(year))
          .map((r) => r.Horsepower)
          .filter((v): v is number => typeof v === 'number');
        return hp.length ? hp.reduce((a, b) => a + b, 0) / hp.length : null;
      };
      return [...new Set(rows.map((r) => r.Origin))]
        .map((origin) => [origin, average(origin, '1970'), average(origin, '1982')] as const)
        .filter(([, a, b]) => a !== null && b !== null)
        .map(([origin, a, b]) => [origin, a!, b!, b! - a!, (b! - a!) / Math.abs(a!)] as const)
        .sort((x, y) => (direction === 'desc' ? y[3] - x[3] : x[3] - y[3]));
    };
    const close = (actual: unknown[][], wanted: ReadonlyArray<readonly unknown[]>) => {
      expect(actual.map((r) => r[0])).toEqual(wanted.map((r) => r[0]));
      actual.forEach((row, i) =>
        row.slice(1).forEach((v, j) => expect(v).toBeCloseTo(wanted[i]![j + 1] as number, 9)),
      );
    };
    const all = between([], 'desc');
    expect(all.params).toEqual([1970, 1982, 2]);
    const result = await run(all.sql, all.params, w.sources.cars);
    expect(result.columns.map((c) => c.name)).toEqual([
      'Origin',
      'Average Horsepower in 1970',
      'Average Horsepower in 1982',
      'Change',
      'Change %',
    ]);
    close(result.rows, expected(() => true, 'desc').slice(0, 2));
    // Rows filtered first: an origin with no powerful car in one of the years is left out.
    const powerful = between([{ column: 'Horsepower', op: 'gt', value: 110, part: null }], 'asc');
    const kept = expected((r) => typeof r.Horsepower === 'number' && r.Horsepower > 110, 'asc');
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(3);
    close((await run(powerful.sql, powerful.params, w.sources.cars)).rows, kept.slice(0, 2));
  });
});

describe('SQL injection', () => {
  it('a value holding SQL is matched as a value and bound as a parameter', async () => {
    const answer = await ask(w, 'cars', 'total horsepower', null);
    expect(answer.query.sql).not.toMatch(/DROP/);
    const outcome = await w.analyst.analyze({
      question: `total amount for ${EVIL_VALUE}`,
      source: ledger,
      previous: null,
      worksheetStated: true,
    });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.answer.query.plan.filters).toEqual([
      { column: 'item', op: 'eq', value: EVIL_VALUE, part: null },
    ]);
    expect(outcome.answer.query.parameters).toEqual([EVIL_VALUE]);
    expect(outcome.answer.query.sql).not.toContain('DROP');
    expect(outcome.answer.table.rows).toEqual([[12]]);
    // Nothing was dropped: the worksheet still reads in full.
    expect((await run('SELECT count(*) FROM ws', [], ledger)).rows).toEqual([[4]]);
  });

  it('SQL in a question never reaches the query', async () => {
    for (const question of [
      'total horsepower; DROP TABLE ws; --',
      "average horsepower by origin' OR 1=1 --",
      'count of cars where 1=1 UNION SELECT * FROM pg_catalog',
    ]) {
      const outcome = await w.analyst.analyze({
        question,
        source: w.sources.cars,
        previous: null,
        worksheetStated: true,
      });
      if (!outcome.ok) {
        expect(outcome.code).toBe('not_understood');
        continue;
      }
      const { sql, parameters } = outcome.answer.query;
      expect(sql).not.toMatch(/DROP|UNION|OR 1=1|pg_catalog/i);
      expect(literals(sql)).toEqual([]);
      expect(parameters.every((p) => typeof p === 'number')).toBe(true);
    }
  });

  it('a column name holding SQL is quoted as one identifier and runs', async () => {
    expect(ledger.columns.map((c) => c.name)).toContain(EVIL_COLUMN);
    const compiled = compilePlan(
      plan({
        measures: [{ column: 'amount', aggregation: 'sum', label: 'Total amount' }],
        dimensions: [{ column: EVIL_COLUMN, grain: null, label: EVIL_COLUMN }],
        sort: [{ by: 'dimension', index: 0, direction: 'asc' }],
        calculation: { kind: 'difference', a: 'a', b: 'b"; DROP TABLE ws; --' },
      }),
      ledger.columns,
    );
    expect(compiled.sql).toContain('"note""; DROP TABLE ws; --"');
    const result = await run(compiled.sql, compiled.params, ledger);
    expect(result.rows.map((r) => r.slice(0, 2))).toEqual([
      ['a', 5],
      ['b', 7],
      ['c', 11],
      ['d', 13],
    ]);
    expect((await run('SELECT count(*) FROM ws', [], ledger)).rows).toEqual([[4]]);
  });

  it('combines two numeric columns row by row, a division by zero empty, never an error', async () => {
    const file = path.join(folder, 'ratios.csv');
    await writeFile(file, 'name,gross,budget\na,10,4\nb,9,0\nc,3,\nd,8,2\n');
    const id = worksheetId(98);
    const ratios = sourceOf(id, await w.engine.ingest(file, { id }), {
      name: 'Ratios',
      description: 'Imported from ratios.csv',
      workbook: { id: 'wb_00000000000000000000000098', name: 'Uploads' },
    });
    const measure = (op: 'minus' | 'divided_by', aggregation: 'avg' | 'sum' | 'max') => ({
      column: 'gross',
      aggregation,
      label: `${aggregation} ${op}`,
      arithmetic: { op, column: 'budget' },
    });
    const compiled = compilePlan(
      plan({
        measures: [
          measure('minus', 'sum'),
          measure('minus', 'avg'),
          measure('divided_by', 'avg'),
          measure('divided_by', 'max'),
        ],
      }),
      ratios.columns,
    );
    expect(compiled.sql).toContain('sum(("gross" - "budget"))');
    expect(compiled.sql).toContain('avg(("gross" / nullif("budget", 0)))');
    expect(literals(compiled.sql)).toEqual([]);
    const [row] = (await run(compiled.sql, compiled.params, ratios)).rows;
    // Rows where either is empty are left out; b's ratio (9 / 0) is empty, its difference is 9.
    expect(row!.map(Number)).toEqual([6 + 9 + 6, (6 + 9 + 6) / 3, (2.5 + 4) / 2, 4]);
    // Only numeric columns, only the aggregations of numbers.
    const bad: Array<AnalysisPlan['measures'][number]> = [
      { ...measure('minus', 'sum'), arithmetic: { op: 'minus', column: 'name' } },
      { ...measure('minus', 'sum'), arithmetic: { op: 'minus', column: 'cost' } },
      { ...measure('minus', 'sum'), aggregation: 'count_distinct' },
    ];
    for (const m of bad) {
      expect(() => compilePlan(plan({ measures: [m] }), ratios.columns)).toThrow(PlanError);
    }
  });
});
