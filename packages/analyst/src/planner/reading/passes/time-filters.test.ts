import { describePass } from '../../../test-support/reading-passes.js';
import { timeFilters } from './time-filters.js';

describePass(
  timeFilters,
  ['cars', 'disasters', 'electricity', 'stocks', 'weather'],
  [
    // A season is its months of every year; "fall" only after "in"/"the" (else a change); winter
    // with a year, and two seasons together, are not answered.
    [
      'weather',
      'average max temperature in summer',
      { filters: ['month of date is one of June, July, August'], placed: ['summer'] },
    ],
    [
      'weather',
      'total precipitation in the fall',
      { filters: ['month of date is one of September, October, November'], placed: ['fall'] },
    ],
    [
      'weather',
      'rainy days in winter 2014',
      {
        filters: ['year of date is 2014'],
        problem: 'needs_clarification',
        placed: ['winter', '2014'],
      },
    ],
    // A date written whole is that day (never the year with two numbers left over), a bound, or
    // with a second date one inclusive range.
    [
      'stocks',
      'price of IBM on 2005-01-01',
      {
        filters: ['date is at least 2005-01-01', 'date is below 2005-01-02'],
        placed: ['2005', '01', '01'],
      },
    ],
    [
      'stocks',
      'average price since 2008-01-01',
      { filters: ['date is at least 2008-01-01'], placed: ['since', '2008', '01', '01'] },
    ],
    [
      'weather',
      'rainy days between 2013-01-01 and 2013-01-31',
      {
        filters: ['date is at least 2013-01-01', 'date is below 2013-02-01'],
        placed: ['between', '2013', '01', '01', 'and', '2013', '01', '31'],
      },
    ],
    // Not a real day: left for the precision rule to name.
    ['weather', 'weather on 2014-02-30', { filters: ['year of date is 2014'], placed: ['2014'] }],
    // A range of months is one inclusive range, never two equalities.
    [
      'weather',
      'total precipitation from June to August 2014',
      {
        filters: ['date is at least 2014-06-01', 'date is below 2014-09-01'],
        placed: ['from', 'June', 'to', 'August', '2014'],
      },
    ],
    [
      'weather',
      'rainy days from November through February 2014',
      {
        filters: ['date is at least 2013-11-01', 'date is below 2014-03-01'],
        placed: ['from', 'November', 'through', 'February', '2014'],
      },
    ],
    [
      'stocks',
      'average price between March and May',
      {
        filters: ['month of date is at least March', 'month of date is at most May'],
        placed: ['between', 'March', 'and', 'May'],
      },
    ],
    // Two equalities on one column are one list, grouped by it.
    [
      'weather',
      'compare total precipitation in 2012 and 2015',
      {
        filters: ['year of date is one of 2012, 2015'],
        dimensions: ['date by year'],
        placed: ['in', '2012', '2015'],
      },
    ],
    [
      'stocks',
      'average price in Q1 and Q3',
      {
        filters: ['quarter of date is one of Q1, Q3'],
        dimensions: ['date by quarter_of_year'],
        placed: ['Q1', 'Q3'],
      },
    ],
    [
      'weather',
      'total precipitation in 2014',
      { filters: ['year of date is 2014'], placed: ['in', '2014'] },
    ],
    [
      'cars',
      'how many cars after 1980',
      { filters: ['year of Year is above 1980'], placed: ['after', '1980'] },
    ],
    [
      'cars',
      'how many cars before 1975',
      { filters: ['year of Year is below 1975'], placed: ['before', '1975'] },
    ],
    [
      'stocks',
      'average price between 2005 and 2008',
      {
        filters: ['year of date is at least 2005', 'year of date is at most 2008'],
        placed: ['between', '2005', 'and', '2008'],
      },
    ],
    // A year excluded: each one left out, never kept.
    [
      'weather',
      'avg max temp by year, excluding 2012',
      { filters: ['year of date is not 2012'], placed: ['excluding', '2012'] },
    ],
    [
      'disasters',
      'total deaths except 1920 and 1930',
      {
        filters: ['Year is not 1920', 'Year is not 1930'],
        placed: ['except', '1920', 'and', '1930'],
      },
    ],
    [
      'disasters',
      'total deaths in the 1920s',
      { filters: ['Year is at least 1920', 'Year is at most 1929'], placed: ['1920', 's'] },
    ],
    [
      'weather',
      'total precipitation in March 2013',
      {
        filters: ['date is at least 2013-03-01', 'date is below 2013-04-01'],
        placed: ['March', '2013'],
      },
    ],
    [
      'weather',
      'average wind in March',
      { filters: ['month of date is March'], placed: ['March'] },
    ],
    [
      'weather',
      'total precipitation on Mondays',
      { filters: ['day of week of date is Monday'], placed: ['Mondays'] },
    ],
    [
      'weather',
      'total precipitation in Q1',
      { filters: ['quarter of date is Q1'], placed: ['Q1'] },
    ],
    [
      'weather',
      'total precipitation in the last 3 months',
      { filters: ['date is at least 2015-10-01'], placed: ['last', '3', 'months'] },
    ],
    // A year column's last year anchors "the last 3 years".
    [
      'electricity',
      'total net generation in the last 3 years',
      { filters: ['year is at least 2015-01-01'], placed: ['last', '3', 'years'] },
    ],
    // A bound written after the year leaves it open, inclusive: "onwards", "and later", "or
    // earlier"; "on" only after "from" and at the end of a clause; two bounds the other way refuse.
    [
      'cars',
      'how many cars from 1980 onwards?',
      { filters: ['year of Year is at least 1980'], placed: ['from', '1980', 'onwards'] },
    ],
    [
      'cars',
      'how many cars 1980 and later',
      { filters: ['year of Year is at least 1980'], placed: ['1980', 'and', 'later'] },
    ],
    [
      'stocks',
      'average price of MSFT 2005 or after',
      { filters: ['year of date is at least 2005'], placed: ['2005', 'or', 'after'] },
    ],
    [
      'cars',
      'how many cars from 1980 on, by origin',
      { filters: ['year of Year is at least 1980'], placed: ['from', '1980', 'on'] },
    ],
    [
      'cars',
      'average mpg of cars made in 1975 or earlier',
      { filters: ['year of Year is at most 1975'], placed: ['in', '1975', 'or', 'earlier'] },
    ],
    [
      'cars',
      'how many cars 1975 and before',
      { filters: ['year of Year is at most 1975'], placed: ['1975', 'and', 'before'] },
    ],
    [
      'cars',
      'how many cars before 1976 and later',
      { problem: 'not_understood', placed: ['1976', 'and', 'later'] },
    ],
    [
      'weather',
      'total precipitation in 2014 on Mondays',
      {
        filters: ['year of date is 2014', 'day of week of date is Monday'],
        placed: ['in', '2014', 'Mondays'],
      },
    ],
    // A bound of the weight it fits, not a year: left to the numeric comparisons.
    ['cars', 'how many cars with weight between 2000 and 2500', {}],
    ['cars', 'average horsepower', {}],
  ],
);
