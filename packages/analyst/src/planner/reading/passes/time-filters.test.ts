import { describePass } from '../../../test-support/reading-passes.js';
import { timeFilters } from './time-filters.js';

describePass(
  timeFilters,
  ['cars', 'disasters', 'electricity', 'stocks', 'weather'],
  [
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
    // A bound of the weight it fits, not a year: left to the numeric comparisons.
    ['cars', 'how many cars with weight between 2000 and 2500', {}],
    ['cars', 'average horsepower', {}],
  ],
);
