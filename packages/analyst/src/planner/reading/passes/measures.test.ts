import { describePass } from '../../../test-support/reading-passes.js';
import { measures } from './measures.js';

describePass(
  measures,
  ['cars', 'flights', 'movies', 'weather', 'stocks', 'strikes'],
  [
    // The layer's words for a row (decision 149): counted as the rows themselves.
    [
      'strikes',
      'number of collisions',
      { asksForValue: true, measures: ['count(*) stated'], placed: ['number of', 'collisions'] },
    ],
    [
      'movies',
      'how many films',
      { asksForValue: true, measures: ['count(*) stated'], placed: ['how many', 'films'] },
    ],
    [
      'flights',
      'count of trips',
      { asksForValue: true, measures: ['count(*) stated'], placed: ['count of', 'trips'] },
    ],
    // A superlative after its measure takes it at its extreme; an adjective alone names its
    // measure (the twin for its direction); a bare one with nothing before it is refused.
    [
      'stocks',
      'when was the price of AAPL highest',
      {
        measures: ['max(price) stated'],
        asksForValue: true,
        superlatives: ['desc highest'],
        placed: ['price', 'highest'],
      },
    ],
    [
      'weather',
      'which day was the coldest',
      {
        measures: ['min(temp_min) stated'],
        asksForValue: true,
        superlatives: ['asc coldest'],
        placed: ['coldest'],
      },
    ],
    // A sum stays the total over groups.
    [
      'weather',
      'which month is the rainiest',
      {
        measures: ['sum(precipitation) stated'],
        asksForValue: true,
        superlatives: ['desc rainiest'],
        placed: ['rainiest'],
      },
    ],
    // A value that is also the layer's word for a measure, after "most": asked, never picked.
    [
      'weather',
      'which year had the most rain',
      {
        problem: 'needs_clarification',
        alternatives: ['"rain" as precipitation'],
        placed: ['most'],
      },
    ],
    [
      'stocks',
      'in which month was GOOG the highest',
      {
        asksForValue: true,
        superlatives: ['desc highest'],
        problem: 'not_understood',
        placed: ['highest'],
      },
    ],
    // A grain word naming what a row is ("daily" where a row is a day) between the aggregation
    // and its measure: the average of the rows.
    [
      'weather',
      'average daily maximum temperature',
      {
        measures: ['avg(temp_max) stated'],
        asksForValue: true,
        placed: ['average', 'maximum temperature'],
      },
    ],
    [
      'cars',
      'average horsepower',
      {
        measures: ['avg(Horsepower) stated'],
        asksForValue: true,
        placed: ['average', 'horsepower'],
      },
    ],
    [
      'cars',
      'total number of cars',
      { measures: ['count(*) stated'], asksForValue: true, placed: ['total', 'number of', 'cars'] },
    ],
    [
      'flights',
      'how many distinct origins',
      {
        measures: ['count_distinct(origin) stated'],
        asksForValue: true,
        placed: ['how many distinct', 'origins'],
      },
    ],
    [
      'movies',
      'highest average production budget',
      {
        measures: ['avg(Production Budget) stated'],
        asksForValue: true,
        superlatives: ['desc highest'],
        placed: ['highest', 'average', 'production budget'],
      },
    ],
    [
      'weather',
      'lowest temperature',
      {
        measures: ['min(temp_min) stated'],
        asksForValue: true,
        placed: ['lowest', 'temperature'],
        superlatives: ['asc lowest'],
      },
    ],
    [
      'weather',
      'highest temperature',
      {
        measures: ['max(temp_max) stated'],
        asksForValue: true,
        superlatives: ['desc highest'],
        placed: ['highest', 'temperature'],
      },
    ],
    [
      'cars',
      'percentage of cars by origin',
      { calculation: 'share_of_total', asksForValue: true, placed: ['percentage of', 'cars'] },
    ],
    [
      'movies',
      'which director has the most movies',
      {
        measures: ['count(*) stated'],
        asksForValue: true,
        superlatives: ['desc most'],
        placed: ['most', 'movies'],
      },
    ],
    [
      'cars',
      'what is the heaviest car',
      {
        measures: ['max(Weight_in_lbs) stated'],
        dimensions: ['Name'],
        ranking: 'desc 1',
        asksForValue: true,
        superlatives: ['desc heaviest'],
        placed: ['heaviest', 'car'],
      },
    ],
    // No column of the Cars worksheet measures speed: a problem, not a count of cars.
    [
      'cars',
      'fastest car',
      {
        asksForValue: true,
        problem: 'not_understood',
        superlatives: ['desc fastest'],
        placed: ['fastest'],
      },
    ],
    // No column is profit: a problem, not another measure.
    [
      'movies',
      'average profit by genre',
      { asksForValue: true, problem: 'not_understood', placed: ['average'] },
    ],
    [
      'cars',
      'sum of year',
      { measures: ['sum(Year) stated'], asksForValue: true, placed: ['sum of', 'year'] },
    ],
    [
      'cars',
      'how many cars with 3 name',
      { measures: ['count(*) stated'], asksForValue: true, placed: ['how many', 'cars'] },
    ],
    [
      'cars',
      'most common origin',
      {
        dimensions: ['Origin'],
        asksForValue: true,
        superlatives: ['desc most common'],
        placed: ['most common', 'origin'],
      },
    ],
    // A count of a discrete measure counts its distinct values.
    [
      'cars',
      'how many cylinders',
      {
        measures: ['count_distinct(Cylinders) stated'],
        asksForValue: true,
        placed: ['how many', 'cylinders'],
      },
    ],
    [
      'cars',
      'how many distinct cylinders',
      {
        measures: ['count_distinct(Cylinders) stated'],
        asksForValue: true,
        placed: ['how many distinct', 'cylinders'],
      },
    ],
  ],
);
