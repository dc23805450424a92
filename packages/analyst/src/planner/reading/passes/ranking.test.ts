import { describePass } from '../../../test-support/reading-passes.js';
import { ranking } from './ranking.js';

describePass(
  ranking,
  ['cars', 'flights'],
  [
    [
      'flights',
      'top 5 origins by number of flights',
      { dimensions: ['origin'], ranking: 'desc 5', placed: ['top', '5', 'origins'] },
    ],
    [
      'cars',
      'bottom 1 origin by average mpg',
      { dimensions: ['Origin'], ranking: 'asc 1', placed: ['bottom', '1', 'origin'] },
    ],
    [
      'cars',
      'top 3 cars by horsepower',
      { dimensions: ['Name'], ranking: 'desc 3', placed: ['top', '3', 'cars'] },
    ],
    ['cars', 'top 3 by horsepower', { ranking: 'desc 3', placed: ['top', '3'] }],
    // "top" without a number is left to the measures pass.
    ['cars', 'top horsepower', {}],
  ],
);
