import { describe, expect, it } from 'vitest';
import type { Answer } from '@ask-analyst/protocol';
import { isoDate, mean, numbers, sum } from '../test-support/expected.js';
import { openPlannerFixtures, readQuotedRows } from '../test-support/planner-fixtures.js';
import {
  analyze,
  ask,
  byGroup,
  converse,
  readFixtureRows,
  single,
} from '../test-support/worksheets.js';

/**
 * Classes of real phrasing (issue 23, decisions 137–139), each with phrasings of our own: the
 * answer is checked against numbers computed from the source files without the analyst, and a
 * phrasing the class does not cover must refuse, never answer another question.
 */
const { w, flights, gapminder, movies, cars, stocks } = await openPlannerFixtures(
  ['airports', 'flights', 'gapminder', 'movies', 'cars', 'weather', 'stocks'],
  ['flights', 'gapminder', 'movies', 'cars', 'stocks'],
);
const airports = await readQuotedRows('airports');

describe('a negation before a value, past its preposition (decision 137)', () => {
  it('"not in", "outside", "outside of", "not to" exclude the value', async () => {
    const notTexas = airports.filter((r) => r.state !== 'TX').length;
    expect(single(await ask(w, 'airports', 'count airports that are not in Texas'))).toBe(notTexas);
    expect(single(await ask(w, 'airports', 'number of airports outside of TX'))).toBe(notTexas);
    const abroad = await ask(w, 'airports', 'how many airports are outside the USA');
    expect(single(abroad)).toBe(airports.filter((r) => r.country !== 'USA').length);
    const answer = await ask(w, 'flights', 'mean delay for flights not to LAX');
    expect(single(answer)).toBeCloseTo(
      mean(
        numbers(
          flights.filter((r) => r.destination !== 'LAX'),
          'delay',
        ),
      ),
      9,
    );
  });

  it('a "not" that no pass reads refuses, naming it, instead of being dropped', async () => {
    const outcome = await analyze(w, 'cars', 'how many cars have horsepower not above 120');
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.message).toContain('"not"');
  });
});

describe('a change over a year column (decision 138)', () => {
  it('"how did X of Y change": the series by year with the change from the previous step', async () => {
    const answer = await ask(w, 'gapminder', "how did Japan's life expectancy change 1970 to 1990");
    const expected = gapminder
      .filter((r) => r.country === 'Japan' && Number(r.year) >= 1970 && Number(r.year) <= 1990)
      .sort((a, b) => Number(a.year) - Number(b.year));
    expect(answer.query.plan.calculation).toEqual({ kind: 'change_over_time' });
    expect(answer.table.rows.map((r) => r[0])).toEqual(expected.map((r) => r.year));
    expect(answer.table.rows.map((r) => r[1])).toEqual(expected.map((r) => r.life_expect));
    expect(answer.table.rows[1]![2]).toBeCloseTo(
      Number(expected[1]!.life_expect) - Number(expected[0]!.life_expect),
      9,
    );
  });

  it('with a second grouping, each series changes from its own previous step', async () => {
    const answer = await ask(w, 'gapminder', 'growth in population by country');
    const row = answer.table.rows.find((r) => r[0] === 1960 && r[1] === 'Chile')!;
    const pop = (year: number) =>
      Number(gapminder.find((r) => r.country === 'Chile' && r.year === year)!.pop);
    expect(row[3]).toBe(pop(1960) - pop(1955));
  });
});

describe('a change between two periods (decision 155)', () => {
  it('"how much did X change from A to B": the two end years and the one change between them', async () => {
    const yearly = (year: number) =>
      mean(
        numbers(
          stocks.filter((r) => r.symbol === 'MSFT' && String(r.date).includes(String(year))),
          'price',
        ),
      );
    const [a, b] = [yearly(2005), yearly(2008)];
    for (const question of [
      'how much did the price of MSFT change from 2005 to 2008',
      'percentage change in the price of MSFT between 2005 and 2008',
      // The worksheet's only measure is what changes.
      'how much did MSFT change from 2005 to 2008',
    ]) {
      const answer = await ask(w, 'stocks', question);
      expect(answer.interpretation.restatement).toContain(
        'change in Average price from 2005 to 2008',
      );
      expect(answer.table.rows.map((r) => r[0])).toEqual([2005, 2008]);
      const [, price, change, percent] = answer.table.rows[1]!;
      expect(answer.table.rows[0]![1]).toBeCloseTo(a, 9);
      expect(price).toBeCloseTo(b, 9);
      expect(change).toBeCloseTo(b - a, 9);
      expect(percent).toBeCloseTo((b - a) / a, 9);
    }
  });

  it('over a year column: the change of the two end years', async () => {
    const answer = await ask(
      w,
      'gapminder',
      'how much did the population of China change from 1960 to 2000',
    );
    const pop = (year: number) =>
      Number(gapminder.find((r) => r.country === 'China' && r.year === year)!.pop);
    expect(answer.table.rows.map((r) => [r[0], r[1], r[2]])).toEqual([
      [1960, pop(1960), null],
      [2000, pop(2000), pop(2000) - pop(1960)],
    ]);
  });

  it('by a second grouping, each series changes between its own ends, and the summary says so', async () => {
    const yearly = (symbol: string, year: number) =>
      mean(
        numbers(
          stocks.filter((r) => r.symbol === symbol && String(r.date).includes(String(year))),
          'price',
        ),
      );
    const answer = await ask(
      w,
      'stocks',
      'how much did the price change from 2005 to 2008 by symbol',
    );
    const msft = answer.table.rows.find((r) => r[0] === 2008 && r[1] === 'MSFT')!;
    expect(msft[3]).toBeCloseTo(yearly('MSFT', 2008) - yearly('MSFT', 2005), 9);
    // One series compared with itself, never the first row of AAPL with the last of MSFT.
    expect(answer.summary).toContain(
      `MSFT $${yearly('MSFT', 2005).toFixed(2)} (2005) to $${yearly('MSFT', 2008).toFixed(2)} (2008)`,
    );
  });

  it('a follow-up naming other years measures the change between those', async () => {
    const answers = await converse(w, 'stocks', [
      'how much did the price of MSFT change from 2005 to 2008',
      'what about from 2000 to 2004',
    ]);
    expect(answers[1]!.table.rows.map((r) => r[0])).toEqual([2000, 2004]);
    expect(answers[1]!.interpretation.restatement).toContain('from 2000 to 2004');
  });

  it('"how did X change from A to B" keeps the path, every period', async () => {
    const answer = await ask(w, 'stocks', 'how did the price of MSFT change from 2005 to 2008');
    expect(answer.table.rows.map((r) => r[0])).toEqual([2005, 2006, 2007, 2008]);
  });

  it('the period with the biggest change is refused, never ranked by the measure itself', async () => {
    const outcome = await analyze(
      w,
      'stocks',
      'which year had the biggest increase in the price of AAPL',
    );
    expect(outcome.ok ? 'answered' : outcome.code).toBe('not_understood');
    if (!outcome.ok) expect(outcome.message).toContain('not periods by their change');
  });

  it('two periods no row is in at once are refused, never an empty answer', async () => {
    const outcome = await analyze(
      w,
      'stocks',
      'average price of MSFT between January 2005 and January 2008',
    );
    expect(outcome.ok ? 'answered' : outcome.code).toBe('not_understood');
    if (!outcome.ok) expect(outcome.message).toContain('"January 2005"');
  });
});

describe('a phrase naming two columns, told apart by another phrase (decision 139)', () => {
  it('"the top 5 grossing films internationally … worldwide" reads the worldwide gross', async () => {
    const answer = await ask(w, 'movies', 'top 5 highest grossing films worldwide');
    expect(answer.query.plan.measures.map((m) => m.column)).toEqual(['Worldwide Gross']);
    const best = Math.max(...numbers(movies, 'Worldwide Gross'));
    expect(answer.table.rows[0]![1]).toBe(best);
    expect(answer.table.rowCount).toBe(5);
  });

  it('without the telling phrase it still asks which', async () => {
    const outcome = await analyze(w, 'movies', 'mean gross per genre');
    expect(outcome.ok ? 'answered' : outcome.code).toBe('needs_clarification');
  });

  it('"US" in capitals is not the filler "us": unplaced, the turn is refused', async () => {
    const outcome = await analyze(w, 'weather', 'total precipitation in the US');
    expect(outcome.ok).toBe(false);
  });
});

describe('"top N" + a superlative measure + the rows ranked', () => {
  it('"top 4 heaviest cars" ranks the cars by weight', async () => {
    const answer = await ask(w, 'cars', 'top 4 heaviest cars');
    const weights = numbers(cars, 'Weight_in_lbs').sort((a, b) => b - a);
    expect(answer.table.rowCount).toBe(4);
    expect([...byGroup(answer).values()]).toEqual(weights.slice(0, 4));
    expect(sum(weights.slice(0, 4))).toBeGreaterThan(0);
  });
});

describe('superlative adjectives of general English name their measure', () => {
  it('"the 3 least populous countries in 1990" ranks countries by population', async () => {
    const answer = await ask(w, 'gapminder', 'the bottom 3 least populous countries in 1990');
    const expected = gapminder
      .filter((r) => r.year === 1990)
      .sort((a, b) => Number(a.pop) - Number(b.pop))
      .slice(0, 3);
    expect(answer.table.rows.map((r) => r[0])).toEqual(expected.map((r) => r.country));
    expect(answer.table.rows.map((r) => r[1])).toEqual(expected.map((r) => r.pop));
  });

  it('"most powerful car" is the car with the most horsepower', async () => {
    const answer = await ask(w, 'cars', 'the most powerful car');
    expect(answer.table.rows[0]![1]).toBe(Math.max(...numbers(cars, 'Horsepower')));
  });

  it('"highest" before a column of names never ranks its values by their count', async () => {
    const rated = await analyze(w, 'movies', 'bottom 4 highest rated films');
    expect(rated.ok ? 'answered' : rated.code).toBe('needs_clarification');
    const director = await analyze(w, 'movies', 'the greatest director');
    expect(director.ok ? 'answered' : director.code).toBe('not_understood');
  });
});

describe("the semantic layer's names of values", () => {
  it('"Alphabet", "International Business Machines" read as the tickers the layer names', async () => {
    const answer = await ask(w, 'stocks', 'lowest closing price of Alphabet');
    expect(answer.query.plan.filters).toContainEqual(
      expect.objectContaining({ column: 'symbol', op: 'eq', value: 'GOOG' }),
    );
    expect(single(answer)).toBe(
      Math.min(
        ...numbers(
          stocks.filter((r) => r.symbol === 'GOOG'),
          'price',
        ),
      ),
    );
    const ibm = await ask(w, 'stocks', 'International Business Machines vs Microsoft mean price');
    expect([...byGroup(ibm).keys()].sort()).toEqual(['IBM', 'MSFT']);
  });

  it('a year between the aggregation and its measure filters: "mean 2007 share price"', async () => {
    const answer = await ask(w, 'stocks', 'mean 2007 share price of IBM');
    const expected = stocks.filter((r) => r.symbol === 'IBM' && String(r.date).includes('2007'));
    expect(expected.length).toBe(12);
    expect(single(answer)).toBeCloseTo(mean(numbers(expected, 'price')), 9);
  });
});

describe('rows asked for themselves are named, when they have names', () => {
  it('"airports of Denver" lists the airports by name; "films by Ridley Scott" by title', async () => {
    const answer = await ask(w, 'airports', 'airports of Denver');
    expect(answer.query.plan.dimensions.map((d) => d.column)).toEqual(['name']);
    expect([...byGroup(answer).keys()].sort()).toEqual(
      airports
        .filter((r) => r.city === 'Denver')
        .map((r) => r.name)
        .sort(),
    );
    const films = await ask(w, 'movies', 'which films were directed by Ridley Scott');
    expect(films.table.rowCount).toBe(
      new Set(movies.filter((r) => r.Director === 'Ridley Scott').map((r) => r.Title)).size,
    );
  });

  it('rows without names, or called only "rows"/"records", are still refused', async () => {
    const flightsFrom = await analyze(w, 'flights', 'flights from SEA');
    expect(flightsFrom.ok).toBe(false);
    const records = await analyze(w, 'cars', 'all records with horsepower above 200');
    expect(records.ok).toBe(false);
  });
});

describe('a capitalised word of exactly one value names it', () => {
  it('"Scorsese" is Martin Scorsese; "how many Zemeckis films" counts his films', async () => {
    const answer = await ask(w, 'movies', 'median IMDB rating of Scorsese movies');
    expect(answer.query.plan.filters).toContainEqual(
      expect.objectContaining({ column: 'Director', op: 'eq', value: 'Martin Scorsese' }),
    );
    const films = await ask(w, 'movies', 'how many Zemeckis films');
    expect(single(films)).toBe(
      new Set(movies.filter((r) => r.Director === 'Robert Zemeckis').map((r) => r.Title)).size,
    );
  });

  it('a word in several values, or written in lower case, names none', async () => {
    // "Potter" is in several titles: the question is refused, not narrowed to one of them.
    const pirates = await analyze(w, 'movies', 'total worldwide gross of Potter movies');
    expect(pirates.ok).toBe(false);
    const lower = await analyze(w, 'movies', 'average worldwide gross of scorsese movies');
    expect(lower.ok).toBe(false);
  });
});

describe('two values of one column are groups, never an empty "and"', () => {
  it('"cars with 4 cylinders compared to 8 cylinders" answers each value as a group', async () => {
    const answer = await ask(
      w,
      'cars',
      'what is the average weight of cars with 4 cylinders compared to 8 cylinders',
    );
    const weightOf = (n: number) =>
      mean(
        numbers(
          cars.filter((r) => r.Cylinders === n),
          'Weight_in_lbs',
        ),
      );
    const groups = byGroup(answer);
    expect([...groups.keys()].sort()).toEqual([4, 8]);
    expect(groups.get(4)).toBeCloseTo(weightOf(4), 9);
    expect(groups.get(8)).toBeCloseTo(weightOf(8), 9);
    expect(answer.interpretation.restatement).toContain('Cylinders is one of 4, 8');
  });
});

describe('a frequency superlative of a number is its most frequent value', () => {
  it('"the most common number of cylinders" ranks the values by their count', async () => {
    const answer = await ask(w, 'cars', 'most common number of cylinders');
    const counts = new Map<unknown, number>();
    for (const r of cars) counts.set(r.Cylinders, (counts.get(r.Cylinders) ?? 0) + 1);
    const mode = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]!;
    expect(answer.table.rows[0]).toEqual(mode);
  });
});

/**
 * Each group's measure in two periods and the change between them, computed from the source rows:
 * `period` gives a row's period (or null), `value` its figure; groups without both are left out,
 * ranked by the change (`down`: the largest decrease first).
 */
function changes(
  rows: readonly Record<string, unknown>[],
  group: string,
  period: (row: Record<string, unknown>) => string | number | null,
  [from, to]: readonly [string | number, string | number],
  aggregate: (values: number[]) => number,
  value: string,
  down = false,
): Array<[unknown, number, number, number, number]> {
  const at = (key: unknown, p: string | number) => {
    const values = rows
      .filter((r) => r[group] === key && period(r) === p)
      .map((r) => r[value])
      .filter((v): v is number => typeof v === 'number');
    return values.length > 0 ? aggregate(values) : null;
  };
  return [...new Set(rows.map((r) => r[group]))]
    .map((key) => [key, at(key, from), at(key, to)] as const)
    .filter((x): x is readonly [unknown, number, number] => x[1] !== null && x[2] !== null)
    .map(([key, a, b]): [unknown, number, number, number, number] => [
      key,
      a,
      b,
      b - a,
      (b - a) / Math.abs(a),
    ])
    .sort((x, y) => (down ? x[3] - y[3] : y[3] - x[3]));
}

/** An answer's rows against expected ones: the group exactly, every figure to 9 places. */
function expectRows(answer: Answer, expected: ReadonlyArray<readonly unknown[]>): void {
  expect(answer.table.rows.map((r) => r[0])).toEqual(expected.map((r) => r[0]));
  answer.table.rows.forEach((row, i) =>
    row.slice(1).forEach((v, j) => expect(v).toBeCloseTo(expected[i]![j + 1] as number, 9)),
  );
}

describe('a change ranked across groups between two periods (decision 161)', () => {
  const yearOf = (r: Record<string, unknown>) => Number(isoDate(r.date).slice(0, 4));
  const monthOf = (r: Record<string, unknown>) => `${isoDate(r.date).slice(0, 7)}-01`;
  const gapYear = (r: Record<string, unknown>) => r.year as number;

  it('"which stock grew the most between 2005 and 2010": each year\'s average price, ranked by the change', async () => {
    const answer = await ask(w, 'stocks', 'which stock grew the most between 2005 and 2010');
    expect(answer.table.columns.map((c) => c.name)).toEqual([
      'symbol',
      'Average price in 2005',
      'Average price in 2010',
      'Change',
      'Change %',
    ]);
    expectRows(answer, changes(stocks, 'symbol', yearOf, [2005, 2010], mean, 'price'));
    // 2010 holds three months of the data: said, never hidden.
    expect(answer.interpretation.restatement).toContain(
      '2010 is partial: the data ends 2010-03-01',
    );
    expect(answer.summary).toMatch(
      /^GOOG .* had the largest increase in Average price from 2005 to 2010/,
    );
    expect(answer.chart).toMatchObject({ type: 'bar', y: { column: 'Change' } });
  });

  it('no periods said: the first and last whole years of the data, and a group missing one left out', async () => {
    const answer = await ask(w, 'stocks', 'which stock grew the most');
    const expected = changes(stocks, 'symbol', yearOf, [2000, 2009], mean, 'price');
    expect(expected.map((r) => r[0])).not.toContain('GOOG');
    expectRows(answer, expected);
    expect(answer.interpretation.restatement).toContain(
      'from 2000 to 2009: the first and last whole years of the data',
    );
    expect(answer.interpretation.restatement).toContain(
      'without Average price in both is left out',
    );
  });

  it('"dropped", "fell", "the biggest drop": the largest decrease first; within one year, its first and last months', async () => {
    const drop = await ask(w, 'stocks', 'which symbol had the biggest drop in price in 2008');
    expect(drop.query.plan.calculation).toEqual({
      kind: 'change_between',
      column: 'date',
      grain: 'month',
      from: '2008-01-01',
      to: '2008-12-01',
    });
    expectRows(
      drop,
      changes(stocks, 'symbol', monthOf, ['2008-01-01', '2008-12-01'], mean, 'price', true),
    );
    expect(drop.summary).toMatch(
      /had the largest decrease in Average price from 2008-01 to 2008-12/,
    );
    const fell = await ask(w, 'gapminder', "which country's fertility fell the most");
    expectRows(
      fell,
      changes(gapminder, 'country', gapYear, [1955, 2005], mean, 'fertility', true).slice(0, 10),
    );
  });

  it('over a year column: a range, "since", a top N of a total', async () => {
    const life = await ask(
      w,
      'gapminder',
      "which country's life expectancy increased the most from 1955 to 2005",
    );
    expectRows(
      life,
      changes(gapminder, 'country', gapYear, [1955, 2005], mean, 'life_expect').slice(0, 10),
    );
    const growth = await ask(w, 'gapminder', 'top 3 countries by population growth since 1960');
    expectRows(
      growth,
      changes(gapminder, 'country', gapYear, [1960, 2005], sum, 'pop').slice(0, 3),
    );
    expect(growth.interpretation.restatement).toContain('the 3 largest increases');
    const increase = await ask(
      w,
      'stocks',
      'which symbol had the largest price increase from 2000 to 2005',
    );
    expectRows(increase, changes(stocks, 'symbol', yearOf, [2000, 2005], mean, 'price'));
  });

  it('a follow-up narrows the groups of the same change; new years are asked again whole', async () => {
    const first = 'which stock grew the most between 2005 and 2010';
    const [, only] = await converse(w, 'stocks', [first, 'only AAPL and MSFT']);
    expectRows(
      only!,
      changes(stocks, 'symbol', yearOf, [2005, 2010], mean, 'price').filter((r) =>
        ['AAPL', 'MSFT'].includes(r[0] as string),
      ),
    );
    const previous = { question: first, plan: only!.query.plan };
    for (const next of ['what about from 2000 to 2004', 'now by year']) {
      const outcome = await analyze(w, 'stocks', next, previous);
      expect(outcome.ok ? `answered: ${next}` : outcome.code).toBe('not_understood');
    }
  });

  it('what it cannot place is refused: years outside the data, no direction, the least, a percentage, several measures', async () => {
    for (const [sheet, question, code, says] of [
      [
        'gapminder',
        "which country's life expectancy increased the most from 1952 to 2007",
        'not_understood',
        'year runs from 1955 to 2005 in 5-year steps',
      ],
      ['gapminder', 'which country grew the most between 1957 and 2005', 'not_understood', ''],
      [
        'gapminder',
        "which country's life expectancy changed the most",
        'needs_clarification',
        'largest increase or the largest decrease',
      ],
      [
        'gapminder',
        "which country's population grew the least",
        'not_understood',
        'smallest increase',
      ],
      [
        'gapminder',
        'which country had the biggest percentage increase in population',
        'not_understood',
        'by its amount only',
      ],
      ['gapminder', 'which country grew the most', 'not_understood', ''],
      ['stocks', 'which stock grew the most by year', 'not_understood', ''],
    ] as const) {
      const outcome = await analyze(w, sheet, question);
      expect(outcome.ok ? `answered: ${question}` : outcome.code).toBe(code);
      if (!outcome.ok) expect(outcome.message).toContain(says);
    }
  });
});

describe("a value that is also the layer's word for a measure", () => {
  it('"more than 10 mm of rain" compares precipitation, without a weather = rain filter', async () => {
    const weather = await readFixtureRows('weather');
    const answer = await ask(w, 'weather', 'how many days had more than 10 mm of rain');
    expect(single(answer)).toBe(weather.filter((r) => Number(r.precipitation) > 10).length);
    expect(answer.query.plan.filters.map((f) => f.column)).toEqual(['precipitation']);
  });

  it('"total rain in 2013" adds up precipitation', async () => {
    const weather = await readFixtureRows('weather');
    const answer = await ask(w, 'weather', 'total rain in 2013');
    const expected = sum(
      numbers(
        weather.filter((r) => String(r.date).startsWith('2013')),
        'precipitation',
      ),
    );
    expect(single(answer)).toBeCloseTo(expected, 6);
  });
});

describe('one winner per group said without "which" (decision 157)', () => {
  /** Per group, the name(s) holding the extreme of `measure`, from the source rows. */
  const winners = (
    rows: Record<string, unknown>[],
    group: string,
    name: string,
    measure: string,
    direction: 'max' | 'min',
  ) => {
    const best = new Map<unknown, number>();
    for (const r of rows) {
      const v = r[measure];
      if (typeof v !== 'number' || r[group] == null || r[name] == null) continue;
      const held = best.get(r[group]);
      if (held === undefined || (direction === 'max' ? v > held : v < held)) best.set(r[group], v);
    }
    return new Set(
      rows
        .filter((r) => r[group] != null && r[name] != null && best.get(r[group]) === r[measure])
        .map((r) => `${String(r[group])}|${String(r[name])}|${String(r[measure])}`),
    );
  };
  const shown = (answer: Answer) =>
    new Set(answer.table.rows.map((row) => row.map(String).join('|')));

  it('"the car with the best mpg" for each cylinders, "the highest grossing movie worldwide" per genre', async () => {
    const cylinders = await ask(
      w,
      'cars',
      'for each number of cylinders, the car with the best mpg',
    );
    expect(cylinders.query.plan.calculation).toEqual({ kind: 'top_per_group', n: 1 });
    expect(shown(cylinders)).toEqual(winners(cars, 'Cylinders', 'Name', 'Miles_per_Gallon', 'max'));
    const genres = await ask(w, 'movies', 'for each genre, the highest grossing movie worldwide');
    expect(shown(genres)).toEqual(
      winners(movies, 'Major Genre', 'Title', 'Worldwide Gross', 'max'),
    );
    const lightest = await ask(w, 'cars', 'the lightest car in each origin');
    expect(shown(lightest)).toEqual(winners(cars, 'Origin', 'Name', 'Weight_in_lbs', 'min'));
  });

  it('"top 3 cars by horsepower for each origin" is three winners per origin', async () => {
    const answer = await ask(w, 'cars', 'top 3 cars by horsepower for each origin');
    expect(answer.query.plan.calculation).toEqual({ kind: 'top_per_group', n: 3 });
    const best = winners(cars, 'Origin', 'Name', 'Horsepower', 'max');
    for (const origin of new Set(cars.map((r) => r['Origin']))) {
      const rows = answer.table.rows.filter((row) => row[0] === origin);
      expect(rows.length, String(origin)).toBeGreaterThanOrEqual(3);
      expect(best.has(rows[0]!.map(String).join('|')), String(origin)).toBe(true);
    }
  });

  it('a measure phrase naming two columns, with nothing to tell them apart, asks', async () => {
    const outcome = await analyze(w, 'movies', 'the highest grossing movie in each genre');
    expect(outcome).toMatchObject({ ok: false, code: 'needs_clarification' });
  });
});

describe('groups whose count is exact, or said in words (decision 157)', () => {
  const perState = new Map<unknown, number>();
  for (const r of airports) perState.set(r.state, (perState.get(r.state) ?? 0) + 1);
  const statesWith = (test: (n: number) => boolean) =>
    [...perState].filter(([, n]) => test(n)).map(([state]) => state);

  it('"only one", "a single", "exactly 3", "no more than 2" airports keep those states', async () => {
    const only = await ask(w, 'airports', 'which states have only one airport');
    expect(only.query.plan.calculation).toEqual({
      kind: 'groups_where',
      measure: 0,
      op: 'eq',
      value: 1,
    });
    expect([...byGroup(only).keys()].sort()).toEqual(statesWith((n) => n === 1).sort());
    const single = await ask(w, 'airports', 'states with a single airport');
    expect([...byGroup(single).keys()].sort()).toEqual(statesWith((n) => n === 1).sort());
    const three = await ask(w, 'airports', 'which states have exactly 3 airports');
    expect([...byGroup(three).keys()].sort()).toEqual(statesWith((n) => n === 3).sort());
    const few = await ask(w, 'airports', 'states with no more than 2 airports');
    expect([...byGroup(few).keys()].sort()).toEqual(statesWith((n) => n <= 2).sort());
  });

  it('"how many states have only one airport" counts them; an unread "only one" refuses', async () => {
    const count = await ask(w, 'airports', 'how many states have only one airport');
    expect(count.table.rows[0]![0]).toBe(statesWith((n) => n === 1).length);
    const large = await analyze(w, 'airports', 'which states have only one large airport');
    expect(large).toMatchObject({ ok: false, code: 'not_understood' });
  });
});

describe('values not recorded, and a city named with its state (decision 163)', () => {
  const recorded = airports.filter((r) => r.city !== 'NA' && r.state !== 'NA');
  const perCity = new Map<string, number>();
  for (const r of recorded) {
    const key = `${String(r.city)}|${String(r.state)}`;
    perCity.set(key, (perCity.get(key) ?? 0) + 1);
  }
  const most = Math.max(...perCity.values());

  it('"which city has the most airports" groups by city and state, never the NA placeholder', async () => {
    const answer = await ask(w, 'airports', 'which city has the most airports');
    expect(answer.query.plan.dimensions.map((d) => d.column)).toEqual(['city', 'state']);
    const [city, state, count] = answer.table.rows[0]!;
    expect(count).toBe(most);
    expect(perCity.get(`${city}|${state}`)).toBe(most);
    expect(answer.table.rows.some((row) => row[0] === null || row[0] === 'NA')).toBe(false);
  });

  it('a grouping keeps the airports not recorded as one group of no value', async () => {
    const answer = await ask(w, 'airports', 'number of airports by city');
    expect(answer.table.rows).toHaveLength(perCity.size + 1);
    expect(answer.table.rows.find((row) => row[0] === null)).toEqual([
      null,
      null,
      airports.length - recorded.length,
    ]);
    expect(answer.table.rows.some((row) => row[0] === 'NA' || row[1] === 'NA')).toBe(false);
  });

  it('a state held to one value needs no qualifying; a count of states leaves NA out', async () => {
    const texas = await ask(w, 'airports', 'which cities in Texas have more than 5 airports');
    expect(texas.query.plan.dimensions.map((d) => d.column)).toEqual(['city']);
    const states = await ask(w, 'airports', 'how many states are there');
    expect(single(states)).toBe(new Set(recorded.map((r) => r.state)).size);
  });

  it('"which cities have more than 6 airports" names cities, not the group of no value', async () => {
    const answer = await ask(w, 'airports', 'which cities have more than 6 airports');
    const expected = [...perCity].filter(([, n]) => n > 6).map(([key]) => key);
    expect(answer.table.rows.map((row) => `${String(row[0])}|${String(row[1])}`).sort()).toEqual(
      expected.sort(),
    );
  });
});

describe('a yes/no comparison of two values answers yes or no with both figures', () => {
  const count = (state: string) => airports.filter((r) => r.state === state).length;

  it('"are there more airports in Texas than in California?" says yes, with both counts', async () => {
    const answer = await ask(w, 'airports', 'are there more airports in Texas than in California?');
    expect(Object.fromEntries(answer.table.rows.map((row) => [row[0], row[1]]))).toEqual({
      TX: count('TX'),
      CA: count('CA'),
    });
    expect(answer.summary).toMatch(count('TX') > count('CA') ? /^Yes\./ : /^No\./);
    const fewer = await ask(w, 'airports', 'does Alaska have fewer airports than Texas?');
    expect(fewer.summary).toMatch(count('AK') < count('TX') ? /^Yes\./ : /^No\./);
  });

  it('a third value, or a comparison with one value only, still refuses', async () => {
    const three = await analyze(
      w,
      'airports',
      'are there more airports in Texas than California and Alaska',
    );
    expect(three).toMatchObject({ ok: false, code: 'not_understood' });
    const others = await analyze(w, 'airports', 'which states have more airports than Texas');
    expect(others).toMatchObject({ ok: false, code: 'not_understood' });
  });
});
