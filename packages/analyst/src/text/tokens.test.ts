import { describe, expect, it } from 'vitest';
import { nameWords, normalizeValue, parseNumber, phraseKey, stem, tokenize } from './tokens.js';

describe('tokens', () => {
  it('singularises words, leaving the ones that only look plural', () => {
    expect(
      ['flights', 'cities', 'boxes', 'movies', 'people', 'species', 'status', 'gas'].map(stem),
    ).toEqual(['flight', 'city', 'box', 'movie', 'person', 'species', 'status', 'gas']);
  });

  it('reads numbers as written: thousands, decimals, money, percentages', () => {
    expect(['1,000', '9.5', '$2.5', '20%', 'Q1', 'abc'].map(parseNumber)).toEqual([
      1000,
      9.5,
      2.5,
      20,
      undefined,
      undefined,
    ]);
  });

  it('splits a question into words and numbers, marking capitals', () => {
    const tokens = tokenize("Flights from ATL in 2013; DROP TABLE ws; -- it's");
    expect(tokens.map((t) => t.text)).toEqual([
      'Flights',
      'from',
      'ATL',
      'in',
      '2013',
      'DROP',
      'TABLE',
      'ws',
      'it',
      's',
    ]);
    expect(tokens[0]).toMatchObject({ stem: 'flight', upper: false });
    expect(tokens[2]).toMatchObject({ upper: true });
    expect(tokens[4]).toMatchObject({ number: 2013 });
  });

  it('splits column names on underscores, case changes and punctuation', () => {
    expect(nameWords('Miles_per_Gallon')).toEqual(['miles', 'per', 'gallon']);
    expect(nameWords('flipperLength')).toEqual(['flipper', 'length']);
    expect(nameWords('Rainfall (mm)')).toEqual(['rainfall', 'mm']);
    expect(nameWords('Cost Total $')).toEqual(['cost', 'total']);
    expect(phraseKey(['Running', 'Times'])).toBe('running time');
    expect(normalizeValue('  Fossil   Fuels ')).toBe('fossil fuels');
  });
});
