import { describe, expect, it } from 'vitest';
import { sum } from '../test-support/expected.js';
import { openPlannerFixtures, readQuotedRows } from '../test-support/planner-fixtures.js';
import { analyze, ask, single } from '../test-support/worksheets.js';

/**
 * Issue 23, phrasings found by the second blind set and our own probes: words inside names,
 * codes written as stored, directions, levels in time and the layer's words for places and
 * conditions. Numbers are computed from the source files without the analyst.
 */
const { w, gapminder, weather } = await openPlannerFixtures(
  ['airports', 'gapminder', 'weather', 'movies'],
  ['gapminder', 'weather'],
);
const airports = await readQuotedRows('airports');

describe('words inside names', () => {
  it('"with Municipal in their name" counts every name holding the word', async () => {
    const answer = await ask(w, 'airports', 'how many airports have Municipal in their name');
    const expected = airports.filter((r) => /municipal/i.test(String(r['name']))).length;
    expect(expected).toBeGreaterThan(100);
    expect(single(answer)).toBe(expected);
  });

  it('"international airports" asks: one airport is named International, many hold the word', async () => {
    const outcome = await analyze(w, 'airports', 'how many international airports are there');
    expect(outcome.ok ? 'answered' : outcome.code).toBe('needs_clarification');
  });
});

describe('places', () => {
  it('"ORD" is the IATA code as written, not the town of Ord', async () => {
    const answer = await ask(w, 'airports', 'what state is ORD in');
    const ord = airports.find((r) => r['iata'] === 'ORD')!;
    expect(answer.table.rows).toEqual([[ord['state'], 1]]);
  });

  it('"northernmost" is the highest latitude, "westernmost" the lowest longitude', async () => {
    const north = await ask(w, 'airports', 'what is the northernmost airport');
    const byLatitude = [...airports].sort((a, b) => Number(b['latitude']) - Number(a['latitude']));
    expect(north.table.rows[0]?.[0]).toBe(byLatitude[0]!['name']);
    const west = await ask(w, 'airports', 'westernmost airport');
    const byLongitude = [...airports].sort(
      (a, b) => Number(a['longitude']) - Number(b['longitude']),
    );
    expect(west.table.rows[0]?.[0]).toBe(byLongitude[0]!['name']);
  });

  it('"the USA" is United States by the Gapminder layer; "how many people" is the population', async () => {
    const answer = await ask(w, 'gapminder', 'how many people lived in the USA in 1990');
    const row = gapminder.find((r) => r['country'] === 'United States' && r['year'] === 1990)!;
    expect(single(answer)).toBe(row['pop']);
  });
});

describe('a level in time (the layer says population is one)', () => {
  it('is never added up across years: asked which year', async () => {
    for (const question of ['population of India', 'which country has the largest population']) {
      const outcome = await analyze(w, 'gapminder', question);
      expect(outcome.ok ? 'answered' : outcome.code, question).toBe('needs_clarification');
    }
  });

  it('adds up within one year, and by year', async () => {
    const answer = await ask(w, 'gapminder', 'total population in 2005');
    expect(single(answer)).toBe(
      sum(gapminder.filter((r) => r['year'] === 2005).map((r) => Number(r['pop']))),
    );
    const byYear = await ask(w, 'gapminder', 'population of India by year');
    expect(byYear.table.rows).toHaveLength(11);
  });
});

describe("the layer's named condition: freezing", () => {
  it('"days below freezing in 2013" are the days whose low was below 0', async () => {
    const answer = await ask(w, 'weather', 'how many days below freezing in 2013');
    const expected = weather.filter(
      (r) => String(r['date']).startsWith('2013') && Number(r['temp_min']) < 0,
    ).length;
    expect(single(answer)).toBe(expected);
  });
});
