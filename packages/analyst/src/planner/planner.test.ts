import { describe, expect, it } from 'vitest';
import { groupBy, isoDate, mean, median, numbers, sum } from '../test-support/expected.js';
import { openPlannerFixtures, type Row } from '../test-support/planner-fixtures.js';
import {
  analyze,
  ask,
  byGroup,
  converse,
  readFixtureRows,
  single,
} from '../test-support/worksheets.js';

const { w, cars, weather, flights, movies, stocks, electricity } = await openPlannerFixtures(
  ['flights', 'cars', 'weather', 'movies', 'stocks', 'disasters', 'electricity'],
  ['cars', 'weather', 'flights', 'movies', 'stocks', 'electricity'],
);

/** A number, or NaN for an empty cell: comparisons with it are false, as with SQL NULL. */
const num = (value: unknown) => (typeof value === 'number' ? value : NaN);
const where = (rows: Row[], test: (row: Row) => boolean) => rows.filter(test);
const countBy = (rows: Row[], column: string) =>
  new Map([...groupBy(rows, (r) => r[column])].map(([k, v]) => [k, v.length]));

describe('aggregations', () => {
  it('total, average, median, minimum and maximum of a column', async () => {
    const hp = numbers(cars, 'Horsepower');
    expect(single(await ask(w, 'cars', 'total horsepower'))).toBe(sum(hp));
    expect(single(await ask(w, 'cars', 'average horsepower'))).toBeCloseTo(mean(hp), 9);
    expect(single(await ask(w, 'cars', 'median horsepower'))).toBe(median(hp));
    expect(single(await ask(w, 'cars', 'minimum horsepower'))).toBe(Math.min(...hp));
    expect(single(await ask(w, 'cars', 'maximum horsepower'))).toBe(Math.max(...hp));
    expect(single(await ask(w, 'cars', 'mean acceleration'))).toBeCloseTo(
      mean(numbers(cars, 'Acceleration')),
      9,
    );
  });

  it('"lowest"/"highest" of a phrase naming a min/max pair takes the matching twin', async () => {
    expect(single(await ask(w, 'weather', 'minimum temperature'))).toBe(
      Math.min(...numbers(weather, 'temp_min')),
    );
    expect(single(await ask(w, 'weather', 'highest temperature'))).toBe(
      Math.max(...numbers(weather, 'temp_max')),
    );
    // Averaged, "temperature" could be either twin: asked, never picked.
    const average = await analyze(w, 'weather', 'average temperature');
    expect(average).toMatchObject({ ok: false, code: 'needs_clarification' });
  });

  it('count of rows and distinct count of values', async () => {
    expect(single(await ask(w, 'flights', 'number of flights'))).toBe(flights.length);
    const distinct = await ask(w, 'flights', 'how many distinct origins');
    expect(distinct.query.plan.measures[0]?.aggregation).toBe('count_distinct');
    expect(single(distinct)).toBe(new Set(flights.map((r) => r.origin)).size);
    const unique = await ask(w, 'movies', 'number of unique directors');
    expect(single(unique)).toBe(new Set(movies.map((r) => r.Director).filter(Boolean)).size);
  });

  it('share of total: each group over all rows', async () => {
    const answer = await ask(w, 'cars', 'percentage of cars by origin');
    expect(answer.query.plan.calculation).toEqual({ kind: 'share_of_total' });
    const counts = countBy(cars, 'Origin');
    for (const row of answer.table.rows) {
      expect(row[1]).toBe(counts.get(row[0]));
      expect(row[2]).toBeCloseTo(counts.get(row[0])! / cars.length, 12);
    }
    // A share of one value is still a share of the whole, not of the filtered rows.
    const japan = await ask(w, 'cars', 'share of cars from Japan');
    expect(japan.table.rows).toHaveLength(1);
    expect(japan.table.rows[0]![1]).toBeCloseTo(counts.get('Japan')! / cars.length, 12);
  });
});

describe('a share of the rows that hold a value (decision 146)', () => {
  const share = async (name: 'cars' | 'movies' | 'weather' | 'flights', question: string) => {
    const answer = await ask(w, name, question);
    expect(answer.query.plan.calculation?.kind).toBe('share_where');
    expect(answer.query.plan.dimensions).toEqual([]);
    expect(answer.chart?.type).toBe('kpi');
    expect(answer.table.rows).toHaveLength(1);
    return answer;
  };

  it('a value, in any word form, over all rows: a percent KPI that says what was counted', async () => {
    const comedies = await share('movies', 'what percentage of movies are comedies');
    const comedy = where(movies, (r) => r['Major Genre'] === 'Comedy').length;
    expect(comedies.table.rows[0]).toEqual([
      movies.length,
      expect.closeTo(comedy / movies.length, 12),
    ]);
    expect(comedies.summary).toMatch(/^\d+\.\d% of 3,201 rows/);
    expect(comedies.interpretation.restatement).toContain(
      'share of the rows where Major Genre is Comedy',
    );
    const rain = await share('weather', 'what fraction of days had rain');
    expect(rain.table.rows[0]![1]).toBeCloseTo(
      where(weather, (r) => r.weather === 'rain').length / weather.length,
      12,
    );
    const atl = await share('flights', 'share of flights from ATL');
    expect(atl.table.rows[0]![1]).toBeCloseTo(
      where(flights, (r) => r.origin === 'ATL').length / flights.length,
      12,
    );
    const japan = await share('cars', 'what share of cars are from Japan');
    expect(japan.table.rows[0]![1]).toBeCloseTo(
      where(cars, (r) => r.Origin === 'Japan').length / cars.length,
      12,
    );
  });

  it('a year, a value excluded: the condition on that one column', async () => {
    const after = await share('movies', 'what percentage of movies were released after 2000');
    const released = (r: Row) => Number(isoDate(r['Release Date']).slice(0, 4));
    expect(after.table.rows[0]![1]).toBeCloseTo(
      where(movies, (r) => r['Release Date'] != null && released(r) > 2000).length / movies.length,
      12,
    );
    const notUsa = await share('cars', 'what percentage of cars are not from USA');
    expect(notUsa.table.rows[0]![1]).toBeCloseTo(
      where(cars, (r) => r.Origin !== 'USA').length / cars.length,
      12,
    );
  });

  it('conditions on two columns do not say which rows the share is of: refused', async () => {
    for (const question of [
      'what percentage of comedies are rated R',
      'percentage of flights from ATL to LAX',
    ]) {
      const outcome = await analyze(
        w,
        question.includes('flights') ? 'flights' : 'movies',
        question,
      );
      expect(outcome).toMatchObject({ ok: false, code: 'not_understood' });
    }
  });

  it('a measure other than a count keeps its share of one value, grouped', async () => {
    const answer = await ask(w, 'cars', 'share of total horsepower from Japan');
    expect(answer.query.plan.calculation).toEqual({ kind: 'share_of_total' });
    expect(answer.query.plan.dimensions.map((d) => d.column)).toEqual(['Origin']);
  });

  it("a follow-up's value changes the condition, never the rows it is a share of", async () => {
    const [, europe, byYear] = await converse(w, 'cars', [
      'what share of cars are from Japan',
      'what about Europe',
      'now by year',
    ]);
    const european = where(cars, (r) => r.Origin === 'Europe').length;
    expect(europe!.query.plan.calculation).toEqual({
      kind: 'share_where',
      where: [{ column: 'Origin', op: 'eq', value: 'Europe', part: null }],
    });
    expect(europe!.query.plan.filters).toEqual([]);
    expect(europe!.table.rows[0]![1]).toBeCloseTo(european / cars.length, 12);
    expect(byYear!.query.plan.dimensions.map((d) => d.column)).toEqual(['Year']);
    const [, both] = await converse(w, 'cars', [
      'what share of cars are from Japan',
      'also Europe',
    ]);
    expect(both!.table.rows[0]![1]).toBeCloseTo(
      (european + where(cars, (r) => r.Origin === 'Japan').length) / cars.length,
      12,
    );
  });
});

describe('counting the groups that pass (decision 147)', () => {
  it('the values whose rows, counted or aggregated, compare: one number', async () => {
    const origins = await ask(w, 'flights', 'number of origins with at least 100 flights');
    expect(origins.query.plan.calculation).toEqual({
      kind: 'count_groups_where',
      column: null,
      aggregation: 'count',
      op: 'gte',
      value: 100,
    });
    const perOrigin = countBy(flights, 'origin');
    expect(single(origins)).toBe([...perOrigin.values()].filter((n) => n >= 100).length);
    expect(origins.chart?.type).toBe('kpi');
    expect(origins.interpretation.restatement).toContain(
      'counting only the origin values whose Count is at least 100',
    );

    const genres = await ask(w, 'movies', 'how many genres have an average IMDB rating above 6');
    const averages = [...groupBy(movies, (r) => r['Major Genre'])]
      .filter(([genre]) => genre != null)
      .map(([, rows]) => mean(numbers(rows, 'IMDB Rating')));
    expect(genres.query.plan.measures).toEqual([
      { column: 'Major Genre', aggregation: 'count_distinct', label: 'Distinct Major Genre' },
    ]);
    expect(single(genres)).toBe(averages.filter((a) => a > 6).length);
  });

  it('refused beside a grouping or another measure, never the groups listed instead', async () => {
    const outcome = await analyze(w, 'cars', 'how many origins have more than 50 cars by year');
    expect(outcome).toMatchObject({ ok: false, code: 'not_understood' });
  });
});

describe('grouping cues', () => {
  const expected = () =>
    new Map(
      [...groupBy(cars, (r) => r.Origin)].map(([k, v]) => [k, mean(numbers(v, 'Horsepower'))]),
    );
  for (const question of [
    'average horsepower by origin',
    'average horsepower for each origin',
    'average horsepower per origin',
    'average horsepower on each origin',
  ]) {
    it(`groups "${question}"`, async () => {
      const answer = await ask(w, 'cars', question);
      expect(answer.query.plan.dimensions.map((d) => d.column)).toEqual(['Origin']);
      const got = byGroup(answer);
      for (const [origin, value] of expected()) expect(got.get(origin)).toBeCloseTo(value, 9);
    });
  }

  it('groups by two columns joined by "and"', async () => {
    const answer = await ask(w, 'cars', 'count of cars by origin and cylinders');
    expect(answer.query.plan.dimensions.map((d) => d.column)).toEqual(['Origin', 'Cylinders']);
    const usa8 = where(cars, (r) => r.Origin === 'USA' && r.Cylinders === 8).length;
    expect(answer.table.rows.find((r) => r[0] === 'USA' && r[1] === 8)?.[2]).toBe(usa8);
  });
});

describe('time grains and ranges', () => {
  const precipitation = (test: (date: string) => boolean) =>
    sum(
      numbers(
        where(weather, (r) => test(String(r.date))),
        'precipitation',
      ),
    );

  it('"over time" with no grain: the data\'s own step when few enough points, said', async () => {
    // Stocks has one price per symbol and month: GOOG over time is its monthly prices.
    const goog = await ask(w, 'stocks', 'GOOG price over time');
    expect(goog.query.plan.dimensions[0]).toMatchObject({ column: 'date', grain: 'month' });
    expect(goog.table.rows).toHaveLength(where(stocks, (r) => r.symbol === 'GOOG').length);
    expect(goog.interpretation.restatement).toContain('(by month: the data has one date a month)');
    // A day a row over four years is more than 1,000 points: by the span, as before.
    const highs = await ask(w, 'weather', 'max temperature over time');
    expect(highs.query.plan.dimensions[0]).toMatchObject({ column: 'date', grain: 'year' });
    expect(highs.interpretation.restatement).toContain('(by year: the date values span 4 years)');
    // A change over time with no time grouping asked stays by the span: the change between years.
    const change = await ask(w, 'stocks', 'how did the price of MSFT change from 2005 to 2008');
    expect(change.query.plan.dimensions[0]).toMatchObject({ column: 'date', grain: 'year' });
  });

  it('a grain said with "over time" is the grain of the series', async () => {
    const daily = await ask(w, 'weather', 'daily highs over time as a line');
    expect(daily.query.plan.dimensions).toEqual([{ column: 'date', grain: 'day', label: 'Day' }]);
    expect(daily.table.rows).toHaveLength(weather.length);
    const monthly = await ask(w, 'weather', 'monthly precipitation over time');
    expect(monthly.query.plan.dimensions).toEqual([
      { column: 'date', grain: 'month', label: 'Month' },
    ]);
    expect(monthly.table.rows).toHaveLength(48);
  });

  it('by year, quarter, month (as a series), week and day', async () => {
    const byYear = await ask(w, 'weather', 'total precipitation by year');
    expect(byYear.query.plan.dimensions[0]).toMatchObject({ column: 'date', grain: 'year' });
    expect(byYear.table.rows.map((r) => r[0])).toEqual([2012, 2013, 2014, 2015]);
    for (const [year, value] of byYear.table.rows)
      expect(value).toBeCloseTo(
        precipitation((d) => d.startsWith(String(year))),
        6,
      );

    const byQuarter = await ask(w, 'weather', 'total precipitation by quarter');
    expect(byQuarter.query.plan.dimensions[0]?.grain).toBe('quarter');
    expect(byQuarter.table.rowCount).toBe(16);
    expect(byQuarter.table.rows[1]).toEqual([
      '2012-04-01',
      expect.closeTo(
        precipitation((d) => d >= '2012-04-01' && d < '2012-07-01'),
        6,
      ),
    ]);

    const monthly = await ask(w, 'weather', 'monthly total precipitation');
    expect(monthly.query.plan.dimensions[0]?.grain).toBe('month');
    expect(monthly.table.rowCount).toBe(48);
    expect(monthly.table.rows[0]![1]).toBeCloseTo(
      precipitation((d) => d < '2012-02-01'),
      6,
    );

    const byWeek = await ask(w, 'weather', 'average wind by week');
    expect(byWeek.query.plan.dimensions[0]?.grain).toBe('week');
    // ISO weeks start on Monday: 2012-01-01 is a Sunday, in the week of 2011-12-26.
    expect(byWeek.table.rows[0]).toEqual(['2011-12-26', weather[0]!.wind]);

    const byDay = await ask(w, 'weather', 'average wind by day in 2015');
    expect(byDay.query.plan.dimensions[0]?.grain).toBe('day');
    expect(byDay.table.rowCount).toBe(365);
  });

  it('"by month" over several years folds the years and offers the series instead', async () => {
    const answer = await ask(w, 'weather', 'average temp_max by month');
    expect(answer.query.plan.dimensions[0]?.grain).toBe('month_of_year');
    expect(answer.table.rows.map((r) => r[0]).slice(0, 2)).toEqual(['January', 'February']);
    const january = where(weather, (r) => String(r.date).slice(5, 7) === '01');
    expect(answer.table.rows[0]![1]).toBeCloseTo(mean(numbers(january, 'temp_max')), 9);
    expect(answer.interpretation.alternatives.some((a) => /month and year/.test(a.question))).toBe(
      true,
    );
  });

  it('"by month" on a worksheet whose rows are months groups by month', async () => {
    const answer = await ask(w, 'stocks', 'average price in 2008 by month');
    expect(answer.query.plan.dimensions).toHaveLength(1);
    expect(answer.table.rowCount).toBe(12);
    const jan2008 = where(stocks, (r) => isoDate(r.date) === '2008-01-01');
    expect(answer.table.rows[0]).toEqual([
      'January',
      expect.closeTo(mean(numbers(jan2008, 'price')), 9),
    ]);
  });

  it('"in 2014", "in March", "Q1", "in March 2013", "since 2014" filter by the time column', async () => {
    expect(single(await ask(w, 'weather', 'total precipitation in 2014'))).toBeCloseTo(
      precipitation((d) => d.startsWith('2014')),
      6,
    );
    const march = await ask(w, 'weather', 'average wind in March');
    expect(march.query.plan.filters).toEqual([
      { column: 'date', op: 'eq', value: 3, part: 'month' },
    ]);
    expect(single(march)).toBeCloseTo(
      mean(
        numbers(
          where(weather, (r) => String(r.date).slice(5, 7) === '03'),
          'wind',
        ),
      ),
      9,
    );
    const q1 = await ask(w, 'weather', 'total precipitation in Q1');
    expect(single(q1)).toBeCloseTo(
      precipitation((d) => ['01', '02', '03'].includes(d.slice(5, 7))),
      6,
    );
    const march2013 = await ask(w, 'weather', 'total precipitation in March 2013');
    expect(single(march2013)).toBeCloseTo(
      precipitation((d) => d.startsWith('2013-03')),
      6,
    );
    const since = await ask(w, 'weather', 'how many days since 2014');
    expect(single(since)).toBe(where(weather, (r) => String(r.date) >= '2014').length);
  });

  it('"the last 3 months of data" is anchored to the data\'s last date, not today', async () => {
    const answer = await ask(w, 'weather', 'total precipitation in the last 3 months of data');
    expect(answer.query.plan.filters).toEqual([
      { column: 'date', op: 'gte', value: '2015-10-01', part: null },
    ]);
    expect(single(answer)).toBeCloseTo(
      precipitation((d) => d >= '2015-10-01'),
      6,
    );
    const weeks = await ask(w, 'stocks', 'average price over the last 2 years');
    expect(weeks.query.plan.filters[0]).toMatchObject({ op: 'gte', value: '2009-01-01' });
  });

  it('imported worksheets: decades, "per year" and "the last N years" over a year column', async () => {
    const rows = await readFixtureRows('disasters');
    const deaths = (test: (r: Row) => boolean) => sum(numbers(where(rows, test), 'Deaths'));
    const year = (r: Row) => r.Year as number;
    const decade = await ask(w, 'disasters', 'total deaths in the 1920s');
    expect(single(decade)).toBe(deaths((r) => year(r) >= 1920 && year(r) <= 1929));
    const perYear = await ask(w, 'disasters', 'average deaths per year for Flood');
    expect(perYear.query.plan.dimensions.map((d) => d.column)).toEqual(['Year']);
    expect(perYear.interpretation.unused).toEqual([]);
    const lastYear = Math.max(...rows.map(year));
    const recent = await ask(w, 'disasters', 'total deaths in the last 10 years');
    expect(single(recent)).toBe(deaths((r) => year(r) > lastYear - 10));
    // A date column named "year": the last 3 years of data, not the bottom 3 groups.
    const generation = await ask(w, 'electricity', 'total net generation in the last 3 years');
    expect(generation.query.plan.limit).toBeNull();
    expect(single(generation)).toBe(
      sum(
        numbers(
          where(electricity, (r) => String(r.year) >= '2015'),
          'net_generation',
        ),
      ),
    );
  });

  it('a year column of an imported worksheet filters and groups as years', async () => {
    const answer = await ask(w, 'disasters', 'total deaths in 1900');
    expect(answer.query.plan.filters).toEqual([
      { column: 'Year', op: 'eq', value: 1900, part: null },
    ]);
    const rows = await readFixtureRows('disasters');
    expect(single(answer)).toBe(
      sum(
        numbers(
          where(rows, (r) => r.Year === 1900),
          'Deaths',
        ),
      ),
    );
  });
});

describe('ranking, comparisons and calculations', () => {
  it('top N and bottom N groups', async () => {
    const counts = [...countBy(flights, 'origin')].sort((a, b) => b[1] - a[1]);
    const top = await ask(w, 'flights', 'top 5 origins by number of flights');
    expect(top.query.plan.limit).toBe(5);
    expect(top.table.rows.map((r) => r[1])).toEqual(counts.slice(0, 5).map((c) => c[1]));
    expect(top.table.rows[0]).toEqual(counts[0]);

    const means = [...groupBy(cars, (r) => r.Origin)].map(
      ([k, v]) => [k, mean(numbers(v, 'Miles_per_Gallon'))] as const,
    );
    const lowest = means.sort((a, b) => a[1] - b[1])[0]!;
    const bottom = await ask(w, 'cars', 'bottom 1 origin by average mpg');
    expect(bottom.query.plan.sort[0]?.direction).toBe('asc');
    expect(bottom.table.rows).toEqual([[lowest[0], expect.closeTo(lowest[1], 9)]]);
  });

  it('top N rows are named by their most distinct text column; a ranking of nothing fails', async () => {
    const top = await ask(w, 'cars', 'top 3 cars by horsepower');
    expect(top.query.plan.dimensions.map((d) => d.column)).toEqual(['Name']);
    const byName = [...groupBy(cars, (r) => r.Name)]
      .map(([name, list]) => [name, mean(numbers(list, 'Horsepower'))] as const)
      .filter(([, hp]) => !Number.isNaN(hp))
      .sort((a, b) => b[1] - a[1] || String(a[0]).localeCompare(String(b[0])));
    // Two cars share the third place (215 hp): both are kept (decision 154).
    const third = byName[2]![1];
    const kept = byName.filter(([, hp]) => hp >= third).map((x) => x[1]);
    expect(kept.length).toBeGreaterThan(3);
    expect(top.table.rows.map((r) => r[1])).toEqual(kept);
    const nothing = await analyze(w, 'cars', 'top 3 by horsepower');
    expect(nothing).toMatchObject({ ok: false, code: 'not_understood' });
    if (!nothing.ok) expect(nothing.message).toContain('"top 3"');
  });

  it('"which X has the most": a ranking by row count', async () => {
    const answer = await ask(w, 'movies', 'which director has the most movies');
    const counts = [
      ...countBy(
        where(movies, (r) => r.Director != null),
        'Director',
      ),
    ].sort((a, b) => b[1] - a[1]);
    expect(answer.table.rows[0]).toEqual(counts[0]);
  });

  it('a superlative adjective names its measure: "the heaviest car", "the longest movie"', async () => {
    const heaviest = await ask(w, 'cars', 'what is the heaviest car');
    expect(heaviest.query.plan.measures[0]).toMatchObject({
      column: 'Weight_in_lbs',
      aggregation: 'max',
    });
    expect(single(heaviest)).toBe(Math.max(...numbers(cars, 'Weight_in_lbs')));
    const longest = await ask(w, 'movies', 'longest movie');
    const runtime = Math.max(...numbers(movies, 'Running Time min'));
    expect(longest.table.rows).toEqual([
      [movies.find((r) => r['Running Time min'] === runtime)!.Title, runtime],
    ]);
    // An adjective that names no column of the worksheet fails rather than counting rows.
    const fastest = await analyze(w, 'cars', 'fastest car');
    expect(fastest).toMatchObject({ ok: false, code: 'not_understood' });
    if (!fastest.ok) expect(fastest.message).toContain('"fastest"');
  });

  it('"4 cylinder cars": a number before a column of few values picks that value', async () => {
    const answer = await ask(w, 'cars', 'average mpg of 4 cylinder cars');
    expect(answer.query.plan.filters).toEqual([
      { column: 'Cylinders', op: 'eq', value: 4, part: null },
    ]);
    expect(single(answer)).toBeCloseTo(
      mean(
        numbers(
          where(cars, (r) => r.Cylinders === 4),
          'Miles_per_Gallon',
        ),
      ),
      9,
    );
  });

  it('"A vs B" and "compare A and B" keep both values as groups', async () => {
    for (const question of [
      'AAPL vs MSFT average price',
      'compare AAPL and MSFT by average price',
    ]) {
      const answer = await ask(w, 'stocks', question);
      expect(answer.query.plan.filters).toContainEqual({
        column: 'symbol',
        op: 'in',
        value: ['AAPL', 'MSFT'],
        part: null,
      });
      const got = byGroup(answer);
      expect(got.size).toBe(2);
      for (const symbol of ['AAPL', 'MSFT'])
        expect(got.get(symbol)).toBeCloseTo(
          mean(
            numbers(
              where(stocks, (r) => r.symbol === symbol),
              'price',
            ),
          ),
          9,
        );
    }
  });

  it('"difference between A and B"', async () => {
    const answer = await ask(
      w,
      'cars',
      'difference between Japan and USA in average miles per gallon',
    );
    expect(answer.query.plan.calculation).toEqual({ kind: 'difference', a: 'Japan', b: 'USA' });
    const mpg = (origin: string) =>
      mean(
        numbers(
          where(cars, (r) => r.Origin === origin),
          'Miles_per_Gallon',
        ),
      );
    const japan = answer.table.rows.find((r) => r[0] === 'Japan')!;
    expect(japan[2]).toBeCloseTo(mpg('Japan') - mpg('USA'), 9);
  });

  it('"change over time": the change from the previous period', async () => {
    const answer = await ask(w, 'weather', 'change in total precipitation over time');
    expect(answer.query.plan.calculation).toEqual({ kind: 'change_over_time' });
    const years = [2012, 2013, 2014, 2015].map((y) =>
      precipitationOf((d) => d.startsWith(String(y))),
    );
    expect(answer.table.rows[0]![2]).toBeNull();
    expect(answer.table.rows[1]![2]).toBeCloseTo(years[1]! - years[0]!, 6);
    expect(answer.table.rows[1]![3]).toBeCloseTo((years[1]! - years[0]!) / years[0]!, 9);
  });

  it('numeric comparisons: over, under, at least, between', async () => {
    const cases: Array<[string, (r: Row) => boolean]> = [
      ['how many cars have horsepower over 150', (r) => num(r.Horsepower) > 150],
      ['how many cars with horsepower under 70', (r) => num(r.Horsepower) < 70],
      ['how many cars have at least 6 cylinders', (r) => num(r.Cylinders) >= 6],
      [
        'how many cars with weight between 2000 and 2500',
        (r) => num(r.Weight_in_lbs) >= 2000 && num(r.Weight_in_lbs) <= 2500,
      ],
    ];
    // A year-like bound of a numeric column is that column's bound; alone it is a year.
    cases.push(['how many cars after 1980', (r) => Number(String(r.Year).slice(0, 4)) > 1980]);
    for (const [question, test] of cases) {
      expect(single(await ask(w, 'cars', question)), question).toBe(where(cars, test).length);
    }
  });

  it('negation: "without Europe", "excluding fog"; "excluding rain" asks', async () => {
    const answer = await ask(w, 'cars', 'average horsepower by origin without Europe');
    expect([...byGroup(answer).keys()].sort()).toEqual(['Japan', 'USA']);
    const clear = await ask(w, 'weather', 'how many days excluding fog');
    expect(single(clear)).toBe(where(weather, (r) => r.weather !== 'fog').length);
    // "rain" is also the layer's word for precipitation: no rain may mean none fell.
    const dry = await analyze(w, 'weather', 'how many days excluding rain');
    expect(dry.ok ? null : dry.code).toBe('needs_clarification');
  });
});

const precipitationOf = (test: (date: string) => boolean) =>
  sum(
    numbers(
      weather.filter((r) => test(String(r.date))),
      'precipitation',
    ),
  );

describe('values found in the data', () => {
  it('exact values, in any case, filter their column', async () => {
    const answer = await ask(w, 'movies', 'total worldwide gross of comedy movies');
    expect(answer.query.plan.filters).toContainEqual({
      column: 'Major Genre',
      op: 'eq',
      value: 'Comedy',
      part: null,
    });
    expect(single(answer)).toBe(
      sum(
        numbers(
          where(movies, (r) => r['Major Genre'] === 'Comedy'),
          'Worldwide Gross',
        ),
      ),
    );
    expect(answer.interpretation.slots).toContainEqual(
      expect.objectContaining({ slot: 'filter', source: 'value_matched' }),
    );
  });

  it('another word form: "rainy days" is weather = rain, "sunny" sun, "foggy" fog', async () => {
    const rainy = await ask(w, 'weather', 'how many rainy days');
    expect(rainy.query.plan.filters).toEqual([
      { column: 'weather', op: 'eq', value: 'rain', part: null },
    ]);
    expect(single(rainy)).toBe(where(weather, (r) => r.weather === 'rain').length);
    const sunny = await ask(w, 'weather', 'how many sunny days in 2013');
    expect(single(sunny)).toBe(
      where(weather, (r) => r.weather === 'sun' && String(r.date).startsWith('2013')).length,
    );
    const foggy = await ask(w, 'weather', 'average wind when it was foggy');
    expect(single(foggy)).toBeCloseTo(
      mean(
        numbers(
          where(weather, (r) => r.weather === 'fog'),
          'wind',
        ),
      ),
      9,
    );
    const slot = rainy.interpretation.slots.find((s) => s.slot === 'filter');
    expect(slot).toMatchObject({ source: 'value_matched', words: 'rainy (read as rain)' });
  });

  it('an imported worksheet: values and columns the planner never saw', async () => {
    const answer = await ask(w, 'electricity', 'total net generation by source in 2010');
    const rows = where(electricity, (r) => String(r.year).startsWith('2010'));
    const got = byGroup(answer);
    for (const [source, list] of groupBy(rows, (r) => r.source))
      expect(got.get(source)).toBe(sum(numbers(list, 'net_generation')));
    const nuclear = await ask(w, 'electricity', 'average net generation of nuclear energy');
    expect(single(nuclear)).toBeCloseTo(
      mean(
        numbers(
          where(electricity, (r) => r.source === 'Nuclear Energy'),
          'net_generation',
        ),
      ),
      9,
    );
  });
});

describe('twin columns', () => {
  it('"from"/"departing" is the origin, "to"/"arriving" the destination', async () => {
    const from = await ask(w, 'flights', 'how many flights from ATL');
    expect(from.query.plan.filters).toEqual([
      { column: 'origin', op: 'eq', value: 'ATL', part: null },
    ]);
    expect(single(from)).toBe(where(flights, (r) => r.origin === 'ATL').length);
    const to = await ask(w, 'flights', 'average delay of flights arriving at LAX');
    expect(to.query.plan.filters[0]).toMatchObject({ column: 'destination', value: 'LAX' });
    expect(single(to)).toBeCloseTo(
      mean(
        numbers(
          where(flights, (r) => r.destination === 'LAX'),
          'delay',
        ),
      ),
      9,
    );
    const departed = await ask(w, 'flights', 'how many flights departed LAX');
    expect(single(departed)).toBe(where(flights, (r) => r.origin === 'LAX').length);
    const arrived = await ask(w, 'flights', 'how many flights arrived in SEA');
    expect(single(arrived)).toBe(where(flights, (r) => r.destination === 'SEA').length);
    const both = await ask(w, 'flights', 'how many flights from SFO to LAX');
    expect(single(both)).toBe(
      where(flights, (r) => r.origin === 'SFO' && r.destination === 'LAX').length,
    );
  });

  it('a value of both twins with nothing to tell them apart needs a clarification listing both', async () => {
    const outcome = await analyze(w, 'flights', 'average delay for DEN');
    expect(outcome).toMatchObject({ ok: false, code: 'needs_clarification' });
    if (!outcome.ok) {
      expect(outcome.message).toContain('origin');
      expect(outcome.message).toContain('destination');
    }
  });
});

describe('questions it cannot answer', () => {
  it('a measure naming an absent column fails not_understood naming the word', async () => {
    const outcome = await analyze(w, 'movies', 'average profit by genre');
    expect(outcome).toMatchObject({ ok: false, code: 'not_understood' });
    if (!outcome.ok) expect(outcome.message).toContain('"profit"');
    const cars2 = await analyze(w, 'cars', 'total salary');
    expect(cars2).toMatchObject({ ok: false, code: 'not_understood' });
    if (!cars2.ok) expect(cars2.message).toContain('"salary"');
  });

  it('a count beside a column named alone fails: the column limits the count, unsaid how', async () => {
    // "lateness" is the layer's word for delay but no condition: counting every flight and
    // averaging their delay would answer another question.
    const late = await analyze(w, 'flights', 'how many flights had lateness');
    expect(late).toMatchObject({ ok: false, code: 'not_understood' });
    if (!late.ok) expect(late.message).toContain('"lateness" names delay');
    // Said with its aggregation, the measure stands beside the count.
    const both = await ask(w, 'flights', 'number of flights and average delay');
    expect(both.query.plan.measures.map((m) => m.aggregation)).toEqual(['count', 'avg']);
  });

  it('a condition the semantic layer names filters the rows, and is said', async () => {
    // Flights' layer: "late" (also "arrived late", "delayed") is a delay above 0.
    const late = await ask(w, 'flights', 'how many flights arrived late');
    expect(late.query.plan.filters).toEqual([{ column: 'delay', op: 'gt', value: 0, part: null }]);
    expect(late.interpretation.restatement).toContain('"arrived late": delay is above 0');
    // As the condition of a share, the other filters the rows it is a share of.
    const share = await ask(w, 'flights', 'what percentage of flights from ATL were late');
    expect(share.query.plan.calculation).toEqual({
      kind: 'share_where',
      where: [{ column: 'delay', op: 'gt', value: 0, part: null }],
    });
    expect(share.query.plan.filters).toEqual([
      { column: 'origin', op: 'eq', value: 'ATL', part: null },
    ]);
    // Measured and a condition at once.
    const average = await ask(w, 'flights', 'average delay of delayed flights');
    expect(average.query.plan.measures).toMatchObject([{ column: 'delay', aggregation: 'avg' }]);
    expect(average.query.plan.filters).toHaveLength(1);
    // A share by a group with a named condition: of which rows is not said.
    const grouped = await analyze(w, 'flights', 'percentage of late flights by origin');
    expect(grouped).toMatchObject({ ok: false, code: 'needs_clarification' });
    // A word no condition names still fails.
    const tardy = await analyze(w, 'flights', 'how many flights were tardy');
    expect(tardy).toMatchObject({ ok: false, code: 'not_understood' });
  });

  it('a question with nothing of the worksheet in it fails and names what it did not match', async () => {
    const outcome = await analyze(w, 'cars', 'quarterly zebra migrations');
    expect(outcome).toMatchObject({ ok: false, code: 'not_understood' });
    if (!outcome.ok) expect(outcome.message).toContain('"zebra"');
    const nothing = await analyze(w, 'stocks', 'tell me about pineapples');
    expect(nothing).toMatchObject({ ok: false, code: 'not_understood' });
    if (!nothing.ok) expect(nothing.message).toContain('"pineapples"');
  });

  it('a name that is no value of the data fails instead of being left out of the answer', async () => {
    const outcome = await analyze(w, 'movies', 'how many movies in California');
    expect(outcome).toMatchObject({ ok: false, code: 'not_understood' });
    if (!outcome.ok) expect(outcome.message).toContain('"California"');
    // Words in capitals too (the precision rule): SQL keywords fail the question, named.
    const shouted = await analyze(
      w,
      'movies',
      "How many movies by director'; DROP TABLE movies; --",
    );
    expect(shouted).toMatchObject({ ok: false, code: 'not_understood' });
    if (!shouted.ok) expect(shouted.message).toMatch(/"DROP".*"TABLE"/);
    // Words of the worksheet's own name and description only say where to look.
    const seattle = await ask(w, 'weather', 'how many days in Seattle had rain');
    expect(single(seattle)).toBe(where(weather, (r) => r.weather === 'rain').length);
  });
});
