import { describePass } from '../../../test-support/reading-passes.js';
import { groupings } from './groupings.js';

describePass(
  groupings,
  ['cars', 'stocks', 'weather', 'flights', 'airports'],
  [
    // The rows' noun after "by", with a count word after it or a column of groups before "by",
    // ranks those groups by their rows, never groups by each row.
    [
      'airports',
      'top 5 states by airport count',
      { measures: ['count(*) stated'], placed: ['by', 'airport', 'count'] },
    ],
    [
      'airports',
      'cities by airports',
      { measures: ['count(*) stated'], placed: ['by', 'airports'] },
    ],
    ['cars', 'average horsepower by origin', { dimensions: ['Origin'], placed: ['by', 'origin'] }],
    // A grain word naming what a row is, between an aggregation and its measure, groups nothing;
    // one that does not ("monthly" over days) still groups.
    ['weather', 'average daily maximum temperature', { placed: ['daily'] }],
    [
      'weather',
      'average monthly precipitation',
      { dimensions: ['date by month'], placed: ['monthly'] },
    ],
    // A grain said with "over time" or "trend" is the grain of the series: a grain word of its
    // own groups once (never also by "over time"'s default grain), one inside a column's phrase or
    // saying what a value is gives "over time" its grain.
    [
      'weather',
      'monthly precipitation over time',
      { dimensions: ['date by month'], placed: ['monthly', 'over time'] },
    ],
    [
      'weather',
      'precipitation per week over time',
      { dimensions: ['date by week'], placed: ['per', 'week', 'over time'] },
    ],
    [
      'weather',
      'daily highs over time as a line',
      { dimensions: ['date by day'], placed: ['over time'] },
    ],
    [
      'weather',
      'average daily maximum temperature over time',
      { dimensions: ['date by day'], placed: ['daily', 'over time'] },
    ],
    // No grain said: "over time" groups by the date, its grain chosen by the plan.
    ['stocks', 'GOOG price over time', { dimensions: ['date'], placed: ['over time'] }],
    [
      'flights',
      'average delay per route',
      { dimensions: ['origin', 'destination'], placed: ['per', 'route'] },
    ],
    // A row word the semantic layer gives a category: "per stock" groups by the symbol.
    ['stocks', 'average price per stock', { dimensions: ['symbol'], placed: ['per', 'stock'] }],
    [
      'cars',
      'count of cars by origin and cylinders',
      { dimensions: ['Origin', 'Cylinders'], placed: ['by', 'origin', 'and', 'cylinders'] },
    ],
    [
      'weather',
      'monthly total precipitation',
      { dimensions: ['date by month'], placed: ['monthly'] },
    ],
    ['weather', 'average wind by week', { dimensions: ['date by week'], placed: ['by', 'week'] }],
    [
      'stocks',
      'average price by year and symbol',
      { dimensions: ['date by year', 'symbol'], placed: ['by', 'year', 'and', 'symbol'] },
    ],
    [
      'cars',
      'top 3 by horsepower for each car',
      { dimensions: ['Name'], placed: ['for each', 'car'] },
    ],
    // Other grouping cues of research corpora and BI tools.
    [
      'cars',
      'average horsepower across origins',
      { dimensions: ['Origin'], placed: ['across', 'origins'] },
    ],
    [
      'cars',
      'average mpg broken down by cylinders',
      { dimensions: ['Cylinders'], placed: ['broken down by', 'cylinders'] },
    ],
    [
      'cars',
      'average weight colored by origin',
      { dimensions: ['Origin'], placed: ['colored by', 'origin'] },
    ],
    [
      'cars',
      'average horsepower for different origins',
      { dimensions: ['Origin'], placed: ['for different', 'origins'] },
    ],
    // A continuous measure does not group.
    ['cars', 'average horsepower by weight', {}],
  ],
);
