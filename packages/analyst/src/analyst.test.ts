import type { AnalysisStep } from '@ask-analyst/protocol';
import { AnswerSchema } from '@ask-analyst/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Analyst, type AnalystData } from './analyst.js';
import { groupBy, numbers, sum } from './test-support/expected.js';
import {
  ask,
  openTestWorksheets,
  readFixtureRows,
  type FixtureName,
  type TestWorksheets,
} from './test-support/worksheets.js';

let w: TestWorksheets;
beforeAll(async () => {
  w = await openTestWorksheets([
    'flights',
    'airports',
    'cars',
    'weather',
    'movies',
    'stocks',
    'disasters',
    'jobs',
    'penguins',
  ]);
});
afterAll(() => w.dispose());

describe('choosing the worksheet', () => {
  it('picks the worksheet whose columns, rows and values the question names', async () => {
    const all = Object.values(w.sources);
    const cases: Array<[string, FixtureName]> = [
      ['average horsepower by origin', 'cars'],
      ['how many rainy days', 'weather'],
      ['total worldwide gross by major genre', 'movies'],
      ['how many flights from ATL', 'flights'],
      ['how many airports are in Texas', 'airports'],
      ['average price of AAPL', 'stocks'],
      ['total deaths by year', 'disasters'],
    ];
    for (const [question, expected] of cases) {
      expect((await w.analyst.chooseWorksheet(question, all))?.name, question).toBe(
        w.sources[expected].name,
      );
    }
    // Within one workbook: Flights and Airports.
    const operations = [w.sources.flights, w.sources.airports];
    expect((await w.analyst.chooseWorksheet('average delay by origin', operations))?.name).toBe(
      'Flights',
    );
    expect((await w.analyst.chooseWorksheet('airports by state', operations))?.name).toBe(
      'Airports',
    );
  });

  it('returns null when no worksheet is named at all', async () => {
    expect(
      await w.analyst.chooseWorksheet('zebra migrations', Object.values(w.sources)),
    ).toBeNull();
  });

  it('marks the worksheet slot stated or defaulted by whether the caller named it', async () => {
    const chosen = await w.analyst.analyze({
      question: 'total horsepower',
      source: w.sources.cars,
      previous: null,
      worksheetStated: false,
    });
    expect(chosen.ok && chosen.answer.interpretation.slots[0]).toMatchObject({
      slot: 'worksheet',
      source: 'defaulted',
      text: 'Cars (Automobiles)',
    });
  });
});

describe('answers', () => {
  it('fit the Answer schema, carry the plan, the SQL and its parameters', async () => {
    const answer = await ask(w, 'flights', 'average delay of flights from ATL by destination');
    expect(AnswerSchema.parse(answer)).toEqual(answer);
    expect(answer.source).toEqual({
      workbookId: w.sources.flights.workbook.id,
      worksheetId: w.sources.flights.id,
      worksheetName: 'Flights',
    });
    expect(answer.query.parameters).toEqual(['ATL']);
    expect(answer.query.sql).toContain('$1');
    // Labels, units, formats and decimals from the worksheet's semantic layer (SPEC 4).
    expect(answer.table.columns).toEqual([
      { name: 'destination', type: 'string', label: 'Destination airport', format: 'text' },
      {
        name: 'Average delay',
        type: 'number',
        label: 'Average arrival delay',
        unit: 'min',
        format: 'number',
        decimals: 1,
      },
    ]);
  });

  it('interpretation slots say where each part came from', async () => {
    const answer = await ask(w, 'weather', 'precipitation on rainy days in 2014');
    const sources = Object.fromEntries(
      answer.interpretation.slots.map((s) => [`${s.slot}:${s.text}`, s.source]),
    );
    expect(sources).toMatchObject({
      'worksheet:Daily Weather (Seattle Weather)': 'stated',
      'measure:Total precipitation': 'defaulted',
      'time:year of date is 2014': 'stated',
      'filter:weather is rain': 'value_matched',
    });
    // A defaulted aggregation offers the other one.
    expect(answer.interpretation.alternatives).toContainEqual({
      question: 'average precipitation',
      reason: 'precipitation was added up by default',
    });
    expect(answer.interpretation.restatement).toBe(
      'Total precipitation in Daily Weather where year of date is 2014 and weather is rain.',
    );
  });

  it('chooses the chart: kpi for one number, bar for categories, line for time, none for tables', async () => {
    const kpi = await ask(w, 'cars', 'average horsepower');
    expect(kpi.chart).toMatchObject({
      type: 'kpi',
      value: { column: 'Average Horsepower', format: 'number' },
    });
    const bar = await ask(w, 'cars', 'average horsepower by origin');
    expect(bar.chart).toMatchObject({
      type: 'bar',
      x: { column: 'Origin', format: 'text' },
      y: { column: 'Average Horsepower' },
      series: null,
      orientation: 'vertical',
    });
    const many = await ask(w, 'flights', 'number of flights by destination');
    expect(many.chart).toMatchObject({ type: 'bar', orientation: 'horizontal' });
    const line = await ask(w, 'stocks', 'average price by year');
    expect(line.chart).toMatchObject({ type: 'line', x: { column: 'Year', format: 'text' } });
    const series = await ask(w, 'stocks', 'average price by year and symbol');
    expect(series.chart).toMatchObject({ type: 'line', series: { column: 'symbol' } });
    const money = await ask(w, 'movies', 'total us gross');
    expect(money.chart).toMatchObject({ type: 'kpi', value: { format: 'currency' } });
    const table = await ask(w, 'cars', 'average horsepower and average weight by origin');
    expect(table.query.plan.measures).toHaveLength(2);
    expect(table.chart).toBeNull();
    const empty = await ask(w, 'cars', 'average horsepower by origin in 1999');
    expect(empty.table.rowCount).toBe(0);
    expect(empty.chart).toBeNull();
    expect(empty.summary).toMatch(/^No rows match/);
  });

  it('writes a summary from the numbers of the answer', async () => {
    const cars = await readFixtureRows('cars');
    const total = await ask(w, 'cars', 'total horsepower');
    expect(total.summary).toContain(sum(numbers(cars, 'Horsepower')).toLocaleString('en-US'));
    const ranked = await ask(w, 'cars', 'number of cars by origin');
    const counts = [...groupBy(cars, (r) => r.Origin)]
      .map(([k, v]) => [String(k), v.length] as const)
      .sort((a, b) => b[1] - a[1]);
    expect(ranked.summary).toBe(
      `${counts[0]![0]} has the highest Count: ${counts[0]![1]}, followed by ${counts[1]![0]} (${counts[1]![1]}); ${counts[2]![0]} is last shown with ${counts[2]![1]} (3 Origin groups).`,
    );
    // One group of a series: its value, once.
    const one = await ask(w, 'disasters', 'total deaths by year in 1900');
    expect(one.summary).toBe(
      `Total Deaths for 1900: ${sum(
        numbers(
          (await readFixtureRows('disasters')).filter((r) => r.Year === 1900),
          'Deaths',
        ),
      ).toLocaleString('en-US')}.`,
    );
    // Small values keep their significant digits instead of reading 0.
    const jobs = await readFixtureRows('jobs');
    const women = numbers(
      jobs.filter((r) => r.sex === 'women'),
      'perc',
    );
    const perc = await ask(w, 'jobs', 'average perc for women');
    expect(perc.summary).toContain(
      `Average perc: ${(sum(women) / women.length).toPrecision(3).replace(/0+$/, '')}`,
    );
    // Whether there are any: yes or no, then the count.
    const heavy = cars.filter((r) => typeof r.Weight_in_lbs === 'number' && r.Weight_in_lbs > 4900);
    expect(heavy.length).toBeGreaterThan(0);
    const any = await ask(w, 'cars', 'are there any cars with weight over 4900 lbs?');
    expect(any.summary).toMatch(new RegExp(`^Yes\\. Count: ${heavy.length} `));
    const none = await ask(w, 'cars', 'were any cars heavier than 9000 pounds?');
    expect(none.summary).toMatch(/^No\. Count: 0 /);
    const series = await ask(w, 'disasters', 'total deaths by year');
    expect(series.summary).toMatch(
      /^Total Deaths by Year over \d+ Year groups: [\d,]+ for 1900 and/,
    );
  });

  it('reports its steps in order', async () => {
    const steps: AnalysisStep[] = [];
    await w.analyst.analyze({
      question: 'total horsepower',
      source: w.sources.cars,
      previous: null,
      worksheetStated: true,
      onStep: (step) => {
        steps.push(step);
      },
    });
    expect(steps).toEqual(['understanding', 'querying', 'summarizing']);
  });
});

describe('the semantic layer', () => {
  it('is read again when it changes: its synonyms name columns from the next question', async () => {
    const source = w.sources.cars;
    const question = 'average oomph by origin';
    const without = await w.analyst.analyze({
      question,
      source,
      previous: null,
      worksheetStated: true,
    });
    expect(without.ok).toBe(false);
    const layer = {
      columns: [
        ...(source.semantics?.columns ?? []).filter((c) => c.column !== 'Horsepower'),
        {
          column: 'Horsepower',
          label: 'Engine power',
          synonyms: ['oomph'],
          unit: 'hp',
          decimals: 0,
        },
      ],
    };
    const outcome = await w.analyst.analyze({
      question,
      source: { ...source, semantics: layer },
      previous: null,
      worksheetStated: true,
    });
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.answer.query.plan.measures).toEqual([
      { column: 'Horsepower', aggregation: 'avg', label: 'Average Horsepower' },
    ]);
    // Shown with its label and unit; an average of whole horsepower with one decimal, in the
    // summary as in the table.
    expect(outcome.answer.table.columns[1]).toMatchObject({
      label: 'Average engine power',
      unit: 'hp',
      format: 'number',
      decimals: 1,
    });
    // Averages by DuckDB over cars.json: USA 119.9, Europe 81, Japan 79.835443.
    expect(outcome.answer.summary).toContain('Europe (81.0)');
    expect(outcome.answer.summary).toContain('Japan is last shown with 79.8');
  });
});

describe('where the data ends (decision 131)', () => {
  // stocks.csv: one price per company on the 1st of each month, January 2000 to March 2010.
  it('a last year the data ends inside is partial, and the summary calls it so, not a change', async () => {
    const answer = await ask(w, 'stocks', 'average price per year');
    expect(answer.coverage).toEqual({
      column: 'Year',
      dataEnd: '2010-03-01T00:00:00.000Z',
      partial: true,
    });
    expect(answer.summary).toMatch(
      /and \$[\d.,]+ for 2009 \([+-][\d.]+%\).*; 2010 is partial \(the data ends 2010-03-01\), \$[\d.,]+ for part of the year\.$/,
    );
    expect(answer.summary).not.toMatch(/for 2010 \(/);
  });

  it('data stamped once a month is whole by month: the last month is not partial', async () => {
    const answer = await ask(w, 'stocks', 'monthly average price');
    expect(answer.coverage).toMatchObject({ column: 'Month', partial: false });
    expect(answer.summary).not.toContain('partial');
  });

  it('a period before the data ends is whole, and an answer without a time grain has none', async () => {
    const filtered = await ask(w, 'stocks', 'average price per year before 2005');
    expect(filtered.coverage?.partial).toBe(false);
    expect((await ask(w, 'cars', 'average horsepower by origin')).coverage).toBeUndefined();
  });
});

describe('shapes of the data (issue 23, class 3)', () => {
  // Expected numbers computed with DuckDB over the vega-datasets files, outside the analyst.
  it('a histogram: 20 equal-width bins from the minimum to the maximum, every row counted', async () => {
    const answer = await ask(w, 'cars', 'histogram of horsepower');
    expect(answer.chart).toMatchObject({
      type: 'histogram',
      x: { column: 'Horsepower from' },
      x2: { column: 'Horsepower to' },
      y: { column: 'Count' },
    });
    const rows = answer.table.rows;
    // 400 horsepower values from 46 to 230; 14 in [46, 55.2), 4 in [220.8, 230].
    expect(rows.reduce((sum, row) => sum + Number(row[2]), 0)).toBe(400);
    expect(rows[0]).toEqual([46, expect.closeTo(55.2, 6), 14]);
    expect(rows[rows.length - 1]).toEqual([expect.closeTo(220.8, 6), 230, 4]);
  });

  it('a box plot: exact quartiles per group', async () => {
    const answer = await ask(w, 'penguins', 'box plot of flipper length by species');
    expect(answer.chart).toMatchObject({ type: 'boxplot', x: { column: 'Species' } });
    expect(answer.table.rows).toEqual([
      ['Adelie', 172, 186, 190, 195, 210],
      ['Chinstrap', 178, 191, 196, 201, 212],
      ['Gentoo', 203, 212, 216, 221, 231],
    ]);
  });

  it("a scatter: one point per row, Pearson's r over all rows in the chart and the summary", async () => {
    const answer = await ask(w, 'cars', 'correlate weight and mpg');
    expect(answer.chart).toMatchObject({
      type: 'scatter',
      x: { column: 'Weight_in_lbs' },
      y: { column: 'Miles_per_Gallon' },
      series: null,
      sampled: false,
    });
    // 398 cars with both; r = -0.8317409.
    expect(answer.table.rowCount).toBe(398);
    expect(answer.chart?.type === 'scatter' && answer.chart.correlation).toBeCloseTo(-0.8317409, 6);
    expect(answer.summary).toContain("Pearson's r is -0.832: a strong negative relationship");
  });

  it('a scatter within the point cap plots every row, in the same order each time', async () => {
    const first = await ask(w, 'flights', 'delay vs distance');
    const again = await ask(w, 'flights', 'delay vs distance');
    expect(first.table.rows).toEqual(again.table.rows);
    // flights-2k: 2,000 flights, every one with a delay and a distance.
    expect(first.table.rowCount).toBe(2000);
    expect(first.chart).toMatchObject({ type: 'scatter', sampled: false });
  });

  it('a chart kind named is honoured: "as a bar chart" over years', async () => {
    const answer = await ask(w, 'cars', 'number of cars per year as a bar chart');
    expect(answer.chart?.type).toBe('bar');
  });
});

describe('limits', () => {
  it('truncates at the row limit and still counts every row', async () => {
    const small = new Analyst(w.engine, { rowLimit: 25 });
    const outcome = await small.analyze({
      question: 'average delay by destination',
      source: w.sources.flights,
      previous: null,
      worksheetStated: true,
    });
    const flights = await readFixtureRows('flights');
    const destinations = new Set(flights.map((r) => r.destination)).size;
    expect(outcome.ok && outcome.answer.table).toMatchObject({
      rowCount: destinations,
      truncated: true,
    });
    if (outcome.ok) {
      expect(outcome.answer.table.rows).toHaveLength(25);
      expect(outcome.answer.summary).toContain(
        `${destinations} destination groups, first 25 shown`,
      );
    }
    const exact = new Analyst(w.engine, { rowLimit: destinations });
    const fits = await exact.analyze({
      question: 'average delay by destination',
      source: w.sources.flights,
      previous: null,
      worksheetStated: true,
    });
    expect(fits.ok && fits.answer.table).toMatchObject({
      rowCount: destinations,
      truncated: false,
    });
  });

  /**
   * The real engine, asked to run a query that takes minutes: a three-way cross join of the 2,000
   * flights (8 billion rows) in place of the compiled plan. Only the SQL is swapped; the time limit
   * and the AbortSignal travel through `analyze` to DuckDB as they do for any plan.
   */
  const slowEngine: AnalystData = {
    profile: (worksheet) => w.engine.profile({ ...worksheet, columns: [...worksheet.columns] }),
    query: (sql, params, views, options) =>
      /count\(\*\) AS __m0/.test(sql)
        ? w.engine.query(
            'SELECT count(*) AS n FROM ws AS a, ws AS b, ws AS c WHERE a.delay + b.delay + c.delay > $1',
            [1_000_000],
            views,
            options,
          )
        : w.engine.query(sql, params, views, options),
  };

  it('an AbortSignal cancels the running query', async () => {
    const analyst = new Analyst(slowEngine, { rowLimit: 5000 });
    const controller = new AbortController();
    const outcome = analyst.analyze({
      question: 'how many flights',
      source: w.sources.flights,
      previous: null,
      worksheetStated: true,
      signal: controller.signal,
      onStep: (step) => {
        if (step === 'querying') setTimeout(() => controller.abort(), 200);
      },
    });
    expect(await outcome).toEqual({
      ok: false,
      code: 'cancelled',
      message: 'The analysis was cancelled.',
    });
    // The engine is free again.
    expect((await ask(w, 'flights', 'how many flights')).table.rows).toEqual([[2000]]);
  });

  it('the time limit stops the query with a timeout', async () => {
    const analyst = new Analyst(slowEngine, { rowLimit: 5000 });
    const outcome = await analyst.analyze({
      question: 'how many flights',
      source: w.sources.flights,
      previous: null,
      worksheetStated: true,
      timeoutMs: 300,
    });
    expect(outcome).toMatchObject({ ok: false, code: 'timeout' });
    expect((await ask(w, 'flights', 'how many flights')).table.rows).toEqual([[2000]]);
  });
});
