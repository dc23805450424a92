import { describe, expect, it } from 'vitest';
import { describePass } from '../../../test-support/reading-passes.js';
import { CHART_KIND_WORDS, COLUMN_NOUNS, FILLER_WORDS } from '../filler.js';
import { fillerWords } from './filler-words.js';

describePass(
  fillerWords,
  ['cars', 'movies', 'weather', 'stocks', 'penguins', 'strikes'],
  [
    // Conversation and chart words ask for nothing.
    ['cars', 'average horsepower by origin thanks', { placed: ['thanks'] }],
    ['stocks', 'okay, average price by symbol as a chart', { placed: ['okay', 'chart'] }],
    // ("bar chart" is now read by the shapes pass as the chart kind asked for.)
    ['penguins', 'pie chart of average body mass by island', { placed: ['chart'] }],
    // "What's" leaves an "s"; the data as a whole is no column.
    ['weather', "What's the total precipitation in the data?", { placed: ['s', 'data'] }],
    // A noun repeating the column before it; a placed column's word inflected.
    ['weather', 'average wind by weather kind', { placed: ['kind'] }],
    // ("released" beside Release Date is now the semantic layer's synonym, placed as the column.)
    ['movies', 'how many movies were released in 1998', {}],
    // That a row was made or taken, which every row was.
    ['cars', 'average mpg of cars built after 1979', { placed: ['built'] }],
    ['penguins', 'how many penguins were measured on each island', { placed: ['measured'] }],
    // What a row added up.
    ['strikes', 'which operator racked up the highest total cost', { placed: ['racked'] }],
    // ("called"/"named" before a value are placed with it by the value-filters pass.)
    ['movies', 'how many movies by a director called Steven Spielberg', {}],
    // What a row holds, said as its effect.
    ['strikes', 'what % of strikes caused substantial damage', { placed: ['caused'] }],
    // A name from the worksheet's own description says where to look.
    ['weather', 'how many days in Seattle had rain', { placed: ['Seattle'] }],
    // A kind of chart other than a plain chart is a request (the shapes pass reads it): not filler.
    ['cars', 'histogram of horsepower', {}],
    ['penguins', 'box plot of body mass by species', {}],
    ['weather', 'scatter of wind and precipitation', {}],
    // "breakdown" once a grouping is read (a category named alone groups); with none, it stays.
    ['strikes', 'breakdown of strikes by phase of flight', { placed: ['breakdown'] }],
    ['strikes', 'damage breakdown', { placed: ['breakdown'] }],
    ['strikes', 'average cost breakdown', {}],
    // Stressing a superlative.
    ['stocks', 'highest price ever', { placed: ['ever'] }],
    // Words with content stay for the unplaced-words pass.
    ['stocks', 'average price by symbol excluding weekends', {}],
    ['cars', 'line of best fit for mpg', {}],
  ],
);

describe('the filler list', () => {
  it('is closed: no word that could name a column, a value, a range or a chart kind', () => {
    for (const word of ['histogram', 'scatter', 'box', 'distribution', 'correlation', 'sorted'])
      expect(FILLER_WORDS.has(word)).toBe(false);
    for (const word of ['from', 'to', 'between', 'without', 'except', 'excluding', 'each'])
      expect(FILLER_WORDS.has(word)).toBe(false);
    expect([...CHART_KIND_WORDS].every((word) => !FILLER_WORDS.has(word))).toBe(true);
    expect(COLUMN_NOUNS.has('type')).toBe(true);
  });
});
