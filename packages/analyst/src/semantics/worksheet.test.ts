import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mean, numbers, sum } from '../test-support/expected.js';
import {
  ask,
  analyze,
  openTestWorksheets,
  readFixtureRows,
  single,
  type TestWorksheets,
} from '../test-support/worksheets.js';
import { describeWorksheet } from './worksheet.js';

let w: TestWorksheets;
beforeAll(async () => {
  w = await openTestWorksheets(['cars', 'weather', 'movies', 'disasters', 'electricity', 'jobs']);
});
afterAll(() => w.dispose());

const measureColumn = async (name: Parameters<typeof ask>[1], question: string) =>
  (await ask(w, name, question)).query.plan.measures.map((m) => [m.column, m.aggregation]);

describe('vocabulary from column names', () => {
  it('splits names on underscores and case, and reads any letter case', async () => {
    for (const question of [
      'average miles per gallon',
      'average Miles_per_Gallon',
      'AVERAGE MILES PER GALLON',
    ]) {
      expect(await measureColumn('cars', question)).toEqual([['Miles_per_Gallon', 'avg']]);
    }
    expect(await measureColumn('weather', 'average temp max')).toEqual([['temp_max', 'avg']]);
  });

  it('drops unit suffixes: "weight" is Weight_in_lbs, "running time" is Running Time min', async () => {
    expect(await measureColumn('cars', 'average weight')).toEqual([['Weight_in_lbs', 'avg']]);
    expect(await measureColumn('movies', 'average running time')).toEqual([
      ['Running Time min', 'avg'],
    ]);
  });

  it('reads plurals as their singular', async () => {
    const answer = await ask(w, 'cars', 'average horsepower by cylinders');
    expect(answer.query.plan.dimensions.map((d) => d.column)).toEqual(['Cylinders']);
    expect(await measureColumn('jobs', 'total counts')).toEqual([['count', 'sum']]);
  });

  it('knows common abbreviations and synonyms: mpg, hp, runtime, rainfall', async () => {
    expect(await measureColumn('cars', 'average mpg')).toEqual([['Miles_per_Gallon', 'avg']]);
    expect(await measureColumn('cars', 'max hp')).toEqual([['Horsepower', 'max']]);
    expect(await measureColumn('movies', 'average runtime')).toEqual([['Running Time min', 'avg']]);
    expect(await measureColumn('weather', 'total rainfall')).toEqual([['precipitation', 'sum']]);
  });

  it('reads unit suffixes in brackets and abbreviations of imported column names', () => {
    const columns = [
      { name: 'Rainfall (mm)', type: 'number' as const },
      { name: 'MaxTempC', type: 'number' as const },
      { name: 'Station_ID', type: 'integer' as const },
    ];
    const semantics = describeWorksheet(
      { ...w.sources.weather, columns },
      columns.map((c) => ({ ...c, nullCount: 0, distinctCount: 100, min: 0, max: 100 })),
    );
    const keys = (name: string) =>
      semantics.columns.find((c) => c.name === name)!.phrases.map((p) => p.key);
    expect(keys('Rainfall (mm)')).toEqual(expect.arrayContaining(['rainfall', 'precipitation']));
    expect(keys('MaxTempC')).toEqual(expect.arrayContaining(['max temp c', 'max temperature c']));
    expect(semantics.columns.find((c) => c.name === 'Rainfall (mm)')).toMatchObject({
      role: 'measure',
      defaultAggregation: 'sum',
    });
    expect(semantics.columns.find((c) => c.name === 'Station_ID')?.role).toBe('identifier');
  });

  it('prefers the longest phrase: "worldwide gross" over "gross"', async () => {
    expect(await measureColumn('movies', 'total worldwide gross')).toEqual([
      ['Worldwide Gross', 'sum'],
    ]);
    expect(await measureColumn('movies', 'total us gross')).toEqual([['US Gross', 'sum']]);
  });
});

describe('column roles from profiling', () => {
  it('gives roles, default aggregations and formats from names, types and profiles', async () => {
    const movies = await w.analyst.prepare(w.sources.movies);
    const role = (name: string) => movies.semantics.columns.find((c) => c.name === name);
    expect(role('Title')?.role).toBe('identifier');
    expect(role('Major Genre')?.role).toBe('category');
    expect(role('Release Date')?.role).toBe('temporal');
    expect(role('US Gross')).toMatchObject({ role: 'measure', defaultAggregation: 'sum' });
    expect(role('US Gross')?.format).toBe('currency');
    expect(role('IMDB Rating')).toMatchObject({ role: 'measure', defaultAggregation: 'avg' });
    expect(movies.semantics.timeColumn?.name).toBe('Release Date');

    const jobs = await w.analyst.prepare(w.sources.jobs);
    expect(jobs.semantics.columns.find((c) => c.name === 'year')?.role).toBe('year');
    const disasters = await w.analyst.prepare(w.sources.disasters);
    expect(disasters.semantics.columns.find((c) => c.name === 'Year')?.role).toBe('year');
  });

  it("takes what a row is from the layer's row noun and its synonyms (decision 149)", () => {
    const source = {
      ...w.sources.jobs,
      semantics: {
        row: { noun: 'job', synonyms: ['position', 'job opening', 'the vacancy'] },
        columns: [],
      },
    };
    const { entityPhrases } = describeWorksheet(source, []);
    expect(entityPhrases).toEqual(
      expect.arrayContaining(['job', 'position', 'job opening', 'the vacancy']),
    );
    const bare = describeWorksheet({ ...w.sources.jobs, semantics: { columns: [] } }, []);
    expect(bare.entityPhrases).not.toContain('position');
  });

  it('reads a code-named column as an identifier, never summed', () => {
    const source = { ...w.sources.jobs, columns: [{ name: 'zip_code', type: 'integer' as const }] };
    const semantics = describeWorksheet(source, [
      { name: 'zip_code', type: 'integer', nullCount: 0, distinctCount: 40, min: 1000, max: 9999 },
    ]);
    expect(semantics.columns[0]!.role).toBe('identifier');
  });

  it('never sums a year-like integer: "sum of year" is refused, "by year" groups', async () => {
    const rows = await readFixtureRows('disasters');
    const answer = await ask(w, 'disasters', 'total deaths by year');
    expect(answer.query.plan.dimensions.map((d) => d.column)).toEqual(['Year']);
    expect(answer.query.plan.measures.every((m) => m.column !== 'Year')).toBe(true);
    const deaths1900 = sum(
      numbers(
        rows.filter((r) => r.Year === 1900),
        'Deaths',
      ),
    );
    expect(answer.table.rows.find((r) => r[0] === 1900)?.[1]).toBe(deaths1900);

    for (const question of ['sum of year', 'total year by sex']) {
      const summed = await analyze(w, 'jobs', question);
      expect(summed).toMatchObject({ ok: false, code: 'not_understood' });
      if (!summed.ok) expect(summed.message).toContain('year');
    }
    const titles = await analyze(w, 'movies', 'average title');
    expect(titles).toMatchObject({ ok: false, code: 'not_understood' });
    const latest = await ask(w, 'jobs', 'maximum year');
    expect(single(latest)).toBe(Math.max(...numbers(await readFixtureRows('jobs'), 'year')));
  });

  it('averages rates and ratings, sums money and counts by default', async () => {
    const movies = await readFixtureRows('movies');
    const rating = await ask(w, 'movies', 'imdb rating');
    expect(rating.query.plan.measures[0]).toMatchObject({ aggregation: 'avg' });
    expect(single(rating)).toBeCloseTo(mean(numbers(movies, 'IMDB Rating')), 9);
    const gross = await ask(w, 'movies', 'us gross');
    expect(gross.query.plan.measures[0]).toMatchObject({ aggregation: 'sum' });
    expect(single(gross)).toBe(sum(numbers(movies, 'US Gross')));
    const jobs = await readFixtureRows('jobs');
    const count = await ask(w, 'jobs', 'count by sex');
    expect(count.query.plan.measures[0]).toMatchObject({ column: 'count', aggregation: 'sum' });
    expect(Object.fromEntries(count.table.rows)).toEqual({
      men: sum(
        numbers(
          jobs.filter((r) => r.sex === 'men'),
          'count',
        ),
      ),
      women: sum(
        numbers(
          jobs.filter((r) => r.sex === 'women'),
          'count',
        ),
      ),
    });
    // Counts of events on an imported worksheet: "the most deaths" is the largest total.
    const disasters = await readFixtureRows('disasters');
    const most = await ask(w, 'disasters', 'which entity has the most deaths');
    expect(most.query.plan.measures[0]).toMatchObject({ column: 'Deaths', aggregation: 'sum' });
    const totals = [...new Set(disasters.map((r) => r.Entity))].map((entity) =>
      sum(
        numbers(
          disasters.filter((r) => r.Entity === entity),
          'Deaths',
        ),
      ),
    );
    expect(most.table.rows[0]![1]).toBe(Math.max(...totals));
    const perc = await ask(w, 'jobs', 'perc');
    expect(perc.query.plan.measures[0]).toMatchObject({ column: 'perc', aggregation: 'avg' });
  });

  it('"how many X" counts rows for an entity and distinct values for a category', async () => {
    const cars = await readFixtureRows('cars');
    const rows = await ask(w, 'cars', 'how many cars');
    expect(rows.query.plan.measures).toEqual([
      { column: null, aggregation: 'count', label: 'Count' },
    ]);
    expect(single(rows)).toBe(cars.length);
    const origins = await ask(w, 'cars', 'how many origins');
    expect(origins.query.plan.measures[0]?.aggregation).toBe('count_distinct');
    expect(single(origins)).toBe(new Set(cars.map((r) => r.Origin)).size);
    const jobs = await readFixtureRows('jobs');
    const distinctJobs = await ask(w, 'jobs', 'how many different jobs');
    expect(single(distinctJobs)).toBe(new Set(jobs.map((r) => r.job)).size);
  });
});
