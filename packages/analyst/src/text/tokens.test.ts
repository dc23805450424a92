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

  it('keeps the minus sign of a negative number, never a dash inside a date or word', () => {
    expect(['-5', '−66', '-2.5', '-$3'].map(parseNumber)).toEqual([-5, -66, -2.5, -3]);
    const read = (text: string) => tokenize(text).map((t) => t.number ?? t.text);
    expect(read('temp_min below -5')).toEqual(['temp', 'min', 'below', -5]);
    expect(read('under −66 (or -1.5)')).toEqual(['under', -66, 'or', -1.5]);
    expect(read('on 2013-07-01')).toEqual(['on', 2013, 7, 1]);
    expect(read('top-5 from 1995-2000')).toEqual(['top', 5, 'from', 1995, 2000]);
    expect(read('gross - 5')).toEqual(['gross', 5]);
    expect(tokenize('below -5')[1]).toMatchObject({ text: '-5', stem: '-5', number: -5 });
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
